#include "schema/domain/run_status.hpp"

#include "schema/domain/enum_names.hpp"

namespace gpuprice::schema {

namespace {

constexpr EnumNames<RunStatus, 4> kRunStatusNames = {{
    {RunStatus::running, "running"},
    {RunStatus::ok, "ok"},
    {RunStatus::partial, "partial"},
    {RunStatus::failed, "failed"},
}};
static_assert(names_every_value(kRunStatusNames, RunStatus::failed));

constexpr EnumNames<RunSource, 4> kSources = {{
    {RunSource::ebay, "ebay"},
    {RunSource::ebay_sold, "ebay-sold"},
    {RunSource::sample, "sample"},
    {RunSource::sample_sold, "sample-sold"},
}};
static_assert(names_every_value(kSources, RunSource::sample_sold));

}  // namespace

std::string_view run_status_name(RunStatus status) {
    return name_of(kRunStatusNames, status);
}

std::optional<RunStatus> parse_run_status(std::string_view name) {
    return parse_name(kRunStatusNames, name);
}

std::string_view run_source_name(RunSource source) {
    return name_of(kSources, source);
}

std::optional<RunSource> parse_run_source(std::string_view name) {
    return parse_name(kSources, name);
}

}  // namespace gpuprice::schema
