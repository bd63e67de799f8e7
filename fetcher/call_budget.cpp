#include "fetcher/call_budget.hpp"

#include <algorithm>
#include <cmath>

namespace gpuprice::fetcher {

namespace {

int share_of(int total, double share) {
    return static_cast<int>(std::floor(static_cast<double>(total) * std::clamp(share, 0.0, 1.0)));
}

}  // namespace

std::string_view pass_name(Pass pass) {
    switch (pass) {
        case Pass::listings:
            return "listings";
        case Pass::withheld_check:
            return "withheld check";
        case Pass::sold:
            return "sold items";
        case Pass::item_aspects:
            return "getItem";
    }
    return "";
}

CallBudget::CallBudget(int max_calls, const std::optional<BrowseQuota>& quota, int reserve,
                       BudgetShares shares)
    : total_(plan_budget(max_calls, quota, reserve)) {
    auto& sold = state(Pass::sold);
    auto& items = state(Pass::item_aspects);
    auto& check = state(Pass::withheld_check);
    sold.reserved = share_of(total_, shares.sold);
    items.reserved = std::min(share_of(total_, shares.item_aspects), total_ - sold.reserved);
    check.reserved =
        std::min(share_of(total_, shares.withheld_check), total_ - sold.reserved - items.reserved);
    state(Pass::listings).reserved = total_ - sold.reserved - items.reserved - check.reserved;
}

bool CallBudget::take(Pass pass) {
    if (left(pass) <= 0) return false;
    ++state(pass).used;
    return true;
}

void CallBudget::close(Pass pass) {
    auto& s = state(pass);
    if (s.closed) return;
    // The passes run in the night's order: one that ends ends those before it that did not run.
    if (pass != Pass::listings) close(static_cast<Pass>(static_cast<std::size_t>(pass) - 1));
    const int leftover = std::max(0, left(pass));
    s.closed = true;
    const auto next = static_cast<std::size_t>(pass) + 1;
    if (next >= kPassCount) return;
    auto& to = passes_[next];
    // getItem, the night's last pass, takes at most its own share again of what the passes
    // before it left: never every leftover call, which left a --max-calls 5000 night only the
    // reserve for manual runs and the probe the same Pacific day (ebay_audit_3, F11).
    to.carried = static_cast<Pass>(next) == Pass::item_aspects
                     ? std::min(to.carried + leftover, to.reserved)
                     : to.carried + leftover;
}

int CallBudget::used() const {
    int sum = 0;
    for (const auto& p : passes_) sum += p.used;
    return sum;
}

int CallBudget::left(Pass pass) const {
    const auto& s = state(pass);
    if (s.closed) return 0;
    return s.reserved + s.carried - s.used;
}

std::string describe_budget(const CallBudget& budget, const std::optional<BrowseQuota>& quota) {
    std::string text = "budget " + std::to_string(budget.total()) + " calls";
    if (quota) {
        text += " (eBay quota: " + std::to_string(quota->remaining) + " of " +
                std::to_string(quota->limit) + " Browse calls left)";
    }
    text += ": ";
    for (std::size_t i = 0; i < kPassCount; ++i) {
        const auto pass = static_cast<Pass>(i);
        text += (i ? ", " : "") + std::string(pass_name(pass)) + " " +
                std::to_string(budget.reserved(pass));
    }
    return text + " reserved";
}

}  // namespace gpuprice::fetcher
