#include "cli/output_format.hpp"

#include "cli/command_context.hpp"

namespace gpuprice::cli {

OutputFormat output_format_option(const std::string& value, NoneFormat none) {
    const bool none_allowed = none == NoneFormat::allowed;
    if (value == "table") return OutputFormat::table;
    if (value == "csv") return OutputFormat::csv;
    if (none_allowed && value == "none") return OutputFormat::none;
    throw UsageError(none_allowed ? "--format must be table, csv or none"
                                  : "--format must be table or csv");
}

}  // namespace gpuprice::cli
