#include "fetcher/aspect_filter.hpp"

#include <simdjson.h>

#include <algorithm>
#include <map>
#include <set>

#include "fetcher/search_term.hpp"
#include "schema/domain/ascii_case.hpp"

namespace gpuprice::fetcher {

namespace {

// Case and spaces aside: "12GB" and "12 gb" are "12 GB".
std::string folded(std::string_view text) {
    std::string out;
    for (char c : text) {
        if (c != ' ') out += c;
    }
    return schema::ascii_lower(out);
}

std::string with_value(const std::string& pattern, const std::string& value) {
    const auto at = pattern.find("{}");
    if (at == std::string::npos) return pattern;
    return pattern.substr(0, at) + value + pattern.substr(at + 2);
}

}  // namespace

std::vector<AspectSplit> aspect_splits(const schema::Catalog& catalog,
                                       const std::vector<schema::AspectFilterRule>& rules,
                                       const std::string& term) {
    // The models the search returns, grouped by their own search term: the variants of one name.
    const auto wanted = term_words(term);
    std::map<std::string, std::vector<const schema::GpuModel*>> variants;
    for (const auto& model : catalog.models) {
        const auto own = model_search_term(model);
        const auto words = term_words(own);
        if (std::includes(words.begin(), words.end(), wanted.begin(), wanted.end())) {
            variants[own].push_back(&model);
        }
    }
    std::vector<AspectSplit> splits;
    for (const auto& rule : rules) {
        std::set<std::string> values;
        for (const auto& [name, models] : variants) {
            std::set<std::string> differ;
            for (const auto* m : models) differ.insert(schema::attribute_value(*m, rule.attribute));
            differ.erase("");
            if (differ.size() < 2) continue;
            if (rule.catalog_value.empty()) {
                values.insert(differ.begin(), differ.end());
            } else if (differ.contains(rule.catalog_value)) {
                values.insert(rule.catalog_value);
            }
        }
        // VRAM in numeric order ("8" before "12"), other values as they sort.
        std::vector<std::string> ordered(values.begin(), values.end());
        if (rule.attribute == schema::AspectAttribute::vram_gb) {
            std::sort(ordered.begin(), ordered.end(),
                      [](const auto& a, const auto& b) { return std::stod(a) < std::stod(b); });
        }
        for (const auto& v : ordered) {
            splits.push_back({rule.aspect, with_value(rule.aspect_value, v), rule.prefix});
        }
    }
    return splits;
}

std::vector<AspectDistribution> parse_aspect_refinements(std::string_view body) {
    std::vector<AspectDistribution> out;
    simdjson::dom::parser parser;
    simdjson::dom::object page;
    simdjson::dom::array distributions;
    if (parser.parse(body.data(), body.size()).get(page) ||
        page.at_pointer("/refinement/aspectDistributions").get(distributions)) {
        return out;
    }
    for (auto element : distributions) {
        std::string_view name;
        simdjson::dom::array values;
        if (element["localizedAspectName"].get(name) ||
            element["aspectValueDistributions"].get(values)) {
            continue;  // a malformed distribution costs only itself
        }
        AspectDistribution d{std::string(name), {}};
        for (auto v : values) {
            std::string_view text;
            std::int64_t count = 0;
            if (v["localizedAspectValue"].get(text)) continue;
            if (v["matchCount"].get(count)) count = 0;
            d.values.push_back({std::string(text), count});
        }
        out.push_back(std::move(d));
    }
    return out;
}

std::optional<std::vector<std::string>> refinement_spellings(
    const AspectSplit& split, const std::vector<AspectDistribution>& refinement) {
    const auto it = std::find_if(refinement.begin(), refinement.end(), [&](const auto& d) {
        return schema::equals_ignoring_ascii_case(d.aspect, split.aspect);
    });
    if (it == refinement.end()) return std::nullopt;
    const auto wanted = folded(split.value);
    std::vector<std::string> spellings;
    for (const auto& v : it->values) {
        const auto have = folded(v.value);
        const bool same = split.prefix ? have.starts_with(wanted) : have == wanted;
        if (same && v.count > 0) spellings.push_back(v.value);
    }
    return spellings;
}

std::string aspect_filter_param(int category, const std::string& aspect,
                                const std::vector<std::string>& spellings) {
    std::string values;
    for (const auto& s : spellings) {
        if (!values.empty()) values += '|';
        for (char c : s) {
            if (c == '|') values += '\\';
            values += c;
        }
    }
    return "categoryId:" + std::to_string(category) + "," + aspect + ":{" + values + "}";
}

}  // namespace gpuprice::fetcher
