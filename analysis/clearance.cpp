#include "analysis/clearance.hpp"
#include "schema/domain/ascii_case.hpp"

#include <algorithm>
#include <set>
#include <sstream>

#include "schema/domain/buying_option.hpp"
#include "schema/domain/clock.hpp"

namespace gpuprice::analysis {

namespace {

std::set<std::string> words(std::string_view text) {
    const auto lower = schema::ascii_lower(text);
    std::istringstream in(lower);
    std::set<std::string> out;
    for (std::string word; in >> word;) out.insert(word);
    return out;
}

// A fetched night that asked for a family covering a model.
struct CoveringNight {
    std::string night;
    bool complete = false;  // every covering family asked that night was complete
    bool withheld = false;  // one of them withheld items on short pages
};

// The first fetched night after `after` that asked for a family covering the model named
// `model` (its display name, whose words family searches were derived from). Every family that
// returns the model's listings must have been complete that night: a broader family's failed
// search may have been the one that returned them (audit 3, F10). nullopt when no later night
// asked for it.
std::optional<CoveringNight> covering_night_after(const schema::FamilyCoverage& coverage,
                                                  const std::string& after,
                                                  const std::string& model, FamilyCovers& covers) {
    for (auto it = coverage.upper_bound(after); it != coverage.end(); ++it) {
        bool asked = false, complete = true, withheld = false;
        for (const auto& [family, covered] : it->second) {
            if (!covers(family, model)) continue;
            asked = true;
            complete = complete && covered.complete;
            withheld = withheld || covered.withheld;
        }
        if (asked) return CoveringNight{it->first, complete, withheld};
    }
    return std::nullopt;
}

// The first fetched night after `after` that sent a query that returned the listing before
// (search, price band, other category, another family's broader search: audit 3, F10): complete
// when every one of them sent that night was paged to its end, withheld when the pages of one of
// them may have left the listing out (its creation date in one of their windows).
std::optional<CoveringNight> sent_night_after(const schema::SentCoverage& coverage,
                                              const std::string& after,
                                              const schema::ListingLife& life) {
    for (auto it = coverage.upper_bound(after); it != coverage.end(); ++it) {
        const auto verdict = schema::sent_verdict(it->second, life.created_at, life.returned_by);
        if (verdict.asked) return CoveringNight{it->first, verdict.complete, verdict.withheld};
    }
    return std::nullopt;
}

}  // namespace

std::string_view clearance_kind_name(ClearanceKind kind) {
    return kind == ClearanceKind::cleared ? "cleared" : "auction-near-final";
}

bool family_covers(std::string_view family, std::string_view model) {
    const auto family_words = words(family);
    if (family_words.empty()) return false;
    const auto model_words = words(model);
    return std::includes(model_words.begin(), model_words.end(), family_words.begin(),
                         family_words.end());
}

bool FamilyCovers::operator()(const std::string& family, const std::string& model) {
    auto key = std::make_pair(family, model);
    const auto known = known_.find(key);
    if (known != known_.end()) return known->second;
    const bool covers = family_covers(family, model);
    known_.emplace(std::move(key), covers);
    return covers;
}

ClearanceDecision decide_clearance(const schema::ListingLife& life, const std::string& model_name,
                                   const schema::FamilyCoverage& coverage, FamilyCovers& covers,
                                   const schema::SentCoverage* sent) {
    using schema::ClearanceOutcome;
    if (schema::offers(life.buying_options, schema::BuyingOption::auction)) {
        // An auction ends by itself: its disappearance says nothing, its last bid near the end
        // says nearly what it went for. The bid is the near-final price (an auction with Buy It
        // Now lists its BIN as the price); no bid, no price.
        if (!life.item_end_date) return {ClearanceOutcome::never, {}};
        const auto end = schema::parse_iso_utc(*life.item_end_date);
        const auto seen = schema::parse_iso_utc(life.last_seen_at);
        if (!end || !seen || *seen > *end || *end - *seen > kAuctionFinalWindow)
            return {ClearanceOutcome::never, {}};
        if (!life.last_bid_cents) return {ClearanceOutcome::never, {}};
        return {ClearanceOutcome::auction_near_final, schema::utc_date(*end)};
    }
    // The queries that returned it decide, once one of them is sent again; a listing stored
    // before they were recorded, or whose queries are no longer sent, is decided by its family.
    const bool by_sent = sent && !life.returned_by.empty() &&
                         sent_night_after(*sent, life.last_seen, life).has_value();
    const auto next_after = [&](const std::string& after) {
        return by_sent ? sent_night_after(*sent, after, life)
                       : covering_night_after(coverage, after, model_name, covers);
    };
    const auto gone = next_after(life.last_seen);
    if (!gone) return {ClearanceOutcome::pending, {}};  // still listed as far as anyone knows
    if (!gone->complete) return {ClearanceOutcome::uncounted, gone->night};
    if (!gone->withheld) return {ClearanceOutcome::cleared, gone->night};
    // eBay may have withheld it that night. getItem, asked on a night after its last one, found
    // it ended (fetcher/withheld_check.hpp): it left, on the night it was first missed.
    if (!life.ended_on.empty()) return {ClearanceOutcome::cleared, gone->night};
    // Else it has left once a later covering night, paged to
    // its end, misses it outside every window too: eBay may leave the same positions empty night
    // after night (the oldest listings of a family whose last page comes back short), so a second
    // night that withheld it as well says nothing more. The night it was first missed is its
    // clearance's.
    for (auto again = next_after(gone->night); again; again = next_after(again->night)) {
        if (!again->complete) return {ClearanceOutcome::uncounted, gone->night};
        if (!again->withheld) return {ClearanceOutcome::cleared, gone->night};
    }
    return {ClearanceOutcome::pending, {}};
}

std::optional<Clearance> make_clearance(schema::ListingLife life, std::string model_name,
                                        const ClearanceDecision& decision, Shipping shipping) {
    Clearance c;
    switch (decision.outcome) {
        case schema::ClearanceOutcome::cleared:
            c.kind = ClearanceKind::cleared;
            c.price = buyer_total(life.last_price_cents, life.last_shipping_cents, shipping);
            break;
        case schema::ClearanceOutcome::auction_near_final:
            // Shipping as for any listing.
            c.kind = ClearanceKind::auction_near_final;
            c.price =
                buyer_total(life.last_bid_cents.value_or(0), life.last_shipping_cents, shipping);
            break;
        default:
            return std::nullopt;
    }
    c.life = std::move(life);
    c.model_name = std::move(model_name);
    c.night = decision.night;
    c.best_offer = schema::offers(c.life.buying_options, schema::BuyingOption::best_offer);
    c.nights_listed = c.life.nights_seen;
    c.days_listed = schema::days_between(c.life.first_seen, c.night);
    return c;
}

void sort_by_night(std::vector<Clearance>& clearances) {
    // Stored decisions come in this order already; a stable sort would still move every one.
    const auto by_night = [](const Clearance& a, const Clearance& b) { return a.night < b.night; };
    if (std::is_sorted(clearances.begin(), clearances.end(), by_night)) return;
    std::stable_sort(clearances.begin(), clearances.end(), by_night);
}

std::vector<Clearance> find_clearances(const std::vector<schema::ListingLife>& lives,
                                       const schema::FamilyCoverage& coverage,
                                       const schema::Catalog& catalog, Shipping shipping,
                                       ClearanceCounts* counts, const schema::SentCoverage* sent) {
    FamilyCovers covers;
    std::vector<Clearance> out;
    for (const auto& life : lives) {
        auto model_name = catalog.display_name(life.model);
        const auto decision = decide_clearance(life, model_name, coverage, covers, sent);
        if (decision.outcome == schema::ClearanceOutcome::uncounted && counts) ++counts->uncounted;
        if (auto c = make_clearance(life, std::move(model_name), decision, shipping))
            out.push_back(std::move(*c));
    }
    sort_by_night(out);
    return out;
}

}  // namespace gpuprice::analysis
