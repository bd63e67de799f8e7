#include <malloc.h>

#include <csignal>

#include "cli/app.hpp"
#include "fetcher/curl_handle.hpp"

int main(int argc, char** argv) {
    // Under a file-size limit (ulimit -f), a write past it would kill the process silently with
    // SIGXFSZ; ignored, the write fails with EFBIG and the error names the file and the limit.
    std::signal(SIGXFSZ, SIG_IGN);
    // A report reads beside itself on up to three threads (app::ReadApart); with an arena per
    // thread, what one frees is not reused by the others: one arena keeps 20 MB off the peak.
    mallopt(M_ARENA_MAX, 1);
    const gpuprice::fetcher::CurlGlobal curl;  // once, before anything else touches libcurl
    return gpuprice::cli::run(argc, argv);
}
