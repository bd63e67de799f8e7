#include "fetcher/run_writer.hpp"

#include "schema/domain/clock.hpp"

namespace gpuprice::fetcher {

RunWriter::RunWriter(schema::Database& db, std::int64_t run_id, schema::Night night,
                     const schema::Market& market)
    : run_id_(run_id), store_(db, run_id, night, market) {}

schema::PageCounts RunWriter::write(const SearchPage& page, std::optional<std::int64_t> lost,
                                    schema::Repeats repeats, const std::string& sent) {
    auto skips = repeats == schema::Repeats::ignore ? schema::SkipCounts{} : page.skips;
    if (!lost) {
        skips[schema::SkipReason::truncated_page_unknown] += 1;
    } else if (*lost > 0) {
        skips[schema::SkipReason::truncated_page] += static_cast<int>(*lost);
    }
    const auto counts = store_.store(page.listings, skips, repeats, sent);
    ++totals_.pages;
    totals_.add(counts);
    return counts;
}

schema::PageCounts RunWriter::store_items(const std::vector<schema::Listing>& listings) {
    const auto counts = store_.store(listings, {});
    totals_.add(counts);
    return counts;
}

void mark_failed(schema::Database& db, std::int64_t run_id, const std::string& why) noexcept {
    try {
        schema::finish_run(db, run_id, schema::RunStatus::failed, schema::now_iso(), 0, why);
    } catch (...) {
    }
}

}  // namespace gpuprice::fetcher
