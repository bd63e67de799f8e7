#include "cli/report_query.hpp"

#include <algorithm>

#include "cli/command_context.hpp"
#include "schema/domain/clock.hpp"
#include "schema/domain/condition.hpp"
#include "schema/domain/marketplace.hpp"
#include "schema/domain/price_flags.hpp"
#include "schema/store/clearance_inputs.hpp"
#include "schema/store/night_status.hpp"
#include "schema/store/observation_store.hpp"
#include "schema/store/sold_store.hpp"

namespace po = boost::program_options;

namespace gpuprice::cli {

namespace {

// How far an earlier night may sit from exactly 7 or 30 days back and still count.
constexpr int kChangeSlackDays = 3;
// Cleared and sold prices pool this many nights when --days does not say.
constexpr int kDefaultEvidenceDays = 30;
// How far before the window a listing may have been last seen and still clear inside it (a
// fetch that skipped nights).
constexpr int kClearanceLookbackDays = 31;

}  // namespace

void add_report_query_options(po::options_description& options, ReportQuery& q,
                              const std::string& default_condition) {
    q.condition_option = default_condition;
    options.add_options()("condition",
                          po::value(&q.condition_option)->default_value(default_condition),
                          "new, used, refurbished, open-box or all (one section each)")(
        "precision", po::value(&q.precision)->default_value(q.precision),
        "a precision of the catalog's precisions.csv: fp16 (FP32 accumulate, the training "
        "figure), fp16-fp16acc, bf16, tf32, fp8, int8, fp4, fp32 (vector: ranks cards without "
        "tensor cores)")("sparse", po::bool_switch(&q.sparse),
                         "rank by 2:4-sparse figures (inference only; labelled as such)")(
        "no-shipping", po::bool_switch(&q.no_shipping), "prices without shipping")(
        "supported-only", po::bool_switch(&q.supported_only),
        "leave out cards current CUDA/ROCm and PyTorch wheels no longer run (Volta and older)")(
        "min-listings", po::value(&q.options.min_listings)->default_value(3),
        "fewer usable listings: shown, marked low_sample, not ranked")(
        "min-vram", po::value(&q.options.min_vram_gb)->default_value(0),
        "only cards with at least this many GB")(
        "since", po::value(&q.since), "pool nights from this date (YYYY-MM-DD) to the latest")(
        "days", po::value(&q.days)->default_value(0),
        "pool the last N nights (default: the latest night only; cleared and sold prices: 30)")(
        "price", po::value(&q.price)->default_value(q.price),
        "the price that ranks and divides the FLOPS: median, p25, lowest3 (mean of the three "
        "cheapest), cleared (median last price of listings that left) or sold (eBay sold prices)")(
        "marketplace", po::value(&q.marketplace)->default_value(q.marketplace),
        "the marketplace whose prices to report, in its currency")(
        "include", po::value(&q.include),
        "let flagged listings into the medians: abroad, variations, low-feedback-seller "
        "(comma-separated; default none)");
}

analysis::RankBy rank_by_option(const std::string& value) {
    if (value == "tflops") return analysis::RankBy::tflops;
    if (value == "bandwidth") return analysis::RankBy::bandwidth;
    if (value == "vram") return analysis::RankBy::vram;
    throw UsageError("unknown --rank-by '" + value + "' (use tflops, bandwidth or vram)");
}

void resolve_report_query(ReportQuery& q, const schema::Catalog& catalog) {
    q.options.conditions = conditions_option(q.condition_option);
    q.options.precision = precision_option(catalog, q.precision);
    q.options.supported_only = q.supported_only;
    q.options.sparsity = q.sparse ? analysis::Sparsity::Sparse : analysis::Sparsity::Dense;
    q.options.shipping = q.no_shipping ? analysis::Shipping::Exclude : analysis::Shipping::Include;
    if (q.options.min_listings < 1) throw UsageError("--min-listings must be at least 1");
    // Ten years of nights is more than any database holds; beyond it is a typo.
    if (q.days < 0 || q.days > 3650) throw UsageError("--days must be 0..3650");
    if (!q.since.empty() && !schema::is_valid_date(q.since)) {
        throw UsageError("--since '" + q.since + "' is not a date (YYYY-MM-DD)");
    }
    if (!q.since.empty() && q.days > 0) throw UsageError("use --since or --days, not both");
    if (const auto today = schema::today(); !q.since.empty() && q.since > today) {
        throw UsageError("--since " + q.since + " is after today (" + today + ")");
    }
    if (q.options.min_vram_gb < 0) throw UsageError("--min-vram must not be negative (GB)");
    const auto basis = analysis::parse_price_basis(q.price);
    if (!basis) {
        throw UsageError("--price '" + q.price + "' is not one of " +
                         analysis::price_basis_names());
    }
    q.options.basis = *basis;
    if (!schema::find_marketplace(q.marketplace)) {
        throw UsageError("--marketplace '" + q.marketplace + "' is not one of " +
                         schema::marketplace_ids());
    }
    const auto include = schema::parse_price_flags(q.include);
    if (!include) {
        throw UsageError("--include '" + q.include +
                         "': use abroad, variations or low-feedback-seller, comma-separated");
    }
    q.filter.marketplace = q.marketplace;
    q.filter.excluded_flags = schema::kAllPriceFlags & ~*include;
}

std::optional<LoadedReport> load_report(schema::Database& db, const schema::Catalog& catalog,
                                        const ReportQuery& q, schema::Details details) {
    const auto latest = schema::latest_night(db, q.marketplace);
    if (!latest) return std::nullopt;
    std::string from = *latest;
    if (!q.since.empty()) from = q.since;
    if (q.days > 0) from = schema::add_days(*latest, -(q.days - 1));

    LoadedReport loaded;
    const auto observations =
        schema::load_latest_observations(db, from, *latest, details, q.filter);
    auto options = q.options;
    options.as_of = *latest;

    // What left the market and what sold, over --days (or the last 30 nights).
    const int evidence_days = q.days > 0 ? q.days : kDefaultEvidenceDays;
    loaded.evidence_from =
        q.since.empty() ? schema::add_days(*latest, -(evidence_days - 1)) : q.since;
    const auto lookback = schema::add_days(loaded.evidence_from, -kClearanceLookbackDays);
    const auto lives = schema::load_listing_lives(db, lookback, *latest, q.filter);
    const auto coverage = schema::load_family_coverage(db, lookback, *latest, q.marketplace);
    for (const auto& c :
         analysis::find_clearances(lives, coverage, options.shipping, &loaded.clearance_counts)) {
        const auto condition = schema::condition_class(c.life.condition_id);
        const auto& wanted = options.conditions;
        if (c.night >= loaded.evidence_from && c.night <= *latest &&
            std::find(wanted.begin(), wanted.end(), condition) != wanted.end()) {
            loaded.evidence.clearances.push_back(c);
        }
    }
    loaded.evidence.have_sold_data = schema::has_sold_items(db, q.marketplace);
    if (loaded.evidence.have_sold_data)
        loaded.evidence.sold =
            schema::load_sold_prices(db, loaded.evidence_from, *latest, q.marketplace);

    loaded.report = analysis::build_report(observations, catalog, options, loaded.evidence);
    loaded.context = {options.precision, options.sparsity, *latest, options.basis,
                      std::string(schema::find_marketplace(q.marketplace)->currency)};
    loaded.context.shipping_included = options.shipping == analysis::Shipping::Include;
    loaded.context.window_start = from;
    const auto nights = schema::night_status(db, from, *latest);
    loaded.context.night_status = nights.summary(from, *latest);
    loaded.context.listings_without_verdict = nights.listings_without_verdict;

    // The same report on the nights 7 and 30 days earlier, for the change columns.
    const auto earlier = [&](int days_back) -> std::optional<analysis::Report> {
        const auto night = schema::night_on_or_before(db, schema::add_days(*latest, -days_back),
                                                      kChangeSlackDays, q.marketplace);
        if (!night) return std::nullopt;
        const auto span = q.days > 0 ? q.days : 1;
        const auto old = schema::load_latest_observations(
            db, schema::add_days(*night, -(span - 1)), *night, schema::Details::Without, q.filter);
        auto report = analysis::build_report(old, catalog, options);
        report.listings.clear();  // only the rows' medians are compared
        return report;
    };
    const auto week = earlier(7);
    const auto month = earlier(30);
    analysis::attach_changes(loaded.report, week ? &*week : nullptr, month ? &*month : nullptr);
    return loaded;
}

void fill_missing_attributes(LoadedReport& loaded, const analysis::AttributeExtractor& extractor) {
    for (auto& line : loaded.report.listings) {
        auto& o = line.observation;
        if (!o.attributes) o.attributes = extractor.extract(o.title);
    }
}

}  // namespace gpuprice::cli
