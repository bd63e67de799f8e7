#include <iostream>
#include <string>

#include "analysis/csv_format.hpp"
#include "app/derived_pass.hpp"
#include "app/stored_matching.hpp"
#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "schema/domain/clock.hpp"
#include "schema/domain/printable_text.hpp"
#include "schema/system/locations.hpp"

namespace po = boost::program_options;

namespace gpuprice::cli {

namespace {

// One verdict line: model, VRAM, reason, title; the title printable (tabs become spaces), so
// the line stays four fields and no escape sequence reaches the terminal.
void print_verdict(const analysis::MatchResult& result, std::string_view raw_title) {
    const auto title = schema::printable_text(raw_title);
    std::string line;
    if (result.model) {
        line = result.model->name + '\t' + analysis::format_number(result.model->vram_gb, 0);
    } else {
        line = "\t";
    }
    line += '\t';
    line += schema::match_reason_name(result.reason);
    line += '\t';
    line += title;
    line += '\n';
    std::cout << line;
}

int match_stdin(const analysis::TitleMatcher& matcher) {
    std::ios::sync_with_stdio(false);
    std::string title;
    while (std::getline(std::cin, title)) {
        if (!title.empty() && title.back() == '\r') title.pop_back();
        const auto result = matcher.match(title);
        print_verdict(result, title);
    }
    return kExitOk;
}

void print_counts(const char* what, const app::MatchCounts& counts) {
    std::cout << "matched " << counts.total() << ' ' << what << '\n';
    for (const auto reason : schema::kAllMatchReasons) {
        if (counts.of(reason) > 0) {
            std::cout << "  " << schema::match_reason_name(reason) << '\t' << counts.of(reason)
                      << '\n';
        }
    }
}

// Brings the stored verdicts up to date: every listing and sold item again when the catalog or
// rule files changed since they were made (or --rematch), else only those without a verdict.
int match_stored(const GlobalOptions& global, const schema::RuleSet& rules,
                 const app::Matchers& matchers, bool rematch) {
    auto db = open_database(global, rules, IfMissing::Refuse);
    const auto now = schema::now_iso();
    if (rematch || !app::verdicts_current(db, matchers)) {
        progress(global, "matching every stored listing with " + rules.dir);
        if (app::derivation_outdated(db, rules.catalog)) {
            progress(global,
                     "the price history was derived with another catalog or gpuprice: deriving "
                     "it again from every night (minutes at a year)");
        }
        const auto done = app::rematch_everything(db, rules.catalog, matchers, now);
        print_counts("listings", done.listings);
        if (done.sold.total() > 0) print_counts("sold items", done.sold);
        return kExitOk;
    }
    progress(global, "the stored verdicts are current; matching listings without one");
    print_counts("listings",
                 app::match_listings(db, matchers, schema::WhichListings::WithoutVerdictOrSeenInRun,
                                     0, now));
    const auto sold = app::match_sold_items(db, matchers, schema::WhichSoldItems::WithoutVerdict);
    if (sold.total() > 0) print_counts("sold items", sold);
    return kExitOk;
}

}  // namespace

// Matches titles to catalog models: from stdin (no database needed), or every stored listing.
int command_match(const GlobalOptions& global, const std::vector<std::string>& args) {
    po::options_description options("match options");
    options.add_options()("stdin",
                          "read titles from standard input, one per line, and print "
                          "model<TAB>vram_gb<TAB>reason<TAB>title for each")(
        "rematch",
        "match every stored listing and sold item again (without it: again only when the "
        "catalog or rule files changed since they were matched, else those without a verdict)");
    const auto vm = parse_command_options(
        "match", "Match listing titles to catalog models, or say why a listing is not one card.",
        options, args);
    if (!vm) return kExitOk;
    if (vm->count("stdin") && vm->count("rematch")) {
        throw UsageError("use --stdin or --rematch, not both");
    }

    const auto rules = load_rules(global);
    const app::Matchers matchers(rules);
    if (vm->count("stdin")) return match_stdin(matchers.titles);
    return match_stored(global, rules, matchers, vm->count("rematch") > 0);
}

}  // namespace gpuprice::cli
