#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <vector>

#include "analysis/box_planner.hpp"
#include "analysis/card_performance.hpp"
#include "analysis/html_page.hpp"
#include "analysis/plan_output.hpp"
#include "analysis/rank_correlation.hpp"
#include "analysis/report_csv.hpp"
#include "analysis/report_table.hpp"
#include "analysis/tensor_flops.hpp"
#include "app/report_assembly.hpp"
#include "app/stored_matching.hpp"
#include "cli/report_options.hpp"
#include "fetcher/sample_replay.hpp"
#include "schema/rules/csv_reader.hpp"
#include "schema/rules/measured_performance.hpp"
#include "schema/rules/rule_set.hpp"
#include "schema/store/catalog_store.hpp"
#include "schema/store/migrations.hpp"
#include "tests/frozen_clock.hpp"
#include "tests/shipped_catalog.hpp"
#include "tests/test_context.hpp"
#include "tests/test_market.hpp"

namespace test_card_performance {

using gpuprice::test::shipped_catalog;

using namespace gpuprice;

namespace {

const std::string kHeader = "sku,workload,figure,unit,run,software,date,source\n";

std::vector<schema::Measurement> parse(const std::string& rows) {
    return schema::parse_measured_performance(kHeader + rows, "measured_performance.csv",
                                              shipped_catalog());
}

std::string row(const std::string& sku, const std::string& workload, const std::string& figure,
                const std::string& run = "r1", const std::string& date = "2024-07-24",
                const std::string& source = "a file") {
    return sku + "," + workload + "," + figure + ",images/s," + run + ",PyTorch," + date + "," +
           source + "\n";
}

double median_error(const std::vector<analysis::LooPoint>& points) {
    std::vector<double> e;
    for (const auto& p : points) e.push_back(std::abs(p.predicted / p.measured - 1));
    std::sort(e.begin(), e.end());
    const auto n = e.size();
    return n % 2 ? e[n / 2] : (e[n / 2 - 1] + e[n / 2]) / 2;
}

// The bundled sample as `fetch --sample` stores it, matched: what `report` and `recommend` read.
struct SampleDb {
    test::FrozenClock clock{"2026-12-03T03:00:00Z"};  // its reports read the replayed nights
    test::TempDir dir;
    schema::Database db{dir.file("sample.db")};
    schema::RuleSet rules = schema::load_rule_set(test::catalog_dir());

    SampleDb() {
        schema::migrate(db);
        schema::store_catalog(db, rules.catalog);
        REQUIRE(
            fetcher::replay_sample(db, (test::source_dir() / "scripts" / "sample-data").string(),
                                   test::us_market(), schema::Night::from_text("2026-12-03"), {})
                .status == schema::RunStatus::ok);
        app::match_listings(db, app::Matchers(rules), schema::WhichListings::All, 0,
                            "2026-12-03T04:00:00Z");
    }

