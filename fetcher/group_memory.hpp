// Item groups remembered across nights (issue 39): a multi-variation listing's variations cost a
// get_items_by_item_group call each night they are asked, about 2,000 calls a night at the real
// market's size (ebay_audit_3.md section 4), most of them for groups that did not change. The
// night keeps each group's answer with what its search summary said, and on a later night
// whose summary says the same it replays the answer (its variations observed again at their
// stored prices) instead of asking, until the answer is kGroupMemoryNights nights old.
#pragma once

#include <map>
#include <optional>
#include <string>

#include "schema/domain/listing.hpp"
#include "schema/domain/market.hpp"
#include "schema/domain/night.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::fetcher {

// A group's answer is replayed on the nights after it was asked while its summary is unchanged,
// and asked again on the 7th: a variation sold without changing the summary (not its lowest
// price) is then seen gone at most a week late. Search's ItemSummary has no quantity or
// availability (the real captures in shared/real-listings), so a sale shows in the summary only
// when it moves its price.
inline constexpr int kGroupMemoryNights = 7;

// What a multi-variation summary says that a change in its variations may move: its price and
// currency, shipping, condition, buying options, end date and title.
std::string group_summary_key(const schema::Listing& summary);

class GroupMemory {
  public:
    // The answers `db` keeps for `market` asked less than `nights` nights before `tonight`
    // (tonight's included); older ones are forgotten. nights <= 0: nothing is remembered.
    GroupMemory(schema::Database& db, const schema::Market& market, schema::Night tonight,
                int nights);

    // Whether the group's stored answer may stand for tonight's: asked recently enough for a
    // summary with the same key.
    bool replayable(const std::string& item_group_id, const std::string& summary_key) const;
    // The stored answer, read when replayed.
    std::optional<std::string> answer(const std::string& item_group_id) const;
    // Keeps tonight's answer for a summary with key `summary_key`.
    void remember(const std::string& item_group_id, const std::string& summary_key,
                  const std::string& body);

  private:
    schema::Database& db_;
    schema::Market market_;
    schema::Night tonight_;
    bool on_;
    std::map<std::string, std::string> summaries_;  // group id -> summary key
};

}  // namespace gpuprice::fetcher
