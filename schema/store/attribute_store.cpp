#include "schema/store/attribute_store.hpp"

namespace gpuprice::schema {

void store_listing_attributes(
    Database& db, const std::vector<std::pair<std::int64_t, ListingAttributes>>& attributes,
    const std::string& extracted_at) {
    Transaction tx(db);
    auto upsert = db.prepare(
        "INSERT INTO listing_attributes (listing_id, cooler, slot_width, extracted_at) "
        "VALUES (?1, ?2, ?3, ?4) ON CONFLICT (listing_id) DO UPDATE SET "
        "cooler = excluded.cooler, slot_width = excluded.slot_width, "
        "extracted_at = excluded.extracted_at");
    for (const auto& [listing_id, a] : attributes) {
        upsert.bind(1, listing_id);
        if (a.cooler) {
            upsert.bind_unowned(2, cooler_name(*a.cooler));
        } else {
            upsert.bind_null(2);
        }
        upsert.bind(3, a.slot_width).bind_unowned(4, extracted_at);
        upsert.run();
    }
    tx.commit();
}

}  // namespace gpuprice::schema
