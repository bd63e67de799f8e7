// Copies the spec catalog into the database, so SQL users and joins see the same figures.
#pragma once

#include "schema/rules/catalog.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::schema {

// Replaces the architectures and gpu_models tables with `catalog`, in one transaction; does not
// write at all when the catalog is the one stored last time.
void store_catalog(Database& db, const Catalog& catalog);

// Number of GPU models stored, for `init` to report.
int stored_model_count(Database& db);

}  // namespace gpuprice::schema
