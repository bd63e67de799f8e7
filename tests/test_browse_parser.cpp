#include <doctest/doctest.h>

#include "fetcher/browse_parser.hpp"
#include "fetcher/price_rules.hpp"
#include "schema/domain/price_flags.hpp"
#include "tests/test_context.hpp"

namespace test_browse_parser {

using namespace gpuprice::fetcher;

namespace {

std::string sample(const std::string& name) {
    return gpuprice::test::read_file(gpuprice::test::source_dir() / "tests" / "data" / "ebay" /
                                     name);
}

std::string page_with(const std::string& items) {
    return R"({"href":"x","total":3,"limit":200,"offset":0,"itemSummaries":[)" + items + "]}";
}

const std::string kGoodItem =
    R"({"itemId":"v1|1|0","title":"RTX 3090 24GB","price":{"value":"799.99","currency":"USD"},)"
    R"("conditionId":"3000","buyingOptions":["FIXED_PRICE"]})";

}  // namespace

TEST_SUITE("fetcher::browse_parser") {
    TEST_CASE("a real search response: prices are strings, shipping may be calculated") {
        const auto page = parse_search_page(sample("search_gpu_rtx_a5000_activescott.json"), "USD");
        CHECK(page.page_problem.empty());
        CHECK(page.total == 5619);
        CHECK(page.limit == 3);
        CHECK_FALSE(page.next.empty());
        REQUIRE(page.listings.size() == 3);
        const auto& first = page.listings[0];
        CHECK(first.item_id == "v1|296057072805|0");
        CHECK(first.legacy_item_id == "296057072805");
        CHECK(first.title == "NVIDIA RTX A5000 24GB GDDR6 Graphics Card");
        CHECK(first.price_cents == 150000);
        CHECK(first.currency == "USD");
        CHECK(first.condition_id == 3000);
        CHECK(first.shipping_cents == 0);
        CHECK(first.shipping_type == "FIXED");
        CHECK(first.buying_options == "FIXED_PRICE,BEST_OFFER");
        CHECK(first.seller_feedback_score == 6);
        CHECK(first.location_country == "AE");
        // A CALCULATED cost is eBay's estimate for the buyer context: kept, marked as such (D10).
        const auto& second = page.listings[1];
        CHECK(second.shipping_type == "CALCULATED");
        CHECK(second.shipping_cents == 19800);
        CHECK(second.shipping_estimated);
        CHECK_FALSE(first.shipping_estimated);
        CHECK(second.original_price_cents == 235454);  // marketingPrice (D16)
        CHECK(second.discount_percentage == doctest::Approx(42));
    }

    TEST_CASE("an item without conditionId takes the id of eBay's condition name, or none") {
        const auto item = [](const std::string& id, const std::string& condition) {
            return R"({"itemId":"v1|)" + id +
                   R"(|0","title":"RTX 3090 24GB","price":{"value":"799.99","currency":"USD"},)" +
                   condition + R"("buyingOptions":["FIXED_PRICE"]})";
        };
        const auto page = parse_search_page(
            R"({"total":5,"itemSummaries":[)" +
                item("1", R"("condition":"Excellent - Refurbished",)") + "," +
                item("2", R"("condition":"Gebraucht",)") + "," + item("3", "") + "," +
                item("4", R"("condition":"For parts or not working",)") + "," +
                item("5", R"("condition":"Used","conditionId":"1500",)") + "]}",
            "USD");
        REQUIRE(page.listings.size() == 4);
        CHECK(page.listings[0].condition_id == 2010);
        CHECK_FALSE(page.listings[1].condition_id);  // a name the table lacks: unstated
        CHECK_FALSE(page.listings[2].condition_id);
        CHECK(page.skips.at(gpuprice::schema::SkipReason::for_parts_condition) == 1);
        CHECK(page.listings[3].condition_id == 1500);  // the id wins over the name
    }

    TEST_CASE("the 101 real RTX 5090 item summaries all parse") {
        // That file is a bare array; wrap it the way the search response carries it.
        const auto page =
            parse_search_page(R"({"total":101,"itemSummaries":)" +
                                  sample("itemsummaries_gpu_rtx_5090_activescott.json") + "}",
                              "USD");
        CHECK(page.page_problem.empty());
        int kept = static_cast<int>(page.listings.size());
        for (const auto& [reason, count] : page.skips) kept += count;
        CHECK(kept == 101);
        CHECK(page.listings.size() >= 90);
    }

    TEST_CASE("edge cases from real listings: auctions with BIN, refurbished, parts, no shipping") {
        const auto raw = sample("itemsummary_edge_cases_gpu_activescott.json");
        // Collect the `item` objects into one page; the wrapper is the sample's own.
        std::string items;
        std::size_t pos = 0;
        int count = 0;
        while ((pos = raw.find("\"item\": {", pos)) != std::string::npos) {
            pos += 8;
            int depth = 0;
            std::size_t end = pos;
            for (; end < raw.size(); ++end) {
                if (raw[end] == '{') ++depth;
                if (raw[end] == '}' && --depth == 0) break;
            }
            if (!items.empty()) items += ',';
            items += raw.substr(pos, end - pos + 1);
            ++count;
        }
        REQUIRE(count >= 13);
        const auto page = parse_search_page(page_with(items), "USD");
        CHECK(page.page_problem.empty());
        CHECK(page.skips.at(gpuprice::schema::SkipReason::for_parts_condition) ==
              2);  // conditionId 7000 is never a price
        bool auction_with_bin = false, no_shipping = false, refurbished = false;
        bool variations = false, calculated_unknown = false, origin = false;
        for (const auto& l : page.listings) {
            CAPTURE(l.item_id);
            if (l.buying_options == "FIXED_PRICE,AUCTION") {
                auction_with_bin = true;
                CHECK(l.price_cents == 20499);        // the Buy It Now price, never the bid
                CHECK(l.current_bid_cents == 15500);  // the bid is stored beside it (D16)
                CHECK(l.item_end_date == "2023-12-18T14:40:20.000Z");
                CHECK(l.epid == "9030514588");
            }
            if (l.item_id == "v1|185785195351|693729697648") {
                variations = true;
                CHECK(l.item_group_type == "SELLER_DEFINED_VARIATIONS");
                CHECK(l.item_group_id == "185785195351");
                CHECK(price_flags(l, {"US", {}}, ListingSource::search) ==
                      gpuprice::schema::kFlagVariations);
                CHECK(price_flags(l, {"US", {}}, ListingSource::item_group) == 0);
            }
            if (l.item_id == "v1|335159090384|0") {
                calculated_unknown = true;
                CHECK_FALSE(l.shipping_cents.has_value());  // CALCULATED without a cost: unknown
                CHECK_FALSE(l.shipping_estimated);
            }
            if (l.item_id == "v1|167863530908|0") {
                origin = l.item_origin_date == "2025-10-15T22:30:01.000Z";
            }
            if (l.location_country == "AU" || l.location_country == "IT") {
                CHECK(price_flags(l, {"US", {}}, ListingSource::search) ==
                      gpuprice::schema::kFlagAbroad);
            }
            if (l.shipping_type.empty()) {
                no_shipping = true;
                CHECK_FALSE(l.shipping_cents.has_value());
            }
            if (l.condition_id == 2010) refurbished = true;
        }
        CHECK(auction_with_bin);
        CHECK(no_shipping);
        CHECK(refurbished);
        CHECK(variations);
        CHECK(calculated_unknown);
        CHECK(origin);
    }

    TEST_CASE("bad items are skipped and counted by reason, the rest of the page kept") {
        const std::string huge_title(1024 * 1024, 'A');
        const std::string items =
            kGoodItem +
            R"(,{"itemId":"v1|2|0","title":"RTX 3080","conditionId":"3000","buyingOptions":["FIXED_PRICE"]})"
            R"(,{"itemId":"v1|3|0","title":"RTX 3080","price":{"value":"abc","currency":"USD"},"buyingOptions":["FIXED_PRICE"]})"
            R"(,{"itemId":"v1|4|0","title":"RTX 3080","price":{"value":"700.00","currency":"EUR"},"buyingOptions":["FIXED_PRICE"]})"
            R"(,{"itemId":"v1|5|0","title":"RTX 3080","price":{"value":"-5.00","currency":"USD"},"buyingOptions":["FIXED_PRICE"]})"
            R"(,{"itemId":"v1|6|0","title":"RTX 3080","price":{"value":"0.00","currency":"USD"},"buyingOptions":["FIXED_PRICE"]})"
            R"(,{"itemId":"v1|7|0","title":"RTX 3080","price":{"value":"99999999999.00","currency":"USD"},"buyingOptions":["FIXED_PRICE"]})"
            R"(,{"title":"no id","price":{"value":"1.00","currency":"USD"},"buyingOptions":["FIXED_PRICE"]})"
            R"(,{"itemId":"v1|8|0","title":null,"price":{"value":"1.00","currency":"USD"},"buyingOptions":["FIXED_PRICE"]})"
            R"(,{"itemId":"v1|9|0","title":42,"price":{"value":"1.00","currency":"USD"},"buyingOptions":["FIXED_PRICE"]})"
            R"(,{"itemId":"v1|10|0","title":")" +
            huge_title +
            R"(","price":{"value":"1.00","currency":"USD"},"buyingOptions":["FIXED_PRICE"]})"
            R"(,{"itemId":"v1|11|0","title":"RTX 3080","price":{"value":"300.00","currency":"USD"},"buyingOptions":["AUCTION"]})"
            R"(,{"itemId":"v1|12|0","title":"RTX 3080","price":"300","buyingOptions":["FIXED_PRICE"]})"
            R"(,"not an object",null,17)"
            R"(,{"itemId":123,"title":"RTX","price":{"value":"1.00","currency":"USD"}})"
            // Not a raw string: the title carries a real invalid UTF-8 byte.
            ",{\"itemId\":\"v1|13|0\",\"title\":\"RTX 3080 bad \xC3\x28 bytes\",\"price\":"
            "{\"value\":\"300.00\",\"currency\":\"USD\"},\"buyingOptions\":[\"FIXED_PRICE\"]}";
        const auto page = parse_search_page(page_with(items + "," + kGoodItem), "USD");
        CHECK(page.page_problem.empty());
        CHECK(page.listings.size() == 2);
        CHECK(page.skips.at(gpuprice::schema::SkipReason::missing_price) == 1);
        CHECK(page.skips.at(gpuprice::schema::SkipReason::bad_price) ==
              5);  // abc, -5, 0, absurd, not an object
        CHECK(page.skips.at(gpuprice::schema::SkipReason::other_currency) == 1);
        CHECK(page.skips.at(gpuprice::schema::SkipReason::missing_item_id) ==
              2);  // absent, and a number
        CHECK(page.skips.at(gpuprice::schema::SkipReason::missing_title) ==
              1);  // null counts as missing
        CHECK(page.skips.at(gpuprice::schema::SkipReason::bad_title) ==
              2);  // a number, and 1 MB of text
        CHECK(page.skips.at(gpuprice::schema::SkipReason::auction_only) == 1);
        CHECK(page.skips.at(gpuprice::schema::SkipReason::malformed_item) == 3);
        CHECK(page.skips.at(gpuprice::schema::SkipReason::invalid_utf8) == 1);
    }

    TEST_CASE("a truncated page keeps what came before the cut") {
        std::string items = kGoodItem;
        for (int i = 2; i <= 5; ++i) {
            auto item = kGoodItem;
            item.replace(item.find("v1|1|0"), 6, "v1|" + std::to_string(i) + "|0");
            items += "," + item;
        }
        auto body = page_with(items);
        body.resize(body.size() * 3 / 4);
        const auto page = parse_search_page(body, "USD");
        CHECK_FALSE(page.page_problem.empty());
        CHECK(page.listings.size() >= 2);
        CHECK(page.listings.size() < 5);
    }

    TEST_CASE("not JSON, an empty page, an errors body with HTTP 200") {
        CHECK_FALSE(parse_search_page("<html>oops</html>", "USD").page_problem.empty());
        CHECK_FALSE(parse_search_page("", "USD").page_problem.empty());
        const auto empty =
            parse_search_page(R"({"href":"x","total":0,"limit":200,"offset":0})", "USD");
        CHECK(empty.page_problem.empty());
        CHECK(empty.total == 0);
        CHECK(empty.listings.empty());
        const auto empty_array = parse_search_page(page_with(""), "USD");
        CHECK(empty_array.page_problem.empty());
        CHECK(empty_array.listings.empty());
        const auto errors =
            parse_search_page(sample("error_12029_offset_cap_SYNTHESIZED.json"), "USD");
        REQUIRE(errors.errors.size() == 1);
        CHECK(errors.errors[0].error_id == 12029);
        CHECK(errors.errors[0].domain == "API_BROWSE");
    }

    TEST_CASE("eBay error bodies") {
        const auto token = parse_errors(sample("error_1001_invalid_access_token.json"));
        REQUIRE(token.size() == 1);
        CHECK(token[0].error_id == 1001);
        CHECK(token[0].message == "Invalid access token");
        CHECK(parse_errors(sample("error_2001_rate_limited.json"))[0].error_id == 2001);
        CHECK(parse_errors("not json").empty());
    }

    TEST_CASE("prices are parsed exactly to cents") {
        CHECK(parse_price_cents("1500.00") == 150000);
        CHECK(parse_price_cents("12.5") == 1250);
        CHECK(parse_price_cents("7") == 700);
        CHECK(parse_price_cents("0.01") == 1);
        CHECK_FALSE(parse_price_cents("abc").has_value());
        CHECK_FALSE(parse_price_cents("1.234").has_value());
        CHECK_FALSE(parse_price_cents("-1.00").has_value());
        CHECK_FALSE(parse_price_cents("1,000.00").has_value());
        CHECK_FALSE(parse_price_cents("").has_value());
        CHECK_FALSE(parse_price_cents(".5").has_value());
        CHECK_FALSE(parse_price_cents("99999999999999999999").has_value());
    }
}

