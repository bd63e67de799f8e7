#include "schema/store/catalog_store.hpp"

#include <string>

namespace gpuprice::schema {

namespace {

std::string joined(const std::set<std::string, std::less<>>& names) {
    std::string list;
    for (const auto& name : names) list += (list.empty() ? "" : ";") + name;
    return list;
}

std::string stored_fingerprint(Database& db) {
    auto current = db.prepare("SELECT value FROM meta WHERE key = 'catalog_fingerprint'");
    return current.step() ? current.text(0) : std::string();
}

}  // namespace

void store_catalog(Database& db, const Catalog& catalog) {
    if (stored_fingerprint(db) == catalog.digest) return;  // unchanged: no write at all
    Transaction tx(db);
    // Another process may have stored it while we waited for the write lock.
    if (stored_fingerprint(db) == catalog.digest) return;
    db.exec(
        "DELETE FROM gpu_models; DELETE FROM architecture_rates; DELETE FROM architectures; "
        "DELETE FROM precisions;");
    auto precision_insert =
        db.prepare("INSERT INTO precisions (name, unit, description) VALUES (?1, ?2, ?3)");
    for (const auto& p : catalog.precisions) {
        precision_insert.bind_all(p.name, p.unit == RateUnit::matrix ? "matrix" : "shader",
                                  p.description);
        precision_insert.run();
    }
    auto arch_insert = db.prepare(
        "INSERT INTO architectures (name, vendor, chip, matrix_unit, matrix_gen, source) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
    auto rate_insert = db.prepare(
        "INSERT INTO architecture_rates (architecture, precision, fma_per_clock, sparse, "
        "consumer_half_rate, source) VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
    for (const auto& a : catalog.architectures) {
        arch_insert.bind_all(a.name, a.vendor, a.chip, a.matrix_unit, a.matrix_gen, a.source);
        arch_insert.run();
        for (const auto& [precision, rate] : a.rates) {
            rate_insert.bind_all(a.name, precision, rate.fma_per_clock, rate.sparse ? 1 : 0,
                                 rate.consumer_half_rate ? 1 : 0, rate.source);
            rate_insert.run();
        }
    }
    auto model_insert = db.prepare(
        "INSERT INTO gpu_models (key, name, vendor, segment, architecture, vram_gb, "
        "memory_type, bandwidth_gbs, sms, tensor_cores, shaders, boost_mhz, tensor_clock_mhz, "
        "half_rate, tdp_w, slots, form_factor, source) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, "
        "?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18)");
    for (const auto& m : catalog.models) {
        model_insert.bind_all(m.key, m.name, m.vendor, m.segment, m.architecture, m.vram_gb,
                              m.memory_type, m.bandwidth_gbs, m.sms, m.tensor_cores, m.shaders,
                              m.boost_mhz, m.tensor_clock_mhz, joined(m.half_rate), m.tdp_w,
                              m.slots, m.form_factor, m.source);
        model_insert.run();
    }
    auto remember = db.prepare(
        "INSERT INTO meta (key, value) VALUES ('catalog_fingerprint', ?1) "
        "ON CONFLICT (key) DO UPDATE SET value = excluded.value");
    remember.bind(1, catalog.digest);
    remember.run();
    tx.commit();
}

int stored_model_count(Database& db) {
    auto stmt = db.prepare("SELECT count(*) FROM gpu_models");
    return stmt.step() ? stmt.int32(0) : 0;
}

}  // namespace gpuprice::schema
