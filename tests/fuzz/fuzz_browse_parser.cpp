// libFuzzer target: any bytes as a Browse API search response. The parser must never crash,
// and what it keeps must be a usable listing. Built and run by scripts/fuzz.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "fetcher/browse_parser.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto page = gpuprice::fetcher::parse_search_page(
        std::string_view(reinterpret_cast<const char*>(data), size), "USD");
    for (const auto& listing : page.listings) {
        if (listing.item_id.empty() || listing.title.empty() || listing.price_cents <= 0 ||
            listing.currency != "USD" || listing.title.size() > gpuprice::fetcher::kMaxTitleBytes) {
            std::abort();
        }
    }
    return 0;
}
