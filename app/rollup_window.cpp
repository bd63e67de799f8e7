#include "app/rollup_window.hpp"

#include "schema/domain/clock.hpp"

namespace gpuprice::app {

namespace {

void add(RollupWindow::Prices& latest, std::string_view model, schema::NightPrice&& p) {
    // A listing's latest night in the window (its prices come in no particular order).
    const auto it = latest.find(p.listing_id);
    if (it == latest.end()) {
        latest.emplace(p.listing_id, RollupWindow::Latest{std::string(model), std::move(p)});
    } else if (p.night >= it->second.price.night) {
        it->second = RollupWindow::Latest{std::string(model), std::move(p)};
    }
}

// The prices of the `nights` nights ending on `night`, read whole.
RollupWindow::Prices read_prices(schema::Database& db, const schema::Past& past,
                                 const schema::ObservationFilter& filter, int nights,
                                 const std::string& night) {
    const auto first = schema::add_days(night, -(nights - 1));
    RollupWindow::Prices latest;
    latest.reserve(schema::latest_observations_bound(db, first));  // no rehash as it fills
    schema::for_each_window_price(
        db, past, first, night, filter,
        [&](std::string_view model, schema::NightPrice&& p) { add(latest, model, std::move(p)); });
    return latest;
}

}  // namespace

RollupWindow::RollupWindow(schema::Database& db, const schema::Past& past,
                           const schema::ObservationFilter& filter, int nights)
    : db_(db), past_(past), filter_(filter), nights_(nights) {}

void RollupWindow::read_whole(const std::string& first, const std::string& night) {
    latest_ = read_prices(db_, past_, filter_, nights_, night);
    cleared_ = schema::load_cleared_between(db_, first, night, filter_);
}

void RollupWindow::move_to(const std::string& night) {
    const auto first = schema::add_days(night, -(nights_ - 1));
    // The nights gained are read compacted or not (for_each_night_price).
    const bool slides = night_ && *night_ < night && *night_ >= first;
    if (!slides) {
        read_whole(first, night);
    } else {
        // The listings last priced before the window's first night leave it; the nights gained
        // bring their prices (a listing's latest replaces its earlier one) and clearances.
        std::erase_if(latest_, [&](const auto& entry) { return entry.second.price.night < first; });
        schema::for_each_night_price(db_, past_, *night_, night, filter_,
                                     [this](std::string_view model, schema::NightPrice&& p) {
                                         add(latest_, model, std::move(p));
                                     });
        std::erase_if(cleared_,
                      [&](const schema::ClearedPrice& c) { return c.price.night < first; });
        for (auto& c :
             schema::load_cleared_between(db_, schema::add_days(*night_, 1), night, filter_))
            cleared_.push_back(std::move(c));
    }
    night_ = night;
}

analysis::PricesByModel RollupWindow::prices() const {
    analysis::PricesByModel by_model;
    for (const auto& [id, l] : latest_) by_model[l.model].push_back(l.price);
    return by_model;
}

analysis::PricesByModel RollupWindow::cleared() const {
    analysis::PricesByModel by_model;
    for (const auto& c : cleared_) by_model[c.model].push_back(c.price);
    return by_model;
}

}  // namespace gpuprice::app
