// Ten Candles, native: the scripted agents' narrative material (agents/ten_candles/material.py)
// with the table's content filter already applied.
//
// Python builds the data once per run (narrator/fast/ten_candles_material.py, `agent_material(config)`)
// and module.cpp turns it into a `Material` (material_py.hpp, `material_from_py`). Everything a
// decision depends on is resolved there, in Python, by the very functions the Python agents call:
//   * the Safety of the config's lines and veils -> `allowed` / `veiled` per entry (mat.allowed);
//   * a Trait word -> its persona offsets (persona._temper_of);
//   * a Brink text -> whether it pushes `reckless` / `selfless` (persona.BRINK_WORDS);
//   * each module's stripped briefings and truths (survivor._module_truths; the `in` test it
//     makes on the briefing read is done here on UTF-8 bytes, which finds the same substrings).
// So C++ never lower-cases or tags text: it draws from the same pools with the same generator
// calls and looks decisions up by the exact (UTF-8) strings the kernel stores.
#pragma once
#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "pyrandom.hpp"

namespace tc {

// One material table (a YAML list of entries) as a table with `safety` sees it.
struct MaterialTable {
  std::vector<std::string> texts;  // mat.text(entry, lang) (may be empty for tables only drawn from)
  std::vector<uint8_t> allowed;    // safety.allows(entry) (all 1 for an open table)
  std::vector<uint8_t> veiled;     // safety.veiled(entry) (all 0 for an open table)
  std::vector<int> pool;           // mat.allowed(entries, safety), as entry indices (see finish())

  int size() const { return static_cast<int>(allowed.size()); }

  // Precompute the pool of the whole table: mat.allowed(entries, safety). With an open safety
  // every entry is allowed and none veiled, which gives `entries` itself, as Python does.
  void finish() {
    if (veiled.size() != allowed.size() || (!texts.empty() && texts.size() != allowed.size()))
      throw std::invalid_argument("material table: texts, allowed and veiled differ in length");
    pool = pool_of_all();
  }

  std::vector<int> pool_of_all() const {
    std::vector<int> kept, clear;
    for (int i = 0; i < size(); ++i) {
      if (!allowed[i]) continue;
      kept.push_back(i);
      if (!veiled[i]) clear.push_back(i);
    }
    return clear.empty() ? kept : clear;
  }
};

// mat.pick(rng, entries, safety): one entry index of `pool` drawn with `rng`, -1 (None) when the
// pool is empty (no draw then, as in Python).
inline int pick(native::PyRandom& rng, const std::vector<int>& pool) {
  if (pool.empty()) return -1;
  return pool[rng.randbelow(static_cast<uint32_t>(pool.size()))];
}

// The four persona dials, in persona.DIALS order.
enum Dial : int { BOLD = 0, RECKLESS = 1, HOPEFUL = 2, SELFLESS = 3 };
using Temper = std::array<double, 4>;  // offsets of a Trait word (0.0 where the YAML names none)

// The situations of ScriptedSurvivor._say (characters.yaml `lines`), in this order.
enum Line : int { BURN_VIRTUE = 0, BURN_VICE, EMBRACE, SEIZE, DEATH_LINE, FAIL, SUCCESS, LINE_COUNT };
inline const char* line_name(int line) {
  static const char* names[] = {"burn_virtue", "burn_vice", "embrace", "seize", "death", "fail", "success"};
  return names[line];
}

// One module of prompts/ten_candles/modules (only what _module_truths needs).
struct ModuleTruths {
  std::vector<std::string> briefings;  // data["briefing"][lang].strip() for lang in LANGS
  MaterialTable truths;                // data.get("truths") or (), texts without the prefix
};

// The truths a survivor may speak once a given module was read: tables.yaml `truths` followed by
// the module's, with their prefixed texts and, for every prefixed text, which entries carry it.
struct TruthSet {
  std::vector<std::string> texts;  // truth_prefix + mat.text(e)
  std::vector<uint8_t> allowed, veiled;
  std::vector<std::vector<int>> by_length;  // text length -> the entries of that length

  // The entries whose prefixed text is `text`, one bit each (several when two entries read alike).
  uint64_t entries_of(const std::string& text) const {
    if (text.size() >= by_length.size()) return 0;
    uint64_t bits = 0;
    for (int i : by_length[text.size()])
      if (texts[static_cast<std::size_t>(i)] == text) bits |= uint64_t{1} << i;
    return bits;
  }
};

// The voice=None GM's words (agents/ten_candles/voice.py, PlainVoice).
struct PlainVoiceTexts {
  std::string briefing = "module";
  std::string open_scene = "scene";
  std::string truth = "Truth: the dark is near";
  std::string truth_topic = "general";
  std::string write_brink = "\xD0\x9E\xD0\xBD\xD0\xB8 \xD0\xB2\xD0\xB8\xD0\xB4\xD0\xB5\xD0\xBB\xD0\xB8, "
                            "\xD0\xBA\xD0\xB0\xD0\xBA \xD1\x82\xD1\x8B\xE2\x80\xA6 "
                            "\xD0\xB4\xD1\x80\xD0\xBE\xD0\xB3\xD0\xBD\xD1\x83\xD0\xBB";  // «Они видели, как ты… дрогнул»
  std::string narrate_outcome = "so it goes";
  std::string final_death = "the dark takes them";
};

// Everything the scripted survivors and GM of one run draw from (one language, one Safety).
struct Material {
  std::string neutral;  // mat.NEUTRAL[lang]: the text of a pick that found nothing
  std::vector<std::string> names;  // characters.yaml names[lang]
  MaterialTable looks, roles, virtues, vices, moments, brinks, their_brinks, pockets, messages, narrations, deaths;
  MaterialTable general_truths;    // tables.yaml truths (texts without the prefix)
  std::array<MaterialTable, LINE_COUNT> lines;  // characters.yaml lines[situation] (only drawn from)

