// Which family queries a night's fetches asked, whether each was complete (paged to its end) and
// whether eBay withheld items on short pages. A listing missing on a night its family was
// completely covered with nothing withheld has left the market; with items withheld, a second
// complete night must confirm it; missing on any other night, it may only have been missed.
#pragma once

#include <map>
#include <string>

namespace gpuprice::schema {

// A family on one night, from its best run that night.
struct FamilyNight {
    // Every query of the family (its search, price bands included, and its search in the other
    // GPU category) was paged to its end: every page fetched, none failed or cut, no `next` left.
    bool complete = false;
    // On its complete runs, a page with `next` came back short (short_page_deficit), or the
    // pages served fewer items than eBay's total with no multi-variation summary among them (a
    // short last page): eBay withheld items for the night, so a listing's absence alone is not
    // proof it left. A gap that variation summaries explain, with no short page, is not: eBay
    // counted variations it does not serve as items, and skipped nothing of what it serves.
    bool withheld = false;

    // Complete, or not, with nothing withheld: what a night before short pages were counted
    // stored.
    FamilyNight(bool complete_ = false, bool withheld_ = false)
        : complete(complete_), withheld(withheld_) {}
};

// night (YYYY-MM-DD) -> family search term -> how it was covered that night.
using FamilyCoverage = std::map<std::string, std::map<std::string, FamilyNight>>;

}  // namespace gpuprice::schema
