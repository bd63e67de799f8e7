#include "analysis/watch_check.hpp"

#include <algorithm>
#include <set>

#include "analysis/box_planner.hpp"
#include "analysis/csv_format.hpp"
#include "schema/domain/market.hpp"
#include "schema/domain/printable_text.hpp"

namespace gpuprice::analysis {

namespace {

// A mail line stays readable: the cheapest listings' links, then how many more.
constexpr std::size_t kLinksShown = 5;

double line_of(const schema::Watch& watch) {
    return static_cast<double>(watch.below_cents) / 100.0;
}

bool under(double price, const schema::Watch& watch) {
    return price < line_of(watch);
}

// The ids of the watch's listings under the line in `report`: a listing is new under the line
// when it was not among these the night before.
std::set<std::int64_t> listings_under(const schema::Watch& watch, const Report& report) {
    std::set<std::int64_t> ids;
    for (const auto& line : report.listings) {
        if (line.observation.model == watch.model && usable_for_prices(line) &&
            under(line.total_usd, watch)) {
            ids.insert(line.observation.listing_id);
        }
    }
    return ids;
}

}  // namespace

std::optional<WatchFiring> check_watch(const schema::Watch& watch, const Report& tonight,
                                       const Report* before) {
    WatchFiring firing{watch, {}, {}, listings_under(watch, tonight).size()};
    const auto earlier = before ? listings_under(watch, *before) : std::set<std::int64_t>{};
    for (const auto& line : tonight.listings) {
        if (line.observation.model == watch.model && usable_for_prices(line) &&
            under(line.total_usd, watch) && !earlier.contains(line.observation.listing_id)) {
            firing.listings.push_back(line);
        }
    }
    std::sort(firing.listings.begin(), firing.listings.end(),
              [](const ListingLine& a, const ListingLine& b) { return a.total_usd < b.total_usd; });
    for (const auto& row : tonight.rows) {
        if (row.model.key != watch.model || !row.basis_usd || !under(*row.basis_usd, watch)) {
            continue;
        }
        std::optional<double> then;
        if (before) {
            for (const auto& old : before->rows) {
                if (old.model.key == watch.model && old.condition == row.condition) {
                    then = old.basis_usd;
                }
            }
        }
        if (!then || !under(*then, watch)) {
            firing.crossings.push_back({row.condition, then, *row.basis_usd});
        }
    }
    if (firing.listings.empty() && firing.crossings.empty()) return std::nullopt;
    return firing;
}

std::string watch_standing(const schema::Watch& watch, const Report& tonight,
                           const std::string& currency) {
    std::string text;
    for (const auto& row : tonight.rows) {
        if (row.model.key != watch.model) continue;
        text += (text.empty() ? "" : ", ") + std::string(schema::condition_name(row.condition)) +
                " " + watch.price + " " +
                (row.basis_usd ? schema::format_money(*row.basis_usd, currency) : "-");
    }
    if (text.empty()) text = "no " + watch.condition + " prices tonight";
    const auto n = listings_under(watch, tonight).size();
    return text + "; " + std::to_string(n) + (n == 1 ? " listing" : " listings") + " under " +
           schema::format_money(line_of(watch), currency) + " now";
}

std::string watch_summary(const schema::Watch& watch, const std::string& model_name,
                          const std::string& currency) {
    return model_name + ", " + watch.condition + ", below " +
           schema::format_money(line_of(watch), currency) + " (" + watch.price + ")";
}

std::string watch_line(const WatchFiring& firing, const std::string& model_name,
                       const std::string& currency) {
    const auto& watch = firing.watch;
    std::string text = "gpuprice watch " + std::to_string(watch.id) + " (" +
                       watch_summary(watch, model_name, currency) + "):";
    std::string separator = " ";
    for (const auto& crossing : firing.crossings) {
        text += separator + std::string(schema::condition_name(crossing.condition)) + " " +
                watch.price + " " +
                (crossing.before ? schema::format_money(*crossing.before, currency, 2) + " -> "
                                 : "now ") +
                schema::format_money(crossing.now, currency, 2);
        separator = "; ";
    }
    if (!firing.listings.empty()) {
        // New under the line tonight, and how many are under it in all (UX P8: "1 listing"
        // read as the whole supply when 17 were under the line).
        const auto n = firing.listings.size();
        text += separator + std::to_string(n) + (n == 1 ? " new listing" : " new listings") +
                " under the line" +
                (firing.under_now > n ? " (" + std::to_string(firing.under_now) + " in all)"
                                      : std::string()) +
                ":";
        for (std::size_t i = 0; i < n && i < kLinksShown; ++i) {
            const auto& line = firing.listings[i];
            const auto& url = line.observation.item_url;
            text += (i ? ", " : " ") + schema::format_money(line.total_usd, currency, 2) + " " +
                    (url.empty() ? line.observation.item_id : url);
        }
        if (n > kLinksShown) text += " and " + std::to_string(n - kLinksShown) + " more";
    }
    // Item links come from eBay: no control character reaches the mail.
    return schema::printable_text(text);
}

}  // namespace gpuprice::analysis
