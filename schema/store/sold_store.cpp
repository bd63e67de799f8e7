#include "schema/store/sold_store.hpp"

#include "schema/store/offer_binding.hpp"

namespace gpuprice::schema {

void store_sold_items(Database& db, std::int64_t run_id, const Market& market,
                      const std::vector<SoldItem>& items,
                      const std::vector<std::string>& excluded) {
    Transaction tx(db);
    // A later sale of the same item replaces the earlier one (eBay reports only the last); the
    // verdict is kept unless the title changed. A sale without an item group stores NULL there
    // (nullif), where a listing row stores the empty text.
    auto upsert = db.prepare(
        "INSERT INTO sold_items (item_id, title, condition_id, buying_options, location_country, "
        "item_group_type, seller_username, seller_feedback_score, seller_feedback_pct, item_url, "
        "price_cents, currency, sold_at, sold_on, quantity_sold, marketplace, fetched_run, "
        "kept_out) VALUES (:item_id, :title, :condition_id, :buying_options, :location_country, "
        "nullif(:item_group_type, ''), :seller_username, :seller_feedback_score, "
        ":seller_feedback_pct, :item_url, :price_cents, :currency, :sold_at, "
        "substr(:sold_at, 1, 10), :quantity_sold, :marketplace, :run, :kept_out) "
        "ON CONFLICT (item_id) DO UPDATE SET condition_id = excluded.condition_id, "
        "buying_options = excluded.buying_options, location_country = excluded.location_country, "
        "item_group_type = excluded.item_group_type, seller_username = excluded.seller_username, "
        "seller_feedback_score = excluded.seller_feedback_score, "
        "seller_feedback_pct = excluded.seller_feedback_pct, item_url = excluded.item_url, "
        "price_cents = excluded.price_cents, currency = excluded.currency, "
        "sold_at = excluded.sold_at, sold_on = excluded.sold_on, "
        "quantity_sold = excluded.quantity_sold, marketplace = excluded.marketplace, "
        "fetched_run = excluded.fetched_run, kept_out = excluded.kept_out, "
        "model = CASE WHEN title = excluded.title THEN model END, "
        "reason = CASE WHEN title = excluded.title THEN reason END, title = excluded.title");
    for (std::size_t i = 0; i < items.size(); ++i) {
        const auto& s = items[i];
        const std::string& why = i < excluded.size() ? excluded[i] : std::string();
        bind_offer(upsert, s);
        upsert.bind_unowned(":sold_at", s.sold_at)
            .bind(":quantity_sold", s.quantity_sold)
            .bind_unowned(":marketplace", market.id)
            .bind(":run", run_id)
            .bind(":kept_out", why.empty() ? std::optional<std::string>() : why);
        upsert.run();
    }
    tx.commit();
}

std::vector<StoredSoldTitle> sold_titles_to_match(Database& db, WhichSoldItems which,
                                                  const std::string& after_item, int limit) {
    auto select = db.prepare(
        "SELECT item_id, title FROM sold_items WHERE item_id > ?1 AND (?2 OR reason IS NULL) "
        "ORDER BY item_id LIMIT ?3");
    select.bind_all(after_item, which == WhichSoldItems::All ? 1 : 0, limit);
    std::vector<StoredSoldTitle> rows;
    while (select.step()) rows.push_back({select.text(0), select.text(1)});
    return rows;
}

void store_sold_verdicts(Database& db, const std::vector<SoldVerdict>& verdicts) {
    Transaction tx(db);
    auto update = db.prepare("UPDATE sold_items SET model = ?2, reason = ?3 WHERE item_id = ?1");
    for (const auto& v : verdicts) {
        update.bind_unowned(1, v.item_id)
            .bind(2, v.model)
            .bind_unowned(3, match_reason_name(v.reason));
        update.run();
    }
    tx.commit();
}

std::int64_t count_sold_items(Database& db) {
    auto select = db.prepare("SELECT count(*) FROM sold_items");
    select.step();
    return select.int64(0);
}

bool has_sold_items(Database& db, const Market& market) {
    auto select = db.prepare("SELECT EXISTS (SELECT 1 FROM sold_items WHERE marketplace = ?1)");
    select.bind(1, market.id);
    return select.step() && select.int32(0) != 0;
}

namespace {
std::vector<SoldPrice> read_prices(Statement& select) {
    std::vector<SoldPrice> rows;
    while (select.step()) {
        rows.push_back(
            {select.text(0), select.text(1), select.int32(2), select.int64(3), select.text(4)});
    }
    return rows;
}
}  // namespace

std::vector<SoldPrice> load_sold_prices(Database& db, const std::string& from,
                                        const std::string& to, const Market& market) {
    auto select = db.prepare(
        "SELECT item_id, model, coalesce(condition_id, 0), price_cents, sold_on FROM sold_items "
        "WHERE reason = ?4 AND kept_out IS NULL AND sold_on BETWEEN ?1 AND ?2 "
        "AND marketplace = ?3");
    select.bind_all(from, to, market.id, match_reason_name(MatchReason::ok));
    return read_prices(select);
}

std::vector<SoldPrice> load_model_sold_prices(Database& db, const std::string& model,
                                              const Market& market) {
    auto select = db.prepare(
        "SELECT item_id, model, coalesce(condition_id, 0), price_cents, sold_on FROM sold_items "
        "WHERE reason = ?3 AND kept_out IS NULL AND model = ?1 AND marketplace = ?2 "
        "ORDER BY sold_on");
    select.bind_all(model, market.id, match_reason_name(MatchReason::ok));
    return read_prices(select);
}

}  // namespace gpuprice::schema
