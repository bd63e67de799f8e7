#include "schema/domain/skip_reason.hpp"

#include <array>
#include <utility>

namespace gpuprice::schema {

namespace {

constexpr std::array<std::pair<SkipReason, std::string_view>, 16> kSkipReasons = {{
    {SkipReason::malformed_item, "malformed-item"},
    {SkipReason::missing_item_id, "missing-item-id"},
    {SkipReason::missing_title, "missing-title"},
    {SkipReason::bad_title, "bad-title"},
    {SkipReason::invalid_utf8, "invalid-utf8"},
    {SkipReason::missing_price, "missing-price"},
    {SkipReason::bad_price, "bad-price"},
    {SkipReason::other_currency, "other-currency"},
    {SkipReason::for_parts_condition, "for-parts-condition"},
    {SkipReason::missing_buying_options, "missing-buying-options"},
    {SkipReason::auction_only, "auction-only"},
    {SkipReason::missing_sold_date, "missing-sold-date"},
    {SkipReason::duplicate, "duplicate"},
    {SkipReason::truncated_page, "truncated-page"},
    {SkipReason::truncated_page_unknown, "truncated-page-unknown"},
    {SkipReason::sold_out, "sold-out"},
}};

// The table is in enum order, so a reason is its own index.
constexpr bool in_enum_order() {
    for (std::size_t i = 0; i < kSkipReasons.size(); ++i) {
        if (static_cast<std::size_t>(kSkipReasons[i].first) != i) return false;
    }
    return true;
}
static_assert(in_enum_order());
static_assert(kSkipReasons.size() == static_cast<std::size_t>(SkipReason::sold_out) + 1);

}  // namespace

std::string_view skip_reason_name(SkipReason reason) {
    return kSkipReasons[static_cast<std::size_t>(reason)].second;
}

std::optional<SkipReason> parse_skip_reason(std::string_view name) {
    for (const auto& [reason, text] : kSkipReasons) {
        if (text == name) return reason;
    }
    return std::nullopt;
}

int total_skipped(const SkipCounts& skips) {
    int total = 0;
    for (const auto& [reason, count] : skips) total += count;
    return total;
}

}  // namespace gpuprice::schema
