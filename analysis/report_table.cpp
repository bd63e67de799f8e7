#include "analysis/report_table.hpp"

#include <algorithm>

#include "analysis/csv_format.hpp"
#include "schema/domain/market.hpp"

namespace gpuprice::analysis {

namespace {

struct Shown {
    const ReportColumn* column;
    std::size_t width;
};

// Display width in terminal columns: UTF-8 lead bytes, not continuation bytes.
std::size_t display_width(std::string_view s) {
    return static_cast<std::size_t>(
        std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

// The columns to show: those with a table view and something in them, then fewest dropped
// (highest drop_order first, the rightmost of equals) until the table fits `width`.
std::vector<Shown> choose_columns(const Report& report, const CsvContext& context, int width,
                                  std::vector<std::string_view>& left_out) {
    std::vector<Shown> shown;
    for (const auto& column : report_columns()) {
        if (!column.table.cell) continue;
        std::size_t w =
            display_width(schema::money_heading(column.table.heading, context.currency));
        bool any = false;
        for (const auto& row : report.rows) {
            const auto cell = column.table.cell(row, context);
            any = any || (!cell.empty() && cell != "-");
            w = std::max(w, display_width(cell));
        }
        if (any) shown.push_back({&column, w});
    }
    const auto total = [&] {
        std::size_t sum = 0;
        for (const auto& s : shown) sum += s.width;
        return sum + 2 * (shown.empty() ? 0 : shown.size() - 1);
    };
    while (total() > static_cast<std::size_t>(std::max(width, 20))) {
        auto victim = shown.end();
        for (auto it = shown.begin(); it != shown.end(); ++it) {
            if (it->column->table.drop_order == 0) continue;
            if (victim == shown.end() ||
                it->column->table.drop_order >= victim->column->table.drop_order) {
                victim = it;
            }
        }
        if (victim == shown.end()) break;
        left_out.push_back(victim->column->table.heading);
        shown.erase(victim);
    }
    return shown;
}

}  // namespace

std::string report_table(const Report& report, const CsvContext& context, int width) {
    if (report.rows.empty()) return "no matched listings for these conditions and filters\n";
    const auto label = precision_label(context.precision, context.sparsity);
    std::vector<std::string_view> left_out;
    const auto shown = choose_columns(report, context, width, left_out);
    std::vector<std::string> header;
    for (const auto& s : shown) {
        header.push_back(schema::money_heading(s.column->table.heading, context.currency));
    }

    std::string out;
    if (context.night_status != "complete") out += "warning: " + context.night_status + "\n";
    std::optional<schema::ConditionClass> condition;
    int upper = -1;
    std::vector<std::vector<std::string>> block;
    auto flush = [&] {
        if (!block.empty()) out += format_table(header, block) + "\n";
        block.clear();
    };
    for (const auto& row : report.rows) {
        if (row.condition != condition) {
            flush();
            condition = row.condition;
            upper = -1;
            out += "== " + std::string(schema::condition_name(row.condition)) + " (as of " +
                   context.as_of + ", " + label +
                   (context.sparsity == Sparsity::Sparse
                        ? ", " + std::string(sparsity_note(context.sparsity))
                        : std::string()) +
                   ", ranked by " + std::string(price_basis_label(context.basis)) + ") ==\n";
        }
        if (row.vram_class.upper_gb != upper) {
            flush();
            upper = row.vram_class.upper_gb;
            out += "-- " + row.vram_class.label + " --\n";
        }
        std::vector<std::string> cells;
        for (const auto& s : shown) cells.push_back(s.column->table.cell(row, context));
        block.push_back(std::move(cells));
    }
    flush();
    const bool modules_apart = std::any_of(report.rows.begin(), report.rows.end(),
                                           [](const ReportRow& r) { return r.module_apart; });
    if (modules_apart) {
        out +=
            "(SXM/OAM in rank: a module for an SXM server, not a PCIe card; not ranked,\n"
            " --include-sxm ranks it)\n";
    }
    if (!left_out.empty()) {
        std::string names;
        for (const auto name : left_out) names += (names.empty() ? "" : ", ") + std::string(name);
        out += "(left out to fit " + std::to_string(width) + " columns: " + names +
               ";\n the CSV has every column)\n";
    }
    return out;
}

}  // namespace gpuprice::analysis
