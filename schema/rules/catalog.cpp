#include "schema/rules/catalog.hpp"

#include <filesystem>

#include "schema/domain/clock.hpp"
#include "schema/domain/fnv1a.hpp"
#include "schema/rules/csv_reader.hpp"
#include "schema/rules/launch_dates.hpp"
#include "schema/rules/measured_performance.hpp"

namespace gpuprice::schema {

namespace {

bool parse_bool(const CsvTable& table, const CsvRecord& row, std::string_view column) {
    const auto& value = table.text(row, column);
    if (value == "yes") return true;
    if (value == "no") return false;
    table.fail(row, column, "'" + value + "' is not yes or no");
}

// Appends `item` unless `existing` says its name is taken.
template <typename T>
void add_unique(std::vector<T>& items, T item, const std::string& key, const CsvTable& table,
                const CsvRecord& row, std::string_view column, const T* existing) {
    if (existing) table.fail(row, column, "'" + key + "' is listed twice");
    items.push_back(std::move(item));
}

void parse_vendors(const CsvTable& table, Catalog& catalog) {
    for (const auto& row : table.rows()) {
        Vendor v{table.required_text(row, "vendor"), table.required_text(row, "source")};
        const auto name = v.name;
        add_unique(catalog.vendors, std::move(v), name, table, row, "vendor",
                   catalog.find_vendor(name));
    }
}

void parse_segments(const CsvTable& table, Catalog& catalog) {
    for (const auto& row : table.rows()) {
        Segment s{table.required_text(row, "segment"), parse_bool(table, row, "consumer"),
                  table.required_text(row, "description"),
                  parse_bool(table, row, "other_category")};
        const auto name = s.name;
        add_unique(catalog.segments, std::move(s), name, table, row, "segment",
                   catalog.find_segment(name));
    }
}

void parse_precisions(const CsvTable& table, Catalog& catalog) {
    for (const auto& row : table.rows()) {
        PrecisionInfo p;
        p.name = table.required_text(row, "precision");
        if (p.name.find_first_of(" ;,") != std::string::npos) {
            table.fail(row, "precision", "'" + p.name + "' must not contain spaces, ';' or ','");
        }
        const auto& unit = table.text(row, "unit");
        if (unit == "matrix") {
            p.unit = RateUnit::matrix;
        } else if (unit == "shader") {
            p.unit = RateUnit::shader;
        } else {
            table.fail(row, "unit", "'" + unit + "' is not matrix or shader");
        }
        p.description = table.required_text(row, "description");
        const auto name = p.name;
        add_unique(catalog.precisions, std::move(p), name, table, row, "precision",
                   catalog.find_precision(name));
    }
}

void parse_architectures(const CsvTable& table, Catalog& catalog) {
    for (const auto& row : table.rows()) {
        Architecture a;
        a.name = table.required_text(row, "architecture");
        a.vendor = table.required_text(row, "vendor");
        if (!catalog.find_vendor(a.vendor)) {
            table.fail(row, "vendor", "unknown vendor '" + a.vendor + "' (add it to vendors.csv)");
        }
        a.chip = table.required_text(row, "chip");
        a.matrix_unit = table.text(row, "matrix_unit");
        a.matrix_gen = table.integer(row, "matrix_gen");
        if (a.matrix_unit.empty() != (a.matrix_gen == 0)) {
            table.fail(row, "matrix_unit", "names the matrix unit exactly when matrix_gen > 0");
        }
        a.source = table.required_text(row, "source");
        const auto name = a.name;
        add_unique(catalog.architectures, std::move(a), name, table, row, "architecture",
                   catalog.find_architecture(name));
    }
}

void parse_rates(const CsvTable& table, Catalog& catalog) {
    for (const auto& row : table.rows()) {
        const auto arch_name = table.required_text(row, "architecture");
        Architecture* found = nullptr;
        for (auto& a : catalog.architectures) {
            if (a.name == arch_name) found = &a;
        }
        if (!found) table.fail(row, "architecture", "unknown architecture '" + arch_name + "'");
        auto& arch = *found;
        const auto precision_name = table.required_text(row, "precision");
        const auto* precision = catalog.find_precision(precision_name);
        if (!precision) {
            table.fail(row, "precision",
                       "unknown precision '" + precision_name + "' (add it to precisions.csv)");
        }
        Rate rate;
        if (const auto column = table.optional_column("unit")) {
            const auto& unit = row.fields.size() > *column ? row.fields[*column] : std::string();
            if (unit == "shader") {
                rate.unit = RateUnit::shader;
            } else if (unit == "matrix") {
                rate.unit = RateUnit::matrix;
            } else if (!unit.empty()) {
                table.fail(row, "unit", "'" + unit + "' is not matrix, shader or empty");
            }
        }
        if (rate.unit.value_or(precision->unit) == RateUnit::matrix && !arch.has_matrix_units()) {
            table.fail(row, "precision",
                       "'" + precision_name + "' runs on matrix units, which " + arch.name +
                           " does not have");
        }
        rate.fma_per_clock = table.integer(row, "fma_per_clock");
        if (rate.fma_per_clock <= 0) table.fail(row, "fma_per_clock", "must be positive");
        rate.sparse = parse_bool(table, row, "sparse");
        rate.consumer_half_rate = parse_bool(table, row, "consumer_half_rate");
        rate.source = table.required_text(row, "source");
        if (!arch.rates.emplace(precision_name, std::move(rate)).second) {
            table.fail(row, "precision",
                       "'" + precision_name + "' is listed twice for " + arch.name);
        }
    }
}

// A list of precisions, each of which must exist on `arch`.
std::set<std::string, std::less<>> parse_precision_list(const CsvTable& table, const CsvRecord& row,
                                                        std::string_view column,
                                                        const Architecture& arch) {
    std::set<std::string, std::less<>> result;
    for (const auto& name : table.list(row, column)) {
        if (!arch.rate(name)) {
            table.fail(row, column, "'" + name + "' is halved but does not exist on " + arch.name);
        }
        result.insert(name);
    }
    return result;
}

// A SKU key: lowercase ASCII letters, digits and single hyphens between them ("rtx-3080-12gb"),
// so that it reads the same in a file, a URL and a shell.
bool is_sku_key(std::string_view key) {
    if (key.empty() || key.front() == '-' || key.back() == '-') return false;
    for (std::size_t i = 0; i < key.size(); ++i) {
        const char c = key[i];
        const bool letter_or_digit = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
        if (!letter_or_digit && !(c == '-' && key[i - 1] != '-')) return false;
    }
    return true;
}

GpuModel parse_model(const CsvTable& table, const CsvRecord& row, const Catalog& catalog) {
    GpuModel m;
    m.key = table.required_text(row, "key");
    if (!is_sku_key(m.key)) {
        table.fail(row, "key",
                   "'" + m.key +
                       "' is not a key: lowercase ASCII letters and digits, joined by single "
                       "hyphens");
    }
    m.name = table.required_text(row, "name");
    m.vendor = table.required_text(row, "vendor");
    if (!catalog.find_vendor(m.vendor)) {
        table.fail(row, "vendor", "unknown vendor '" + m.vendor + "' (add it to vendors.csv)");
    }
    m.segment = table.required_text(row, "segment");
    const auto* segment = catalog.find_segment(m.segment);
    if (!segment) {
        table.fail(row, "segment", "unknown segment '" + m.segment + "' (add it to segments.csv)");
    }
    m.architecture = table.required_text(row, "architecture");
    m.target = table.text(row, "target");
    const Architecture* arch = catalog.find_architecture(m.architecture);
    if (!arch) table.fail(row, "architecture", "unknown architecture '" + m.architecture + "'");
    if (arch->vendor != m.vendor) {
        table.fail(row, "architecture", arch->name + " is " + arch->vendor + "'s, not " + m.vendor);
    }
    m.vram_gb = table.number(row, "vram_gb");
    if (m.vram_gb <= 0 || m.vram_gb > kMaxVramGb) {
        table.fail(row, "vram_gb",
                   "must be positive and at most " + std::to_string(static_cast<int>(kMaxVramGb)));
    }
    m.devices = table.integer(row, "devices");
    if (m.devices < 1) table.fail(row, "devices", "must be 1 or more");
    m.memory_type = table.required_text(row, "memory_type");
    m.bandwidth_gbs = table.number(row, "bandwidth_gbs");
    if (m.bandwidth_gbs <= 0) table.fail(row, "bandwidth_gbs", "must be positive");
    m.sms = table.integer(row, "sms");
    m.tensor_cores = table.integer(row, "tensor_cores");
    if ((m.tensor_cores > 0) != arch->has_matrix_units()) {
        table.fail(row, "tensor_cores",
                   "disagrees with architecture '" + arch->name + "' about having matrix units");
    }
    m.shaders = table.integer(row, "shaders");
    if (m.shaders <= 0) table.fail(row, "shaders", "must be positive");
    m.boost_mhz = table.integer(row, "boost_mhz");
    if (m.boost_mhz <= 0) table.fail(row, "boost_mhz", "must be positive");
    m.tensor_clock_mhz = table.optional_integer(row, "tensor_clock_mhz");
    m.clock_note = table.text(row, "clock_note");
    if (m.tensor_clock_mhz && m.clock_note.empty()) {
        table.fail(row, "clock_note", "a tensor_clock_mhz override needs a note saying why");
    }
    // A consumer card runs its architecture's consumer_half_rate precisions at half rate (at
    // full rate it would overstate its training FLOPS twofold); `half_rate` adds any others.
    m.half_rate = parse_precision_list(table, row, "half_rate", *arch);
    if (segment->consumer) {
        for (const auto& [name, rate] : arch->rates) {
            if (rate.consumer_half_rate) m.half_rate.insert(name);
        }
    }
    m.tdp_w = table.integer(row, "tdp_w");
    m.slots = table.optional_number(row, "slots");
    m.form_factor = table.required_text(row, "form_factor");
    m.source = table.required_text(row, "source");
    return m;
}

void parse_support(const CsvTable& table, Catalog& catalog) {
    for (const auto& row : table.rows()) {
        SoftwareSupport s;
        s.architecture = table.required_text(row, "architecture");
        const auto* arch = catalog.find_architecture(s.architecture);
        if (!arch) table.fail(row, "architecture", "unknown architecture '" + s.architecture + "'");
        s.target = table.required_text(row, "target");
        s.as_of = table.required_text(row, "as_of");
        if (!is_valid_date(s.as_of))
            table.fail(row, "as_of", "'" + s.as_of + "' is not YYYY-MM-DD");
        s.bf16 = parse_bool(table, row, "bf16");
        s.flash_attention_2 = parse_bool(table, row, "flash_attention_2");
        s.toolkit = table.required_text(row, "toolkit");
        s.pytorch = table.required_text(row, "pytorch");
        s.supported = parse_bool(table, row, "supported");
        s.status = table.required_text(row, "status");
        s.source = table.required_text(row, "source");
        s.ending = parse_bool(table, row, "ending");
        s.training = table.text(row, "training");
        if (!s.bf16 && s.training.empty())
            table.fail(row, "training", "a card without BF16 needs its training advice");
        for (const auto& other : catalog.support) {
            if (other.architecture == s.architecture && other.target == s.target) {
                table.fail(row, "target",
                           "'" + s.target + "' of " + s.architecture + " is listed twice");
            }
        }
        catalog.support.push_back(std::move(s));
    }
}

// A row of a per-SKU figure file (published_figures.csv, capped_rates.csv): `sku` a key of
// skus.csv, `precision` one its architecture has, `tflops` positive, and a source.
template <typename Figure>
Figure parse_sku_figure(const CsvTable& table, const CsvRecord& row, const Catalog& catalog) {
    Figure f;
    f.sku = table.required_text(row, "sku");
    const auto* model = catalog.find_model(f.sku);
    if (!model) table.fail(row, "sku", "'" + f.sku + "' is not a key of skus.csv");
    f.precision = table.required_text(row, "precision");
    if (!catalog.architecture_of(*model).rate(f.precision)) {
        table.fail(row, "precision",
                   "'" + f.precision + "' does not exist on " + model->architecture);
    }
    f.tflops = table.number(row, "tflops");
    if (f.tflops <= 0) table.fail(row, "tflops", "must be positive");
    f.source = table.required_text(row, "source");
    return f;
}

void parse_published(const CsvTable& table, Catalog& catalog) {
    for (const auto& row : table.rows()) {
        auto f = parse_sku_figure<PublishedFigure>(table, row, catalog);
        f.line = row.line;
        catalog.published.push_back(std::move(f));
    }
}

void parse_capped(const CsvTable& table, Catalog& catalog) {
    for (const auto& row : table.rows()) {
        auto c = parse_sku_figure<CappedRate>(table, row, catalog);
        if (catalog.find_capped(c.sku, c.precision)) {
            table.fail(row, "precision", "'" + c.precision + "' of " + c.sku + " is listed twice");
        }
        catalog.capped.push_back(std::move(c));
    }
}

// FNV-1a over every spec file's name within the folder and its text: the spec catalog's
// identity for the database's catalog tables. Not the folder: a copy elsewhere is the same
// catalog.
std::string digest_of(const CatalogSources& s) {
    Fnv1a hash;
    for (const auto* file : {&s.vendors, &s.segments, &s.precisions, &s.architectures, &s.rates,
                             &s.skus, &s.support, &s.published, &s.capped, &s.vram_classes}) {
        hash.add_field(std::filesystem::path(file->file).filename().string()).add_field(file->text);
    }
    return std::to_string(hash.value());
}

// The support row of `model`: the one of its target, or its architecture's only row.
const SoftwareSupport* find_support(const std::vector<SoftwareSupport>& rows,
                                    const GpuModel& model) {
    const SoftwareSupport* only = nullptr;
    int of_architecture = 0;
    for (const auto& s : rows) {
        if (s.architecture != model.architecture) continue;
        if (!model.target.empty() && s.target == model.target) return &s;
        only = &s;
        ++of_architecture;
    }
    return model.target.empty() && of_architecture == 1 ? only : nullptr;
}

template <typename T, typename Key>
const T* find_by(const std::vector<T>& items, std::string_view name, Key key) {
    for (const auto& item : items) {
        if (item.*key == name) return &item;
    }
    return nullptr;
}

}  // namespace

const Rate* Architecture::rate(std::string_view precision) const {
    const auto it = rates.find(precision);
    return it == rates.end() ? nullptr : &it->second;
}

const Architecture* Catalog::find_architecture(std::string_view name) const {
    return find_by(architectures, name, &Architecture::name);
}

const GpuModel* Catalog::find_model(std::string_view key) const {
    return find_by(models, key, &GpuModel::key);
}

std::string Catalog::display_name(std::string_view key) const {
    const auto* model = find_model(key);
    return model ? model->name : std::string(key);
}

const PrecisionInfo* Catalog::find_precision(std::string_view name) const {
    return find_by(precisions, name, &PrecisionInfo::name);
}

const Segment* Catalog::find_segment(std::string_view name) const {
    return find_by(segments, name, &Segment::name);
}

const Vendor* Catalog::find_vendor(std::string_view name) const {
    return find_by(vendors, name, &Vendor::name);
}

const CappedRate* Catalog::find_capped(std::string_view key, std::string_view precision) const {
    for (const auto& c : capped) {
        if (c.sku == key && c.precision == precision) return &c;
    }
    return nullptr;
}

const Architecture& Catalog::architecture_of(const GpuModel& model) const {
    return *find_architecture(model.architecture);
}

const SoftwareSupport& Catalog::support_of(const GpuModel& model) const {
    return *find_support(support, model);
}

std::string Catalog::precision_names() const {
    std::string names;
    for (const auto& p : precisions) names += (names.empty() ? "" : ", ") + p.name;
    return names;
}

Catalog parse_catalog(const CatalogSources& s) {
    Catalog catalog;
    parse_vendors(CsvTable(s.vendors.text, s.vendors.file), catalog);
    parse_segments(CsvTable(s.segments.text, s.segments.file), catalog);
    parse_precisions(CsvTable(s.precisions.text, s.precisions.file), catalog);
    const CsvTable archs(s.architectures.text, s.architectures.file);
    parse_architectures(archs, catalog);
    parse_rates(CsvTable(s.rates.text, s.rates.file), catalog);
    const CsvTable skus(s.skus.text, s.skus.file);
    for (const auto& row : skus.rows()) {
        auto model = parse_model(skus, row, catalog);
        if (catalog.find_model(model.key)) {
            skus.fail(row, "key", "'" + model.key + "' is listed twice");
        }
        if (find_by(catalog.models, model.name, &GpuModel::name)) {
            skus.fail(row, "name", "'" + model.name + "' is listed twice");
        }
        catalog.models.push_back(std::move(model));
    }
    parse_support(CsvTable(s.support.text, s.support.file), catalog);
    // Every architecture says what software runs it: the report's support column needs it.
    for (const auto& row : archs.rows()) {
        const auto& name = archs.text(row, "architecture");
        if (!find_by(catalog.support, name, &SoftwareSupport::architecture)) {
            archs.fail(row, "architecture", "'" + name + "' has no row in " + s.support.file);
        }
    }
    // Every SKU finds its row: by its target where the architecture has several.
    for (std::size_t i = 0; i < catalog.models.size(); ++i) {
        const auto& model = catalog.models[i];
        if (find_support(catalog.support, model)) continue;
        const auto& row = skus.rows()[i];
        if (model.target.empty()) {
            skus.fail(
                row, "target",
                model.architecture + " has several targets in " + s.support.file + ": say which");
        }
        skus.fail(row, "target",
                  "'" + model.target + "' is not a target of " + model.architecture + " in " +
                      s.support.file);
    }
    parse_published(CsvTable(s.published.text, s.published.file), catalog);
    parse_capped(CsvTable(s.capped.text, s.capped.file), catalog);
    catalog.vram_classes = parse_vram_classes(CsvTable(s.vram_classes.text, s.vram_classes.file));
    for (auto& model : catalog.models) {
        model.vram_class = classify_vram(catalog.vram_classes, model.vram_gb);
    }
    catalog.digest = digest_of(s);
    return catalog;
}

CatalogSources read_catalog_sources(const std::string& dir) {
    auto read = [&dir](std::string_view name) {
        const auto path = dir + "/" + std::string(name);
        return CatalogText{path, read_text_file(path)};
    };
    return {read(kVendorsFile),       read(kSegmentsFile),  read(kPrecisionsFile),
            read(kArchitecturesFile), read(kRatesFile),     read(kSkusFile),
            read(kSupportFile),       read(kPublishedFile), read(kCappedFile),
            read(kVramClassesFile)};
}

Catalog load_catalog(const std::string& dir) {
    auto catalog = parse_catalog(read_catalog_sources(dir));
    catalog.measurements = load_measured_performance(dir, catalog);
    load_launches(dir, catalog);
    return catalog;
}

}  // namespace gpuprice::schema