  // virtues.texts / vices.texts hold each entry's Trait word, mat.text(entry, lang).split()[0];
  // brinks.texts hold f"{mat.text(entry)} ({mat.text(entry['note'])})" (survivor._traits, _brink).
  std::string neutral_word;                           // mat.text(None, lang).split()[0]
  std::string brink_fallback;                         // "I saw you..." / «Я видел, как ты…»
  std::string truth_prefix;                           // tables.yaml truth_prefix[lang]

  std::unordered_map<std::string, Temper> virtue_tempers, vice_tempers;  // word -> _temper_of(word, kind)
  std::unordered_map<std::string, std::array<bool, 2>> brink_dials;      // Brink text -> (reckless, selfless) hit

  std::vector<ModuleTruths> modules;  // mat.module_names() order
  PlainVoiceTexts voice;

  // Built by finish(): the truth sets, [0] = no module matched, [1 + m] = module m.
  std::vector<TruthSet> truth_sets;

  // Pools and truth sets; call once after filling the fields.
  void finish() {
    for (MaterialTable* t : {&looks, &roles, &virtues, &vices, &moments, &brinks, &their_brinks, &pockets, &messages,
                             &narrations, &deaths, &general_truths})
      t->finish();
    for (auto& t : lines) t.finish();
    for (auto& m : modules) m.truths.finish();
    for (const MaterialTable* t : {&looks, &roles, &virtues, &vices, &moments, &brinks, &their_brinks, &pockets,
                                   &messages, &narrations, &deaths, &general_truths})
      if (t->texts.size() != t->allowed.size()) throw std::invalid_argument("material: a written table has no texts");
    if (names.empty()) throw std::invalid_argument("material: no character names");
    truth_sets.clear();
    truth_sets.push_back(truth_set(nullptr));
    for (const auto& m : modules) truth_sets.push_back(truth_set(&m.truths));
  }

  // survivor._module_truths(briefing): the first module (sorted by name) one of whose stripped
  // briefings occurs in `briefing`; 0 = none, else 1 + its index.
  int module_of(const std::string& briefing) const {
    if (briefing.empty()) return 0;
    for (std::size_t m = 0; m < modules.size(); ++m)
      for (const auto& b : modules[m].briefings)
        if (briefing.find(b) != std::string::npos) return static_cast<int>(m) + 1;
    return 0;
  }

  // persona._temper_of(word, "virtues" / "vices") for a word this material can write.
  Temper temper(const std::string& word, bool virtue) const {
    const auto& map = virtue ? virtue_tempers : vice_tempers;
    auto it = map.find(word);
    return it == map.end() ? Temper{0.0, 0.0, 0.0, 0.0} : it->second;
  }

 private:
  TruthSet truth_set(const MaterialTable* module_truths) const {
    TruthSet set;
    auto add = [&](const MaterialTable& t) {
      for (int i = 0; i < t.size(); ++i) {
        set.texts.push_back(truth_prefix + t.texts[i]);
        set.allowed.push_back(t.allowed[i]);
        set.veiled.push_back(t.veiled[i]);
      }
    };
    add(general_truths);
    if (module_truths != nullptr) add(*module_truths);
    if (set.texts.size() > 64) throw std::invalid_argument("material: more than 64 truths a survivor may speak");
    for (std::size_t i = 0; i < set.texts.size(); ++i) {
      const std::size_t length = set.texts[i].size();
      if (length >= set.by_length.size()) set.by_length.resize(length + 1);
      set.by_length[length].push_back(static_cast<int>(i));
    }
    return set;
  }
};

// str.format_map(_Blank({"name": name})) for the simple fields the material uses: "{name}" is the
// name, any other "{field}" is empty, "{{" and "}}" are braces (survivor._Blank).
inline std::string format_name(const std::string& text, const std::string& name) {
  if (text.find('{') == std::string::npos && text.find('}') == std::string::npos) return text;
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char ch = text[i];
    if (ch == '{' && i + 1 < text.size() && text[i + 1] == '{') {
      out += '{';
      ++i;
    } else if (ch == '}' && i + 1 < text.size() && text[i + 1] == '}') {
      out += '}';
      ++i;
    } else if (ch == '{') {
      const std::size_t close = text.find('}', i);
      if (close == std::string::npos) throw std::invalid_argument("material: unmatched '{' in " + text);
      if (text.compare(i + 1, close - i - 1, "name") == 0) out += name;
      i = close;
    } else {
      out += ch;
    }
  }
  return out;
}

}  // namespace tc
