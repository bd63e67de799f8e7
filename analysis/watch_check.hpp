// Whether a watch fired on a night: a listing of its model under the line that was not under it
// the night before (new, or cut below it), or the watch's chosen price (the report's median,
// p25, lowest3, cleared or sold figure) crossing the line downwards. Listings the report keeps
// out of its prices (outliers, flagged listings) never fire a watch. Pure: the night's report and
// the night before's in, what fired out.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "analysis/price_report.hpp"
#include "schema/domain/watch.hpp"

namespace gpuprice::analysis {

struct PriceCrossing {
    schema::ConditionClass condition = schema::ConditionClass::used;
    std::optional<double> before;  // the night before's figure; nullopt when it had none
    double now = 0;
};

struct WatchFiring {
    schema::Watch watch;
    std::vector<ListingLine>
        listings;  // under the line tonight, not the night before; cheapest first
    std::vector<PriceCrossing> crossings;
    std::size_t under_now = 0;  // every usable listing under the line tonight, new or not
};

// `tonight`: the report of the watch's conditions and price basis on the night checked, with
// its listing lines; `before`: the same report on the previous night (nullptr when there is
// none, when everything under the line is new). nullopt when nothing fired.
std::optional<WatchFiring> check_watch(const schema::Watch& watch, const Report& tonight,
                                       const Report* before);

// Where a watch's model stands tonight: "median $805; 17 listings under $700 now" (UX P8: a new
// watch whose line is already crossed says so when it is added, and `watch list` shows it).
std::string watch_standing(const schema::Watch& watch, const Report& tonight,
                           const std::string& currency);

// "RTX 3090, used, below $700 (median)": what a watch watches, in `currency`; `model_name` is
// the display name of the watch's model.
std::string watch_summary(const schema::Watch& watch, const std::string& model_name,
                          const std::string& currency);

// The one line a fired watch prints for cron's mail: what fired, prices and the listings' links
// (the cheapest few; the count of the rest). `model_name` as for watch_summary.
std::string watch_line(const WatchFiring& firing, const std::string& model_name,
                       const std::string& currency);

}  // namespace gpuprice::analysis
