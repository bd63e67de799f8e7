// get_items_by_item_group's answers kept across nights (migration 0024, item_group_answers): a
// night replays a group's stored answer instead of asking eBay again while the group's search
// summary is unchanged (fetcher/group_memory.hpp decides when).
#pragma once

#include <map>
#include <optional>
#include <string>

#include "schema/domain/market.hpp"
#include "schema/domain/night.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::schema {

// Item group id -> the summary key it was asked for, of the answers asked on `since` or later.
std::map<std::string, std::string> load_group_summaries(Database& db, const Market& market,
                                                        Night since);

// The stored answer of a group; nullopt when there is none.
std::optional<std::string> load_group_answer(Database& db, const Market& market,
                                             const std::string& item_group_id);

// Keeps (replacing) a group's answer, asked on `night` for a summary with key `summary`.
void store_group_answer(Database& db, const Market& market, const std::string& item_group_id,
                        const std::string& summary, Night night, const std::string& body);

// Forgets the answers asked before `before`: they are asked again, not replayed.
void forget_group_answers(Database& db, const Market& market, Night before);

}  // namespace gpuprice::schema
