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

namespace {

// The file's identity and version; throws if it is someone else's or newer than we know.
int checked_version(Database& db, int newest) {
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
    return current;
}

int newest_version(const std::vector<Migration>& migrations) {
    return migrations.empty() ? 0 : migrations.back().version;
}

}  // namespace

int migrate(Database& db, const std::vector<Migration>& migrations) {
    // A repeated number (two helpers adding "the next" migration) would leave a file migrated
    // with one of them never getting the other: refused before anything is read or written.
    for (std::size_t i = 1; i < migrations.size(); ++i) {
        if (migrations[i].version <= migrations[i - 1].version) {
            throw std::logic_error(migrations[i].name + " repeats migration number " +
                                   std::to_string(migrations[i].version) + " (or goes back)");
        }
    }
    const int newest = newest_version(migrations);
    int current = 0;
    {
        // Both values from one snapshot, never from either side of another process's commit.
        Transaction snapshot(db, TransactionKind::Deferred);
        current = checked_version(db, newest);
    }
    // Only now, with the file known to be ours (or new) and not from a newer gpuprice, is its
    // journal mode changed: a refused file is left exactly as it was.
    db.use_wal();
    // Versions only grow, so a file already current needs no write lock (the common case).
    if (current == newest && newest > 0) return newest;
    Transaction tx(db, TransactionKind::Immediate);
    // Read again under the write lock: another process may have migrated in the meantime.
    current = checked_version(db, newest);
    for (const auto& migration : migrations) {
        if (migration.version <= current) continue;
        try {
            db.exec(migration.sql);
        } catch (const SqliteError& e) {
            throw SqliteError(e.code(), "migration " + migration.name + " failed: " + e.what());
        }
    }
    if (current < newest) {
        // PRAGMAs take no bound parameters; the values are integers we control.
        db.exec("PRAGMA user_version = " + std::to_string(newest));            // sql-ok: integer
        db.exec("PRAGMA application_id = " + std::to_string(kApplicationId));  // sql-ok: integer
    }
    tx.commit();
    return schema_version(db);
}

void require_current_schema(Database& db, const std::vector<Migration>& migrations) {
    const int newest = newest_version(migrations);
    int current = 0;
    bool empty = false;
    try {
        Transaction snapshot(db, TransactionKind::Deferred);  // both values from one snapshot
        current = checked_version(db, newest);
        empty = current == 0 && is_empty(db);
    } catch (const SqliteError& e) {
        // A WAL database opened read-only needs its -shm file; a folder we cannot write to
        // keeps SQLite from creating it. gpuprice's writers keep it (PERSIST_WAL).
        if ((e.code() & 0xff) == SQLITE_READONLY || (e.code() & 0xff) == SQLITE_CANTOPEN) {
            throw SqliteError(e.code(), "cannot read " + db.path() + " read-only: SQLite needs " +
                                            db.path() +
                                            "-shm beside it and cannot create it there; run "
                                            "'gpuprice init' once as the file's owner (it keeps "
                                            "that file), or copy the database somewhere writable");
        }
        throw;
    }
    if (empty) {
        // A new file (a fetch may be creating it right now), not an old one: "older" would
        // send the user to 'gpuprice init' for nothing.
        throw IncompatibleDatabase(db.path() +
                                   " holds no gpuprice data yet (an empty database file); "
                                   "fill it with 'gpuprice fetch', or wait for the fetch that "
                                   "is creating it to get going");
    }
    if (current < newest) {
        throw IncompatibleDatabase(db.path() + " has schema version " + std::to_string(current) +
                                   ", older than this gpuprice's " + std::to_string(newest) +
                                   "; a command that only reads does not upgrade it: run "
                                   "'gpuprice init' as a user who can write it");
    }
}

}  // namespace gpuprice::schema
