// FNV-1a, 64 bit: the one non-cryptographic digest gpuprice uses, to tell whether something
// changed (the catalog's fingerprint) or whose it is (the token cache's key). Not for secrets.
#pragma once

#include <cstdint>
#include <string_view>

namespace gpuprice::schema {

class Fnv1a {
  public:
    Fnv1a& add(std::string_view bytes) {
        for (const unsigned char c : bytes) add_byte(c);
        return *this;
    }
    // A field and a separator byte no UTF-8 text holds, so ("ab","c") != ("a","bc").
    Fnv1a& add_field(std::string_view bytes) {
        add(bytes);
        add_byte(0xff);
        return *this;
    }
    std::uint64_t value() const { return hash_; }

  private:
    void add_byte(unsigned char c) {
        hash_ ^= c;
        hash_ *= 1099511628211ull;
    }
    std::uint64_t hash_ = 1469598103934665603ull;
};

}  // namespace gpuprice::schema
