// The eBay marketplaces gpuprice can fetch, as one table of Market values: each market's
// country (the default item location), currency (prices are stored and reported in it, never
// converted, and formatted with its symbol), the category ids of graphics cards there, where
// delivery is estimated to, and the price under which nothing is a working card. A command
// resolves its Market once and passes it down; nothing below assumes one. Adding a marketplace
// is adding a row.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuprice::schema {

struct Market {
    std::string_view id;       // X-EBAY-C-MARKETPLACE-ID, e.g. EBAY_US
    std::string_view country;  // ISO 3166 alpha-2, for itemLocationCountry and the end-user context
    std::string_view currency;         // ISO 4217, the currency eBay prices this marketplace in
    std::string_view currency_symbol;  // how a person reads an amount of it: "$", "£", "€"
    int graphics_cards_category = 0;
    // Another category where data-centre GPUs are listed too, searched for those families; 0:
    // none known. On EBAY_US real Tesla T4s sit in 3761 "Video Capture & TV Tuner Cards".
    int other_gpu_category = 0;
    std::string_view default_postal_code;  // where delivery is estimated to (X-EBAY-C-ENDUSERCTX)
    // In the market's currency: a listing under it is no working card of the catalog (a box, a
    // bracket, a placeholder price) and never enters a median.
    double price_floor = 0;
};

// Every market gpuprice knows, the default (EBAY_US) first.
const std::vector<Market>& markets();
// The market options default to.
const Market& default_market();
// The market named `id`, or nullopt.
std::optional<Market> find_market(std::string_view id);
// "EBAY_US, EBAY_GB, ..." for messages.
std::string market_ids();

// "$", "£", "€" for a market's currency; the code and a space ("XYZ ") for one no market has.
std::string currency_symbol(std::string_view currency);
// A heading written with '$' for money ("GFLOPS/$", "price $") in `currency`'s symbol.
std::string money_heading(std::string_view heading, std::string_view currency);

// "$1,234", "£980", "XYZ 1,234" for a currency no market has: an amount as a person reads it,
// rounded to whole units (`decimals` more when asked).
std::string format_money(double amount, std::string_view currency, int decimals = 0);

}  // namespace gpuprice::schema
