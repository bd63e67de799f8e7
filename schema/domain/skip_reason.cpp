#include "schema/domain/skip_reason.hpp"

#include "schema/domain/enum_names.hpp"

namespace gpuprice::schema {

namespace {

constexpr EnumNames<SkipReason, 16> kSkipReasons = {{
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

static_assert(names_every_value(kSkipReasons, SkipReason::sold_out));

}  // namespace

std::string_view skip_reason_name(SkipReason reason) {
    return name_of(kSkipReasons, reason);
}

int total_skipped(const SkipCounts& skips) {
    int total = 0;
    for (const auto& [reason, count] : skips) total += count;
    return total;
}

}  // namespace gpuprice::schema
