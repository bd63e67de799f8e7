// --format of report, history, recommend and specs: an aligned table for a terminal, or CSV on
// stdout; `report` also takes none (its files only). One parser, one message.
#pragma once

#include <string>

namespace gpuprice::cli {

enum class OutputFormat { table, csv, none };

// Whether a command takes --format none (report: its files only) or not.
enum class NoneFormat { refused, allowed };

// Throws UsageError naming the choices unless `value` is table, csv, or (where allowed) none.
OutputFormat output_format_option(const std::string& value, NoneFormat none = NoneFormat::refused);

}  // namespace gpuprice::cli
