#include "schema/store/aspect_store.hpp"

#include "schema/domain/enum_names.hpp"
#include "schema/domain/match_reason.hpp"

namespace gpuprice::schema {

namespace {

constexpr EnumNames<AspectSource, 2> kSourceNames = {{
    {AspectSource::aspect_filter, "aspect-filter"},
    {AspectSource::item, "item"},
}};
static_assert(names_every_value(kSourceNames, AspectSource::item));

}  // namespace

std::string_view aspect_source_name(AspectSource source) {
    return name_of(kSourceNames, source);
}

void store_aspects(Database& db, std::int64_t listing_id, AspectSource source,
                   const std::vector<std::pair<std::string, std::string>>& aspects,
                   const std::string& seen_at) {
    auto upsert = db.prepare(
        "INSERT INTO listing_aspects (listing_id, source, name, value, seen_at) "
        "VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (listing_id, source, name) DO UPDATE SET "
        "value = excluded.value, seen_at = excluded.seen_at");
    for (const auto& [name, value] : aspects) {
        upsert.bind(1, listing_id)
            .bind(2, aspect_source_name(source))
            .bind_unowned(3, name)
            .bind_unowned(4, value)
            .bind_unowned(5, seen_at);
        upsert.run();
    }
}

void store_filter_aspect(Database& db, const std::vector<std::string>& item_ids,
                         const std::string& name, const std::string& value,
                         const std::string& seen_at) {
    Transaction tx(db);
    auto upsert = db.prepare(
        "INSERT INTO listing_aspects (listing_id, source, name, value, seen_at) "
        "SELECT id, ?5, ?2, ?3, ?4 FROM listings WHERE item_id = ?1 "
        "ON CONFLICT (listing_id, source, name) DO UPDATE SET "
        "value = CASE WHEN listing_aspects.seen_at <> excluded.seen_at THEN excluded.value "
        "WHEN instr('|' || listing_aspects.value || '|', '|' || excluded.value || '|') > 0 "
        "THEN listing_aspects.value ELSE listing_aspects.value || '|' || excluded.value END, "
        "seen_at = excluded.seen_at");
    for (const auto& item_id : item_ids) {
        upsert.bind_unowned(1, item_id)
            .bind_unowned(2, name)
            .bind_unowned(3, value)
            .bind_unowned(4, seen_at)
            .bind(5, aspect_source_name(AspectSource::aspect_filter));
        upsert.run();
    }
    tx.commit();
}

std::vector<ListingToAsk> ambiguous_listings_to_ask(Database& db, std::int64_t run_id, int limit) {
    auto select = db.prepare(
        "SELECT l.id, l.item_id FROM listings l JOIN match_results m ON m.listing_id = l.id "
        "LEFT JOIN item_lookups k ON k.listing_id = l.id "
        "WHERE m.reason = ?3 AND l.last_seen_run = ?1 AND k.listing_id IS NULL "
        "ORDER BY l.first_seen_run DESC, l.id LIMIT ?2");
    select.bind_all(run_id, limit, match_reason_name(MatchReason::ambiguous));
    std::vector<ListingToAsk> rows;
    while (select.step()) rows.push_back({select.int64(0), select.text(1)});
    return rows;
}

void record_item_lookup(Database& db, std::int64_t listing_id, const std::string& asked_at,
                        ItemLookupStatus status) {
    auto upsert = db.prepare(
        "INSERT INTO item_lookups (listing_id, asked_at, status) VALUES (?1, ?2, ?3) "
        "ON CONFLICT (listing_id) DO UPDATE SET asked_at = excluded.asked_at, "
        "status = excluded.status");
    upsert.bind(1, listing_id).bind_unowned(2, asked_at).bind(3, item_lookup_status_name(status));
    upsert.run();
}

}  // namespace gpuprice::schema
