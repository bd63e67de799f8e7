#include "schema/domain/market.hpp"

#include <array>
#include <charconv>
#include <cmath>

#include "schema/domain/ascii_case.hpp"

namespace gpuprice::schema {

const std::vector<Market>& markets() {
    // Category ids, and where each comes from. eBay says category ids "are not the same across
    // all eBay marketplaces" (developer.ebay.com/api-docs/buy/buy-categories.html), so none is
    // trusted blindly: `gpuprice probe` asks the Taxonomy API of each marketplace's default tree
    // whether the id is its Graphics/Video Cards leaf, and a night searches what it found
    // (fetcher/category_check.hpp). Sources of the values below:
    //   EBAY_US 27386: Taxonomy getItemAspectsForCategory(27386) and real searches in it
    //           (activescott/gpu-agent api-examples; shared/real-listings/browse-api);
    //   EBAY_GB 27386: public ebay.co.uk /b/.../27386 browse pages (ebay_audit_2 D3);
    //   EBAY_DE, EBAY_CA, EBAY_AU 27386: unconfirmed (the audit found no capture): the probe's
    //           Taxonomy check is what confirms or replaces them.
    // 3761 on EBAY_US is where the audit found a real Tesla T4 (T4 aspect-refinement capture,
    // leafCategoryIds ["3761"]). Postal codes are central places, so
    // that calculated shipping comes back as a typical estimate. The price floor is the same
    // ten units everywhere: the cheapest working card of the catalog (a used GT-class card sells
    // for several times that in each of these currencies), well above a box or a bracket.
    // clang-format off
    static const std::vector<Market> table = {
        // id        country currency symbol category other  postal code  floor
        {"EBAY_US", "US",   "USD",   "$",    27386,   3761,  "66044",     10.0},
        {"EBAY_GB", "GB",   "GBP",   "£",    27386,   0,     "B1 1AA",    10.0},
        {"EBAY_DE", "DE",   "EUR",   "€",    27386,   0,     "36037",     10.0},
        {"EBAY_CA", "CA",   "CAD",   "C$",   27386,   0,     "K1A 0A6",   10.0},
        {"EBAY_AU", "AU",   "AUD",   "A$",   27386,   0,     "2600",      10.0},
    };
    // clang-format on
    return table;
}

const Market& default_market() {
    return markets().front();
}

std::optional<Market> find_market(std::string_view id) {
    // In any case, as --condition is (UX P16: `--marketplace ebay_gb` was refused).
    for (const auto& m : markets()) {
        if (equals_ignoring_ascii_case(m.id, id)) return m;
    }
    return std::nullopt;
}

std::string market_ids() {
    std::string out;
    for (const auto& m : markets()) {
        if (!out.empty()) out += ", ";
        out += m.id;
    }
    return out;
}

std::string format_money(double amount, std::string_view currency, int decimals) {
    if (!std::isfinite(amount)) return "";
    // to_chars: locale-free, so a report reads the same on every machine.
    std::array<char, 64> buffer{};
    const auto [end, ec] = std::to_chars(buffer.data(), buffer.data() + buffer.size(),
                                         std::fabs(amount), std::chars_format::fixed, decimals);
    std::string digits(buffer.data(), ec == std::errc() ? end : buffer.data());
    const auto point = digits.find('.');
    for (auto at = static_cast<long>(point == std::string::npos ? digits.size() : point) - 3;
         at > 0; at -= 3) {
        digits.insert(static_cast<std::size_t>(at), ",");
    }
    const bool negative = amount < 0 && digits.find_first_not_of("0.,") != std::string::npos;
    return (negative ? "-" : "") + currency_symbol(currency) + digits;
}

std::string currency_symbol(std::string_view currency) {
    for (const auto& m : markets()) {
        if (m.currency == currency) return std::string(m.currency_symbol);
    }
    return std::string(currency) + " ";
}

std::string money_heading(std::string_view heading, std::string_view currency) {
    std::string symbol = currency_symbol(currency);
    while (!symbol.empty() && symbol.back() == ' ') symbol.pop_back();
    std::string out;
    for (const char c : heading) {
        if (c == '$') {
            out += symbol;
        } else {
            out += c;
        }
    }
    return out;
}

}  // namespace gpuprice::schema
