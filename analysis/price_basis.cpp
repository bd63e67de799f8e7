#include "analysis/price_basis.hpp"

namespace gpuprice::analysis {

const std::vector<PriceBasisInfo>& price_bases() {
    static const std::vector<PriceBasisInfo> table = {
        {PriceBasis::median, "median", "median asking price"},
        {PriceBasis::p25, "p25", "25th percentile asking price"},
        {PriceBasis::lowest3, "lowest3", "mean of the three cheapest listings"},
        {PriceBasis::cleared, "cleared", "median last asking price of cleared listings"},
        {PriceBasis::sold, "sold", "median sold price (eBay Marketplace Insights)"},
    };
    return table;
}

namespace {
const PriceBasisInfo& info(PriceBasis basis) {
    for (const auto& row : price_bases()) {
        if (row.basis == basis) return row;
    }
    return price_bases().front();
}
}  // namespace

std::string_view price_basis_name(PriceBasis basis) {
    return info(basis).name;
}

std::string_view price_basis_label(PriceBasis basis) {
    return info(basis).label;
}

std::optional<PriceBasis> parse_price_basis(std::string_view name) {
    for (const auto& row : price_bases()) {
        if (row.name == name) return row.basis;
    }
    return std::nullopt;
}

std::string price_basis_names() {
    std::string out;
    const auto& table = price_bases();
    for (std::size_t i = 0; i < table.size(); ++i) {
        if (i) out += i + 1 == table.size() ? " or " : ", ";
        out += table[i].name;
    }
    return out;
}

}  // namespace gpuprice::analysis
