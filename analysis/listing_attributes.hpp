// Reads a listing's cooler and stated slot width from its title, with the phrases of
// schema/catalog/listing_attributes.csv, word by word as the title matcher cuts titles. Pure.
#pragma once

#include <string_view>

#include "analysis/phrase_index.hpp"
#include "schema/domain/listing_attributes.hpp"
#include "schema/rules/attribute_rules.hpp"

namespace gpuprice::analysis {

class AttributeExtractor {
  public:
    // `rules` must outlive the extractor.
    explicit AttributeExtractor(const schema::AttributeRules& rules);

    // A cooler only when the title names one (a Founders Edition names the reference cooler,
    // which reads as none); the first stated width.
    schema::ListingAttributes extract(std::string_view title) const;

  private:
    const schema::AttributeRules* rules_;
    PhraseIndex phrases_;  // targets index rules_->phrases
};

}  // namespace gpuprice::analysis
