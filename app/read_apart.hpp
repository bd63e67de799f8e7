// Reads that need nothing the caller reads: on a connection of their own, in a thread, beside
// the caller's (a report reads its listings, its evidence and its earlier reports at once on two
// cores). Each connection is used by one thread only, as SQLite's no-mutex mode requires.
#pragma once

#include <functional>
#include <future>
#include <optional>
#include <string>

#include "schema/store/sqlite.hpp"

namespace gpuprice::app {

template <class T>
class ReadApart {
  public:
    using Work = std::function<T(schema::Database&)>;

    // Starts `work` on a read-only connection to db's file, unless what db's connection sees
    // would differ from it: an in-memory file, or an open transaction's unseen writes. Then, or
    // when the file cannot be opened again, get() runs it on db.
    ReadApart(schema::Database& db, Work work) : db_(db), work_(std::move(work)) {
        if (db.path().empty() || db.path() == ":memory:" || db.in_transaction()) return;
        apart_ =
            std::async(std::launch::async, [path = db.path(), work = work_]() -> std::optional<T> {
                std::optional<schema::Database> own;
                try {
                    own.emplace(path, schema::OpenMode::ReadOnly);
                } catch (const schema::SqliteError&) {
                    return std::nullopt;
                }
                return work(*own);
            });
    }
    ReadApart(const ReadApart&) = delete;
    ReadApart& operator=(const ReadApart&) = delete;
    // The future's destructor waits for the thread: nothing it refers to is gone before it ends.
    ~ReadApart() = default;

    // The result (once): an exception of the work is thrown here.
    T get() {
        if (apart_.valid()) {
            if (auto result = apart_.get()) return std::move(*result);
        }
        return work_(db_);
    }

  private:
    schema::Database& db_;
    Work work_;
    std::future<std::optional<T>> apart_;
};

}  // namespace gpuprice::app
