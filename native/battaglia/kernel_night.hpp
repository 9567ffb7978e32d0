// battaglia native: the regular night (rules/battaglia/night.py), step for step in the Python order.
#pragma once
#include "state.hpp"

namespace battaglia {

inline Card step_card(NightStep st) {
  switch (st) {
    case NightStep::FIRST_DOMOVIK: case NightStep::SECOND_DOMOVIK: return Card::DOMOVIK;
    case NightStep::FIRST_TIIR: case NightStep::SECOND_TIIR: return Card::TIIR;
    case NightStep::FIRST_GLOOM: case NightStep::SECOND_GLOOM: return Card::NIKOR;
    case NightStep::FIRST_CORRIGAN: case NightStep::SECOND_CORRIGAN: return Card::CORRIGAN;
    case NightStep::FIRST_COHEN: case NightStep::SECOND_COHEN: return Card::COHEN;
    default: return Card::NONE;
  }
}

// night._possible: whether, by public knowledge, a living holder of `card` in `life` may exist.
inline bool possible(const State& s, Card card, int life) {
  if (!in_deck(s, card) || in(s.announced[life], card)) return false;
  if (life == 2) {
    for (uint32_t m = s.living(); m; m &= m - 1)
      if (s.lives[__builtin_ctz(m)] == 2) return true;
    return false;
  }
  return true;
}

inline bool possible_any(const State& s, uint32_t cards, int life) {
  for (uint32_t m = cards; m; m &= m - 1)
    if (possible(s, static_cast<Card>(__builtin_ctz(m)), life)) return true;
  return false;
}

// night._is_called
inline bool is_called(const State& s, NightStep st) {
  if (st == NightStep::SHADOW) {
    // any(_possible(c, life) for c in shadow_cards for life in (1, 2)): order does not matter (no effects)
    return possible_any(s, shadow_cards(s), 1) || possible_any(s, shadow_cards(s), 2);
  }
  const int life = step_life(st);
  if (is_darkness_step(st)) return possible_any(s, DARKNESS_STEP_CARDS, life) || possible(s, Card::RAINMAKER, 3 - life);
  if (is_corrigan_step(st) && has(s.corrigan_open, life)) return true;
  return possible(s, step_card(st), life);
}

// night.awake_seats
inline uint32_t awake_seats(const State& s, NightStep st) {
  uint32_t seats = s.living(), awake = 0;
  if (st == NightStep::SHADOW) {
    const uint32_t members = shadow_cards(s);
    for (uint32_t m = seats; m; m &= m - 1) {
      int x = __builtin_ctz(m);
      if (in(members, s.cards[x])) awake |= bit(x);
    }
    return awake;
  }
  const int life = step_life(st);
  if (is_darkness_step(st)) {
    for (uint32_t m = seats; m; m &= m - 1) {
      int x = __builtin_ctz(m);
      if ((s.lives[x] == life && in(DARKNESS_STEP_CARDS, s.cards[x])) ||
          (s.cards[x] == Card::RAINMAKER && s.lives[x] != life))
        awake |= bit(x);
    }
    return awake;
  }
  const Card card = step_card(st);
  const bool corrigan = is_corrigan_step(st);
  for (uint32_t m = seats; m; m &= m - 1) {
    int x = __builtin_ctz(m);
    if ((s.cards[x] == card && s.lives[x] == life) || (corrigan && s.heirs[x] == life)) awake |= bit(x);
  }
  return awake;
}

inline uint32_t night_lords(const State& s) {
  if (!s.config->lord_reveal_at_night) return 0;
  return holders(s, Card::LORD_LUIHAD) & ~s.revealed_lord;
}

inline bool skipped(const State& s, NightStep st, uint32_t awake) {
  return !awake || (st == NightStep::SHADOW && s.config->shadow_talk_rounds == 0);
}

inline void cat_sees_skip(State& s, NightStep st, uint32_t awake) {
  const uint32_t watchers = cats(s);
  if (!watchers) return;
  Event e = make_event(EventKind::CAT_SAW);
  e.night = static_cast<int16_t>(s.night_no);
  e.step = st;
  e.members = awake;
  tell(s, watchers, e);
}

inline void resolve_night(State& s);

// night.next_step: call headings until one has someone awake; after the last, resolve the night.
inline void next_step(State& s, bool offer) {
  while (s.remaining_from < s.remaining_to) {
    const NightStep st = s.remaining[s.remaining_from++];
    Event h = make_event(EventKind::HEADING);
    h.night = static_cast<int16_t>(s.night_no);
    h.step = st;
    publish(s, h);
    const uint32_t awake = awake_seats(s, st);
    if (awake && (is_darkness_step(st) || st == NightStep::SHADOW)) {
      Event g = make_event(EventKind::GATHERING);
      g.night = static_cast<int16_t>(s.night_no);
      g.step = st;
      g.members = awake;
      tell(s, awake, g);
    }
    const uint32_t lords = offer ? night_lords(s) : 0;
    offer = false;
    if (!lords && skipped(s, st, awake)) {
      cat_sees_skip(s, st, awake);
      continue;
    }
    s.has_night = true;
    s.step = st;
    s.awake = awake;
    s.n_chosen = 0;
    s.chosen_mask = 0;
    s.night_round = 1;
    s.offered = lords;
    return;
  }
  resolve_night(s);
}

// night.start_night
inline void start_night(State& s) {
  const int number = s.night_no + 1;
  Event e = make_event(EventKind::NIGHT);
  e.night = static_cast<int16_t>(number);
  publish(s, e);
  s.night_no = number;
  s.phase = Phase::NIGHT;
  s.has_day = false;
  s.remaining_from = s.remaining_to = 0;
  for (int i = 0; i < NIGHT_STEPS; ++i) {
    const NightStep st = static_cast<NightStep>(i);
    if (is_called(s, st)) s.remaining[s.remaining_to++] = st;
  }
  s.n_acts = 0;
  next_step(s, true);
}

inline bool lords_waiting(const State& s) { return (s.offered & ~s.awake) != 0; }

// night._cat_sees
inline void cat_sees(State& s) {
  const uint32_t watchers = cats(s);
  if (!watchers) return;
  Event e = make_event(EventKind::CAT_SAW);
  e.night = static_cast<int16_t>(s.night_no);
  e.step = s.step;
  e.members = s.awake;
  begin_items(s, e);
  for (int i = 0; i < s.n_chosen; ++i) {
    if (s.chosen[i].is_text) continue;
    Item it;
    it.seat = s.chosen[i].seat;
    it.target = s.chosen[i].target;
    add_item(s, e, it);
  }
  tell(s, watchers, e);
}

inline void darkness_round(State& s);
inline void whisper_round(State& s);

// night._close_round
inline void close_round(State& s) {
  if (skipped(s, s.step, s.awake)) {
    cat_sees_skip(s, s.step, s.awake);
    next_step(s, false);
    return;
  }
  if (is_darkness_step(s.step)) return darkness_round(s);
  if (s.step == NightStep::SHADOW) return whisper_round(s);
  for (int i = 0; i < s.n_chosen; ++i) {
    const Chosen& c = s.chosen[i];
    if (!c.is_text && c.target >= 0) s.acts[s.n_acts++] = Act{s.step, c.seat, c.target};
  }
  cat_sees(s);
  next_step(s, false);
}

// night.night_move: one awake seat's choice (target, -1 for a pass) or whisper.
inline void night_move(State& s, int seat, int target, bool is_text, uint32_t text_seats) {
  if (is_tiir_step(s.step) && !is_text && target >= 0) {
    Event e = make_event(EventKind::TIIR_SAW);
    e.night = static_cast<int16_t>(s.night_no);
    e.seat = static_cast<int8_t>(target);
    e.card = s.cards[target];
    tell(s, bit(seat), e);
  }
  s.chosen[s.n_chosen++] = Chosen{static_cast<int8_t>(seat), static_cast<int8_t>(target), is_text, text_seats};
  s.chosen_mask |= bit(seat);
  s.offered &= ~bit(seat);
  if (s.n_chosen < popcount(s.awake) || lords_waiting(s)) return;
  close_round(s);
}

// night.lord_answers: a Lord answers the secret night offer.
inline void lord_answers(State& s, int seat, bool reveal) {
  if (reveal) {
    Event e = make_event(EventKind::LORD_REVEAL_NOTED);
    e.night = static_cast<int16_t>(s.night_no);
    tell(s, bit(seat), e);
    s.lord_pending |= bit(seat);
  }
  const bool awake = has(s.awake, seat);
  s.offered &= ~bit(seat);
  if (awake || s.n_chosen < popcount(s.awake) || lords_waiting(s)) return;
  close_round(s);
}

// night.darkness_decision: the victim (-1 none) and whether the shot is productive.
inline int darkness_decision(const State& s, bool* productive) {
  int support[MAX_SEATS] = {0};
  int first_seen[MAX_SEATS];
  int order_n = 0;
  int seen_order[MAX_SEATS];
  for (int i = 0; i < MAX_SEATS; ++i) first_seen[i] = -1;
  for (int i = 0; i < s.n_chosen; ++i) {
    const Chosen& c = s.chosen[i];
    if (c.is_text || c.target < 0) continue;
    if (first_seen[c.target] < 0) { first_seen[c.target] = order_n; seen_order[order_n++] = c.target; }
    ++support[c.target];
  }
  int need = popcount(s.awake) - 1;
  if (need < 1) need = 1;
  int decided = -1, count = 0;
  for (int i = 0; i < order_n; ++i)
    if (support[seen_order[i]] >= need) { decided = seen_order[i]; ++count; }
  *productive = false;
  if (count != 1) return -1;
  const int life = step_life(s.step);
  uint32_t pool = 0;
  if (s.config->darkness_productivity == DarknessProductivity::supporter) {
    for (int i = 0; i < s.n_chosen; ++i)
      if (!s.chosen[i].is_text && s.chosen[i].target == decided) pool |= bit(s.chosen[i].seat);
  } else {
    pool = s.awake;
  }
  for (uint32_t m = pool; m; m &= m - 1) {
    int x = __builtin_ctz(m);
    if (s.lives[x] == life && in(QUALIFYING_DARKS, s.cards[x])) { *productive = true; break; }
  }
  return decided;
}

inline void darkness_round(State& s) {
  bool productive = false;
  const int victim = darkness_decision(s, &productive);
  Event e = make_event(EventKind::DARKNESS_ROUND);
  e.night = static_cast<int16_t>(s.night_no);
  e.step = s.step;
  e.round = static_cast<int8_t>(s.night_round);
  e.target = static_cast<int8_t>(victim);
  begin_items(s, e);
  bool passes = true;
  for (int i = 0; i < s.n_chosen; ++i) {
    Item it;
    it.seat = s.chosen[i].seat;
    it.target = s.chosen[i].target;
    add_item(s, e, it);
    if (s.chosen[i].is_text || s.chosen[i].target != -1) passes = false;
  }
  tell(s, s.awake, e);
  cat_sees(s);
  if (victim < 0 && !passes && s.night_round < s.config->darkness_rounds) {
    s.n_chosen = 0;
    s.chosen_mask = 0;
    ++s.night_round;
    return;
  }
  if (victim >= 0) s.acts[s.n_acts++] = Act{s.step, static_cast<int8_t>(productive ? -1 : -2), static_cast<int8_t>(victim)};
  next_step(s, false);
}

inline void whisper_round(State& s) {
  Event e = make_event(EventKind::WHISPERS);
  e.night = static_cast<int16_t>(s.night_no);
  e.round = static_cast<int8_t>(s.night_round);
  begin_items(s, e);
  for (int i = 0; i < s.n_chosen; ++i) {
    const Chosen& c = s.chosen[i];
    if (!c.is_text || !c.text_seats) continue;
    Item it;
    it.seat = c.seat;
    it.mask = c.text_seats;
    add_item(s, e, it);
  }
  tell(s, s.awake, e);
  const uint32_t watchers = cats(s) & ~s.awake;
  if (watchers) {
    Event c = make_event(EventKind::CAT_SAW);
    c.night = static_cast<int16_t>(s.night_no);
    c.step = s.step;
    c.members = s.awake;
    tell(s, watchers, c);
  }
  if (s.night_round < s.config->shadow_talk_rounds) {
    s.n_chosen = 0;
    s.chosen_mask = 0;
    ++s.night_round;
    return;
  }
  next_step(s, false);
}

// night.night_deaths: who dies (rules a-e, at once) and which shadows are revealed (f).
struct NightDeaths {
  const State& s;
  uint32_t victims = 0, targets = 0, patients = 0;
  uint32_t hosts_of[MAX_SEATS] = {0};
  uint32_t hosted = 0;
  bool memo_set[MAX_SEATS] = {false};
  bool memo[MAX_SEATS] = {false};

