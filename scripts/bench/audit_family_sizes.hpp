// The fetcher audit's assumed listing counts per family search (its section 4, scale x1), not
// measurements: big GeForce families (RTX x060-x090 of the 30, 40 and 50 series) 2,000 new /
// 1,500 used / 300 open box / 200 refurbished, their Ti/Super variants (a family another one
// covers) 700/500/100/60, older GeForce and Titans 300/600/30/40, workstation 120/250/20/30,
// data-centre and the rest 60/120/10/20. The fake market of scripts/bench-fetch serves them;
// scripts/eval-price-floor turns shares into pages with them.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

namespace gpuprice::bench {

struct FamilySizes {
    int new_items, used, open_box, refurbished;
    int total() const { return new_items + used + open_box + refurbished; }
};

// Whether `term` names an RTX x060-x090 of the 30, 40 or 50 series ("RTX 4090", "RTX 3060 Ti").
inline bool big_geforce(const std::string& term) {
    for (auto at = term.find("RTX "); at != std::string::npos; at = term.find("RTX ", at + 1)) {
        const auto n = term.substr(at + 4, 4);
        if (n.size() == 4 && n[0] >= '3' && n[0] <= '5' && n[1] == '0' && n[2] >= '6' &&
            n[2] <= '9' && n[3] == '0')
            return true;
    }
    return false;
}

// `kept_terms`: the families a night searches (a term not among them is covered by another).
inline FamilySizes audit_family_sizes(const std::string& term, const std::string& segment,
                                      const std::vector<std::string>& kept_terms) {
    const bool redundant =
        std::find(kept_terms.begin(), kept_terms.end(), term) == kept_terms.end();
    if (segment == "geforce" && big_geforce(term)) {
        return redundant ? FamilySizes{700, 500, 100, 60} : FamilySizes{2000, 1500, 300, 200};
    }
    if (segment == "geforce" || segment == "titan") return {300, 600, 30, 40};
    if (segment == "workstation") return {120, 250, 20, 30};
    return {60, 120, 10, 20};
}

}  // namespace gpuprice::bench
