// The report as CSV (RFC 4180, UTF-8, CRLF, '.' decimals, formula-safe): the stable columns
// documented in README.md, in this order, then extra columns. Column order never changes;
// new columns are only ever appended.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "analysis/csv_format.hpp"
#include "analysis/price_report.hpp"

namespace gpuprice::analysis {

struct CsvContext {
    std::string precision = "fp16";
    Sparsity sparsity = Sparsity::Dense;
    std::string as_of;
    PriceBasis basis = PriceBasis::median;
    // The market's currency (ISO 4217): every price of one report is in it (for EBAY_US the
    // `_usd` columns are USD; for another market they hold its currency, named by `currency`).
    std::string currency = {};
    // What the report was asked for, recorded in its columns (shipping_included, window_start).
    bool shipping_included = true;
    std::string window_start = {};  // the first night pooled (as_of for the latest night only)
    // The state of the reported nights (see NightStatus): whether they are whole, and the
    // night_status cell of every row ("complete", or what is missing), also in the table.
    bool nights_complete = true;
    std::string night_status = "complete";
    int listings_without_verdict = 0;
    RankBy rank_by = RankBy::tflops;  // what `rank` orders by (the rank_by column, the header)
    // The filters that leave cards out, for the table's header: "at least 24 GB, supported only".
    std::string filters = {};
};

// "GFLOPS per USD", "GB/s per USD", "USD per GB of VRAM" (in `currency`): what `rank` orders by.
std::string rank_by_label(RankBy rank_by, std::string_view currency);
// "tflops", "bandwidth", "vram", "training", "inference": --rank-by, --objective, the rank_by
// column.
std::string_view rank_by_name(RankBy rank_by);
std::optional<RankBy> parse_rank_by(std::string_view name);

// How a column shows in the terminal table, if it does: its heading, its cell, and how early it
// is left out when the table would be wider than the terminal (0: never; higher goes first).
struct TableView {
    std::string_view heading;
    std::string (*cell)(const ReportRow& row, const CsvContext& context) = nullptr;
    int drop_order = 0;
    // A heading that depends on the report (the price basis in use), when set.
    std::string (*heading_of)(const CsvContext& context) = nullptr;

    // The heading as shown: heading_of's when set, its '$' the report's currency symbol.
    std::string heading_for(const CsvContext& context) const;
};

// What a column's figure is, for the page: money shows with the market's symbol and thousands
// separators, the rest with a unit after the number.
enum class PageUnit { none, money, money_cents, gb, watts, percent };

// How a column shows in the page's ranked tables, if it does (place > 0). The cell is the CSV's
// (the page rounds as the CSV does), shown with its unit.
struct PageView {
    std::string_view heading;  // a '$' is the report's currency symbol (schema::money_heading)
    std::string_view about;    // the heading's title and the page's legend
    PageUnit unit = PageUnit::none;
    // Order after the model, lower first; 0: not on the page. The ranking key and the ranking
    // price come first whatever their place, GFLOPS/$ and Train/k$ side by side (page_columns).
    int place = 0;
    bool descending_first = false;  // a first click sorts high to low
    // Folded away on a narrow screen (a "more columns" toggle shows it), as the terminal drops
    // columns: never the ranking key or the ranking price.
    bool secondary = false;

    std::string heading_for(const CsvContext& context) const;
};

// One column of the report: its CSV name, how a row fills it, its table view and its page view.
// The table in report_csv.cpp is the one definition of the columns, their order and their table
// and page cells, for the CSV header, its rows, the terminal table and the page alike (README.md
// documents each).
struct ReportColumn {
    std::string_view name;
    void (*write)(CsvLine& line, const ReportRow& row, const CsvContext& context);
    TableView table = {};
    PageView page = {};
};
const std::vector<ReportColumn>& report_columns();

// The CSV column `rank` orders by (gflops_per_usd, bandwidth_gbs_per_usd, usd_per_gb_vram), and
// the one of the price that divides (median_price_usd, ...): what the page shows first.
std::string_view rank_key_column(RankBy rank_by);
std::string_view basis_column(PriceBasis basis);
// The columns the page's ranked tables show, in order: the ranking key (followed by its partner
// when GFLOPS/$ or Train/k$ ranks), the ranking price, then the others by place.
std::vector<const ReportColumn*> page_columns(const CsvContext& context);

std::string report_csv(const Report& report, const CsvContext& context);

// Every listing behind the medians, outliers marked: what a buyer checks before trusting one.
std::string listings_csv(const Report& report, const CsvContext& context);

// Every cleared listing (and near-final auction) behind cleared_median_usd, for checking it.
std::string cleared_csv(const std::vector<Clearance>& clearances);

// "fp16", or "fp16-sparse" when sparse figures were asked for.
std::string precision_label(const std::string& precision, Sparsity sparsity);

// The `precision` cell of a row: the label asked for, or e.g. "fp32 (no matrix units)" when the
// card has none and shows its vector figure instead.
std::string row_precision_label(const ReportRow& row, const CsvContext& context);

}  // namespace gpuprice::analysis
