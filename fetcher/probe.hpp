// `gpuprice probe`: a live self-check of what eBay's documents leave open or contradict, in a
// dozen calls (never more than kProbeCalls, within the quota above --quota-reserve): the token
// and its scopes, getRateLimits' shape, how Browse and Marketplace Insights join q's words
// (totals of both forms of one family term), whether a page short of its limit comes with
// `next`, whether CALCULATED shipping gets a cost with X-EBAY-C-ENDUSERCTX, how an ended item
// answers getItem, and whether the Market table's graphics-card category is the GPU leaf of the
// marketplace's category tree (Taxonomy API, fetcher/category_check.hpp). Each row says what was
// expected (the documents), what eBay did, and what gpuprice will do; the answers a night uses are
// returned for storing (schema/store/probe_store).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "fetcher/ebay_client.hpp"
#include "fetcher/keyword_join.hpp"
#include "schema/domain/condition.hpp"
#include "schema/store/probe_store.hpp"

namespace gpuprice::fetcher {

inline constexpr int kProbeCalls = 24;

// The questions whose answers are stored, by name.
inline constexpr std::string_view kBrowseJoinQuestion = "browse-keyword-join";
inline constexpr std::string_view kInsightsJoinQuestion = "insights-keyword-join";
inline constexpr std::string_view kEndedItemQuestion = "ended-item-status";
// "confirmed", "unconfirmed", "other:<id>" or "absent" (fetcher/category_check.hpp).
inline constexpr std::string_view kGraphicsCategoryQuestion = "graphics-cards-category";
// "or" when eBay ORs a parenthesised group of q the way the night sends it, "not-or" when it
// does not (the night then refuses to search with such groups).
inline constexpr std::string_view kOrGroupQuestion = "browse-or-group";
// "<gap>": eBay's total less the items its pages served, over all the term's pages.
inline constexpr std::string_view kTotalGapQuestion = "browse-total-gap";

struct ProbeSettings {
    // A family term of two words or more that sells every day ("RTX 3080"): both joins are
    // compared on it, and its pages are read for short ones.
    std::string term;
    // The q the night sends for `term` (search_terms.csv), with its OR groups; empty: the term.
    std::string q;
    std::vector<schema::ConditionClass> conditions;  // the searches' conditions
    // getItem of an item that cannot be live: the ended item's answer.
    std::string ended_item_id = "v1|110000000000|0";
    // Pages of the term's q read for short ones and for eBay's total against the items served,
    // at most (RTX 3080: about 4 pages of 200 a night).
    int pages = 6;
};

struct ProbeRow {
    std::string question;
    std::string expected;  // what eBay's documents say
    std::string observed;  // what eBay did
    std::string decision;  // what gpuprice will do
};

struct ProbeResult {
    std::vector<ProbeRow> rows;
    std::vector<schema::ProbeAnswer> answers;  // for store_probe_answers
    int calls = 0;
    bool answered_all = true;  // false: a question got no usable answer (a failed call)
};

// Runs every check through `client` (its Browse token may be minted here; throws
// CredentialsError when eBay refuses the keyset). `asked_at`: the answers' time.
ProbeResult run_probe(EbayClient& client, const ProbeSettings& settings, int quota_reserve,
                      const std::string& asked_at);

// The rows as an aligned text table, for a terminal.
std::string probe_table(const std::vector<ProbeRow>& rows);

// The category a night searches for graphics cards in `market`, from the probe's stored answer
// (fetcher/category_check.hpp's graphics_category), and a warning to say when the probe did not
// confirm the configured id (empty when it did, or never asked).
struct NightCategory {
    int id = 0;
    std::string warning;
};
NightCategory stored_graphics_category(schema::Database& db, const schema::Market& market);

// The refusal a night meets when the stored probe found that eBay does not OR a parenthesised
// group of q; nullopt when it ORs or was never probed.
std::optional<std::string> or_groups_refused(schema::Database& db, const schema::Market& market);

// The keyword join a night uses for `api` in `market`: the probe's stored answer, else the
// documented one.
KeywordJoin stored_or_documented_join(schema::Database& db, const schema::Market& market,
                                      EbayApi api);

}  // namespace gpuprice::fetcher
