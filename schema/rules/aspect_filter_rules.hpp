// aspect_filters.csv: which eBay item aspect speaks for which catalog attribute (VRAM, form
// factor), so that the fetcher can search a family once per variant value with aspect_filter and
// record the value on every listing seen (issue 9 section 3). Data, not code: a new aspect or
// marketplace spelling is a row.
#pragma once

#include <string>
#include <vector>

#include "schema/rules/catalog.hpp"

namespace gpuprice::schema {

enum class AspectAttribute { vram_gb, form_factor };

struct AspectFilterRule {
    AspectAttribute attribute = AspectAttribute::vram_gb;
    std::string catalog_value;  // empty: every value the family's variants differ in
    std::string aspect;         // eBay's aspect name, e.g. "Memory Size"
    std::string aspect_value;   // the value recorded; "{}" stands for the catalog value
    bool prefix = false;        // eBay's spellings start with aspect_value (else: equal to it)
    std::string source;
};

// The catalog value of `attribute` for a model: "12" for 12 GB, "PCIe".
std::string attribute_value(const GpuModel& model, AspectAttribute attribute);

// Reads <dir>/aspect_filters.csv; a bad row throws DataFileError naming file, line and column.
std::vector<AspectFilterRule> load_aspect_filter_rules(const std::string& dir);

}  // namespace gpuprice::schema
