#include "cli/report_options.hpp"

#include "analysis/report_csv.hpp"
#include "cli/command_context.hpp"
#include "cli/date_option.hpp"
#include "schema/domain/ascii_case.hpp"
#include "schema/domain/clock.hpp"
#include "schema/domain/condition.hpp"
#include "schema/domain/market.hpp"
#include "schema/domain/price_flags.hpp"

namespace po = boost::program_options;

namespace gpuprice::cli {

void add_report_query_options(po::options_description& options, ReportQuery& q,
                              const std::string& default_condition) {
    q.condition_option = default_condition;
    options.add_options()(
        "condition", po::value(&q.condition_option)->default_value(default_condition),
        "new, used, refurbished, open-box or all (every condition, each row saying its own)")(
        "precision", po::value(&q.precision)->default_value(q.precision),
        "a precision of the catalog's precisions.csv: fp16 (FP32 accumulate, the training "
        "figure), fp16-fp16acc, bf16, tf32, fp8, int8, fp4, fp32 (vector: ranks cards without "
        "tensor cores)")("sparse", po::bool_switch(&q.sparse),
                         "rank by 2:4-sparse figures (inference only; labelled as such)")(
        "no-shipping", po::bool_switch(&q.no_shipping), "prices without shipping")(
        "supported-only", po::bool_switch(&q.supported_only),
        "leave out cards no current CUDA/ROCm or PyTorch wheel runs (software_support.csv)")(
        "min-listings", po::value(&q.request.options.min_listings)->default_value(3),
        "fewer usable listings: shown, marked low_sample, not ranked")(
        "min-vram", po::value(&q.request.options.min_vram_gb)->default_value(0),
        "only cards with at least this many GB")(
        "since", po::value(&q.request.since),
        "pool nights from this date (YYYY-MM-DD) to the latest")(
        "days", po::value(&q.request.days)->default_value(0),
        "pool the last N nights (default: the latest night only; cleared and sold prices: 30)")(
        "price", po::value(&q.price)->default_value(q.price),
        "the price that ranks and divides the FLOPS: median, p25, lowest3 (mean of the three "
        "cheapest), cleared (median last price of listings that left) or sold (eBay sold prices)")(
        "marketplace", po::value(&q.marketplace)->default_value(q.marketplace),
        "the marketplace whose prices to report, in its currency")(
        "include", po::value(&q.include),
        "let flagged listings into the medians: abroad, variations, low-feedback-seller, "
        "suspect-price (comma-separated; default none)");
}

analysis::RankBy rank_by_option(const std::string& value) {
    if (const auto rank_by = analysis::parse_rank_by(value)) return *rank_by;
    throw UsageError("unknown --rank-by '" + value +
                     "' (use tflops, bandwidth, vram, training or inference)");
}

void resolve_report_query(ReportQuery& q, const schema::Catalog& catalog) {
    q.request.options.conditions = conditions_option(q.condition_option);
    // The names as the file names and headings spell them, whatever case was typed.
    q.condition_option = schema::ascii_lower(q.condition_option);
    q.precision = precision_option(catalog, q.precision);
    q.request.options.precision = q.precision;
    q.request.options.supported_only = q.supported_only;
    q.request.options.sparsity = q.sparse ? analysis::Sparsity::Sparse : analysis::Sparsity::Dense;
    q.request.options.shipping =
        q.no_shipping ? analysis::Shipping::Exclude : analysis::Shipping::Include;
    if (q.request.options.min_listings < 1) throw UsageError("--min-listings must be at least 1");
    const auto& since = q.request.since;
    check_window_options(since, q.request.days);
    if (const auto today = schema::today(); !since.empty() && since > today) {
        throw UsageError("--since " + since + " is after today (" + today + ")");
    }
    if (q.request.options.min_vram_gb < 0) throw UsageError("--min-vram must not be negative (GB)");
    const auto basis = analysis::parse_price_basis(q.price);
    if (!basis) {
        throw UsageError("--price '" + q.price + "' is not one of " +
                         analysis::price_basis_names());
    }
    q.request.options.basis = *basis;
    const auto market = market_option(q.marketplace);
    q.marketplace = std::string(market.id);  // its own spelling, in file names and messages
    const auto include = schema::parse_price_flags(q.include);
    if (!include) {
        throw UsageError("--include '" + q.include + "': use " +
                         schema::price_flag_names(schema::kAllPriceFlags) + " (comma-separated)");
    }
    q.request.options.include_suspect_prices = (*include & schema::kFlagSuspectPrice) != 0;
    q.request.filter.market = market;
    q.request.filter.excluded_flags = schema::kAllPriceFlags & ~*include;
}

}  // namespace gpuprice::cli