  explicit NightDeaths(const State& state) : s(state) {
    for (int i = 0; i < s.n_acts; ++i) {
      const Act& a = s.acts[i];
      if ((is_darkness_step(a.step) && a.seat == -1) || is_gloom_step(a.step)) victims |= bit(a.target);
      if (is_corrigan_step(a.step)) targets |= bit(a.target);
      if (is_cohen_step(a.step)) patients |= bit(a.target);
      if (is_domovik_step(a.step)) { hosts_of[a.target] |= bit(a.seat); hosted |= bit(a.target); }
    }
  }

  bool base(int p) const {
    const Card card = s.cards[p];
    if (card == Card::FLUID) return false;
    if (has(victims, p) && card == Card::LORD_LUIHAD) return true;
    if (has(patients, p)) return false;
    return has(victims, p) || (has(targets, p) && in(CORRIGAN_LETHAL, card));
  }

  bool dies(int p, const int* stack, int depth) {
    if (memo_set[p]) return memo[p];
    const Card card = s.cards[p];
    const bool lord_exposed = !s.config->lord_guest_protected && card == Card::LORD_LUIHAD && has(victims, p);
    if (card == Card::FLUID || !has(hosted, p) || lord_exposed) {
      memo_set[p] = true;
      memo[p] = card != Card::FLUID && base(p);
      return memo[p];
    }
    for (int i = 0; i < depth; ++i) {
      if (stack[i] == p) {  // Domoviks hosting each other (DEC-14)
        bool verdict = false;
        for (int j = i; j < depth; ++j) verdict = verdict || base(stack[j]);
        for (int j = i; j < depth; ++j) { memo_set[stack[j]] = true; memo[stack[j]] = verdict; }
        return verdict;
      }
    }
    int next[MAX_SEATS + 1];
    for (int i = 0; i < depth; ++i) next[i] = stack[i];
    next[depth] = p;
    bool any = false, all = true;
    for (uint32_t m = hosts_of[p]; m; m &= m - 1) {
      const bool d = dies(__builtin_ctz(m), next, depth + 1);
      any = any || d;
      all = all && d;
    }
    memo_set[p] = true;
    memo[p] = s.config->domovik_multi_host == DomovikMultiHost::any_dead_kills ? any : all;
    return memo[p];
  }
};

inline void night_deaths(const State& s, uint32_t* deaths, uint32_t* reveals) {
  NightDeaths nd(s);
  uint32_t dead = 0;
  for (int p = 0; p < s.players; ++p)
    if (!has(s.out, p) && nd.dies(p, nullptr, 0)) dead |= bit(p);
  uint32_t rev = 0;
  for (uint32_t m = nd.targets; m; m &= m - 1) {
    int t = __builtin_ctz(m);
    if (!has(dead, t) && in(CORRIGAN_REVEALS, s.cards[t]) &&
        (s.cards[t] != Card::KOLDUNYA || s.config->koldunya_revealed_by_target))
      rev |= bit(t);
  }
  *deaths = dead;
  *reveals = rev;
}

// night.resolve_night: dawn. The Tally's night causes are counted here (night_report is host-only).
inline void resolve_night(State& s) {
  uint32_t deaths = 0, reveals = 0;
  night_deaths(s, &deaths, &reveals);
  const uint32_t new_reveals = reveals & ~s.revealed_shadow;
  {
    uint32_t darkness = 0, gloom = 0, corrigan = 0;
    for (int i = 0; i < s.n_acts; ++i) {
      const Act& a = s.acts[i];
      if (is_darkness_step(a.step) && a.seat == -1) darkness |= bit(a.target);
      if (is_gloom_step(a.step)) gloom |= bit(a.target);
      if (is_corrigan_step(a.step)) corrigan |= bit(a.target);
    }
    for (uint32_t m = deaths; m; m &= m - 1) {
      int x = __builtin_ctz(m);
      if (has(darkness, x)) ++s.tally.death_darkness;
      else if (has(gloom, x)) ++s.tally.death_gloom;
      else if (has(corrigan, x)) ++s.tally.death_corrigan;
      else ++s.tally.death_guest;
    }
  }
  const uint32_t lords = s.lord_pending;
  for (uint32_t m = lords; m; m &= m - 1) {
    Event e = make_event(EventKind::LORD_REVEALED);
    e.seat = static_cast<int8_t>(__builtin_ctz(m));
    e.night = static_cast<int16_t>(s.night_no);
    publish(s, e);
    ++s.tally.lord_revealed;
  }
  Event morning = make_event(EventKind::MORNING);
  morning.night = static_cast<int16_t>(s.night_no);
  morning.members = new_reveals;
  begin_items(s, morning);
  for (uint32_t m = deaths; m; m &= m - 1) {
    int x = __builtin_ctz(m);
    Item it;
    it.seat = static_cast<int8_t>(x);
    it.card = s.cards[x];
    it.life = s.lives[x];
    add_item(s, morning, it);
  }
  publish(s, morning);
  s.tally.night_shadow_reveals += popcount(new_reveals);
  s.has_night = false;
  s.died_lights = 0;
  s.revealed_shadow |= new_reveals;
  s.revealed_lord |= lords;
  s.lord_pending = 0;
  s.eventful = s.eventful || new_reveals || lords;
  kill(s, deaths, true);
  after_deaths(s, true);
}

}  // namespace battaglia
