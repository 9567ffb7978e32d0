// Ten Candles, native: a scripted survivor's personality read from its cards
// (agents/ten_candles/persona.py, persona_from_cards), draw for draw.
#pragma once
#include <string>

#include "pyrandom.hpp"
#include "ten_candles/material.hpp"

namespace tc {

// persona.Persona: four dials in 0..1.
struct Persona {
  double bold = 0.5, reckless = 0.5, hopeful = 0.5, selfless = 0.5;
};

// persona_from_cards(virtue, vice, brink, rng): a seeded base near the middle (four
// rng.uniform(-0.15, 0.15), in DIALS order), moved by the Traits' offsets and the Brink's words,
// clamped to 0..1. `virtue`, `vice` and `brink` are the texts the view shows ("" for None).
inline Persona persona_from_cards(const std::string& virtue, const std::string& vice, const std::string& brink,
                                  const Material& m, native::PyRandom& rng) {
  double dials[4];
  for (double& d : dials) {
    const double a = -0.15, b = 0.15;
    d = 0.5 + (a + (b - a) * rng.random());  // random.uniform: a + (b - a) * random()
  }
  // _temper_of looks the stripped word up; the words the material writes carry no spaces, and an
  // unknown word (or an empty one) moves nothing, as in Python.
  const Temper tv = m.temper(virtue, true), tw = m.temper(vice, false);
  for (int i = 0; i < 4; ++i) dials[i] += tv[i];
  for (int i = 0; i < 4; ++i) dials[i] += tw[i];
  auto hit = m.brink_dials.find(brink);
  if (hit != m.brink_dials.end()) {
    if (hit->second[0]) dials[RECKLESS] += 0.1;
    if (hit->second[1]) dials[SELFLESS] += -0.1;
  }
  auto clamp = [](double v) {  // min(1.0, max(0.0, v))
    const double low = v > 0.0 ? v : 0.0;
    return low < 1.0 ? low : 1.0;
  };
  return Persona{clamp(dials[BOLD]), clamp(dials[RECKLESS]), clamp(dials[HOPEFUL]), clamp(dials[SELFLESS])};
}

}  // namespace tc
