#include "app/database.hpp"

#include <filesystem>

#include "schema/store/catalog_store.hpp"
#include "schema/store/match_store.hpp"
#include "schema/store/migrations.hpp"

namespace gpuprice::app {

namespace {

// What is wrong with the place `path` names before SQLite says "unable to open database file":
// a directory given as the file, a folder that does not exist or is a file. Empty when nothing.
std::string path_problem(const std::string& path) {
    std::error_code error;
    if (std::filesystem::is_directory(path, error)) {
        return path + " is a directory, not a database file (give a file in it, e.g. " +
               (std::filesystem::path(path) / "gpuprice.db").string() + ")";
    }
    const auto folder = schema::folder_of(path);
    if (!std::filesystem::exists(folder, error)) return "the folder " + folder + " does not exist";
    if (!std::filesystem::is_directory(folder, error)) return folder + " is not a folder";
    return {};
}

void refuse_missing(const schema::DatabaseLocation& location) {
    const auto& path = location.path;
    std::error_code error;
    // A fresh machine has no default data folder yet: that is a first run, not a wrong path.
    const bool first_run =
        location.is_default && !std::filesystem::exists(schema::folder_of(path), error);
    if (const auto problem = path_problem(path); !problem.empty() && !first_run) {
        if (std::filesystem::is_directory(path, error)) throw DatabasePathError(problem);
        throw std::runtime_error("no database at " + path + ": " + problem +
                                 "; point to the database with --db FILE or GPUPRICE_DB");
    }
    if (std::filesystem::exists(path, error)) return;
    throw std::runtime_error(
        "no database at " + path +
        "; run 'gpuprice fetch' (or 'gpuprice fetch --sample') first, or point to another with "
        "--db FILE or GPUPRICE_DB");
}

}  // namespace

schema::Database open_database(const schema::DatabaseLocation& location,
                               const schema::RuleSet& rules, IfMissing if_missing) {
    if (if_missing == IfMissing::Refuse) refuse_missing(location);
    const std::filesystem::path folder = std::filesystem::path(location.path).parent_path();
    if (location.is_default && !folder.empty() && !std::filesystem::exists(folder)) {
        std::error_code error;
        std::filesystem::create_directories(folder, error);
        // XDG: a base directory gpuprice creates is for its user alone.
        if (!error) {
            std::filesystem::permissions(folder, std::filesystem::perms::owner_all,
                                         std::filesystem::perm_options::replace, error);
        }
        if (error) {
            throw std::runtime_error("cannot create " + folder.string() + ": " + error.message() +
                                     " (or pass --db FILE, or set GPUPRICE_DB)");
        }
    }
    if (const auto problem = path_problem(location.path); !problem.empty()) {
        throw DatabasePathError("cannot create or open the database " + location.path + ": " +
                                problem);
    }
    schema::Database db(location.path);
    if (db.is_read_only()) {
        throw schema::SqliteError(SQLITE_READONLY,
                                  "gpuprice needs write access to " + location.path +
                                      " (and its folder) for this command; report, recommend, "
                                      "history and unmatched only read it");
    }
    schema::migrate(db);
    schema::store_catalog(db, rules.catalog);
    return db;
}

schema::Database open_database_for_reading(const schema::DatabaseLocation& location,
                                           const schema::RuleSet& rules,
                                           const std::function<void(const std::string&)>& warn) {
    const auto& path = location.path;
    refuse_missing(location);
    schema::Database db(path, schema::OpenMode::ReadOnly);
    schema::require_current_schema(db);
    // Verdicts made with other rules would put listings under the wrong model (or none).
    if (const auto made_with = schema::verdict_rules_digest(db);
        made_with != rules.digest && schema::has_verdicts(db)) {
        warn("the listings in " + path + " were matched with " +
             (made_with ? "other catalog or rule files than" : "catalog files older than") +
             " this gpuprice's (" + rules.dir +
             "); run 'gpuprice match --rematch' (needs write access) to match them again");
    }
    return db;
}

std::optional<std::string> database_failure(const std::exception& e) {
    if (dynamic_cast<const DatabasePathError*>(&e) ||
        dynamic_cast<const schema::IncompatibleDatabase*>(&e)) {
        return e.what();
    }
    if (dynamic_cast<const schema::SqliteError*>(&e))
        return std::string("database error: ") + e.what();
    return std::nullopt;
}

DatabaseSummary summarize(schema::Database& db) {
    return {schema::schema_version(db), schema::stored_model_count(db)};
}

}  // namespace gpuprice::app
