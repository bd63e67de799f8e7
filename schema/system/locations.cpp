#include "schema/system/locations.hpp"

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <system_error>

namespace gpuprice::schema {

std::string env(const char* name) {
    const char* value = std::getenv(name);
    return value ? value : "";
}

std::string shared_data_dir() {
    std::error_code error;
    const auto exe = std::filesystem::read_symlink("/proc/self/exe", error);
    // Without /proc the relative path still works from the folder gpuprice was started in.
    const auto base = error ? std::filesystem::path(".") : exe.parent_path();
    return (base / GPUPRICE_DATADIR_FROM_BINDIR).lexically_normal().string();
}

std::string resolve_catalog_dir(const std::optional<std::string>& option) {
    if (option) return *option;
    if (auto dir = env("GPUPRICE_CATALOG_DIR"); !dir.empty()) return dir;
    return shared_data_dir() + "/catalog";
}

std::string default_sample_dir() {
    return shared_data_dir() + "/sample-data";
}

std::optional<std::string> user_dir(UserDir which) {
    const char* xdg_variable = "XDG_DATA_HOME";
    const char* under_home = "/.local/share";
    if (which == UserDir::Config) {
        xdg_variable = "XDG_CONFIG_HOME";
        under_home = "/.config";
    } else if (which == UserDir::Cache) {
        xdg_variable = "XDG_CACHE_HOME";
        under_home = "/.cache";
    }
    // The XDG specification ignores relative paths in these variables.
    if (auto xdg = env(xdg_variable); !xdg.empty() && xdg.front() == '/') return xdg + "/gpuprice";
    if (auto home = env("HOME"); !home.empty()) return home + under_home + "/gpuprice";
    return std::nullopt;
}

DatabaseLocation resolve_database_path(const std::optional<std::string>& option) {
    if (option) {
        if (option->empty()) throw std::runtime_error("--db is empty; give a database file");
        return {*option, false};
    }
    if (auto db = env("GPUPRICE_DB"); !db.empty()) return {db, false};
    if (auto home = user_dir(UserDir::Data)) return {*home + "/gpuprice.db", true};
    throw std::runtime_error(
        "no place for the database: neither XDG_DATA_HOME nor HOME is set; pass --db FILE or set "
        "GPUPRICE_DB");
}

std::string default_report_dir() {
    if (auto home = user_dir(UserDir::Data)) return *home + "/reports";
    return "reports";
}

std::string folder_of(const std::string& path) {
    const auto parent = std::filesystem::path(path).parent_path();
    return parent.empty() ? "." : parent.string();
}

}  // namespace gpuprice::schema
