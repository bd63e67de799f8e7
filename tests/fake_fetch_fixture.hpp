// A fetch against the fake eBay into a fresh database, with the shipped catalog and matcher:
// the set-up the item-aspect tests (getItem, aspect_filter) share.
#pragma once

#include <doctest/doctest.h>

#include <chrono>
#include <string>
#include <utility>
#include <vector>

#include "app/matchers.hpp"
#include "fetcher/fetch_run.hpp"
#include "schema/rules/rule_set.hpp"
#include "schema/store/catalog_store.hpp"
#include "schema/store/migrations.hpp"
#include "tests/fake_ebay.hpp"
#include "tests/fake_fetch_config.hpp"
#include "tests/test_context.hpp"

namespace gpuprice::test {

// A card for the fake's market, item id "v1|<id>|0", with item specifics if given.
inline FakeItem fake_card(const std::string& id, const std::string& title,
                          std::vector<std::pair<std::string, std::string>> specifics = {}) {
    FakeItem item;
    item.item_id = "v1|" + id + "|0";
    item.title = title;
    item.price = "650.00";
    item.specifics = std::move(specifics);
    return item;
}

// "reason|model|decided_by" of a listing's verdict, by item id.
inline std::string stored_verdict(schema::Database& db, const std::string& item_id) {
    auto stmt = db.prepare(
        "SELECT m.reason || '|' || coalesce(m.model, '') || '|' || m.decided_by "
        "FROM match_results m JOIN listings l ON l.id = m.listing_id WHERE l.item_id = ?1");
    stmt.bind(1, item_id);
    REQUIRE(stmt.step());
    return stmt.text(0);
}

struct FakeFetchFixture {
    FakeEbay ebay;
    TempDir dir;
    schema::Database db{dir.file("fetch.db")};
    schema::RuleSet rule_set = schema::load_rule_set(catalog_dir());
    const schema::Catalog& catalog = rule_set.catalog;
    app::Matchers matchers{rule_set};
    fetcher::Credentials credentials{ebay.client_id, ebay.client_secret};
    fetcher::FetchConfig config = fake_fetch_config(ebay, dir);

    FakeFetchFixture() {
        schema::migrate(db);
        schema::store_catalog(db, catalog);
        config.check_quota = false;
    }
};

}  // namespace gpuprice::test
