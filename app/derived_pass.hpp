// The pass the nightly pipeline makes after its runs: what the nights derive (clearance
// decisions, per-night rollups) brought up to date with every run, so that reports, history and
// plans read them instead of deriving them from every night each time.
#pragma once

#include <string>

#include "schema/domain/market.hpp"
#include "schema/rules/catalog.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::app {

// How clearances are decided and nights rolled up. Raise it with any change to what they derive:
// tables derived by another gpuprice are then derived again, from every night, on the next pass,
// and read from the nights until then.
inline constexpr int kDerivationVersion = 1;

// What the derived tables are made with: this gpuprice's derivation and the catalog, whose
// display names decide which family searches cover a model and whose models and siblings are
// the suspect-price rule's evidence.
std::string derivation_fingerprint(const schema::Catalog& catalog);

// Whether the derived tables of `market` take every run and verdict into account, and were made
// with this gpuprice's derivation and `catalog`: readers use them then, and derive from the
// nights otherwise.
bool derived_tables_current(schema::Database& db, const schema::Catalog& catalog,
                            const schema::Market& market);

// Whether there are derived tables made with another catalog or gpuprice: the next pass derives
// them again from every night (minutes at a year: worth saying first).
bool derivation_outdated(schema::Database& db, const schema::Catalog& catalog);

// For every market with runs since the last pass: redoes what those runs and changed
// verdicts may have changed (everything on the first pass, and when the tables were made with
// another catalog or gpuprice), in one write transaction.
void update_derived_tables(schema::Database& db, const schema::Catalog& catalog);

// After verdicts changed wholesale (a rematch): everything derived again.
void redo_derived_tables(schema::Database& db, const schema::Catalog& catalog);

}  // namespace gpuprice::app
