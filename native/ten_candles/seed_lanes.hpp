// Ten Candles, native: a game's generators seeded side by side, one per SIMD lane.
//
// A simulated game seeds six or more CPython generators (chance, the GM, every survivor), each
// with init_by_array over 624 words: two chains of ~624 dependent multiply-adds, then the first
// draw's twist. seed_lanes runs the chains of up to eight generators in the eight 32-bit lanes of
// one AVX2 register (the state kept transposed: word i of every generator in one vector), then
// twists them there too, and writes each generator's words back with the draw index at 0: the
// state CPython holds after seeding and drawing nothing yet, twisted ahead of the first draw
// (the same stream; PyRandom::words, set_index). Without AVX2 it is PyRandom::seed_many.
// tests/fast/test_ten_candles_native.py holds the streams to CPython's (via the games and mt_key).
#pragma once
#if (defined(__x86_64__) || defined(__i386__)) && !defined(TC_NO_SIMD)  // TC_NO_SIMD: build the fallback
#define TC_SEED_LANES 1  // x86: AVX2 chosen at run time
#include <immintrin.h>
#endif

#include <cstdint>
#include <vector>

#include "pyrandom.hpp"

namespace tc {

#ifdef TC_SEED_LANES
namespace lanes_detail {

constexpr uint32_t N = 624, M = 397, LANES = 8;
static_assert(N % LANES == 0, "the words go back to the generators eight at a time");

// init_genrand(19650218): every init_by_array starts from this table.
inline const uint32_t* start_table() {
  static const auto* table = [] {
    auto* t = new uint32_t[N];  // never freed: outlives every game
    t[0] = 19650218u;
    for (uint32_t i = 1; i < N; ++i) t[i] = 1812433253u * (t[i - 1] ^ (t[i - 1] >> 30)) + i;
    return t;
  }();
  return table;
}

// T[kk] = T[from] ^ (y >> 1) ^ (y odd ? 0x9908b0df : 0), y = T[kk]'s upper bit and T[next]'s lower bits
// (one vector of eight lanes: `stride` words a row).
__attribute__((target("avx2"))) inline void twist_word(uint32_t* T, std::size_t stride, uint32_t kk, uint32_t next,
                                                       uint32_t from, __m256i upper, __m256i lower, __m256i one,
                                                       __m256i mag) {
  __m256i* rk = reinterpret_cast<__m256i*>(T + kk * stride);
  const __m256i* rn = reinterpret_cast<const __m256i*>(T + next * stride);
  const __m256i* rf = reinterpret_cast<const __m256i*>(T + from * stride);
  const __m256i y = _mm256_or_si256(_mm256_and_si256(_mm256_load_si256(rk), upper),
                                    _mm256_and_si256(_mm256_load_si256(rn), lower));
  const __m256i odd = _mm256_sub_epi32(_mm256_setzero_si256(), _mm256_and_si256(y, one));  // y & 1 ? ~0 : 0
  _mm256_store_si256(rk, _mm256_xor_si256(_mm256_xor_si256(_mm256_load_si256(rf), _mm256_srli_epi32(y, 1)),
                                          _mm256_and_si256(odd, mag)));
}

// col[g] = (row 0 [g], row 1 [g], ..., row 7 [g]) for the eight rows of eight words at first,
// first + stride, ...: an 8 x 8 transpose of 32-bit words.
__attribute__((target("avx2"))) inline void transpose8(const uint32_t* first, std::size_t stride, __m256i* col) {
  __m256i r[LANES], t[LANES], u[LANES];
  for (uint32_t k = 0; k < LANES; ++k) r[k] = _mm256_load_si256(reinterpret_cast<const __m256i*>(first + k * stride));
  for (uint32_t k = 0; k < LANES; k += 2) {
    t[k] = _mm256_unpacklo_epi32(r[k], r[k + 1]);      // r_k[0] r_k+1[0] r_k[1] r_k+1[1] | the same of 4, 5
    t[k + 1] = _mm256_unpackhi_epi32(r[k], r[k + 1]);  // of 2, 3 | of 6, 7
  }
  for (uint32_t k = 0; k < LANES; k += 4) {
    u[k] = _mm256_unpacklo_epi64(t[k], t[k + 2]);          // rows k..k+3 of word 0 | of word 4
    u[k + 1] = _mm256_unpackhi_epi64(t[k], t[k + 2]);      // 1 | 5
    u[k + 2] = _mm256_unpacklo_epi64(t[k + 1], t[k + 3]);  // 2 | 6
    u[k + 3] = _mm256_unpackhi_epi64(t[k + 1], t[k + 3]);  // 3 | 7
  }
  for (uint32_t k = 0; k < 4; ++k) {
    col[k] = _mm256_permute2x128_si256(u[k], u[k + 4], 0x20);
    col[k + 4] = _mm256_permute2x128_si256(u[k], u[k + 4], 0x31);
  }
}

// Seeds gens[0..m) (1 <= m <= C x LANES; every key 1..N words) and twists them, in C chains of
// eight lanes stepped together (two chains: twice the generators in about the time of one, the
// steps of a chain waiting on each other's multiplies).
template <int C>
__attribute__((target("avx2"))) inline void seed_group(native::PyRandom* const* gens,
                                                       const std::vector<uint32_t>* const* keys, std::size_t m) {
  constexpr std::size_t W = static_cast<std::size_t>(C) * LANES;  // words a row
  alignas(32) uint32_t T[N * W];   // T[i * W + g]: word i of generator g (on the stack: a thread_local
  uint32_t words[W * N + 1];       // costs a call per access in a shared library) / the keys, then a 0
  const uint32_t* base = start_table();
  alignas(32) uint32_t off[W], len[W];
  uint32_t used = 0;
  for (std::size_t g = 0; g < W; ++g) {
    if (g < m) {
      const std::vector<uint32_t>& key = *keys[g];
      off[g] = used;
      len[g] = static_cast<uint32_t>(key.size());
      for (uint32_t w : key) words[used++] = w;
    } else {  // an idle lane: the key [0]
      off[g] = W * N;
      len[g] = 1;
    }
  }
  words[W * N] = 0;
  for (uint32_t i = 0; i < N; ++i)
    for (int c = 0; c < C; ++c)
      _mm256_store_si256(reinterpret_cast<__m256i*>(T + i * W + c * LANES), _mm256_set1_epi32(static_cast<int>(base[i])));
  const auto row = [&](uint32_t i, int c) { return reinterpret_cast<__m256i*>(T + i * W + c * LANES); };
  __m256i vlen[C], voff[C], prev[C], j[C];
  for (int c = 0; c < C; ++c) {
    vlen[c] = _mm256_load_si256(reinterpret_cast<const __m256i*>(len + c * LANES));
    voff[c] = _mm256_load_si256(reinterpret_cast<const __m256i*>(off + c * LANES));
    prev[c] = _mm256_load_si256(row(0, c));
    j[c] = _mm256_setzero_si256();
  }
  const __m256i one = _mm256_set1_epi32(1);
  const int* src = reinterpret_cast<const int*>(words);

  // mt[i] = (mt[i] ^ ((mt[i-1] ^ (mt[i-1] >> 30)) * 1664525)) + key[j] + j, max(N, len) = N times
  const __m256i mul1 = _mm256_set1_epi32(1664525);
  uint32_t i = 1;
  for (uint32_t k = N; k; --k) {
    for (int c = 0; c < C; ++c) {
      const __m256i add = _mm256_add_epi32(_mm256_i32gather_epi32(src, _mm256_add_epi32(voff[c], j[c]), 4), j[c]);
      const __m256i x = _mm256_mullo_epi32(_mm256_xor_si256(prev[c], _mm256_srli_epi32(prev[c], 30)), mul1);
      prev[c] = _mm256_add_epi32(_mm256_xor_si256(_mm256_load_si256(row(i, c)), x), add);
      _mm256_store_si256(row(i, c), prev[c]);
      j[c] = _mm256_add_epi32(j[c], one);
      j[c] = _mm256_andnot_si256(_mm256_cmpeq_epi32(j[c], vlen[c]), j[c]);  // j >= len: back to 0
    }
    if (++i >= N) {
      for (int c = 0; c < C; ++c) _mm256_store_si256(row(0, c), _mm256_load_si256(row(N - 1, c)));
      i = 1;
    }
  }
  // mt[i] = (mt[i] ^ ((mt[i-1] ^ (mt[i-1] >> 30)) * 1566083941)) - i, N - 1 times
  const __m256i mul2 = _mm256_set1_epi32(1566083941);
  for (uint32_t k = N - 1; k; --k) {
    const __m256i vi = _mm256_set1_epi32(static_cast<int>(i));
    for (int c = 0; c < C; ++c) {
      const __m256i x = _mm256_mullo_epi32(_mm256_xor_si256(prev[c], _mm256_srli_epi32(prev[c], 30)), mul2);
      prev[c] = _mm256_sub_epi32(_mm256_xor_si256(_mm256_load_si256(row(i, c)), x), vi);
      _mm256_store_si256(row(i, c), prev[c]);
    }
    if (++i >= N) {
      for (int c = 0; c < C; ++c) _mm256_store_si256(row(0, c), _mm256_load_si256(row(N - 1, c)));
      i = 1;
    }
  }
  for (int c = 0; c < C; ++c) _mm256_store_si256(row(0, c), _mm256_set1_epi32(static_cast<int>(0x80000000u)));

  // The first draw's twist (genrand_uint32 with mti >= N), in the lanes.
  const __m256i upper = _mm256_set1_epi32(static_cast<int>(0x80000000u));
  const __m256i lower = _mm256_set1_epi32(0x7fffffff);
  const __m256i mag = _mm256_set1_epi32(static_cast<int>(0x9908b0dfu));
  for (int c = 0; c < C; ++c) {
    uint32_t* Tc = T + c * LANES;
    uint32_t kk = 0;
    for (; kk < N - M; ++kk) twist_word(Tc, W, kk, kk + 1, kk + M, upper, lower, one, mag);
    for (; kk < N - 1; ++kk) twist_word(Tc, W, kk, kk + 1, kk + M - N, upper, lower, one, mag);
    twist_word(Tc, W, N - 1, 0, M - 1, upper, lower, one, mag);
  }

  // Back into the generators, eight words at a time: rows w..w+8 of a chain transposed (8 x 8)
  // give each of its generators' words w..w+8 in one vector (N = 78 x 8).
  for (uint32_t w = 0; w < N; w += LANES)
    for (std::size_t c = 0; c < static_cast<std::size_t>(C) && c * LANES < m; ++c) {
      __m256i col[LANES];
      transpose8(T + w * W + c * LANES, W, col);
      for (std::size_t g = c * LANES; g < m && g < (c + 1) * LANES; ++g)
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(gens[g]->words() + w), col[g - c * LANES]);
    }
  for (std::size_t g = 0; g < m; ++g) gens[g]->set_index(0);
}

}  // namespace lanes_detail
#endif  // TC_SEED_LANES

