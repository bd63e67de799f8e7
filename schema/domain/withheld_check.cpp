#include "schema/domain/withheld_check.hpp"

#include "schema/domain/enum_names.hpp"

namespace gpuprice::schema {

namespace {

constexpr EnumNames<WithheldCheck, 3> kWithheldCheckNames = {{
    {WithheldCheck::ended, "ended"},
    {WithheldCheck::listed, "listed"},
    {WithheldCheck::undecided, "undecided"},
}};
static_assert(names_every_value(kWithheldCheckNames, WithheldCheck::undecided));

}  // namespace

std::string_view withheld_check_name(WithheldCheck check) {
    return name_of(kWithheldCheckNames, check);
}

}  // namespace gpuprice::schema
