// Which price ranks the cards and divides their FLOPS: what sellers ask (median, p25, the three
// cheapest), what left the market (cleared), or what sold (eBay's sold prices). One table, so a
// new basis is one row.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuprice::analysis {

enum class PriceBasis { median, p25, lowest3, cleared, sold };

struct PriceBasisInfo {
    PriceBasis basis;
    std::string_view name;   // for --price, file names and the price_basis column
    std::string_view label;  // for headers: "median asking price"
};

const std::vector<PriceBasisInfo>& price_bases();
std::string_view price_basis_name(PriceBasis basis);
std::string_view price_basis_label(PriceBasis basis);
std::optional<PriceBasis> parse_price_basis(std::string_view name);
// "median, p25, lowest3, cleared or sold" for messages.
std::string price_basis_names();

}  // namespace gpuprice::analysis
