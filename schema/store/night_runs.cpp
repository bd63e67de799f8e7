#include "schema/store/night_runs.hpp"

namespace gpuprice::schema {

std::vector<NightRun> runs_of_night(Database& db, const std::string& night, const Market& market) {
    auto select = db.prepare(
        "SELECT id, source, status, listings_seen, listings_skipped, coalesce(message, '') "
        "FROM fetch_runs WHERE id IN (SELECT DISTINCT run_id FROM price_observations "
        "  WHERE observed_on = ?1 AND marketplace = ?2) ORDER BY id");
    select.bind(1, night).bind(2, market.id);
    std::vector<NightRun> runs;
    while (select.step()) {
        auto message = select.text(5);
        runs.push_back({select.int64(0), select.text(1), select.text(2), select.int32(3),
                        select.int32(4), message.substr(0, message.find('\n'))});
    }
    return runs;
}

}  // namespace gpuprice::schema
