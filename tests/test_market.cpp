// The market table and money as a person reads it: each market's currency symbol, thousands
// separators, decimals and signs, the same on every machine.
#include <doctest/doctest.h>

#include <set>

#include "schema/domain/market.hpp"

namespace gpuprice::test_market {

TEST_SUITE("domain::market") {
    TEST_CASE("money reads in the market's currency, locale-free") {
        CHECK(schema::format_money(1234.4, "USD") == "$1,234");
        CHECK(schema::format_money(979.5, "GBP") == "£980");
        CHECK(schema::format_money(1234567.891, "EUR", 2) == "€1,234,567.89");
        CHECK(schema::format_money(999.999, "CAD", 2) == "C$1,000.00");
        CHECK(schema::format_money(-42, "AUD") == "-A$42");
        CHECK(schema::format_money(-0.2, "USD") == "$0");  // no "-$0"
        CHECK(schema::format_money(12, "XYZ") == "XYZ 12");
    }

    TEST_CASE("a heading's '$' becomes the currency's symbol") {
        CHECK(schema::money_heading("GFLOPS/$", "GBP") == "GFLOPS/£");
        CHECK(schema::money_heading("price $", "USD") == "price $");
        CHECK(schema::money_heading("price $", "XYZ") == "price XYZ");
        CHECK(schema::money_heading("TFLOPS", "EUR") == "TFLOPS");
    }

    TEST_CASE(
        "every market is whole: an id, a country, a currency and its symbol, a category, a floor") {
        std::set<std::string_view> ids;
        for (const auto& m : schema::markets()) {
            CAPTURE(m.id);
            CHECK(ids.insert(m.id).second);
            CHECK(m.id.starts_with("EBAY_"));
            CHECK(m.country.size() == 2);
            CHECK(m.currency.size() == 3);
            CHECK_FALSE(m.currency_symbol.empty());
            CHECK(m.graphics_cards_category > 0);
            CHECK(m.price_floor > 0);
            CHECK(schema::find_market(m.id)->currency == m.currency);
        }
        CHECK(schema::default_market().id == schema::markets().front().id);
        CHECK_FALSE(schema::find_market("EBAY_XX"));
        CHECK(schema::market_ids().find("EBAY_GB") != std::string::npos);
    }
}

}  // namespace gpuprice::test_market
