#include "cli/terminal_width.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <charconv>
#include <cstdlib>
#include <string_view>

namespace gpuprice::cli {

int terminal_width(const GlobalOptions& global, int fallback) {
    winsize size{};
    if (global.stdout_is_terminal && ::ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 &&
        size.ws_col >= 20) {
        return size.ws_col;
    }
    if (const char* columns = std::getenv("COLUMNS")) {
        // from_chars, not atoi: a value past int's range is rejected, not undefined.
        const std::string_view text(columns);
        int n = 0;
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), n);
        if (error == std::errc() && end == text.data() + text.size() && n >= 20 && n <= 1000) {
            return n;
        }
    }
    return fallback;
}

}  // namespace gpuprice::cli
