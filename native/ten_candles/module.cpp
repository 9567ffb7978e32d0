// narrator.fast._ten_candles: the native Ten Candles playout engine (see narrator/fast/ten_candles.py).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "types.hpp"

namespace py = pybind11;

PYBIND11_MODULE(_ten_candles, m) {
  m.doc() = "Native Ten Candles playouts: the same games as the Python kernel, faster.";
  m.def("kinds", []() {
    std::vector<std::string> out;
    for (int k = 0; k <= static_cast<int>(tc::Kind::chance); ++k) out.push_back(tc::kind_name(static_cast<tc::Kind>(k)));
    return out;
  }, "The action kinds, in the order of tc::Kind (Python ACTION_TYPES, then chance)");
}
