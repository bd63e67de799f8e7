// The pass the nightly pipeline makes after its runs: what the nights derive (clearance
// decisions, per-night rollups) brought up to date with every run, so that reports, history and
// plans read them instead of deriving them from every night each time.
#pragma once

#include "schema/rules/catalog.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::app {

// For every market with runs since the last pass: redoes what those runs and changed
// verdicts may have changed (everything on the first pass), in one write transaction.
void update_derived_tables(schema::Database& db, const schema::Catalog& catalog);

// After verdicts changed wholesale (a rematch): everything derived again.
void redo_derived_tables(schema::Database& db, const schema::Catalog& catalog);

}  // namespace gpuprice::app
