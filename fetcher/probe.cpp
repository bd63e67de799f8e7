#include "fetcher/probe.hpp"

#include <algorithm>
#include <array>

#include "fetcher/browse_parser.hpp"
#include "fetcher/category_check.hpp"
#include "fetcher/ebay_error_ids.hpp"
#include "fetcher/errors.hpp"
#include "fetcher/insights_parser.hpp"
#include "fetcher/item_aspects.hpp"
#include "fetcher/query_plan.hpp"
#include "fetcher/sold_fetch.hpp"
#include "schema/domain/clock.hpp"

namespace gpuprice::fetcher {

namespace {

using ebay_error::kItemNotFound;

// One call, sent now and awaited.
EbayAnswer call_now(EbayClient& client, EbayCall call) {
    EbayAnswer out;
    client.send(std::move(call), [&out](EbayAnswer&& answer) { out = std::move(answer); });
    client.run();
    return out;
}

std::string total_text(const std::optional<std::int64_t>& total) {
    return total ? std::to_string(*total) : std::string("no total");
}

// A two-word term as both joins send it, and what each found.
struct JoinTotals {
    std::optional<std::int64_t> space;
    std::optional<std::int64_t> comma;
    std::string failure;  // a call that failed, described
};

std::string join_observed(const std::string& term, const JoinTotals& totals) {
    if (!totals.failure.empty()) return "no answer: " + totals.failure;
    return "'" + join_keywords(term, KeywordJoin::space_and) + "': " + total_text(totals.space) +
           "; '" + join_keywords(term, KeywordJoin::comma_and) + "': " + total_text(totals.comma);
}

std::optional<KeywordJoin> join_seen(const JoinTotals& totals) {
    if (!totals.failure.empty() || !totals.space || !totals.comma) return std::nullopt;
    return join_from_totals(*totals.space, *totals.comma);
}

class Probe {
  public:
    Probe(EbayClient& client, const ProbeSettings& settings, const std::string& asked_at)
        : client_(client),
          settings_(settings),
          market_(client.config().market),
          api_base_(client.config().endpoints.api_base),
          asked_at_(asked_at) {}

    ProbeResult run(int quota_reserve) {
        client_.ensure_token(EbayApi::browse);  // a refused keyset throws: nothing to probe
        const bool insights = insights_token();
        if (!read_quota(quota_reserve)) return std::move(result_);
        // First: the searches below use the category it finds.
        check_graphics_category();
        browse_join();
        or_group();
        if (insights) insights_join();
        pages();
        ended_item();
        result_.calls = client_.budget()->used();
        return std::move(result_);
    }

  private:
    void add(std::string question, std::string expected, std::string observed,
             std::string decision) {
        result_.rows.push_back(
            {std::move(question), std::move(expected), std::move(observed), std::move(decision)});
    }
    void answer(std::string_view question, std::string value, std::string detail) {
        result_.answers.push_back(
            {std::string(question), std::move(value), std::move(detail), asked_at_});
    }
    EbayAnswer call(EbayApi api, std::string url, bool buyer_context) {
        EbayCall c;
        c.api = api;
        c.pass = Pass::listings;
        c.url = std::move(url);
        c.buyer_context = buyer_context;
        return call_now(client_, std::move(c));
    }
    Query search(std::string q) const {
        Query query;
        query.family = std::move(q);
        query.conditions = settings_.conditions;
        return query;
    }
    SearchSettings search_settings() const {
        SearchSettings s;
        s.api_base = api_base_;
        s.marketplace = market_;
        s.marketplace.graphics_cards_category = category_;
        return s;
    }

    bool insights_token() {
        std::string observed;
        bool granted = false;
        try {
            const auto minted = client_.ensure_token(EbayApi::insights);
            granted = minted.failure == MintFailure::none;
            observed = granted ? "granted" : "refused (" + minted.message + ")";
        } catch (const std::exception& e) {
            observed = std::string("no token: ") + e.what();
            result_.answered_all = false;
        }
        add("token and scopes",
            "an application token for the public scope; buy.marketplace.insights only where eBay "
            "granted it (a Limited Release)",
            "public scope: token issued; Insights scope: " + observed,
            granted ? "fetch --sold fetches sold items"
                    : "fetch --sold says once that there are no sold prices and goes on");
        return granted;
    }

