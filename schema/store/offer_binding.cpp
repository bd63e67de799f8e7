#include "schema/store/offer_binding.hpp"

#include <type_traits>

namespace gpuprice::schema {

namespace {

// Binds `value` to `name` when the statement has that parameter; counts it in `bound`.
template <typename T>
void bind_if_named(Statement& statement, const char* name, const T& value, int& bound) {
    const int index = statement.find_parameter(name);  // one lookup per field and row
    if (index == 0) return;
    if constexpr (std::is_same_v<T, std::string>) {
        statement.bind_unowned(index, value);
    } else {
        statement.bind(index, value);
    }
    ++bound;
}

}  // namespace

int bind_offer(Statement& statement, const SellerOffer& offer) {
    int bound = 0;
    bind_if_named(statement, ":item_id", offer.item_id, bound);
    bind_if_named(statement, ":title", offer.title, bound);
    bind_if_named(statement, ":condition_id", offer.condition_id, bound);
    bind_if_named(statement, ":buying_options", offer.buying_options, bound);
    bind_if_named(statement, ":location_country", offer.location_country, bound);
    bind_if_named(statement, ":item_group_type", offer.item_group_type, bound);
    bind_if_named(statement, ":seller_username", offer.seller_username, bound);
    bind_if_named(statement, ":seller_feedback_score", offer.seller_feedback_score, bound);
    bind_if_named(statement, ":seller_feedback_pct", offer.seller_feedback_pct, bound);
    bind_if_named(statement, ":item_url", offer.item_url, bound);
    bind_if_named(statement, ":price_cents", offer.price_cents, bound);
    bind_if_named(statement, ":currency", offer.currency, bound);
    return bound;
}

}  // namespace gpuprice::schema
