#include "schema/store/listing_store.hpp"

#include <stdexcept>

#include "schema/domain/printable_text.hpp"
#include "schema/store/listing_url.hpp"
#include "schema/store/offer_binding.hpp"

namespace gpuprice::schema {

namespace {

// What eBay says about a listing beyond its offer, as both the insert and the update keep it.
void bind_listing_details(Statement& statement, const Listing& l) {
    statement.bind_unowned(":item_group_id", l.item_group_id)
        .bind_unowned(":item_end_date", l.item_end_date)
        .bind_unowned(":item_origin_date", l.item_origin_date)
        .bind_unowned(":epid", l.epid)
        .bind(":price_flags", l.price_flags);
}

constexpr auto kInsertListing =
    "INSERT INTO listings (item_id, legacy_item_id, title, condition_id, seller_username, "
    "seller_feedback_score, seller_feedback_pct, item_url, buying_options, "
    "location_country, created_at, first_seen_run, last_seen_run, first_seen_on, "
    "last_seen_on, item_group_type, item_group_id, item_end_date, item_origin_date, epid, "
    "price_flags) VALUES (:item_id, :legacy_item_id, :title, :condition_id, "
    ":seller_username, :seller_feedback_score, :seller_feedback_pct, " +
    stored_url_for(SqlText(":legacy_item_id")) +
    ", :buying_options, :location_country, :created_at, :run, :run, :observed_on, "
    ":observed_on, :item_group_type, :item_group_id, :item_end_date, :item_origin_date, "
    ":epid, :price_flags)";

// A listing's title, seller details and flags can change; keep the latest. Two fetches may
// overlap on one file: the run begun later wins whichever writes last, so a listing is never last
// seen in an older run than the one that first saw it (chaos new-file race). last_seen_on never
// goes back (a clock set back): reports find a window's listings by it.
constexpr auto kUpdateListing =
    "UPDATE listings SET title = :title, condition_id = :condition_id, "
    "seller_username = :seller_username, seller_feedback_score = :seller_feedback_score, "
    "seller_feedback_pct = :seller_feedback_pct, item_url = " +
    stored_url_for(SqlText("legacy_item_id")) +
    ", buying_options = :buying_options, location_country = :location_country, "
    "last_seen_run = :run, last_seen_on = max(last_seen_on, :observed_on), "
    "item_group_type = :item_group_type, item_group_id = :item_group_id, "
    "item_end_date = :item_end_date, item_origin_date = :item_origin_date, epid = :epid, "
    "price_flags = :price_flags "
    "WHERE id = :id AND last_seen_run <= :run";

}  // namespace

LiveRun begin_run(Database& db, RunSource source, const Market& market, Night night,
                  const std::string& started_at) {
    Transaction tx(db);
    auto insert = db.prepare(
        "INSERT INTO fetch_runs (started_at, status, source, marketplace, night) "
        "VALUES (?1, ?4, ?2, ?3, ?5)");
    insert.bind_all(started_at, run_source_name(source), market.id);
    insert.bind(4, run_status_name(RunStatus::running)).bind(5, night.text());
    insert.run();
    const auto id = db.last_insert_rowid();
    LiveRun run(id, night, RunLock(db.path(), id));
    tx.commit();
    return run;
}

PageStore::PageStore(Database& db, std::int64_t run_id, Night night, const Market& market)
    : db_(db),
      run_id_(run_id),
      observed_on_(night.text()),
      market_(market),
      find_(db.prepare("SELECT id, last_seen_run FROM listings WHERE item_id = ?1")),
      insert_(db.prepare(kInsertListing)),
      // A listing's title, seller details and flags can change; keep the latest. Two fetches
      // may overlap on one file: the run begun later wins whichever writes last, so a listing is
      // never last seen in an older run than the one that first saw it (chaos new-file race).
      // last_seen_on never goes back (a clock set back): reports find a window's listings by it.
      update_(db.prepare(kUpdateListing)),
      observe_(db.prepare(
          "INSERT INTO price_observations (listing_id, observed_on, marketplace, run_id, "
          "condition_id, price_cents, shipping_cents, shipping_type, currency, "
          "shipping_estimated, original_price_cents, discount_percentage, current_bid_cents) "
          "VALUES (:listing_id, :observed_on, :marketplace, :run, :condition_id, :price_cents, "
          ":shipping_cents, :shipping_type, :currency, :shipping_estimated, "
          ":original_price_cents, :discount_percentage, :current_bid_cents) "
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
                     "WHERE id = ?1")),
      returned_by_(
          db.prepare("INSERT OR IGNORE INTO listing_queries (listing_id, sent) VALUES (?1, ?2)")) {}

void PageStore::returned_by(std::int64_t listing_id, const std::string& sent) {
    returned_by_.bind(1, listing_id).bind_unowned(2, sent);
    returned_by_.run();
}

PageCounts PageStore::store(const std::vector<Listing>& listings, const SkipCounts& skips,
                            Repeats repeats, const std::string& sent) {
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
            if (!sent.empty()) returned_by(listing_id, sent);
            if (seen_this_run && repeats != Repeats::update) {
                // eBay repeats items across pages and queries: counted, not stored twice.
                if (repeats == Repeats::count_as_duplicate) ++duplicates;
                continue;
            }
            bind_offer(update_, l);
            bind_listing_details(update_, l);
            update_.bind(":id", listing_id)
                .bind(":run", run_id_)
                .bind_unowned(":observed_on", observed_on_);
            update_.run();
        } else {
            find_.reset();
            bind_offer(insert_, l);
            bind_listing_details(insert_, l);
            insert_.bind_unowned(":legacy_item_id", l.legacy_item_id)
                .bind_unowned(":created_at", l.created_at)
                .bind(":run", run_id_)
                .bind_unowned(":observed_on", observed_on_);
            insert_.run();
            listing_id = db_.last_insert_rowid();
            ++counts.added;
            if (!sent.empty()) returned_by(listing_id, sent);
        }
        // The observation holds the offer's price, currency and condition on this day.
        bind_offer(observe_, l);
        observe_.bind(":listing_id", listing_id)
            .bind_unowned(":observed_on", observed_on_)
            .bind_unowned(":marketplace", market_.id)
            .bind(":run", run_id_)
            .bind(":shipping_cents", l.shipping_cents)
            .bind_unowned(":shipping_type", l.shipping_type)
            .bind(":shipping_estimated", l.shipping_estimated ? 1 : 0)
            .bind(":original_price_cents", l.original_price_cents)
            .bind(":discount_percentage", l.discount_percentage)
            .bind(":current_bid_cents", l.current_bid_cents);
        observe_.run();
        if (!seen_this_run) ++counts.seen;  // an update of this run's row is not a new sighting
    }
    auto all_skips = skips;
    if (duplicates) all_skips[SkipReason::duplicate] += duplicates;
    for (const auto& [reason, count] : all_skips) {
        skip_.bind_all(run_id_, skip_reason_name(reason), count);
        skip_.run();
        counts.skipped += count;
    }
    totals_.bind_all(run_id_, counts.seen, counts.added, counts.skipped);
    totals_.run();
    tx.commit();
    return counts;
}

void finish_run(Database& db, std::int64_t run_id, RunStatus status, const std::string& finished_at,
                int calls_used, const std::string& message) {
    auto update = db.prepare(
        "UPDATE fetch_runs SET status = ?2, finished_at = ?3, calls_used = ?4, message = ?5 "
        "WHERE id = ?1");
    update.bind_all(run_id, run_status_name(status), finished_at, calls_used,
                    printable_lines(message));  // eBay's error texts are in it
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
        update.bind_all(now, id, run_status_name(RunStatus::failed));
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
