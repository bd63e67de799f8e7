#include "fetcher/curl_handle.hpp"

#include <new>
#include <stdexcept>

namespace gpuprice::fetcher {

CurlGlobal::CurlGlobal() {
    if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
        throw std::runtime_error("curl_global_init failed");
    }
}

CurlGlobal::~CurlGlobal() {
    curl_global_cleanup();
}

CurlEasy make_easy() {
    CurlEasy easy(curl_easy_init());
    if (!easy) throw std::bad_alloc();
    return easy;
}

CurlMulti make_multi() {
    CurlMulti multi(curl_multi_init());
    if (!multi) throw std::bad_alloc();
    return multi;
}

void CurlHeaders::add(const std::string& header) {
    curl_slist* grown = curl_slist_append(list_.get(), header.c_str());
    if (!grown) throw std::bad_alloc();
    list_.release();  // now owned through `grown`, which keeps the same head
    list_.reset(grown);
}

}  // namespace gpuprice::fetcher
