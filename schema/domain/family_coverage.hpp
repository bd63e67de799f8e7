// Which family queries a night's fetches asked, and whether each was complete (every listing
// eBay serves for it was seen). A listing missing on a night its family was completely covered
// has left the market; missing on any other night, it may only have been missed.
#pragma once

#include <map>
#include <string>

namespace gpuprice::schema {

// night (YYYY-MM-DD) -> family search term -> complete on that night (any run of the night).
using FamilyCoverage = std::map<std::string, std::map<std::string, bool>>;

}  // namespace gpuprice::schema
