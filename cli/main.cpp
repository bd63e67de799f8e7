#include "cli/app.hpp"
#include "fetcher/curl_handle.hpp"

int main(int argc, char** argv) {
    const gpuprice::fetcher::CurlGlobal curl;  // once, before anything else touches libcurl
    return gpuprice::cli::run(argc, argv);
}
