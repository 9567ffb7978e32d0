// Ten Candles, native: Python's str.strip(), len() and split() on UTF-8 text, for the kernel's
// text checks (codes.text_rejection) and the Traits it stores stripped (setup._traits).
#pragma once
#include <cstdint>
#include <string>

namespace tc {

// One code point decoded at s[i] (advances i). Invalid bytes count as one code point each.
inline uint32_t next_code_point(const std::string& s, std::size_t& i) {
  const unsigned char b = static_cast<unsigned char>(s[i]);
  int extra = b < 0x80 ? 0 : (b >> 5) == 6 ? 1 : (b >> 4) == 14 ? 2 : (b >> 3) == 30 ? 3 : 0;
  uint32_t cp = extra == 0 ? b : extra == 1 ? (b & 0x1F) : extra == 2 ? (b & 0x0F) : (b & 0x07);
  ++i;
  for (int k = 0; k < extra && i < s.size(); ++k, ++i) cp = (cp << 6) | (static_cast<unsigned char>(s[i]) & 0x3F);
  return cp;
}

// str.isspace for one code point (bidirectional class WS, B or S, or category Zs).
inline bool is_space(uint32_t cp) {
  if (cp < 0x80) return cp == ' ' || (cp >= 0x09 && cp <= 0x0D) || (cp >= 0x1C && cp <= 0x1F);
  return cp == 0x85 || cp == 0xA0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028 ||
         cp == 0x2029 || cp == 0x202F || cp == 0x205F || cp == 0x3000;
}

// len(text): code points.
inline int py_len(const std::string& s) {
  int n = 0;
  for (std::size_t i = 0; i < s.size();) {
    next_code_point(s, i);
    ++n;
  }
  return n;
}

// text.strip()
inline std::string py_strip(const std::string& s) {
  std::size_t i = 0, first = std::string::npos, last_end = 0;
  while (i < s.size()) {
    const std::size_t at = i;
    const uint32_t cp = next_code_point(s, i);
    if (!is_space(cp)) {
      if (first == std::string::npos) first = at;
      last_end = i;
    }
  }
  return first == std::string::npos ? std::string() : s.substr(first, last_end - first);
}

// text.strip() == "" (stops at the first character that is not a space)
inline bool py_is_blank(const std::string& s) {
  for (std::size_t i = 0; i < s.size();)
    if (!is_space(next_code_point(s, i))) return false;
  return true;
}

// len(text.split())
inline int py_word_count(const std::string& s) {
  int words = 0;
  bool in_word = false;
  for (std::size_t i = 0; i < s.size();) {
    const bool space = is_space(next_code_point(s, i));
    if (!space && !in_word) ++words;
    in_word = !space;
  }
  return words;
}

}  // namespace tc
