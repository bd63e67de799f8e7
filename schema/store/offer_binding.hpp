// How a SellerOffer goes into a statement: each field bound to the named parameter of the same
// name (":title", ":seller_feedback_pct", ...), for the listing insert and update, the price
// observation and the sold upsert alike, so no field is bound at a position written twice.
#pragma once

#include "schema/domain/seller_offer.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::schema {

// Binds each of the offer's fields that `statement` names as a parameter; a statement names the
// fields it stores (a listing row keeps no price: its observations do). Text is bound without a
// copy: `offer` must outlive the statement's run. Returns how many fields were bound.
int bind_offer(Statement& statement, const SellerOffer& offer);

}  // namespace gpuprice::schema
