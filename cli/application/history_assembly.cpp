#include "cli/application/history_assembly.hpp"

#include "analysis/clearance.hpp"
#include "schema/domain/clock.hpp"
#include "schema/store/clearance_inputs.hpp"
#include "schema/store/night_status.hpp"
#include "schema/store/observation_store.hpp"
#include "schema/store/sold_store.hpp"

namespace gpuprice::app {

ModelHistory load_history(schema::Database& db, const schema::Catalog& catalog,
                          const HistoryRequest& request) {
    schema::ObservationFilter filter;
    filter.market = request.market;
    // Clearances: every night's coverage, since a listing's whole life may matter.
    const auto lives = schema::load_model_listing_lives(db, request.model, filter);
    const auto coverage =
        schema::load_family_coverage(db, "0000-01-01", "9999-12-31", request.market);
    const auto clearances = analysis::find_clearances(lives, coverage, catalog, request.shipping);
    ModelHistory history;
    history.periods =
        analysis::price_history(schema::load_model_history(db, request.model, filter), clearances,
                                schema::load_model_sold_prices(db, request.model, request.market),
                                request.conditions, request.shipping, request.period);
    const auto latest = schema::latest_night(db, request.market);
    if (latest && (request.days > 0 || !request.since.empty())) {
        const auto from =
            request.days > 0 ? schema::add_days(*latest, -(request.days - 1)) : request.since;
        std::erase_if(history.periods, [&](const auto& n) { return n.night < from; });
    }
    if (latest) {
        const auto status = schema::night_status(db, *latest, *latest, request.market);
        if (!status.complete()) history.latest_night_incomplete = status.summary(*latest, *latest);
    }
    return history;
}

}  // namespace gpuprice::app
