// agents/battaglia/draws.py's DecisionRandom (SplitMix64), bit for bit.
#pragma once
#include <cstdint>
#include <vector>

namespace native {

constexpr uint64_t kGamma = 0x9E3779B97F4A7C15ull;

inline uint64_t mix64(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

class DecisionRandom {
 public:
  explicit DecisionRandom(uint64_t seed = 0) : origin_(seed), state_(seed) {}
  void seed(uint64_t value) { origin_ = state_ = value; }

  double random() {
    state_ += kGamma;
    return static_cast<double>(mix64(state_) >> 11) * 0x1.0p-53;
  }

  // Index of choice(seq) for len(seq) == size (size > 0).
  std::size_t choice_index(std::size_t size) { return static_cast<std::size_t>(random() * static_cast<double>(size)); }

  // unit(key): a float in [0, 1) fixed by the last seed and key alone.
  double unit(int64_t key) const {
    const uint64_t salt = mix64(static_cast<uint64_t>(key + 1) * kGamma);
    return static_cast<double>(mix64(origin_ ^ salt) >> 11) * 0x1.0p-53;
  }

 private:
  uint64_t origin_, state_;
};

}  // namespace native
