// --format of report, history, recommend and specs: an aligned table for a terminal, or CSV on
// stdout; `report` also takes none (its files only). One parser, one message.
#pragma once

#include <string>

namespace gpuprice::cli {

enum class OutputFormat { table, csv, none };

// Throws UsageError naming the choices unless `value` is table, csv, or (where allowed) none.
OutputFormat output_format_option(const std::string& value, bool none_allowed = false);

}  // namespace gpuprice::cli
