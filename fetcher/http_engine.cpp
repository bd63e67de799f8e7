#include "fetcher/http_engine.hpp"

#include <algorithm>
#include <stdexcept>
#include <thread>
#include <utility>

namespace gpuprice::fetcher {

using Clock = std::chrono::steady_clock;

// Where libcurl writes a body: at most `max_bytes`, after decompression. Outside the anonymous
// namespace: HttpEngine::Transfer, which has external linkage, holds one.
struct BodySink {
    std::string body;
    std::size_t max_bytes = 0;
    bool too_large = false;
};

namespace {

// libcurl write callback. Never throws through C: a body over the cap or a failed append ends
// the transfer (CURLE_WRITE_ERROR) instead. The cap is checked here, on decompressed bytes,
// because CURLOPT_MAXFILESIZE_LARGE only sees the bytes on the wire: a 1 MB gzip bomb inflates
// to 1 GB.
size_t append_body(char* data, size_t size, size_t count, void* user) {
    auto* sink = static_cast<BodySink*>(user);
    const size_t bytes = size * count;
    if (bytes > sink->max_bytes - sink->body.size()) {
        sink->too_large = true;
        return 0;
    }
    try {
        sink->body.append(data, bytes);
    } catch (...) {
        return 0;
    }
    return bytes;
}

std::string megabytes(std::size_t bytes) {
    return std::to_string(bytes >> 20) + " MB";
}

void check_multi(CURLMcode code, const char* call) {
    if (code != CURLM_OK) {
        throw std::runtime_error(std::string("libcurl: ") + call +
                                 " failed: " + curl_multi_strerror(code));
    }
}

}  // namespace

struct HttpEngine::Transfer {
    HttpRequest request;
    Done done;
    CurlEasy easy;
    CurlHeaders headers;
    BodySink sink;
    char error[CURL_ERROR_SIZE] = {};
    int attempts = 0;
    Clock::time_point first_try{};
    Clock::time_point not_before{};
    HttpResponse start_failure;  // filled in when start() returns false
};

std::string HttpResponse::describe_transport() const {
    if (curl_code == 0) return "HTTP " + std::to_string(status);
    std::string text = "network: " + curl_error;
    if (status != 0) text += " (after HTTP " + std::to_string(status) + ")";
    return text;
}

HttpEngine::HttpEngine(HttpOptions options)
    : options_(std::move(options)), multi_(make_multi()), random_(std::random_device{}()) {
    check_multi(curl_multi_setopt(multi_.get(), CURLMOPT_MAX_TOTAL_CONNECTIONS,
                                  static_cast<long>(options_.parallel)),
                "curl_multi_setopt(CURLMOPT_MAX_TOTAL_CONNECTIONS)");
}

HttpEngine::~HttpEngine() {
    for (auto& t : running_) {
        // A handle the multi handle would not let go of may still be referenced by it: leak it
        // rather than free it under the multi handle's feet.
        if (curl_multi_remove_handle(multi_.get(), t->easy.get()) != CURLM_OK) {
            static_cast<void>(t->easy.release());
        }
    }
}

void HttpEngine::submit(HttpRequest request, Done done, Clock::time_point not_before) {
    auto transfer = std::make_unique<Transfer>();
    transfer->request = std::move(request);
    transfer->done = std::move(done);
    transfer->not_before = not_before;
    waiting_.push_back(std::move(transfer));
}

void HttpEngine::defer(std::function<void()> callback) {
    deferred_.push_back(std::move(callback));
}

bool HttpEngine::out_of_time() const {
    if (options_.deadline && options_.clock.now() >= *options_.deadline) return true;
    return options_.max_consecutive_timeouts > 0 &&
           consecutive_timeouts_ >= options_.max_consecutive_timeouts;
}

bool HttpEngine::start(Transfer& t) {
    if (t.attempts == 0) t.first_try = options_.clock.now();
    ++t.attempts;
    t.sink.body.clear();
    t.sink.max_bytes = options_.max_body_bytes;
    t.sink.too_large = false;
    t.error[0] = '\0';
    t.easy = make_easy();
    t.headers = CurlHeaders();
    for (const auto& h : t.request.headers) t.headers.add(h);

    // The transfer's own timeout, shortened so that it ends at the run's deadline.
    auto timeout = std::chrono::duration_cast<std::chrono::milliseconds>(options_.total_timeout);
    if (options_.deadline) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            *options_.deadline - options_.clock.now());
        timeout = std::clamp(left, std::chrono::milliseconds(1), timeout);
    }

    CURL* e = t.easy.get();
    CURLcode code = CURLE_OK;
    const char* refused = nullptr;
    const auto set = [&](CURLoption option, const char* name, auto value) {
        if (code != CURLE_OK) return;
        code = curl_easy_setopt(e, option, value);
        if (code != CURLE_OK) refused = name;
    };
    set(CURLOPT_URL, "CURLOPT_URL", t.request.url.c_str());
    set(CURLOPT_HTTPHEADER, "CURLOPT_HTTPHEADER", t.headers.get());
    if (t.request.post_body) {
        set(CURLOPT_POSTFIELDS, "CURLOPT_POSTFIELDS", t.request.post_body->c_str());
        set(CURLOPT_POSTFIELDSIZE_LARGE, "CURLOPT_POSTFIELDSIZE_LARGE",
            static_cast<curl_off_t>(t.request.post_body->size()));
    }
    set(CURLOPT_WRITEFUNCTION, "CURLOPT_WRITEFUNCTION", append_body);
    set(CURLOPT_WRITEDATA, "CURLOPT_WRITEDATA", &t.sink);
    // Refused before the first byte when Content-Length already says too much.
    set(CURLOPT_MAXFILESIZE_LARGE, "CURLOPT_MAXFILESIZE_LARGE",
        static_cast<curl_off_t>(options_.max_body_bytes));
    set(CURLOPT_ERRORBUFFER, "CURLOPT_ERRORBUFFER", t.error);
    set(CURLOPT_PRIVATE, "CURLOPT_PRIVATE", &t);
    set(CURLOPT_NOSIGNAL, "CURLOPT_NOSIGNAL", 1L);
    // eBay compresses with gzip; nothing else is offered (fewer decoders facing hostile input).
    set(CURLOPT_ACCEPT_ENCODING, "CURLOPT_ACCEPT_ENCODING", "gzip");
    set(CURLOPT_USERAGENT, "CURLOPT_USERAGENT", options_.user_agent.c_str());
    set(CURLOPT_CONNECTTIMEOUT, "CURLOPT_CONNECTTIMEOUT",
        static_cast<long>(options_.connect_timeout.count()));
    set(CURLOPT_TIMEOUT_MS, "CURLOPT_TIMEOUT_MS", static_cast<long>(timeout.count()));
    set(CURLOPT_LOW_SPEED_LIMIT, "CURLOPT_LOW_SPEED_LIMIT", options_.low_speed_bytes);
    set(CURLOPT_LOW_SPEED_TIME, "CURLOPT_LOW_SPEED_TIME",
        static_cast<long>(options_.low_speed_time.count()));
    // Security, not a preference: a libcurl that refuses this would follow other schemes.
    set(CURLOPT_PROTOCOLS_STR, "CURLOPT_PROTOCOLS_STR", "http,https");
    if (code != CURLE_OK) {
        t.start_failure.curl_code = code;
        t.start_failure.curl_error =
            std::string("libcurl refused ") + refused + ": " + curl_easy_strerror(code);
        return false;
    }
    const CURLMcode added = curl_multi_add_handle(multi_.get(), e);
    if (added != CURLM_OK) {
        t.start_failure.curl_code = CURLE_FAILED_INIT;
        t.start_failure.curl_error =
            std::string("libcurl: curl_multi_add_handle failed: ") + curl_multi_strerror(added);
        return false;
    }
    return true;
}

