// Sold items (table sold_items): written by `fetch --sold`, matched like listings, read back as
// the sold prices of matched models.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "schema/domain/market.hpp"
#include "schema/domain/sold_item.hpp"
#include "schema/store/match_store.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::schema {

// Upserts one page of sold items in one transaction; an item already stored takes its latest
// sale. `excluded` (stored as kept_out) gives, per item, why it is kept out of medians (empty: it
// is not).
void store_sold_items(Database& db, std::int64_t run_id, const Market& market,
                      const std::vector<SoldItem>& items, const std::vector<std::string>& excluded);

struct StoredSoldTitle {
    std::string item_id;
    std::string title;
};
enum class WhichSoldItems { All, WithoutVerdict };
// Sold items without a verdict (or all of them), at most `limit`, after `after_item` in id order.
std::vector<StoredSoldTitle> sold_titles_to_match(Database& db, WhichSoldItems which,
                                                  const std::string& after_item, int limit);
struct SoldVerdict {
    std::string item_id;
    std::optional<std::string> model;  // a SKU key
    MatchReason reason = MatchReason::not_a_gpu;
};
void store_sold_verdicts(Database& db, const std::vector<SoldVerdict>& verdicts);

// How many sold items are stored, of every marketplace (a pass's count is the difference).
std::int64_t count_sold_items(Database& db);

// Whether any sold item was ever fetched (else the report leaves the sold columns empty).
bool has_sold_items(Database& db, const Market& market);

// Sold items of `market` matched to a model, not kept out, sold on a day in [from, to]
// (YYYY-MM-DD).
std::vector<SoldPrice> load_sold_prices(Database& db, const std::string& from,
                                        const std::string& to, const Market& market);
// The same for one model, all days.
std::vector<SoldPrice> load_model_sold_prices(Database& db, const std::string& model,
                                              const Market& market);

}  // namespace gpuprice::schema
