// battaglia native: a job's seed keys derived here instead of in Python, the same numbers:
//
//   mt_words(seed)       narrator.fast.mt_key(seed) for an int seed: |seed| as 32-bit words, least
//                        significant first ([0] for 0): what random.Random(seed) feeds to init_by_array
//   seed_key(text)       agents/battaglia/draws.seed_key: the first 8 bytes of
//                        blake2b(text.encode(), digest_size=8), read big-endian
//   bot_key(seed, seat)  seed_key(f"{seed}/{seat}") for an int seed (BattagliaBot's stream key)
//
// BLAKE2b as RFC 7693 specifies it (unkeyed, digest length in the parameter block); the test
// tests/fast/test_battaglia_native_rows.py holds it to hashlib's.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

namespace battaglia {
namespace seeds {

inline uint64_t rotr64(uint64_t x, int n) { return (x >> n) | (x << (64 - n)); }

// BLAKE2b with an `out_len`-byte digest (1..64) of `len` bytes at `data` (no key), into `out`.
inline void blake2b(const uint8_t* data, std::size_t len, std::size_t out_len, uint8_t* out) {
  static const uint64_t IV[8] = {0x6a09e667f3bcc908ull, 0xbb67ae8584caa73bull, 0x3c6ef372fe94f82bull,
                                 0xa54ff53a5f1d36f1ull, 0x510e527fade682d1ull, 0x9b05688c2b3e6c1full,
                                 0x1f83d9abfb41bd6bull, 0x5be0cd19137e2179ull};
  static const uint8_t SIGMA[12][16] = {
      {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
      {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4}, {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
      {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13}, {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
      {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11}, {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
      {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5}, {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
      {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3}};
  uint64_t h[8];
  for (int i = 0; i < 8; ++i) h[i] = IV[i];
  h[0] ^= 0x01010000ull ^ static_cast<uint64_t>(out_len);  // depth 1, fanout 1, no key
  uint64_t counter = 0;
  std::size_t done = 0;
  do {  // every 128-byte block, the last one (possibly short or empty) flagged final
    uint8_t block[128];
    const std::size_t take = len - done > 128 ? 128 : len - done;
    const bool last = done + take == len;
    std::memset(block, 0, sizeof block);
    if (take) std::memcpy(block, data + done, take);
    done += take;
    counter += take;
    uint64_t m[16];  // the block's words, little-endian
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    std::memcpy(m, block, sizeof m);
#else
    for (int i = 0; i < 16; ++i) {
      uint64_t w = 0;
      for (int b = 7; b >= 0; --b) w = (w << 8) | block[8 * i + b];
      m[i] = w;
    }
#endif
    // the working vector in sixteen locals, the twelve rounds unrolled (the registers hold them)
    uint64_t v0 = h[0], v1 = h[1], v2 = h[2], v3 = h[3], v4 = h[4], v5 = h[5], v6 = h[6], v7 = h[7];
    uint64_t v8 = IV[0], v9 = IV[1], v10 = IV[2], v11 = IV[3], v12 = IV[4] ^ counter, v13 = IV[5];
    uint64_t v14 = last ? ~IV[6] : IV[6], v15 = IV[7];
#define BLAKE2B_G(a, b, c, d, x, y)      \
  a = a + b + (x); d = rotr64(d ^ a, 32); \
  c = c + d;       b = rotr64(b ^ c, 24); \
  a = a + b + (y); d = rotr64(d ^ a, 16); \
  c = c + d;       b = rotr64(b ^ c, 63);
#pragma GCC unroll 12
    for (int r = 0; r < 12; ++r) {
      const uint8_t* s = SIGMA[r];
      BLAKE2B_G(v0, v4, v8, v12, m[s[0]], m[s[1]])
      BLAKE2B_G(v1, v5, v9, v13, m[s[2]], m[s[3]])
      BLAKE2B_G(v2, v6, v10, v14, m[s[4]], m[s[5]])
      BLAKE2B_G(v3, v7, v11, v15, m[s[6]], m[s[7]])
      BLAKE2B_G(v0, v5, v10, v15, m[s[8]], m[s[9]])
      BLAKE2B_G(v1, v6, v11, v12, m[s[10]], m[s[11]])
      BLAKE2B_G(v2, v7, v8, v13, m[s[12]], m[s[13]])
      BLAKE2B_G(v3, v4, v9, v14, m[s[14]], m[s[15]])
    }
#undef BLAKE2B_G
    const uint64_t v[16] = {v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15};
    for (int i = 0; i < 8; ++i) h[i] ^= v[i] ^ v[i + 8];
    if (last) break;
  } while (true);
  for (std::size_t i = 0; i < out_len; ++i) out[i] = static_cast<uint8_t>(h[i / 8] >> (8 * (i % 8)));
}

// draws.seed_key(text) for `len` bytes of UTF-8 (ASCII here) text.
inline uint64_t seed_key(const char* text, std::size_t len) {
  uint8_t digest[8];
  blake2b(reinterpret_cast<const uint8_t*>(text), len, 8, digest);
  uint64_t key = 0;
  for (int i = 0; i < 8; ++i) key = (key << 8) | digest[i];
  return key;
}

// str(seed) for an int64 seed, into `buf` (at least 21 bytes); its length.
inline std::size_t decimal(int64_t seed, char* buf) {
  char tmp[24];
  std::size_t n = 0;
  uint64_t value = seed < 0 ? 0 - static_cast<uint64_t>(seed) : static_cast<uint64_t>(seed);
  do { tmp[n++] = static_cast<char>('0' + value % 10); value /= 10; } while (value);
  std::size_t k = 0;
  if (seed < 0) buf[k++] = '-';
  while (n) buf[k++] = tmp[--n];
  return k;
}

// seed_key(f"{seed}/{seat}") for every seat < players, into `out`.
inline void bot_keys(int64_t seed, int players, std::vector<uint64_t>& out) {
  char text[48];
  std::size_t n = decimal(seed, text);
  text[n++] = '/';
  out.resize(static_cast<std::size_t>(players));
  for (int seat = 0; seat < players; ++seat) {
    const std::size_t k = n + decimal(seat, text + n);
    out[static_cast<std::size_t>(seat)] = seed_key(text, k);
  }
}

// narrator.fast.mt_key(seed) for an int64 seed.
inline void mt_words(int64_t seed, std::vector<uint32_t>& out) {
  uint64_t value = seed < 0 ? 0 - static_cast<uint64_t>(seed) : static_cast<uint64_t>(seed);
  out.clear();
  while (value) { out.push_back(static_cast<uint32_t>(value & 0xFFFFFFFFu)); value >>= 32; }
  if (out.empty()) out.push_back(0);
}

}  // namespace seeds
}  // namespace battaglia
