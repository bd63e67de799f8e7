// Commits parsed pages of one fetch run, each page in its own transaction, and keeps the run's
// totals.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fetcher/browse_parser.hpp"
#include "schema/domain/night.hpp"
#include "schema/store/listing_store.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::fetcher {

struct RunTotals {
    int pages = 0;
    int seen = 0;
    int added = 0;
    int skipped = 0;

    void add(const schema::PageCounts& counts) {
        seen += counts.seen;
        added += counts.added;
        skipped += counts.skipped;
    }
};

class RunWriter {
  public:
    RunWriter(schema::Database& db, std::int64_t run_id, schema::Night night,
              const schema::Market& market);
    // Stores the page's usable listings and its skip counts, with the items a page that ends
    // early lost (items_lost) counted as truncated-page skips, or one truncated-page-unknown
    // skip when `lost` is nullopt (cut, and nothing says how many it lost); returns what this
    // page added. With Repeats::ignore (an aspect search: its items are a subset of its family
    // search's, which counted them) the page's own skips are not counted again either.
    // `sent`: the query that returned the page (Query::sent_key), recorded for its listings.
    schema::PageCounts write(const SearchPage& page, std::optional<std::int64_t> lost,
                             schema::Repeats repeats = schema::Repeats::count_as_duplicate,
                             const std::string& sent = {});
    // Stores listings seen tonight outside any page (the withheld check's getItem answers), in
    // one transaction: counted as seen, not as a page, with no query recorded for them.
    schema::PageCounts store_items(const std::vector<schema::Listing>& listings);
    const RunTotals& totals() const { return totals_; }
    std::int64_t run_id() const { return run_id_; }

  private:
    std::int64_t run_id_;
    schema::PageStore store_;
    RunTotals totals_;
};

// Marks a run failed after an error. If even that write fails (the disk is full), the run stays
// 'running' and the next fetch closes it; the pages committed before stay either way.
void mark_failed(schema::Database& db, std::int64_t run_id, const std::string& why) noexcept;

}  // namespace gpuprice::fetcher
