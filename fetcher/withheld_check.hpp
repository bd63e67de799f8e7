// The night's getItem check of the listings its searches could not decide. A listing missing
// tonight from every query that returned it before, each paged to its end, has left the market
// only when its creation date lies outside every window where those pages may have left an item
// out (fetcher/withheld_windows.hpp); inside one, one night's search cannot tell a sale from a
// listing eBay withheld, and no other query vouches for it (of the 115 pending in the fake's
// `short` scenario, 114 were returned by one query only: BENCHMARKS.md, issue 39). eBay's
// getItem can: "Check if the listing is available for purchase by reviewing the itemEndDate and
// estimatedAvailabilityStatus fields. If the item has an EndDate in the past, the listing should
// not be pulled in" (developer.ebay.com/api-docs/buy/browse/overview.html, the "item" resource),
// and an item eBay no longer serves answers 404 with errorId 11001, "The specified item Id was
// not found" (fetcher/ebay_error_ids.hpp). So, at the end of the listings pass:
//   - ended (11001, or 200 with an itemEndDate in the past or OUT_OF_STOCK everywhere): cleared
//     on the night it was first missed, at its last price (analysis/clearance.cpp reads it);
//   - listed (200, still for sale): eBay's search withheld it; it is observed tonight at the
//     answer's price, neither cleared nor pending;
//   - anything else (a 5xx after the client's retries, throttling, no call left): undecided; it
//     waits as before, and nothing about the night fails.
// The check has a share of the night's calls reserved (call_budget.hpp, Pass::withheld_check;
// kDefaultWithheldCheckShare) and what the listings pass left; it asks oldest-missing first: a
// listing missed for longest has waited longest for its clearance, and its report nights are the
// first to leave a report's window.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "fetcher/ebay_client.hpp"
#include "fetcher/price_rules.hpp"
#include "fetcher/run_writer.hpp"
#include "schema/domain/listing_life.hpp"
#include "schema/domain/market.hpp"
#include "schema/domain/night.hpp"
#include "schema/domain/sent_coverage.hpp"
#include "schema/domain/withheld_check.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::fetcher {

// The share of the night's calls reserved for the check by default: getItem's own
// (kDefaultItemCallShare), the same call per listing, bounded alike. Chosen before any
// measurement; eBay documents no rate of short pages to size it by. What it leaves goes on to the
// passes after it.
inline constexpr double kDefaultWithheldCheckShare = 0.10;
// Listings last seen up to this many nights before tonight are asked: a report's default window
// (`report --days 30`); a clearance further back changes no report of tonight.
inline constexpr int kWithheldCheckNights = 30;

// The share of the night's calls to reserve for the check on `night`: `share`, or none when no
// listing of `market` was seen on the kWithheldCheckNights nights before it (a first night: the
// check would have nothing to ask, and its share stays with the listings).
double withheld_check_share(schema::Database& db, const schema::Market& market, schema::Night night,
                            double share);

// Which of `lives` tonight's queries (`tonight`, one night of SentCoverage) missed inside a
// withheld window: at least one query that returned it before was sent tonight, every such query
// was paged to its end, and the pages of one of them may have left it out. In the given order.
std::vector<schema::ListingLife> missed_inside_windows(std::vector<schema::ListingLife> lives,
                                                       const schema::SentQueries& tonight);

// What one getItem answer says, at time `now` (an itemEndDate before it is past).
struct CheckAnswer {
    schema::WithheldCheck outcome = schema::WithheldCheck::undecided;
    std::optional<schema::Listing> listing;  // listed: the listing as the answer gives it
};
CheckAnswer read_check_answer(const EbayAnswer& answer, const std::string& currency,
                              std::chrono::system_clock::time_point now);

struct WithheldCheckOutcome {
    int missed = 0;  // listings tonight's searches missed inside a withheld window
    int ended = 0;
    int listed = 0;
    int undecided = 0;  // asked, and the answer decided nothing
    int not_asked = 0;  // no call left for the check, or eBay stopped the client: they wait
    int calls_used = 0;
    std::vector<std::string> problems;  // a few undecided answers, for the night's notes

    // "checked 117 listings missed inside withheld windows: 80 ended, 35 still listed, 2
    // undecided (3 not asked: no call left for the check, ...)"; empty when none was missed.
    std::string note() const;
};

// The check for run `writer.run_id()` of `night`, through the night's client, after the listings
// pass has stored its coverage: reads the listings tonight's sent queries missed inside a window,
// asks getItem for each within the check's calls, stores a listed one's observation through
// `writer` (its price flags by `rules`) and records every answer (listing_withheld_checks). The
// check's share is closed at the end. Never throws for eBay's answers.
WithheldCheckOutcome check_withheld(schema::Database& db, EbayClient& client, RunWriter& writer,
                                    const PriceRules& rules, schema::Night night);

}  // namespace gpuprice::fetcher
