// One matched listing's time on the market as nightly fetches saw it: first and last night seen,
// how many nights, and its last asking price. What decides whether it cleared.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gpuprice::schema {

struct ListingLife {
    std::int64_t listing_id = 0;
    std::string model;  // the SKU key (skus.csv `key`) it was matched to
    int condition_id = 0;
    std::string buying_options;  // comma-separated, as eBay names them
    std::string first_seen;      // YYYY-MM-DD
    std::string last_seen;       // YYYY-MM-DD
    std::string last_seen_at;    // ISO 8601 UTC: when the run that last saw it started
    std::optional<std::string> item_end_date;  // eBay itemEndDate (auctions), ISO 8601 UTC
    int nights_seen = 0;  // nights listed: from the first night seen to the last, inclusive
    std::int64_t last_price_cents = 0;
    std::optional<std::int64_t> last_shipping_cents;  // nullopt: unknown
    std::optional<std::int64_t> last_bid_cents;       // an auction's current bid when last seen
    // What decides whether its absence is evidence (schema/domain/sent_coverage.hpp): eBay's
    // itemCreationDate (empty: unknown), and the queries that returned it (empty: none recorded,
    // a listing stored before 0025: its family's coverage decides).
    std::string created_at;
    std::vector<std::string> returned_by;
    // The first night after its last one that getItem found it ended (404 item not found, an
    // itemEndDate past or OUT_OF_STOCK: table listing_withheld_checks); empty: none did.
    std::string ended_on;
    // For the per-listing CSV.
    std::string item_id;
    std::string title;
    std::string item_url;
};

}  // namespace gpuprice::schema
