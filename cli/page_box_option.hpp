// `report --box COUNT:BUDGET[:OUTLET_WATTS]`: a standard box the page plans.
#pragma once

#include <string>

#include "app/night_page.hpp"

namespace gpuprice::cli {

// "2:4000" or "4:8000:1440"; a UsageError names what is wrong.
app::PageBox page_box_option(const std::string& value);

}  // namespace gpuprice::cli
