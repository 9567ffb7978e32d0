// narrator.fast._battaglia: the native battaglia playout engine (see narrator/fast/battaglia.py).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "types.hpp"

namespace py = pybind11;

PYBIND11_MODULE(_battaglia, m) {
  m.doc() = "Native battaglia kernel and playout (simulation accelerator; rules/battaglia is the law).";
  m.def("max_seats", [] { return battaglia::MAX_SEATS; });
}
