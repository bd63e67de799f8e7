// Exceptions that leave the fetcher, each carrying what a user needs to act on it.
#pragma once

#include <stdexcept>
#include <string>

namespace gpuprice::fetcher {

// Credentials missing, unreadable, too widely readable, or rejected by eBay. Never contains a
// secret.
class CredentialsError : public std::runtime_error {
    using std::runtime_error::runtime_error;
};

// eBay (or the network) refused a request in a way retries did not cure: the message names the
// HTTP status and eBay's error id.
class FetchError : public std::runtime_error {
    using std::runtime_error::runtime_error;
};

}  // namespace gpuprice::fetcher