    bool read_quota(int reserve) {
        auto quota = client_.read_quota();
        std::string observed =
            quota.quota
                ? "buy.browse daily window: " + std::to_string(quota.quota->remaining) + " of " +
                      std::to_string(quota.quota->limit) + " left, resets " + quota.quota->reset
                : "not read: " + quota.problem;
        add("getRateLimits",
            "rates of buy.browse with a daily window (timeWindow 86400): limit, remaining, reset",
            observed,
            quota.quota ? "a night plans within min(--max-calls, remaining - --quota-reserve)"
                        : "a night plans within --max-calls");
        if (quota.quota && quota.quota->remaining - reserve < kProbeCalls) {
            result_.answered_all = false;
            add("the rest", "",
                "not probed: fewer than " + std::to_string(kProbeCalls) +
                    " calls left above --quota-reserve",
                "");
            return false;
        }
        client_.set_budget(CallBudget(kProbeCalls, quota.quota, reserve, {}), quota);
        return true;
    }

    void browse_join() {
        JoinTotals totals;
        for (const auto join : {KeywordJoin::space_and, KeywordJoin::comma_and}) {
            const auto a = call(
                EbayApi::browse,
                query_url(search_settings(), search(join_keywords(settings_.term, join)), 0, 1),
                true);
            if (!a.ok()) {
                totals.failure = a.describe();
                result_.answered_all = false;
                break;
            }
            const auto total = parse_search_page(a.response.body, market_.currency).total;
            (join == KeywordJoin::space_and ? totals.space : totals.comma) = total;
        }
        const auto seen = join_seen(totals);
        std::string decision = "searches join words with spaces";
        if (seen == KeywordJoin::comma_and) {
            decision +=
                "; eBay did not AND them: report this, family searches may hold other "
                "cards";
        }
        add("Browse keyword join", "a space ANDs (Browse item_summary/search, q)",
            join_observed(settings_.term, totals), decision);
        if (seen)
            answer(kBrowseJoinQuestion, std::string(keyword_join_name(*seen)),
                   join_observed(settings_.term, totals));
    }

    // The night's q relies on parenthesised OR groups ("(3080,RTX3080)"; about 45 families):
    // the group's total against each alternative's alone. eBay ORs it when the group finds at
    // least as many as its largest alternative (and something when any finds something).
    void or_group() {
        const auto& q = night_q();
        const auto open = q.find('('), close = q.find(')', open == std::string::npos ? 0 : open);
        if (open == std::string::npos || close == std::string::npos) {
            add("OR group in q", "a parenthesised, comma-separated group is an OR (Browse q)",
                "'" + q + "' has no group: not probed (give --term a family with one)", "");
            return;
        }
        const auto total_of = [&](const std::string& text) -> std::optional<std::int64_t> {
            Query query = search(settings_.term);
            query.keywords = text;
            const auto a = call(EbayApi::browse, query_url(search_settings(), query, 0, 1), true);
            if (!a.ok()) return std::nullopt;
            return parse_search_page(a.response.body, market_.currency).total;
        };
        const auto group = total_of(q);
        std::string observed = "'" + q + "': " + total_text(group);
        std::int64_t largest = 0;
        bool answered = group.has_value();
        std::size_t tried = 0;
        const auto inside = q.substr(open + 1, close - open - 1);
        for (std::size_t at = 0; at <= inside.size() && tried < 3 && answered; ++tried) {
            const auto comma = std::min(inside.find(',', at), inside.size());
            const auto alone =
                q.substr(0, open) + inside.substr(at, comma - at) + q.substr(close + 1);
            const auto total = total_of(alone);
            answered = total.has_value();
            observed += "; '" + alone + "': " + total_text(total);
            if (total) largest = std::max(largest, *total);
            at = comma + 1;
        }
        if (!answered) {
            result_.answered_all = false;
            add("OR group in q", "a parenthesised, comma-separated group is an OR (Browse q)",
                "no answer: " + observed, "");
            return;
        }
        const bool ored = *group >= largest && (largest == 0 || *group > 0);
        add("OR group in q", "a parenthesised, comma-separated group is an OR (Browse q)", observed,
            ored ? "families are searched with their search_terms.csv groups"
                 : "eBay did not OR the group: fetch refuses the catalog's searches until "
                   "search_terms.csv or eBay changes (report this; --query still works)");
        answer(kOrGroupQuestion, ored ? "or" : "not-or", observed);
    }

