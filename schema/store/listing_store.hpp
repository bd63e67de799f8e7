// Writing fetched listings: one fetch run per row, listings upserted by eBay item id, and one
// price observation per listing per UTC night, so that a rerun on the same night adds nothing
// twice and history accumulates night by night.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "schema/domain/listing.hpp"
#include "schema/domain/market.hpp"
#include "schema/domain/night.hpp"
#include "schema/domain/run_status.hpp"
#include "schema/domain/skip_reason.hpp"
#include "schema/store/run_lock.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::schema {

// What one committed page did.
struct PageCounts {
    int seen = 0;
    int added = 0;    // listings not seen before
    int skipped = 0;  // sum of the skip reasons
};

// A run this process started; while it lives, the run's lock is held (see run_lock.hpp). Keep it
// by name and pass run.id(): it does not convert to an id, because `std::int64_t id =
// begin_run(...)` would compile and release the lock at once.
class [[nodiscard]] LiveRun {
  public:
    LiveRun(std::int64_t id, Night night, RunLock lock)
        : id_(id), night_(night), lock_(std::move(lock)) {}
    std::int64_t id() const { return id_; }
    Night night() const { return night_; }

  private:
    std::int64_t id_;
    Night night_;
    RunLock lock_;
};

// Starts a run and commits its row at once, so that a run killed later is visible as unfinished.
// The run's lock is taken before the row is committed, so no other process ever sees the row
// 'running' without a holder. Keep the LiveRun until the run's row is finished. `night` is the
// night the run observes (see night.hpp), decided by the caller before anything is fetched;
// `started_at` only says when, for people.
LiveRun begin_run(Database& db, RunSource source, const Market& market, Night night,
                  const std::string& started_at);

// What to do with a listing this run already stored: count it as a duplicate (search pages
// repeat items), take the newer details (an item group's variation supersedes its summary), or
// pass over it uncounted (an aspect search re-finds what its family's search stored and counted).
enum class Repeats { count_as_duplicate, update, ignore };

// Stores a run's pages, with its statements prepared once.
class PageStore {
  public:
    PageStore(Database& db, std::int64_t run_id, Night night, const Market& market);
    // One page in one transaction: the listings, their observations for the night, the skip
    // counts by reason, and the run's running totals. A page is all or nothing. A listing this
    // run already stored (eBay repeats ~9% across pages) is counted as a `duplicate` skip (by
    // default); memory stays flat however long the run.
    // `sent`: the query that returned the page (fetcher Query::sent_key), recorded for each
    // listing, repeats included (table listing_queries); empty records nothing.
    PageCounts store(const std::vector<Listing>& listings, const SkipCounts& skips,
                     Repeats repeats = Repeats::count_as_duplicate, const std::string& sent = {});

  private:
    void returned_by(std::int64_t listing_id, const std::string& sent);

    Database& db_;
    std::int64_t run_id_;
    std::string observed_on_;
    Market market_;
    Statement find_, insert_, update_, observe_, skip_, totals_, returned_by_;
};

void finish_run(Database& db, std::int64_t run_id, RunStatus status, const std::string& finished_at,
                int calls_used, const std::string& message);

// Runs left 'running' by a process that died (nobody holds their lock); marked failed so reports
// do not wait for them. A run a live process holds is never touched.
int close_abandoned_runs(Database& db, const std::string& now);

struct RunSummary {
    std::int64_t id = 0;
    std::string started_at;
    std::optional<std::string> finished_at;
    RunStatus status = RunStatus::running;
    int calls_used = 0;
    int listings_seen = 0;
    int listings_new = 0;
    int listings_skipped = 0;
    // As stored: the text of skip_reason_name, or a reason an older version wrote ("non-usd").
    std::map<std::string, int> skips;
    std::string message;
};
std::optional<RunSummary> load_run(Database& db, std::int64_t run_id);

}  // namespace gpuprice::schema
