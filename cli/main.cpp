#include <malloc.h>

#include <csignal>

#include "cli/app.hpp"
#include "fetcher/curl_handle.hpp"

int main(int argc, char** argv) {
    // Under a file-size limit (ulimit -f), a write past it would kill the process silently with
    // SIGXFSZ; ignored, the write fails with EFBIG and the error names the file and the limit.
    std::signal(SIGXFSZ, SIG_IGN);
    // A report reads beside itself on up to three threads (app::ReadApart); with an arena per
    // thread, what one frees is not reused by the others: one arena keeps 5-6 MB off the peak
    // (tonight's report at a year 96 MB against 101, scripts/BENCHMARKS.md).
    // Set here, not beside ReadApart: it is process-wide, and holds only if set before the first
    // thread starts.
    mallopt(M_ARENA_MAX, 1);
    const gpuprice::fetcher::CurlGlobal curl;  // once, before anything else touches libcurl
    return gpuprice::cli::run(argc, argv);
}
