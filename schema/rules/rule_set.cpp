#include "schema/rules/rule_set.hpp"

#include <algorithm>
#include <filesystem>

#include "schema/domain/fnv1a.hpp"
#include "schema/rules/csv_reader.hpp"

namespace gpuprice::schema {

std::string rule_set_digest(const std::string& dir) {
    // Every data file, not a fixed list: a file a later change adds (a new rule table) counts
    // without anyone remembering to add it here.
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        if (entry.is_regular_file() && entry.path().extension() == ".csv") {
            names.push_back(entry.path().filename().string());
        }
    }
    std::sort(names.begin(), names.end());
    Fnv1a hash;
    for (const auto& name : names) {
        hash.add_field(name).add_field(read_text_file(dir + "/" + name));
    }
    return std::to_string(hash.value());
}

RuleSet load_rule_set(const std::string& dir) {
    RuleSet rules;
    rules.dir = dir;
    rules.catalog = load_catalog(dir);
    rules.match = load_match_rules(dir, rules.catalog);
    rules.attributes = load_attribute_rules(dir, rules.catalog);
    // A SKU NVIDIA made no board of (the 4070 Ti, the 5070 Ti): its width is its partners'
    // usual board's (board_designs.csv, empty phrase), in the report's `slots` as in the planner
    // (UX P5: the report said 2 where the planner counted 3).
    for (auto& model : rules.catalog.models) {
        for (const auto& design : rules.attributes.designs) {
            if (design.sku == model.key && design.phrase.empty() && model.slots)
                model.slots = design.slots;
        }
    }
    rules.aspect_filters = load_aspect_filter_rules(dir);
    rules.search_terms = load_search_terms(dir);
    rules.digest = rule_set_digest(dir);
    return rules;
}

}  // namespace gpuprice::schema
