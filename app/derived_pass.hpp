// The pass the nightly pipeline makes after its runs: what the nights derive (clearance
// decisions, per-night rollups) brought up to date with every run, so that reports, history and
// plans read them instead of deriving them from every night each time.
#pragma once

#include <iterator>
#include <string>
#include <string_view>

#include "schema/domain/market.hpp"
#include "schema/rules/catalog.hpp"
#include "schema/store/past.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::app {

// How clearances are decided and nights rolled up. Raise it with any change to what they derive:
// tables derived by another gpuprice are then derived again, from every night, on the next pass,
// and read from the nights until then.
// 2: a run's coverage is its night's (fetch_runs.night, migration 0023), not its start's date.
// 3: a listing missed inside a night's withheld windows is cleared only on a later night that
//    misses it outside every window, not on the next night that misses it (the golden market
//    withholds nothing, so its digest is version 2's).
// 4: a listing missed inside a window is cleared, on the night first missed, once getItem found
//    it ended (listing_withheld_checks, migration 0026; the golden market withholds nothing and
//    asks getItem nothing, so its digest is version 2's).
inline constexpr int kDerivationVersion = 4;
// What each derivation makes of the tests' golden market (SHA-256 of its derived rows and
// decisions; tests/test_derived_tables.cpp, "golden"), since version 2: a change to what a pass
// derives fails that test until kDerivationVersion is raised and its digest appended here.
struct DerivationDigest {
    int version;
    std::string_view sha256;
};
inline constexpr DerivationDigest kDerivationDigests[] = {
    {2, "0d03962a7bc2af2512fbf6ddab4044cdb754098a5c2eabc50c4bca4089c49d68"},
    {3, "0d03962a7bc2af2512fbf6ddab4044cdb754098a5c2eabc50c4bca4089c49d68"},
    {4, "0d03962a7bc2af2512fbf6ddab4044cdb754098a5c2eabc50c4bca4089c49d68"},
};
static_assert(std::end(kDerivationDigests)[-1].version == kDerivationVersion,
              "a new derivation version appends its digest");

// What the derived tables are made with: this gpuprice's derivation and the catalog, whose
// display names decide which family searches cover a model and whose models and siblings are
// the suspect-price rule's evidence.
std::string derivation_fingerprint(const schema::Catalog& catalog);

// The forms `market`'s past is in, read once per command: its derived tables stand for the nights
// when they take every run and verdict into account and were made with this gpuprice's derivation
// and `catalog`; readers compute from the nights otherwise.
schema::Past read_past(schema::Database& db, const schema::Catalog& catalog,
                       const schema::Market& market);

// Whether there are derived tables made with another catalog or gpuprice: the next pass derives
// them again from every night (minutes at a year: worth saying first).
bool derivation_outdated(schema::Database& db, const schema::Catalog& catalog);

// For every market with runs since the last pass: redoes what those runs and changed
// verdicts may have changed (everything on the first pass, and when the tables were made with
// another catalog or gpuprice), in one write transaction.
void update_derived_tables(schema::Database& db, const schema::Catalog& catalog);

}  // namespace gpuprice::app
