// The night: what `gpuprice fetch` (and so gpuprice-nightly) does, as one function a test can
// run without a command line. Its passes, in order: close abandoned runs, fetch the listings
// (or replay the sample), the sold items (--sold), match, getItem for what is still ambiguous,
// match again, match the sold items. One eBay client serves every pass; the call budget gives
// sold items and getItem shares of their own and passes on what each pass leaves
// (fetcher/call_budget.hpp).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/matchers.hpp"
#include "app/stored_matching.hpp"
#include "fetcher/credentials.hpp"
#include "fetcher/fetch_run.hpp"
#include "fetcher/sold_fetch.hpp"
#include "schema/domain/condition.hpp"
#include "schema/domain/night.hpp"
#include "schema/rules/rule_set.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::app {

// The share of the night's calls reserved for sold items under --sold (fetcher/call_budget.hpp).
inline constexpr double kDefaultSoldCallShare = 0.10;

struct NightPlan {
    std::vector<schema::ConditionClass> conditions;
    std::vector<std::string> queries;       // search texts given; empty: the catalog's families
    std::optional<std::string> sample_dir;  // replay recorded responses instead of eBay
    bool sold = false;                      // also the sold items (Marketplace Insights)
    bool aspect_filters = true;             // split families whose variants differ by aspect
    double item_share = 0;                  // of the call budget, reserved for getItem
    double sold_share = 0;                  // of the call budget, reserved for sold items
    // Of the call budget, reserved for getItem on the listings the night's searches missed
    // inside a withheld window (fetcher/withheld_check.hpp); 0: no check.
    double check_share = 0;
    fetcher::FetchConfig fetch;  // endpoints, market, budget, seller rule, token cache
    schema::Night night;         // tonight: what every run of the night observes
};

// How loud a message of the night is; the command decides where each goes.
enum class Loudness {
    progress,  // what is happening: on a terminal only
    warning,  // worth knowing or acting on, not a failure: on stderr unless --quiet (cron mails it)
    problem,  // something failed or is missing: always
};

struct NightObserver {
    std::function<void(Loudness, const std::string&)> message = [](Loudness, const std::string&) {};
    fetcher::ProgressFn fetch_progress = [](const fetcher::FetchProgress&) {};
};

struct NightResult {
    fetcher::FetchOutcome fetch;
    std::optional<fetcher::SoldOutcome> sold;  // when the sold pass ran
    int calls_used = 0;                        // by every pass
    // A pass after the listings' lost its token, met the deadline or failed pages: the night
    // is partial, its listings and reports stand.
    bool later_pass_failed = false;
    MatchCounts verdicts;        // of the listings tonight's match saw
    bool rematched_all = false;  // the rules changed since the stored verdicts were made
};

// Runs the night into `db` (opened for writing, migrated). `credentials` may be null only when
// the plan replays a sample. Throws fetcher::CredentialsError when eBay refuses them.
NightResult run_night(schema::Database& db, const schema::RuleSet& rules, const Matchers& matchers,
                      const NightPlan& plan, const fetcher::Credentials* credentials,
                      const NightObserver& observer);

// The sold pass's terms: the user's --query terms as given; else the q's the listings' searches
// send (search_terms.csv), each OR group asked as its AND-only terms (fetcher::and_terms), not
// the catalog's display words (audit 3, F8: "Tesla,T4" missed 18 of 78 real T4 titles).
std::vector<std::string> sold_terms(const schema::RuleSet& rules, const NightPlan& plan);

// A run's skipped listings by reason, the most common first (empty for no run or no skips).
std::vector<std::pair<std::string, int>> run_skips(schema::Database& db, std::int64_t run_id);

}  // namespace gpuprice::app
