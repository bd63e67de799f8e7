// Opening the database for a command: where it is, whether it may be created, migrated and loaded
// with the catalog (commands that write), or only read (commands that read, never writing to a
// file another user may own). The command line holds the handle and hands it back to the
// application layer; it never reaches into the store itself.
#pragma once

#include <functional>
#include <optional>
#include <stdexcept>
#include <string>

#include "schema/rules/rule_set.hpp"
#include "schema/store/sqlite.hpp"
#include "schema/system/locations.hpp"

namespace gpuprice::app {

// The database path names no place a database can be: a directory, or a file in a folder that
// does not exist. The command line's exit code 4, like a database SQLite refuses.
class DatabasePathError : public std::runtime_error {
    using std::runtime_error::runtime_error;
};

enum class IfMissing { Create, Refuse };

// For commands that write: opens (creating it, and the data home when it is the default) the
// database, applies pending migrations and reloads the catalog into it.
schema::Database open_database(const schema::DatabaseLocation& location,
                               const schema::RuleSet& rules, IfMissing if_missing);

// For commands that only read: opens the existing file read-only and never writes to it (no
// migration, no catalog load). Refuses a missing file or an out-of-date schema with what to do;
// `warn` is told when the stored verdicts were made with other catalog or rule files than `rules`.
schema::Database open_database_for_reading(const schema::DatabaseLocation& location,
                                           const schema::RuleSet& rules,
                                           const std::function<void(const std::string&)>& warn);

// When `e` is a failure of the database (a file SQLite refuses or cannot read, a schema this
// gpuprice cannot use, a path that names no database), what to print; nullopt otherwise. The
// command line ends those with its database exit code.
std::optional<std::string> database_failure(const std::exception& e);

// What `init` says of a database it made current.
struct DatabaseSummary {
    int schema_version = 0;
    int models = 0;
};
DatabaseSummary summarize(schema::Database& db);

}  // namespace gpuprice::app
