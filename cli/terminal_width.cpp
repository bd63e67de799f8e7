#include "cli/terminal_width.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cstdlib>

namespace gpuprice::cli {

int terminal_width(const GlobalOptions& global, int fallback) {
    winsize size{};
    if (global.stdout_is_terminal && ::ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 &&
        size.ws_col >= 20) {
        return size.ws_col;
    }
    if (const char* columns = std::getenv("COLUMNS")) {
        const int n = std::atoi(columns);
        if (n >= 20 && n <= 1000) return n;
    }
    return fallback;
}

}  // namespace gpuprice::cli
