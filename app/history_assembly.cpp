#include "app/history_assembly.hpp"

#include "app/derived_pass.hpp"
#include "app/model_nights.hpp"
#include "schema/domain/clock.hpp"
#include "schema/store/night_status.hpp"
#include "schema/store/observation_store.hpp"

namespace gpuprice::app {

ModelHistory load_history(schema::Database& db, const schema::Catalog& catalog,
                          const HistoryRequest& request) {
    ModelHistory history;
    const auto past = read_past(db, catalog, request.market);
    history.periods = model_history(db, past, catalog, request.model, request.conditions,
                                    request.shipping, request.period);
    const auto latest = schema::latest_night(db, request.market);
    if (latest && (request.days > 0 || !request.since.empty())) {
        const auto from =
            request.days > 0 ? schema::add_days(*latest, -(request.days - 1)) : request.since;
        std::erase_if(history.periods, [&](const auto& n) { return n.night < from; });
    }
    if (latest) {
        history.latest_night = *latest;
        const auto status = schema::night_status(db, *latest, *latest, request.market);
        if (!status.complete()) history.latest_night_incomplete = status.summary(*latest, *latest);
    }
    return history;
}

}  // namespace gpuprice::app
