#include <doctest/doctest.h>

#include <clocale>
#include <iomanip>
#include <locale>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "analysis/csv_format.hpp"

namespace test_csv_format {

using namespace gpuprice::analysis;

namespace {
// A text cell as a CSV line holds it, without the line's end.
std::string csv_text_cell(std::string_view raw) {
    const auto line = CsvLine().text(raw).str();
    return line.substr(0, line.size() - 2);
}
}  // namespace

TEST_SUITE("analysis::csv_format") {
    TEST_CASE("text cells are quoted per RFC 4180") {
        CHECK(csv_text_cell("plain") == "plain");
        CHECK(csv_text_cell("a,b") == "\"a,b\"");
        CHECK(csv_text_cell("say \"hi\"") == "\"say \"\"hi\"\"\"");
        CHECK(csv_text_cell("two\nlines") == "two lines");  // never a line break in a cell
        CHECK(csv_text_cell("") == "");
        CHECK(csv_text_cell("Grafikkarte für RTX") == "Grafikkarte für RTX");
    }

    TEST_CASE("cells a spreadsheet would run as a formula are defused") {
        CHECK(csv_text_cell("=HYPERLINK(\"http://x\")") == "\"'=HYPERLINK(\"\"http://x\"\")\"");
        CHECK(csv_text_cell("+1 RTX 3090") == "'+1 RTX 3090");
        CHECK(csv_text_cell("-RTX") == "'-RTX");
        CHECK(csv_text_cell("@SUM(A1)") == "'@SUM(A1)");
        CHECK(csv_text_cell(" =1+1") == "\" '=1+1\"");
    }

    TEST_CASE("a cell is defused wherever ';' or tab reading would start a new one") {
        CHECK(csv_text_cell("RTX 3090 24GB;=1+1;") == "RTX 3090 24GB;'=1+1;");
        CHECK(csv_text_cell("a; -2+3;@SUM(A1); +x;plain") == "a; '-2+3;'@SUM(A1); '+x;plain");
        // Tabs become spaces, so tab reading finds no cell boundary to exploit.
        CHECK(csv_text_cell("RTX 3090 24GB\t=2+2\t") == "\"RTX 3090 24GB =2+2 \"");
        CHECK(csv_text_cell("\t=1+1") == "\" '=1+1\"");
    }

    TEST_CASE("control characters never reach a cell; NUL least of all") {
        CHECK(csv_text_cell(std::string("RTX\0 3090", 9)) == "RTX 3090");
        CHECK(csv_text_cell("\x1b[31mred\r\n") == "\"[31mred  \"");
    }

    // Plain printable ASCII is copied as it is; a character any rule acts on, at either end or
    // inside, takes the full path. A line's text cells are the same cells.
    TEST_CASE("a cell one byte away from plain text is still escaped, in a line too") {
        const std::vector<std::pair<std::string, std::string>> cells{
            {"EVGA RTX 3090 FTW3 24GB", "EVGA RTX 3090 FTW3 24GB"},
            {"https://www.ebay.com/itm/1?x=1&y=2", "https://www.ebay.com/itm/1?x=1&y=2"},
            {"v1|296057072805|0", "v1|296057072805|0"},
            {"RTX 3090 ", "\"RTX 3090 \""},
            {" RTX 3090", "\" RTX 3090\""},
            {"RTX\x7f 3090", "RTX 3090"},
            {"RTX 3090\x1f", "RTX 3090"},
            {"RTX 3090~", "RTX 3090~"},
            {"=RTX", "'=RTX"},
            {"RTX=3090", "RTX=3090"},
            {"RTX;+3090", "RTX;'+3090"},
            {"RTX \"3090\"", "\"RTX \"\"3090\"\"\""},
            {std::string("RTX\xe2\x80\xae") + "3090", "RTX3090"},  // right-to-left override
        };
        for (const auto& [raw, cell] : cells) {
            CAPTURE(raw);
            CsvLine line;
            line.text(raw);
            CHECK(line.str() == cell + "\r\n");
            std::string appended = "x,";
            line.append_to(appended);
            CHECK(appended == "x," + cell + "\r\n");
        }
    }

    TEST_CASE("numbers use a point and no separators whatever the locale") {
        // A German-style global C++ locale, made here (a machine may have no de_DE installed):
        // streams would write "1.234.567,89" under it.
        struct GermanNumbers : std::numpunct<char> {
            char do_decimal_point() const override { return ','; }
            char do_thousands_sep() const override { return '.'; }
            std::string do_grouping() const override { return "\3"; }
        };
        struct GlobalLocale {
            std::locale before;
            explicit GlobalLocale(const std::locale& l) : before(std::locale::global(l)) {}
            ~GlobalLocale() {
                std::locale::global(before);
                std::setlocale(LC_ALL, "C");
            }
        } german(std::locale(std::locale::classic(), new GermanNumbers));
        std::ostringstream stream;
        stream << std::fixed << std::setprecision(2) << 1234567.891;
        REQUIRE(stream.str() == "1.234.567,89");  // the locale is in force: this test can fail
        // The C library's too, where the machine has one (printf would then write a comma).
        if (std::setlocale(LC_ALL, "de_DE.UTF-8") == nullptr) {
            MESSAGE("no de_DE.UTF-8 locale here: only the C++ locale is checked");
        }
        CHECK(format_number(1234567.891, 2) == "1234567.89");
        CHECK(format_number(-0.001, 2) == "0.00");
        CHECK(format_number(-3.5, 1) == "-3.5");
    }

    TEST_CASE("a line ends with CRLF and keeps empty cells") {
        CsvLine line;
        line.text("RTX 3090").number(71.04, 1).empty().integer(3).number(std::nullopt, 2);
        CHECK(line.str() == "RTX 3090,71.0,,3,\r\n");
    }

    TEST_CASE("tables align text left and numbers right") {
        const auto table = format_table({"model", "tflops"}, {{"RTX 3090", "71.0"}, {"A2", "8.5"}});
        CHECK(table == "model     tflops\nRTX 3090    71.0\nA2           8.5\n");
    }

    // UX N15: an SXM row's "SXM2" turned the slots column left, "$1,149" the median column, and
    // slot widths read "2.0".
    TEST_CASE("a column of figures with a word among them, and money, align right") {
        const auto table =
            format_table({"model", "median", "slots"}, {{"RTX 3090", "$806", format_width(2.0)},
                                                        {"RTX 5080", "$1,149", format_width(2.5)},
                                                        {"V100 SXM2", "£85", "SXM2"}});
        CHECK(table ==
              "model      median  slots\n"
              "RTX 3090     $806      2\n"
              "RTX 5080   $1,149    2.5\n"
              "V100 SXM2     £85   SXM2\n");
        // Mostly words: left, as before.
        CHECK(format_table({"a"}, {{"x"}, {"y"}, {"1"}}) == "a\nx\ny\n1\n");
        CHECK(format_width(1.0) == "1");
        CHECK(format_width(3.5) == "3.5");
    }
}

}  // namespace test_csv_format
