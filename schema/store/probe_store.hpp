// The answers `gpuprice probe` stored (a migration): one per marketplace and question, the
// latest probe's.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "schema/domain/market.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::schema {

struct ProbeAnswer {
    std::string question;  // e.g. "insights-keyword-join"
    std::string answer;    // e.g. "comma"
    std::string detail;    // what was measured
    std::string asked_at;  // ISO-8601 UTC
};

// Replaces the market's answer to each question given.
void store_probe_answers(Database& db, const Market& market,
                         const std::vector<ProbeAnswer>& answers);
std::optional<ProbeAnswer> probe_answer(Database& db, const Market& market,
                                        const std::string& question);

}  // namespace gpuprice::schema
