// battaglia native: the bot's reading of one view (agents/battaglia/bot_mind.py's Mind) and the small helpers
// its decisions share (first_of, pass_or_first, top, ...). See bot.hpp for the bot itself.
#pragma once
#include <cstdint>
#include <vector>

#include "knowledge.hpp"
#include "types.hpp"

namespace battaglia {
namespace bot {

// The masks' temperaments the bot reads (prompts/battaglia/masks.yaml via agents/battaglia/texts.temperament,
// default 0.5). tests/fast/test_battaglia_bot_native.py checks these numbers against the YAML.
struct Temperament {
  // boldness by Card, in DECK_ORDER
  double boldness[MAX_CARDS] = {0.8, 0.8, 0.4, 0.4, 0.6, 0.7, 0.6, 0.3, 0.9, 0.5,
                                0.6, 0.7, 0.4, 0.7, 0.5, 0.3, 0.2, 0.5, 0.3, 0.2};
  double lord_reveal = 0.5;    // LORD_LUIHAD reveal
  double koldun_curse = 0.9;   // KOLDUN curse
  double bishop_reveal = 0.5;  // BISHOP reveal
  double lun_reveal = 0.6;     // LUN reveal
};

// bot_mind.Mind: the bot's reading of one view. suspicion(seat) is scored on first ask.
struct Mind {
  int me = -1;
  Card card = Card::NONE;
  int life = 1;
  Faction faction = Faction::LIGHT;
  const int8_t* alive = nullptr;  // living seats, ascending
  int n_alive = 0;
  uint32_t alive_mask = 0;
  uint32_t known_present = 0;
  const uint32_t* known = nullptr;
  uint32_t allies = 0;
  const PublicMemory* memory = nullptr;
  uint64_t origin = 0;             // the decision stream's seed (DecisionRandom.unit reads it)
  const uint64_t* ties = nullptr;  // the bot's tie-break order by seat (bot_mind.tie_breaks)
  uint32_t scored_mask = 0;
  double scored[MAX_SEATS];

  bool knows(int seat) const { return has(known_present, seat); }

  double suspicion(int seat) {
    if (has(scored_mask, seat)) return scored[seat];
    if (seat == me || !has(alive_mask, seat)) return 0.0;
    scored[seat] = score(seat);
    scored_mask |= bit(seat);
    return scored[seat];
  }

  // BattagliaBot._score: how much this soul wants living `seat` gone.
  double score(int seat) const {
    if (has(allies, seat)) return -5.0;
    if (knows(seat) && known[seat]) {
      double fixed;
      if (known_enemy_score(known[seat], faction, fixed)) return fixed;
    }
    const SoulRecord& record = memory->souls[seat];
    const double jitter = unit(origin, seat);
    if (faction == Faction::LIGHT) {
      const double score = record.bad * 1.2 - record.good * 0.8 + 0.3 * static_cast<double>(record.was_accused) +
                           record.opposed;
      return score + jitter * 0.15;
    }
    return memory->threat[seat] + record.good + jitter * 0.5;
  }

  // bot_mind.known_enemy_score: the fixed suspicion of a seat known to be one of `cards`, if few are friends.
  static bool known_enemy_score(uint32_t cards, Faction mine, double& out) {
    const int friends = popcount(cards & faction_cards(mine)), all = popcount(cards);
    // friendly <= 0.25 as integers (the quotient of two ints below 21 is never within rounding of 0.25 unless
    // equal to it; 0 / 0 is NaN in Python's float: not <= 0.25): the division only for the seats that pass
    if (all == 0 || 4 * friends > all) return false;
    const double friendly = static_cast<double>(friends) / static_cast<double>(all);
    const bool dark = (cards & DARK_SIDE) != 0;  // factions_of(cards) & {"darkness", "gloom"}
    out = 5.0 * (1 - friendly) + (dark && mine == Faction::LIGHT ? 1.0 : 0.0);
    return true;
  }

  // Mind.enemies_ranked: `pool` minus allies and me, most suspicious first (ties by the bot's order),
  // stable. Writes into `out`, returns the count.
  int enemies_ranked(const int* pool, int n, int* out) {
    int k = 0;
    double keys[MAX_SEATS];
    for (int i = 0; i < n; ++i) {
      const int s = pool[i];
      if (has(allies, s) || s == me) continue;
      const double key = suspicion(s);
      // insertion sort (stable): move past every element that sorts before s
      int j = k;
      while (j > 0 && before(key, s, keys[j - 1], out[j - 1]) ) {
        keys[j] = keys[j - 1];
        out[j] = out[j - 1];
        --j;
      }
      keys[j] = key;
      out[j] = s;
      ++k;
    }
    return k;
  }

 private:
  // Whether (-a_key, ties[a]) < (-b_key, ties[b]).
  bool before(double a_key, int a, double b_key, int b) const {
    const double na = -a_key, nb = -b_key;
    if (na < nb) return true;
    if (nb < na) return false;
    return ties[a] < ties[b];
  }
};

// ---- helpers of the decisions ----------------------------------------------------------------------

// _first: the first move of `kind` in `legal`, nullptr if none.
inline const Action* first(const std::vector<Action>& legal, Kind kind) {
  for (const Action& a : legal)
    if (a.kind == kind) return &a;
  return nullptr;
}

// _pass_or_first: a pass when offered, else the first legal move.
inline Action pass_or_first(const std::vector<Action>& legal) {
  const Action* pass = first(legal, Kind::PASS);
  return pass ? *pass : legal[0];
}

// _private_allies: allies a clan member keeps to himself (a shadow Koldunya protects the shadows).
inline uint32_t private_allies(const Mind& mind) { return mind.faction == Faction::SHADOW ? mind.allies : 0; }

// Whether `t` is known to be a light (mind.known.get(t) and mind.known[t] <= LIGHT).
inline bool known_light(const Mind& mind, int t) {
  return mind.knows(t) && mind.known[t] && subset(mind.known[t], LIGHT);
}

// bot_mind.top: the most suspicious seat of `pool` (an ally only when nothing else is left); -1 = None.
inline int top(Mind& mind, const int* pool, int n) {
  int ranked[MAX_SEATS + 1];
  if (mind.enemies_ranked(pool, n, ranked)) return ranked[0];
  for (int i = 0; i < n; ++i)
    if (pool[i] != mind.me) return pool[i];
  return -1;
}

}  // namespace bot
}  // namespace battaglia
