// battaglia native: the verdict (rules/battaglia/verdict.py): the Lord's reveal, the Child, Corrigan's dying
// shot, Koldun's curse, the execution moment with Lun and the Bishop, and the end of the day. Step for step
// in the Python order.
#pragma once
#include "kernel_day.hpp"

namespace battaglia {

inline void enter_execution(State& s);

// verdict.reveal_lord: the host confirms; a condemned Lord's reveal brings a full re-vote (DEC-25).
inline void reveal_lord(State& s, int seat) {
  Event e = make_event(EventKind::LORD_REVEALED);
  e.seat = static_cast<int8_t>(seat);
  publish(s, e);
  ++s.tally.lord_revealed;
  s.revealed_lord |= bit(seat);
  s.eventful = true;
  if (s.phase != Phase::CONDEMNED || !s.has_day || s.condemned != seat) return;
  if (s.config->lord_revote && !has(s.lord_revoted, seat)) {
    s.lord_revoted |= bit(seat);
    s.condemned = -1;
    return enter_vote(s);
  }
  enter_execution(s);
}

inline void child_revealed(State& s, int seat, int cause) {
  Event e = make_event(EventKind::CHILD_REVEALED);
  e.seat = static_cast<int8_t>(seat);
  e.a = static_cast<int16_t>(cause);
  publish(s, e);
  ++s.tally.child_revealed;
}

// verdict.accept_verdict
inline void accept_verdict(State& s) {
  const int seat = s.condemned;
  if (s.cards[seat] == Card::CHILD) {
    child_revealed(s, seat, 0);
    const bool fresh = !has(s.revealed_child, seat);
    s.revealed_child |= bit(seat);
    s.eventful = s.eventful || fresh;
    return close_day(s);
  }
  enter_execution(s);
}

// verdict.shot_effect: cases aa-ac; returns whether the target dies with Corrigan.
inline bool shot_effect(State& s, int corrigan, int target) {
  const Card card = s.cards[target];
  if (in(CORRIGAN_LETHAL, card)) return true;
  if (in(CORRIGAN_REVEALS, card)) {
    if (!has(s.revealed_shadow, target)) {
      Event e = make_event(EventKind::SHADOW_REVEALED);
      e.seat = static_cast<int8_t>(target);
      publish(s, e);
      ++s.tally.shadow_revealed;
    }
    s.revealed_shadow |= bit(target);
    s.eventful = true;
    return false;
  }
  if (in(HEIR_ELIGIBLE, card)) {
    s.heirs[target] = s.lives[corrigan];
    Event e = make_event(EventKind::HEIR);
    e.a = s.heirs[target];
    tell(s, bit(target), e);
  }
  return false;
}

// verdict.dying_shot
inline void dying_shot(State& s, int seat, int target) {
  Event e = make_event(EventKind::DYING_SHOT);
  e.target = static_cast<int8_t>(target);
  tell(s, bit(seat), e);
  if (s.cards[target] == Card::CHILD && !has(s.revealed_child, target)) {
    child_revealed(s, target, 1);
    s.revealed_child |= bit(target);
    s.eventful = true;
    return close_day(s);
  }
  s.shot = target;
  if (s.config->dying_shot_gate == DyingShotGate::on_condemnation) shot_effect(s, seat, target);
  enter_execution(s);
}

// day.curse
inline void curse(State& s, int seat) {
  PendingCurse pending;
  pending.active = true;
  pending.koldun = static_cast<int8_t>(seat);
  pending.cursed = static_cast<int8_t>(accuser_of(s, seat));
  pending.forced = s.final_voters;
  Event e = make_event(EventKind::CURSE);
  e.seat = pending.koldun;
  e.target = pending.cursed;
  e.members = pending.forced;
  publish(s, e);
  ++s.tally.curse;
  s.day_curse = pending;
  if (!s.config->koldun_executed) return close_day(s, seat);
  enter_execution(s);
}

inline void execute(State& s);

// verdict.enter_execution: every living seat may object, or only Lun and the Bishop (§11.3.3).
inline void enter_execution(State& s) {
  uint32_t seats = s.living();
  if (s.config->objection_window == ObjectionWindow::eligible) {
    uint32_t eligible = 0;
    for (uint32_t m = seats; m; m &= m - 1) {
      int x = __builtin_ctz(m);
      if (can_intercede(s, x) || can_reveal_bishop(s, x)) eligible |= bit(x);
    }
    seats = eligible;
  }
  Event e = make_event(EventKind::EXECUTION_MOMENT);
  e.day = static_cast<int16_t>(s.day);
  e.seat = static_cast<int8_t>(s.condemned);
  publish(s, e);
  s.phase = Phase::EXECUTION;
  s.window_answered = s.window_intercede = s.window_bishop = 0;
  s.window_seats = seats;
  if (!seats) execute(s);
}

// verdict.objection: kind 0 pass, 1 intercede, 2 reveal_bishop.
inline void objection(State& s, int seat, int kind) {
  s.window_answered |= bit(seat);
  if (kind == 1) s.window_intercede |= bit(seat);
  if (kind == 2) s.window_bishop |= bit(seat);
  if (popcount(s.window_answered) >= popcount(s.window_seats)) execute(s);
}

// verdict._first_soul: the life-1 holder first, then the lower seat (DEC-28).
inline int first_soul(const State& s, uint32_t seats) {
  int best = -1;
  for (uint32_t m = seats; m; m &= m - 1) {
    int x = __builtin_ctz(m);
    if (best < 0 || s.lives[x] < s.lives[best]) best = x;
  }
  return best;
}

// verdict._bishop_reveals
inline void bishop_reveals(State& s, int bishop) {
  uint32_t pointed_cards = SHADOW & ~cbit(Card::TRITON);
  if (!s.config->bishop_points_at_koldunya) pointed_cards &= ~cbit(Card::KOLDUNYA);
  uint32_t pointed = 0;
  for (uint32_t m = s.living(); m; m &= m - 1) {
    int x = __builtin_ctz(m);
    if (in(pointed_cards, s.cards[x])) pointed |= bit(x);
  }
  Event e = make_event(EventKind::BISHOP_REVEALED);
  e.seat = static_cast<int8_t>(bishop);
  e.members = pointed;
  publish(s, e);
  ++s.tally.bishop_revealed;
  s.revealed_bishop |= bit(bishop);
  s.revealed_shadow |= pointed;
  s.eventful = true;
  close_day(s);
}

// verdict.execute: rules g and f, then the execution and the dying shot's effect.
inline void execute(State& s) {
  const int condemned = s.condemned, shot = s.shot;
  if (s.window_bishop) return bishop_reveals(s, first_soul(s, s.window_bishop));
  const uint32_t luns = s.window_intercede;
  const int executed = luns ? first_soul(s, luns) : condemned;
  if (luns) {
    Event e = make_event(EventKind::INTERCESSION);
    e.seat = static_cast<int8_t>(executed);
    e.target = static_cast<int8_t>(condemned);
    publish(s, e);
    ++s.tally.intercessions;
  }
  uint32_t deaths = bit(executed);
  int n_deaths = 1;
  if (s.cards[condemned] == Card::CORRIGAN && executed == condemned) {
    s.corrigan_open |= bit(s.lives[condemned]);
    if (shot >= 0 && s.config->dying_shot_gate == DyingShotGate::on_execution) {
      if (shot_effect(s, condemned, shot)) { deaths |= bit(shot); ++n_deaths; }
    }
  } else if (shot >= 0 && s.config->dying_shot_gate == DyingShotGate::on_condemnation && in(CORRIGAN_LETHAL, s.cards[shot])) {
    deaths |= bit(shot);
    ++n_deaths;
  }
  Event e = make_event(EventKind::EXECUTION);
  e.day = static_cast<int16_t>(s.day);
  e.seat = static_cast<int8_t>(executed);
  e.card = s.cards[executed];
  e.life = s.lives[executed];
  publish(s, e);
  if (luns) ++s.tally.death_lun; else ++s.tally.death_execution;
  if (n_deaths > 1) {
    Event d = make_event(EventKind::DEATH);
    d.seat = static_cast<int8_t>(shot);
    d.card = s.cards[shot];
    d.life = s.lives[shot];
    publish(s, d);
    ++s.tally.death_dying_shot;
  }
  kill(s, deaths, false);
  close_day(s, executed);
}

// verdict.close_day: a standing curse is carried over, quiet days counted, then night (or souls).
inline void close_day(State& s, int executed) {
  PendingCurse carried;
  if (s.day_curse.active && s.day_curse.cursed >= 0 &&
      (s.config->curse_gate == CurseGate::on_condemnation || executed == s.day_curse.koldun))
    carried = s.day_curse;
  const int quiet = s.eventful ? 0 : s.quiet_cycles + 1;
  Event e = make_event(EventKind::DAY_END);
  e.day = static_cast<int16_t>(s.day);
  publish(s, e);
  s.curse = carried;
  s.quiet_cycles = quiet;
  s.eventful = false;
  s.has_day = false;
  after_deaths(s, false);
}

}  // namespace battaglia
