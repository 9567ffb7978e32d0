// battaglia native: the day up to the verdict (rules/battaglia/day.py; the vote: verdict.py): morning, last
// words, speeches, accusations and the vote. The verdict and the end of the day are in kernel_verdict.hpp.
#pragma once
#include "state.hpp"

namespace battaglia {

// day.day_limits: (accusations T, votes V) from N living darks.
inline void day_limits(const State& s, int* limit, int* votes) {
  const Config& c = *s.config;
  uint32_t counted = DARKNESS;
  if (c.n_includes_gloom) counted |= GLOOM;
  if (c.n_includes_koldunya) counted |= cbit(Card::KOLDUNYA);
  int n = 0;
  for (uint32_t m = s.living(); m; m &= m - 1)
    if (in(counted, s.cards[__builtin_ctz(m)])) ++n;
  int l = n + 1 > c.accusations_min ? n + 1 : c.accusations_min;
  *limit = l < c.accusations_max ? l : c.accusations_max;
  *votes = c.votes_per_player ? c.votes_per_player : (n > 1 ? n : 1);
}

inline Event accusation_event(const Accusation& a, bool by_curse) {
  Event e = make_event(EventKind::ACCUSATION);
  e.seat = a.accuser;
  e.target = a.target;
  e.basis = a.basis;
  e.charge = a.charge;
  e.flag = by_curse ? 1 : 0;
  return e;
}

inline void enter_accuse(State& s);

// day.enter_last_words
inline void enter_last_words(State& s) {
  if (s.last_words && open_targets(s) && s.n_accusations < s.config->accusations_max) {
    s.phase = Phase::LAST_WORDS;
    return;
  }
  s.last_words = 0;
  if (s.config->speech_rounds && s.order_len) {
    s.phase = Phase::SPEECH;
    s.turn = 0;
    s.speech_round = 1;
    return;
  }
  enter_accuse(s);
}

// day.start_day: morning counts, a carried curse, the night's dead lights' word.
inline void start_day(State& s) {
  const int number = s.day + 1;
  const int start = (number - 1) % s.players;
  // sorted(living, key=(s - start) % players): seats from `start` upwards, wrapping
  s.order_len = 0;
  for (int k = 0; k < s.players; ++k) {
    const int x = (start + k) % s.players;
    if (!has(s.out, x)) s.order[s.order_len++] = static_cast<int8_t>(x);
  }
  int limit = 0, votes = 0;
  day_limits(s, &limit, &votes);
  s.has_day = true;
  s.accusations_limit = limit;
  s.votes = votes;
  s.turn = 0;
  s.speech_round = 1;
  s.last_words = s.died_lights;
  s.n_accusations = 0;
  s.accusers = 0;
  s.has_pending = false;
  s.candidates = 0;
  s.ballots_cast = 0;
  s.forced = 0;
  s.cursed = -1;
  s.condemned = -1;
  s.final_voters = 0;
  s.lord_revoted = 0;
  s.shot = -1;
  s.day_curse = PendingCurse();
  s.window_answered = s.window_intercede = s.window_bishop = s.window_seats = 0;
  const PendingCurse curse = s.curse;
  s.day = number;
  s.died_lights = 0;
  s.curse = PendingCurse();
  s.phase = Phase::SPEECH;
  Event e = make_event(EventKind::DAY);
  e.day = static_cast<int16_t>(number);
  e.a = static_cast<int16_t>(limit);
  e.b = static_cast<int16_t>(votes);
  e.members = judges(s);
  publish(s, e);
  if (curse.active && !has(s.out, curse.cursed)) {  // day._curse_accusation (DEC-27)
    const uint32_t forced = curse.forced & ~s.out;
    Accusation a;
    a.accuser = -1;
    a.target = curse.cursed;
    a.basis = Basis::CURSE;
    a.charge = Charge::DARK;
    publish(s, accusation_event(a, true));
    Event b = make_event(EventKind::CURSE_BINDS);
    b.target = curse.cursed;
    b.members = forced;
    publish(s, b);
    s.accusations[0] = a;
    s.n_accusations = 1;
    s.cursed = curse.cursed;
    s.forced = forced;
  }
  enter_last_words(s);
}

// day.last_word: a dead light names a living character (target -1: passes).
inline void last_word(State& s, int seat, int target) {
  s.last_words &= s.last_words - 1;  // drop the first (lowest) seat: it is `seat`
  s.accusers |= bit(seat);
  if (target >= 0) {
    Accusation a;
    a.accuser = static_cast<int8_t>(seat);
    a.target = static_cast<int8_t>(target);
    a.basis = Basis::LAST_WORDS;
    a.charge = Charge::DARK;
    s.accusations[s.n_accusations++] = a;
    publish(s, accusation_event(a, false));
  }
  enter_last_words(s);
}

// day.speech
inline void speech(State& s, int seat, bool has_text) {
  if (has_text) {
    Event e = make_event(EventKind::SPEECH);
    e.seat = static_cast<int8_t>(seat);
    publish(s, e);
  }
  int turn = s.turn + 1, rounds = s.speech_round;
  if (turn >= s.order_len) { turn = 0; rounds += 1; }
  if (rounds > s.config->speech_rounds) return enter_accuse(s);
  s.turn = turn;
  s.speech_round = rounds;
}

// day.next_accuser
inline void next_accuser(State& s) {
  if (s.n_accusations >= s.accusations_limit || s.turn >= s.order_len || !open_targets(s)) return enter_vote(s);
  s.phase = Phase::ACCUSE;
  s.has_pending = false;
}

// day.enter_accuse: the living who have not accused today take turns.
inline void enter_accuse(State& s) {
  int n = 0;
  for (int i = 0; i < s.order_len; ++i) {
    const int x = s.order[i];
    if (!has(s.accusers, x) && !has(s.out, x)) s.order[n++] = static_cast<int8_t>(x);
  }
  s.order_len = n;
  s.phase = Phase::ACCUSE;
  s.turn = 0;
  next_accuser(s);
}

inline void admit(State& s, const Accusation& a) {
  publish(s, accusation_event(a, false));
  s.accusations[s.n_accusations++] = a;
  next_accuser(s);
}

// day.accuse: the current accuser's accusation (has == false: a pass).
inline void accuse(State& s, bool has_accusation, const Accusation& a) {
  const int seat = s.order[s.turn];
  s.turn += 1;
  s.accusers |= bit(seat);
  if (!has_accusation) return next_accuser(s);
  if (judges(s)) {
    Event e = make_event(EventKind::ACCUSATION_PROPOSED);
    e.seat = static_cast<int8_t>(seat);
    e.target = a.target;
    e.basis = a.basis;
    e.charge = a.charge;
    publish(s, e);
    s.phase = Phase::JUDGE;
    s.has_pending = true;
    s.pending = a;
    return;
  }
  admit(s, a);
}

// day.judge
inline void judge(State& s, int seat, bool approve) {
  const Accusation pending = s.pending;
  if (approve) return admit(s, pending);
  Event e = make_event(EventKind::ACCUSATION_REFUSED);
  e.seat = pending.accuser;
  e.target = pending.target;
  e.a = static_cast<int16_t>(seat);
  publish(s, e);
  next_accuser(s);
}

inline void no_condemnation(State& s, int reason) {
  Event e = make_event(EventKind::NO_CONDEMNATION);
  e.day = static_cast<int16_t>(s.day);
  e.a = static_cast<int16_t>(reason);
  publish(s, e);
  ++s.tally.days_without_condemnation;
}

inline void tally_votes(State& s);

// verdict.enter_vote: a ballot over the accused (or the tied leaders); bound voters vote automatically.
inline void enter_vote(State& s, uint32_t candidates, bool revote) {
  if (!s.n_accusations) {
    no_condemnation(s, 0);
    return close_day(s);
  }
  if (!candidates)
    for (int i = 0; i < s.n_accusations; ++i) candidates |= bit(s.accusations[i].target);
  const bool bound = s.cursed >= 0 && has(candidates, s.cursed);
  uint32_t cast = 0;
  if (bound) cast = s.forced & ~s.out;
  for (int i = 0; i < MAX_SEATS; ++i) s.ballots[i] = 0;
  for (uint32_t m = cast; m; m &= m - 1) s.ballots[__builtin_ctz(m)] = bit(s.cursed);
  Event e = make_event(EventKind::VOTE_OPEN);
  e.day = static_cast<int16_t>(s.day);
  e.flag = revote ? 1 : 0;
  e.members = candidates;
  e.a = static_cast<int16_t>(revote ? 1 : s.votes);
  e.mask2 = cast;
  publish(s, e);
  s.phase = revote ? Phase::REVOTE : Phase::VOTE;
  s.candidates = candidates;
  s.ballots_cast = cast;
  s.has_pending = false;
  if (popcount(cast) >= popcount(s.living())) tally_votes(s);
}

// verdict.cast
inline void cast_ballot(State& s, int seat, uint32_t targets) {
  s.ballots[seat] = targets;
  s.ballots_cast |= bit(seat);
  if (popcount(s.ballots_cast) >= popcount(s.living())) tally_votes(s);
}

// verdict.tally: a single leader is condemned; a tie goes to a one-vote re-vote; a second tie condemns nobody.
inline void tally_votes(State& s) {
  int counts[MAX_SEATS] = {0};
  for (uint32_t m = s.ballots_cast; m; m &= m - 1)
    for (uint32_t t = s.ballots[__builtin_ctz(m)]; t; t &= t - 1) ++counts[__builtin_ctz(t)];
  const bool revote = s.phase == Phase::REVOTE;
  Event e = make_event(EventKind::BALLOTS);
  e.day = static_cast<int16_t>(s.day);
  e.flag = revote ? 1 : 0;
  begin_items(s, e);
  for (uint32_t m = s.ballots_cast; m; m &= m - 1) {
    Item it;
    it.seat = static_cast<int8_t>(__builtin_ctz(m));
    it.mask = s.ballots[it.seat];
    add_item(s, e, it);
  }
  publish(s, e);
  int top = 0;
  for (uint32_t m = s.candidates; m; m &= m - 1)
    if (counts[__builtin_ctz(m)] > top) top = counts[__builtin_ctz(m)];
  uint32_t leaders = 0;
  for (uint32_t m = s.candidates; m; m &= m - 1)
    if (counts[__builtin_ctz(m)] == top) leaders |= bit(__builtin_ctz(m));
  if (top == 0 || (popcount(leaders) > 1 && revote)) {
    no_condemnation(s, top ? 1 : 2);
    return close_day(s);
  }
  if (popcount(leaders) > 1) return enter_vote(s, leaders, true);
  const int condemned = lowest(leaders);
  uint32_t voters = 0;
  for (uint32_t m = s.ballots_cast; m; m &= m - 1)
    if (has(s.ballots[__builtin_ctz(m)], condemned)) voters |= bit(__builtin_ctz(m));
  Event c = make_event(EventKind::CONDEMNED);
  c.day = static_cast<int16_t>(s.day);
  c.seat = static_cast<int8_t>(condemned);
  publish(s, c);
  s.phase = Phase::CONDEMNED;
  s.condemned = condemned;
  s.final_voters = voters;
}

}  // namespace battaglia
