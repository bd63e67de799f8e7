#include "cli/model_option.hpp"

#include <algorithm>

#include "cli/command_context.hpp"
#include "cli/did_you_mean.hpp"
#include "schema/domain/ascii_case.hpp"

namespace gpuprice::cli {

const schema::GpuModel& resolve_model(const schema::Catalog& catalog, const std::string& asked) {
    if (const auto* model = catalog.find_model(asked)) return *model;
    const auto squash = [](std::string_view text) {
        std::string out;
        for (char c : text) {
            if (c != ' ' && c != '-') out.push_back(schema::ascii_lower(c));
        }
        return out;
    };
    const auto wanted = squash(asked);
    std::vector<const schema::GpuModel*> same;
    std::vector<std::string> squashed, containing;
    for (const auto& m : catalog.models) {
        const auto name = squash(m.name);
        if (name == wanted || squash(m.key) == wanted) same.push_back(&m);
        squashed.push_back(name);
        // Part of a name ("3090") or a name and more ("RTX 3090 FE"); a letter or two would
        // name half the catalog.
        if ((wanted.size() >= 3 && name.find(wanted) != std::string::npos) ||
            wanted.find(name) != std::string::npos) {
            containing.push_back(m.name);
        }
    }
    if (same.size() == 1) return *same.front();
    const std::string missing = "no model '" + asked + "' in the catalog";
    if (const auto closest = closest_name(wanted, squashed)) {
        const auto at = static_cast<std::size_t>(
            std::find(squashed.begin(), squashed.end(), *closest) - squashed.begin());
        throw UsageError(missing + " (did you mean '" + catalog.models.at(at).name + "'?)");
    }
    if (containing.empty()) throw UsageError(missing + " (see gpuprice specs)");
    constexpr std::size_t kShown = 5;
    std::string names;
    for (std::size_t i = 0; i < containing.size() && i < kShown; ++i) {
        names += (i == 0 ? "" : ", ") + containing[i];
    }
    if (containing.size() > kShown) {
        names +=
            " and " + std::to_string(containing.size() - kShown) + " more (see gpuprice specs)";
    }
    throw UsageError(missing + "; did you mean: " + names);
}

}  // namespace gpuprice::cli