TEST_SUITE("fetcher::price_rules") {
    TEST_CASE("abroad, unexpanded variations and low-feedback sellers are flagged") {
        gpuprice::schema::Listing l;
        l.location_country = "US";
        l.seller_feedback_score = 40;
        l.seller_feedback_pct = 99.5;
        const PriceRules us{"US", {}};
        CHECK(price_flags(l, us, ListingSource::search) == 0);
        l.location_country = "CN";
        CHECK(price_flags(l, us, ListingSource::search) == gpuprice::schema::kFlagAbroad);
        CHECK(price_flags(l, {"CN", {}}, ListingSource::search) == 0);
        l.location_country.clear();  // unknown is not abroad
        CHECK(price_flags(l, us, ListingSource::search) == 0);
        l.seller_feedback_score = 0;  // the zero-feedback seller of the $879 "H100"
        CHECK(price_flags(l, us, ListingSource::search) ==
              gpuprice::schema::kFlagLowFeedbackSeller);
        l.seller_feedback_score = 40;
        l.seller_feedback_pct = 89.9;
        CHECK(price_flags(l, us, ListingSource::search) ==
              gpuprice::schema::kFlagLowFeedbackSeller);
        CHECK(price_flags(l, {"US", {80.0, 0}}, ListingSource::search) == 0);  // configurable
        CHECK(gpuprice::schema::parse_price_flags("abroad,variations") ==
              (gpuprice::schema::kFlagAbroad | gpuprice::schema::kFlagVariations));
        CHECK_FALSE(gpuprice::schema::parse_price_flags("abroad,cheap").has_value());
        CHECK(gpuprice::schema::price_flag_names(gpuprice::schema::kAllPriceFlags) ==
              "abroad,variations,low-feedback-seller,suspect-price");
    }

    TEST_CASE("an item group's variations are told apart by the aspects that differ") {
        const std::string body =
            R"({"items":[{"itemId":"v1|7|1","title":"NVIDIA GeForce RTX Card",)"
            R"("price":{"value":"300.00","currency":"USD"},"conditionId":"3000",)"
            R"("buyingOptions":["FIXED_PRICE"],"primaryItemGroup":{"itemGroupId":"7",)"
            R"("itemGroupType":"SELLER_DEFINED_VARIATIONS"},"localizedAspects":[)"
            R"({"type":"STRING","name":"Brand","value":"NVIDIA"},)"
            R"({"type":"STRING","name":"Chipset/GPU Model","value":"NVIDIA GeForce RTX 3060"}]},)"
            R"({"itemId":"v1|7|2","title":"NVIDIA GeForce RTX Card",)"
            R"("price":{"value":"600.00","currency":"USD"},"conditionId":"3000",)"
            R"("buyingOptions":["FIXED_PRICE"],"primaryItemGroup":{"itemGroupId":"7",)"
            R"("itemGroupType":"SELLER_DEFINED_VARIATIONS"},"localizedAspects":[)"
            R"({"type":"STRING","name":"Brand","value":"NVIDIA"},)"
            R"({"type":"STRING","name":"Chipset/GPU Model","value":"NVIDIA GeForce RTX 3080"}]}]})";
        const auto page = parse_search_page(body, "USD");
        REQUIRE(page.listings.size() == 2);
        CHECK(page.listings[0].title ==
              "NVIDIA GeForce RTX Card [Chipset/GPU Model: NVIDIA GeForce RTX 3060]");
        CHECK(page.listings[1].title ==
              "NVIDIA GeForce RTX Card [Chipset/GPU Model: NVIDIA GeForce RTX 3080]");
        CHECK(page.listings[1].item_group_id == "7");
        CHECK(page.listings[1].price_cents == 60000);
    }

    TEST_CASE("prices in another currency than the marketplace's are skipped, never mixed") {
        const std::string gb =
            R"({"itemSummaries":[{"itemId":"v1|1|0","title":"RTX 3090","price":{"value":"600.00",)"
            R"("currency":"GBP"},"buyingOptions":["FIXED_PRICE"]},{"itemId":"v1|2|0","title":)"
            R"("RTX 3090","price":{"value":"700.00","currency":"USD"},"buyingOptions":["FIXED_PRICE"]}]})";
        const auto page = parse_search_page(gb, "GBP");
        REQUIRE(page.listings.size() == 1);
        CHECK(page.listings[0].currency == "GBP");
        CHECK(page.skips.at(gpuprice::schema::SkipReason::other_currency) == 1);
        // An item without buyingOptions is not called an auction (D19).
        const auto none = parse_search_page(
            R"({"itemSummaries":[{"itemId":"v1|3|0","title":"RTX 3090","price":{"value":"1.00",)"
            R"("currency":"USD"}}]})",
            "USD");
        CHECK(none.skips.at(gpuprice::schema::SkipReason::missing_buying_options) == 1);
    }
}

