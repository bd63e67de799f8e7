// Where gpuprice finds its own data and keeps the user's, in one place:
// - shared data (the spec catalog, the sample) lives beside the binary's install prefix,
//   <prefix>/share/gpuprice, found relative to the running executable so that no source or
//   build path is compiled in (the build tree mirrors that layout with links, see CMakeLists);
// - the user's files follow the XDG base directories: the database, reports and logs under
//   $XDG_DATA_HOME/gpuprice (~/.local/share/gpuprice), credentials under $XDG_CONFIG_HOME/gpuprice
//   (~/.config/gpuprice), the OAuth token under $XDG_CACHE_HOME/gpuprice (~/.cache/gpuprice).
#pragma once

#include <optional>
#include <string>

namespace gpuprice::schema {

// The environment variable `name`, empty when it is not set.
std::string env(const char* name);

// <folder of the running gpuprice>/<bindir-to-datadir>, e.g. /usr/bin/../share/gpuprice.
std::string shared_data_dir();

// The folder a file path names, "." for a bare file name.
std::string folder_of(const std::string& path);

// --catalog-dir if given, else $GPUPRICE_CATALOG_DIR, else <shared data>/catalog.
std::string resolve_catalog_dir(const std::optional<std::string>& option);
// The bundled sample responses: <shared data>/sample-data.
std::string default_sample_dir();

enum class UserDir { Data, Config, Cache };
// $XDG_{DATA,CONFIG,CACHE}_HOME/gpuprice, else under $HOME; nullopt when neither is set.
std::optional<std::string> user_dir(UserDir which);

struct DatabaseLocation {
    std::string path;
    bool is_default = false;  // neither --db nor $GPUPRICE_DB: gpuprice may create its folder
};
// --db if given, else $GPUPRICE_DB, else <data home>/gpuprice.db. Throws std::runtime_error
// saying what to set when there is no home to put it in.
DatabaseLocation resolve_database_path(const std::optional<std::string>& option);
// The default report folder: <data home>/reports, or ./reports without a home.
std::string default_report_dir();

}  // namespace gpuprice::schema
