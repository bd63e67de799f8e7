// Cleared listings: what left the market, and at what asking price. A fixed-price listing seen
// one night and missing the next night a query that returned it before was sent has cleared
// (sold, or ended by its seller) only when every such query sent that night was complete (paged
// to its end) and none of their pages may have left it out: its creation date lies outside their
// withheld windows (a short page with `next`, a seam between pages, a last page when eBay's total
// is not accounted for: fetcher/withheld_windows.hpp). When it may have been left out, only when
// a later such night, complete too, misses it outside every window (a night that may have left it
// out again decides nothing: eBay may withhold the same positions night after night), or when
// getItem, asked on a later night, found it ended (fetcher/withheld_check.hpp). A listing
// stored before the queries that returned it were recorded is decided by its family's coverage
// instead: its family search and every broader one complete, and none of their pages short with
// `next`.
// On an incompletely covered night it may merely have been missed, so it is not counted. An auction
// seen within its last hours (eBay's itemEndDate) gives a near-final price, kept apart as such.
#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/shipping.hpp"
#include "schema/domain/clearance_outcome.hpp"
#include "schema/domain/family_coverage.hpp"
#include "schema/domain/listing_life.hpp"
#include "schema/domain/sent_coverage.hpp"
#include "schema/rules/catalog.hpp"

namespace gpuprice::analysis {

// An auction last seen at most this long before it ended gives a near-final price.
inline constexpr std::chrono::hours kAuctionFinalWindow{6};

enum class ClearanceKind {
    cleared,             // a fixed-price listing gone on a completely covered night
    auction_near_final,  // an auction's last bid seen within kAuctionFinalWindow of its end
};
std::string_view clearance_kind_name(ClearanceKind kind);

struct Clearance {
    schema::ListingLife life;  // a copy: a clearance outlives the rows it was found in
    std::string model_name;    // the display name of life.model's SKU
    ClearanceKind kind = ClearanceKind::cleared;
    std::string night;        // the night it was found gone, or the auction's end date
    double price = 0;         // last asking price (or last bid), with shipping per the option
    bool best_offer = false;  // the listing accepted offers: the sale may have been lower
    int nights_listed = 0;    // nights it was seen
    int days_listed = 0;      // days from the first night seen to `night`
};

// Whether a family query returns listings of `model`: eBay ANDs the words of a query, so the
// family "RTX 4070" covers "RTX 4070 Ti Super" and "A100" covers "A100 SXM4 80GB".
bool family_covers(std::string_view family, std::string_view model);

// family_covers, remembered per (family, model) pair: the answer depends on the two names only,
// and finding clearances asks it for every listing that left against every family of a night.
class FamilyCovers {
  public:
    bool operator()(const std::string& family, const std::string& model);

  private:
    std::map<std::pair<std::string, std::string>, bool> known_;
};

// What became of a listing no longer seen, and when: the covering night it was found gone (or
// missed), or an auction's end date. Pending and never have no night.
struct ClearanceDecision {
    schema::ClearanceOutcome outcome = schema::ClearanceOutcome::pending;
    std::string night;
};

// Decides `life` (whose SKU's display name is `model_name`, the words family searches were
// derived from) against `coverage`, which holds every fetched night after its last one (up to
// the latest). A fixed-price listing waits (pending) until a later night asks for its family.
// `sent` (null: none read) holds the nights' sent queries, which decide a life that records
// the queries that returned it.
ClearanceDecision decide_clearance(const schema::ListingLife& life, const std::string& model_name,
                                   const schema::FamilyCoverage& coverage, FamilyCovers& covers,
                                   const schema::SentCoverage* sent = nullptr);

// The clearance a decision of cleared or auction-near-final makes, priced per `shipping`;
// nullopt for the other outcomes. `life` is taken by value: a caller done with it moves it in.
std::optional<Clearance> make_clearance(schema::ListingLife life, std::string model_name,
                                        const ClearanceDecision& decision, Shipping shipping);

// Oldest night first; a stable order, so that lives given in listing order stay so per night.
void sort_by_night(std::vector<Clearance>& clearances);

struct ClearanceCounts {
    int uncounted = 0;  // gone on a night whose coverage was incomplete
};

// Every clearance among `lives`, oldest night first. `coverage` holds every fetched night up to
// the last one considered; a listing seen on the last night is still listed. The catalog names
// each life's SKU, for the families that cover it.
std::vector<Clearance> find_clearances(const std::vector<schema::ListingLife>& lives,
                                       const schema::FamilyCoverage& coverage,
                                       const schema::Catalog& catalog, Shipping shipping,
                                       ClearanceCounts* counts = nullptr,
                                       const schema::SentCoverage* sent = nullptr);

}  // namespace gpuprice::analysis
