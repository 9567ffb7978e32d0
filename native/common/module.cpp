// narrator.fast._common: the shared generators, exposed so tests can hold them to CPython's.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "pyrandom.hpp"
#include "splitmix.hpp"

namespace py = pybind11;

PYBIND11_MODULE(_common, m) {
  m.doc() = "Shared native generators (CPython's Mersenne Twister, SplitMix64), for tests.";
  m.def("mt_stream", [](const std::vector<uint32_t>& key, int count) {
    native::PyRandom rng(key);
    std::vector<double> out;
    for (int i = 0; i < count; ++i) out.push_back(rng.random());
    return out;
  }, "count random() values of random.Random seeded with the key words");
  m.def("mt_ops", [](const std::vector<uint32_t>& key, int n, int count) {
    native::PyRandom rng(key);
    std::vector<int64_t> out;
    for (int i = 0; i < count; ++i) out.push_back(rng.randint(1, n));
    for (int i = 0; i < count; ++i) out.push_back(rng.randrange(n));
    std::vector<int64_t> deck(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) deck[static_cast<std::size_t>(i)] = i;
    rng.shuffle(deck);
    out.insert(out.end(), deck.begin(), deck.end());
    return out;
  }, "randint(1, n) x count, randrange(n) x count, then shuffle(range(n)), as one list");
  m.def("mt_streams_many", [](const std::vector<std::vector<uint32_t>>& keys, int count) {
    std::vector<native::PyRandom> gens(keys.size(), native::PyRandom(native::PyRandom::Unseeded{}));
    std::vector<native::PyRandom*> ptrs;
    std::vector<const std::vector<uint32_t>*> key_ptrs;
    for (std::size_t g = 0; g < keys.size(); ++g) {
      ptrs.push_back(&gens[g]);
      key_ptrs.push_back(&keys[g]);
    }
    native::PyRandom::seed_many(ptrs.data(), key_ptrs.data(), keys.size());
    std::vector<std::vector<double>> out(keys.size());
    for (std::size_t g = 0; g < keys.size(); ++g)
      for (int i = 0; i < count; ++i) out[g].push_back(gens[g].random());
    return out;
  }, "count random() values of each generator, all seeded at once by PyRandom::seed_many");
  m.def("splitmix_stream", [](uint64_t seed, int count, int64_t unit_key) {
    native::DecisionRandom rng(seed);
    std::vector<double> out;
    out.push_back(rng.unit(unit_key));
    for (int i = 0; i < count; ++i) out.push_back(rng.random());
    return out;
  }, "unit(unit_key), then count random() values of DecisionRandom(seed)");
}
