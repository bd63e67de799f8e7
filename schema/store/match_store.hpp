// Stored verdicts of the title matcher: exactly one per listing, rewritten by `gpuprice match`.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "schema/domain/listing_attributes.hpp"
#include "schema/domain/match_evidence.hpp"
#include "schema/domain/match_reason.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::schema {

struct StoredTitle {
    std::int64_t listing_id = 0;
    std::string title;
    // Item aspects (name, value) stored for the listing, one value per name.
    std::vector<std::pair<std::string, std::string>> aspects;
};

// All listings; those without a verdict plus those seen in a run; or those whose verdict is due:
// the listings added since the verdicts were last brought up to date (record_verdicts_through)
// and those whose title or item aspects changed since their verdict (listed by triggers of
// migration 0014_model_nights), read without a pass over every listing.
enum class WhichListings { All, WithoutVerdictOrSeenInRun, VerdictDue };

// Up to `limit` titles (with their aspects) to match with listing id above `after_id`, in id
// order. Batches keep memory flat.
std::vector<StoredTitle> titles_to_match(Database& db, WhichListings which, std::int64_t run_id,
                                         std::int64_t after_id, int limit);

struct Verdict {
    std::int64_t listing_id = 0;
    std::optional<std::string> model;  // a SKU key, set exactly when reason is ok
    MatchReason reason = MatchReason::not_a_gpu;
    MatchEvidence decided_by = MatchEvidence::title;
    // What the title says about the build, read with the verdict; nullopt: not read (readers
    // read it from the title then).
    std::optional<ListingAttributes> attributes;
};

// The newest listing id (0 when there is none).
std::int64_t newest_listing_id(Database& db);
// Every listing up to `listing_id` has a verdict (made from its title and aspects as they are, or
// listed in verdicts_to_redo).
void record_verdicts_through(Database& db, std::int64_t listing_id);

// Writes the verdicts and the attributes they state in one transaction, replacing earlier ones
// (migration 0021: a listing's attributes row exists only when its title states one).
void store_verdicts(Database& db, const std::vector<Verdict>& verdicts);

// The digest of the rules (schema::RuleSet::digest) every stored verdict was last made with, or
// nullopt when the database never recorded one (matched before gpuprice did, or never matched).
std::optional<std::string> verdict_rules_digest(Database& db);
// Whether any listing has a verdict at all (a database with none has nothing stale).
bool has_verdicts(Database& db);
// Records that every listing and sold item now has a verdict made with the rules of `digest`.
void remember_verdict_rules_digest(Database& db, const std::string& digest);

struct UnmatchedTitle {
    std::string reason;
    std::string title;
    int count = 0;
};
// The most common titles rejected as unknown-model or ambiguous (what the catalog misses), then
// the other rejections.
std::vector<UnmatchedTitle> most_common_unmatched(Database& db, int limit);

}  // namespace gpuprice::schema
