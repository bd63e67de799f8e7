// libFuzzer target: any bytes as the token endpoint's body, with status 200 and 401. The
// parser must never crash or overflow the clock (expires_in), and a token it returns must be
// one visible ASCII word that cannot inject a header. Built and run by scripts/fuzz.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "fetcher/oauth_client.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace gpuprice::fetcher;
    const auto now = std::chrono::system_clock::time_point(std::chrono::seconds(1'780'000'000));
    for (const long status : {200L, 401L}) {
        HttpResponse response;
        response.status = status;
        response.body.assign(reinterpret_cast<const char*>(data), size);
        const auto result = read_token_response(response, now);
        if (const auto& token = result.token) {
            if (!is_valid_token_text(token->value)) std::abort();
            if (token->expires_at < now + kMinTokenLifetime ||
                token->expires_at > now + kMaxTokenLifetime)
                std::abort();
        }
        for (const char c : result.message) {
            if (static_cast<unsigned char>(c) < 0x20) std::abort();  // printable messages
        }
    }
    return 0;
}
