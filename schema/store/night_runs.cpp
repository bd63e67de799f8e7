#include "schema/store/night_runs.hpp"

#include <stdexcept>

namespace gpuprice::schema {

std::vector<NightRun> runs_of_night(Database& db, const std::string& night, const Market& market) {
    auto select = db.prepare(
        "SELECT id, source, status, listings_seen, listings_skipped, coalesce(message, '') "
        "FROM fetch_runs WHERE id IN (SELECT run_id FROM price_observations "
        "  WHERE observed_on = ?1 AND marketplace = ?2 "
        "  UNION SELECT run_id FROM compacted_runs WHERE night = ?1 AND marketplace = ?2) "
        "ORDER BY id");
    select.bind(1, night).bind(2, market.id);
    std::vector<NightRun> runs;
    while (select.step()) {
        const auto id = select.int64(0);
        const auto source = parse_run_source(select.text(1));
        const auto status = parse_run_status(select.text(2));
        if (!source || !status)
            throw std::runtime_error("fetch run " + std::to_string(id) + " has source '" +
                                     select.text(1) + "' or status '" + select.text(2) +
                                     "' that this gpuprice does not know");
        auto message = select.text(5);
        runs.push_back({id, *source, *status, select.int32(3), select.int32(4),
                        message.substr(0, message.find('\n'))});
    }
    return runs;
}

}  // namespace gpuprice::schema
