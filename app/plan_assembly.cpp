#include "app/plan_assembly.hpp"

#include "analysis/plan_options.hpp"

namespace gpuprice::app {

std::optional<Recommendation> recommend(schema::Database& db, const schema::RuleSet& rules,
                                        const PlanRequest& request) {
    auto report_request = request.report;
    // Ranks as `report` ranks them: the VRAM filter applies to the advice, not to the ranking.
    report_request.options.min_vram_gb = 0;
    auto loaded = load_report(db, rules.catalog, report_request, schema::Details::With);
    if (!loaded) return std::nullopt;
    fill_missing_attributes(*loaded, analysis::AttributeExtractor(rules.attributes));

    Recommendation answer{std::move(*loaded), {}, {}};
    auto box = request.box;
    box.currency = answer.loaded.context.currency;
    if (!request.builds) {
        answer.advice =
            analysis::single_card_advice(answer.loaded.report, rules.catalog, rules.attributes, box,
                                         answer.loaded.context.as_of);
        return answer;
    }
    auto options = report_request.options;
    options.as_of = answer.loaded.context.as_of;
    const auto& report = answer.loaded.report;
    const auto builds = analysis::card_builds(report, rules.catalog, rules.attributes);
    answer.plans =
        analysis::plan_boxes(report, builds, rules.catalog, rules.attributes, options, box);
    answer.plans.better_with = analysis::better_with(report, builds, rules.catalog,
                                                     rules.attributes, options, box, answer.plans);
    return answer;
}

}  // namespace gpuprice::app
