// Too good to be true: a listing priced far under what the market says its model is worth is
// flagged `suspect-price` (schema::kFlagSuspectPrice) and kept out of medians, the three
// cheapest, plans and the single-card "cheapest listing" unless a report includes the flag. The
// outlier rule (outliers.hpp) needs three prices and judges a model only against its own
// listings of the night; this rule judges every listing, even a lone one, against the widest
// evidence the market offers, and records what it compared the price with.
//
// The reference for a listing of model M in condition C, the first that applies:
// 1. own: the median of M's other prices in C over the recent nights (every other listing once,
//    at its latest asking price; the last asking prices of listings that cleared; eBay's sold
//    prices), when there are at least kMinReferencePrices of them. Suspect under
//    kSuspectRatio x the reference.
// 2. siblings: M's own prices pooled with those of its siblings (same vendor, architecture,
//    VRAM and form factor: RTX 4090 D and RTX 4090), each sibling's price scaled by the two
//    cards' FP32 throughput (siblings between half and twice M's). Suspect under
//    kSuspectRatioThin x the median.
// 3. class: the cheapest well-listed card of M's VRAM class (at least kMinReferencePrices prices,
//    PCIe against PCIe, modules against modules), its median scaled down to M's FP32 throughput
//    when M is slower (never up). Suspect under kSuspectRatioThin x it: only an offer of more
//    than twice the compute per dollar of every well-evidenced card that holds the same models.
// A listing with none of these (a lone model in a class of lone models) is not judged. Prices
// found suspect are no evidence: they leave every reference and the rest are judged again.
//
// The thresholds were tuned on real price spreads (scripts/eval-suspect-price, README
// "Too good to be true"): on the held-out half of the real listings they flag no honest
// listing of a working card; a listing at 30% of its model's price is under all of them.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "schema/domain/condition.hpp"
#include "schema/domain/market.hpp"
#include "schema/rules/catalog.hpp"

namespace gpuprice::analysis {

inline constexpr double kSuspectRatio = 0.4;
inline constexpr double kSuspectRatioThin = 0.35;
inline constexpr std::size_t kMinReferencePrices = 5;
// Prices found suspect leave the evidence and the rest are judged again, at most this often.
inline constexpr int kMaxSuspectRounds = 4;
// Siblings between 1/kSiblingSpread and kSiblingSpread times the card's FP32 throughput.
inline constexpr double kSiblingSpread = 2.0;

enum class ReferenceTier { own, siblings, vram_class };
// "own", "siblings", "class"
std::string_view reference_tier_name(ReferenceTier tier);

// What a listing's price was compared with.
struct PriceReference {
    ReferenceTier tier = ReferenceTier::own;
    double usd = 0;
    int prices = 0;           // how many prices the reference is the median of
    std::string description;  // "median of 46 used RTX 4090 prices"
};

// A listing the rule flags: its price, the reference, and the ratio between them.
struct SuspectPrice {
    PriceReference reference;
    double ratio = 0;  // price / reference
};

// One price the market offers as evidence (a listing's asking price, a cleared listing's last
// asking price, or a sale), or a listing's price to judge. `listing_id` keeps a listing from being
// its own reference (0 for sales, which are never judged).
struct MarketPrice {
    std::int64_t listing_id = 0;
    schema::ConditionClass condition = schema::ConditionClass::used;
    std::string model;
    double usd = 0;
};

// How a candidate compares with its reference: suspect when ratio < threshold.
struct PriceJudgement {
    PriceReference reference;
    double threshold = 0;  // kSuspectRatio or kSuspectRatioThin, by the reference's tier
    double ratio = 0;      // price / reference
    bool suspect() const { return ratio < threshold; }
};

// Every candidate that has a reference, by listing id. `market` holds every price of the
// evidence (the candidates' own asking prices may be among them: a listing never counts against
// itself). Prices under `marketplace`'s price floor (in its currency: placeholders the outlier
// rule drops) are neither judged nor evidence; references are described in its currency. For
// measuring the rule
// (scripts/eval-suspect-price); reports use find_suspect_prices.
std::map<std::int64_t, PriceJudgement> judge_prices(const std::vector<MarketPrice>& candidates,
                                                    const std::vector<MarketPrice>& market,
                                                    const schema::Catalog& catalog,
                                                    const schema::Market& marketplace);

// The suspect candidates, by listing id.
std::map<std::int64_t, SuspectPrice> find_suspect_prices(const std::vector<MarketPrice>& candidates,
                                                         const std::vector<MarketPrice>& market,
                                                         const schema::Catalog& catalog,
                                                         const schema::Market& marketplace);

}  // namespace gpuprice::analysis
