// battaglia native: what the generated state glue (generated_state_py.hpp, narrator/fast/codegen_state.py)
// is written with: Python values to masks and enums and back. Include from module.cpp only (pybind11).
#pragma once
#include <pybind11/pybind11.h>

#include <cstdint>
#include <string>
#include <unordered_map>

#include "types.hpp"

namespace battaglia {
namespace glue {
namespace py = pybind11;

// The Python objects the glue makes, by name: imported on first use and kept for the process (never
// freed, so no Python object outlives the interpreter). The generated header defines classes().
struct Classes {
  std::unordered_map<std::string, py::object> by_name;
  py::object get(const char* name) const { return by_name.at(name); }
};
inline const Classes& classes();

// An enum value from its Python name (the enum's value, or a plain str).
template <class E>
E named(const py::handle& v, const char* (*name)(E), int count) {
  const std::string text = py::str(v);
  for (int i = 0; i < count; ++i)
    if (text == name(static_cast<E>(i))) return static_cast<E>(i);
  throw py::value_error("no native value named " + text);
}
inline uint32_t seat_mask(const py::handle& v) {
  uint32_t m = 0;
  for (auto x : v) m |= bit(x.cast<int>());
  return m;
}
inline uint32_t card_mask(const py::handle& v) {
  uint32_t m = 0;
  for (auto x : v) m |= cbit(named<Card>(x, card_name, MAX_CARDS));
  return m;
}
template <class F>
py::tuple tuple_of(int n, F item) {
  py::tuple out(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) out[static_cast<std::size_t>(i)] = item(i);
  return out;
}
inline int nth_seat(uint32_t m, int i) {  // the i-th lowest member of a set
  while (i-- > 0) m &= m - 1;
  return __builtin_ctz(m);
}
inline py::tuple seat_tuple(uint32_t m) {
  return tuple_of(popcount(m), [&](int i) { return py::int_(nth_seat(m, i)); });
}
inline py::frozenset seat_set(uint32_t m) { return py::frozenset(seat_tuple(m)); }
inline py::object card_object(int c) { return classes().get("Card")(py::str(card_name(static_cast<Card>(c)))); }
inline py::tuple card_tuple(uint32_t m) {  // in deck order
  return tuple_of(popcount(m), [&](int i) { return card_object(nth_seat(m, i)); });
}
inline py::frozenset card_set(uint32_t m) { return py::frozenset(card_tuple(m)); }
inline py::frozenset announced_set(const uint32_t* by_life) {  // (card, life) for lives 1 and 2
  py::list out;
  for (int life = 1; life <= 2; ++life)
    for (uint32_t m = by_life[life]; m; m &= m - 1) out.append(py::make_tuple(card_object(__builtin_ctz(m)), life));
  return py::frozenset(out);
}
}  // namespace glue

}  // namespace battaglia
