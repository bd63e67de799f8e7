#include "tests/child_process.hpp"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace gpuprice::test {

pid_t spawn(const std::vector<std::string>& args, const std::vector<std::string>& env,
            const std::string& stdout_path, const std::string& stderr_path) {
    std::vector<std::string> owned_args = args;
    std::vector<std::string> owned_env = env;
    owned_env.push_back("PATH=/usr/bin:/bin");
    std::vector<char*> argv, envp;
    for (auto& a : owned_args) argv.push_back(a.data());
    argv.push_back(nullptr);
    for (auto& e : owned_env) envp.push_back(e.data());
    envp.push_back(nullptr);
    const pid_t pid = fork();
    if (pid == 0) {
        // Only async-signal-safe calls between fork and exec: the parent has threads.
        const int out = open(stdout_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        const int err = open(stderr_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        const int in = open("/dev/null", O_RDONLY);
        dup2(out, 1);
        dup2(err, 2);
        dup2(in, 0);
        execve(argv[0], argv.data(), envp.data());
        _exit(127);
    }
    return pid;
}

int wait_exit(pid_t pid) {
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace gpuprice::test
