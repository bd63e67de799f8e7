// The report as CSV (RFC 4180, UTF-8, CRLF, '.' decimals, formula-safe): the stable columns
// documented in README.md, in this order, then extra columns. Column order never changes;
// new columns are only ever appended.
#pragma once

#include <string>

#include "analysis/price_report.hpp"

namespace gpuprice::analysis {

struct CsvContext {
    schema::Precision precision = schema::Precision::fp16;
    Sparsity sparsity = Sparsity::Dense;
    std::string as_of;
};

std::string report_csv(const Report& report, const CsvContext& context);

// Every listing behind the medians, outliers marked: what a buyer checks before trusting one.
std::string listings_csv(const Report& report);

// "fp16", or "fp16-sparse" when sparse figures were asked for.
std::string precision_label(schema::Precision precision, Sparsity sparsity);

}  // namespace gpuprice::analysis
