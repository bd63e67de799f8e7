// gpuprice's documented exit codes (README.md, "Exit codes").
#pragma once

namespace gpuprice::cli {

enum ExitCode : int {
    kExitOk = 0,
    kExitFailure = 1,      // runtime failure: network, eBay error, I/O
    kExitUsage = 2,        // unknown command or option, bad option value
    kExitBadData = 3,      // a malformed data file (catalog, aliases, sample data)
    kExitDatabase = 4,     // database refused (newer or foreign file) or SQLite error
    kExitCredentials = 5,  // eBay credentials missing or rejected
    kExitPartial = 6,      // a fetch lost pages (failed, cut, degraded, deadline); committed
    kExitQuota = 7,        // a fetch stopped because eBay's daily quota is spent; committed
};

}  // namespace gpuprice::cli
