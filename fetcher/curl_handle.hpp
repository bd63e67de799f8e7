// RAII owners of libcurl's C handles: the only place in gpuprice that frees a CURL*, CURLM* or
// curl_slist*.
#pragma once

#include <curl/curl.h>

#include <memory>
#include <string>

namespace gpuprice::fetcher {

// curl_global_init for the life of `main`; construct exactly once, before any other thread.
class CurlGlobal {
  public:
    CurlGlobal();
    ~CurlGlobal();
    CurlGlobal(const CurlGlobal&) = delete;
    CurlGlobal& operator=(const CurlGlobal&) = delete;
};

struct CurlEasyCleanup {
    void operator()(CURL* easy) const { curl_easy_cleanup(easy); }
};
struct CurlMultiCleanup {
    void operator()(CURLM* multi) const { curl_multi_cleanup(multi); }
};
struct CurlSlistCleanup {
    void operator()(curl_slist* list) const { curl_slist_free_all(list); }
};

using CurlEasy = std::unique_ptr<CURL, CurlEasyCleanup>;
using CurlMulti = std::unique_ptr<CURLM, CurlMultiCleanup>;

CurlEasy make_easy();
CurlMulti make_multi();

// A header list that owns its nodes.
class CurlHeaders {
  public:
    void add(const std::string& header);
    curl_slist* get() const { return list_.get(); }

  private:
    std::unique_ptr<curl_slist, CurlSlistCleanup> list_;
};

}  // namespace gpuprice::fetcher