    // The q the night sends for the term.
    const std::string& night_q() const {
        return settings_.q.empty() ? settings_.term : settings_.q;
    }

    void insights_join() {
        JoinTotals totals;
        SoldFetchConfig config;
        config.condition_ids = schema::search_ids(settings_.conditions);
        for (const auto join : {KeywordJoin::space_and, KeywordJoin::comma_and}) {
            config.keyword_join = join;
            const auto a = call(
                EbayApi::insights,
                sold_search_url(api_base_, market_, config, settings_.term, 0, schema::now(), 1),
                false);
            if (!a.ok()) {
                totals.failure = a.describe();
                result_.answered_all = false;
                break;
            }
            const auto total = parse_sold_page(a.response.body, market_.currency).total;
            (join == KeywordJoin::space_and ? totals.space : totals.comma) = total;
        }
        const auto seen = join_seen(totals);
        const auto used = seen.value_or(documented_join(EbayApi::insights));
        add("Marketplace Insights keyword join",
            "a comma ANDs, a space ORs (Marketplace Insights item_sales/search, q)",
            join_observed(settings_.term, totals),
            "sold searches send '" + join_keywords(settings_.term, used) + "'" +
                (seen ? "" : " (as documented: nothing measured)"));
        if (seen)
            answer(kInsightsJoinQuestion, std::string(keyword_join_name(*seen)),
                   join_observed(settings_.term, totals));
    }

    // The term's first pages: a page short of its limit that still has `next`, and whether
    // CALCULATED shipping gets a cost with the buyer's place and without.
    void pages() {
        const auto settings = search_settings();
        auto query = search(settings_.term);
        query.keywords = night_q();  // paged as the night pages it
        std::string short_seen;
        int read = 0;
        int calculated = 0, costed = 0;
        std::int64_t offset = 0, served = 0;
        std::optional<std::int64_t> first_total;
        bool ended = false;
        for (; read < settings_.pages; ++read) {
            const auto a = call(EbayApi::browse, query_url(settings, query, offset), true);
            if (!a.ok()) {
                result_.answered_all = false;
                break;
            }
            const auto page = parse_search_page(a.response.body, market_.currency);
            const auto held = items_read(page);
            served += held;
            if (read == 0) first_total = page.total;
            if (held < page.limit && !page.next.empty() && short_seen.empty()) {
                short_seen = "the page at offset " + std::to_string(offset) + " held " +
                             std::to_string(held) + " of " + std::to_string(page.limit) +
                             " and had next";
            }
            if (read == 0) {
                for (const auto& l : page.listings) {
                    if (l.shipping_type != "CALCULATED") continue;
                    ++calculated;
                    if (l.shipping_cents) ++costed;
                }
            }
            if (page.next.empty() || page.limit <= 0) {
                ++read;
                ended = page.next.empty();
                break;
            }
            offset += page.limit;
        }
        // eBay's total against the items its pages served, over every page (audit 3, F1): what
        // decides whether the night's notes will show gaps.
        if (ended && first_total) {
            const auto gap = std::max<std::int64_t>(0, *first_total - served);
            const auto observed = "'" + query.q() + "': total " + std::to_string(*first_total) +
                                  ", " + std::to_string(served) + " items served over " +
                                  std::to_string(read) + " page(s): a gap of " +
                                  std::to_string(gap);
            add("total against items served",
                "total is \"just an indicator\" and may count variations (Browse, "
                "SearchPagedCollection.total)",
                observed,
                "a query is complete when paged to its end; the gap is a metric in the night's "
                "notes");
            answer(kTotalGapQuestion, std::to_string(gap), observed);
        } else {
            add("total against items served", "total is \"just an indicator\"",
                "'" + query.q() + "' not paged to its end in " + std::to_string(read) + " page(s)",
                "");
        }
        add("short pages",
            "pages hold `limit` items until the last; eBay serves short pages mid-result "
            "(matecsaj/ebay_rest#102)",
            short_seen.empty() ? "no short page with next in " + std::to_string(read) + " page(s)"
                               : short_seen,
            "paging follows next at offset + limit; a night that met short pages confirms a "
            "listing's departure on a second night");
        int calculated_bare = 0, costed_bare = 0;
        if (const auto a = call(EbayApi::browse, query_url(settings, query, 0), false); a.ok()) {
            for (const auto& l : parse_search_page(a.response.body, market_.currency).listings) {
                if (l.shipping_type != "CALCULATED") continue;
                ++calculated_bare;
                if (l.shipping_cents) ++costed_bare;
            }
        }
        add("shipping with X-EBAY-C-ENDUSERCTX",
            "CALCULATED shipping is estimated for the buyer's place (contextualLocation)",
            "with it: " + std::to_string(costed) + " of " + std::to_string(calculated) +
                " CALCULATED items had a cost; without: " + std::to_string(costed_bare) + " of " +
                std::to_string(calculated_bare),
            "searches send it (--deliver-to); a CALCULATED item without a cost has its "
            "shipping unknown");
    }

