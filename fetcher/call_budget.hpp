// The night's eBay calls, counted in one place. The budget is --max-calls, or what eBay's daily
// Browse quota leaves above --quota-reserve if that is less (getRateLimits, read first). It is
// shared between the night's passes by one rule:
//   - the withheld check (getItem for the listings the searches missed inside a withheld window,
//     fetcher/withheld_check.hpp), sold items (--sold) and getItem (--item-share) each have a
//     share reserved up front (the check's share, --sold-share and --item-share of the budget),
//     so that a busy market never leaves them nothing;
//   - the listings pass (family searches, then aspect searches and variation groups with what
//     the family searches will not need) has the rest;
//   - what a pass leaves when it ends is passed on, in the night's order: listings, then the
//     withheld check, then sold items, then getItem. The check may spend what the listings
//     left: each of its calls decides a clearance that no search can, and a share alone left a
//     backlog growing night after night at the market's real size (scripts/BENCHMARKS.md);
//     what it asks is bounded by the listings missed, not by the calls left. getItem takes at
//     most its own share again (twice its share in all), so that a night never spends the
//     leftovers a manual run or the probe needs (audit 3, F11).
// Every attempt counts, retries included (eBay counts them). Calls that do not count against
// the Browse quota (the token endpoint, getRateLimits, Taxonomy) are not counted.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "fetcher/rate_limits.hpp"

namespace gpuprice::fetcher {

enum class Pass { listings, withheld_check, sold, item_aspects };
inline constexpr std::size_t kPassCount = 4;
// "listings", "withheld check", "sold items", "getItem".
std::string_view pass_name(Pass pass);

struct BudgetShares {
    double sold = 0;            // of the budget, reserved for sold items (0: no sold pass)
    double item_aspects = 0;    // reserved for getItem (0: no getItem pass)
    double withheld_check = 0;  // reserved for the withheld check (0: no check)
};

class CallBudget {
  public:
    // `max_calls`: --max-calls. `quota`: as getRateLimits read it (nullopt: unknown, the budget
    // is max_calls). `reserve`: calls of the quota left unused.
    CallBudget(int max_calls, const std::optional<BrowseQuota>& quota, int reserve,
               BudgetShares shares);

    // Counts one call of `pass`; false (nothing counted) when the pass has no call left.
    bool take(Pass pass);
    // The pass is over: its calls left go to the next pass in the night's order. The passes
    // before it that are still open close first (they did not run tonight).
    void close(Pass pass);

    int total() const { return total_; }
    int used() const;
    int used(Pass pass) const { return state(pass).used; }
    // What the pass may still spend: its share, plus what the passes before it left, less what
    // it used.
    int left(Pass pass) const;
    int reserved(Pass pass) const { return state(pass).reserved; }

  private:
    struct PassState {
        int reserved = 0;
        int carried = 0;  // left by the passes before it, to spend
        int used = 0;
        bool closed = false;
    };
    const PassState& state(Pass pass) const { return passes_[static_cast<std::size_t>(pass)]; }
    PassState& state(Pass pass) { return passes_[static_cast<std::size_t>(pass)]; }

    int total_ = 0;
    std::array<PassState, kPassCount> passes_{};
};

// The budget's plan in a line, for the night's notes: "budget 1000 calls (eBay quota: 4200 of
// 5000 left): listings 700, withheld check 100, sold items 100, getItem 100 reserved".
std::string describe_budget(const CallBudget& budget, const std::optional<BrowseQuota>& quota);

}  // namespace gpuprice::fetcher
