// battaglia native: state helpers shared by the rule files (rules/battaglia/state.py, life.py's pure parts)
// and the event recorder (rules/battaglia/log.py). Forward declarations of the rules that call each other.
#pragma once
#include "types.hpp"

namespace battaglia {

// Terminations (Outcome.termination); index 0 = still playing (Python: result None, "move_limit" in a row).
enum Termination : int { T_NONE = 0, T_ONE_FORCE_LEFT, T_ALL_DEAD, T_STALEMATE, T_DAY_LIMIT, T_FORCED_OUTCOME };
inline const char* termination_name(int t) {
  static const char* names[6] = {"move_limit", "one_force_left", "all_dead", "stalemate", "day_limit",
                                 "forced_outcome"};
  return names[t];
}

// ---- the state's lifecycle ------------------------------------------------------------------------

// The initial state (Battaglia.initial_state): seats empty-handed, the deal is the first chance move.
// Keeps the vectors' capacity, so a reused State allocates nothing after its first game.
inline void reset(State& s, const Config* config) {
  s.config = config;
  s.players = config->players;
  s.deck_size = config->deck_size;
  s.phase = Phase::DEAL;
  s.day = s.night_no = 0;
  for (int i = 0; i < MAX_SEATS; ++i) {
    s.cards[i] = s.first_cards[i] = Card::NONE;
    s.lives[i] = 0;
    s.heirs[i] = 0;
    s.ballots[i] = 0;
    s.scores[i] = 0;
    s.notes[i].clear();
  }
  s.out = s.undealt = s.issued = 0;
  s.revealed_shadow = s.revealed_child = s.revealed_lord = s.revealed_bishop = 0;
  s.announced[0] = s.announced[1] = s.announced[2] = 0;
  s.graves = 0;
  s.corrigan_open = 0;
  s.has_night = false;
  s.step = NightStep::NONE;
  s.remaining_from = s.remaining_to = 0;
  s.awake = 0;
  s.n_chosen = 0;
  s.chosen_mask = 0;
  s.night_round = 1;
  s.n_acts = 0;
  s.offered = 0;
  s.has_day = false;
  s.rebirths = 0;
  s.after_rebirth_day = false;
  s.ever_reborn = false;
  s.died_lights = 0;
  s.curse = PendingCurse();
  s.lord_pending = 0;
  s.quiet_cycles = 0;
  s.eventful = false;
  s.over = false;
  s.termination = T_NONE;
  s.winner = Force::NONE;
  s.winners = 0;
  s.public_log.clear();
  s.items.clear();
  s.tally = Tally();
}

// ---- reading the state ------------------------------------------------------------------------------

inline bool in_deck(const State& s, Card c) { return static_cast<int>(c) < s.deck_size; }

// Living seats holding `card` (state.holders).
inline uint32_t holders(const State& s, Card card) {
  uint32_t m = 0;
  for (int i = 0; i < s.players; ++i)
    if (s.cards[i] == card) m |= bit(i);
  return m & ~s.out;
}

// life.force_of
inline Force force_of(Card card, int life, RainmakerForce rule) {
  if (in(LIGHT, card)) return Force::LIGHT;
  if (in(GLOOM, card)) return life == 1 ? Force::FIRST_GLOOM : Force::SECOND_GLOOM;
  if (in(DARKNESS, card)) {
    if (card == Card::RAINMAKER && rule == RainmakerForce::by_night_group) life = 3 - life;
    return life == 1 ? Force::FIRST_DARKNESS : Force::SECOND_DARKNESS;
  }
  return Force::SHADOW;
}
inline Force seat_force(const State& s, int seat) {
  return force_of(s.cards[seat], s.lives[seat], s.config->rainmaker_force);
}

// Living Cheshire Cats (night.cats).
inline uint32_t cats(const State& s) { return holders(s, Card::CHESHIRE_CAT); }

// Cards that attend the shadow clan (night.shadow_cards, DEC-7).
inline uint32_t shadow_cards(const State& s) {
  return s.config->koldunya_in_shadow_meetings ? SHADOW : (SHADOW & ~cbit(Card::KOLDUNYA));
}

// Living seats nobody has accused yet today (day.open_targets).
inline uint32_t open_targets(const State& s) {
  uint32_t accused = 0;
  if (s.has_day)
    for (int i = 0; i < s.n_accusations; ++i) accused |= bit(s.accusations[i].target);
  return s.living() & ~accused;
}

// The revealed living Lords (day.judges).
inline uint32_t judges(const State& s) { return s.revealed_lord & ~s.out; }

// life.soul_pool, as a card mask (deck order = bit order).
inline uint32_t soul_pool(const State& s, int seat) {
  const Config& c = *s.config;
  uint32_t allowed;
  if (c.soul_pool == SoulPool::unissued) {
    allowed = (1u << s.deck_size) - 1u;
  } else if (c.soul_pool == SoulPool::undealt_and_dead) {
    allowed = s.undealt;
    for (int i = 0; i < s.graves; ++i) allowed |= cbit(s.graveyard[i].card);
  } else {
    allowed = s.undealt;
  }
  allowed &= ~s.issued;
  if (!c.soul_own_previous_card && s.cards[seat] != Card::NONE) allowed &= ~cbit(s.cards[seat]);
  return allowed;
}

// verdict.accuser_of: who accused `seat` today (-1: nobody, or only a curse).
inline int accuser_of(const State& s, int seat) {
  for (int i = 0; i < s.n_accusations; ++i)
    if (s.accusations[i].target == seat && s.accusations[i].accuser >= 0) return s.accusations[i].accuser;
  return -1;
}

inline bool can_intercede(const State& s, int seat) {
  return s.cards[seat] == Card::LUN && !has(s.out, seat) && s.has_day && s.condemned != seat;
}
inline bool can_reveal_bishop(const State& s, int seat) {
  return s.cards[seat] == Card::BISHOP && !has(s.out, seat) && !has(s.revealed_bishop, seat);
}

// ---- recording events (rules/battaglia/log.py) ------------------------------------------------------

inline Event make_event(EventKind kind) {
  Event e;
  e.kind = kind;
  return e;
}
inline void publish(State& s, const Event& e) { s.public_log.push_back(e); }
inline void tell(State& s, uint32_t seats, const Event& e) {
  for (uint32_t m = seats; m; m &= m - 1) s.notes[__builtin_ctz(m)].push_back(e);
}
// Start an item list for `e`: push items with add_item, then e.len is set.
inline void begin_items(State& s, Event& e) { e.off = static_cast<uint32_t>(s.items.size()); e.len = 0; }
inline void add_item(State& s, Event& e, const Item& it) { s.items.push_back(it); ++e.len; }

// ---- the rules that call one another across files --------------------------------------------------

inline void proceed(State& s, bool day);
inline void after_deaths(State& s, bool day);
inline void start_day(State& s);
inline void start_night(State& s);
inline void end_check(State& s);
inline void kill(State& s, uint32_t dead, bool night);
inline void close_day(State& s, int executed = -1);
inline void enter_vote(State& s, uint32_t candidates = 0, bool revote = false);

}  // namespace battaglia
