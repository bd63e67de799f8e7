#include "schema/store/migrations.hpp"

#include <string>

namespace gpuprice::schema {

namespace {

int pragma_int(Database& db, const char* pragma_statement) {
    auto stmt = db.prepare(pragma_statement);
    return stmt.step() ? stmt.int32(0) : 0;
}

bool is_empty(Database& db) {
    auto stmt = db.prepare("SELECT count(*) FROM sqlite_schema");
    return stmt.step() && stmt.int64(0) == 0;
}

}  // namespace

int schema_version(Database& db) {
    return pragma_int(db, "PRAGMA user_version");
}

int migrate(Database& db, const std::vector<Migration>& migrations) {
    const int newest = migrations.empty() ? 0 : migrations.back().version;
    const int app_id = pragma_int(db, "PRAGMA application_id");
    if (app_id != kApplicationId && !(app_id == 0 && is_empty(db))) {
        throw IncompatibleDatabase(db.path() + " is not a gpuprice database (application_id " +
                                   std::to_string(app_id) + "); refusing to modify it");
    }
    const int current = schema_version(db);
    if (current > newest) {
        throw IncompatibleDatabase(db.path() + " has schema version " + std::to_string(current) +
                                   ", newer than this gpuprice knows (" + std::to_string(newest) +
                                   "); upgrade gpuprice, the file was not touched");
    }
    // Only now, with the file known to be ours (or new) and not from a newer gpuprice, is its
    // journal mode changed: a refused file is left exactly as it was.
    db.use_wal();
    for (const auto& migration : migrations) {
        if (migration.version <= current) continue;
        Transaction tx(db, TransactionKind::Immediate);
        try {
            db.exec(migration.sql);
        } catch (const SqliteError& e) {
            throw SqliteError(e.code(), "migration " + migration.name + " failed: " + e.what());
        }
        // PRAGMAs take no bound parameters; the values are integers we control.
        db.exec("PRAGMA user_version = " + std::to_string(migration.version));  // sql-ok: integer
        db.exec("PRAGMA application_id = " + std::to_string(kApplicationId));   // sql-ok: integer
        tx.commit();
    }
    return schema_version(db);
}

}  // namespace gpuprice::schema
