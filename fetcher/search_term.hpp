// A catalog model's family term and the words eBay matches: what the query plan searches and
// what the aspect splits group models by.
#pragma once

#include <set>
#include <string>

#include "schema/rules/catalog.hpp"

namespace gpuprice::fetcher {

// A model's search term: its name without VRAM and form factor words ("RTX 3080 12GB" ->
// "RTX 3080", "A100 SXM4 80GB" -> "A100").
std::string model_search_term(const schema::GpuModel& model);

// The lowercased words of a term (eBay ANDs them, in any case).
std::set<std::string> term_words(const std::string& term);

}  // namespace gpuprice::fetcher
