// A small market that turns over, night by night, written through the listing store into a real
// SQLite file: listings leave, come back, change price, auctions end, a night without a fetch, a
// family fetched incompletely, a night fetched twice, nights that asked for one family only,
// verdicts and flags that change. What the derived-table and compaction tests drive and compare.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "analysis/clearance.hpp"
#include "analysis/price_history.hpp"
#include "schema/rules/catalog.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::test {

struct MarketListing {
    std::string item_id;
    std::string model;
    std::int64_t cents = 0;
    bool auction = false;
    std::string end_date;  // auctions
    std::int64_t bid = 0;
    int price_flags = 0;
    int condition_id = 3000;
    bool stays = false;  // never leaves, never changes price (an interval longer than a month)
};

// Everything a clearance says, one line each, in the order given.
std::string describe(const std::vector<analysis::Clearance>& clearances);
std::string describe(const std::vector<analysis::NightlyMedian>& nights);
// The derived tables' rows, one line each, in key order.
std::string stored_rows(schema::Database& db);
std::string stored_decisions(schema::Database& db);
// Every market's derived tables forgotten and derived again from all its nights: what a pass
// made night by night must equal.
void redo_derived_tables(schema::Database& db, const schema::Catalog& catalog);

class NightlyMarket {
  public:
    explicit NightlyMarket(schema::Database& db) : db_(db) {}

    // One run on `night` seeing `listings`, asking `families` (false: incomplete). It starts at
    // `hour` that night, or at `started_at` when given (a run begun after midnight stores the
    // night its command started on).
    void run(const std::string& night, int hour, const std::vector<MarketListing>& listings,
             const std::map<std::string, bool>& families, const std::string& started_at = "");

    void remember(const MarketListing& m) { model_of_[m.item_id] = m.model; }
    // A later match gives the listing another verdict (the catalog learnt a variant, say).
    void rematch(const std::string& item_id, const std::string& model) {
        model_of_[item_id] = model;
    }

  private:
    schema::Database& db_;
    std::map<std::string, std::string> model_of_;
};

// Plays `nights` nights from 2026-11-01 on (the same ones for a given count) into every market
// alike; after each night's runs, calls after_night(n, night) (not on night 4, when the machine
// was off).
void play_market(const std::vector<NightlyMarket*>& markets, int nights,
                 const std::function<void(int n, const std::string& night)>& after_night);

}  // namespace gpuprice::test
