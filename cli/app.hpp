// The gpuprice command line: global options, command dispatch, and the mapping from errors to
// the documented exit codes.
#pragma once

namespace gpuprice::cli {

int run(int argc, char** argv);

}  // namespace gpuprice::cli