void HttpEngine::finish(Transfer* t, CURLcode code) {
    HttpResponse response;
    if (curl_easy_getinfo(t->easy.get(), CURLINFO_RESPONSE_CODE, &response.status) != CURLE_OK) {
        response.status = 0;
    }
    curl_off_t retry_after = 0;
    if (curl_easy_getinfo(t->easy.get(), CURLINFO_RETRY_AFTER, &retry_after) == CURLE_OK &&
        retry_after > 0) {
        response.retry_after = std::chrono::seconds(retry_after);
    }
    response.curl_code = code;
    response.curl_error = t->error[0] ? t->error : (code ? curl_easy_strerror(code) : "");
    if ((code == CURLE_WRITE_ERROR && t->sink.too_large) || code == CURLE_FILESIZE_EXCEEDED) {
        response.too_large = true;
        response.curl_error = "response larger than " + megabytes(options_.max_body_bytes);
    }
    response.attempts = t->attempts;
    if (code == CURLE_OPERATION_TIMEDOUT) {
        ++consecutive_timeouts_;
    } else if (response.complete()) {
        consecutive_timeouts_ = 0;
    }
    const CURLMcode removed = curl_multi_remove_handle(multi_.get(), t->easy.get());

    auto it = std::find_if(running_.begin(), running_.end(),
                           [t](const auto& owned) { return owned.get() == t; });
    std::unique_ptr<Transfer> owned = std::move(*it);
    running_.erase(it);
    if (removed != CURLM_OK) {
        static_cast<void>(owned->easy.release());  // still the multi handle's: see ~HttpEngine
        check_multi(removed, "curl_multi_remove_handle");
    }

    if (is_retryable(response.status, code) &&
        !is_quota_exhausted(response.status, owned->sink.body) &&
        owned->attempts < options_.retry.max_attempts && !out_of_time()) {
        std::uniform_real_distribution<double> unit(0.0, 1.0);
        const auto delay =
            retry_delay(options_.retry, owned->attempts, response.retry_after, unit(random_));
        const auto retry_at = options_.clock.now() + delay;
        if (retry_at - owned->first_try <= options_.retry.total_budget &&
            (!options_.deadline || retry_at < *options_.deadline)) {
            owned->not_before = retry_at;
            waiting_.push_back(std::move(owned));
            return;
        }
    }
    response.body = std::move(owned->sink.body);
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
    const auto now = options_.clock.now();
    for (const auto& t : waiting_) {
        const auto until =
            std::chrono::duration_cast<std::chrono::milliseconds>(t->not_before - now);
        wait = std::clamp(until, std::chrono::milliseconds(0), wait);
    }
    return wait;
}

