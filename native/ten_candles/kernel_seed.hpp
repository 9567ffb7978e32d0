// Ten Candles, native: the key words CPython's random.Random(seed) feeds to init_by_array, for
// the seeds a simulated game uses (narrator.fast.mt_key, computed here so that a game's six or
// more generators cost no Python call):
//   * an int seed: abs(seed) as 32-bit words, least significant first ([0] for 0);
//   * a str seed (version 2 seeding): the integer of its UTF-8 bytes followed by their SHA-512
//     digest (big-endian), as words, least significant first.
// tests/fast/test_ten_candles_native.py holds both to narrator.fast.mt_key.
#pragma once
#if (defined(__x86_64__) || defined(__i386__)) && !defined(TC_NO_SIMD)  // TC_NO_SIMD: build the fallback
#define TC_SHA_LANES 1  // x86: AVX2 chosen at run time
#include <immintrin.h>
#endif

#include <cstdint>
#include <string>
#include <vector>

namespace tc {

namespace sha512_detail {
constexpr uint64_t K[80] = {
    0x428a2f98d728ae22ULL, 0x7137449123ef65cdULL, 0xb5c0fbcfec4d3b2fULL, 0xe9b5dba58189dbbcULL, 0x3956c25bf348b538ULL,
    0x59f111f1b605d019ULL, 0x923f82a4af194f9bULL, 0xab1c5ed5da6d8118ULL, 0xd807aa98a3030242ULL, 0x12835b0145706fbeULL,
    0x243185be4ee4b28cULL, 0x550c7dc3d5ffb4e2ULL, 0x72be5d74f27b896fULL, 0x80deb1fe3b1696b1ULL, 0x9bdc06a725c71235ULL,
    0xc19bf174cf692694ULL, 0xe49b69c19ef14ad2ULL, 0xefbe4786384f25e3ULL, 0x0fc19dc68b8cd5b5ULL, 0x240ca1cc77ac9c65ULL,
    0x2de92c6f592b0275ULL, 0x4a7484aa6ea6e483ULL, 0x5cb0a9dcbd41fbd4ULL, 0x76f988da831153b5ULL, 0x983e5152ee66dfabULL,
    0xa831c66d2db43210ULL, 0xb00327c898fb213fULL, 0xbf597fc7beef0ee4ULL, 0xc6e00bf33da88fc2ULL, 0xd5a79147930aa725ULL,
    0x06ca6351e003826fULL, 0x142929670a0e6e70ULL, 0x27b70a8546d22ffcULL, 0x2e1b21385c26c926ULL, 0x4d2c6dfc5ac42aedULL,
    0x53380d139d95b3dfULL, 0x650a73548baf63deULL, 0x766a0abb3c77b2a8ULL, 0x81c2c92e47edaee6ULL, 0x92722c851482353bULL,
    0xa2bfe8a14cf10364ULL, 0xa81a664bbc423001ULL, 0xc24b8b70d0f89791ULL, 0xc76c51a30654be30ULL, 0xd192e819d6ef5218ULL,
    0xd69906245565a910ULL, 0xf40e35855771202aULL, 0x106aa07032bbd1b8ULL, 0x19a4c116b8d2d0c8ULL, 0x1e376c085141ab53ULL,
    0x2748774cdf8eeb99ULL, 0x34b0bcb5e19b48a8ULL, 0x391c0cb3c5c95a63ULL, 0x4ed8aa4ae3418acbULL, 0x5b9cca4f7763e373ULL,
    0x682e6ff3d6b2b8a3ULL, 0x748f82ee5defb2fcULL, 0x78a5636f43172f60ULL, 0x84c87814a1f0ab72ULL, 0x8cc702081a6439ecULL,
    0x90befffa23631e28ULL, 0xa4506cebde82bde9ULL, 0xbef9a3f7b2c67915ULL, 0xc67178f2e372532bULL, 0xca273eceea26619cULL,
    0xd186b8c721c0c207ULL, 0xeada7dd6cde0eb1eULL, 0xf57d4f7fee6ed178ULL, 0x06f067aa72176fbaULL, 0x0a637dc5a2c898a6ULL,
    0x113f9804bef90daeULL, 0x1b710b35131c471bULL, 0x28db77f523047d84ULL, 0x32caab7b40c72493ULL, 0x3c9ebe0a15c9bebcULL,
    0x431d67c49c100d4cULL, 0x4cc5d4becb3e42b6ULL, 0x597f299cfc657e2aULL, 0x5fcb6fab3ad6faecULL, 0x6c44198c4a475817ULL};

inline uint64_t rotr(uint64_t x, int n) { return (x >> n) | (x << (64 - n)); }

inline void block(uint64_t h[8], const unsigned char* p) {
  uint64_t w[80];
  for (int i = 0; i < 16; ++i) {
    w[i] = 0;
    for (int k = 0; k < 8; ++k) w[i] = (w[i] << 8) | p[i * 8 + k];
  }
  for (int i = 16; i < 80; ++i) {
    const uint64_t s0 = rotr(w[i - 15], 1) ^ rotr(w[i - 15], 8) ^ (w[i - 15] >> 7);
    const uint64_t s1 = rotr(w[i - 2], 19) ^ rotr(w[i - 2], 61) ^ (w[i - 2] >> 6);
    w[i] = w[i - 16] + s0 + w[i - 7] + s1;
  }
  uint64_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
  for (int i = 0; i < 80; ++i) {
    const uint64_t S1 = rotr(e, 14) ^ rotr(e, 18) ^ rotr(e, 41);
    const uint64_t ch = (e & f) ^ (~e & g);
    const uint64_t t1 = hh + S1 + ch + K[i] + w[i];
    const uint64_t S0 = rotr(a, 28) ^ rotr(a, 34) ^ rotr(a, 39);
    const uint64_t maj = (a & b) ^ (a & c) ^ (b & c);
    const uint64_t t2 = S0 + maj;
    hh = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + t2;
  }
  h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
}
}  // namespace sha512_detail

// hashlib.sha512(data).digest() into `out` (64 bytes); no allocation.
inline void sha512_into(const unsigned char* data, std::size_t size, unsigned char* out) {
  using namespace sha512_detail;
  uint64_t h[8] = {0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
                   0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL, 0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL};
  std::size_t whole = size - size % 128;
  for (std::size_t off = 0; off < whole; off += 128) block(h, data + off);
  unsigned char tail[256] = {0};  // the last part, the 0x80 byte, zeros and the 128-bit length
  const std::size_t rest = size - whole;
  for (std::size_t i = 0; i < rest; ++i) tail[i] = data[whole + i];
  tail[rest] = 0x80;
  const std::size_t last = rest < 112 ? 128 : 256;
  const uint64_t bits = static_cast<uint64_t>(size) * 8;
  for (int k = 0; k < 8; ++k) tail[last - 1 - k] = static_cast<unsigned char>((bits >> (8 * k)) & 0xFF);
  for (std::size_t off = 0; off < last; off += 128) block(h, tail + off);
  for (int i = 0; i < 8; ++i)
    for (int k = 0; k < 8; ++k) out[i * 8 + k] = static_cast<unsigned char>((h[i] >> (56 - 8 * k)) & 0xFF);
}

// hashlib.sha512(data).digest()
inline std::string sha512(const std::string& data) {
  unsigned char out[64];
  sha512_into(reinterpret_cast<const unsigned char*>(data.data()), data.size(), out);
  return std::string(reinterpret_cast<const char*>(out), 64);
}

// mt_key(int): abs(seed) as 32-bit words, least significant first.
inline std::vector<uint32_t> mt_key_int(int64_t seed) {
  uint64_t value = seed < 0 ? static_cast<uint64_t>(-(seed + 1)) + 1u : static_cast<uint64_t>(seed);
  std::vector<uint32_t> words;
  while (value) {
    words.push_back(static_cast<uint32_t>(value & 0xFFFFFFFFu));
    value >>= 32;
  }
  if (words.empty()) words.push_back(0);
  return words;
}

// mt_key(int) into `words` (its buffer reused).
inline void mt_key_int_into(int64_t seed, std::vector<uint32_t>& words) {
  uint64_t value = seed < 0 ? static_cast<uint64_t>(-(seed + 1)) + 1u : static_cast<uint64_t>(seed);
  words.clear();
  while (value) {
    words.push_back(static_cast<uint32_t>(value & 0xFFFFFFFFu));
    value >>= 32;
  }
  if (words.empty()) words.push_back(0);
}

// mt_key(str) of the UTF-8 bytes text[0..size) into `words` (its buffer reused):
// int.from_bytes(text + sha512(text), "big") as words, least significant first.
inline void mt_key_from_digest(const char* text, std::size_t size, const unsigned char* digest,
                               std::vector<uint32_t>& words);
inline void mt_key_str_into(const char* text, std::size_t size, std::vector<uint32_t>& words) {
  unsigned char digest[64];
  sha512_into(reinterpret_cast<const unsigned char*>(text), size, digest);
  mt_key_from_digest(text, size, digest, words);
}

// The same for `digest` = sha512(text) already computed.
inline void mt_key_from_digest(const char* text, std::size_t size, const unsigned char* digest,
                               std::vector<uint32_t>& words) {
  const std::size_t n = size + 64;
  auto byte = [&](std::size_t i) -> uint32_t {
    return i < size ? static_cast<unsigned char>(text[i]) : digest[i - size];
  };
  words.clear();
  for (std::size_t end = n; end > 0;) {  // the last 4 bytes are the least significant word
    const std::size_t start = end >= 4 ? end - 4 : 0;
    uint32_t w = 0;
    for (std::size_t i = start; i < end; ++i) w = (w << 8) | byte(i);
    words.push_back(w);
    end = start;
  }
  while (words.size() > 1 && words.back() == 0) words.pop_back();  // leading zero bytes do not count
}

#ifdef TC_SHA_LANES
namespace sha512_detail {

inline constexpr uint64_t H0[8] = {0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL,
                                   0xa54ff53a5f1d36f1ULL, 0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL,
                                   0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL};
constexpr std::size_t ONE_BLOCK = 111;  // the longest text whose padded message is one block

__attribute__((target("avx2"))) inline __m256i rotr4(__m256i x, int n) {
  return _mm256_or_si256(_mm256_srli_epi64(x, n), _mm256_slli_epi64(x, 64 - n));
}

__attribute__((target("avx2"))) inline __m256i load4(const uint64_t (*w)[4], int i) {
  return _mm256_load_si256(reinterpret_cast<const __m256i*>(w[i]));
}

// sha512 of four texts of at most ONE_BLOCK bytes, one per 64-bit lane (the rounds of block()).
__attribute__((target("avx2"))) inline void sha512_x4(const char* const* text, const std::size_t* size,
                                                      unsigned char (*digest)[64]) {
  alignas(32) uint64_t w[80][4];
  for (int lane = 0; lane < 4; ++lane) {
    unsigned char msg[128] = {0};
    for (std::size_t i = 0; i < size[lane]; ++i) msg[i] = static_cast<unsigned char>(text[lane][i]);
    msg[size[lane]] = 0x80;
    const uint64_t bits = static_cast<uint64_t>(size[lane]) * 8;
    for (int k = 0; k < 8; ++k) msg[127 - k] = static_cast<unsigned char>((bits >> (8 * k)) & 0xFF);
    for (int i = 0; i < 16; ++i) {
      uint64_t v = 0;
      for (int k = 0; k < 8; ++k) v = (v << 8) | msg[i * 8 + k];
      w[i][lane] = v;
    }
  }
  for (int i = 16; i < 80; ++i) {
    const __m256i x15 = load4(w, i - 15), x2 = load4(w, i - 2);
    const __m256i s0 = _mm256_xor_si256(_mm256_xor_si256(rotr4(x15, 1), rotr4(x15, 8)), _mm256_srli_epi64(x15, 7));
    const __m256i s1 = _mm256_xor_si256(_mm256_xor_si256(rotr4(x2, 19), rotr4(x2, 61)), _mm256_srli_epi64(x2, 6));
    _mm256_store_si256(reinterpret_cast<__m256i*>(w[i]),
                       _mm256_add_epi64(_mm256_add_epi64(load4(w, i - 16), s0), _mm256_add_epi64(load4(w, i - 7), s1)));
  }
  __m256i h[8];
  for (int i = 0; i < 8; ++i) h[i] = _mm256_set1_epi64x(static_cast<long long>(H0[i]));
  __m256i a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
  for (int i = 0; i < 80; ++i) {
    const __m256i S1 = _mm256_xor_si256(_mm256_xor_si256(rotr4(e, 14), rotr4(e, 18)), rotr4(e, 41));
    const __m256i ch = _mm256_xor_si256(_mm256_and_si256(e, f), _mm256_andnot_si256(e, g));
    const __m256i t1 = _mm256_add_epi64(_mm256_add_epi64(_mm256_add_epi64(hh, S1), ch),
                                        _mm256_add_epi64(_mm256_set1_epi64x(static_cast<long long>(K[i])), load4(w, i)));
    const __m256i S0 = _mm256_xor_si256(_mm256_xor_si256(rotr4(a, 28), rotr4(a, 34)), rotr4(a, 39));
    const __m256i maj = _mm256_xor_si256(_mm256_xor_si256(_mm256_and_si256(a, b), _mm256_and_si256(a, c)),
                                         _mm256_and_si256(b, c));
    const __m256i t2 = _mm256_add_epi64(S0, maj);
    hh = g; g = f; f = e; e = _mm256_add_epi64(d, t1); d = c; c = b; b = a; a = _mm256_add_epi64(t1, t2);
  }
  const __m256i out[8] = {_mm256_add_epi64(h[0], a), _mm256_add_epi64(h[1], b), _mm256_add_epi64(h[2], c),
                          _mm256_add_epi64(h[3], d), _mm256_add_epi64(h[4], e), _mm256_add_epi64(h[5], f),
                          _mm256_add_epi64(h[6], g), _mm256_add_epi64(h[7], hh)};
  for (int i = 0; i < 8; ++i) {
    alignas(32) uint64_t v[4];
    _mm256_store_si256(reinterpret_cast<__m256i*>(v), out[i]);
    for (int lane = 0; lane < 4; ++lane)
      for (int k = 0; k < 8; ++k) digest[lane][i * 8 + k] = static_cast<unsigned char>((v[lane] >> (56 - 8 * k)) & 0xFF);
  }
}

}  // namespace sha512_detail
#endif  // TC_SHA_LANES

// mt_key_str_into(text[i], size[i], *words[i]) for every i < n: with AVX2, the SHA-512 of four
// short texts at once (one per lane); the same words.
inline void mt_keys_str_into(const char* const* text, const std::size_t* size, std::size_t n,
                             std::vector<uint32_t>* const* words) {
  std::size_t i = 0;
#ifdef TC_SHA_LANES
  static const bool avx2 = __builtin_cpu_supports("avx2");
  if (avx2) {
    const char* batch[4];
    std::size_t sizes[4], at[4];
    std::size_t m = 0;
    unsigned char digest[4][64];
    const auto flush = [&] {
      for (std::size_t k = m; k < 4; ++k) {  // idle lanes hash the first text again
        batch[k] = batch[0];
        sizes[k] = sizes[0];
      }
      sha512_detail::sha512_x4(batch, sizes, digest);
      for (std::size_t k = 0; k < m; ++k) mt_key_from_digest(text[at[k]], size[at[k]], digest[k], *words[at[k]]);
      m = 0;
    };
    for (; i < n; ++i) {
      if (size[i] > sha512_detail::ONE_BLOCK) {
        mt_key_str_into(text[i], size[i], *words[i]);
        continue;
      }
      batch[m] = text[i];
      sizes[m] = size[i];
      at[m++] = i;
      if (m == 4) flush();
    }
    if (m) flush();
    return;
  }
#endif
  for (; i < n; ++i) mt_key_str_into(text[i], size[i], *words[i]);
}

// mt_key(str): int.from_bytes(text + sha512(text), "big") as words, least significant first.
inline std::vector<uint32_t> mt_key_str(const std::string& text) {
  std::vector<uint32_t> words;
  mt_key_str_into(text.data(), text.size(), words);
  return words;
}

}  // namespace tc
