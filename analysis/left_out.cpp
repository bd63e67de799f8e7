#include "analysis/left_out.hpp"

#include <algorithm>

#include "schema/domain/condition.hpp"
#include "schema/domain/price_flags.hpp"

namespace gpuprice::analysis {

namespace {

std::string flag_why(int flag) {
    switch (flag) {
        case schema::kFlagAbroad:
            return "located outside the marketplace's country: import duties and long shipping "
                   "are not in the price";
        case schema::kFlagVariations:
            return "a multi-variation listing: search shows one variation's price, often the "
                   "cheapest option, under a title that may name none";
        case schema::kFlagLowFeedbackSeller:
            return "a seller with no feedback or too little positive feedback";
        default:
            return "flagged by the fetcher";
    }
}

std::string reason_why(schema::MatchReason reason) {
    switch (reason) {
        case schema::MatchReason::for_parts:
            return "the title says for parts, not working or damaged";
        case schema::MatchReason::box_only:
            return "a box, not a card";
        case schema::MatchReason::accessory:
            return "an accessory: a waterblock, backplate, bracket or riser";
        case schema::MatchReason::system:
            return "a whole PC, laptop or server";
        case schema::MatchReason::lot:
            return "several cards at one price";
        case schema::MatchReason::unknown_model:
            return "a GPU the catalog does not hold (see gpuprice unmatched)";
        case schema::MatchReason::ambiguous:
            return "several catalog models fit and nothing in the title decides";
        case schema::MatchReason::not_a_gpu:
            return "not a graphics card";
        case schema::MatchReason::ok:
            break;
    }
    return {};
}

}  // namespace

std::vector<LeftOutCount> left_out_counts(const std::vector<schema::ListingTally>& tallies,
                                          const Report& report,
                                          const std::vector<schema::ConditionClass>& conditions,
                                          int excluded_flags) {
    std::vector<LeftOutCount> out;
    const auto add = [&](const std::string& what, int count, const std::string& why) {
        if (count > 0) out.push_back({what, count, why});
    };
    int outliers = 0;
    for (const auto& row : report.rows) outliers += row.outliers_removed;
    add("outliers", outliers,
        "prices far from their model's median (the report's robust rule), or under its floor");

    const auto reported = [&](const schema::ListingTally& t) {
        const auto c = schema::condition_class(t.condition_id);
        return std::find(conditions.begin(), conditions.end(), c) != conditions.end();
    };
    for (int flag = 1; flag <= schema::kAllPriceFlags; flag <<= 1) {
        if (!(flag & excluded_flags)) continue;
        int count = 0;
        for (const auto& t : tallies) {
            if (t.reason == schema::MatchReason::ok && (t.price_flags & flag) && reported(t)) {
                count += t.listings;
            }
        }
        add(std::string(schema::price_flag_name(static_cast<schema::PriceFlag>(flag))), count,
            flag_why(flag));
    }
    for (const auto reason : schema::kAllMatchReasons) {
        if (reason == schema::MatchReason::ok) continue;
        int count = 0;
        for (const auto& t : tallies) {
            if (t.reason == reason && reported(t)) count += t.listings;
        }
        add("unmatched: " + std::string(schema::match_reason_name(reason)), count,
            reason_why(reason));
    }
    int without_verdict = 0, unpriced = 0, unstated = 0;
    for (const auto& t : tallies) {
        if (!t.reason && reported(t)) without_verdict += t.listings;
        // 0: eBay gave no conditionId and no condition name gpuprice knows (condition_names).
        if (t.condition_id == 0) {
            unstated += t.listings;
        } else if (!reported(t)) {
            unpriced += t.listings;
        }
    }
    add("no verdict yet", without_verdict, "title matching was interrupted; run 'gpuprice match'");
    add("other conditions", unpriced,
        "listed in a condition this report does not cover (for parts is never a price)");
    add("condition not stated", unstated,
        "eBay gave no conditionId and no condition name gpuprice knows: new, used or "
        "refurbished cannot be told");
    return out;
}

}  // namespace gpuprice::analysis
