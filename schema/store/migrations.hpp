// Schema migrations: numbered SQL files under schema/store/migrations/, embedded at build time and
// applied in order, tracked by PRAGMA user_version.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "schema/store/sqlite.hpp"

namespace gpuprice::schema {

struct Migration {
    int version;
    std::string name;
    std::string sql;
};

// Marks a file as gpuprice's ("GPUP"), so we never migrate someone else's database.
inline constexpr int kApplicationId = 0x47505550;

// The file was written by a newer gpuprice, or is not a gpuprice database; it is left untouched.
class IncompatibleDatabase : public std::runtime_error {
    using std::runtime_error::runtime_error;
};

const std::vector<Migration>& embedded_migrations();

// Applies every migration newer than the file's user_version, all in one IMMEDIATE transaction
// together with the version bump. The version is read again under that write lock, so two
// processes opening a fresh or older file at once both succeed: the second finds the work done.
// Returns the resulting version.
int migrate(Database& db, const std::vector<Migration>& migrations = embedded_migrations());

// For a file opened read-only: throws IncompatibleDatabase unless it is a gpuprice database at
// exactly the newest schema version (an older one needs `gpuprice init` by a user who can write
// it; nothing here writes).
void require_current_schema(Database& db,
                            const std::vector<Migration>& migrations = embedded_migrations());

int schema_version(Database& db);

}  // namespace gpuprice::schema
