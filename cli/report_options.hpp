// The options `report` and `recommend` share (which nights, conditions, precision, price basis
// and marketplace), parsed into the application layer's ReportRequest.
#pragma once

#include <boost/program_options.hpp>
#include <string>
#include <vector>

#include "app/report_assembly.hpp"
#include "schema/domain/market.hpp"
#include "schema/rules/catalog.hpp"

namespace gpuprice::cli {

// The options as given; resolve_report_query fills `request` from them.
struct ReportQuery {
    std::string condition_option = "used";
    std::string precision = "fp16";
    std::string price = "median";  // --price
    bool sparse = false;
    bool no_shipping = false;
    std::string marketplace{schema::default_market().id};
    std::string include;  // price flags to let into medians, e.g. "abroad,variations"
    bool supported_only = false;
    app::ReportRequest request;
};

void add_report_query_options(boost::program_options::options_description& options,
                              ReportQuery& query, const std::string& default_condition);
// Validates and fills query.request; throws UsageError naming the bad value.
// The precision is checked against the catalog's precisions.csv.
void resolve_report_query(ReportQuery& query, const schema::Catalog& catalog);
// `report --rank-by`: tflops, bandwidth or vram.
analysis::RankBy rank_by_option(const std::string& value);

}  // namespace gpuprice::cli
