#include "fetcher/sample_replay.hpp"

#include <simdjson.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

#include "fetcher/browse_parser.hpp"
#include "fetcher/insights_parser.hpp"
#include "fetcher/price_rules.hpp"
#include "fetcher/query_plan.hpp"
#include "fetcher/run_writer.hpp"
#include "fetcher/sold_fetch.hpp"
#include "schema/domain/clock.hpp"
#include "schema/store/coverage_store.hpp"
#include "schema/store/sold_store.hpp"

namespace gpuprice::fetcher {

namespace {

namespace fs = std::filesystem;

// The search text of a recorded page: the `q` of its `href`, decoded; empty when absent.
std::string recorded_query(const std::string& body) {
    simdjson::dom::parser parser;
    simdjson::dom::object root;
    std::string_view href;
    if (parser.parse(body).get(root) || root["href"].get(href)) return {};
    const auto start = href.find("q=");
    if (start == std::string_view::npos) return {};
    const auto raw = href.substr(start + 2, href.find('&', start) - start - 2);
    std::string q;
    for (std::size_t i = 0; i < raw.size(); ++i) {
        if (raw[i] == '+') {
            q += ' ';
        } else if (raw[i] == '%' && i + 2 < raw.size()) {
            q += static_cast<char>(std::stoi(std::string(raw.substr(i + 1, 2)), nullptr, 16));
            i += 2;
        } else {
            q += raw[i];
        }
    }
    return q;
}

// What the recorded pages of one query covered: complete when every page from offset 0 to the
// last one (the page without `next`) was there and usable.
struct RecordedQuery {
    std::optional<std::int64_t> total;
    std::set<std::int64_t> offsets;
    std::int64_t limit = 0;
    std::optional<std::int64_t> last_offset;
    int items = 0;
    bool failed = false;
    bool truncated = false;  // a page ended early: its query lost items

