#include "analysis/plan_output.hpp"

#include <algorithm>
#include <sstream>

#include "analysis/csv_format.hpp"
#include "analysis/sparsity.hpp"
#include "schema/domain/market.hpp"

namespace gpuprice::analysis {

namespace {

const std::string kIndent = "      ";

std::string join(const std::vector<std::string>& parts, const std::string& separator) {
    std::string out;
    for (std::size_t i = 0; i < parts.size(); ++i) out += (i ? separator : "") + parts[i];
    return out;
}

std::string slots_text(std::optional<double> width) {
    if (!width) return "SXM";
    return format_width(*width) + "-slot";
}

// Whether the listing's total lacks a shipping cost it should hold (unknown, not free).
bool shipping_unknown(const ListingLine& l, const CsvContext& context) {
    return context.shipping_included && !l.observation.shipping_cents;
}

// One line per listing: price ("+ shipping?" when its shipping is unknown), item id and, when it
// fits the width, the URL.
std::string listing_line(const ListingLine& l, const CsvContext& context, std::size_t width) {
    std::string line = kIndent + schema::format_money(l.total_usd, context.currency) +
                       (shipping_unknown(l, context) ? " + shipping?" : "") + "  " +
                       l.observation.item_id;
    const auto& url = l.observation.item_url;
    if (!url.empty() && line.size() + 2 + url.size() <= width) line += "  " + url;
    return line + "\n";
}

// One header for plans and single cards. The columns after thin_evidence say what was asked
// for, so a saved file reads on its own (UX N17).
const std::string kCsvHeader =
    "rank,count,model,condition,total_price_usd,total_tflops,total_vram_gb,total_watts,"
    "slots_used,item_ids,cooler,slot_width,watts_per_card,gflops_per_usd,"
    "total_bandwidth_gbs,precision,as_of,listings_of_kind,caveats,item_urls,vram_class,"
    "basis_price_usd,price_basis,model_listings,thin_evidence,budget_usd,box_slots,outlet_watts,"
    "system_watts,power_limit_pct,power_limit_w,risers,cooling_asked,min_vram_gb,objective,"
    "include_sxm,min_listings,train_rel,llm_tg_tok_s,perf_basis\r\n";

// The request's columns, the same on every row.
void request_cells(CsvLine& line, const BoxOptions& box) {
    line.number(box.budget_usd, 2)
        .integer(box.slots)
        .integer(box.outlet_watts)
        .integer(box.system_watts)
        .number(box.power_limit.percent, 1)
        .number(
            box.power_limit.watts ? std::optional<double>(*box.power_limit.watts) : std::nullopt, 0)
        .text(box.risers ? "yes" : "no")
        .text(box.cooling ? schema::cooler_name(*box.cooling) : "any")
        .number(box.min_vram_gb, 0)
        .text(rank_by_name(box.objective))
        .text(box.include_sxm ? "yes" : "no")
        .integer(box.min_listings);
}

}  // namespace

std::vector<std::string> buyer_caveats(const Plan& p, const CsvContext& context) {
    auto caveats = p.caveats;
    int unknown_shipping = 0;
    for (const auto& l : p.listings) unknown_shipping += shipping_unknown(l.listing, context);
    if (unknown_shipping > 0) {
        // The budget says shipping included: a listing that states none is not (UX N11).
        caveats.push_back(std::to_string(unknown_shipping) + " of these listings state" +
                          (unknown_shipping == 1 ? "s" : "") +
                          " no shipping cost: the price is without it");
    }
    // A plan resting on one price far under the rest: the first thing a buyer must check (a
    // discount on a board its maker never made is how a scam looks).
    if (p.basis_usd && *p.basis_usd > 0) {
        for (const auto& l : p.listings) {
            const double under = 1 - l.listing.total_usd / *p.basis_usd;
            if (under < kFarUnderBasis) continue;
            caveats.push_back(schema::format_money(l.listing.total_usd, context.currency) + ": " +
                              format_number(100 * under, 0) + "% under the " + p.model.name +
                              "'s " + std::string(price_basis_name(context.basis)) +
                              " price: check the seller");
        }
    }
    if (p.count >= p.listings_of_kind) {
        caveats.push_back("buys all " + std::to_string(p.listings_of_kind) +
                          " usable listings of this kind: one sale elsewhere breaks the plan");
    }
    return caveats;
}

namespace {

// What would admit a better box (plan_options), under the plans.
// The models the power limit leaves out, and why (their minimum power).
std::string refused_lines(const PlanResult& result, std::size_t width) {
    std::string out;
    for (const auto& r : result.refused) out += wrap("- " + r, width, "  ");
    return out.empty() ? out : "not planned at this power limit:\n" + out;
}

std::string better_lines(const PlanResult& result, std::size_t width) {
    std::string out;
    for (const auto& b : result.better_with) out += wrap("+ " + b, width, "  ");
    return out.empty() ? out : "what would make it better:\n" + out;
}

// train_rel, llm_tg_tok_s, perf_basis ("measured/estimated": training's, then generation's).
void perf_cells(CsvLine& line, const std::optional<PerfFigure>& train,
                const std::optional<PerfFigure>& tg) {
    const auto value = [](const std::optional<PerfFigure>& f) {
        return f ? std::optional(f->value) : std::nullopt;
    };
    const auto name = [](const std::optional<PerfFigure>& f) {
        return f ? std::string(perf_basis_name(f->basis)) : std::string("-");
    };
    line.number(value(train), 2).number(value(tg), 1);
    if (train || tg) {
        line.text(name(train) + "/" + name(tg));
    } else {
        line.empty();
    }
}

// "trains at about 2.4x an RTX 3090 (estimated); llama.cpp about 240 tokens/s (measured)".
std::string performance_line(const std::optional<PerfFigure>& train,
                             const std::optional<PerfFigure>& tg) {
    const auto basis = [](const PerfFigure& f) {
        return std::string(f.extrapolated ? " (a guess: no card like it measured)"
                           : f.basis == PerfBasis::estimated ? " (estimated)"
                                                             : " (measured)");
    };
    std::string out;
    if (train) {
        out +=
            "trains at about " + format_number(train->value, 1) + "x an RTX 3090" + basis(*train);
    }
    if (tg) {
        out += std::string(out.empty() ? "" : "; ") + "llama.cpp 7B Q4_0 about " +
               format_number(tg->value, 0) + " tokens/s" + basis(*tg);
    }
    return out;
}

std::string caveat_lines(const std::vector<std::string>& caveats, std::size_t width) {
    std::string out;
    for (const auto& c : caveats) out += wrap("! " + c, width, kIndent);
    return out;
}

// A table within `width` when it can be: the `droppable` columns (indices, the first dropped
// first) are left out until its widest line fits; the names of those left out are returned,
// for a footnote (UX N15: 99 columns on an 80-column terminal).
struct FittedTable {
    std::string text;
    std::vector<std::string> left_out;
};

FittedTable fitted_table(const std::vector<std::string>& header,
                         const std::vector<std::vector<std::string>>& rows, std::size_t width,
                         const std::vector<std::size_t>& droppable) {
    const auto widest = [](const std::string& text) {
        std::size_t most = 0;
        std::istringstream lines(text);
        for (std::string line; std::getline(lines, line);)
            most = std::max(most, display_width(line));
        return most;
    };
    FittedTable out{format_table(header, rows), {}};
    std::vector<std::size_t> dropped;
    for (const auto column : droppable) {
        if (widest(out.text) <= width) break;
        dropped.push_back(column);
        out.left_out.push_back(header[column]);
        const auto keep = [&](const std::vector<std::string>& cells) {
            std::vector<std::string> kept;
            for (std::size_t i = 0; i < cells.size(); ++i)
                if (std::find(dropped.begin(), dropped.end(), i) == dropped.end())
                    kept.push_back(cells[i]);
            return kept;
        };
        std::vector<std::vector<std::string>> kept_rows;
        for (const auto& row : rows) kept_rows.push_back(keep(row));
        out.text = format_table(keep(header), kept_rows);
    }
    return out;
}

std::string left_out_note(const std::vector<std::string>& names, const std::string& where,
                          std::size_t width) {
    if (names.empty()) return {};
    return wrap(
        join(names, " and ") + " left out to fit " + std::to_string(width) + " columns; " + where,
        width, "");
}

// Inserts each row's details after its line of a format_table() output.
std::string interleave(const std::string& table, const std::vector<std::string>& details) {
    std::istringstream lines(table);
    std::string line, out;
    std::getline(lines, line);
    out += line + "\n";
    for (const auto& d : details) {
        if (!std::getline(lines, line)) break;
        out += line + "\n" + d;
    }
    return out;
}

}  // namespace

std::string wrap(const std::string& text, std::size_t width, const std::string& indent) {
    std::istringstream words(text);
    std::string word, line, out;
    while (words >> word) {
        if (!line.empty() && indent.size() + line.size() + 1 + word.size() > width) {
            out += indent + line + "\n";
            line = "  " + word;  // continuation lines indented under the first word
            continue;
        }
        line += (line.empty() ? "" : " ") + word;
    }
    if (!line.empty()) out += indent + line + "\n";
    return out;
}

std::string plan_header(const BoxOptions& box, const CsvContext& context,
                        const std::vector<schema::ConditionClass>& conditions, std::size_t width) {
    const bool fixed = box.min_count == box.max_count;
    std::string cards =
        box.max_count <= 1 && fixed
            ? "single cards" + (box.cards_per_class > 1
                                    ? " (the best " + std::to_string(box.cards_per_class) +
                                          " of each VRAM class)"
                                    : std::string())
        : fixed ? std::to_string(box.min_count) + "-card builds"
                : "builds of 1 to " + std::to_string(box.max_count) + " cards";
    std::vector<std::string> names;
    for (const auto c : conditions) names.emplace_back(schema::condition_name(c));
    std::string out =
        wrap("gpuprice recommend: " + cards + ", " + join(names, "/") + ", " +
                 precision_label(context.precision, context.sparsity) + " TFLOPS (" +
                 std::string(sparsity_note(context.sparsity)) + "); prices as of " + context.as_of,
             width, "");
    // Single cards plan no box: the slots and watts bound one card (UX N16).
    const bool single = fixed && box.max_count <= 1;
    std::string box_line =
        (single ? "each card: at most " + std::to_string(box.slots) + " slots wide" +
                      (box.risers ? " (risers)" : "") + " and " + std::to_string(box.gpu_watts()) +
                      " W (" + std::to_string(box.outlet_watts) + " W outlet - " +
                      std::to_string(box.system_watts) + " W system)"
                : "box: " + std::to_string(box.slots) + " slots" + (box.risers ? " (risers)" : "") +
                      ", " + std::to_string(box.outlet_watts) + " W outlet - " +
                      std::to_string(box.system_watts) +
                      " W system = " + std::to_string(box.gpu_watts()) + " W for GPUs") +
        ", power limit " + box.power_limit.label() +
        (box.power_limit.percent || box.power_limit.watts
             ? " (never under a card's minimum; TFLOPS estimated at the limit from measured "
               "power-limited training)"
             : "");
    out += wrap(box_line, width, "");
    std::string want =
        "budget " + schema::format_money(box.budget_usd, context.currency) + ", cooling " +
        (box.cooling ? std::string(schema::cooler_name(*box.cooling)) : "any") +
        (box.min_vram_gb > 0 ? ", at least " + format_number(box.min_vram_gb, 0) + " GB per card"
                             : std::string()) +
        (box.include_sxm ? ", SXM included" : "") +
        (single ? "" : ", most total " + std::string(rank_by_name(box.objective)) + " first");
    out += wrap(want, width, "");
    return out;
}

std::string plans_table(const PlanResult& result, const CsvContext& context, std::size_t width) {
    if (result.plans.empty()) {
        return wrap("nothing fits: " + result.nothing_fits, width, "") +
               better_lines(result, width);
    }
    std::vector<std::vector<std::string>> rows;
    std::vector<std::string> details;
    bool any_thin = false, any_estimate = false;
    for (const auto& p : result.plans) {
        any_thin = any_thin || p.thin;
        any_estimate = any_estimate || p.tflops_estimated;
        rows.push_back({std::to_string(p.rank),
                        std::to_string(p.count) + " x " + p.model.name + (p.thin ? " *" : ""),
                        std::string(schema::cooler_name(p.cooler)), std::to_string(p.slots_used),
                        std::to_string(p.total_watts), dash_or(p.total_tflops, 1),
                        format_number(p.total_vram_gb, 0),
                        schema::format_money(p.total_usd, context.currency),
                        dash_or(p.gflops_per_usd, 1)});
        // Which boards the width and cooler are of (board_designs.csv, or the reference design).
        std::vector<std::string> designs;
        for (const auto& l : p.listings) {
            if (std::find(designs.begin(), designs.end(), l.build.design) == designs.end())
                designs.push_back(l.build.design);
        }
        std::string boards;
        for (const auto& name : designs) boards += (boards.empty() ? "" : ", ") + name;
        std::string d = wrap(
            "each " + slots_text(p.slot_width) + " " + std::string(schema::cooler_name(p.cooler)) +
                " (" + boards + "), " + std::string(schema::condition_name(p.condition)) + ", " +
                std::to_string(p.model.tdp_w) + " W TDP" +
                (p.watts_per_card != p.model.tdp_w
                     ? " limited to " + std::to_string(p.watts_per_card) + " W"
                     : "") +
                ", " + format_number(p.model.vram_gb, 0) + " GB, " +
                format_number(p.model.bandwidth_gbs, 0) + " GB/s; " +
                std::to_string(p.listings_of_kind) + " usable listings of this kind, the " +
                std::to_string(p.count) + " cheapest:",
            width, kIndent);
        if (const auto perf = performance_line(p.total_train_rel, p.total_llm_tg_tok_s);
            !perf.empty()) {
            d += wrap(perf + (p.count * p.model.devices > 1 ? " in all" : ""), width, kIndent);
        }
        for (const auto& l : p.listings) d += listing_line(l.listing, context, width);
        d += caveat_lines(buyer_caveats(p, context), width);
        details.push_back(d);
    }
    // The cooler and the watts are in each plan's first line too: the first to go.
    const auto table =
        fitted_table({"rank", "cards", "cooler", "slots", "watts",
                      std::string(any_estimate ? "est. " : "") + "TFLOPS " +
                          precision_label(context.precision, context.sparsity),
                      "VRAM GB", "price", schema::money_heading("GFLOPS/$", context.currency)},
                     rows, width, {4, 2});
    return interleave(table.text, details) +
           (any_thin ? wrap("* thin evidence: fewer usable prices of the model than "
                            "--min-listings; ranked after the models with enough",
                            width, "")
                     : std::string()) +
           left_out_note(table.left_out, "each plan's first line states them", width) +
           refused_lines(result, width) + better_lines(result, width);
}

std::string plans_csv(const PlanResult& result, const BoxOptions& box, const CsvContext& context) {
    std::string out = kCsvHeader;
    for (const auto& p : result.plans) {
        std::vector<std::string> ids, urls;
        for (const auto& l : p.listings) {
            ids.push_back(l.listing.observation.item_id);
            urls.push_back(l.listing.observation.item_url);
        }
        CsvLine line;
        line.integer(p.rank)
            .integer(p.count)
            .text(p.model.name)
            .text(schema::condition_name(p.condition))
            .number(p.total_usd, 2)
            .number(p.total_tflops, 1)
            .number(p.total_vram_gb, 0)
            .integer(p.total_watts)
            .integer(p.slots_used)
            .text(join(ids, " "))
            .text(schema::cooler_name(p.cooler))
            .number(p.slot_width, 1)
            .integer(p.watts_per_card)
            .number(p.gflops_per_usd, 2)
            .number(p.total_bandwidth_gbs, 0)
            .text(precision_label(context.precision, context.sparsity))
            .text(context.as_of)
            .integer(p.listings_of_kind)
            .text(join(buyer_caveats(p, context), "; "))
            .text(join(urls, " "))
            .text(p.model.vram_class.label)
            .number(p.basis_usd, 2)
            .text(price_basis_name(context.basis))
            .integer(p.model_listings)
            .text(p.thin ? "yes" : "no");
        request_cells(line, box);
        perf_cells(line, p.total_train_rel, p.total_llm_tg_tok_s);
        out += line.str();
    }
    return out;
}

std::string advice_table(const std::vector<CardAdvice>& advice, const CsvContext& context,
                         std::size_t width) {
    if (advice.empty()) {
        return "nothing fits: no ranked card (of the VRAM asked for) within the budget and the "
               "box\n";
    }
    std::vector<std::vector<std::string>> rows;
    std::vector<std::string> details;
    for (const auto& a : advice) {
        const auto& r = a.row;
        rows.push_back({r.vram_class.label,
                        "#" + std::to_string(*r.rank) + " of " + std::to_string(a.ranked_in_class),
                        r.model.name, std::string(schema::condition_name(r.condition)),
                        schema::format_money(*r.basis_usd, context.currency),
                        std::to_string(r.listings), dash_or(r.tflops, 1),
                        dash_or(r.gflops_per_usd, 1)});
        std::string d = wrap("cheapest usable listing, " + slots_text(a.build.slot_width) + " " +
                                 std::string(schema::cooler_name(a.build.cooler)) + " (" +
                                 a.build.design + "), " + std::to_string(a.watts) + " W:",
                             width, kIndent);
        d += listing_line(a.cheapest, context, width);
        d += caveat_lines(a.caveats, width);
        details.push_back(d);
    }
    const auto table = fitted_table(
        {"class", "rank", "model", "condition", std::string(price_basis_name(context.basis)),
         "listings", "TFLOPS " + precision_label(context.precision, context.sparsity),
         schema::money_heading("GFLOPS/$", context.currency)},
        rows, width, {5, 3});
    return interleave(table.text, details) +
           "rank: as in `gpuprice report`, within the class and condition\n" +
           left_out_note(table.left_out, "`gpuprice report` shows them", width);
}

std::string advice_csv(const std::vector<CardAdvice>& advice, const BoxOptions& box,
                       const CsvContext& context) {
    std::string out = kCsvHeader;
    for (const auto& a : advice) {
        const auto& r = a.row;
        const auto& o = a.cheapest.observation;
        CsvLine line;
        line.integer(*r.rank)
            .integer(1)
            .text(r.model.name)
            .text(schema::condition_name(r.condition))
            .number(a.cheapest.total_usd, 2)
            .number(r.tflops, 1)
            .number(r.model.vram_gb, 0)
            .integer(a.watts)
            .integer(a.build.slot_width ? static_cast<long long>(*a.build.slot_width + 0.999) : 0)
            .text(o.item_id)
            .text(schema::cooler_name(a.build.cooler))
            .number(a.build.slot_width, 1)
            .integer(a.watts)
            .number(r.gflops_per_usd, 2)
            .number(r.model.bandwidth_gbs, 0)
            .text(precision_label(context.precision, context.sparsity))
            .text(context.as_of)
            .integer(r.listings)
            .text(join(a.caveats, "; "))
            .text(o.item_url)
            .text(r.vram_class.label)
            .number(r.basis_usd, 2)
            .text(price_basis_name(context.basis))
            .integer(r.basis_listings)
            .text("no");  // advice is given only for ranked cards
        request_cells(line, box);
        std::optional<PerfFigure> train = r.perf.train_rel;
        if (train && r.train_rel) train->value = *r.train_rel;  // the board's
        perf_cells(line, train, r.perf.llm_tg_tok_s);
        out += line.str();
    }
    return out;
}

}  // namespace gpuprice::analysis
