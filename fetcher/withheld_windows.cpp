#include "fetcher/withheld_windows.hpp"

#include <algorithm>

namespace gpuprice::fetcher {

bool total_accounted(std::int64_t gap, std::int64_t short_deficit,
                     const std::optional<std::int64_t>& variation_excess) {
    if (gap <= 0 || gap == short_deficit) return true;
    return variation_excess && gap == short_deficit + *variation_excess;
}

namespace {

using schema::CreatedWindow;

// Open bounds sort outside: an open `from` before every date, an open `to` after.
bool from_before(const CreatedWindow& a, const CreatedWindow& b) {
    if (!a.from || !b.from) return !a.from && b.from;
    return *a.from < *b.from;
}

bool reaches(const CreatedWindow& earlier, const CreatedWindow& later) {
    return !earlier.to || !later.from || *later.from <= *earlier.to;
}

std::vector<CreatedWindow> merged(std::vector<CreatedWindow> windows) {
    std::sort(windows.begin(), windows.end(), from_before);
    std::vector<CreatedWindow> out;
    for (auto& w : windows) {
        if (!out.empty() && reaches(out.back(), w)) {
            auto& last = out.back();
            if (last.to && (!w.to || *w.to > *last.to)) last.to = w.to;
            continue;
        }
        out.push_back(std::move(w));
    }
    return out;
}

}  // namespace

std::vector<CreatedWindow> withheld_windows(const PagedQuery& query) {
    const auto& pages = query.pages;
    const auto n = pages.size();
    const auto suspect = [&](std::size_t p) {
        return pages[p].short_with_next || (!pages[p].newest && pages[p].items > 0) ||
               (p + 1 == n && query.last_page_suspect);
    };
    bool any_suspect = false;
    for (std::size_t p = 0; p < n; ++p) any_suspect = any_suspect || suspect(p);
    if (!query.in_creation_order) {
        if (any_suspect) return {CreatedWindow{}};
        return {};
    }
    // The oldest date served before page p, and the newest served after it: what bounds the
    // items that page should have held.
    const auto older_bound = [&](std::size_t p) -> std::optional<std::string> {
        for (auto q = p; q-- > 0;)
            if (pages[q].oldest) return pages[q].oldest;
        return std::nullopt;
    };
    const auto newer_bound = [&](std::size_t p) -> std::optional<std::string> {
        for (auto q = p + 1; q < n; ++q)
            if (pages[q].newest) return pages[q].newest;
        return std::nullopt;
    };
    std::vector<CreatedWindow> windows;
    for (std::size_t p = 0; p < n; ++p) {
        if (suspect(p)) windows.push_back({newer_bound(p), older_bound(p)});
        if (p + 1 < n && pages[p].oldest && pages[p + 1].newest)
            windows.push_back({pages[p + 1].newest, pages[p].oldest});  // the seam
    }
    return merged(std::move(windows));
}

}  // namespace gpuprice::fetcher
