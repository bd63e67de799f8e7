// RAII wrappers over the SQLite C API: the only place in gpuprice that touches sqlite3* or
// sqlite3_stmt* directly. Every statement is prepared and takes bound parameters.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gpuprice::schema {

// A failed SQLite call, with the library's own message and the statement or file it concerned.
class SqliteError : public std::runtime_error {
  public:
    SqliteError(int code, const std::string& what) : std::runtime_error(what), code_(code) {}
    int code() const { return code_; }

  private:
    int code_;
};

class Statement;

enum class OpenMode { ReadWrite, ReadOnly };

class Database {
  public:
    // Opens (creating if ReadWrite) the file and sets foreign keys and a busy timeout. The
    // journal mode is left alone until the file is known to be gpuprice's (see use_wal).
    explicit Database(const std::string& path, OpenMode mode = OpenMode::ReadWrite);

    // Switches the file to WAL (a change to the file's header): only for our own files.
    void use_wal();

    Statement prepare(std::string_view sql);
    // Runs one or more statements that take no parameters (migrations, pragmas).
    void exec(std::string_view sql);
    sqlite3_int64 last_insert_rowid() const;
    int changes() const;
    const std::string& path() const { return path_; }
    // True when SQLite could only open the file for reading (its mode, or its folder's).
    bool is_read_only() const;
    // True inside a transaction: what it wrote is not seen by another connection yet.
    bool in_transaction() const;
    sqlite3* handle() const { return db_.get(); }

    // Throws SqliteError naming `context` unless rc is one of the success codes.
    void check(int rc, std::string_view context) const;

  private:
    struct Closer {
        void operator()(sqlite3* db) const { sqlite3_close_v2(db); }
    };
    std::unique_ptr<sqlite3, Closer> db_;
    std::string path_;
};

// A prepared statement. bind() indices start at 1, column() indices at 0, as in SQLite.
class Statement {
  public:
    Statement(const Database& db, std::string_view sql);

    Statement& bind(int index, std::int64_t value);
    Statement& bind(int index, int value) { return bind(index, static_cast<std::int64_t>(value)); }
    Statement& bind(int index, double value);
    Statement& bind(int index, std::string_view value);
    Statement& bind(int index, const char* value) { return bind(index, std::string_view(value)); }
    Statement& bind(int index, const std::string& value) {
        return bind(index, std::string_view(value));
    }
    Statement& bind_null(int index);
    // Binds text without copying it: for hot loops only, where the caller keeps `value` alive
    // until the statement has been stepped and reset.
    Statement& bind_unowned(int index, std::string_view value);
    template <typename T>
    Statement& bind(int index, const std::optional<T>& value) {
        return value ? bind(index, *value) : bind_null(index);
    }
    // Binds `values` to ?1, ?2, ... in their order.
    template <typename... T>
    Statement& bind_all(const T&... values) {
        int index = 0;
        (bind(++index, values), ...);
        return *this;
    }

    // Named parameters (":title" in the SQL, the name given with its colon): a record's fields
    // are bound by name in one place whatever their positions in each statement. A name the
    // statement does not have is an error naming it and the statement. Names are C strings (the
    // literals they are): SQLite wants one, and a copy per bound row would cost more than the
    // lookup.
    // The parameter's index, 0 when the statement has no parameter of that name.
    int find_parameter(const char* name) const;
    // The parameter's index; throws when the statement has no parameter of that name.
    int parameter_index(const char* name) const;
    template <typename T>
    Statement& bind(const char* name, const T& value) {
        return bind(parameter_index(name), value);
    }
    Statement& bind_unowned(const char* name, std::string_view value) {
        return bind_unowned(parameter_index(name), value);
    }

    // Advances one row; false when done.
    bool step();
    // Runs a statement that returns no rows, then resets it.
    void run();
    // Makes the statement ready to run again and clears its bindings (text bound by
    // bind_unowned must not outlive its buffer): every caller binds every parameter each time.
    void reset();

    bool is_null(int column) const;
    std::int64_t int64(int column) const;
    int int32(int column) const { return static_cast<int>(int64(column)); }
    double real(int column) const;
    std::string text(int column) const;
    // The text without a copy, valid until the statement is stepped, reset or finalized.
    std::string_view text_view(int column) const;
    std::optional<std::int64_t> optional_int64(int column) const;
    std::optional<double> optional_real(int column) const;
    std::optional<std::string> optional_text(int column) const;

  private:
    struct Finalizer {
        void operator()(sqlite3_stmt* stmt) const { sqlite3_finalize(stmt); }
    };
    void check(int rc, std::string_view context) const;
    // The connection itself, not the Database wrapper: a Database may be moved (returned from
    // a function) while its statements live on, and the connection does not move.
    sqlite3* db_;
    std::string path_;  // for messages
    std::unique_ptr<sqlite3_stmt, Finalizer> stmt_;
    // The names asked, by the address of the literal asked with, with their index (0: the
    // statement lacks it): SQLite finds a name, or its absence, by comparing it with each of the
    // statement's in turn, and the page store asks some thirty names per listing, a third of them
    // absent from the statement at hand (5% of a fresh night's ingest). The text is kept to
    // tell a reused buffer from the literal.
    struct Asked {
        const char* address;
        std::string name;
        int index;
    };
    mutable std::vector<Asked> asked_;
};

enum class TransactionKind { Deferred, Immediate };

// Rolls back in its destructor unless commit() was called.
class Transaction {
  public:
    explicit Transaction(Database& db, TransactionKind kind = TransactionKind::Immediate);
    ~Transaction();
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    void commit();

  private:
    Database& db_;
    bool done_ = false;
};

}  // namespace gpuprice::schema
