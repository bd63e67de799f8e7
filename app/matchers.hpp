// The title matcher and the attribute extractor of one RuleSet, built once per command. Both
// point into the RuleSet, which must outlive them.
#pragma once

#include "analysis/listing_attributes.hpp"
#include "analysis/title_matcher.hpp"
#include "schema/rules/rule_set.hpp"

namespace gpuprice::app {

struct Matchers {
    explicit Matchers(const schema::RuleSet& rules)
        : titles(rules.catalog, rules.match), attributes(rules.attributes), digest(rules.digest) {}

    analysis::TitleMatcher titles;
    analysis::AttributeExtractor attributes;
    std::string digest;  // the rules' (RuleSet::digest), stored with the verdicts they make
};

}  // namespace gpuprice::app
