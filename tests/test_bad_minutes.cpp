// eBay's bad minutes, against the fake eBay (ebay_audit_3 F1-F6): a `total` that counts
// variations, failed pages put back in the queue, item groups that ended or are being revised,
// a short first page on a family over eBay's cap, a token endpoint down for a while, and
// throttling while the quota is far from spent. Each night here runs on a clock the test moves
// (ManualClock): no wait is real, none reads the wall clock.
#include <doctest/doctest.h>

#include "analysis/clearance.hpp"
#include "fetcher/fetch_run.hpp"
#include "fetcher/listings_pager.hpp"
#include "fetcher/withheld_windows.hpp"
#include "schema/domain/market.hpp"
#include "schema/store/clearance_inputs.hpp"
#include "schema/store/coverage_store.hpp"
#include "tests/child_process.hpp"
#include "tests/fake_ebay.hpp"
#include "tests/fake_fetch_config.hpp"
#include "tests/test_context.hpp"

namespace test_bad_minutes {

using namespace gpuprice;
using namespace std::chrono_literals;
using test::Fault;

namespace {

std::vector<test::FakeItem> cards(const std::string& prefix, int count,
                                  const std::string& model = "RTX 3090") {
    std::vector<test::FakeItem> result;
    for (int i = 0; i < count; ++i) {
        test::FakeItem item;
        item.item_id = "v1|" + prefix + std::to_string(1000 + i) + "|0";
        item.title = "NVIDIA " + model + " 24GB #" + prefix + std::to_string(i);
        item.price = std::to_string(600 + i % 300) + ".00";
        result.push_back(item);
    }
    return result;
}

std::string joined(const std::vector<std::string>& lines) {
    std::string text;
    for (const auto& line : lines) text += line + "\n";
    return text;
}

// Makes every `every`-th card a multi-variation summary whose group holds three variations.
int add_groups(test::FakeEbay& ebay, std::vector<test::FakeItem>& items, int every) {
    int groups = 0;
    for (std::size_t i = 0; i < items.size(); i += static_cast<std::size_t>(every)) {
        auto& item = items[i];
        item.group_id = "g" + item.item_id.substr(3, item.item_id.size() - 5);
        std::vector<test::FakeItem> options;
        for (int v = 1; v <= 3; ++v) {
            auto option = item;
            option.item_id = item.item_id.substr(0, item.item_id.size() - 1) + std::to_string(v);
            options.push_back(option);
        }
        ebay.set_item_group(item.group_id, options);
        ++groups;
    }
    return groups;
}

using Night = test::ClockedFetch;

// A creation date `i` seconds after 2026-11-01 in eBay's form: a later card is newer.
std::string created(int i) {
    char text[32];
    std::snprintf(text, sizeof text, "2026-11-%02dT%02d:%02d:%02d.000Z", 1 + i / 86400,
                  i / 3600 % 24, i / 60 % 60, i % 60);
    return text;
}

std::vector<test::FakeItem> dated(std::vector<test::FakeItem> items, int first = 0) {
    for (std::size_t i = 0; i < items.size(); ++i)
        items[i].created_at = created(first + static_cast<int>(i));
    return items;
}

// The lives of the listings last seen on `night` (fixed price, RTX 3090's), with what decides
// their clearance read as the night's report reads it.
std::vector<schema::ListingLife> lives_last_seen(schema::Database& db, const std::string& night,
                                                 const std::string& model) {
    auto select =
        db.prepare("SELECT id, item_id FROM listings WHERE last_seen_on = ?1 ORDER BY item_id");
    select.bind(1, night);
    std::vector<schema::ListingLife> lives;
    while (select.step()) {
        schema::ListingLife life;
        life.listing_id = select.int64(0);
        life.item_id = select.text(1);
        life.model = model;
        life.buying_options = "FIXED_PRICE";
        life.first_seen = life.last_seen = night;
        life.last_seen_at = night + "T03:00:00Z";
        lives.push_back(life);
    }
    schema::attach_returned_by(db, lives);
    return lives;
}

fetcher::Query family_query(const std::string& family, const std::string& q = "") {
    auto query = fetcher::family_queries({family}, {schema::ConditionClass::used}).front();
    query.keywords = q;
    return query;
}

}  // namespace

TEST_SUITE("fetcher::bad_minutes") {
    // eBay: "total is just an indicator ... It could vary based on the number of listings with
    // variations included in the result" (Browse, SearchPagedCollection.total). With such a total
    // every family holding a variation listing ended short of it, the night exited 6 and 1,434 of
    // 1,440 departures were `uncounted` (audit 3, F1).
    TEST_CASE("a total that counts variations: complete by paging, the gap a metric explained") {
        Night n;
        auto list = cards("1", 450);
        const int groups = add_groups(n.ebay, list, 30);  // 15 groups of three variations
        n.ebay.set_items("RTX 3090", list);
        n.ebay.set_total_counts_variations(true);
        const auto outcome = n.fetch({"RTX 3090"});
        const auto notes = joined(outcome.notes);
        CAPTURE(notes);
        CAPTURE(joined(outcome.problems));
        CHECK(outcome.status == schema::RunStatus::ok);
        CHECK_FALSE(outcome.listings_missing());
        const auto coverage = schema::load_coverage(n.db, outcome.run_id);
        const auto search = std::find_if(coverage.begin(), coverage.end(), [](const auto& q) {
            return q.kind == schema::QueryKind::search;
        });
        REQUIRE(search != coverage.end());
        CHECK(search->complete);
        CHECK(*search->total == 450 + 2 * groups);
        CHECK(search->items == 450);
        CHECK(search->total_gap == 2 * groups);
        CHECK(search->variation_summaries == groups);
        CHECK(search->short_page_deficit == 0);
        CHECK(notes.find("a gap of 30; 15 multi-variation summaries among the items, 0 withheld "
                         "by short pages") != std::string::npos);
        // The night's family coverage: complete, nothing withheld (no short page), so a listing
        // missing that night has left.
        const auto families = schema::load_family_coverage(n.db, "2026-12-01", "2026-12-01",
                                                           schema::default_market());
        REQUIRE(families.contains("2026-12-01"));
        const auto& family = families.at("2026-12-01").at("RTX 3090");
        CHECK(family.complete);
        CHECK_FALSE(family.withheld);
    }

    TEST_CASE("short pages withhold items: complete, and the night says a missing listing waits") {
        Night n;
        n.ebay.set_items("RTX 3090", cards("1", 900));
        n.ebay.set_items("RTX 4090", cards("2", 400, "RTX 4090"));  // its last page is short
        n.ebay.set_items("RTX 3080", cards("3", 150, "RTX 3080"));  // one whole page
        n.ebay.set_short_pages(2, 5);
        const auto outcome = n.fetch({"RTX 3090", "RTX 4090", "RTX 3080"});
        CHECK(outcome.status == schema::RunStatus::ok);
        const auto families = schema::load_family_coverage(n.db, "2026-12-01", "2026-12-01",
                                                           schema::default_market());
        const auto& night = families.at("2026-12-01");
        // A listing missed tonight may have been withheld: by a short page with `next`, or by a
        // short last page (a gap no variation summary explains).
        CHECK(night.at("RTX 3090").complete);
        CHECK(night.at("RTX 3090").withheld);
        CHECK(night.at("RTX 4090").complete);
        CHECK(night.at("RTX 4090").withheld);
        CHECK(night.at("RTX 3080").complete);
        CHECK_FALSE(night.at("RTX 3080").withheld);
    }

    // One 5xx burst used to close its whole family for the night: 20 × 503 lost Tesla P40 and
    // P100 (audit 3, F3). A page that fails after its retries goes back behind the other
    // families, with a longer wait.
    TEST_CASE("20 failed search calls: pages put back in the queue, every family complete") {
        Night n;
        n.ebay.set_items("RTX 3090", cards("1", 450));
        n.ebay.set_items("RTX 4090", cards("2", 300, "RTX 4090"));
        std::initializer_list<Fault> twenty = {
            Fault::ServerError, Fault::ServerError, Fault::ServerError, Fault::ServerError,
            Fault::ServerError, Fault::ServerError, Fault::ServerError, Fault::ServerError,
            Fault::ServerError, Fault::ServerError, Fault::ServerError, Fault::ServerError,
            Fault::ServerError, Fault::ServerError, Fault::ServerError, Fault::ServerError,
            Fault::ServerError, Fault::ServerError, Fault::ServerError, Fault::ServerError};
        n.ebay.queue_faults(twenty);
        const auto outcome = n.fetch({"RTX 3090", "RTX 4090"});
        const auto notes = joined(outcome.notes);
        CAPTURE(notes);
        CAPTURE(joined(outcome.problems));
        CHECK(outcome.status == schema::RunStatus::ok);
        CHECK(outcome.pages_failed == 0);
        CHECK(outcome.pages_requeued == 4);  // 5 attempts each, the first 20 all failing
        CHECK(outcome.listings_seen == 750);
        for (const auto& q : outcome.coverage) CHECK(q.complete);
        CHECK(notes.find("put back in the queue behind the other families") != std::string::npos);
        // The waits are the clock's, not the wall's: 60, 120, 240 and 60 times the retry base.
        CHECK(n.clock.elapsed() >= 4 * 60 * n.config.http.retry.base_delay);
    }

    TEST_CASE("a page that fails every time fails its query after being put back three times") {
        Night n;
        n.ebay.set_items("RTX 3090", cards("1", 100));
        n.ebay.set_items("RTX 4090", cards("2", 100, "RTX 4090"));
        std::vector<Fault> faults(20, Fault::ServerError);
        for (const auto fault : faults) n.ebay.queue_faults_for("RTX 4090", {fault});
        const auto outcome = n.fetch({"RTX 3090", "RTX 4090"});
        CHECK(outcome.pages_failed == 1);
        CHECK(outcome.pages_requeued == fetcher::kPageRequeues);
        CHECK(outcome.listings_missing());  // exit 6: a family's listings are missing
        CHECK(outcome.listings_seen == 100);
        CHECK(joined(outcome.problems).find("(sent 4 times)") != std::string::npos);
    }

    // get_items_by_item_group's documented 400s (audit 3, F2): 11002 the group ended between its
    // search page and its expansion; 11008 eBay is revising it ("wait a few minutes and try the
    // call again").
    TEST_CASE("item groups gone (11002) are no failure; one being revised (11008) goes again") {
        Night n;
        auto list = cards("1", 90);
        add_groups(n.ebay, list, 10);  // 9 groups
        n.ebay.set_items("RTX 3090", list);
        n.ebay.remove_item_group(list[0].group_id);
        n.ebay.remove_item_group(list[10].group_id);
        n.ebay.set_item_group_unavailable(list[20].group_id, 1);
        const auto outcome = n.fetch({"RTX 3090"});
        CAPTURE(joined(outcome.notes));
        CAPTURE(joined(outcome.problems));
        CHECK(outcome.status == schema::RunStatus::ok);
        CHECK(outcome.groups_gone == 2);
        CHECK(outcome.pages_failed == 0);
        CHECK(outcome.extras_failed == 0);
        CHECK(n.ebay.item_group_calls() == 10);  // 9 groups, the revised one twice
        // The revised group was expanded on its second call: its variations are stored.
        const auto revised = list[20].item_id.substr(0, list[20].item_id.size() - 1);
        CHECK(n.count("SELECT count(*) FROM listings WHERE item_id IN ('" + revised + "1', '" +
                      revised + "2', '" + revised + "3')") == 3);
        // The gone groups' summaries stay flagged out of the medians.
        CHECK(n.count("SELECT count(*) FROM listings WHERE item_id IN ('" + list[0].item_id +
                      "', '" + list[10].item_id + "') AND price_flags != 0") == 2);
        CHECK(outcome.calls_by_kind.at(schema::QueryKind::item_group) == 10);
        CHECK(outcome.calls_by_kind.at(schema::QueryKind::search) == 1);
    }

    // A short first page used to stop the split of a family over 10,000, leaving it capped at
    // about 9,800 (audit 3, F4).
    TEST_CASE("a short first page with next on a family over 10,000 still splits") {
        Night n;
        n.ebay.set_items("RTX 3090", cards("1", 450), 25000);
        n.ebay.set_short_pages(1, 3);  // every page, the first too, three items short
        n.config.max_calls = 12;
        const auto outcome = n.fetch({"RTX 3090"});
        const auto notes = joined(outcome.notes);
        CAPTURE(notes);
        CHECK(notes.find("more than eBay serves: split at price") != std::string::npos);
        CHECK(notes.find("could not be split") == std::string::npos);
    }
}

TEST_SUITE("fetcher::outages") {
    // A night that crosses its token's expiry while eBay's identity endpoint is down: it stopped
    // as "credentials", exit 5, and the nightly wrote no report (audit 3, F5).
    TEST_CASE("a token endpoint failing 8 requests in a row mid-night: waited out, complete") {
        Night n;
        n.ebay.set_items("RTX 3090", cards("1", 1000));
        n.ebay.set_token_lifetime(700s);  // renewed at half its life (margin 300 s)
        int searches = 0;
        n.ebay.set_on_request([&] {
            n.clock.advance(100s);
            if (++searches == 2) n.ebay.fail_token_requests(8);
        });
        const auto outcome = n.fetch({"RTX 3090"});
        const auto notes = joined(outcome.notes);
        CAPTURE(notes);
        CAPTURE(joined(outcome.problems));
        CHECK(outcome.stop == fetcher::StopReason::none);
        CHECK(outcome.status == schema::RunStatus::ok);
        CHECK(outcome.listings_seen == 1000);
        CHECK(notes.find("a new token could not be had") != std::string::npos);
    }

    TEST_CASE("a token endpoint down past --token-wait-seconds ends the night partial, exit 6") {
        Night n;
        n.ebay.set_items("RTX 3090", cards("1", 1000));
        n.ebay.set_token_lifetime(700s);
        n.config.token_outage_wait = 90s;
        int searches = 0;
        n.ebay.set_on_request([&] {
            n.clock.advance(100s);
            if (++searches == 2) n.ebay.fail_token_requests(1000);
        });
        const auto outcome = n.fetch({"RTX 3090"});
        CAPTURE(joined(outcome.problems));
        CHECK(outcome.stop == fetcher::StopReason::token_unavailable);
        CHECK(outcome.status == schema::RunStatus::partial);
        CHECK(outcome.listings_missing());  // gpuprice fetch exits 6, and reports are written
        CHECK(outcome.pages_stored >= 2);   // what was committed stays
        REQUIRE_FALSE(outcome.problems.empty());
        CHECK(outcome.problems[0].find("not the credentials") != std::string::npos);
        for (const auto& q : outcome.coverage) {
            if (!q.complete) CHECK(q.stopped == schema::QueryStop::token_unavailable);
        }
    }

    // Four 429/2001 in 3.5 s stopped a night as "daily quota spent" while getRateLimits said
    // 4,996 calls were left (audit 3, F6).
    TEST_CASE("twelve 429/2001 with the quota far from spent: throttling waited out, complete") {
        Night n;
        n.ebay.set_items("RTX 3090", cards("1", 450));
        std::vector<Fault> faults(12, Fault::Burst);
        for (const auto fault : faults) n.ebay.queue_faults({fault});
        n.config.check_quota = true;
        const auto outcome = n.fetch({"RTX 3090"});
        const auto notes = joined(outcome.notes);
        CAPTURE(notes);
        CAPTURE(joined(outcome.problems));
        CHECK(outcome.stop == fetcher::StopReason::none);
        CHECK(outcome.status == schema::RunStatus::ok);
        CHECK(outcome.listings_seen == 450);
        CHECK(notes.find("throttled, not the quota") != std::string::npos);
        CHECK(n.clock.elapsed() >= 12s);  // Retry-After: 1, honoured each time
    }

    TEST_CASE("throttling past --max-throttle-minutes ends the night partial as throttled") {
        Night n;
        n.ebay.set_items("RTX 3090", cards("1", 450));
        std::vector<Fault> faults(200, Fault::Burst);
        for (const auto fault : faults) n.ebay.queue_faults({fault});
        n.config.check_quota = true;
        n.config.max_calls = 1000;
        n.config.max_throttle_wait = 1min;
        const auto outcome = n.fetch({"RTX 3090"});
        CAPTURE(joined(outcome.problems));
        CHECK(outcome.stop == fetcher::StopReason::throttled);
        CHECK(outcome.status == schema::RunStatus::partial);
        CHECK(outcome.listings_missing());  // exit 6, never 7: the quota is not spent
        REQUIRE_FALSE(outcome.problems.empty());
        CHECK(outcome.problems[0].find("the quota is not spent") != std::string::npos);
        CHECK(n.clock.elapsed() <= 2min);
    }
}

TEST_SUITE("fetcher::outages") {
    // Two nights each stopped before their first page (no prices stored, so no night recorded
    // by the derived pass): the second exited 1 with "'' is not a date (YYYY-MM-DD)" instead of
    // its own stop's code.
    // Where pages may have left a listed item out, as spans of creation dates (newest first):
    // a short page with `next` from the page before's oldest to the page after's newest, every
    // seam between two pages, a last page whose total is not accounted for down to the oldest.
    TEST_CASE("withheld windows: short pages, seams, an unaccounted last page, eBay's order") {
        using fetcher::PageSpan;
        fetcher::PagedQuery query;
        query.pages = {PageSpan{"2026-11-09", "2026-11-07", 200, false},
                       PageSpan{"2026-11-06", "2026-11-05", 197, true},
                       PageSpan{"2026-11-04", "2026-11-02", 200, false},
                       PageSpan{"2026-11-02", "2026-11-01", 40, false}};
        using W = schema::CreatedWindow;
        // The short page with its seams: 11-04 to 11-07; the last seam: 11-02 alone.
        CHECK(fetcher::withheld_windows(query) ==
              std::vector<W>{W{"2026-11-02", "2026-11-02"}, W{"2026-11-04", "2026-11-07"}});
        query.last_page_suspect = true;  // down to the oldest, from the page before's oldest
        CHECK(fetcher::withheld_windows(query) ==
              std::vector<W>{W{std::nullopt, "2026-11-02"}, W{"2026-11-04", "2026-11-07"}});
        query.pages[0].short_with_next = true;  // a short first page: open above
        CHECK(fetcher::withheld_windows(query).back() == W{"2026-11-04", std::nullopt});
        query.in_creation_order = false;  // nothing says where: anywhere
        CHECK(fetcher::withheld_windows(query) == std::vector<W>{W{}});
        fetcher::PagedQuery whole;  // one full page: nothing can be missing
        whole.pages = {PageSpan{"2026-11-09", "2026-11-01", 150, false}};
        CHECK(fetcher::withheld_windows(whole).empty());
        // eBay's total read as listings, or as listings with their variations: either accounts.
        CHECK(fetcher::total_accounted(0, 0, std::nullopt));
        CHECK(fetcher::total_accounted(6, 6, std::nullopt));
        CHECK(fetcher::total_accounted(30, 6, 24));
        CHECK_FALSE(fetcher::total_accounted(33, 6, 24));  // 3 more than either: a last page
        CHECK_FALSE(fetcher::total_accounted(30, 6, std::nullopt));  // a group's size unknown
        CHECK(W{"2026-11-02", "2026-11-04"}.holds("2026-11-03"));
        CHECK(W{"2026-11-02", "2026-11-04"}.holds(""));  // an unknown date may be inside
        CHECK_FALSE(W{"2026-11-02", "2026-11-04"}.holds("2026-11-05"));
    }

    // The 28 listings cleared while still listed (issue 39's bad market): a short last page
    // withheld them, and the gap it left was taken as explained by multi-variation summaries.
    // Absence is evidence only outside the windows where the pages may have left an item out:
    // a listing sold from the middle of a full page is cleared that night, the ones a short last
    // page withheld wait for a second night.
    TEST_CASE("a short last page beside variations: what it withheld waits, a sale is cleared") {
        Night n;
        auto list = dated(cards("1", 398));  // two pages on the first night
        const int groups = add_groups(n.ebay, list, 30);
        n.ebay.set_total_counts_variations(true);
        n.ebay.set_short_pages(3, 3);  // every third page 3 short: the second night's last
        n.ebay.set_items("RTX 3090", list);
        CHECK(n.fetch_queries({family_query("RTX 3090")}, "2026-12-01").status ==
              schema::RunStatus::ok);
        auto tonight = list;
        const auto sold = tonight[389].item_id;  // the 9th newest: inside the first page
        tonight.erase(tonight.begin() + 389);
        for (auto& item : dated(cards("2", 5), 100000)) tonight.push_back(item);  // newest
        n.ebay.set_items("RTX 3090", tonight);
        CHECK(n.fetch_queries({family_query("RTX 3090")}, "2026-12-02").status ==
              schema::RunStatus::ok);

        const auto families = schema::load_family_coverage(n.db, "2026-12-01", "2026-12-02",
                                                           schema::default_market());
        const auto sent =
            schema::load_sent_coverage(n.db, "2026-12-01", "2026-12-02", schema::default_market());
        const auto& second = sent.at("2026-12-02").at("q=RTX 3090 conditions=used");
        CHECK(second.complete);
        CHECK_FALSE(second.withheld.empty());
        analysis::FamilyCovers covers;
        int waiting = 0, family_rule_cleared = 0;
        bool sold_cleared = false;
        for (const auto& life : lives_last_seen(n.db, "2026-12-01", "rtx-3090")) {
            CAPTURE(life.item_id);
            REQUIRE(life.returned_by == std::vector<std::string>{"q=RTX 3090 conditions=used"});
            const auto decision =
                analysis::decide_clearance(life, "RTX 3090", families, covers, &sent);
            if (life.item_id == sold) {
                sold_cleared = decision.outcome == schema::ClearanceOutcome::cleared &&
                               decision.night == "2026-12-02";
                continue;
            }
            // Still listed, withheld by the short last page (the two oldest cards and a group's
            // variations): not sold by mistake. By the family's coverage alone, whose gap the
            // variation summaries seemed to explain, they were.
            CHECK(decision.outcome == schema::ClearanceOutcome::pending);
            ++waiting;
            family_rule_cleared +=
                analysis::decide_clearance(life, "RTX 3090", families, covers).outcome ==
                schema::ClearanceOutcome::cleared;
        }
        CHECK(sold_cleared);
        CHECK(waiting >= 2);
        CHECK(family_rule_cleared == waiting);
        CHECK(groups == 14);
    }

    // A listing returned by two queries (its own family's, and a broader family's whose q is not
    // its name: "Quadro RTX 4000" sends "RTX 4000") is cleared only on a night both were paged to
    // their end (audit 3, F10): the names alone would not tie the broader one to it.
    TEST_CASE("coverage keyed by the q sent: a broader family's failed query leaves it uncounted") {
        Night n;
        std::vector<test::FakeItem> list;
        for (auto item : dated(cards("4", 60, "RTX 4000 Ada"))) list.push_back(item);
        n.ebay.set_items("RTX 4000 Ada", list);
        n.ebay.set_items("RTX 4000", list);
        const auto queries = std::vector<fetcher::Query>{
            family_query("RTX 4000 Ada"), family_query("Quadro RTX 4000", "RTX 4000")};
        CHECK(n.fetch_queries(queries, "2026-12-01").status == schema::RunStatus::ok);
        const auto sold = list[30].item_id;
        list.erase(list.begin() + 30);
        n.ebay.set_items("RTX 4000 Ada", list);
        n.ebay.set_items("RTX 4000", list);
        n.ebay.queue_faults_for("RTX 4000", {Fault::Truncated});  // the broader one is cut
        n.fetch_queries(queries, "2026-12-02");

        const auto families = schema::load_family_coverage(n.db, "2026-12-01", "2026-12-02",
                                                           schema::default_market());
        const auto sent =
            schema::load_sent_coverage(n.db, "2026-12-01", "2026-12-02", schema::default_market());
        const auto lives = lives_last_seen(n.db, "2026-12-01", "rtx-4000-ada");
        REQUIRE(lives.size() == 1);
        const auto& life = lives.front();
        CHECK(life.item_id == sold);
        CHECK(life.returned_by == std::vector<std::string>{"q=RTX 4000 Ada conditions=used",
                                                           "q=RTX 4000 conditions=used"});
        analysis::FamilyCovers covers;
        // By the family names, only "RTX 4000 Ada" covers it, and it was complete: cleared.
        CHECK(analysis::decide_clearance(life, "RTX 4000 Ada", families, covers).outcome ==
              schema::ClearanceOutcome::cleared);
        // By the queries that returned it: one of them was cut that night.
        const auto decision =
            analysis::decide_clearance(life, "RTX 4000 Ada", families, covers, &sent);
        CHECK(decision.outcome == schema::ClearanceOutcome::uncounted);
        CHECK(decision.night == "2026-12-02");
    }

    TEST_CASE("nights stopped before their first page keep their stop reason and exit code") {
        test::FakeEbay ebay;
        ebay.set_items("RTX 3090", cards("1", 50));
        ebay.set_daily_quota(0);  // getRateLimits: nothing left; the night stops at once
        test::TempDir dir;
        const std::vector<std::string> env = {"EBAY_CLIENT_ID=" + ebay.client_id,
                                              "EBAY_CLIENT_SECRET=" + ebay.client_secret};
        for (const char* now : {"2026-12-01T03:00:00Z", "2026-12-02T03:00:00Z"}) {
            CAPTURE(now);
            auto with_now = env;
            with_now.push_back(std::string("GPUPRICE_NOW=") + now);
            const int code = test::wait_exit(test::spawn(
                {GPUPRICE_BINARY, "--db", dir.file("q.db"), "fetch", "--query", "RTX 3090",
                 "--api-base", ebay.api_base(), "--auth-url", ebay.token_url(), "--token-cache",
                 dir.file("token"), "--item-share", "0"},
                with_now, dir.file("out"), dir.file("err")));
            const auto err = test::read_file(dir.file("err"));
            CAPTURE(err);
            CHECK(code == 7);
            CHECK(err.find("quota") != std::string::npos);
            CHECK(err.find("is not a date") == std::string::npos);
        }
        CHECK(ebay.search_calls() == 0);
    }
}

}  // namespace test_bad_minutes