    void ended_item() {
        const auto a = call(EbayApi::browse, item_url(api_base_, settings_.ended_item_id), false);
        std::string seen;
        if (a.response.complete() && a.has_error(kItemNotFound)) {
            seen = std::to_string(a.response.status) + "-11001";
        } else if (a.response.complete()) {
            seen = std::to_string(a.response.status);
        }
        if (seen.empty()) result_.answered_all = false;
        add("ended item (getItem)", "HTTP 400 with errorId 11001 (Browse getItem)",
            seen.empty() ? "no answer: " + a.describe() : a.describe(),
            "400/11001 and 404 are both taken as gone; the listing is not asked again");
        if (!seen.empty()) answer(kEndedItemQuestion, seen, a.describe());
    }

    // Three Taxonomy calls (their own quota, not the Browse budget): the marketplace's tree, the
    // configured category in it, eBay's suggestions for graphics cards.
    void check_graphics_category() {
        const int configured = market_.graphics_cards_category;
        const std::string expected =
            "category " + std::to_string(configured) +
            " is the Graphics/Video Cards leaf of the marketplace's default tree (Taxonomy "
            "getCategorySubtree, getCategorySuggestions)";
        const auto tree_answer =
            call(EbayApi::taxonomy, default_tree_url(api_base_, market_.id), false);
        const auto tree =
            tree_answer.ok() ? parse_default_tree_id(tree_answer.response.body) : std::nullopt;
        if (!tree) {
            result_.answered_all = false;
            add("graphics-card category", expected, "no tree: " + tree_answer.describe(),
                "searches keep category " + std::to_string(configured));
            return;
        }
        // A 4xx is eBay saying the id is not in the tree: no node, judged below.
        const auto subtree =
            call(EbayApi::taxonomy, category_subtree_url(api_base_, *tree, configured), false);
        const auto suggestions =
            call(EbayApi::taxonomy, category_suggestions_url(api_base_, *tree), false);
        if (!subtree.response.complete() || subtree.response.status >= 500 || !suggestions.ok()) {
            result_.answered_all = false;
            add("graphics-card category", expected,
                "no answer: " + (suggestions.ok() ? subtree.describe() : suggestions.describe()),
                "searches keep category " + std::to_string(configured));
            return;
        }
        const auto node =
            subtree.ok() ? parse_category_subtree(subtree.response.body) : std::nullopt;
        const auto verdict =
            judge_category(configured, node, parse_category_suggestions(suggestions.response.body));
        const int searched = graphics_category(market_, verdict.answer);
        category_ = searched;
        add("graphics-card category", expected, "tree " + *tree + ": " + verdict.detail,
            searched == configured ? "searches use category " + std::to_string(configured) +
                                         (verdict.answer == "confirmed" ? "" : "; each night warns")
                                   : "searches use category " + std::to_string(searched) +
                                         " (eBay's suggestion) instead of " +
                                         std::to_string(configured) + ", and say so");
        answer(kGraphicsCategoryQuestion, verdict.answer, "tree " + *tree + ": " + verdict.detail);
    }

