#include "app/watch_checks.hpp"

#include <map>
#include <stdexcept>
#include <tuple>

#include "app/report_assembly.hpp"
#include "schema/domain/clock.hpp"
#include "schema/domain/condition.hpp"
#include "schema/domain/market.hpp"
#include "schema/domain/price_flags.hpp"
#include "schema/store/observation_store.hpp"
#include "schema/store/watch_store.hpp"

namespace gpuprice::app {

namespace {

// The night before is the latest earlier night with prices, however long ago: a watch compares
// with what the last check saw.
constexpr int kAnyEarlierNight = 3650;

struct Nights {
    std::optional<analysis::Report> tonight;
    std::string currency;  // of tonight's prices
    std::string night;     // tonight's
    std::optional<analysis::Report> before;
    std::string before_night;
};

// The report a watch reads: its conditions and price, its marketplace, flagged listings out (as
// `report` without --include).
ReportRequest request_for(const schema::Watch& watch) {
    ReportRequest request;
    request.options.conditions = schema::parse_conditions(watch.condition);
    const auto basis = analysis::parse_price_basis(watch.price);
    if (!basis)
        throw std::invalid_argument("watch " + std::to_string(watch.id) + ": price '" +
                                    watch.price + "' is not one of " +
                                    analysis::price_basis_names());
    request.options.basis = *basis;
    const auto market = schema::find_market(watch.marketplace);
    if (!market)
        throw std::invalid_argument("watch " + std::to_string(watch.id) + ": marketplace '" +
                                    watch.marketplace + "' is not one of " + schema::market_ids());
    request.filter.market = *market;
    request.filter.excluded_flags = schema::kAllPriceFlags;
    return request;
}

Nights reports_for(schema::Database& db, const schema::Catalog& catalog,
                   const schema::Watch& watch) {
    auto request = request_for(watch);
    Nights nights;
    const auto tonight = load_report(db, catalog, request, schema::Details::With);
    if (!tonight) return nights;
    nights.tonight = tonight->report;
    nights.currency = tonight->context.currency;
    nights.night = tonight->context.as_of;
    const auto previous = schema::night_on_or_before(
        db, schema::add_days(tonight->context.as_of, -1), kAnyEarlierNight, request.filter.market);
    if (previous) {
        request.until = *previous;
        nights.before_night = *previous;
        if (auto before = load_report(db, catalog, request, schema::Details::Without)) {
            nights.before = std::move(before->report);
        }
    }
    return nights;
}

}  // namespace

std::vector<WatchStanding> watch_standings(schema::Database& db, const schema::Catalog& catalog,
                                           const std::vector<schema::Watch>& watches) {
    std::vector<WatchStanding> standings;
    for (const auto& watch : watches) {
        const auto nights = reports_for(db, catalog, watch);
        standings.push_back({watch, nights.tonight ? analysis::watch_standing(
                                                         watch, *nights.tonight, nights.currency)
                                                   : std::string()});
    }
    return standings;
}

std::vector<WatchStanding> watch_standings(schema::Database& db, const schema::Catalog& catalog) {
    return watch_standings(db, catalog, schema::load_watches(db));
}

std::vector<analysis::WatchStatus> check_watches(schema::Database& db,
                                                 const schema::Catalog& catalog) {
    // Watches of one marketplace, condition and price share their two reports.
    std::map<std::tuple<std::string, std::string, std::string>, Nights> reports;
    std::vector<analysis::WatchStatus> statuses;
    for (const auto& watch : schema::load_watches(db)) {
        const auto key = std::make_tuple(watch.marketplace, watch.condition, watch.price);
        auto found = reports.find(key);
        if (found == reports.end()) {
            found = reports.emplace(key, reports_for(db, catalog, watch)).first;
        }
        const auto& nights = found->second;
        const auto* model = catalog.find_model(watch.model);
        analysis::WatchStatus status{watch, model ? model->name : watch.model, std::nullopt};
        // A watch added since the night before was checked, up to tonight, has never been
        // checked: what is under its line tonight is news to it (UX P8: a line already crossed
        // never fired). One added after tonight (a past night checked again) compares as ever.
        const auto added = watch.created_at.substr(0, 10);
        const bool new_watch = added > nights.before_night && added <= nights.night;
        if (nights.tonight) {
            status.fired = analysis::check_watch(
                watch, *nights.tonight, nights.before && !new_watch ? &*nights.before : nullptr);
        }
        statuses.push_back(std::move(status));
    }
    return statuses;
}

}  // namespace gpuprice::app
