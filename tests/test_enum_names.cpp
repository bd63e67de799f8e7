#include <doctest/doctest.h>

#include <set>
#include <string>

#include "schema/domain/buying_option.hpp"
#include "schema/domain/clearance_outcome.hpp"
#include "schema/domain/item_lookup_status.hpp"
#include "schema/domain/match_evidence.hpp"
#include "schema/domain/match_reason.hpp"
#include "schema/domain/query_stop.hpp"
#include "schema/domain/run_status.hpp"

namespace test_enum_names {

using namespace gpuprice::schema;

TEST_SUITE("schema::enum_names") {
    // The texts are what the database holds: a value keeps its text for good, and each text
    // reads back as its value.
    TEST_CASE("run sources and statuses: stored text, read back, nothing else read") {
        CHECK(run_source_name(RunSource::ebay) == "ebay");
        CHECK(run_source_name(RunSource::ebay_sold) == "ebay-sold");
        CHECK(run_source_name(RunSource::sample) == "sample");
        CHECK(run_source_name(RunSource::sample_sold) == "sample-sold");
        for (const auto source :
             {RunSource::ebay, RunSource::ebay_sold, RunSource::sample, RunSource::sample_sold})
            CHECK(parse_run_source(run_source_name(source)) == source);
        CHECK_FALSE(parse_run_source("test"));
        CHECK_FALSE(parse_run_source("EBAY"));
        for (const auto status :
             {RunStatus::running, RunStatus::ok, RunStatus::partial, RunStatus::failed})
            CHECK(parse_run_status(run_status_name(status)) == status);
        CHECK_FALSE(parse_run_status(""));
    }

    TEST_CASE("verdicts and their evidence: every value has its own text") {
        std::set<std::string> texts;
        for (const auto reason : kAllMatchReasons) {
            CHECK(parse_match_reason(match_reason_name(reason)) == reason);
            texts.emplace(match_reason_name(reason));
        }
        CHECK(texts.size() == std::size(kAllMatchReasons));
        CHECK(match_reason_name(MatchReason::unknown_model) == "unknown-model");
        for (const auto evidence : kAllMatchEvidence)
            CHECK(parse_match_evidence(match_evidence_name(evidence)) == evidence);
        CHECK(match_evidence_name(MatchEvidence::part_number) == "part-number");
        CHECK_FALSE(parse_match_evidence("Title"));
    }

    TEST_CASE("query stops keep their stored text") {
        CHECK(query_stop_name(QueryStop::last_page) == "last-page");
        CHECK(parse_query_stop("missing-pages") == QueryStop::missing_pages);
        CHECK(query_kind_name(QueryKind::aspect_filter) == "aspect-filter");
        CHECK_FALSE(parse_query_kind("search "));
    }

    TEST_CASE("buying options: eBay's names, whole names in a comma-joined list") {
        CHECK(buying_option_name(BuyingOption::auction) == "AUCTION");
        CHECK(parse_buying_option("BEST_OFFER") == BuyingOption::best_offer);
        CHECK_FALSE(parse_buying_option("best_offer"));
        CHECK(offers("FIXED_PRICE,BEST_OFFER", BuyingOption::best_offer));
        CHECK(offers("AUCTION", BuyingOption::auction));
        CHECK(offers("FIXED_PRICE,AUCTION", BuyingOption::auction));
        CHECK_FALSE(offers("FIXED_PRICE,BEST_OFFER", BuyingOption::auction));
        CHECK_FALSE(offers("", BuyingOption::fixed_price));
        // A name is matched whole, never as a part of another.
        CHECK_FALSE(offers("FIXED_PRICE_X", BuyingOption::fixed_price));
        CHECK_FALSE(offers("XAUCTION,", BuyingOption::auction));
    }

    TEST_CASE(
        "getItem lookups and clearance outcomes keep the texts their CHECK constraints allow") {
        // item_lookups.status IN ('ok', 'gone') (0008); listing_clearances.outcome (0014).
        CHECK(item_lookup_status_name(ItemLookupStatus::ok) == "ok");
        CHECK(item_lookup_status_name(ItemLookupStatus::gone) == "gone");
        const std::pair<ClearanceOutcome, const char*> outcomes[] = {
            {ClearanceOutcome::pending, "pending"},
            {ClearanceOutcome::cleared, "cleared"},
            {ClearanceOutcome::auction_near_final, "auction-near-final"},
            {ClearanceOutcome::uncounted, "uncounted"},
            {ClearanceOutcome::never, "never"}};
        for (const auto& [outcome, text] : outcomes) {
            CHECK(clearance_outcome_name(outcome) == text);
            CHECK(parse_clearance_outcome(text) == outcome);
        }
        CHECK_FALSE(parse_clearance_outcome("cleared "));
    }
}

}  // namespace test_enum_names
