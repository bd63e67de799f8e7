#include "schema/store/catalog_store.hpp"

#include <cstdint>
#include <string>

#include "schema/domain/fnv1a.hpp"

namespace gpuprice::schema {

namespace {

std::string half_rate_list(const std::array<bool, kPrecisionCount>& halves) {
    std::string list;
    for (auto p : kAllPrecisions) {
        if (!halves[static_cast<std::size_t>(p)]) continue;
        if (!list.empty()) list += ';';
        list += precision_name(p);
    }
    return list;
}

// A digest of everything store_catalog writes (FNV-1a over the fields in order).
std::string fingerprint(const Catalog& catalog) {
    Fnv1a hash;
    auto mix = [&hash](std::string_view text) { hash.add_field(text); };
    for (const auto& a : catalog.architectures) {
        mix(a.name);
        mix(a.chip);
        mix(std::to_string(a.tensor_core_gen));
        for (auto p : kAllPrecisions) mix(std::to_string(a.fma(p).value_or(-1)));
        mix(a.sparsity ? "1" : "0");
        mix(half_rate_list(a.geforce_half_rate));
        mix(a.source);
    }
    for (const auto& m : catalog.models) {
        for (const auto& field : {m.model, m.vendor, m.family, std::string(segment_name(m.segment)),
                                  m.architecture, m.memory_type, m.form_factor, m.source}) {
            mix(field);
        }
        for (double number : {m.vram_gb, m.bandwidth_gbs, static_cast<double>(m.sms),
                              static_cast<double>(m.tensor_cores), static_cast<double>(m.boost_mhz),
                              static_cast<double>(m.tensor_clock_mhz.value_or(-1)),
                              static_cast<double>(m.tdp_w), m.slots.value_or(-1)}) {
            mix(std::to_string(number));
        }
    }
    return std::to_string(hash.value());
}

std::string stored_fingerprint(Database& db) {
    auto current = db.prepare("SELECT value FROM meta WHERE key = 'catalog_fingerprint'");
    return current.step() ? current.text(0) : std::string();
}

}  // namespace

bool catalog_is_current(Database& db, const Catalog& catalog) {
    return stored_fingerprint(db) == fingerprint(catalog);
}

void store_catalog(Database& db, const Catalog& catalog) {
    const auto digest = fingerprint(catalog);
    if (stored_fingerprint(db) == digest) return;  // unchanged: no write at all
    Transaction tx(db);
    // Another process may have stored it while we waited for the write lock.
    if (stored_fingerprint(db) == digest) return;
    db.exec("DELETE FROM gpu_models; DELETE FROM architectures;");
    auto arch_insert = db.prepare(
        "INSERT INTO architectures (name, chip, tensor_core_gen, fma_fp16_fp16acc, "
        "fma_fp16_fp32acc, fma_bf16, fma_tf32, fma_fp8, fma_int8, sparsity, geforce_half_rate, "
        "source) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)");
    for (const auto& a : catalog.architectures) {
        arch_insert.bind(1, a.name)
            .bind(2, a.chip)
            .bind(3, a.tensor_core_gen)
            .bind(4, a.fma(Precision::fp16_fp16acc))
            .bind(5, a.fma(Precision::fp16))
            .bind(6, a.fma(Precision::bf16))
            .bind(7, a.fma(Precision::tf32))
            .bind(8, a.fma(Precision::fp8))
            .bind(9, a.fma(Precision::int8))
            .bind(10, a.sparsity ? 1 : 0)
            .bind(11, half_rate_list(a.geforce_half_rate))
            .bind(12, a.source);
        arch_insert.run();
    }
    auto model_insert = db.prepare(
        "INSERT INTO gpu_models (model, vendor, family, segment, architecture, vram_gb, "
        "memory_type, bandwidth_gbs, sms, tensor_cores, boost_mhz, tensor_clock_mhz, tdp_w, "
        "slots, form_factor, source) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, "
        "?13, ?14, ?15, ?16)");
    for (const auto& m : catalog.models) {
        model_insert.bind(1, m.model)
            .bind(2, m.vendor)
            .bind(3, m.family)
            .bind(4, segment_name(m.segment))
            .bind(5, m.architecture)
            .bind(6, m.vram_gb)
            .bind(7, m.memory_type)
            .bind(8, m.bandwidth_gbs)
            .bind(9, m.sms)
            .bind(10, m.tensor_cores)
            .bind(11, m.boost_mhz)
            .bind(12, m.tensor_clock_mhz)
            .bind(13, m.tdp_w)
            .bind(14, m.slots)
            .bind(15, m.form_factor)
            .bind(16, m.source);
        model_insert.run();
    }
    auto remember = db.prepare(
        "INSERT INTO meta (key, value) VALUES ('catalog_fingerprint', ?1) "
        "ON CONFLICT (key) DO UPDATE SET value = excluded.value");
    remember.bind(1, digest);
    remember.run();
    tx.commit();
}

int stored_model_count(Database& db) {
    auto stmt = db.prepare("SELECT count(*) FROM gpu_models");
    return stmt.step() ? stmt.int32(0) : 0;
}

}  // namespace gpuprice::schema
