#include "schema/rules/match_rules.hpp"
#include "schema/domain/ascii_case.hpp"

#include "schema/rules/csv_reader.hpp"

namespace gpuprice::schema {

namespace {

WordKind parse_kind(const CsvTable& table, const CsvRecord& row, std::string_view column,
                    const std::string& value) {
    if (value == "noise") return WordKind::noise;
    if (value == "purpose") return WordKind::purpose;
    if (value == "negator") return WordKind::negator;
    if (value == "inclusion") return WordKind::inclusion;
    if (value == "joiner") return WordKind::joiner;
    if (value == "lanes") return WordKind::lanes;
    if (value == "gpu") return WordKind::gpu;
    if (value == "count-prefix") return WordKind::count_prefix;
    if (value == "count-unit") return WordKind::count_unit;
    if (value == "count-word") return WordKind::count_word;
    if (value == "accessory-maker") return WordKind::accessory_maker;
    if (value == "duration") return WordKind::duration;
    if (value == "sold-alone") return WordKind::sold_alone;
    table.fail(row, column,
               "'" + value +
                   "' is not one of noise, purpose, negator, inclusion, joiner, gpu, "
                   "count-prefix, count-unit, count-word, lanes, accessory-maker, duration, "
                   "sold-alone");
}

// Titles are matched word by word, and only letters, digits, '+', '&' and '=' make words
// (analysis/title_tokens.hpp).
bool has_letter_or_digit(const std::string& phrase) {
    for (unsigned char c : phrase) {
        // ASCII only, as the tokenizer: no locale decides what a word is.
        if ((c >= '0' && c <= '9') ||
            (ascii_lower(static_cast<char>(c)) >= 'a' &&
             ascii_lower(static_cast<char>(c)) <= 'z') ||
            c == '+' || c == '&' || c == '=') {
            return true;
        }
    }
    return false;
}

std::string phrase(const CsvTable& table, const CsvRecord& row, std::string_view column) {
    auto value = table.required_text(row, column);
    if (!has_letter_or_digit(value)) table.fail(row, column, "has no letter or digit to match");
    return value;
}

}  // namespace

MatchRules load_match_rules(const std::string& dir, const Catalog& catalog) {
    MatchRules rules;
    const auto check_sku = [&](const CsvTable& table, const CsvRecord& row, std::string_view column,
                               const std::string& key) {
        if (!catalog.find_model(key)) {
            table.fail(row, column, "'" + key + "' is not a key of skus.csv");
        }
    };

    const std::string aliases_file = dir + "/aliases.csv";
    const CsvTable aliases(read_text_file(aliases_file), aliases_file);
    for (const auto& row : aliases.rows()) {
        AliasRule rule{phrase(aliases, row, "alias"), aliases.list(row, "skus")};
        for (const auto& key : rule.skus) check_sku(aliases, row, "skus", key);
        rules.aliases.push_back(std::move(rule));
    }

    const std::string variants_file = dir + "/variants.csv";
    const CsvTable variants(read_text_file(variants_file), variants_file);
    for (const auto& row : variants.rows()) {
        VariantRule rule;
        rule.sku = variants.required_text(row, "sku");
        check_sku(variants, row, "sku", rule.sku);
        rule.word = phrase(variants, row, "word");
        const auto& effect = variants.text(row, "effect");
        if (effect == "requires") {
            rule.effect = VariantEffect::required;
        } else if (effect == "excludes") {
            rule.effect = VariantEffect::excluded;
        } else if (effect == "only-with") {
            rule.effect = VariantEffect::only_with;
        } else {
            variants.fail(row, "effect", "'" + effect + "' is not requires, excludes or only-with");
        }
        // A repeated row is a copy left by a merge: harmless today, confusing to the next editor.
        for (const auto& earlier : rules.variants) {
            if (earlier.sku == rule.sku && earlier.word == rule.word &&
                earlier.effect == rule.effect) {
                variants.fail(row, "word",
                              "'" + rule.word + "' for " + rule.sku + " repeats an earlier row");
            }
        }
        rules.variants.push_back(std::move(rule));
    }

    const std::string stated_file = dir + "/stated_vram.csv";
    const CsvTable stated(read_text_file(stated_file), stated_file);
    for (const auto& row : stated.rows()) {
        StatedVramRule rule;
        rule.sku = stated.required_text(row, "sku");
        check_sku(stated, row, "sku", rule.sku);
        rule.vram_gb = stated.number(row, "vram_gb");
        if (rule.vram_gb <= 0 || rule.vram_gb > kMaxVramGb) {
            stated.fail(
                row, "vram_gb",
                "must be positive and at most " + std::to_string(static_cast<int>(kMaxVramGb)));
        }
        const auto& means = stated.text(row, "means");
        if (means == "same-card") {
            rule.same_card = true;
        } else if (means != "other-card") {
            stated.fail(row, "means", "'" + means + "' is not same-card or other-card");
        }
        rules.stated_vram.push_back(std::move(rule));
    }

    const std::string exclusions_file = dir + "/exclusions.csv";
    const CsvTable exclusions(read_text_file(exclusions_file), exclusions_file);
    for (const auto& row : exclusions.rows()) {
        ExclusionRule rule;
        const auto& reason = exclusions.text(row, "reason");
        const auto parsed = parse_match_reason(reason);
        if (!parsed || *parsed == MatchReason::ok || *parsed == MatchReason::ambiguous ||
            *parsed == MatchReason::unknown_model) {
            exclusions.fail(row, "reason", "'" + reason + "' is not a rejection a phrase can make");
        }
        rule.reason = *parsed;
        rule.phrase = phrase(exclusions, row, "phrase");
        for (const auto& kind : exclusions.list(row, "neutralized_by")) {
            rule.neutralized_by.push_back(parse_kind(exclusions, row, "neutralized_by", kind));
        }
        const auto& when = exclusions.text(row, "when");
        if (when == "always") {
            rule.when = ExclusionWhen::always;
        } else if (when == "mentioned") {
            rule.when = ExclusionWhen::mentioned;
        } else if (when == "never") {
            rule.when = ExclusionWhen::never;
        } else if (when == "unless-card-stated") {
            rule.when = ExclusionWhen::unless_card_stated;
        } else {
            exclusions.fail(row, "when",
                            "'" + when + "' is not always, mentioned, never or unless-card-stated");
        }
        rules.exclusions.push_back(std::move(rule));
    }

    const std::string words_file = dir + "/match_words.csv";
    const CsvTable words(read_text_file(words_file), words_file);
    for (const auto& row : words.rows()) {
        rules.words.push_back(
            {parse_kind(words, row, "kind", words.text(row, "kind")), phrase(words, row, "word")});
    }

    const std::string parts_file = dir + "/part_numbers.csv";
    const CsvTable parts(read_text_file(parts_file), parts_file);
    for (const auto& row : parts.rows()) {
        PartNumberRule rule;
        rule.pattern = parts.required_text(row, "pattern");
        rule.pattern = ascii_lower(rule.pattern);
        if (rule.pattern.find_first_not_of('*') == std::string::npos) {
            parts.fail(row, "pattern", "matches every part number");
        }
        if (rule.pattern.find(' ') != std::string::npos) {
            parts.fail(row, "pattern", "has a space; a part number is one word");
        }
        if (parts.text(row, "skus") == "-") {
            rule.outside_catalog = true;
        } else {
            rule.skus = parts.list(row, "skus");
            for (const auto& key : rule.skus) check_sku(parts, row, "skus", key);
        }
        rule.vram_gb = parts.optional_number(row, "vram_gb");
        if (rule.vram_gb && (*rule.vram_gb <= 0 || *rule.vram_gb > kMaxVramGb)) {
            parts.fail(
                row, "vram_gb",
                "must be positive and at most " + std::to_string(static_cast<int>(kMaxVramGb)));
        }
        if (rule.skus.empty() && !rule.outside_catalog && !rule.vram_gb) {
            parts.fail(row, "skus", "a pattern must decide a SKU, `-` or a VRAM figure");
        }
        parts.required_text(row, "source");
        rules.part_numbers.push_back(std::move(rule));
    }
    return rules;
}

}  // namespace gpuprice::schema
