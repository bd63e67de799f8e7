// One reader of the market's past. Its prices are kept in three forms: nightly rows
// (price_observations), intervals once compacted (price_intervals, read through the view
// nightly_prices) and what the nightly pass derives from them (clearance decisions, per-model
// rollups), which stand for the nights only while they take every run into account. Which form
// is read is decided here and nowhere else, once per command (Past::read): a reader hands over its
// statement for each form, or asks for the derived rows and computes from the nights when there
// are none (Past::if_derived), and never asks which form is current.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "schema/domain/market.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::schema {

class Past {
  public:
    // The forms `market`'s past is in now. The derived tables are read only when they were made
    // with `made_with` (app::derivation_fingerprint) and take every run into account; never
    // without it. A value: a reader on a connection of its own takes a copy.
    static Past read(Database& db, const Market& market, std::string_view made_with = {});

    const Market& market() const { return market_; }

    // `nightly` (statements over price_observations) prepared on `db` when every night from
    // `from` on is nightly rows, else `intervals` (over nightly_prices). An empty `from`: all
    // nights.
    Statement prepare(Database& db, const std::string& from, std::string_view nightly,
                      std::string_view intervals) const;

    // What `read` reads from the derived tables (rollups, clearance decisions), when they stand
    // for the nights; nullopt otherwise, and `read` is not called.
    template <class Read>
    auto if_derived(const Read& read) const -> std::optional<decltype(read())> {
        if (!derived_) return std::nullopt;
        return read();
    }

  private:
    Market market_;
    std::optional<std::string> last_compacted_;  // the nights up to it are intervals
    bool derived_ = false;
};

}  // namespace gpuprice::schema
