#include "fetcher/sample_replay.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "fetcher/browse_parser.hpp"
#include "fetcher/run_writer.hpp"
#include "schema/domain/clock.hpp"

namespace gpuprice::fetcher {

FetchOutcome replay_sample(schema::Database& db, const std::string& dir,
                           const std::string& observed_on, const ProgressFn& progress) {
    std::vector<std::filesystem::path> files;
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator(dir, error)) {
        if (entry.path().extension() == ".json") files.push_back(entry.path());
    }
    if (error)
        throw std::runtime_error("cannot read sample folder " + dir + ": " + error.message());
    if (files.empty()) throw std::runtime_error("no .json files in sample folder " + dir);
    std::sort(files.begin(), files.end());

    const auto run_id = schema::begin_run(db, "sample", "EBAY_US", schema::now_iso());
    RunWriter writer(db, run_id, observed_on);
    BrowseParser parser;
    FetchOutcome outcome;
    outcome.run_id = run_id;
    int done = 0;
    try {
        for (const auto& file : files) {
            std::ifstream in(file, std::ios::binary);
            std::ostringstream body;
            body << in.rdbuf();
            const auto page = parser.parse(body.str());
            if (!page.page_problem.empty()) {
                outcome.problems.push_back(file.filename().string() + ": " + page.page_problem);
            }
            if (page.listings.empty() && (!page.errors.empty() || !page.page_problem.empty())) {
                ++outcome.pages_failed;
            } else {
                writer.write(page);
            }
            if (progress) {
                progress({++done, static_cast<int>(files.size()), writer.totals().seen, 0, 0});
            }
        }
    } catch (const std::exception& e) {
        mark_failed(db, run_id, e.what());
        throw;
    }
    outcome.pages_stored = writer.totals().pages;
    outcome.listings_seen = writer.totals().seen;
    outcome.listings_new = writer.totals().added;
    outcome.listings_skipped = writer.totals().skipped;
    outcome.status = outcome.pages_failed ? schema::RunStatus::partial : schema::RunStatus::ok;
    finish(db, outcome);
    return outcome;
}

std::string default_sample_dir() {
    return GPUPRICE_DEFAULT_SAMPLE_DIR;
}

}  // namespace gpuprice::fetcher
