// One published measurement of what a card does (measured_performance.csv): the figure a run of a
// benchmark gave for one SKU and workload, with where it comes from.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace gpuprice::schema {

// The kinds of workload a measurement can be of; the part of `workload` before ':'.
inline constexpr std::string_view kTrainingWorkload = "train-amp";    // Lambda's PyTorch AMP
inline constexpr std::string_view kGenerationWorkload = "llm-tg";  // llama.cpp token generation
inline constexpr std::string_view kPromptWorkload = "llm-pp";  // llama.cpp prompt processing

struct Measurement {
    std::string sku;       // GpuModel::key
    std::string workload;  // "<kind>:<network or model>", e.g. "train-amp:resnet50"
    double figure = 0;     // > 0, in `unit`
    std::string unit;
    std::string run;  // training figures are compared within one run only
    std::string software;
    std::string date;  // YYYY-MM-DD or YYYY-MM
    std::string source;
    std::size_t line = 0;  // in measured_performance.csv, for messages

    // "train-amp" of "train-amp:resnet50".
    std::string_view kind() const {
        return std::string_view(workload).substr(0, workload.find(':'));
    }
};

}  // namespace gpuprice::schema
