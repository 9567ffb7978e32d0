// Ten Candles, native: build the agents' Material from the dict Python's
// narrator.fast.ten_candles_material.agent_material(config) returns. Include from module.cpp only
// (it needs pybind11); call once per run and keep the Material alive while its games play.
#pragma once
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "ten_candles/material.hpp"

namespace tc {

namespace material_py_detail {
namespace py = pybind11;

inline MaterialTable table(const py::handle& obj) {
  const py::dict d = py::reinterpret_borrow<py::dict>(obj);
  MaterialTable t;
  t.texts = d["texts"].cast<std::vector<std::string>>();
  for (const auto& v : d["allowed"]) t.allowed.push_back(v.cast<bool>() ? 1 : 0);
  for (const auto& v : d["veiled"]) t.veiled.push_back(v.cast<bool>() ? 1 : 0);
  return t;
}
}  // namespace material_py_detail

inline Material material_from_py(const pybind11::dict& d) {
  namespace py = pybind11;
  using material_py_detail::table;
  Material m;
  m.neutral = d["neutral"].cast<std::string>();
  m.neutral_word = d["neutral_word"].cast<std::string>();
  m.names = d["names"].cast<std::vector<std::string>>();
  m.brink_fallback = d["brink_fallback"].cast<std::string>();
  m.truth_prefix = d["truth_prefix"].cast<std::string>();
  const py::dict tables = d["tables"].cast<py::dict>();
  const std::pair<const char*, MaterialTable*> named[] = {
      {"looks", &m.looks},           {"roles", &m.roles},       {"virtues", &m.virtues},
      {"vices", &m.vices},           {"moments", &m.moments},   {"brinks", &m.brinks},
      {"their_brinks", &m.their_brinks}, {"pockets", &m.pockets}, {"messages", &m.messages},
      {"narrations", &m.narrations}, {"deaths", &m.deaths},     {"general_truths", &m.general_truths}};
  for (const auto& [name, target] : named) *target = table(tables[name]);
  const py::list lines = d["lines"].cast<py::list>();
  if (static_cast<int>(lines.size()) != LINE_COUNT) throw std::invalid_argument("material: wrong number of line tables");
  for (int i = 0; i < LINE_COUNT; ++i) m.lines[static_cast<std::size_t>(i)] = table(lines[static_cast<std::size_t>(i)]);
  for (const char* kind : {"virtue_tempers", "vice_tempers"}) {
    auto& map = std::string(kind) == "virtue_tempers" ? m.virtue_tempers : m.vice_tempers;
    for (const auto& item : d[kind].cast<py::dict>()) {
      const auto offsets = item.second.cast<std::vector<double>>();
      if (offsets.size() != 4) throw std::invalid_argument("material: a temper has four dials");
      map[item.first.cast<std::string>()] = Temper{offsets[0], offsets[1], offsets[2], offsets[3]};
    }
  }
  for (const auto& item : d["brink_dials"].cast<py::dict>()) {
    const auto hits = item.second.cast<std::vector<bool>>();
    m.brink_dials[item.first.cast<std::string>()] = {hits.at(0), hits.at(1)};
  }
  for (const auto& obj : d["modules"].cast<py::list>()) {
    const py::dict md = obj.cast<py::dict>();
    ModuleTruths mt;
    mt.briefings = md["briefings"].cast<std::vector<std::string>>();
    mt.truths = table(md["truths"]);
    m.modules.push_back(std::move(mt));
  }
  const py::dict voice = d["voice"].cast<py::dict>();
  m.voice.briefing = voice["briefing"].cast<std::string>();
  m.voice.open_scene = voice["open_scene"].cast<std::string>();
  m.voice.truth = voice["truth"].cast<std::string>();
  m.voice.truth_topic = voice["truth_topic"].cast<std::string>();
  m.voice.write_brink = voice["write_brink"].cast<std::string>();
  m.voice.narrate_outcome = voice["narrate_outcome"].cast<std::string>();
  m.voice.final_death = voice["final_death"].cast<std::string>();
  m.finish();
  return m;
}

}  // namespace tc
