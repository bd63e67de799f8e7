// Clearance decisions as stored (table listing_clearances): what became of each listing once it
// was no longer seen, decided by the nightly pipeline for the listings its runs touched, and read
// by reports and history instead of deciding every listing again. The decisions themselves are
// analysis' (analysis/clearance.hpp); this file only reads and writes them.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "schema/domain/clearance_outcome.hpp"
#include "schema/domain/condition.hpp"
#include "schema/domain/listing_life.hpp"
#include "schema/store/derived_state.hpp"
#include "schema/store/observation_store.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::schema {

// The listings `work` asks to decide again (not from scratch): those seen since work.since, the
// pending ones, those decided on or after work.changed_from and the stale ones. Found once, into
// a temporary table the statements below read by listing id (each of them scanned every decision
// of the marketplace before); the table goes with this object.
class ListingsToDecide {
  public:
    ListingsToDecide(Database& db, const DerivedWork& work);
    ~ListingsToDecide();
    ListingsToDecide(const ListingsToDecide&) = delete;
    ListingsToDecide& operator=(const ListingsToDecide&) = delete;

  private:
    Database& db_;
};

// Their lives, in listing id order, with no price flag excluded (reports exclude them when they
// read). With `pending_from`, not those of fixed-price listings last seen on or after that night:
// the caller knows no night after it was fetched, so each would be decided pending and get no
// row (tonight's listings: all but those that left and the auctions).
std::vector<ListingLife> load_lives_to_decide(Database& db, const ListingsToDecide& listings,
                                              const DerivedWork& work,
                                              const std::optional<std::string>& pending_from);
// From scratch: the next `limit` lives with listing id above `after_id`, in id order, without
// those `pending_from` leaves out (as above).
std::vector<ListingLife> load_lives_after(Database& db, const Market& market, std::int64_t after_id,
                                          int limit,
                                          const std::optional<std::string>& pending_from);

struct ClearanceDecisionRow {
    std::int64_t listing_id = 0;
    std::string last_seen;  // the life's last night when decided
    ClearanceOutcome outcome = ClearanceOutcome::pending;
    std::string night;  // empty for pending and never
};

// Replaces the decisions `work` asked for with `rows` (a fixed-price listing seen on the latest
// night gets none: it is still listed). Returns the nights whose cleared listings changed (the
// nights of the replaced and of the new cleared decisions).
std::set<std::string> store_clearance_decisions(Database& db, const ListingsToDecide& listings,
                                                const DerivedWork& work,
                                                const std::vector<ClearanceDecisionRow>& rows);
// From scratch, batch by batch: forget every decision first, then add each batch.
void forget_clearance_decisions(Database& db, const Market& market);
void add_clearance_decisions(Database& db, const DerivedWork& work,
                             const std::vector<ClearanceDecisionRow>& rows);

// A life with its stored decision: cleared, auction-near-final or uncounted.
struct DecidedLife {
    ListingLife life;
    ClearanceOutcome outcome = ClearanceOutcome::cleared;
    std::string night;
};
// The clearances a report reads: lives last seen on a night in [since, to) (auctions: [since,
// to]), cleared or near their final bid on a night in [from, to], by night and then listing id
// (the order a report lists them in); the filter applies as to the medians, and only lives of
// `conditions` are read (all when empty). Uncounted and pending decisions stay unread. Each is
// handed to `each` as it is read: at a year a vector of the window's lives was a third of a
// report's peak memory, beside the clearances made of them.
void for_each_decided_life(Database& db, const std::string& since, const std::string& from,
                           const std::string& to, const ObservationFilter& filter,
                           const std::vector<ConditionClass>& conditions,
                           const std::function<void(DecidedLife&&)>& each);
// At least as many as for_each_decided_life(db, any, from, to, {market}, ...) hands over: room
// to reserve.
std::size_t decided_lives_bound(Database& db, const std::string& from, const std::string& to,
                                const Market& market);
// A listing found cleared, as the rollups count it: its model, and its last asking price with the
// night it was found gone (price.night).
struct ClearedPrice {
    std::string model;
    NightPrice price;
};
// The listings found cleared on a night in [first, last] (outcome cleared), by night and then
// listing id, each at its life's last price; the filter applies as to the medians.
std::vector<ClearedPrice> load_cleared_between(Database& db, const std::string& first,
                                               const std::string& last,
                                               const ObservationFilter& filter);
// The same for one model, all nights.
std::vector<DecidedLife> load_model_decided_lives(Database& db, const std::string& model,
                                                  const ObservationFilter& filter);

}  // namespace gpuprice::schema
