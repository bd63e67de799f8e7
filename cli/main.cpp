#include <csignal>

#include "cli/app.hpp"
#include "fetcher/curl_handle.hpp"

int main(int argc, char** argv) {
    // Under a file-size limit (ulimit -f), a write past it would kill the process silently with
    // SIGXFSZ; ignored, the write fails with EFBIG and the error names the file and the limit.
    std::signal(SIGXFSZ, SIG_IGN);
    const gpuprice::fetcher::CurlGlobal curl;  // once, before anything else touches libcurl
    return gpuprice::cli::run(argc, argv);
}
