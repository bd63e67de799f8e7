#include "schema/domain/condition_names.hpp"

#include "schema/domain/ascii_case.hpp"
#include "schema/domain/trim.hpp"

namespace gpuprice::schema {

namespace {

// Seen: the names of the 1,579 real GPU ItemSummaries in shared/real-listings/browse-api and
// shared/ebay-samples (activescott/gpu-agent dumps), each beside its conditionId there, with how
// often. Documented: eBay's item condition table (developer.ebay.com, "Item condition ID and name
// values"; the ids are the ones condition.hpp classes), as the names eBay gives those ids in
// English; not seen in a GPU capture yet.
constexpr std::string_view kSeen = "seen with this conditionId in the real GPU summaries";
constexpr std::string_view kDocumented = "eBay's item condition table; not seen in a GPU capture";

const std::vector<ConditionName> kConditionNames = {
    {"New", 1000, kSeen},        // 818 times
    {"Brand New", 1000, kSeen},  // 11
    {"Nuovo", 1000, kSeen},      // 3, items listed on eBay Italy
    {"Open box", 1500, kSeen},   // 202
    {"New other (see details)", 1500, kDocumented},
    {"New with defects", 1750, kDocumented},
    {"Certified - Refurbished", 2000, kSeen},  // 7
    {"Certified refurbished", 2000, kSeen},    // 2
    {"Manufacturer refurbished", 2000, kDocumented},
    {"Excellent - Refurbished", 2010, kSeen},  // 64
    {"Very Good - Refurbished", 2020, kSeen},  // 30
    {"Good - Refurbished", 2030, kSeen},       // 20
    {"Seller refurbished", 2500, kDocumented},
    {"Used", 3000, kSeen},  // 600
    {"Pre-owned", 3000, kDocumented},
    {"For parts or not working", 7000, kSeen},  // 29
};

}  // namespace

const std::vector<ConditionName>& condition_names() {
    return kConditionNames;
}

std::optional<int> condition_id_of_name(std::string_view name) {
    const auto text = trim(name);
    for (const auto& row : kConditionNames) {
        if (equals_ignoring_ascii_case(row.name, text)) return row.condition_id;
    }
    return std::nullopt;
}

}  // namespace gpuprice::schema
