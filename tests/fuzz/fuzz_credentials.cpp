// libFuzzer target: any bytes as a credentials file. The parser must never crash, and never
// put a value into its error message (values are secrets). Built and run by scripts/fuzz.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "fetcher/credentials.hpp"
#include "fetcher/errors.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const auto c = gpuprice::fetcher::parse_credentials_text(text, "credentials");
        for (const auto* value : {&c.client_id, &c.client_secret}) {
            for (const char ch : *value) {
                if (static_cast<unsigned char>(ch) < 0x20 || ch == ' ') std::abort();
            }
        }
    } catch (const gpuprice::fetcher::CredentialsError& e) {
        // A message is "credentials:LINE: ..." and names a key at most, never a value: it may
        // not hold any text from the file beyond the key names we know.
        const std::string what = e.what();
        if (what.rfind("credentials:", 0) != 0) std::abort();
    }
    return 0;
}
