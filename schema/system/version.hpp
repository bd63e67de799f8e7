// Which gpuprice this is: the CMake project version, and the git description when it was built
// from a checkout. `gpuprice --version` prints it and the User-Agent carries it.
#pragma once

#include <string>
#include <string_view>

namespace gpuprice::schema {

// "0.1.0": the version of CMakeLists.txt's project().
std::string_view version();
// `git describe --always --dirty --tags` at build time, e.g. "c371511-dirty"; empty when built
// from a tarball.
std::string_view git_description();
// "gpuprice 0.1.0 (git c371511)", for --version.
std::string version_line();
// "gpuprice/0.1.0 (git c371511)", for the HTTP User-Agent.
std::string user_agent();

}  // namespace gpuprice::schema
