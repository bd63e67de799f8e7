#include "schema/store/sqlite.hpp"

#include <chrono>
#include <cstring>
#include <thread>

namespace gpuprice::schema {

namespace {

constexpr int kBusyTimeoutMs = 10000;

// For I/O failures, the operating system's reason ("File too large", "No space left on
// device") says more than SQLite's "disk I/O error".
std::string system_reason(sqlite3* db, int rc) {
    const int primary = rc & 0xff;
    if (primary != SQLITE_IOERR && primary != SQLITE_FULL && primary != SQLITE_CANTOPEN) return "";
    const int error = sqlite3_system_errno(db);
    if (error) return std::string(": ") + std::strerror(error);
    // A short write leaves no errno; it is a full disk or a file-size limit.
    if (rc == SQLITE_IOERR_WRITE || primary == SQLITE_FULL) {
        return ": a write was cut short (is the disk full, or a file-size limit reached?)";
    }
    return "";
}

void check_result(sqlite3* db, int rc, std::string_view context, const std::string& path);

}  // namespace

Database::Database(const std::string& path, OpenMode mode) : path_(path) {
    sqlite3* raw = nullptr;
    const int flags = mode == OpenMode::ReadWrite ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
                                                  : SQLITE_OPEN_READONLY;
    const int rc = sqlite3_open_v2(path.c_str(), &raw, flags | SQLITE_OPEN_NOMUTEX, nullptr);
    db_.reset(raw);
    if (rc != SQLITE_OK) {
        const std::string message = raw ? sqlite3_errmsg(raw) : sqlite3_errstr(rc);
        throw SqliteError(rc, "cannot open database " + path + ": " + message);
    }
    sqlite3_extended_result_codes(raw, 1);
    check(sqlite3_busy_timeout(raw, kBusyTimeoutMs), "setting busy timeout");
    exec("PRAGMA foreign_keys = ON");
}

void Database::use_wal() {
    // WAL lets `report` read while a nightly `fetch` writes; NORMAL is durable in WAL mode
    // against process crashes, which is the failure we guard (kill -9, full disk).
    //
    // On a fresh file, two connections still in rollback mode can deadlock on this switch (each
    // holds a shared lock and wants to write the header); SQLite then answers SQLITE_BUSY at
    // once, without the busy handler. One backs off, the other finishes, and the retry finds WAL
    // already on.
    const auto deadline =
        std::chrono::steady_clock::now() + std::chrono::milliseconds(kBusyTimeoutMs);
    for (;;) {
        try {
            exec("PRAGMA journal_mode = WAL");
            break;
        } catch (const SqliteError& e) {
            if ((e.code() & 0xff) != SQLITE_BUSY || std::chrono::steady_clock::now() > deadline) {
                throw;
            }
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    exec("PRAGMA synchronous = NORMAL");
    // Keep the -wal (emptied) and -shm files when the last writer closes: a user who may only
    // read the file and its folder can then still open it read-only.
    int persist = 1;
    check(sqlite3_file_control(db_.get(), "main", SQLITE_FCNTL_PERSIST_WAL, &persist),
          "keeping the WAL file");
    exec("PRAGMA journal_size_limit = 0");
}

namespace {

void check_result(sqlite3* db, int rc, std::string_view context, const std::string& path) {
    if (rc == SQLITE_OK || rc == SQLITE_ROW || rc == SQLITE_DONE) return;
    throw SqliteError(rc, std::string(context) + ": " + sqlite3_errmsg(db) + system_reason(db, rc) +
                              " (" + path + ")");
}

}  // namespace

void Database::check(int rc, std::string_view context) const {
    check_result(db_.get(), rc, context, path_);
}

void Statement::check(int rc, std::string_view context) const {
    check_result(db_, rc, context, path_);
}

Statement Database::prepare(std::string_view sql) {
    return Statement(*this, sql);
}

void Database::exec(std::string_view sql) {
    char* error = nullptr;
    const std::string text(sql);
    const int rc = sqlite3_exec(db_.get(), text.c_str(), nullptr, nullptr, &error);
    if (rc != SQLITE_OK) {
        std::string message = error ? error : sqlite3_errstr(rc);
        sqlite3_free(error);
        throw SqliteError(rc, message + system_reason(db_.get(), rc) + " (" + path_ +
                                  ", running \"" + text.substr(0, 40) + "\")");
    }
}

bool Database::is_read_only() const {
    return sqlite3_db_readonly(db_.get(), "main") == 1;
}

bool Database::in_transaction() const {
    return sqlite3_get_autocommit(db_.get()) == 0;
}

sqlite3_int64 Database::last_insert_rowid() const {
    return sqlite3_last_insert_rowid(db_.get());
}

int Database::changes() const {
    return sqlite3_changes(db_.get());
}

Statement::Statement(const Database& db, std::string_view sql)
    : db_(db.handle()), path_(db.path()) {
    sqlite3_stmt* raw = nullptr;
    const int rc = sqlite3_prepare_v2(db_, sql.data(), static_cast<int>(sql.size()), &raw, nullptr);
    stmt_.reset(raw);
    check(rc, "preparing \"" + std::string(sql.substr(0, 60)) + "\"");
}

Statement& Statement::bind(int index, std::int64_t value) {
    check(sqlite3_bind_int64(stmt_.get(), index, value), "binding integer");
    return *this;
}

Statement& Statement::bind(int index, double value) {
    check(sqlite3_bind_double(stmt_.get(), index, value), "binding real");
    return *this;
}

Statement& Statement::bind(int index, std::string_view value) {
    check(sqlite3_bind_text64(stmt_.get(), index, value.data(), value.size(), SQLITE_TRANSIENT,
                              SQLITE_UTF8),
          "binding text");
    return *this;
}

Statement& Statement::bind_unowned(int index, std::string_view value) {
    check(sqlite3_bind_text64(stmt_.get(), index, value.data(), value.size(), SQLITE_STATIC,
                              SQLITE_UTF8),
          "binding text");
    return *this;
}

Statement& Statement::bind_null(int index) {
    check(sqlite3_bind_null(stmt_.get(), index), "binding null");
    return *this;
}

int Statement::find_parameter(const char* name) const {
    for (const auto& asked : asked_) {
        if (asked.address == name && asked.name == name) return asked.index;
    }
    const int index = sqlite3_bind_parameter_index(stmt_.get(), name);
    asked_.push_back({name, name, index});
    return index;
}

int Statement::parameter_index(const char* name) const {
    const int index = find_parameter(name);
    if (index == 0) {
        // Not an SQLite failure code: SQLITE_RANGE is what binding a missing index would give.
        throw SqliteError(SQLITE_RANGE, "binding parameter '" + std::string(name) +
                                            "': the statement \"" +
                                            std::string(sqlite3_sql(stmt_.get())).substr(0, 60) +
                                            "\" has no such parameter (" + path_ + ")");
    }
    return index;
}

bool Statement::step() {
    const int rc = sqlite3_step(stmt_.get());
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    check(rc,
          std::string("running \"") + std::string(sqlite3_sql(stmt_.get())).substr(0, 60) + "\"");
    return false;
}

void Statement::run() {
    while (step()) {
    }
    reset();
}

void Statement::reset() {
    sqlite3_reset(stmt_.get());
    // Text bound without a copy must not stay bound after its buffer may be gone.
    sqlite3_clear_bindings(stmt_.get());
}

bool Statement::is_null(int column) const {
    return sqlite3_column_type(stmt_.get(), column) == SQLITE_NULL;
}

std::int64_t Statement::int64(int column) const {
    return sqlite3_column_int64(stmt_.get(), column);
}

double Statement::real(int column) const {
    return sqlite3_column_double(stmt_.get(), column);
}

std::string Statement::text(int column) const {
    const auto* data = sqlite3_column_text(stmt_.get(), column);
    const int size = sqlite3_column_bytes(stmt_.get(), column);
    return data ? std::string(reinterpret_cast<const char*>(data), static_cast<size_t>(size))
                : std::string();
}

std::string_view Statement::text_view(int column) const {
    const auto* data = sqlite3_column_text(stmt_.get(), column);
    const int size = sqlite3_column_bytes(stmt_.get(), column);
    return data ? std::string_view(reinterpret_cast<const char*>(data), static_cast<size_t>(size))
                : std::string_view();
}

std::optional<std::int64_t> Statement::optional_int64(int column) const {
    if (is_null(column)) return std::nullopt;
    return int64(column);
}

std::optional<double> Statement::optional_real(int column) const {
    if (is_null(column)) return std::nullopt;
    return real(column);
}

std::optional<std::string> Statement::optional_text(int column) const {
    if (is_null(column)) return std::nullopt;
    return text(column);
}

Transaction::Transaction(Database& db, TransactionKind kind) : db_(db) {
    db_.exec(kind == TransactionKind::Immediate ? "BEGIN IMMEDIATE" : "BEGIN");
}

Transaction::~Transaction() {
    if (!done_) {
        try {
            db_.exec("ROLLBACK");
        } catch (...) {
            // The transaction may already be gone (SQLite rolls back on some errors itself).
        }
    }
}

void Transaction::commit() {
    db_.exec("COMMIT");
    done_ = true;
}

}  // namespace gpuprice::schema
