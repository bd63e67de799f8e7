// Which stored listings a night matches (schema::WhichListings::VerdictDue): those new since the
// verdicts were last brought up to date and those whose title changed since their verdict, not
// every listing seen again (a year of the real market sees 82,000 again every night).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "schema/store/listing_store.hpp"
#include "schema/store/match_store.hpp"
#include "schema/store/migrations.hpp"
#include "tests/test_context.hpp"
#include "tests/test_market.hpp"

namespace test_verdicts_due {

using namespace gpuprice;

namespace {

// One finished run on `night` seeing `titles` (item id -> title); returns its id.
std::int64_t store_night(schema::Database& db, const std::string& night,
                         const std::vector<std::pair<std::string, std::string>>& titles) {
    const auto started = night + "T03:00:00Z";
    const auto run = schema::begin_run(db, schema::RunSource::ebay, test::us_market(),
                                       schema::Night::from_text(night), started);
    std::vector<schema::Listing> page;
    for (const auto& [item_id, title] : titles) {
        schema::Listing l;
        l.item_id = item_id;
        l.title = title;
        l.condition_id = 3000;
        l.price_cents = 80000;
        l.currency = "USD";
        l.buying_options = "FIXED_PRICE";
        page.push_back(l);
    }
    schema::PageStore(db, run.id(), run.night(), test::us_market()).store(page, {});
    schema::finish_run(db, run.id(), schema::RunStatus::ok, started, 1, "");
    return run.id();
}

// The titles VerdictDue hands the matcher, in id order.
std::vector<std::string> due_titles(schema::Database& db, std::int64_t run) {
    std::vector<std::string> out;
    for (const auto& t :
         schema::titles_to_match(db, schema::WhichListings::VerdictDue, run, 0, 100))
        out.push_back(t.title);
    return out;
}

// Gives every due listing a verdict, as a night's matching does, and marks the verdicts current.
void match_due(schema::Database& db, std::int64_t run) {
    const auto newest = schema::newest_listing_id(db);
    std::vector<schema::Verdict> verdicts;
    for (const auto& t :
         schema::titles_to_match(db, schema::WhichListings::VerdictDue, run, 0, 100)) {
        schema::Verdict v;
        v.listing_id = t.listing_id;
        v.model = "rtx-3090";
        v.reason = schema::MatchReason::ok;
        verdicts.push_back(v);
    }
    schema::store_verdicts(db, verdicts);
    schema::record_verdicts_through(db, newest);
}

}  // namespace

TEST_SUITE("verdicts due") {
    TEST_CASE(
        "a night matches the new listings and those whose title changed, not those seen "
        "again unchanged") {
        test::TempDir dir;
        schema::Database db(dir.file("due.db"));
        schema::migrate(db);
        const auto first = store_night(
            db, "2026-12-01", {{"v1|1|0", "RTX 3090 24GB"}, {"v1|2|0", "RTX 3090 Founders"}});
        CHECK(due_titles(db, first) ==
              std::vector<std::string>{"RTX 3090 24GB", "RTX 3090 Founders"});
        match_due(db, first);
        CHECK(due_titles(db, first).empty());

        // Night two: the first seen again as it was, the second retitled, a third new.
        const auto second = store_night(db, "2026-12-02",
                                        {{"v1|1|0", "RTX 3090 24GB"},
                                         {"v1|2|0", "RTX 3090 Ti Founders"},
                                         {"v1|3|0", "RTX 3090 Gaming OC"}});
        CHECK(due_titles(db, second) ==
              std::vector<std::string>{"RTX 3090 Ti Founders", "RTX 3090 Gaming OC"});
        match_due(db, second);
        CHECK(due_titles(db, second).empty());

        // Seen a third time unchanged: nothing to match.
        const auto third = store_night(
            db, "2026-12-03", {{"v1|1|0", "RTX 3090 24GB"}, {"v1|2|0", "RTX 3090 Ti Founders"}});
        CHECK(due_titles(db, third).empty());
    }
}

}  // namespace test_verdicts_due
