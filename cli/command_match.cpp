#include <iostream>
#include <string>

#include "analysis/csv_format.hpp"
#include "analysis/listing_attributes.hpp"
#include "analysis/title_matcher.hpp"
#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/match_listings.hpp"
#include "schema/domain/clock.hpp"
#include "schema/domain/locations.hpp"
#include "schema/domain/printable_text.hpp"
#include "schema/rules/attribute_rules.hpp"
#include "schema/rules/match_rules.hpp"

namespace po = boost::program_options;

namespace gpuprice::cli {

namespace {

// One verdict line: model, VRAM, reason, title; the title printable (tabs become spaces), so
// the line stays four fields and no escape sequence reaches the terminal.
void print_verdict(const analysis::MatchResult& result, std::string_view raw_title) {
    const auto title = schema::printable_text(raw_title);
    std::string line;
    if (result.model) {
        line = result.model->model + '\t' + analysis::format_number(result.model->vram_gb, 0);
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

int rematch_stored_listings(const GlobalOptions& global, const schema::Catalog& catalog,
                            const analysis::TitleMatcher& matcher,
                            const analysis::AttributeExtractor& extractor) {
    auto db = open_database(global, catalog, IfMissing::Refuse);
    progress(global, "matching stored listings");
    const auto counts =
        match_listings(db, matcher, extractor, schema::WhichListings::All, 0, schema::now_iso());
    int total = 0;
    for (const auto& [reason, count] : counts) total += count;
    std::cout << "matched " << total << " listings\n";
    for (const auto& [reason, count] : counts) std::cout << "  " << reason << '\t' << count << '\n';
    const auto sold = match_sold_items(db, matcher, /*all=*/true);
    if (!sold.empty()) {
        int sold_total = 0;
        for (const auto& [reason, count] : sold) sold_total += count;
        std::cout << "matched " << sold_total << " sold items\n";
        for (const auto& [reason, count] : sold)
            std::cout << "  " << reason << '\t' << count << '\n';
    }
    return kExitOk;
}

}  // namespace

// Matches titles to catalog models: from stdin (no database needed), or every stored listing.
int command_match(const GlobalOptions& global, const std::vector<std::string>& args) {
    po::options_description options("match options");
    options.add_options()("stdin",
                          "read titles from standard input, one per line, and print "
                          "model<TAB>vram_gb<TAB>reason<TAB>title for each");
    const auto vm = parse_command_options(
        "match", "Match listing titles to catalog models, or say why a listing is not one card.",
        options, args);
    if (!vm) return kExitOk;

    const auto catalog_dir = schema::resolve_catalog_dir(global.catalog_dir);
    const auto catalog = schema::load_catalog(catalog_dir);
    const auto rules = schema::load_match_rules(catalog_dir, catalog);
    const analysis::TitleMatcher matcher(catalog, rules);
    const auto attribute_rules = schema::load_attribute_rules(catalog_dir, catalog);
    const analysis::AttributeExtractor extractor(attribute_rules);
    if (vm->count("stdin")) return match_stdin(matcher);
    return rematch_stored_listings(global, catalog, matcher, extractor);
}

}  // namespace gpuprice::cli
