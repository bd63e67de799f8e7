#include "app/clearances.hpp"

#include <algorithm>

#include "analysis/clearance.hpp"
#include "schema/store/clearance_inputs.hpp"
#include "schema/store/clearance_store.hpp"

namespace gpuprice::app {

namespace {

// Lives read at once on a first pass: memory stays flat however many listings there are.
constexpr int kBatch = 20000;

std::vector<schema::ClearanceDecisionRow> decide(schema::Database& db,
                                                 std::vector<schema::ListingLife> lives,
                                                 const schema::Catalog& catalog,
                                                 const schema::FamilyCoverage& coverage,
                                                 const schema::SentCoverage& sent,
                                                 analysis::FamilyCovers& covers) {
    schema::attach_returned_by(db, lives);
    std::vector<schema::ClearanceDecisionRow> rows;
    rows.reserve(lives.size());
    for (const auto& life : lives) {
        auto decision = analysis::decide_clearance(life, catalog.display_name(life.model), coverage,
                                                   covers, &sent);
        rows.push_back(
            {life.listing_id, life.last_seen, decision.outcome, std::move(decision.night)});
    }
    return rows;
}

// The clearance of a decided life, when it makes one, at the end of `out`. The life is moved
// into it: at a year the window's lives are 50 MB, and copying them doubled a report's peak.
void add_clearance(std::vector<analysis::Clearance>& out, const schema::Catalog& catalog,
                   schema::DecidedLife&& d, analysis::Shipping shipping) {
    auto model_name = catalog.display_name(d.life.model);
    if (auto c = analysis::make_clearance(std::move(d.life), std::move(model_name),
                                          {d.outcome, std::move(d.night)}, shipping))
        out.push_back(std::move(*c));
}

std::vector<analysis::Clearance> from_decisions(const schema::Catalog& catalog,
                                                std::vector<schema::DecidedLife> decided,
                                                analysis::Shipping shipping) {
    std::vector<analysis::Clearance> out;
    out.reserve(decided.size());
    for (auto& d : decided) add_clearance(out, catalog, std::move(d), shipping);
    decided = {};  // before the sort's buffer is taken
    analysis::sort_by_night(out);
    return out;
}

}  // namespace

std::set<std::string> decide_clearances(schema::Database& db, const schema::Catalog& catalog,
                                        const schema::DerivedWork& work) {
    // Every fetched night: a listing waits for the first one after its last night.
    const auto coverage = schema::load_family_coverage(db, "0000-01-01", "9999-12-31", work.market);
    const auto sent = schema::load_sent_coverage(db, "0000-01-01", "9999-12-31", work.market);
    analysis::FamilyCovers covers;
    // No night after the latest fetched yet: a fixed-price listing seen on it is pending
    // (decide_clearance), and gets no row; its life is not read (on a first night, none is).
    std::optional<std::string> pending_from;
    if (!work.latest_night.empty() &&
        (coverage.empty() || coverage.rbegin()->first <= work.latest_night))
        pending_from = work.latest_night;
    if (!work.from_scratch) {
        const schema::ListingsToDecide listings(db, work);
        return schema::store_clearance_decisions(
            db, listings, work,
            decide(db, schema::load_lives_to_decide(db, listings, work, pending_from), catalog,
                   coverage, sent, covers));
    }
    schema::forget_clearance_decisions(db, work.market);
    for (std::int64_t after = 0;;) {
        auto lives = schema::load_lives_after(db, work.market, after, kBatch, pending_from);
        if (lives.empty()) break;
        after = lives.back().listing_id;
        schema::add_clearance_decisions(
            db, work, decide(db, std::move(lives), catalog, coverage, sent, covers));
    }
    return {};
}

std::vector<analysis::Clearance> decide_report_clearances(
    schema::Database& db, const schema::Catalog& catalog, const std::string& since,
    const std::string& from, const std::string& to, const schema::ObservationFilter& filter,
    analysis::Shipping shipping, analysis::ClearanceCounts* counts) {
    auto lives = schema::load_listing_lives(db, since, to, filter);
    schema::attach_returned_by(db, lives);
    const auto coverage = schema::load_family_coverage(db, since, to, filter.market);
    const auto sent = schema::load_sent_coverage(db, since, to, filter.market);
    auto clearances = analysis::find_clearances(lives, coverage, catalog, shipping, counts, &sent);
    std::erase_if(clearances,
                  [&](const analysis::Clearance& c) { return c.night < from || c.night > to; });
    return clearances;
}

std::vector<analysis::Clearance> decide_model_clearances(schema::Database& db,
                                                         const schema::Catalog& catalog,
                                                         const std::string& model,
                                                         const schema::ObservationFilter& filter,
                                                         analysis::Shipping shipping) {
    // Every night's coverage: a listing's whole life may matter.
    auto lives = schema::load_model_listing_lives(db, model, filter);
    schema::attach_returned_by(db, lives);
    const auto coverage =
        schema::load_family_coverage(db, "0000-01-01", "9999-12-31", filter.market);
    const auto sent = schema::load_sent_coverage(db, "0000-01-01", "9999-12-31", filter.market);
    return analysis::find_clearances(lives, coverage, catalog, shipping, nullptr, &sent);
}

std::vector<analysis::Clearance> report_clearances(
    schema::Database& db, const schema::Past& past, const schema::Catalog& catalog,
    const std::string& since, const std::string& from, const std::string& to,
    const schema::ObservationFilter& filter, analysis::Shipping shipping,
    const std::vector<schema::ConditionClass>& conditions) {
    const auto bound =
        past.if_derived([&] { return schema::decided_lives_bound(db, from, to, filter.market); });
    if (!bound) {
        auto decided = decide_report_clearances(db, catalog, since, from, to, filter, shipping);
        if (!conditions.empty()) {
            std::erase_if(decided, [&](const analysis::Clearance& c) {
                return std::find(conditions.begin(), conditions.end(),
                                 schema::condition_class(c.life.condition_id)) == conditions.end();
            });
        }
        return decided;
    }
    // Each life becomes its clearance as it is read, into room reserved once: neither a vector
    // of the lives beside the clearances nor a doubling vector's spare half (a year's window
    // holds 74,000).
    std::vector<analysis::Clearance> out;
    out.reserve(*bound);
    schema::for_each_decided_life(
        db, since, from, to, filter, conditions,
        [&](schema::DecidedLife&& d) { add_clearance(out, catalog, std::move(d), shipping); });
    analysis::sort_by_night(out);
    return out;
}

std::vector<analysis::Clearance> model_clearances(schema::Database& db, const schema::Past& past,
                                                  const schema::Catalog& catalog,
                                                  const std::string& model,
                                                  const schema::ObservationFilter& filter,
                                                  analysis::Shipping shipping) {
    if (auto decided =
            past.if_derived([&] { return schema::load_model_decided_lives(db, model, filter); }))
        return from_decisions(catalog, std::move(*decided), shipping);
    return decide_model_clearances(db, catalog, model, filter, shipping);
}

}  // namespace gpuprice::app
