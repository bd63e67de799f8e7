#include "schema/store/past.hpp"

#include "schema/store/derived_state.hpp"

namespace gpuprice::schema {

Past Past::read(Database& db, const Market& market, std::string_view made_with) {
    Past past;
    past.market_ = market;
    auto compacted = db.prepare("SELECT max(night) FROM compacted_nights WHERE marketplace = ?1");
    compacted.bind(1, market.id);
    if (compacted.step()) past.last_compacted_ = compacted.optional_text(0);
    compacted.reset();
    past.derived_ =
        !made_with.empty() && derived_tables_are_current(db, market, std::string(made_with));
    return past;
}

Statement Past::prepare(Database& db, const std::string& from, std::string_view nightly,
                        std::string_view intervals) const {
    return db.prepare(last_compacted_ && *last_compacted_ >= from ? intervals : nightly);
}

}  // namespace gpuprice::schema