    app::LoadedReport report(analysis::RankBy rank_by) {
        cli::ReportQuery query;
        cli::resolve_report_query(query, rules.catalog);
        query.request.options.rank_by = rank_by;
        auto loaded = app::load_report(db, rules.catalog, query.request, schema::Details::With);
        REQUIRE(loaded.has_value());
        return std::move(*loaded);
    }
};

const analysis::ReportRow* find_row(const analysis::Report& report, const std::string& key) {
    for (const auto& r : report.rows) {
        if (r.model.key == key && r.condition == schema::ConditionClass::used) return &r;
    }
    return nullptr;
}

}  // namespace

TEST_SUITE("card performance") {
    TEST_CASE("the shipped measurements load, each with a source, software and date") {
        const auto& m = shipped_catalog().measurements;
        REQUIRE(m.size() > 300);
        for (const auto& row : m) {
            INFO(row.sku << " " << row.workload << " line " << row.line);
            CHECK_FALSE(row.source.empty());
            CHECK_FALSE(row.software.empty());
            CHECK(row.figure > 0);
        }
    }

    TEST_CASE("a malformed row fails naming file, line and column") {
        struct Case {
            const char* what;
            std::string rows;
            const char* expected;
        };
        const Case cases[] = {
            {"unknown card", row("rtx-9999", "train-amp:ssd", "10"),
             "measured_performance.csv:2: column 'sku': 'rtx-9999' is not a key"},
            {"unknown kind", row("rtx-3090", "infer:ssd", "10"),
             "measured_performance.csv:2: column 'workload'"},
            {"kind without a name", row("rtx-3090", "train-amp:", "10"),
             "measured_performance.csv:2: column 'workload'"},
            {"zero figure", row("rtx-3090", "train-amp:ssd", "0"),
             "measured_performance.csv:2: column 'figure': a measured throughput is above 0"},
            {"not a number", row("rtx-3090", "train-amp:ssd", "fast"),
             "measured_performance.csv:2: column 'figure'"},
            {"bad date", row("rtx-3090", "train-amp:ssd", "10", "r1", "24-07-2024"),
             "measured_performance.csv:2: column 'date'"},
            {"no source", row("rtx-3090", "train-amp:ssd", "10", "r1", "2024-07", ""),
             "measured_performance.csv:2: column 'source'"},
            {"twice in one run",
             row("rtx-3090", "train-amp:ssd", "10") + row("rtx-3090", "train-amp:ssd", "11"),
             "measured_performance.csv:3: column 'workload': 'train-amp:ssd' of 'rtx-3090' in "
             "run 'r1' is listed twice"},
        };
        for (const auto& c : cases) {
            INFO(c.what);
            CHECK_THROWS_WITH_AS(parse(c.rows), doctest::Contains(c.expected),
                                 schema::DataFileError);
        }
        // The same workload in another run is another measurement.
        CHECK(parse(row("rtx-3090", "train-amp:ssd", "10") +
                    row("rtx-3090", "train-amp:ssd", "11", "r2"))
                  .size() == 2);
    }

    TEST_CASE("training is the geometric mean over the networks both ran, against the run's 3090") {
        auto catalog = shipped_catalog();
        // Run 1: the A6000 at 2x and 0.5x the 3090 on two networks (geometric mean 1); a third
        // network only the A6000 ran does not count. Run 2: 1.21x on one. Run 3 has no 3090.
        catalog.measurements = parse(
            row("rtx-3090", "train-amp:a", "100") + row("rtx-3090", "train-amp:b", "40") +
            row("rtx-a6000", "train-amp:a", "200") + row("rtx-a6000", "train-amp:b", "20") +
            row("rtx-a6000", "train-amp:c", "999") + row("rtx-3090", "train-amp:a", "50", "r2") +
            row("rtx-a6000", "train-amp:a", "60.5", "r2") +
            row("rtx-a5000", "train-amp:a", "70", "r3"));
        const auto m = analysis::measured_figures(catalog, analysis::PerfTarget::training);
        CHECK(m.at("rtx-3090") == doctest::Approx(1.0));
        // Run 1 gives 1.0, run 2 1.21: combined sqrt(1.21) = 1.1.
        CHECK(m.at("rtx-a6000") == doctest::Approx(1.1));
        CHECK(m.count("rtx-a5000") == 0);
    }

    TEST_CASE("inference figures are scaled to the 3090's llama-bench 7B Q4_0 figure") {
        auto catalog = shipped_catalog();
        auto rows = row("rtx-3090", "llm-tg:llama-7b-q4_0-tg128", "120", "bench") +
                    row("rtx-3090", "llm-tg:other-8b", "100", "other") +
                    row("rtx-4090", "llm-tg:other-8b", "125", "other");
        catalog.measurements = parse(rows);
        const auto m = analysis::measured_figures(catalog, analysis::PerfTarget::generation);
        CHECK(m.at("rtx-3090") == doctest::Approx(120));
        CHECK(m.at("rtx-4090") == doctest::Approx(150));  // 1.25 x the 3090's 120
        // Without the anchor figure there is no scale: no figure at all.
        catalog.measurements = parse(row("rtx-3090", "llm-tg:other-8b", "100", "other"));
        CHECK(analysis::measured_figures(catalog, analysis::PerfTarget::generation).empty());
    }

    TEST_CASE("a run without a 3090 counts with its anchor figure as published, nothing else") {
        auto catalog = shipped_catalog();
        // Two 3090 runs of the anchor (scale: their geometric mean, 100 x 1.21 -> 110); a run of
        // a W7900 alone at 99 t/s on the anchor itself, and a run of an RX 7900 XTX alone on
        // another test, which compares with nothing.
        catalog.measurements =
            parse(row("rtx-3090", "llm-tg:llama-7b-q4_0-tg128", "100", "a") +
                  row("rtx-3090", "llm-tg:llama-7b-q4_0-tg128", "121", "b") +
                  row("rx-7900-xt", "llm-tg:llama-7b-q4_0-tg128", "60.5", "b") +
                  row("radeon-pro-w7900", "llm-tg:llama-7b-q4_0-tg128", "99", "alone") +
                  row("rx-7900-xtx", "llm-tg:other-8b", "80", "lonely"));
        const auto m = analysis::measured_figures(catalog, analysis::PerfTarget::generation);
        CHECK(m.at("rtx-3090") == doctest::Approx(110));
        CHECK(m.at("rx-7900-xt") == doctest::Approx(55));  // half its run's 3090, of 110
        CHECK(m.at("radeon-pro-w7900") == doctest::Approx(99));
        CHECK(m.count("rx-7900-xtx") == 0);
        const auto runs =
            analysis::run_ratios(catalog.measurements, analysis::PerfTarget::generation);
        const auto alone =
            std::find_if(runs.begin(), runs.end(), [](const auto& r) { return r.run == "alone"; });
        REQUIRE(alone != runs.end());
        CHECK(alone->absolute);
        CHECK(alone->ratio == doctest::Approx(99));
        // Training has no such scale: a run without the 3090 still compares with nothing.
        catalog.measurements = parse(row("rtx-a5000", "train-amp:a", "70", "r3"));
        CHECK(analysis::measured_figures(catalog, analysis::PerfTarget::training).empty());
    }

    TEST_CASE("the shipped AMD and workstation llama-bench runs are measured figures") {
        const auto table = analysis::performance_table(shipped_catalog());
        const auto tg =
            analysis::measured_figures(shipped_catalog(), analysis::PerfTarget::generation);
        // The scale: the 3090's tg128 of llama 7B Q4_0 in llama.cpp PR #4766 (121.82) and in
        // llm-tracker's 2024-01-28 run (134.5), geometric mean.
        const double anchor = std::sqrt(121.82 * 134.5);
        CHECK(tg.at("rtx-3090") == doctest::Approx(anchor));
        // The RX 7900 XTX against the 3090 of its run: 119.1 / 134.5 of the scale.
        CHECK(tg.at("rx-7900-xtx") == doctest::Approx(119.1 / 134.5 * anchor));
        // Runs without a 3090: as published.
        CHECK(tg.at("radeon-pro-w7900") == doctest::Approx(99.42));
        CHECK(tg.at("instinct-mi300x") == doctest::Approx(183.18));
        CHECK(tg.at("radeon-vii") == doctest::Approx(54.42));
        CHECK(tg.at("rtx-pro-6000-blackwell") == doctest::Approx(278.95));
        for (const auto* key : {"rx-7900-xt", "rx-7900-xtx", "radeon-vii", "radeon-pro-w7900",
                                "instinct-mi300x", "rtx-pro-6000-blackwell"}) {
            INFO(key);
            REQUIRE(table.at(key).llm_tg_tok_s);
            CHECK(table.at(key).llm_tg_tok_s->basis == analysis::PerfBasis::measured);
        }
        // An AMD card nobody measured is no longer a guess across vendors for generation: RDNA 3
        // was measured.
        REQUIRE(table.at("rx-7800-xt").llm_tg_tok_s);
        CHECK(table.at("rx-7800-xt").llm_tg_tok_s->basis == analysis::PerfBasis::estimated);
        CHECK_FALSE(table.at("rx-7800-xt").llm_tg_tok_s->extrapolated);
    }

    TEST_CASE("every Lambda-measured card shows its measured train_rel; estimates are marked") {
        const auto& catalog = shipped_catalog();
        const auto table = analysis::performance_table(catalog);
        const auto lambda = analysis::measured_figures(catalog, analysis::PerfTarget::training);
        CHECK(lambda.size() >= 25);
        for (const auto& [sku, figure] : lambda) {
            INFO(sku);
            const auto& perf = table.at(sku);
            REQUIRE(perf.train_rel);
            CHECK(perf.train_rel->basis == analysis::PerfBasis::measured);
            CHECK(std::abs(perf.train_rel->value / figure - 1) <= 0.12);
        }
        // The two examples: the Titan RTX trains slower than the 3090 although its
        // peak is nearly twice the 3090's.
        CHECK(table.at("titan-rtx").train_rel->value < 0.85);
        CHECK(*table.at("titan-rtx").peak_promise > 1.7);
        // An unmeasured card is estimated, and one of a vendor nobody measured is a guess.
        REQUIRE(table.at("titan-v").train_rel);
        CHECK(table.at("titan-v").train_rel->basis == analysis::PerfBasis::estimated);
        CHECK_FALSE(table.at("titan-v").train_rel->extrapolated);
        REQUIRE(table.at("arc-a770-16gb").train_rel);
        CHECK(table.at("arc-a770-16gb").train_rel->extrapolated);
        int measured = 0;
        for (const auto& [key, perf] : table) {
            const auto is = [](const auto& f) {
                return f && f->basis == analysis::PerfBasis::measured;
            };
            measured += is(perf.train_rel) || is(perf.llm_tg_tok_s) || is(perf.llm_pp_tok_s);
        }
        CHECK(measured >= 40);
    }

    TEST_CASE("train_rel orders Lambda's cards as Lambda does, better than peak FP16") {
        // Spearman itself: ties share their mean rank; a reversed order is -1.
        CHECK(analysis::ranks({3, 1, 3, 2}) == std::vector<double>{3.5, 1, 3.5, 2});
        CHECK(analysis::spearman({1, 2, 3, 4}, {10, 40, 90, 160}) == doctest::Approx(1));
        CHECK(analysis::spearman({1, 2, 3, 4}, {4, 3, 2, 1}) == doctest::Approx(-1));

        const auto& catalog = shipped_catalog();
        const auto table = analysis::performance_table(catalog);
        const auto lambda = analysis::measured_figures(catalog, analysis::PerfTarget::training);
        std::vector<double> shown, measured, peak;
        for (const auto& [sku, figure] : lambda) {
            const auto* model = catalog.find_model(sku);
            REQUIRE(model);
            const auto f =
                analysis::report_figure(catalog, *model, "fp16", analysis::Sparsity::Dense);
            REQUIRE(f);
            shown.push_back(table.at(sku).train_rel->value);
            measured.push_back(figure);
            peak.push_back(f->tflops);
        }
        REQUIRE(shown.size() >= 25);
        CHECK(analysis::spearman(shown, measured) >= 0.95);
        // The leave-one-out estimates, each without its own card's figure, order them too.
        std::vector<double> estimated, truth;
        for (const auto& p : analysis::leave_one_out(catalog, analysis::PerfTarget::training)) {
            estimated.push_back(p.predicted);
            truth.push_back(p.measured);
        }
        CHECK(analysis::spearman(estimated, truth) >= 0.95);
        // Peak FP16, the old ranking key, orders them worse (0.92 on the shipped catalog).
        CHECK(analysis::spearman(peak, measured) < analysis::spearman(estimated, truth));
    }

    TEST_CASE("leave-one-out median error is at most 20% for training and for generation") {
        const auto training =
            analysis::leave_one_out(shipped_catalog(), analysis::PerfTarget::training);
        const auto generation =
            analysis::leave_one_out(shipped_catalog(), analysis::PerfTarget::generation);
        REQUIRE(training.size() >= 25);
        REQUIRE(generation.size() >= 15);
        CHECK(median_error(training) <= 0.20);
        CHECK(median_error(generation) <= 0.20);
    }

    TEST_CASE("the overstated-peak note and the multi-GPU note") {
        analysis::CardPerformance perf;
        perf.train_rel = analysis::PerfFigure{0.7, analysis::PerfBasis::estimated};
        perf.peak_promise = 1.55;
        CHECK(analysis::overstated_peak_note(perf) ==
              "peak FLOPS overstate this card: trains at about 0.7x a 3090 (estimated), its peak "
              "FP16 says 1.6x");
        perf.peak_promise = 1.3;  // 0.7 is more than half of 1.3: no note
        CHECK_FALSE(analysis::overstated_peak_note(perf));
        const auto& catalog = shipped_catalog();
        const auto intel = analysis::multi_gpu_note(catalog, *catalog.find_model("arc-a770-16gb"));
        REQUIRE(intel);
        CHECK(intel->find("no NCCL") != std::string::npos);
        CHECK_FALSE(analysis::multi_gpu_note(catalog, *catalog.find_model("rtx-3090")));
    }

    TEST_CASE(
        "on the sample, --rank-by training puts the 3090 above the Titan RTX and Quadro "
        "RTX 6000, and the Titan V and Arc A770 carry the note") {
        SampleDb sample;
        const auto loaded = sample.report(analysis::RankBy::training);
        const auto& report = loaded.report;
        const auto* r3090 = find_row(report, "rtx-3090");
        const auto* titan = find_row(report, "titan-rtx");
        const auto* quadro = find_row(report, "quadro-rtx-6000");
        REQUIRE(r3090);
        REQUIRE(titan);
        REQUIRE(quadro);
        REQUIRE(r3090->rank);
        REQUIRE(titan->rank);
        REQUIRE(quadro->rank);
        CHECK(*r3090->rank < *titan->rank);
        CHECK(*r3090->rank < *quadro->rank);
        // By GFLOPS/$ the order is the other way round: the reason for the new ranking.
        const auto by_peak = sample.report(analysis::RankBy::tflops);
        CHECK(*find_row(by_peak.report, "titan-rtx")->rank <
              *find_row(by_peak.report, "rtx-3090")->rank);
        // train_per_kusd is train_rel per 1,000 of the basis price.
        CHECK(*r3090->train_per_kusd == doctest::Approx(1000.0 / *r3090->basis_usd));

        // The notes under the table, unwrapped (a wrapped line continues after "\n ").
        auto table = analysis::report_table(report, loaded.context, 200);
        for (auto at = table.find("\n "); at != std::string::npos; at = table.find("\n ")) {
            table.replace(at, 2, " ");
        }
        CHECK(table.find("peak FLOPS overstate these cards") != std::string::npos);
        CHECK(table.find("Titan V 0.7x (peak 1.5x, est.)") != std::string::npos);
        CHECK(table.find("Arc A770 16GB 0.7x (peak 1.9x, est.)") != std::string::npos);
        for (const auto* key : {"titan-v", "arc-a770-16gb"}) {
            INFO(key);
            const auto* row = find_row(report, key);
            REQUIRE(row);
            CHECK(analysis::overstated_peak_note(row->perf));
        }
        // The Arc A770's figure is a guess across vendors: shown, not ranked by training.
        CHECK_FALSE(find_row(report, "arc-a770-16gb")->rank);
        const auto csv = analysis::report_csv(report, loaded.context);
        CHECK(csv.substr(0, csv.find("\r\n"))
                  .ends_with(",rank_by,train_rel,train_per_kusd,llm_tg_tok_s,llm_tg_per_kusd,"
                             "perf_basis"));
        CHECK(csv.find(",training,1.00,") != std::string::npos);  // the 3090's row
        analysis::PageInput page;
        const auto html = analysis::html_page(report, loaded.context, page);
        CHECK(html.find(">Train/k$</th>") != std::string::npos);
        CHECK(html.find("peak overstates</span>") != std::string::npos);
        CHECK(html.find("<small>est.</small>") != std::string::npos);
    }

    TEST_CASE("recommend --objective training: the plan checked by hand") {
        SampleDb sample;
        const auto loaded = sample.report(analysis::RankBy::tflops);
        analysis::BoxOptions box;
        box.min_count = box.max_count = 2;
        box.budget_usd = 4000;
        box.objective = analysis::RankBy::training;
        box.results = 50;
        cli::ReportQuery query;
        cli::resolve_report_query(query, sample.rules.catalog);
        auto options = query.request.options;
        options.as_of = loaded.context.as_of;
        const auto r = analysis::plan_boxes(loaded.report, sample.rules.catalog,
                                            sample.rules.attributes, options, box);
        REQUIRE_FALSE(r.plans.empty());
        const auto& best = r.plans.front();
        // By hand from Lambda's rows of the 2024-07-24 run: the RTX 4090 against the RTX 3090
        // on each network, geometric mean, times two cards.
        std::map<std::string, double> r3090, r4090;
        for (const auto& m : sample.rules.catalog.measurements) {
            if (m.run != "lambda-2024-07-24") continue;
            if (m.sku == "rtx-3090") r3090[m.workload] = m.figure;
            if (m.sku == "rtx-4090") r4090[m.workload] = m.figure;
        }
        REQUIRE(r4090.size() == 10);
        double log_sum = 0;
        for (const auto& [workload, figure] : r4090)
            log_sum += std::log(figure / r3090.at(workload));
        const double per_card = std::exp(log_sum / 10);
        CHECK(per_card == doctest::Approx(1.614).epsilon(0.01));
        CHECK(best.model.key == "rtx-4090");
        REQUIRE(best.total_train_rel);
        CHECK(best.total_train_rel->value == doctest::Approx(2 * per_card));
        CHECK(best.total_train_rel->basis == analysis::PerfBasis::measured);
        CHECK(best.total_usd <= 4000);
        // No fitting plan trains faster, and the plans are in training order.
        for (std::size_t i = 1; i < r.plans.size(); ++i) {
            const auto& p = r.plans[i];
            INFO(p.model.name);
            if (!p.total_train_rel || p.total_train_rel->extrapolated || p.thin) continue;
            CHECK(p.total_train_rel->value <= r.plans[i - 1].total_train_rel->value + 1e-9);
        }
        const auto text = analysis::plans_table(r, loaded.context, 100);
        CHECK(text.find("trains at about 3.2x an RTX 3090 (measured)") != std::string::npos);

        // Two Arc A770s: the plan says what Intel's stack lacks, and that peak overstates it.
        box.objective = analysis::RankBy::tflops;
        box.budget_usd = 1000;
        const auto arcs = analysis::plan_boxes(loaded.report, sample.rules.catalog,
                                               sample.rules.attributes, options, box);
        const auto arc = std::find_if(arcs.plans.begin(), arcs.plans.end(),
                                      [](const auto& p) { return p.model.key == "arc-a770-16gb"; });
        REQUIRE(arc != arcs.plans.end());
        std::string caveats;
        for (const auto& c : arc->caveats) caveats += c + "\n";
        CHECK(caveats.find("no NCCL (Intel's oneCCL instead), no FlashAttention-2") !=
              std::string::npos);
        CHECK(caveats.find("peak FLOPS overstate this card") != std::string::npos);
    }
}

}  // namespace test_card_performance
