#include "cli/message.hpp"

#include <iostream>
#include <string>

#include "schema/domain/printable_text.hpp"

namespace gpuprice::cli {

void say(std::string_view text) {
    std::cerr << "gpuprice: " << schema::printable_lines(text) << '\n';
}

}  // namespace gpuprice::cli
