#include "analysis/report_table.hpp"

#include <algorithm>

#include "analysis/csv_format.hpp"
#include "analysis/support_caveat.hpp"
#include "schema/domain/market.hpp"

namespace gpuprice::analysis {

namespace {

struct Shown {
    const ReportColumn* column;
    std::size_t width;
};

// The columns to show: those with a table view and something in them, then fewest dropped
// (highest drop_order first, the rightmost of equals) until the table fits `width`.
std::vector<Shown> choose_columns(const Report& report, const CsvContext& context, int width,
                                  std::vector<std::string>& left_out) {
    std::vector<Shown> shown;
    for (const auto& column : report_columns()) {
        if (!column.table.cell) continue;
        const auto heading = column.table.heading_for(context);
        // A heading already shown is that figure again: the cleared median when the report is
        // priced by it (--price cleared, its count in "cleared n"), or the sold one. Neither
        // shown twice nor listed as left out (UX P16).
        if (!heading.empty() && std::any_of(shown.begin(), shown.end(), [&](const Shown& s) {
                return s.column->table.heading_for(context) == heading;
            }))
            continue;
        std::size_t w = display_width(heading);
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
        left_out.push_back(victim->column->table.heading_for(context));
        shown.erase(victim);
    }
    return shown;
}

// "as of 2026-12-03, nights 2026-11-29..2026-12-03, fp16, without shipping, ranked by GFLOPS
// per USD at the median asking price; at least 24 GB": everything that shaped the section.
std::string section_context(const CsvContext& context, const std::string& label) {
    std::string text = "as of " + context.as_of;
    if (!context.window_start.empty() && context.window_start != context.as_of)
        text += ", nights " + context.window_start + ".." + context.as_of;
    text += ", " + label;
    if (context.sparsity == Sparsity::Sparse)
        text += ", " + std::string(sparsity_note(context.sparsity));
    if (!context.shipping_included) text += ", without shipping";
    text += ", ranked by " + rank_by_label(context.rank_by, context.currency) + " at the " +
            std::string(price_basis_label(context.basis));
    if (!context.filters.empty()) text += "; " + context.filters;
    return text;
}

// `text` in lines of at most `width` columns (a word longer than that stands alone), each line
// after the first starting with `indent`.
std::string wrap_words(const std::string& text, std::size_t width, const std::string& indent) {
    std::string out, line;
    std::size_t at = 0;
    while (at < text.size()) {
        auto next = text.find(' ', at);
        if (next == std::string::npos) next = text.size();
        const auto word = text.substr(at, next - at);
        if (!line.empty() && display_width(line) + 1 + display_width(word) > width) {
            out += line + "\n";
            line = indent + word;
        } else {
            line += (line.empty() ? "" : " ") + word;
        }
        at = next + 1;
    }
    return out + line + "\n";
}

// A note under the table, in parentheses, wrapped at the table's width.
std::string wrap_note(const std::string& text, int width) {
    auto lines = wrap_words(text, static_cast<std::size_t>(std::max(width, 20) - 2), " ");
    lines.pop_back();
    return "(" + lines + ")\n";
}

// Under the table: what '~' means, and each card whose peak FLOPS overstate what it trains at.
std::string performance_notes(const Report& report, int width) {
    std::string out;
    const bool estimates = std::any_of(report.rows.begin(), report.rows.end(), [](const auto& r) {
        return r.train_per_kusd && r.perf.train_rel &&
               r.perf.train_rel->basis == PerfBasis::estimated;
    });
    if (estimates) {
        out += wrap_note(
            "~ in train/k$: estimated from peak FP16 and bandwidth (the measured "
            "cards of its architecture), not measured; README 'Measured performance'",
            width);
    }
    std::string extrapolated;
    for (const auto& row : report.rows) {
        const bool ranks_by_it = row.perf.train_rel && (row.train_per_kusd.has_value());
        if (!ranks_by_it || !row.perf.train_rel->extrapolated) continue;
        if (extrapolated.find(row.model.name) != std::string::npos) continue;
        extrapolated += (extrapolated.empty() ? "" : ", ") + row.model.name;
    }
    if (!extrapolated.empty()) {
        out += wrap_note(
            "no card like these of their vendor was measured, so their training "
            "figure is a guess across vendors (never ranked by training): " +
                extrapolated,
            width);
    }
    // One note for every card whose peak overstates it: "Titan V 0.7x (peak 1.5x, est.)".
    std::vector<std::string> seen;
    std::string overstated;
    for (const auto& row : report.rows) {
        const auto& p = row.perf;
        if (!overstated_peak_note(p)) continue;
        if (std::find(seen.begin(), seen.end(), row.model.key) != seen.end()) continue;
        seen.push_back(row.model.key);
        overstated += (overstated.empty() ? "" : ", ") + row.model.name + " " +
                      format_number(p.train_rel->value, 1) + "x (peak " +
                      format_number(*p.peak_promise, 1) + "x" +
                      (p.train_rel->basis == PerfBasis::estimated ? ", est.)" : ")");
    }
    if (!overstated.empty()) {
        out += wrap_note(
            "peak FLOPS overstate these cards; each trains at about this times a "
            "3090 (its peak FP16 says): " +
                overstated,
            width);
    }
    return out;
}

}  // namespace

std::string report_table(const Report& report, const CsvContext& context, int width) {
    if (report.rows.empty()) return "no matched listings for these conditions and filters\n";
    const auto label = precision_label(context.precision, context.sparsity);
    std::vector<std::string> left_out;
    const auto shown = choose_columns(report, context, width, left_out);
    std::vector<std::string> header;
    for (const auto& s : shown) header.push_back(s.column->table.heading_for(context));

    std::string out;
    // A partial night is said once, on stderr, by the command (UX P16: it was said twice).
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
            out += wrap_words("== " + std::string(schema::condition_name(row.condition)) + " (" +
                                  section_context(context, label) + ") ==",
                              static_cast<std::size_t>(std::max(width, 20)), "   ");
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
    std::string marks;
    for (const auto& row : report.rows) marks += support_marks(row.support);
    if (!marks.empty()) out += wrap_note("marks: " + support_marks_legend(marks), width);
    out += performance_notes(report, width);
    // Cards the basis has no price for are listed, not dropped in silence (UX N4).
    std::string unpriced;
    for (const auto& row : report.rows) {
        if (row.basis_usd || row.listings == 0) continue;
        unpriced += (unpriced.empty() ? "" : ", ") + row.model.name;
    }
    if (!unpriced.empty() && context.basis != PriceBasis::median) {
        out += wrap_note("no " + std::string(price_basis_label(context.basis)) +
                             " (shown with '-', not ranked): " + unpriced,
                         width);
    }
    if (!left_out.empty()) {
        std::string names;
        for (const auto& name : left_out) names += (names.empty() ? "" : ", ") + name;
        // Wrapped: the list grows with the columns a narrow terminal drops.
        out += wrap_note("left out to fit " + std::to_string(width) + " columns: " + names +
                             "; the CSV has every column",
                         width);
    }
    return out;
}

}  // namespace gpuprice::analysis
