// Running the gpuprice binary from a test: argv and environment given explicitly (secrets go
// through the environment, as users are told to), output to files for the test to read.
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

namespace gpuprice::test {

// Starts `args` (args[0] is the program). `env` entries are NAME=value; PATH is added.
pid_t spawn(const std::vector<std::string>& args, const std::vector<std::string>& env,
            const std::string& stdout_path = "/dev/null",
            const std::string& stderr_path = "/dev/null");

// Waits; the exit status, or 128 + signal.
int wait_exit(pid_t pid);

}  // namespace gpuprice::test
