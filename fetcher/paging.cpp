#include "fetcher/paging.hpp"

#include <algorithm>

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
    if (returned == 0) return false;
    if (has_next) return true;
    return returned >= limit && (!total || total_says_more);
}

std::optional<std::int64_t> items_short_of_total(const std::optional<std::int64_t>& lowest_total,
                                                 std::int64_t seen) {
    if (!lowest_total) return std::nullopt;
    const auto short_by = std::min(*lowest_total, kMaxReachableItems) - seen;
    if (short_by <= 0) return std::nullopt;
    return short_by;
}

}  // namespace gpuprice::fetcher