TEST_SUITE("fetcher::browse_parser hostile text") {
    TEST_CASE("a lone UTF-16 surrogate escape in one title costs that item, not the page") {
        auto cut_emoji = kGoodItem;
        cut_emoji.replace(cut_emoji.find("v1|1|0"), 6, "v1|2|0");
        cut_emoji.replace(cut_emoji.find("RTX 3090 24GB"), 13, R"(RTX 3090 \ud83d 24GB)");
        auto lone_low = kGoodItem;
        lone_low.replace(lone_low.find("v1|1|0"), 6, "v1|3|0");
        lone_low.replace(lone_low.find("RTX 3090 24GB"), 13, R"(RTX 3090 \udc00)");
        // A real pair, and an escaped backslash followed by text that only looks like one.
        auto emoji = kGoodItem;
        emoji.replace(emoji.find("v1|1|0"), 6, "v1|4|0");
        emoji.replace(emoji.find("RTX 3090 24GB"), 13, R"(RTX 3090 \ud83d\ude00 \\ud83d)");
        const auto page = parse_search_page(
            page_with(kGoodItem + "," + cut_emoji + "," + lone_low + "," + emoji), "USD");
        CHECK(page.page_problem.empty());
        CHECK(page.total == 3);
        REQUIRE(page.listings.size() == 2);
        CHECK(page.listings[0].item_id == "v1|1|0");
        CHECK(page.listings[1].title == "RTX 3090 \xF0\x9F\x98\x80 \\ud83d");
        CHECK(page.skips.at(gpuprice::schema::SkipReason::invalid_utf8) == 2);
    }

    TEST_CASE("control characters and bidi overrides never get into a stored title") {
        auto item = kGoodItem;
        item.replace(item.find("RTX 3090 24GB"), 13,
                     R"(\u001b]0;owned\u0007RTX\u0000 3090\r\nX-Injected: 1\u202e 24GB)");
        const auto page = parse_search_page(page_with(item), "USD");
        REQUIRE(page.listings.size() == 1);
        CHECK(page.listings[0].title == "]0;ownedRTX 3090  X-Injected: 1 24GB");
        auto blank = kGoodItem;
        blank.replace(blank.find("RTX 3090 24GB"), 13, R"(\u001b\u0000)");
        CHECK(parse_search_page(page_with(blank), "USD")
                  .skips.at(gpuprice::schema::SkipReason::missing_title) == 1);
    }

    TEST_CASE("eBay's error texts are one printable line each") {
        const auto errors = parse_errors(
            R"({"errors":[{"errorId":12001,"domain":"API_BROWSE","category":"REQUEST",)"
            R"("message":"bad\r\nX-Injected: 1\u001b[2J"}]})");
        REQUIRE(errors.size() == 1);
        CHECK(errors[0].message == "bad  X-Injected: 1[2J");
    }

    TEST_CASE("shipping above the price cap is unknown, not billions") {
        auto item = kGoodItem;
        item.insert(item.size() - 1,
                    R"(,"shippingOptions":[{"shippingCostType":"FIXED","shippingCost":)"
                    R"({"value":"99999999999.99","currency":"USD"}}])");
        auto page = parse_search_page(page_with(item), "USD");
        REQUIRE(page.listings.size() == 1);
        CHECK_FALSE(page.listings[0].shipping_cents.has_value());
        item.replace(item.find("99999999999.99"), 14, "1000000.00");
        page = parse_search_page(page_with(item), "USD");
        REQUIRE(page.listings.size() == 1);
        CHECK(page.listings[0].shipping_cents == 100'000'000);
    }
}

}  // namespace test_browse_parser
