#include "cli/page_box_option.hpp"

#include <charconv>
#include <string_view>

#include "analysis/box_planner.hpp"
#include "cli/command_context.hpp"

namespace gpuprice::cli {

namespace {

template <typename T>
bool parse_whole(std::string_view text, T& value) {
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    return ec == std::errc() && end == text.data() + text.size();
}

}  // namespace

app::PageBox page_box_option(const std::string& value) {
    const auto bad = [&](const std::string& why) {
        return UsageError("--box '" + value + "': " + why +
                          " (COUNT:BUDGET[:OUTLET_WATTS], e.g. 2:4000:1440)");
    };
    app::PageBox box;
    const auto first = value.find(':');
    if (first == std::string::npos) throw bad("no budget");
    const auto second = value.find(':', first + 1);
    const std::string_view text(value);
    if (!parse_whole(text.substr(0, first), box.count) || box.count < 1 || box.count > 16) {
        throw bad("the count must be 1..16 cards");
    }
    const auto budget = text.substr(
        first + 1, second == std::string::npos ? std::string_view::npos : second - first - 1);
    long long whole_budget = 0;
    if (!parse_whole(budget, whole_budget) || whole_budget <= 0) {
        throw bad("the budget must be a whole positive amount");
    }
    box.budget = static_cast<double>(whole_budget);
    if (second != std::string::npos &&
        (!parse_whole(text.substr(second + 1), box.outlet_watts) || box.outlet_watts <= 0)) {
        throw bad("the outlet must be whole watts");
    }
    const int system_watts = analysis::BoxOptions{}.system_watts;
    if (box.outlet_watts <= system_watts) {
        throw bad("the outlet leaves nothing for the GPUs once the rest of the box draws " +
                  std::to_string(system_watts) + " W");
    }
    return box;
}

}  // namespace gpuprice::cli
