// A fetch run as its row in fetch_runs records it: how it ended and where its listings came from.
#pragma once

#include <optional>
#include <string_view>

namespace gpuprice::schema {

enum class RunStatus { running, ok, partial, failed };
std::string_view run_status_name(RunStatus status);
// The status stored as `name` (fetch_runs.status), or nullopt.
std::optional<RunStatus> parse_run_status(std::string_view name);

enum class RunSource {
    ebay,         // the Browse API: active listings
    ebay_sold,    // Marketplace Insights: sold items
    sample,       // the bundled (or a recorded) sample's listings, replayed
    sample_sold,  // the sample's sold items, replayed
};
// "ebay", "ebay-sold", "sample", "sample-sold" (fetch_runs.source).
std::string_view run_source_name(RunSource source);
std::optional<RunSource> parse_run_source(std::string_view name);

}  // namespace gpuprice::schema
