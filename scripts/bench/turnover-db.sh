# Sourced by scripts/bench-turnover and scripts/bench-same-reports: the turnover market's
# databases and pages, made by bench_fill_turnover and cached under the build folder
# ($build/bench-data, never committed). A cached file is keyed by a digest of what decides its
# bytes (turnover_inputs below), so a change to any of them makes a new one and drops the stale one.
# Expects $build (the Release build folder, benchmarks on) and runs from the repository root.

turnover_per_night=${GPUPRICE_BENCH_LISTINGS:-82200}  # live listings a night (the US market)
turnover_life=30                                      # nights a listing stays listed
turnover_last_night=2026-12-02
turnover_data="$build/bench-data"
turnover_fill="$build/scripts/bench/bench_fill_turnover"

# What decides a cached file's bytes: the fill and what it calls, the schema, the catalog and its
# rules, the parser, the sample it copies, and the passes that derive tables from the nights.
turnover_inputs=(scripts/bench/bench_fill_turnover.cpp schema/store/migrations schema/catalog
    schema/rules analysis/title_matcher.cpp analysis/title_tokens.cpp
    analysis/listing_attributes.cpp fetcher/browse_parser.cpp fetcher/price_rules.cpp
    fetcher/query_plan.cpp scripts/sample-data/night-0 app/clearances.cpp
    analysis/clearance.cpp app/derived_pass.cpp app/model_nights.cpp
    analysis/price_history.cpp schema/store/clearance_store.cpp schema/store/derived_state.cpp
    schema/store/life_query.cpp schema/store/model_night_store.cpp)
turnover_key() {
    find "${turnover_inputs[@]}" -type f -print0 | sort -z | xargs -0 sha256sum | sha256sum |
        cut -c1-12
}

# turnover_db NIGHTS: prints the path of the database of NIGHTS nights, filling it first if needed.
turnover_db() {
    local nights=$1 key db
    key=$(turnover_key)
    db="$turnover_data/turnover-${turnover_per_night}x${nights}-$key.db"
    mkdir -p "$turnover_data"
    if [ ! -s "$db" ]; then
        rm -f "$turnover_data/turnover-${turnover_per_night}x${nights}-"*.db*
        echo "filling $db (once)..." >&2
        /usr/bin/time -f "fill of $nights nights: %e s, peak %M KB" "$turnover_fill" fill "$db.part" \
            schema/catalog scripts/sample-data/night-0 "$turnover_per_night" "$nights" \
            "$turnover_life" "$turnover_last_night" >&2
        rm -f "$db.part-wal" "$db.part-shm"
        mv "$db.part" "$db"
    fi
    echo "$db"
}

# turnover_pages NIGHT: prints the folder of that night's Browse API pages, writing them if needed.
turnover_pages() {
    local night=$1 key dir
    key=$(turnover_key)
    dir="$turnover_data/pages-${turnover_per_night}-$night-$key"
    if [ ! -d "$dir" ]; then
        rm -rf "$turnover_data/pages-${turnover_per_night}-$night-"*
        "$turnover_fill" pages "$dir.part" scripts/sample-data/night-0 "$turnover_per_night" \
            "$night" "$turnover_life" >&2
        mv "$dir.part" "$dir"
    fi
    echo "$dir"
}