void HttpEngine::run() {
    while (!waiting_.empty() || !running_.empty() || !deferred_.empty()) {
        // Answers that needed no transfer first; they may submit more.
        while (!deferred_.empty()) {
            auto callbacks = std::move(deferred_);
            deferred_.clear();
            for (auto& callback : callbacks) callback();
        }
        // Start what may start now, oldest first; a waiting retry does not block the others.
        // Past the deadline nothing starts and everything waiting ends. Callbacks may submit,
        // so they run after the queue has been walked.
        const auto now = options_.clock.now();
        const bool late = out_of_time();
        std::vector<std::unique_ptr<Transfer>> ended;
        for (auto it = waiting_.begin();
             it != waiting_.end() &&
             (late || static_cast<int>(running_.size()) < options_.parallel);) {
            if (late) {
                (*it)->start_failure = HttpResponse();
                (*it)->start_failure.deadline_passed = true;
            } else if ((*it)->not_before > now) {
                ++it;
                continue;
            } else if ((*it)->request.admit && !(*it)->request.admit((*it)->attempts + 1)) {
                (*it)->start_failure = HttpResponse();
                (*it)->start_failure.budget_exhausted = true;
            } else if (start(**it)) {
                running_.push_back(std::move(*it));
                it = waiting_.erase(it);
                continue;
            }
            ended.push_back(std::move(*it));
            it = waiting_.erase(it);
        }
        for (auto& t : ended) {
            HttpResponse response = std::move(t->start_failure);
            response.attempts = t->attempts;
            t->done(std::move(response));
        }
        if (running_.empty()) {
            if (waiting_.empty()) continue;  // deferred callbacks may have queued work
            if (!ended.empty() || !deferred_.empty()) continue;
            const auto wait = next_wait();
            if (options_.clock.sleep) {
                options_.clock.sleep(wait);
            } else {
                std::this_thread::sleep_for(wait);
            }
            continue;
        }

        int still_running = 0;
        check_multi(curl_multi_perform(multi_.get(), &still_running), "curl_multi_perform");
        int queued = 0;
        while (CURLMsg* message = curl_multi_info_read(multi_.get(), &queued)) {
            if (message->msg != CURLMSG_DONE) continue;
            Transfer* t = nullptr;
            if (curl_easy_getinfo(message->easy_handle, CURLINFO_PRIVATE, &t) != CURLE_OK || !t) {
                throw std::runtime_error("libcurl: a finished transfer has no owner");
            }
            finish(t, message->data.result);
        }
        if (!running_.empty()) {
            check_multi(curl_multi_poll(multi_.get(), nullptr, 0,
                                        static_cast<int>(next_wait().count()), nullptr),
                        "curl_multi_poll");
        }
    }
}

}  // namespace gpuprice::fetcher
