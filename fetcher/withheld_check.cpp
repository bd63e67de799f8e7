#include "fetcher/withheld_check.hpp"

#include <algorithm>

#include "fetcher/browse_parser.hpp"
#include "fetcher/ebay_error_ids.hpp"
#include "fetcher/item_aspects.hpp"
#include "schema/domain/clock.hpp"
#include "schema/store/clearance_inputs.hpp"
#include "schema/store/withheld_check_store.hpp"

namespace gpuprice::fetcher {

namespace {

using schema::WithheldCheck;

// Undecided answers said in the night's notes: a few, not one per listing.
constexpr std::size_t kProblemsSaid = 5;

}  // namespace

double withheld_check_share(schema::Database& db, const schema::Market& market, schema::Night night,
                            double share) {
    const auto tonight = night.text();
    if (share <= 0 || !schema::any_listing_seen_between(
                          db, market, schema::add_days(tonight, -kWithheldCheckNights), tonight))
        return 0;
    return share;
}

std::vector<schema::ListingLife> missed_inside_windows(std::vector<schema::ListingLife> lives,
                                                       const schema::SentQueries& tonight) {
    std::erase_if(lives, [&](const schema::ListingLife& life) {
        const auto verdict = schema::sent_verdict(tonight, life.created_at, life.returned_by);
        return !(verdict.asked && verdict.complete && verdict.withheld);
    });
    return lives;
}

CheckAnswer read_check_answer(const EbayAnswer& answer, const std::string& currency,
                              std::chrono::system_clock::time_point now) {
    if (answer.not_sent != NotSent::none || !answer.response.complete()) return {};
    // An item eBay no longer serves: errorId 11001 (eBay's shape is 404; 400 as the fake and the
    // probe have known it). A 404 without it (a proxy's) decides nothing.
    if (answer.response.status != 200) {
        if (answer.has_error(ebay_error::kItemNotFound)) return {WithheldCheck::ended, {}};
        return {};
    }
    auto item = parse_item(answer.response.body, currency);
    if (!item.is_item) return {};
    if (!item.item_end_date.empty()) {
        const auto end = schema::parse_iso_utc(item.item_end_date);
        if (end && *end <= now) return {WithheldCheck::ended, {}};
    }
    if (item.sold_out) return {WithheldCheck::ended, {}};
    // Still for sale; without a usable price (another currency, no price) nothing is stored and
    // it waits as before.
    if (!item.listing) return {};
    return {WithheldCheck::listed, std::move(item.listing)};
}

std::string WithheldCheckOutcome::note() const {
    if (missed == 0) return {};
    std::string text = "checked " + std::to_string(missed) +
                       " listing(s) missed inside withheld windows: " + std::to_string(ended) +
                       " ended, " + std::to_string(listed) + " still listed, " +
                       std::to_string(undecided + not_asked) + " undecided";
    if (not_asked > 0) {
        text += " (" + std::to_string(not_asked) +
                " not asked: no call left for the check, or eBay stopped the night)";
    }
    return text;
}

WithheldCheckOutcome check_withheld(schema::Database& db, EbayClient& client, RunWriter& writer,
                                    const PriceRules& rules, schema::Night night) {
    WithheldCheckOutcome outcome;
    auto& budget = *client.budget();
    if (budget.reserved(Pass::withheld_check) <= 0) {
        budget.close(Pass::withheld_check);
        return outcome;
    }
    const auto& market = client.config().market;
    const auto tonight = night.text();
    const auto sent = schema::load_sent_coverage(db, tonight, tonight, market);
    const auto found = sent.find(tonight);
    if (found == sent.end()) {
        budget.close(Pass::withheld_check);
        return outcome;
    }
    const auto missed = missed_inside_windows(
        schema::load_undecided_lives(db, market, schema::add_days(tonight, -kWithheldCheckNights),
                                     tonight),
        found->second);
    outcome.missed = static_cast<int>(missed.size());
    const auto now = schema::now();
    const std::string currency(market.currency);
    std::vector<schema::WithheldCheckRow> rows;
    std::vector<schema::Listing> listed;
    std::vector<std::string> ids;
    for (const auto& life : missed) ids.push_back(life.item_id);
    // Asked as a search asks (buyer context): a CALCULATED shipping cost is estimated alike.
    const auto next = send_item_calls(
        client, Pass::withheld_check, ids, true, [&](std::size_t index, EbayAnswer&& answer) {
            if (answer.not_sent != NotSent::none) {
                ++outcome.not_asked;
                return;
            }
            auto check = read_check_answer(answer, currency, now);
            rows.push_back({missed[index].listing_id, check.outcome});
            switch (check.outcome) {
                case WithheldCheck::ended:
                    ++outcome.ended;
                    break;
                case WithheldCheck::listed:
                    ++outcome.listed;
                    check.listing->price_flags =
                        price_flags(*check.listing, rules, ListingSource::search);
                    listed.push_back(std::move(*check.listing));
                    break;
                case WithheldCheck::undecided:
                    ++outcome.undecided;
                    if (outcome.problems.size() < kProblemsSaid) {
                        outcome.problems.push_back("withheld check, getItem " + ids[index] + ": " +
                                                   answer.describe() + " (it waits as before)");
                    }
                    break;
            }
        });
    outcome.not_asked += static_cast<int>(missed.size() - next);
    outcome.calls_used = budget.used(Pass::withheld_check);
    budget.close(Pass::withheld_check);
    // Still listed: seen tonight, at the answer's price (no query returned it: none recorded).
    if (!listed.empty()) writer.store_items(listed);
    schema::record_withheld_checks(db, writer.run_id(), tonight, rows);
    return outcome;
}

}  // namespace gpuprice::fetcher
