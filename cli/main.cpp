#include "cli/app.hpp"

int main(int argc, char** argv) {
    return gpuprice::cli::run(argc, argv);
}
