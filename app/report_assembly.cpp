#include "app/report_assembly.hpp"

#include <algorithm>
#include <optional>

#include "analysis/csv_format.hpp"
#include "app/clearances.hpp"
#include "app/derived_pass.hpp"
#include "app/model_nights.hpp"
#include "app/read_apart.hpp"
#include "schema/domain/clock.hpp"
#include "schema/domain/condition.hpp"
#include "schema/domain/price_flags.hpp"
#include "schema/store/night_status.hpp"
#include "schema/store/sold_store.hpp"

namespace gpuprice::app {

namespace {

// How far an earlier night may sit from exactly 7 or 30 days back and still count.
constexpr int kChangeSlackDays = 3;
// Cleared and sold prices pool this many nights when --days does not say.
constexpr int kDefaultEvidenceDays = 30;
// How far before the window a listing may have been last seen and still clear inside it (a
// fetch that skipped nights).
constexpr int kClearanceLookbackDays = 31;

// The request's filters in words, for the table's header: what left cards or listings out (or in).
std::string report_filters(const ReportRequest& q) {
    std::vector<std::string> parts;
    if (q.options.min_vram_gb > 0)
        parts.push_back("at least " + analysis::format_number(q.options.min_vram_gb, 0) + " GB");
    if (q.options.supported_only) parts.push_back("current software only");
    if (q.options.include_sxm) parts.push_back("SXM modules ranked");
    if (q.options.min_listings != analysis::ReportOptions{}.min_listings)
        parts.push_back("ranked from " + std::to_string(q.options.min_listings) + " listings");
    if (const auto included = schema::kAllPriceFlags & ~q.filter.excluded_flags; included != 0)
        parts.push_back("including " + schema::price_flag_names(included));
    std::string out;
    for (const auto& p : parts) out += (out.empty() ? "" : ", ") + p;
    return out;
}

// The same report on the night `days_back` days before `latest` (within kChangeSlackDays), for
// the change columns; only its rows.
std::optional<analysis::Report> earlier_report(schema::Database& db, const schema::Past& past,
                                               const schema::Catalog& catalog,
                                               const ReportRequest& q,
                                               const analysis::ReportOptions& options,
                                               const std::string& latest, int days_back) {
    const auto night = schema::night_on_or_before(db, schema::add_days(latest, -days_back),
                                                  kChangeSlackDays, q.filter.market);
    if (!night) return std::nullopt;
    const auto span = q.days > 0 ? q.days : 1;
    // One night with the rollups' own filter: its medians were rolled up when it was fetched.
    if (span == 1) {
        if (auto rolled = rolled_up_night_report(db, past, *night, options, q.filter))
            return rolled;
    }
    // Only the rows' medians are compared: each listing's latest price is all it reads.
    return analysis::build_report_rows(
        schema::load_latest_prices(db, past, schema::add_days(*night, -(span - 1)), *night,
                                   q.filter, options.conditions),
        catalog, options);
}

// What left the market and what sold over [evidence_from, latest].
analysis::MarketEvidence load_evidence(schema::Database& db, const schema::Past& past,
                                       const schema::Catalog& catalog, const ReportRequest& q,
                                       const analysis::ReportOptions& options,
                                       const std::string& latest,
                                       const std::string& evidence_from) {
    analysis::MarketEvidence evidence;
    const auto lookback = schema::add_days(evidence_from, -kClearanceLookbackDays);
    evidence.clearances = report_clearances(db, past, catalog, lookback, evidence_from, latest,
                                            q.filter, options.shipping, options.conditions);
    evidence.have_sold_data = schema::has_sold_items(db, q.filter.market);
    if (evidence.have_sold_data)
        evidence.sold = schema::load_sold_prices(db, evidence_from, latest, q.filter.market);
    return evidence;
}

}  // namespace

std::optional<LoadedReport> load_report(schema::Database& db, const schema::Catalog& catalog,
                                        const ReportRequest& q, schema::Details details) {
    const auto latest = q.until.empty()
                            ? schema::latest_night(db, q.filter.market)
                            : schema::night_on_or_before(db, q.until, 0, q.filter.market);
    if (!latest) return std::nullopt;
    std::string from = *latest;
    if (!q.since.empty()) from = q.since;
    if (q.days > 0) from = schema::add_days(*latest, -(q.days - 1));

    LoadedReport loaded;
    // Which form each window is read from, decided once for all of them.
    loaded.past = read_past(db, catalog, q.filter.market);
    const auto& past = loaded.past;
    const auto options = [&] {
        auto o = q.options;
        o.as_of = *latest;
        o.market = q.filter.market;
        return o;
    }();
    // What left the market and what sold, over --days (or the last 30 nights).
    const int evidence_days = q.days > 0 ? q.days : kDefaultEvidenceDays;
    const auto evidence_from =
        q.since.empty() ? schema::add_days(*latest, -(evidence_days - 1)) : q.since;
    loaded.evidence_from = evidence_from;

    // Beside the report's own listings, each on a connection of its own: the market's evidence,
    // the suspect-price rule's reference, and the same report 7 and 30 nights back for the
    // change columns. Over --days each of those reads as many prices as the report itself, so
    // they are read one after the other: two cores are busy either way, and one window at a
    // time is 40 MB less at a year.
    ReadApart<analysis::MarketEvidence> evidence(db, [&](schema::Database& conn) {
        return load_evidence(conn, past, catalog, q, options, *latest, evidence_from);
    });
    // The reference is every listing of the evidence window once, at its latest price; only
    // those without a price in [from, latest] are read, the report adds its own. Read after the
    // clearances on their connection, it was a fifth of tonight's report at a year, while the
    // report's own read was long done and a core idle.
    std::optional<ReadApart<std::vector<schema::LatestPrice>>> reference;
    if (evidence_from < from) {
        reference.emplace(db, [&](schema::Database& conn) {
            return schema::load_latest_prices(conn, past, evidence_from, *latest, q.filter,
                                              options.conditions, from);
        });
    }
    using Earlier = std::pair<std::optional<analysis::Report>, std::optional<analysis::Report>>;
    ReadApart<Earlier> earlier(db, [&](schema::Database& conn) {
        auto week = earlier_report(conn, past, catalog, q, options, *latest, 7);
        return Earlier{std::move(week),
                       earlier_report(conn, past, catalog, q, options, *latest, 30)};
    });
    // Read straight into the report's lines: a vector of observations beside them doubled the
    // memory of --days 30. Listings of conditions not asked for are read by nothing (neither
    // the rows nor the suspect-price rule's reference), so they are not kept.
    std::vector<analysis::ListingLine> lines;
    // The bound counts the listings seen since `from` up to the newest night: a report of an
    // earlier night (ReportRequest::until, a watch's previous night) grows instead.
    if (q.until.empty()) lines.reserve(schema::latest_observations_bound(db, from));
    schema::for_each_latest_observation(
        db, past, from, *latest, details, q.filter,
        [&](schema::PricedObservation&& o) {
            const auto condition = schema::condition_class(o.condition_id);
            if (std::find(options.conditions.begin(), options.conditions.end(), condition) !=
                options.conditions.end())
                lines.emplace_back().observation = std::move(o);
        },
        options.conditions);
    loaded.evidence = evidence.get();
    if (reference) {
        loaded.evidence.recent = reference->get();
        auto& recent = loaded.evidence.recent;
        recent.reserve(recent.size() + lines.size());
        for (const auto& l : lines) recent.push_back(schema::latest_price(l.observation));
    }

    loaded.report = analysis::build_report(std::move(lines), catalog, options, loaded.evidence);
    loaded.evidence.recent = {};  // judged: nothing reads it again
    loaded.context = {options.precision, options.sparsity, *latest, options.basis,
                      std::string(q.filter.market.currency)};
    loaded.context.shipping_included = options.shipping == analysis::Shipping::Include;
    loaded.context.window_start = from;
    loaded.context.rank_by = options.rank_by;
    loaded.context.filters = report_filters(q);
    const auto nights = schema::night_status(db, from, *latest, q.filter.market);
    loaded.context.nights_complete = nights.complete();
    loaded.context.night_status = nights.summary(from, *latest);
    loaded.context.listings_without_verdict = nights.listings_without_verdict;

    const auto [week_before, month_before] = earlier.get();
    analysis::attach_changes(loaded.report, week_before ? &*week_before : nullptr,
                             month_before ? &*month_before : nullptr);
    return loaded;
}

void fill_missing_attributes(LoadedReport& loaded, const analysis::AttributeExtractor& extractor) {
    for (auto& line : loaded.report.listings) {
        auto& o = line.observation;
        if (!o.attributes) o.attributes = extractor.extract(o.title);
    }
}

}  // namespace gpuprice::app
