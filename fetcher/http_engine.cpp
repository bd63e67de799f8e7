#include "fetcher/http_engine.hpp"

#include <algorithm>
#include <thread>

namespace gpuprice::fetcher {

using Clock = std::chrono::steady_clock;

struct HttpEngine::Transfer {
    HttpRequest request;
    Done done;
    CurlEasy easy;
    CurlHeaders headers;
    std::string body;
    char error[CURL_ERROR_SIZE] = {};
    int attempts = 0;
    Clock::time_point first_try{};
    Clock::time_point not_before{};
};

namespace {

// libcurl write callback. Never throws through C: a failed append ends the transfer instead.
size_t append_body(char* data, size_t size, size_t count, void* user) {
    auto* body = static_cast<std::string*>(user);
    try {
        body->append(data, size * count);
    } catch (...) {
        return 0;
    }
    return size * count;
}

}  // namespace

HttpEngine::HttpEngine(HttpOptions options)
    : options_(std::move(options)), multi_(make_multi()), random_(std::random_device{}()) {
    curl_multi_setopt(multi_.get(), CURLMOPT_MAX_TOTAL_CONNECTIONS,
                      static_cast<long>(options_.parallel));
}

HttpEngine::~HttpEngine() {
    for (auto& t : running_) curl_multi_remove_handle(multi_.get(), t->easy.get());
}

void HttpEngine::submit(HttpRequest request, Done done) {
    auto transfer = std::make_unique<Transfer>();
    transfer->request = std::move(request);
    transfer->done = std::move(done);
    waiting_.push_back(std::move(transfer));
}

void HttpEngine::start(std::unique_ptr<Transfer> t) {
    if (t->attempts == 0) t->first_try = Clock::now();
    ++t->attempts;
    if (t->request.counts_against_budget) ++calls_made_;
    if (t->request.counts_against_budget && t->attempts > 1) ++retries_made_;
    t->body.clear();
    t->error[0] = '\0';
    t->easy = make_easy();
    t->headers = CurlHeaders();
    for (const auto& h : t->request.headers) t->headers.add(h);
    CURL* e = t->easy.get();
    curl_easy_setopt(e, CURLOPT_URL, t->request.url.c_str());
    curl_easy_setopt(e, CURLOPT_HTTPHEADER, t->headers.get());
    if (t->request.post_body) {
        curl_easy_setopt(e, CURLOPT_POSTFIELDS, t->request.post_body->c_str());
        curl_easy_setopt(e, CURLOPT_POSTFIELDSIZE, static_cast<long>(t->request.post_body->size()));
    }
    curl_easy_setopt(e, CURLOPT_WRITEFUNCTION, append_body);
    curl_easy_setopt(e, CURLOPT_WRITEDATA, &t->body);
    curl_easy_setopt(e, CURLOPT_ERRORBUFFER, t->error);
    curl_easy_setopt(e, CURLOPT_PRIVATE, t.get());
    curl_easy_setopt(e, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(e, CURLOPT_ACCEPT_ENCODING, "");
    curl_easy_setopt(e, CURLOPT_USERAGENT, options_.user_agent.c_str());
    curl_easy_setopt(e, CURLOPT_CONNECTTIMEOUT,
                     static_cast<long>(options_.connect_timeout.count()));
    curl_easy_setopt(e, CURLOPT_TIMEOUT, static_cast<long>(options_.total_timeout.count()));
    curl_easy_setopt(e, CURLOPT_LOW_SPEED_LIMIT, 1L);
    curl_easy_setopt(e, CURLOPT_LOW_SPEED_TIME, static_cast<long>(options_.low_speed_time.count()));
    curl_easy_setopt(e, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_multi_add_handle(multi_.get(), e);
    running_.push_back(std::move(t));
}

void HttpEngine::finish(Transfer* t, CURLcode code) {
    HttpResponse response;
    curl_easy_getinfo(t->easy.get(), CURLINFO_RESPONSE_CODE, &response.status);
    curl_off_t retry_after = 0;
    if (curl_easy_getinfo(t->easy.get(), CURLINFO_RETRY_AFTER, &retry_after) == CURLE_OK &&
        retry_after > 0) {
        response.retry_after = std::chrono::seconds(retry_after);
    }
    response.curl_code = code;
    response.curl_error = t->error[0] ? t->error : (code ? curl_easy_strerror(code) : "");
    response.attempts = t->attempts;
    curl_multi_remove_handle(multi_.get(), t->easy.get());

    auto it = std::find_if(running_.begin(), running_.end(),
                           [t](const auto& owned) { return owned.get() == t; });
    std::unique_ptr<Transfer> owned = std::move(*it);
    running_.erase(it);

    if (is_retryable(response.status, code) && !is_quota_exhausted(response.status, owned->body) &&
        owned->attempts < options_.retry.max_attempts) {
        std::uniform_real_distribution<double> unit(0.0, 1.0);
        const auto delay =
            retry_delay(options_.retry, owned->attempts, response.retry_after, unit(random_));
        const auto retry_at = Clock::now() + delay;
        if (retry_at - owned->first_try <= options_.retry.total_budget) {
            owned->not_before = retry_at;
            waiting_.push_back(std::move(owned));
            return;
        }
    }
    response.body = std::move(owned->body);
    owned->done(std::move(response));
}

void HttpEngine::cancel_retries() {
    std::vector<std::unique_ptr<Transfer>> dropped;
    for (auto it = waiting_.begin(); it != waiting_.end();) {
        if ((*it)->attempts > 0) {
            dropped.push_back(std::move(*it));
            it = waiting_.erase(it);
        } else {
            ++it;
        }
    }
    for (auto& t : dropped) {
        HttpResponse response;
        response.cancelled = true;
        response.attempts = t->attempts;
        t->done(std::move(response));
    }
}

// How long to sleep or poll: until the next retry is due if a slot is free, at most a second.
std::chrono::milliseconds HttpEngine::next_wait() const {
    auto wait = std::chrono::milliseconds(1000);
    if (static_cast<int>(running_.size()) >= options_.parallel) return wait;
    const auto now = Clock::now();
    for (const auto& t : waiting_) {
        const auto until =
            std::chrono::duration_cast<std::chrono::milliseconds>(t->not_before - now);
        wait = std::clamp(until, std::chrono::milliseconds(0), wait);
    }
    return wait;
}

void HttpEngine::run() {
    while (!waiting_.empty() || !running_.empty()) {
        // Start what may start now, oldest first; a waiting retry does not block the others.
        // Callbacks may submit, so they run after the queue has been walked.
        const auto now = Clock::now();
        std::vector<std::unique_ptr<Transfer>> refused;
        for (auto it = waiting_.begin();
             it != waiting_.end() && static_cast<int>(running_.size()) < options_.parallel;) {
            if ((*it)->not_before > now) {
                ++it;
            } else if ((*it)->request.counts_against_budget && budget_exhausted()) {
                refused.push_back(std::move(*it));
                it = waiting_.erase(it);
            } else {
                std::unique_ptr<Transfer> t = std::move(*it);
                it = waiting_.erase(it);
                start(std::move(t));
            }
        }
        for (auto& t : refused) {
            HttpResponse response;
            response.budget_exhausted = true;
            response.attempts = t->attempts;
            t->done(std::move(response));
        }
        if (running_.empty()) {
            if (waiting_.empty()) break;
            std::this_thread::sleep_for(next_wait());
            continue;
        }

        int still_running = 0;
        curl_multi_perform(multi_.get(), &still_running);
        int queued = 0;
        while (CURLMsg* message = curl_multi_info_read(multi_.get(), &queued)) {
            if (message->msg != CURLMSG_DONE) continue;
            Transfer* t = nullptr;
            curl_easy_getinfo(message->easy_handle, CURLINFO_PRIVATE, &t);
            finish(t, message->data.result);
        }
        if (!running_.empty()) {
            curl_multi_poll(multi_.get(), nullptr, 0, static_cast<int>(next_wait().count()),
                            nullptr);
        }
    }
}

}  // namespace gpuprice::fetcher
