#include "fetcher/paging.hpp"

#include <algorithm>
#include <cstdlib>

namespace gpuprice::fetcher {

int served_page_size(std::int64_t answered, int asked) {
    return answered > 0 && answered < asked ? static_cast<int>(answered) : asked;
}

std::optional<std::string> follow_served_size(Paging& paging, std::int64_t answered,
                                              std::string_view where, std::string_view unit) {
    const int asked = paging.limit;
    const int size = served_page_size(answered, asked);
    if (size == asked) return std::nullopt;
    paging.limit = size;
    return std::string(where) + ": eBay serves " + std::to_string(size) + " " + std::string(unit) +
           " per page where " + std::to_string(asked) + " were asked; paging by " +
           std::to_string(size);
}

std::optional<std::string> unbelieved_total(Paging& paging,
                                            const std::optional<std::int64_t>& total,
                                            const std::string& total_problem,
                                            std::string_view where) {
    if (total || paging.total_noted) return std::nullopt;
    paging.total_noted = true;
    const auto why = total_problem.empty() ? std::string("no total") : total_problem;
    return std::string(where) + ": eBay's " + why + "; paging follows next and full pages instead";
}

bool more_pages(std::int64_t offset, int limit, std::int64_t returned, bool has_next,
                const std::optional<std::int64_t>& total, bool cut) {
    const bool total_says_more = total && offset + limit < *total;
    if (cut) return has_next || total_says_more;
    if (returned < limit) return false;
    return has_next || !total || total_says_more;
}

bool total_not_reached(const std::optional<std::int64_t>& total, std::int64_t reached, int limit) {
    if (!total) return false;
    return std::abs(std::min(*total, kMaxReachableItems) - reached) > limit;
}

}  // namespace gpuprice::fetcher
