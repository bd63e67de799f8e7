// Everything gpuprice reads from a catalog folder, loaded once: the spec catalog, the matcher's
// rules, the planner's attribute rules and the fetcher's aspect filters, with one digest over the
// content of every file. Commands load a RuleSet instead of repeating the loading sequence, and
// the digest says whether stored verdicts were made with these rules.
#pragma once

#include <string>
#include <vector>

#include "schema/rules/aspect_filter_rules.hpp"
#include "schema/rules/attribute_rules.hpp"
#include "schema/rules/catalog.hpp"
#include "schema/rules/match_rules.hpp"
#include "schema/rules/search_terms.hpp"

namespace gpuprice::schema {

struct RuleSet {
    std::string dir;  // where it was read from, for messages only
    Catalog catalog;
    MatchRules match;
    AttributeRules attributes;
    std::vector<AspectFilterRule> aspect_filters;
    std::vector<SearchTerm> search_terms;  // the q sent for each family
    // Of every *.csv file of the folder, by its name within the folder and its bytes: a copy of
    // the folder elsewhere has the same digest, an edit to any rule or spec file changes it.
    std::string digest;
};

// Loads every file of `dir`; throws DataFileError naming file, line and column.
RuleSet load_rule_set(const std::string& dir);

// The digest of the catalog folder `dir` as RuleSet::digest defines it.
std::string rule_set_digest(const std::string& dir);

}  // namespace gpuprice::schema