    bool complete() const {
        if (failed || truncated || !last_offset || limit <= 0) return false;
        for (std::int64_t o = 0; o <= *last_offset; o += limit) {
            if (!offsets.count(o)) return false;
        }
        return true;
    }
};

std::vector<fs::path> json_files(const std::string& dir) {
    std::vector<fs::path> files;
    std::error_code error;
    for (const auto& entry : fs::directory_iterator(dir, error)) {
        if (entry.path().extension() == ".json") files.push_back(entry.path());
    }
    if (error)
        throw std::runtime_error("cannot read sample folder " + dir + ": " + error.message());
    std::sort(files.begin(), files.end());
    return files;
}

// One night: every *.json file of `dir` as one run with source 'sample', with the coverage of
// each recorded query.
FetchOutcome replay_night(schema::Database& db, const std::string& dir,
                          const schema::Market& market, schema::Night night,
                          const ProgressFn& progress) {
    const auto files = json_files(dir);
    if (files.empty()) throw std::runtime_error("no .json files in sample folder " + dir);

    const auto run = schema::begin_run(db, schema::RunSource::sample, market, night,
                                       schema::iso_utc(night.start() + kReplayedAt));
    const auto run_id = run.id();
    RunWriter writer(db, run_id, night, market);
    BrowseParser parser;
    // The same flags as a live fetch of the market with the default rules.
    const PriceRules rules{std::string(market.country), {}};
    FetchOutcome outcome;
    outcome.run_id = run_id;
    std::map<std::string, RecordedQuery> queries;
    int done = 0;
    try {
        for (const auto& file : files) {
            std::ifstream in(file, std::ios::binary);
            std::ostringstream body;
            body << in.rdbuf();
            auto page = parser.parse(body.str(), market.currency);
            for (auto& listing : page.listings) {
                listing.price_flags = price_flags(listing, rules, ListingSource::search);
            }
            // A page cut before its href names its query by its file, so that the coverage
            // still shows the query it lost items of.
            auto name = recorded_query(body.str());
            if (name.empty() && !page.page_problem.empty()) name = file.stem().string();
            auto& query = queries[name];
            if (!page.page_problem.empty()) {
                outcome.problems.push_back(file.filename().string() + ": " + page.page_problem);
            }
            if (page.listings.empty() && (!page.errors.empty() || !page.page_problem.empty())) {
                ++outcome.pages_failed;
                query.failed = true;
            } else {
                // A recorded page that ends early lost what its limit and total say it held
                // (nullopt: they say nothing, an unknown number).
                const auto limit = page.limit > 0 ? page.limit : SearchSettings{}.limit;
                const auto lost = items_lost(page, limit);
                writer.write(page, lost);
                // As a live fetch reads a cut page (fetch_run): the run is partial, its query
                // incomplete, and the fetch exits 6; a sample showed a cut page as a full night
                // (UX N13).
                if (!page.page_problem.empty()) {
                    ++outcome.pages_truncated;
                    query.truncated = true;
                    outcome.problems.back() +=
                        lost ? "; " + std::to_string(*lost) + " items lost"
                             : std::string("; an unknown number of items lost (no total, no next)");
                }
                if (page.offset == 0) query.total = page.total;
                query.offsets.insert(page.offset);
                query.limit = page.limit;
                if (page.next.empty()) query.last_offset = page.offset;
                query.items += static_cast<int>(items_read(page));
            }
            if (progress) {
                progress({++done, static_cast<int>(files.size()), writer.totals().seen, 0, 0});
            }
        }
        std::vector<schema::QueryCoverage> coverage;
        for (const auto& [q, recorded] : queries) {
            if (q.empty()) continue;  // a page without href names no query
            schema::QueryCoverage row;
            row.query = row.family = q;
            row.kind = schema::QueryKind::search;
            row.total = recorded.total;
            row.pages = static_cast<int>(recorded.offsets.size());
            row.items = recorded.items;
            row.complete = recorded.complete();
            row.stopped = row.complete ? schema::QueryStop::last_page
                          : recorded.failed || recorded.truncated
                              ? schema::QueryStop::error
                              : schema::QueryStop::missing_pages;
            coverage.push_back(row);
        }
        schema::store_coverage(db, run_id, coverage);
        outcome.coverage = std::move(coverage);  // what `fetch --verbose` prints (UX N13)
    } catch (const std::exception& e) {
        mark_failed(db, run_id, e.what());
        throw;
    }
    outcome.pages_stored = writer.totals().pages;
    outcome.listings_seen = writer.totals().seen;
    outcome.listings_new = writer.totals().added;
    outcome.listings_skipped = writer.totals().skipped;
    outcome.status = outcome.pages_failed || outcome.pages_truncated ? schema::RunStatus::partial
                                                                     : schema::RunStatus::ok;
    finish(db, outcome);
    return outcome;
}

// The upper bound of a recorded sold page's lastSoldDate filter: the "now" it was recorded at.
std::optional<std::chrono::system_clock::time_point> recorded_until(const std::string& body) {
    const auto from = body.find("lastSoldDate:");
    const auto dots = body.find("..", from);
    if (from == std::string::npos || dots == std::string::npos) return std::nullopt;
    const auto end = body.find_first_of("]%\"", dots + 2);
    return schema::parse_iso_utc(body.substr(dots + 2, end - dots - 2));
}

// Recorded Marketplace Insights pages (sold/*.json), their sale dates moved so that they lie as
// far before gpuprice's clock as they lay before the recording's own "now".
void replay_sold(schema::Database& db, const std::string& dir, const schema::Market& market,
                 schema::Night night) {
    const auto now = night.start() + kReplayedAt;
    const auto files = json_files(dir);
    const auto run =
        schema::begin_run(db, schema::RunSource::sample_sold, market, night, schema::iso_utc(now));
    const auto run_id = run.id();
    try {
        for (const auto& file : files) {
            std::ifstream in(file, std::ios::binary);
            std::ostringstream text;
            text << in.rdbuf();
            const auto body = text.str();
            auto page = parse_sold_page(body, market.currency);
            const auto until = recorded_until(body);
            std::vector<std::string> kept_out;
            for (auto& sale : page.items) {
                if (until)
                    sale.sold_at =
                        schema::iso_utc(*schema::parse_iso_utc(sale.sold_at) + (now - *until));
                kept_out.push_back(sold_kept_out(sale, {std::string(market.country), {}}));
            }
            schema::store_sold_items(db, run_id, market, page.items, kept_out);
        }
    } catch (const std::exception& e) {
        mark_failed(db, run_id, e.what());
        throw;
    }
    schema::finish_run(db, run_id, schema::RunStatus::ok, schema::iso_utc(now), 0, "");
}

}  // namespace

FetchOutcome replay_sample(schema::Database& db, const std::string& dir,
                           const schema::Market& market, schema::Night night,
                           const ProgressFn& progress) {
    // night-N folders: N nights before `night`, replayed oldest first.
    std::map<int, std::string, std::greater<>> nights;
    std::error_code error;
    for (const auto& entry : fs::directory_iterator(dir, error)) {
        const auto name = entry.path().filename().string();
        if (entry.is_directory() && name.starts_with("night-") && name.size() > 6 &&
            std::all_of(name.begin() + 6, name.end(),
                        [](char c) { return c >= '0' && c <= '9'; })) {
            nights[std::stoi(name.substr(6))] = entry.path().string();
        }
    }
    if (error)
        throw std::runtime_error("cannot read sample folder " + dir + ": " + error.message());
    // Listings first, then the sold items, as a live fetch --sold does.
    const auto sold_dir = fs::path(dir) / "sold";
    if (nights.empty()) {
        auto outcome = replay_night(db, dir, market, night, progress);
        if (fs::is_directory(sold_dir)) replay_sold(db, sold_dir.string(), market, night);
        return outcome;
    }

    FetchOutcome total;
    for (const auto& [ago, folder] : nights) {
        const auto replayed = replay_night(db, folder, market, night.plus(-ago), progress);
        total.run_id = replayed.run_id;
        total.pages_stored += replayed.pages_stored;
        total.pages_failed += replayed.pages_failed;
        total.pages_truncated += replayed.pages_truncated;
        total.coverage = replayed.coverage;  // the last night's, as its run id
        total.listings_seen += replayed.listings_seen;
        total.listings_new += replayed.listings_new;
        total.listings_skipped += replayed.listings_skipped;
        total.problems.insert(total.problems.end(), replayed.problems.begin(),
                              replayed.problems.end());
        if (replayed.status != schema::RunStatus::ok) total.status = replayed.status;
    }
    if (fs::is_directory(sold_dir)) replay_sold(db, sold_dir.string(), market, night);
    return total;
}

}  // namespace gpuprice::fetcher
