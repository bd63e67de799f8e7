// The gpuprice commands. Each reads its own options from `args` and returns an exit code.
#pragma once

#include <string>
#include <vector>

#include "cli/command_context.hpp"

namespace gpuprice::cli {

int command_init(const GlobalOptions& global, const std::vector<std::string>& args);
int command_specs(const GlobalOptions& global, const std::vector<std::string>& args);
int command_history(const GlobalOptions& global, const std::vector<std::string>& args);
int command_recommend(const GlobalOptions& global, const std::vector<std::string>& args);
int command_report(const GlobalOptions& global, const std::vector<std::string>& args);
int command_fetch(const GlobalOptions& global, const std::vector<std::string>& args);
int command_match(const GlobalOptions& global, const std::vector<std::string>& args);
int command_probe(const GlobalOptions& global, const std::vector<std::string>& args);
int command_unmatched(const GlobalOptions& global, const std::vector<std::string>& args);
int command_compact(const GlobalOptions& global, const std::vector<std::string>& args);
int command_watch(const GlobalOptions& global, const std::vector<std::string>& args);

}  // namespace gpuprice::cli
