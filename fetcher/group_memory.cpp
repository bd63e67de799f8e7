#include "fetcher/group_memory.hpp"

#include "schema/store/item_group_store.hpp"

namespace gpuprice::fetcher {

std::string group_summary_key(const schema::Listing& summary) {
    // Fields joined by a control character no eBay text carries (titles are printable).
    std::string key =
        std::to_string(summary.price_cents) + '\x1f' + summary.currency + '\x1f' +
        (summary.shipping_cents ? std::to_string(*summary.shipping_cents) : "-") + '\x1f' +
        (summary.condition_id ? std::to_string(*summary.condition_id) : "-") + '\x1f' +
        summary.buying_options + '\x1f' + summary.item_end_date + '\x1f' + summary.title;
    return key;
}

GroupMemory::GroupMemory(schema::Database& db, const schema::Market& market, schema::Night tonight,
                         int nights)
    : db_(db), market_(market), tonight_(tonight), on_(nights > 0) {
    if (!on_) return;
    const auto since = tonight.plus(1 - nights);
    schema::forget_group_answers(db, market, since);
    summaries_ = schema::load_group_summaries(db, market, since);
}

bool GroupMemory::replayable(const std::string& item_group_id,
                             const std::string& summary_key) const {
    const auto it = summaries_.find(item_group_id);
    return it != summaries_.end() && it->second == summary_key;
}

std::optional<std::string> GroupMemory::answer(const std::string& item_group_id) const {
    return schema::load_group_answer(db_, market_, item_group_id);
}

void GroupMemory::remember(const std::string& item_group_id, const std::string& summary_key,
                           const std::string& body) {
    if (!on_) return;
    schema::store_group_answer(db_, market_, item_group_id, summary_key, tonight_, body);
    summaries_[item_group_id] = summary_key;
}

}  // namespace gpuprice::fetcher
