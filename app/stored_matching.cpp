#include "app/stored_matching.hpp"

#include <numeric>

#include "app/derived_pass.hpp"
#include "schema/domain/printable_text.hpp"
#include "schema/store/night_status.hpp"
#include "schema/store/sold_store.hpp"

namespace gpuprice::app {

int MatchCounts::total() const {
    return std::accumulate(counts_.begin(), counts_.end(), 0);
}

void MatchCounts::merge(const MatchCounts& other) {
    for (std::size_t i = 0; i < counts_.size(); ++i) counts_[i] += other.counts_[i];
}

namespace {

// One batch's verdicts, and how many of each.
struct Judged {
    std::vector<schema::Verdict> verdicts;
    MatchCounts counts;
};

Judged judge(const Matchers& matchers, const std::vector<schema::StoredTitle>& titles) {
    Judged judged;
    judged.verdicts.reserve(titles.size());
    for (const auto& stored : titles) {
        const auto result = matchers.titles.match(stored.title, &stored.aspects);
        schema::Verdict verdict{stored.listing_id, std::nullopt, result.reason, result.decided_by,
                                matchers.attributes.extract(stored.title)};
        if (result.model) verdict.model = result.model->key;
        judged.verdicts.push_back(std::move(verdict));
        judged.counts.add(result.reason);
    }
    return judged;
}

}  // namespace

MatchCounts match_listings(schema::Database& db, const Matchers& matchers,
                           schema::WhichListings which, std::int64_t run_id, const std::string& now,
                           int batch) {
    MatchCounts counts;
    // Every listing up to here has a verdict once done (each mode matches every one without).
    const auto newest = schema::newest_listing_id(db);
    for (std::int64_t after = 0;;) {
        const auto titles = schema::titles_to_match(db, which, run_id, after, batch);
        if (titles.empty()) break;
        const auto judged = judge(matchers, titles);
        schema::store_verdicts(db, judged.verdicts);
        counts.merge(judged.counts);
        after = titles.back().listing_id;
    }
    // Every listing that lacked a verdict has one now: the finished runs are whole.
    schema::mark_runs_matched(db, now);
    schema::record_verdicts_through(db, newest);
    return counts;
}

MatchCounts match_sold_items(schema::Database& db, const Matchers& matchers,
                             schema::WhichSoldItems which, int batch) {
    MatchCounts counts;
    std::string after;
    for (;;) {
        const auto titles = schema::sold_titles_to_match(db, which, after, batch);
        if (titles.empty()) break;
        std::vector<schema::SoldVerdict> verdicts;
        verdicts.reserve(titles.size());
        for (const auto& stored : titles) {
            const auto result = matchers.titles.match(stored.title);
            schema::SoldVerdict verdict{stored.item_id, std::nullopt, result.reason};
            if (result.model) verdict.model = result.model->key;
            verdicts.push_back(std::move(verdict));
            counts.add(result.reason);
        }
        schema::store_sold_verdicts(db, verdicts);
        after = titles.back().item_id;
    }
    return counts;
}

bool verdicts_current(schema::Database& db, const Matchers& matchers) {
    return schema::verdict_rules_digest(db) == matchers.digest;
}

Rematch rematch_everything(schema::Database& db, const schema::Catalog& catalog,
                           const Matchers& matchers, const std::string& now) {
    Rematch done;
    done.listings = match_listings(db, matchers, schema::WhichListings::All, 0, now);
    done.sold = match_sold_items(db, matchers, schema::WhichSoldItems::All);
    schema::remember_verdict_rules_digest(db, matchers.digest);
    // The verdicts that changed make the derived tables stale: derived again now.
    update_derived_tables(db, catalog);
    return done;
}

std::vector<std::string> unmatched_lines(schema::Database& db, int limit) {
    std::vector<std::string> lines;
    for (const auto& row : schema::most_common_unmatched(db, limit)) {
        lines.push_back(std::to_string(row.count) + '\t' + row.reason + '\t' +
                        schema::printable_text(row.title));
    }
    return lines;
}

}  // namespace gpuprice::app