// gens[g]->seed(*keys[g]) for every g < n: the same streams as PyRandom::seed_many. Sixteen at a
// time (two chains), the last eight or fewer in one.
inline void seed_lanes(native::PyRandom* const* gens, const std::vector<uint32_t>* const* keys, std::size_t n) {
#ifndef TC_SEED_LANES
  native::PyRandom::seed_many(gens, keys, n);  // no x86 SIMD here
#else
  static const bool avx2 = __builtin_cpu_supports("avx2");
  if (!avx2) return native::PyRandom::seed_many(gens, keys, n);
  constexpr std::size_t MOST = 2 * lanes_detail::LANES;
  native::PyRandom* group[MOST];
  const std::vector<uint32_t>* group_keys[MOST];
  std::size_t m = 0;
  const auto flush = [&] {
    if (m > lanes_detail::LANES) lanes_detail::seed_group<2>(group, group_keys, m);
    else if (m) lanes_detail::seed_group<1>(group, group_keys, m);
    m = 0;
  };
  for (std::size_t g = 0; g < n; ++g) {
    const std::size_t size = keys[g]->size();
    if (size == 0 || size > lanes_detail::N) {  // max(N, key_length) != N, or an empty key: one by one
      gens[g]->seed(*keys[g]);
      continue;
    }
    group[m] = gens[g];
    group_keys[m++] = keys[g];
    if (m == MOST) flush();
  }
  flush();
#endif
}

}  // namespace tc