    EbayClient& client_;
    const ProbeSettings& settings_;
    const schema::Market& market_;
    const std::string& api_base_;
    std::string asked_at_;
    int category_ = market_.graphics_cards_category;  // as the Taxonomy check found it
    ProbeResult result_;
};

}  // namespace

ProbeResult run_probe(EbayClient& client, const ProbeSettings& settings, int quota_reserve,
                      const std::string& asked_at) {
    return Probe(client, settings, asked_at).run(quota_reserve);
}

std::string probe_table(const std::vector<ProbeRow>& rows) {
    const std::vector<std::string> heading = {"question", "expected", "eBay did",
                                              "gpuprice will do"};
    std::array<std::size_t, 4> width{};
    const auto cells = [](const ProbeRow& r) {
        return std::array<const std::string*, 4>{&r.question, &r.expected, &r.observed,
                                                 &r.decision};
    };
    for (std::size_t i = 0; i < 4; ++i) width[i] = heading[i].size();
    for (const auto& r : rows) {
        const auto c = cells(r);
        for (std::size_t i = 0; i < 4; ++i) width[i] = std::max(width[i], c[i]->size());
    }
    const auto line = [&](const std::array<const std::string*, 4>& c) {
        std::string out;
        for (std::size_t i = 0; i < 4; ++i) {
            out += *c[i];
            if (i < 3) out += std::string(width[i] - c[i]->size(), ' ') + " | ";
        }
        return out + '\n';
    };
    std::string out = line({&heading[0], &heading[1], &heading[2], &heading[3]});
    for (std::size_t i = 0; i < 4; ++i) out += std::string(width[i], '-') + (i < 3 ? "-+-" : "\n");
    for (const auto& r : rows) out += line(cells(r));
    return out;
}

NightCategory stored_graphics_category(schema::Database& db, const schema::Market& market) {
    NightCategory out{market.graphics_cards_category, {}};
    const auto stored = schema::probe_answer(db, market, std::string(kGraphicsCategoryQuestion));
    if (!stored || stored->answer == "confirmed") return out;
    out.id = graphics_category(market, stored->answer);
    const auto configured = std::to_string(market.graphics_cards_category);
    out.warning = out.id != market.graphics_cards_category
                      ? "graphics cards are searched in category " + std::to_string(out.id) +
                            ", not " + configured + ": gpuprice probe (" + stored->asked_at +
                            ") found " + stored->detail
                      : "category " + configured + " is not confirmed as " +
                            std::string(market.id) + "'s graphics-card leaf: gpuprice probe (" +
                            stored->asked_at + ") found " + stored->detail;
    return out;
}

std::optional<std::string> or_groups_refused(schema::Database& db, const schema::Market& market) {
    const auto stored = schema::probe_answer(db, market, std::string(kOrGroupQuestion));
    if (!stored || stored->answer != "not-or") return std::nullopt;
    return "gpuprice probe (" + stored->asked_at +
           ") found that eBay does not OR a parenthesised group of q (" + stored->detail +
           "): the catalog's searches rely on such groups and would miss listings; run "
           "gpuprice probe again, or fetch with --query";
}

KeywordJoin stored_or_documented_join(schema::Database& db, const schema::Market& market,
                                      EbayApi api) {
    const auto question = api == EbayApi::insights ? kInsightsJoinQuestion : kBrowseJoinQuestion;
    if (const auto stored = schema::probe_answer(db, market, std::string(question))) {
        if (const auto join = parse_keyword_join(stored->answer)) return *join;
    }
    return documented_join(api);
}

}  // namespace gpuprice::fetcher
