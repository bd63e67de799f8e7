#include "schema/store/listing_store.hpp"

#include <stdexcept>

#include "schema/domain/printable_text.hpp"

namespace gpuprice::schema {

LiveRun begin_run(Database& db, RunSource source, const Market& market,
                  const std::string& started_at) {
    Transaction tx(db);
    auto insert = db.prepare(
        "INSERT INTO fetch_runs (started_at, status, source, marketplace) "
        "VALUES (?1, ?4, ?2, ?3)");
    insert.bind(1, started_at).bind(2, run_source_name(source)).bind(3, market.id);
    insert.bind(4, run_status_name(RunStatus::running));
    insert.run();
    const auto id = db.last_insert_rowid();
    LiveRun run(id, RunLock(db.path(), id));
    tx.commit();
    return run;
}

PageStore::PageStore(Database& db, std::int64_t run_id, std::string observed_on,
                     const Market& market)
    : db_(db),
      run_id_(run_id),
      observed_on_(std::move(observed_on)),
      market_(market),
      find_(db.prepare("SELECT id, last_seen_run FROM listings WHERE item_id = ?1")),
      insert_(db.prepare(
          "INSERT INTO listings (item_id, legacy_item_id, title, condition_id, seller_username, "
          "seller_feedback_score, seller_feedback_pct, item_url, buying_options, "
          "location_country, created_at, first_seen_run, last_seen_run, first_seen_on, "
          "last_seen_on, item_group_type, item_group_id, item_end_date, item_origin_date, epid, "
          "price_flags) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?12, ?13, "
          "?13, ?14, ?15, ?16, ?17, ?18, ?19)")),
      // A listing's title, seller details and flags can change; keep the latest. Two fetches
      // may overlap on one file: the run begun later wins whichever writes last, so a listing is
      // never last seen in an older run than the one that first saw it (chaos new-file race).
      update_(db.prepare(
          "UPDATE listings SET title = ?2, condition_id = ?3, seller_username = ?4, "
          "seller_feedback_score = ?5, seller_feedback_pct = ?6, item_url = ?7, "
          "buying_options = ?8, location_country = ?9, last_seen_run = ?10, last_seen_on = ?11, "
          "item_group_type = ?12, item_group_id = ?13, item_end_date = ?14, "
          "item_origin_date = ?15, epid = ?16, price_flags = ?17 "
          "WHERE id = ?1 AND last_seen_run <= ?10")),
      observe_(db.prepare(
          "INSERT INTO price_observations (listing_id, observed_on, marketplace, run_id, "
          "condition_id, price_cents, shipping_cents, shipping_type, currency, "
          "shipping_estimated, original_price_cents, discount_percentage, current_bid_cents) "
          "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13) "
          "ON CONFLICT (listing_id, observed_on, marketplace) DO UPDATE SET "
          "run_id = excluded.run_id, condition_id = excluded.condition_id, "
          "price_cents = excluded.price_cents, shipping_cents = excluded.shipping_cents, "
          "shipping_type = excluded.shipping_type, currency = excluded.currency, "
          "shipping_estimated = excluded.shipping_estimated, "
          "original_price_cents = excluded.original_price_cents, "
          "discount_percentage = excluded.discount_percentage, "
          "current_bid_cents = excluded.current_bid_cents "
          "WHERE price_observations.run_id <= excluded.run_id")),
      skip_(
          db.prepare("INSERT INTO run_skips (run_id, reason, count) VALUES (?1, ?2, ?3) "
                     "ON CONFLICT (run_id, reason) DO UPDATE SET count = count + excluded.count")),
      totals_(
          db.prepare("UPDATE fetch_runs SET listings_seen = listings_seen + ?2, "
                     "listings_new = listings_new + ?3, listings_skipped = listings_skipped + ?4 "
                     "WHERE id = ?1")) {}

PageCounts PageStore::store(const std::vector<Listing>& listings, const SkipCounts& skips,
                            Repeats repeats) {
    PageCounts counts;
    int duplicates = 0;
    Transaction tx(db_);
    // Text is bound without copies: `listings` outlives each statement's run.
    for (const auto& l : listings) {
        find_.bind_unowned(1, l.item_id);
        std::int64_t listing_id = 0;
        bool seen_this_run = false;
        if (find_.step()) {
            listing_id = find_.int64(0);
            seen_this_run = find_.int64(1) == run_id_;
            find_.reset();
            if (seen_this_run && repeats != Repeats::update) {
                // eBay repeats items across pages and queries: counted, not stored twice.
                if (repeats == Repeats::count_as_duplicate) ++duplicates;
                continue;
            }
            update_.bind(1, listing_id)
                .bind_unowned(2, l.title)
                .bind(3, l.condition_id)
                .bind_unowned(4, l.seller_username)
                .bind(5, l.seller_feedback_score)
                .bind(6, l.seller_feedback_pct)
                .bind_unowned(7, l.item_url)
                .bind_unowned(8, l.buying_options)
                .bind_unowned(9, l.location_country)
                .bind(10, run_id_)
                .bind_unowned(11, observed_on_)
                .bind_unowned(12, l.item_group_type)
                .bind_unowned(13, l.item_group_id)
                .bind_unowned(14, l.item_end_date)
                .bind_unowned(15, l.item_origin_date)
                .bind_unowned(16, l.epid)
                .bind(17, l.price_flags);
            update_.run();
        } else {
            find_.reset();
            insert_.bind_unowned(1, l.item_id)
                .bind_unowned(2, l.legacy_item_id)
                .bind_unowned(3, l.title)
                .bind(4, l.condition_id)
                .bind_unowned(5, l.seller_username)
                .bind(6, l.seller_feedback_score)
                .bind(7, l.seller_feedback_pct)
                .bind_unowned(8, l.item_url)
                .bind_unowned(9, l.buying_options)
                .bind_unowned(10, l.location_country)
                .bind_unowned(11, l.created_at)
                .bind(12, run_id_)
                .bind_unowned(13, observed_on_)
                .bind_unowned(14, l.item_group_type)
                .bind_unowned(15, l.item_group_id)
                .bind_unowned(16, l.item_end_date)
                .bind_unowned(17, l.item_origin_date)
                .bind_unowned(18, l.epid)
                .bind(19, l.price_flags);
            insert_.run();
            listing_id = db_.last_insert_rowid();
            ++counts.added;
        }
        observe_.bind(1, listing_id)
            .bind_unowned(2, observed_on_)
            .bind_unowned(3, market_.id)
            .bind(4, run_id_)
            .bind(5, l.condition_id)
            .bind(6, l.price_cents)
            .bind(7, l.shipping_cents)
            .bind_unowned(8, l.shipping_type)
            .bind_unowned(9, l.currency)
            .bind(10, l.shipping_estimated ? 1 : 0)
            .bind(11, l.original_price_cents)
            .bind(12, l.discount_percentage)
            .bind(13, l.current_bid_cents);
        observe_.run();
        if (!seen_this_run) ++counts.seen;  // an update of this run's row is not a new sighting
    }
    auto all_skips = skips;
    if (duplicates) all_skips[SkipReason::duplicate] += duplicates;
    for (const auto& [reason, count] : all_skips) {
        skip_.bind(1, run_id_).bind(2, skip_reason_name(reason)).bind(3, count);
        skip_.run();
        counts.skipped += count;
    }
    totals_.bind(1, run_id_).bind(2, counts.seen).bind(3, counts.added).bind(4, counts.skipped);
    totals_.run();
    tx.commit();
    return counts;
}

PageCounts store_page(Database& db, std::int64_t run_id, const std::string& observed_on,
                      const std::vector<Listing>& listings, const SkipCounts& skips,
                      const Market& market) {
    return PageStore(db, run_id, observed_on, market).store(listings, skips);
}

void finish_run(Database& db, std::int64_t run_id, RunStatus status, const std::string& finished_at,
                int calls_used, const std::string& message) {
    auto update = db.prepare(
        "UPDATE fetch_runs SET status = ?2, finished_at = ?3, calls_used = ?4, message = ?5 "
        "WHERE id = ?1");
    update.bind(1, run_id)
        .bind(2, run_status_name(status))
        .bind(3, finished_at)
        .bind(4, calls_used)
        .bind(5, printable_lines(message));  // eBay's error texts are in it
    update.run();
}

int close_abandoned_runs(Database& db, const std::string& now) {
    // Under the write lock, so no run can be begun between the look and the update.
    Transaction tx(db);
    auto running = db.prepare("SELECT id FROM fetch_runs WHERE status = ?1");
    running.bind(1, run_status_name(RunStatus::running));
    auto update = db.prepare(
        "UPDATE fetch_runs SET status = ?3, finished_at = ?1, "
        "message = 'interrupted: the process stopped before the run finished' "
        "WHERE id = ?2");
    int closed = 0;
    while (running.step()) {
        const auto id = running.int64(0);
        if (RunLock::is_held(db.path(), id)) continue;  // a live fetch: not ours to close
        update.bind(1, now).bind(2, id).bind(3, run_status_name(RunStatus::failed));
        update.run();
        ++closed;
    }
    running.reset();
    tx.commit();
    return closed;
}

std::optional<RunSummary> load_run(Database& db, std::int64_t run_id) {
    auto select = db.prepare(
        "SELECT id, started_at, finished_at, status, calls_used, listings_seen, listings_new, "
        "listings_skipped, coalesce(message, '') FROM fetch_runs WHERE id = ?1");
    select.bind(1, run_id);
    if (!select.step()) return std::nullopt;
    RunSummary run;
    run.id = select.int64(0);
    run.started_at = select.text(1);
    run.finished_at = select.optional_text(2);
    const auto status = select.text(3);
    const auto parsed = parse_run_status(status);
    // fetch_runs' CHECK admits only these; anything else is a file gpuprice did not write.
    if (!parsed)
        throw std::runtime_error("fetch run " + std::to_string(run_id) +
                                 " has an unknown status '" + status + "'");
    run.status = *parsed;
    run.calls_used = select.int32(4);
    run.listings_seen = select.int32(5);
    run.listings_new = select.int32(6);
    run.listings_skipped = select.int32(7);
    run.message = select.text(8);
    auto skips = db.prepare("SELECT reason, count FROM run_skips WHERE run_id = ?1");
    skips.bind(1, run_id);
    while (skips.step()) run.skips[skips.text(0)] = skips.int32(1);
    return run;
}

}  // namespace gpuprice::schema
