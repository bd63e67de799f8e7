#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "analysis/csv_format.hpp"
#include "analysis/html_assets.hpp"
#include "analysis/html_page.hpp"
#include "analysis/html_text.hpp"
#include "analysis/price_report.hpp"
#include "analysis/price_series.hpp"
#include "analysis/report_csv.hpp"
#include "analysis/sha256.hpp"
#include "analysis/sparkline.hpp"
#include "schema/domain/base64.hpp"
#include "schema/rules/catalog.hpp"
#include "tests/shipped_catalog.hpp"
#include "tests/test_context.hpp"
#include "tests/test_market.hpp"
#include "tests/used_listing.hpp"

namespace test_html_page {

using gpuprice::test::shipped_catalog;

using namespace gpuprice::analysis;
using gpuprice::schema::PricedObservation;

namespace {

PricedObservation listing(std::int64_t id, const std::string& model, double usd,
                          const std::string& title, const std::string& url,
                          const std::string& night = "2026-12-01") {
    auto o = gpuprice::test::used_listing(id, model, usd, night, title);
    o.item_url = url;
    return o;
}

// Three RTX 3090s (one titled by an attacker) and three RTX 3060 12GB, used, one night.
std::vector<PricedObservation> night() {
    return {listing(1, "rtx-3090", 700, "RTX 3090 <script>alert(1)</script>",
                    "https://www.ebay.com/itm/1"),
            listing(2, "rtx-3090", 760.5, "\"><img src=x onerror=alert(2)> RTX 3090",
                    "javascript:alert(3)"),
            listing(3, "rtx-3090", 800, "RTX 3090 24GB & more", "https://www.ebay.com/itm/3"),
            listing(4, "rtx-3060-12gb", 220, "RTX 3060 12GB", "https://www.ebay.com/itm/4"),
            listing(5, "rtx-3060-12gb", 230, "RTX 3060 12GB", "https://www.ebay.com/itm/5"),
            listing(6, "rtx-3060-12gb", 240, "RTX 3060 12GB", "https://www.ebay.com/itm/6")};
}

CsvContext context() {
    CsvContext c;
    c.as_of = "2026-12-01";
    c.window_start = "2026-12-01";
    c.currency = "USD";
    return c;
}

Report report() {
    ReportOptions options;
    options.as_of = "2026-12-01";
    return build_report(night(), shipped_catalog(), options);
}

std::string page(const PageInput& input = {}) {
    return html_page(report(), context(), input);
}

std::size_t count(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

}  // namespace

TEST_SUITE("analysis::sha256") {
    TEST_CASE("FIPS 180-4 examples and the padding boundaries") {
        const auto hex = [](std::string_view text) {
            std::string out;
            for (auto b : sha256(text)) {
                constexpr char kDigits[] = "0123456789abcdef";
                out += kDigits[b >> 4];
                out += kDigits[b & 15];
            }
            return out;
        };
        CHECK(hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        CHECK(hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
        CHECK(hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
              "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
        // 55 bytes fit one padded block, 56 need two.
        CHECK(hex(std::string(55, 'a')) ==
              "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318");
        CHECK(hex(std::string(56, 'a')) ==
              "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a");
        CHECK(hex(std::string(1000, 'a')) ==
              "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3");
    }

    TEST_CASE("base64 pads to a multiple of four, and the CSP source names the hash") {
        CHECK(gpuprice::schema::base64("Man") == "TWFu");
        CHECK(gpuprice::schema::base64("Ma") == "TWE=");
        CHECK(gpuprice::schema::base64("M") == "TQ==");
        CHECK(gpuprice::schema::base64(std::string_view("\xff\x00", 2)) == "/wA=");
        CHECK(csp_hash_source("abc") == "'sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0='");
    }
}

TEST_SUITE("analysis::html_text") {
    TEST_CASE("markup from eBay stays text, in an element and in an attribute") {
        CHECK(html_text("<script>alert(1)</script>") == "&lt;script&gt;alert(1)&lt;/script&gt;");
        CHECK(html_text("\"><img src=x onerror=alert(1)>") ==
              "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;");
        CHECK(html_text("it's R&D") == "it&apos;s R&amp;D");
        // Control characters and bidi overrides are gone, words stay apart.
        CHECK(html_text("RTX\x1b[31m 3090\u202e") == "RTX[31m 3090");
        CHECK(html_text("a\tb") == "a b");
    }

    TEST_CASE("only http(s) addresses become links") {
        CHECK(web_link("https://www.ebay.com/itm/1?a=1&b=2") ==
              "https://www.ebay.com/itm/1?a=1&amp;b=2");
        CHECK(web_link("HTTP://example.com/") == "HTTP://example.com/");
        CHECK(web_link("javascript:alert(1)").empty());
        CHECK(web_link("data:text/html,<script>").empty());
        CHECK(web_link("//evil.example/").empty());
        CHECK(web_link("https://x.example/\"onmouseover=alert(1)") ==
              "https://x.example/&quot;onmouseover=alert(1)");
        CHECK(web_link("https://x.example/a b").empty());
        CHECK(web_link("").empty());
    }

    TEST_CASE("fragment ids are lower-case words joined by dashes") {
        CHECK(html_id("RTX 3090 Ti") == "rtx-3090-ti");
        CHECK(html_id("Tesla V100 SXM2 16GB") == "tesla-v100-sxm2-16gb");
        CHECK(html_id("open-box") == "open-box");
        CHECK(html_id(" <x> ") == "x");
    }
}

TEST_SUITE("analysis::html_page") {
    TEST_CASE("a hostile title is text on the page and a javascript: link is no link") {
        const auto html = page();
        CHECK(html.find("<script>alert") == std::string::npos);
        CHECK(html.find("<img") == std::string::npos);
        CHECK(html.find("RTX 3090 &lt;script&gt;alert(1)&lt;/script&gt;") != std::string::npos);
        CHECK(html.find("&quot;&gt;&lt;img src=x onerror=alert(2)&gt; RTX 3090") !=
              std::string::npos);
        CHECK(html.find("javascript:") == std::string::npos);
        CHECK(html.find("<a href=\"https://www.ebay.com/itm/1\" rel=\"noreferrer\">") !=
              std::string::npos);
        // The page's own one script and nothing else.
        CHECK(count(html, "<script") == 1);
    }

    TEST_CASE("the Content-Security-Policy allows exactly the page's own style and script") {
        const auto html = page();
        const auto style = std::string(page_style());
        const auto script = std::string(page_script());
        CHECK(html.find("default-src 'none'; style-src " + csp_hash_source(style) +
                        "; script-src " + csp_hash_source(script) + ";") != std::string::npos);
        CHECK(html.find("<style>" + style + "</style>") != std::string::npos);
        CHECK(html.find("<script>" + script + "</script>") != std::string::npos);
        // The policy comes before anything it governs.
        CHECK(html.find("Content-Security-Policy") < html.find("<style>"));
        // Nothing to load, and no link but to the page itself and to eBay's listings.
        for (const auto* tag : {"<img", "<link", "<iframe", "<object", "<embed", "<audio", "<video",
                                "<source", "<base"}) {
            CHECK_MESSAGE(html.find(tag) == std::string::npos, tag);
        }
        int links = 0;
        for (auto at = html.find("href=\""); at != std::string::npos;
             at = html.find("href=\"", at + 1)) {
            const auto target = html.substr(at + 6, html.find('"', at + 6) - at - 6);
            CHECK_MESSAGE((target.starts_with("#") || target.starts_with("https://www.ebay.com/")),
                          target);
            ++links;
        }
        CHECK(links > 10);
    }

    TEST_CASE("the ranked table's numbers are the CSV's cells, with units") {
        const auto r = report();
        const auto csv = report_csv(r, context());
        const auto html = page();
        const auto median = gpuprice::test::csv_cell(csv, "RTX 3090", "median_price_usd");
        const auto gflops = gpuprice::test::csv_cell(csv, "RTX 3090", "gflops_per_usd");
        REQUIRE(median == "760.50");
        // Money as the CLI writes it: whole units, thousands separated.
        CHECK(html.find("data-v=\"760.50\">$760</td>") != std::string::npos);
        CHECK(html.find("data-v=\"" + gflops + "\">" + gflops + "</td>") != std::string::npos);
        CHECK(html.find(">24 GB</td>") != std::string::npos);
        // Each class its own sortable table, with column headers and row headers.
        CHECK(count(html, "<table class=\"ranked sortable\">") == 2);
        CHECK(html.find("<th scope=\"row\"><a href=\"#l-used-rtx-3090\">RTX 3090</a>") !=
              std::string::npos);
        CHECK(html.find("<div class=\"scroll\" id=\"l-used-rtx-3090\"><table class=\"listings "
                        "sortable\">") != std::string::npos);
        // The price that ranks is marked.
        CHECK(html.find("class=\"num basis\" title=\"median asking price (ranks)\"") !=
              std::string::npos);
        // A listing's price keeps its cents.
        CHECK(html.find("data-v=\"760.50\">$760.50</td>") != std::string::npos);
    }

    // UX P3: at 1400 px the 16 GB table ended before TFLOPS and GFLOPS/$, at 400 px after p25.
    TEST_CASE("each class table's ranking key is among its first four columns, and never folds") {
        for (const auto rank_by : {RankBy::tflops, RankBy::bandwidth, RankBy::vram}) {
            auto c = context();
            c.rank_by = rank_by;
            const auto html = html_page(report(), c, {});
            const auto heading = [&] {
                for (const auto& column : report_columns()) {
                    if (column.name == rank_key_column(rank_by)) return column.page.heading;
                }
                return std::string_view();
            }();
            REQUIRE_FALSE(heading.empty());
            std::size_t tables = 0;
            for (auto at = html.find("<table class=\"ranked sortable\">"); at != std::string::npos;
                 at = html.find("<table class=\"ranked sortable\">", at + 1)) {
                ++tables;
                const auto head = html.substr(at, html.find("</tr></thead>", at) - at);
                // The header cells in order: the key's is among the first four.
                std::vector<std::string> cells;
                for (auto th = head.find("<th "); th != std::string::npos;
                     th = head.find("<th ", th + 1)) {
                    cells.push_back(head.substr(th, head.find("</th>", th) - th));
                }
                INFO(rank_by_name(rank_by) << ": " << head);
                REQUIRE(cells.size() > 4);
                const auto key = std::find_if(cells.begin(), cells.end(), [](const auto& cell) {
                    return cell.find("key") != std::string::npos;
                });
                REQUIRE(key != cells.end());
                CHECK(key - cells.begin() < 4);
                CHECK(key->find(std::string(heading)) != std::string::npos);
                CHECK(key->find(" sec") == std::string::npos);  // never folded away
                // Secondary columns are marked to fold on a narrow screen.
                CHECK(std::count_if(cells.begin(), cells.end(), [](const auto& cell) {
                          return cell.find("class=\"num sec\"") != std::string::npos;
                      }) >= 5);
            }
            CHECK(tables == 2);
        }
    }

    // Issue 40: what a card does beside what it promises, whatever ranks.
    TEST_CASE("Train/k$ stands beside GFLOPS/$ in every ranking") {
        for (const auto rank_by : {RankBy::tflops, RankBy::training, RankBy::bandwidth,
                                   RankBy::vram, RankBy::inference}) {
            auto c = context();
            c.rank_by = rank_by;
            std::vector<std::string_view> names;
            for (const auto* column : page_columns(c)) names.push_back(column->name);
            INFO(rank_by_name(rank_by));
            const auto at = [&](std::string_view name) {
                return std::find(names.begin(), names.end(), name) - names.begin();
            };
            const auto promise = at("gflops_per_usd"), does = at("train_per_kusd");
            REQUIRE(promise < static_cast<std::ptrdiff_t>(names.size()));
            REQUIRE(does < static_cast<std::ptrdiff_t>(names.size()));
            CHECK(std::abs(promise - does) == 1);
            // The key first, the price that divides it among the first three.
            CHECK(names.front() == rank_key_column(rank_by));
            CHECK(at(basis_column(c.basis)) < 3);
        }
        // On the page: the header cell after GFLOPS/$ is Train/k$.
        const auto html = page();
        const auto head = html.substr(html.find("<table class=\"ranked sortable\">"));
        const auto gflops = head.find(">GFLOPS/$</th>");
        REQUIRE(gflops != std::string::npos);
        const auto next = head.find("<th ", gflops);
        REQUIRE(next != std::string::npos);
        CHECK(head.substr(next, head.find("</th>", next) + 5 - next).find(">Train/k$</th>") !=
              std::string::npos);
    }

    // code_review_3 C2: an EBAY_GB page said GFLOPS/$, GB/s per $ and $/GB.
    // Each class's chart once defined its hatch pattern as id="legacy": seven classes, seven
    // elements of one id, and every url(#legacy) but the first pointing at another chart's.
    TEST_CASE("every id on the page is unique, and every in-page reference names one") {
        auto r = report();
        for (auto& row : r.rows) row.support.supported = false;  // both classes hatched
        PageInput input;
        input.left_out = {{"abroad", 12, "located outside the marketplace's country"}};
        const auto html = html_page(r, context(), input);
        std::vector<std::string> ids;
        for (auto at = html.find(" id=\""); at != std::string::npos;
             at = html.find(" id=\"", at + 1)) {
            const auto start = at + 5;
            ids.push_back(html.substr(start, html.find('"', start) - start));
        }
        REQUIRE(ids.size() > 10);
        auto sorted = ids;
        std::sort(sorted.begin(), sorted.end());
        const auto twice = std::adjacent_find(sorted.begin(), sorted.end());
        CHECK_MESSAGE(twice == sorted.end(),
                      "id \"" << (twice == sorted.end() ? "" : *twice) << "\" is used twice");
        // The hatch is each class's own, and each class's bars (ranking and training) use it.
        CHECK(count(html, "<pattern id=\"legacy-used-24\"") == 1);
        CHECK(count(html, "<pattern id=\"legacy-used-12\"") == 1);
        CHECK(count(html, "fill=\"url(#legacy-used-24)\"") >= 1);
        CHECK(count(html, "fill=\"url(#legacy-used-12)\"") >= 1);
        std::size_t references = 0;
        for (const std::string opening : {"href=\"#", "url(#"}) {
            for (auto at = html.find(opening); at != std::string::npos;
                 at = html.find(opening, at + 1)) {
                const auto start = at + opening.size();
                const auto end = html.find_first_of("\")", start);
                const auto target = html.substr(start, end - start);
                INFO(opening << target);
                CHECK(std::binary_search(sorted.begin(), sorted.end(), target));
                ++references;
            }
        }
        CHECK(references > 5);
    }

    TEST_CASE("a pound market's page shows no dollar sign outside its script") {
        auto c = context();
        c.currency = "GBP";
        PageInput input;
        StandardBox box{"2 cards, £4,000, 1440 W outlet", {}, {}};
        box.result.nothing_fits = "budget: the cheapest needs £5,000";
        input.boxes = {box};
        auto html = html_page(report(), c, input);
        const auto script = html.find("<script>");
        REQUIRE(script != std::string::npos);
        html.erase(script, html.find("</script>") - script);
        CHECK(html.find('$') == std::string::npos);
        CHECK(html.find("GFLOPS/£") != std::string::npos);
        CHECK(html.find("£/GB") != std::string::npos);
        CHECK(html.find(">£760</td>") != std::string::npos);  // 760.50, to even as the CLI
    }

    TEST_CASE("the page leads with the night, each class's best buy and what moved") {
        auto r = report();
        for (auto& row : r.rows) {
            if (row.model.name == "RTX 3090") row.change_7d_pct = -8.25;
            if (row.model.name == "RTX 3060 12GB") row.change_7d_pct = 2.0;  // under 5%: not news
        }
        const auto html = html_page(r, context(), {});
        const auto summary = html.find("<section id=\"summary\">");
        REQUIRE(summary != std::string::npos);
        // Before the first condition's tables.
        CHECK(summary < html.find("<section id=\"used\""));
        const auto part = html.substr(summary, html.find("</section>", summary) - summary);
        CHECK(part.find("class=\"status complete\">complete</a>") != std::string::npos);
        CHECK(part.find("Best buy per class, used") != std::string::npos);
        CHECK(part.find("<a href=\"#used-24\">RTX 3090</a>") != std::string::npos);
        CHECK(part.find("<a href=\"#used-12\">RTX 3060 12GB</a>") != std::string::npos);
        CHECK(part.find("<span class=\"down\">-8.2%</span> to $760") != std::string::npos);
        CHECK(part.find("RTX 3060 12GB</a> <small>") == std::string::npos);
        // The filters, shown by the script; "all columns" works without it.
        CHECK(html.find("<select id=\"f-cond\">") != std::string::npos);
        CHECK(html.find("<select id=\"f-vram\">") != std::string::npos);
        CHECK(html.find("id=\"f-ok\"") != std::string::npos);
        CHECK(html.find("<select id=\"f-cool\">") != std::string::npos);
        CHECK(html.find("<tr data-cond=\"used\" data-vram=\"24\" data-ok=\"1\"") !=
              std::string::npos);
    }

    TEST_CASE("rows come in rank order, so the page reads right without its script") {
        // The ranked tables, after the summary at the top.
        const auto whole = page();
        const auto html = whole.substr(whole.find("<section id=\"used\""));
        // The rank cell right before each row's header.
        std::vector<int> seen;
        const std::string row_header = "</td><th scope=\"row\">";
        for (auto at = html.find(row_header); at != std::string::npos;
             at = html.find(row_header, at + 1)) {
            const auto cell = html.rfind('>', at - 1);
            seen.push_back(std::stoi(html.substr(cell + 1, at - cell - 1)));
        }
        CHECK(seen == std::vector<int>{1, 1});  // one card ranked in each of the two classes
    }

    // The nightly page at a year lists every listing of the night (23 MB): it is written as it
    // is made, each model's listings a piece of their own, and the pieces are the page.
    TEST_CASE("the page comes in pieces, one per model's listings, that join into the page") {
        std::vector<std::string> pieces;
        write_html_page(report(), context(), {},
                        [&](std::string_view piece) { pieces.emplace_back(piece); });
        std::string joined;
        for (const auto& piece : pieces) joined += piece;
        CHECK(joined == page());
        // Each model's listings alone: the RTX 3090's and the RTX 3060's.
        const auto alone = std::count_if(pieces.begin(), pieces.end(), [](const std::string& p) {
            return p.starts_with("<details><summary>") && count(p, "<details>") == 1;
        });
        CHECK(alone == 2);
        REQUIRE(!pieces.empty());
        CHECK(pieces.front().starts_with("<!DOCTYPE html>"));
        CHECK(pieces.back().ends_with("</html>\n"));
    }

    TEST_CASE("a partial night says so at the top and in its section") {
        auto c = context();
        c.nights_complete = false;
        c.night_status = "run 3 partial: 2 pages failed";
        const auto html = html_page(report(), c, {});
        CHECK(html.find("class=\"status partial\">partial</a>") != std::string::npos);
        CHECK(html.find("<p class=\"alert\">run 3 partial: 2 pages failed</p>") !=
              std::string::npos);
    }

    TEST_CASE("left-out counts, coverage, builds and watches are shown, escaped") {
        PageInput input;
        input.left_out = {{"abroad", 12, "located outside the marketplace's country"}};
        input.coverage = {{"run 1 (sample): ok"}, 10, 9, {"RTX 3090 <b>: stopped at budget"}};
        gpuprice::schema::Watch watch{7, "rtx-3090", "used", 75000, "median", "EBAY_US", ""};
        WatchFiring fired{watch, {}, {{gpuprice::schema::ConditionClass::used, 800.0, 760.5}}};
        input.watches = {{watch, "RTX 3090", fired}};
        StandardBox box{"1 card, $1,500, 1440 W outlet", {}, {}};
        box.result.nothing_fits = "the budget <is> too small";
        input.boxes = {box};
        const auto html = page(input);
        CHECK(html.find("<th scope=\"row\">abroad</th><td class=\"num\">12</td>") !=
              std::string::npos);
        CHECK(html.find("9 of 10 queries complete") != std::string::npos);
        CHECK(html.find("RTX 3090 &lt;b&gt;: stopped at budget") != std::string::npos);
        CHECK(html.find("Nothing fits: the budget &lt;is&gt; too small") != std::string::npos);
        CHECK(html.find("<strong>Watch 7 fired</strong> (RTX 3090, used, below $750 (median))") !=
              std::string::npos);
        CHECK(html.find("used median crossed the line: $800.00 &rarr; $760.50") !=
              std::string::npos);
    }
}

TEST_SUITE("analysis::sparkline") {
    NightlyMedian night_of(const std::string& night, double median,
                           std::optional<double> cleared = {}, std::optional<double> sold = {}) {
        NightlyMedian n;
        n.night = night;
        n.listings = 3;
        n.median_usd = median;
        n.cleared_median_usd = cleared;
        n.cleared_listings = cleared ? 1 : 0;
        n.sold_median_usd = sold;
        n.sold_listings = sold ? 1 : 0;
        return n;
    }

    TEST_CASE("the asking line falls as the price falls, with dots for cleared and sold") {
        const std::vector<NightlyMedian> nights = {night_of("2026-11-01", 800),
                                                   night_of("2026-11-15", 700, 650.0),
                                                   night_of("2026-12-01", 600, {}, 620.0)};
        const auto svg = sparkline_svg(nights, "2026-11-01", "2026-12-01", "USD");
        // x from 47 to 129 over the 30 days from the first ask (the prices printed either
        // side); y on a scale of 595..805, the prices' middle (700) +-15% at least.
        CHECK(svg.find("points=\"47.0,3.6 85.3,16.0 129.0,28.4\"") != std::string::npos);
        CHECK(svg.find("text-anchor=\"end\">$800</text>") != std::string::npos);
        CHECK(svg.find(">$600</text>") != std::string::npos);
        CHECK(count(svg, "<circle class=\"sp-clr\"") == 1);
        CHECK(count(svg, "<rect class=\"sp-sold\"") == 1);
        CHECK(svg.find("aria-label=\"asking median $800 on 2026-11-01, $600 on 2026-12-01; "
                       "cleared prices on 1 nights, sold on 1; range $600 to $800\"") !=
              std::string::npos);
    }

    // UX P12: the line sat in the last 16 px of the box (asks began 25 nights after the first
    // sold night), a 6% dip ran the box's height, and the tooltip dated the first ask wrongly.
    TEST_CASE("the time axis starts at the first ask, a small dip stays small, dates are right") {
        const std::vector<NightlyMedian> nights = {night_of("2026-11-08", 0, {}, 685.0),
                                                   night_of("2026-12-02", 2228),
                                                   night_of("2026-12-06", 2097)};
        auto sold_only = nights;
        sold_only[0].listings = 0;
        const auto svg = sparkline_svg(sold_only, "2026-11-07", "2026-12-06", "USD");
        CHECK(svg.find("asking median $2,228 on 2026-12-02, $2,097 on 2026-12-06") !=
              std::string::npos);
        // The sold night before the first ask is not drawn: the line spans the box.
        CHECK(svg.find("<rect class=\"sp-sold\"") == std::string::npos);
        const auto points = svg.substr(svg.find("points=\"") + 8);
        CHECK(points.starts_with("47.0,"));
        // 2,228 -> 2,097 on a scale of the middle +-15%: about a fifth of the height, not all.
        const auto y = [&](std::size_t at) {
            const auto comma = points.find(',', at);
            return std::stod(points.substr(comma + 1));
        };
        const auto second = points.find(' ');
        CHECK(y(second) - y(0) < 8.0);
    }

    TEST_CASE("nights outside the window are left out, and no price is no sparkline") {
        const std::vector<NightlyMedian> nights = {night_of("2026-10-01", 900),
                                                   night_of("2026-12-01", 600)};
        const auto svg = sparkline_svg(nights, "2026-11-01", "2026-12-01", "EUR");
        CHECK(svg.find("$") == std::string::npos);
        CHECK(svg.find("€600 on 2026-12-01") != std::string::npos);
        CHECK(svg.find("900") == std::string::npos);
        // One night is a short dash, not an invisible point.
        CHECK(svg.find("points=\"44.0,16.0 50.0,16.0\"") != std::string::npos);
        CHECK(sparkline_svg(nights, "2025-01-01", "2025-01-31", "USD").empty());
    }
}

TEST_SUITE("analysis::price_series") {
    TEST_CASE("each model and condition gets its own nights, oldest first") {
        std::vector<PricedObservation> history = {
            listing(1, "rtx-3090", 800, "", "", "2026-11-30"),
            listing(1, "rtx-3090", 780, "", "", "2026-12-01"),
            listing(2, "rtx-3090", 760, "", "", "2026-12-01"),
            listing(4, "rtx-3060-12gb", 220, "", "", "2026-12-01")};
        history.back().condition_id = 1000;  // new
        const auto series = price_series(
            history, {}, {}, shipped_catalog(),
            {gpuprice::schema::ConditionClass::used, gpuprice::schema::ConditionClass::new_item},
            Shipping::Include, gpuprice::test::us_market());
        REQUIRE(series.size() == 2);
        const auto& nights = series.at({"rtx-3090", gpuprice::schema::ConditionClass::used});
        REQUIRE(nights.size() == 2);
        CHECK(nights[0].night == "2026-11-30");
        CHECK(nights[0].median_usd == 800);
        CHECK(nights[1].median_usd == 770);
        CHECK(series.count({"rtx-3060-12gb", gpuprice::schema::ConditionClass::new_item}) == 1);
    }

    gpuprice::schema::SoldPrice sale(int id, const std::string& model, double usd,
                                     const std::string& day) {
        return {"v1|" + std::to_string(id) + "|0", model, 3000,
                static_cast<std::int64_t>(usd * 100), day};
    }

    // UX P12: one or two sales a night are one price each, dots scattered over the sparkline.
    TEST_CASE("thin sales become weekly medians on each week's last night; ample ones stay") {
        std::vector<PricedObservation> history;
        for (const char* day : {"2026-11-23", "2026-11-30", "2026-12-03", "2026-12-06"}) {
            history.push_back(listing(1, "rtx-3090", 800, "", "", day));
            history.push_back(listing(2, "rtx-4090", 1800, "", "", day));
        }
        std::vector<gpuprice::schema::SoldPrice> sold;
        // The 3090: one sale a night. Week of Mon 11-23: 700, 710, 760 (median 710); week of
        // Mon 11-30 (to 12-06): 650, 690 (median 670).
        int id = 100;
        const std::vector<std::pair<const char*, double>> thin = {{"2026-11-23", 700},
                                                                  {"2026-11-25", 760},
                                                                  {"2026-11-29", 710},
                                                                  {"2026-12-01", 650},
                                                                  {"2026-12-04", 690}};
        for (const auto& [day, usd] : thin) sold.push_back(sale(++id, "rtx-3090", usd, day));
        // The 4090: four sales on each of two nights, ample: its nightly medians stay.
        for (int k = 0; k < 4; ++k) {
            sold.push_back(sale(++id, "rtx-4090", 1700 + 10 * k, "2026-12-02"));
            sold.push_back(sale(++id, "rtx-4090", 1600 + 10 * k, "2026-12-05"));
        }
        auto series = price_series(history, {}, sold, shipped_catalog(),
                                   {gpuprice::schema::ConditionClass::used}, Shipping::Include,
                                   gpuprice::test::us_market());
        pool_thin_sales(series, sold, shipped_catalog(), gpuprice::test::us_market(), "2026-12-06");

        const auto& r3090 = series.at({"rtx-3090", gpuprice::schema::ConditionClass::used});
        std::vector<std::tuple<std::string, double, int>> weekly;
        for (const auto& n : r3090) {
            if (n.sold_median_usd)
                weekly.emplace_back(n.night, *n.sold_median_usd, n.sold_listings);
            if (n.sold_median_usd) CHECK(n.sold_days == 7);
        }
        CHECK(weekly == std::vector<std::tuple<std::string, double, int>>{
                            {"2026-11-29", 710.0, 3}, {"2026-12-06", 670.0, 2}});
        // The asking nights are kept, in order, with the weeks' last nights among them.
        std::vector<std::string> order;
        for (const auto& n : r3090) order.push_back(n.night);
        CHECK(std::is_sorted(order.begin(), order.end()));
        CHECK(std::count_if(r3090.begin(), r3090.end(),
                            [](const NightlyMedian& n) { return n.listings > 0; }) == 4);

        const auto& r4090 = series.at({"rtx-4090", gpuprice::schema::ConditionClass::used});
        std::vector<std::string> sold_nights;
        for (const auto& n : r4090) {
            if (!n.sold_median_usd) continue;
            sold_nights.push_back(n.night);
            CHECK(n.sold_days == 1);
        }
        CHECK(sold_nights == std::vector<std::string>{"2026-12-02", "2026-12-05"});

        // The sparkline says the sold squares are weekly medians.
        const auto svg = sparkline_svg(r3090, "2026-11-07", "2026-12-06", "USD");
        CHECK(svg.find("weekly sold medians of 2 weeks") != std::string::npos);
        CHECK(sparkline_svg(r4090, "2026-11-07", "2026-12-06", "USD").find("sold on 2;") !=
              std::string::npos);
    }
}

}  // namespace test_html_page
