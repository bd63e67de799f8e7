#include "schema/store/life_query.hpp"

#include "schema/domain/clock.hpp"
#include "schema/domain/match_reason.hpp"

namespace gpuprice::schema {

void bind_life_joins(Statement& select, const Market& market, int excluded_flags) {
    select.bind(3, market.id).bind(4, excluded_flags).bind(5, match_reason_name(MatchReason::ok));
}

ListingLife read_life(const Statement& select) {
    ListingLife life;
    life.listing_id = select.int64(0);
    life.model = select.text(1);
    life.condition_id = select.int32(2);
    life.buying_options = select.text(3);
    life.first_seen = select.text(4);
    life.last_seen = select.text(5);
    life.last_seen_at = select.text(6);
    life.item_end_date = select.optional_text(7);
    life.last_price_cents = select.int64(8);
    life.last_shipping_cents = select.optional_int64(9);
    life.item_id = select.text(10);
    life.title = select.text(11);
    life.item_url = select.text(12);
    life.last_bid_cents = select.optional_int64(13);
    // Listed from the first night seen to the last, nights it was missed included.
    life.nights_seen = days_between(life.first_seen, life.last_seen) + 1;
    return life;
}

std::vector<ListingLife> read_lives(Statement& select) {
    std::vector<ListingLife> lives;
    while (select.step()) lives.push_back(read_life(select));
    return lives;
}

}  // namespace gpuprice::schema
