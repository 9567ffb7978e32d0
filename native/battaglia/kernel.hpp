// battaglia native: the kernel's entry points (rules/battaglia/game.py, legal.py, flow.py, deal.py, life.py).
//
//   reset(state, &config)                     the initial state (state.hpp)
//   active_players(state, &chance)            who may act (a seat mask; chance = the engine must sample)
//   legal_actions(state, seat, out)           every move of `seat`, in the Python order
//   chance_size(state)                        the Shuffle size (DEAL) or the Pick's options (REBIRTH)
//   apply_chance(state, values) / apply(state, action)   a legal move (unchecked: use is_legal first)
//
// Not ported: the forced-outcome look-ahead (config.forced_outcome_players > 0): see unsupported().
#pragma once
#include <cstring>
#include <vector>

#include "kernel_day.hpp"
#include "kernel_verdict.hpp"
#include "kernel_night.hpp"
#include "pyrandom.hpp"

namespace battaglia {

// ---- life.py --------------------------------------------------------------------------------------

// life.kill: simultaneous deaths (announced by the caller); first deaths queue for a second soul.
inline void kill(State& s, uint32_t dead, bool night) {
  if (!dead) return;
  for (uint32_t m = dead; m; m &= m - 1) {
    const int x = __builtin_ctz(m);
    const Card card = s.cards[x];
    const int life = s.lives[x];
    s.announced[life] |= cbit(card);
    s.graveyard[s.graves++] = Grave{static_cast<int8_t>(x), static_cast<int8_t>(life), card};
    if (!s.config->heir_keeps_shot_after_death) s.heirs[x] = 0;
    if (in(LIGHT, card) && night) s.died_lights |= bit(x);
    if (life == 1) s.rebirths |= bit(x); else s.out |= bit(x);
  }
  s.revealed_shadow &= ~dead;
  s.revealed_child &= ~dead;
  s.revealed_lord &= ~dead;
  s.revealed_bishop &= ~dead;
  s.eventful = true;
}

inline bool in_clan(const State& s, int seat, Force winner) {
  if (seat_force(s, seat) == winner) return true;
  if (s.config->scoring_clan_by == ScoringClanBy::any_soul && s.lives[seat] == 2)
    return force_of(s.first_cards[seat], 1, s.config->rainmaker_force) == winner;
  return false;
}

// life.finish (with life.score)
inline void finish(State& s, int termination, Force winner) {
  uint32_t winners = 0;
  if (winner != Force::NONE)
    for (int x = 0; x < s.players; ++x)
      if (in_clan(s, x, winner)) winners |= bit(x);
  for (int x = 0; x < s.players; ++x) {
    const int alive = has(s.out, x) ? 0 : 1;
    if (has(winners, x)) {
      const int base = (winner == Force::FIRST_GLOOM || winner == Force::SECOND_GLOOM) ? 5 : 3;
      s.scores[x] = s.config->scoring_cumulative ? base + alive : base;
    } else {
      s.scores[x] = alive;
    }
  }
  Event e = make_event(EventKind::GAME_OVER);
  e.a = static_cast<int16_t>(termination);
  e.members = winners;
  publish(s, e);
  s.phase = Phase::OVER;
  s.over = true;
  s.termination = termination;
  s.winner = winner;
  s.winners = winners;
  s.has_night = false;
  s.has_day = false;
}

// life.end_check: one force left, nobody left, a stalemate, or the day limit.
inline void end_check(State& s) {
  uint32_t forces = 0;
  for (uint32_t m = s.living(); m; m &= m - 1) forces |= 1u << static_cast<int>(seat_force(s, __builtin_ctz(m)));
  if (popcount(forces) == 1) return finish(s, T_ONE_FORCE_LEFT, static_cast<Force>(lowest(forces)));
  if (!forces) return finish(s, T_ALL_DEAD, Force::NONE);
  const int limit = s.config->stalemate_cycles;
  if (limit && s.quiet_cycles >= limit) return finish(s, T_STALEMATE, Force::NONE);
  if (s.config->max_days && s.day >= s.config->max_days) return finish(s, T_DAY_LIMIT, Force::NONE);
}

// life.skip_soulless: seats whose pool is empty stay dead for good.
inline void skip_soulless(State& s) {
  while (s.rebirths && !soul_pool(s, lowest(s.rebirths))) {
    const int seat = lowest(s.rebirths);
    Event e = make_event(EventKind::NO_SOUL_LEFT);
    e.seat = static_cast<int8_t>(seat);
    publish(s, e);
    s.rebirths &= ~bit(seat);
    s.out |= bit(seat);
  }
}

// life.give_soul: the `index`-th card of the next queued seat's pool.
inline void give_soul(State& s, int index) {
  const int seat = lowest(s.rebirths);
  uint32_t pool = soul_pool(s, seat);
  for (int i = 0; i < index; ++i) pool &= pool - 1;
  const Card card = static_cast<Card>(lowest(pool));
  s.cards[seat] = card;
  s.lives[seat] = 2;
  Event e = make_event(EventKind::NEW_SOUL);
  e.card = card;
  e.life = 2;
  tell(s, bit(seat), e);
  s.rebirths &= ~bit(seat);
  s.issued |= cbit(card);
}

// ---- flow.py, deal.py -------------------------------------------------------------------------------

inline void proceed(State& s, bool day) {
  end_check(s);
  if (s.over) return;
  if (day) start_day(s); else start_night(s);
}

inline void after_deaths(State& s, bool day) {
  skip_soulless(s);
  if (s.rebirths) {
    s.phase = Phase::REBIRTH;
    s.after_rebirth_day = day;
    s.ever_reborn = true;
    return;
  }
  proceed(s, day);
}

// deal.acquaintance: night 1, the clans see who is in them.
inline void acquaintance(State& s) {
  Event n = make_event(EventKind::NIGHT);
  n.night = 1;
  n.flag = 1;
  publish(s, n);
  s.night_no = 1;
  const uint32_t clans[2] = {DARKNESS_CLAN, shadow_cards(s)};
  for (int clan = 0; clan < 2; ++clan) {
    uint32_t members = 0;
    for (int x = 0; x < s.players; ++x)
      if (in(clans[clan], s.cards[x])) members |= bit(x);
    if (!members) continue;
    Event e = make_event(EventKind::CLAN);
    e.night = 1;
    e.a = static_cast<int16_t>(clan);
    e.members = members;
    tell(s, members, e);
    const uint32_t watchers = cats(s) & ~members;
    if (watchers && s.config->cat_peeks_night1) {
      Event c = make_event(EventKind::CAT_SAW);
      c.night = 1;
      c.step = clan == 0 ? NightStep::ACQUAINTANCE_DARKNESS : NightStep::ACQUAINTANCE_SHADOW;
      c.members = members;
      tell(s, watchers, c);
    }
  }
  proceed(s, true);
}

// deal.deal: `order` is the Shuffle's permutation (new position -> old index).
inline void deal(State& s, const int* order) {
  uint32_t dealt = 0;
  for (int x = 0; x < s.players; ++x) {
    s.cards[x] = s.first_cards[x] = static_cast<Card>(order[x]);
    dealt |= cbit(s.cards[x]);
    s.lives[x] = 1;
    s.heirs[x] = 0;
  }
  s.undealt = ((1u << s.deck_size) - 1u) & ~dealt;
  Event e = make_event(EventKind::DEAL);
  e.a = static_cast<int16_t>(s.players);
  e.b = static_cast<int16_t>(s.deck_size - s.players);
  publish(s, e);
  for (int x = 0; x < s.players; ++x) {
    Event c = make_event(EventKind::YOUR_CARD);
    c.card = s.cards[x];
    c.life = 1;
    tell(s, bit(x), c);
  }
  acquaintance(s);
}

// the REBIRTH chance: life.give_soul (game.py), then flow.turnover
inline void rebirth(State& s, int index) {
  give_soul(s, index);
  after_deaths(s, s.after_rebirth_day);
}

// ---- legal.py -----------------------------------------------------------------------------------------

// legal._active: the seats that may act; *chance when the engine must sample instead.
inline uint32_t active_players(const State& s, bool* chance) {
  *chance = false;
  if (s.over) return 0;
  switch (s.phase) {
    case Phase::DEAL: case Phase::REBIRTH: *chance = true; return 0;
    case Phase::NIGHT: return s.has_night ? ((s.awake & ~s.chosen_mask) | s.offered) : 0;
    default: break;
  }
  if (!s.has_day) return 0;
  switch (s.phase) {
    case Phase::SPEECH: case Phase::ACCUSE: return bit(s.order[s.turn]);
    case Phase::VOTE: case Phase::REVOTE: return s.living() & ~s.ballots_cast;
    case Phase::LAST_WORDS: return s.last_words ? bit(lowest(s.last_words)) : 0;
    case Phase::JUDGE: return judges(s);
    case Phase::CONDEMNED: return bit(s.condemned);
    case Phase::EXECUTION: return s.window_seats & ~s.window_answered;
    default: return 0;
  }
}

// legal.night_targets (DEC-17)
inline uint32_t night_targets(const State& s, int seat) {
  const NightStep st = s.has_night ? s.step : NightStep::NONE;
  const Config& c = *s.config;
  const bool no_self = is_gloom_step(st) || (is_domovik_step(st) && !c.domovik_self) ||
                       (is_tiir_step(st) && !c.tiir_self) || (is_corrigan_step(st) && !c.corrigan_self);
  const uint32_t alive = s.living();
  return no_self && has(alive, seat) ? (alive & ~bit(seat)) : alive;
}

inline bool lord_phase(Phase p) {
  return p == Phase::SPEECH || p == Phase::ACCUSE || p == Phase::VOTE || p == Phase::REVOTE ||
         p == Phase::CONDEMNED || p == Phase::EXECUTION;
}

inline bool can_reveal_lord(const State& s, int seat) {
  if (s.phase == Phase::NIGHT) return s.has_night && has(s.offered, seat);
  return lord_phase(s.phase) && s.cards[seat] == Card::LORD_LUIHAD && !has(s.out, seat) &&
         !has(s.revealed_lord, seat);
}

// Every ballot of 1..size distinct candidates, in itertools.combinations order (k = 1, 2, ...).
// The voters of one vote share its ballots: their masks are kept (per thread) for the last candidates and
// size asked, and each voter's list is their copy with the voter as actor.
inline void add_ballots(std::vector<Action>& out, int seat, uint32_t candidates, int size) {
  struct Ballots {
    uint32_t candidates = 0;
    int size = -1;
    std::vector<uint32_t> masks;
  };
  thread_local Ballots cache;
  if (cache.candidates != candidates || cache.size != size) {
    cache.candidates = candidates;
    cache.size = size;
    cache.masks.clear();
    int cands[MAX_SEATS], n = 0;
    for (uint32_t m = candidates; m; m &= m - 1) cands[n++] = __builtin_ctz(m);
    int idx[MAX_SEATS];
    for (int k = 1; k <= size && k <= n; ++k) {
      for (int i = 0; i < k; ++i) idx[i] = i;
      while (true) {
        uint32_t m = 0;
        for (int i = 0; i < k; ++i) m |= bit(cands[idx[i]]);
        cache.masks.push_back(m);
        int i = k - 1;
        while (i >= 0 && idx[i] == n - k + i) --i;
        if (i < 0) break;
        ++idx[i];
        for (int j = i + 1; j < k; ++j) idx[j] = idx[j - 1] + 1;
      }
    }
  }
  const std::size_t base = out.size(), count = cache.masks.size();
  out.resize(base + count, Action::vote(seat, 0));
  Action* ballots = out.data() + base;
  const uint32_t* masks = cache.masks.data();
  for (std::size_t i = 0; i < count; ++i) ballots[i].targets = masks[i];
}

// legal.legal_actions (texts empty), in the Python order. `out` is cleared first. flatten: the vector's
// push_back inlined (GCC kept it a call, 12% of a scripted game's time).
__attribute__((flatten)) inline void legal_actions(const State& s, int seat, std::vector<Action>& out) {
  out.clear();
  if (seat < 0) return;
  bool chance = false;
  if (!has(active_players(s, &chance), seat)) return;
  switch (s.phase) {
    case Phase::NIGHT:
      if (!s.has_night || !has(s.awake, seat)) break;  // a Lord asked secretly
      if (s.step == NightStep::SHADOW) {
        out.push_back(Action::whisper(seat, 0));
      } else {
        for (uint32_t m = night_targets(s, seat); m; m &= m - 1) out.push_back(Action::choose(seat, __builtin_ctz(m)));
      }
      break;
    case Phase::ACCUSE: case Phase::LAST_WORDS: {
      const uint32_t targets = open_targets(s);
      for (uint32_t m = targets; m; m &= m - 1) {
        const int t = __builtin_ctz(m);
        const bool shown = has(s.revealed_shadow, t);
        out.push_back(Action::accuse(seat, t, Basis::LEGEND, Charge::DARK));
        if (shown) out.push_back(Action::accuse(seat, t, Basis::LEGEND, Charge::SHADOW));
        out.push_back(Action::accuse(seat, t, Basis::LOGIC, Charge::DARK));
        out.push_back(Action::accuse(seat, t, Basis::LOGIC, Charge::SHADOW));
      }
      break;
    }
    case Phase::SPEECH: out.push_back(Action::make(Kind::SPEAK, seat)); break;
    case Phase::JUDGE:
      out.push_back(Action::judge(seat, true));
      out.push_back(Action::judge(seat, false));
      return;
    case Phase::VOTE: case Phase::REVOTE: {
      add_ballots(out, seat, s.candidates, s.phase == Phase::REVOTE ? 1 : s.votes);
      break;
    }
    case Phase::CONDEMNED: {
      const Card card = s.cards[seat];
      if (card == Card::CORRIGAN) {
        for (uint32_t m = s.living() & ~bit(seat); m; m &= m - 1) out.push_back(Action::dying_shot(seat, __builtin_ctz(m)));
      } else if (card == Card::KOLDUN) {
        const int accuser = accuser_of(s, seat);
        if (accuser >= 0 && !has(s.out, accuser)) out.push_back(Action::make(Kind::CURSE, seat));
      }
      break;
    }
    case Phase::EXECUTION:
      if (can_intercede(s, seat)) out.push_back(Action::make(Kind::INTERCEDE, seat));
      if (can_reveal_bishop(s, seat)) out.push_back(Action::make(Kind::REVEAL_BISHOP, seat));
      break;
    default: break;
  }
  if (can_reveal_lord(s, seat)) out.push_back(Action::make(Kind::REVEAL_LORD, seat));
  out.push_back(Action::make(Kind::PASS, seat));
}

// Whether `a` is one of `legal` for the rules (texts aside, as check() treats them). A bot's move is most
// often a copy of one of `legal`: that is looked for first, as two words compared (an identical move is
// the same move), then the rules' comparison.
inline bool is_legal(const Action& a, const std::vector<Action>& legal) {
  static_assert(sizeof(Action) == 16, "an Action is two words, no padding");
  uint64_t want[2];
  std::memcpy(want, &a, sizeof want);
  for (const Action& l : legal) {
    uint64_t have[2];
    std::memcpy(have, &l, sizeof have);
    if (have[0] == want[0] && have[1] == want[1]) return true;
  }
  for (const Action& l : legal)
    if (l.same_move(a)) return true;
  return false;
}

// Battaglia.default_action: pass (a judge approves).
inline Action default_action(const State& s, int seat) {
  if (s.phase == Phase::JUDGE) return Action::judge(seat, true);
  return Action::make(Kind::PASS, seat);
}

// ---- chance and apply (game.py) ---------------------------------------------------------------------

// Battaglia.chance_spec: Shuffle(len(deck)) when dealing, Pick(len(pool)) for a second soul; 0 = none.
inline int chance_size(const State& s) {
  if (s.over) return 0;
  if (s.phase == Phase::DEAL) return s.deck_size;
  if (s.phase == Phase::REBIRTH && s.rebirths) return popcount(soul_pool(s, lowest(s.rebirths)));
  return 0;
}

// rules.chance.sample with the engine's generator: the values (a permutation, or one index).
inline int sample_chance(const State& s, native::PyRandom& rng, int* values) {
  if (s.phase == Phase::DEAL) {
    const int n = s.deck_size;
    for (int i = 0; i < n; ++i) values[i] = i;
    for (int i = n - 1; i > 0; --i) {  // random.shuffle
      const int j = static_cast<int>(rng.randbelow(static_cast<uint32_t>(i + 1)));
      const int t = values[i]; values[i] = values[j]; values[j] = t;
    }
    return n;
  }
  values[0] = static_cast<int>(rng.randrange(chance_size(s)));
  return 1;
}

inline void apply_chance(State& s, const int* values) {
  if (s.phase == Phase::DEAL) deal(s, values);
  else rebirth(s, values[0]);
}

// game._dispatch: apply a legal action.
inline void apply(State& s, const Action& a) {
  const int seat = a.actor;
  const Phase phase = s.phase;
  if (phase == Phase::NIGHT && s.has_night && (a.kind == Kind::REVEAL_LORD || !has(s.awake, seat)))
    return lord_answers(s, seat, a.kind == Kind::REVEAL_LORD);
  if (a.kind == Kind::REVEAL_LORD) return reveal_lord(s, seat);
  switch (phase) {
    case Phase::NIGHT:
      if (a.kind == Kind::CHOOSE) return night_move(s, seat, a.target, false, 0);
      if (a.kind == Kind::WHISPER) return night_move(s, seat, -1, true, a.text_seats);
      return night_move(s, seat, -1, false, 0);
    case Phase::LAST_WORDS: return last_word(s, seat, a.kind == Kind::ACCUSE ? a.target : -1);
    case Phase::SPEECH: return speech(s, seat, a.kind == Kind::SPEAK && a.has_text);
    case Phase::ACCUSE: {
      Accusation acc;
      acc.accuser = static_cast<int8_t>(seat);
      acc.target = a.target;
      acc.basis = a.basis;
      acc.charge = a.charge;
      return accuse(s, a.kind == Kind::ACCUSE, acc);
    }
    case Phase::JUDGE: return judge(s, seat, a.approve);
    case Phase::VOTE: case Phase::REVOTE: return cast_ballot(s, seat, a.kind == Kind::VOTE ? a.targets : 0);
    case Phase::CONDEMNED:
      if (a.kind == Kind::DYING_SHOT) return dying_shot(s, seat, a.target);
      if (a.kind == Kind::CURSE) return curse(s, seat);
      return accept_verdict(s);
    default:
      return objection(s, seat, a.kind == Kind::INTERCEDE ? 1 : (a.kind == Kind::REVEAL_BISHOP ? 2 : 0));
  }
}

}  // namespace battaglia
