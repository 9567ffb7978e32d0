// CPython's random.Random, bit for bit: MT19937 seeded by init_by_array, and the methods the
// Python simulations call (random, getrandbits, randbelow, randint, randrange, choice, shuffle).
//
// Why: a native playout must draw exactly the numbers the Python session draws from
// random.Random(seed), so both engines play the same game for the same seed. The seed's key
// words (CPython's random_seed: abs(int) as 32-bit words, little end first; a str hashed with
// sha512 first) are computed on the Python side by narrator.fast.mt_key and passed in.
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

namespace native {

class PyRandom {
 public:
  explicit PyRandom(const std::vector<uint32_t>& key) { seed(key); }
  PyRandom() { seed(std::vector<uint32_t>{0u}); }

  // A generator to be seeded by seed() or seed_many() before its first draw (no wasted seeding).
  struct Unseeded {};
  explicit PyRandom(Unseeded) {}

  // CPython's init_by_array (Modules/_randommodule.c).
  void seed(const std::vector<uint32_t>& key) {
    start_seeding();
    uint32_t i = 1, j = 0;
    const uint32_t key_length = key.empty() ? 1u : static_cast<uint32_t>(key.size());
    for (uint32_t k = (N > key_length ? N : key_length); k; --k) {
      const uint32_t word = key.empty() ? 0u : key[j];
      mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1664525u)) + word + j;
      ++i;
      ++j;
      if (i >= N) { mt_[0] = mt_[N - 1]; i = 1; }
      if (j >= key_length) j = 0;
    }
    for (uint32_t k = N - 1; k; --k) {
      mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1566083941u)) - i;
      ++i;
      if (i >= N) { mt_[0] = mt_[N - 1]; i = 1; }
    }
    mt_[0] = 0x80000000u;
  }

  // gens[g]->seed(*keys[g]) for every g < n: the same states. init_by_array is one long chain of
  // dependent steps per generator; stepping several generators together lets the CPU overlap
  // their chains (about twice as fast for the five or more generators of a simulated game).
  static void seed_many(PyRandom* const* gens, const std::vector<uint32_t>* const* keys, std::size_t n) {
    constexpr std::size_t MAX = 16;
    uint32_t* mt[MAX];
    const uint32_t* words[MAX];
    std::size_t length[MAX], j[MAX];
    uint32_t prev[MAX];  // mt[g][i - 1], kept out of memory
    std::size_t m = 0;
    for (std::size_t g = 0; g < n; ++g) {
      const std::vector<uint32_t>& key = *keys[g];
      if (key.empty() || key.size() > N || m == MAX) {  // max(N, key_length) != N: the plain path
        gens[g]->seed(key);
        continue;
      }
      gens[g]->start_seeding();
      mt[m] = gens[g]->mt_;
      words[m] = key.data();
      length[m] = key.size();
      j[m] = 0;
      prev[m] = mt[m][0];
      ++m;
    }
    uint32_t i = 1;
    for (uint32_t k = N; k; --k) {
      for (std::size_t g = 0; g < m; ++g) {
        const uint32_t v = (mt[g][i] ^ ((prev[g] ^ (prev[g] >> 30)) * 1664525u)) + words[g][j[g]] +
                           static_cast<uint32_t>(j[g]);
        mt[g][i] = prev[g] = v;
        if (++j[g] >= length[g]) j[g] = 0;
      }
      if (++i >= N) {
        for (std::size_t g = 0; g < m; ++g) mt[g][0] = mt[g][N - 1];
        i = 1;
      }
    }
    for (uint32_t k = N - 1; k; --k) {
      for (std::size_t g = 0; g < m; ++g) {
        const uint32_t v = (mt[g][i] ^ ((prev[g] ^ (prev[g] >> 30)) * 1566083941u)) - i;
        mt[g][i] = prev[g] = v;
      }
      if (++i >= N) {
        for (std::size_t g = 0; g < m; ++g) mt[g][0] = mt[g][N - 1];
        i = 1;
      }
    }
    for (std::size_t g = 0; g < m; ++g) mt[g][0] = 0x80000000u;
  }

  // The raw state, for a seeder that computes it elsewhere (native/ten_candles/seed_lanes.hpp
  // seeds a game's generators side by side in SIMD lanes): the 624 words and the draw index, as
  // CPython's getstate() holds them. Whoever writes them must leave a state CPython could have.
  uint32_t* words() { return mt_; }
  void set_index(uint32_t index) { mti_ = index; }

  uint32_t genrand_uint32() {
    static const uint32_t mag01[2] = {0x0u, 0x9908b0dfu};
    uint32_t y;
    if (mti_ >= N) {
      int kk = 0;
      for (; kk < static_cast<int>(N - M); kk++) {
        y = (mt_[kk] & UPPER) | (mt_[kk + 1] & LOWER);
        mt_[kk] = mt_[kk + M] ^ (y >> 1) ^ mag01[y & 0x1u];
      }
      for (; kk < static_cast<int>(N - 1); kk++) {
        y = (mt_[kk] & UPPER) | (mt_[kk + 1] & LOWER);
        mt_[kk] = mt_[kk + (M - N)] ^ (y >> 1) ^ mag01[y & 0x1u];
      }
      y = (mt_[N - 1] & UPPER) | (mt_[0] & LOWER);
      mt_[N - 1] = mt_[M - 1] ^ (y >> 1) ^ mag01[y & 0x1u];
      mti_ = 0;
    }
    y = mt_[mti_++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= (y >> 18);
    return y;
  }

  // random.random(): 53 bits from two words.
  double random() {
    const uint32_t a = genrand_uint32() >> 5, b = genrand_uint32() >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
  }

  // random.getrandbits(k) for 0 <= k <= 32.
  uint32_t getrandbits(int k) {
    if (k <= 0) return 0;
    return genrand_uint32() >> (32 - k);
  }

  // random._randbelow(n) (the getrandbits variant), 0 < n <= 2**32 - 1; n == 0 gives 0.
  uint32_t randbelow(uint32_t n) {
    if (n == 0) return 0;
    int k = 0;
    for (uint32_t v = n; v; v >>= 1) ++k;  // n.bit_length()
    uint32_t r = getrandbits(k);
    while (r >= n) r = getrandbits(k);
    return r;
  }

  int64_t randrange(int64_t stop) { return static_cast<int64_t>(randbelow(static_cast<uint32_t>(stop))); }
  int64_t randint(int64_t a, int64_t b) { return a + static_cast<int64_t>(randbelow(static_cast<uint32_t>(b - a + 1))); }

  // Index of random.choice(seq) for len(seq) == size.
  std::size_t choice_index(std::size_t size) { return randbelow(static_cast<uint32_t>(size)); }

  // random.shuffle(x), in place.
  template <class T>
  void shuffle(std::vector<T>& x) {
    for (std::size_t i = x.size(); i-- > 1;) {
      const std::size_t j = randbelow(static_cast<uint32_t>(i + 1));
      std::swap(x[i], x[j]);
    }
  }

 private:
  static constexpr uint32_t N = 624, M = 397, UPPER = 0x80000000u, LOWER = 0x7fffffffu;
  struct Uninitialised {};
  struct Table {
    uint32_t words[N];
  };
  explicit PyRandom(Uninitialised) {}
  uint32_t mt_[N];
  uint32_t mti_ = N + 1;

  // init_genrand(19650218u), computed once: every seeding starts from the same table.
  void start_seeding() {
    static const Table base = [] {
      PyRandom r(Uninitialised{});
      r.init_genrand(19650218u);
      Table t;
      for (uint32_t k = 0; k < N; ++k) t.words[k] = r.mt_[k];
      return t;
    }();
    for (uint32_t k = 0; k < N; ++k) mt_[k] = base.words[k];
    mti_ = N;
  }

  void init_genrand(uint32_t s) {
    mt_[0] = s;
    for (mti_ = 1; mti_ < N; mti_++) mt_[mti_] = 1812433253u * (mt_[mti_ - 1] ^ (mt_[mti_ - 1] >> 30)) + mti_;
  }
};

}  // namespace native
