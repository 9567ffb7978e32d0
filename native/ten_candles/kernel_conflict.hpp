// Ten Candles, native: rules/ten_candles/dice.py and conflict.py (L263-297): calling, rolling,
// rerolls, the result, voluntary death and narration. State is mutated in place.
#pragma once
#include "kernel_flow.hpp"

namespace tc {

// Rejection codes (rules.core.Code + TenCandlesCode); ok = no rejection.
enum class Code : uint8_t {
  ok, GAME_OVER, WRONG_PHASE, NOT_YOUR_TURN, UNKNOWN_SEAT, UNKNOWN_ACTION, DEAD_ACTOR, UNKNOWN_TARGET, TARGET_DEAD,
  ALREADY_ACTED, MALFORMED, CHANCE_MISMATCH, NOT_CHANCE_TURN, GM_ONLY, PLAYERS_ONLY, TEXT_EMPTY, TEXT_TOO_LONG,
  TRAIT_NOT_ONE_WORD, BAD_STACK, BRINK_NOT_AT_BOTTOM, CARD_NOT_ACTIVE, NO_ONES, BOTH_TRAITS_IN_SCENE,
  BRINK_NOT_NEEDED, REROLL_LIMIT, NOTHING_TO_SEIZE, NOT_NARRATOR, GM_ONLY_TOPIC, UNKNOWN_TOPIC, NO_CANDLE_LIT,
  NOT_FINAL_SCENE, NO_MOMENT_ACTIVE, BRINK_ALREADY_SHOWN
};
inline const char* code_name(Code c) {
  static const char* names[] = {
      "", "GAME_OVER", "WRONG_PHASE", "NOT_YOUR_TURN", "UNKNOWN_SEAT", "UNKNOWN_ACTION", "DEAD_ACTOR",
      "UNKNOWN_TARGET", "TARGET_DEAD", "ALREADY_ACTED", "MALFORMED", "CHANCE_MISMATCH", "NOT_CHANCE_TURN", "GM_ONLY",
      "PLAYERS_ONLY", "TEXT_EMPTY", "TEXT_TOO_LONG", "TRAIT_NOT_ONE_WORD", "BAD_STACK", "BRINK_NOT_AT_BOTTOM",
      "CARD_NOT_ACTIVE", "NO_ONES", "BOTH_TRAITS_IN_SCENE", "BRINK_NOT_NEEDED", "REROLL_LIMIT", "NOTHING_TO_SEIZE",
      "NOT_NARRATOR", "GM_ONLY_TOPIC", "UNKNOWN_TOPIC", "NO_CANDLE_LIT", "NOT_FINAL_SCENE", "NO_MOMENT_ACTIVE",
      "BRINK_ALREADY_SHOWN"};
  return names[static_cast<int>(c)];
}

// -- dice.py --------------------------------------------------------------------------------------

// A 6 on any common die, or a 5 or 6 on the hope die (L271, L160).
inline bool is_success(const Dice& common, int hope) { return common.contains(6) || hope >= 5; }
// Sixes for narration: a hope 6 counts, a hope 5 does not (L287).
inline int player_sixes(const Dice& common, int hope) { return common.count(6) + (hope == 6 ? 1 : 0); }
// Strictly more sixes than the GM; ties go to the GM (L279, L283).
inline bool player_narrates(const Dice& common, int hope, const Dice& gm) {
  return player_sixes(common, hope) > gm.count(6);
}
// Indices a burned Trait rerolls: every common 1, and the hope die (index len(common)) on a 1 (D8).
inline int trait_reroll_slots(const Dice& common, int hope, bool include_hope, int* slots) {
  int n = 0;
  for (int i = 0; i < common.size(); ++i)
    if (common[i] == 1) slots[n++] = i;
  if (include_hope && hope == 1) slots[n++] = common.size();
  return n;
}
inline int trait_reroll_count(const State& s, const Conflict& c) {
  int slots[12];
  return trait_reroll_slots(c.common, c.hope, s.config.trait_reroll_includes_hope, slots);
}

// -- the window after the dice --------------------------------------------------------------------

inline bool gm_holds_narration(const Conflict& c) {
  return !is_success(c.common, c.hope) || !player_narrates(c.common, c.hope, c.gm);
}
inline Code limit_rejection(const State& s, const Conflict& c) {
  const std::optional<int>& cap = s.config.max_rerolls_per_roll;  // None = no cap
  return cap && c.rerolls >= *cap ? Code::REROLL_LIMIT : Code::ok;
}
// conflict.burn_rejection (L295, L114, L232).
inline Code burn_rejection(const State& s, const Conflict& c) {
  const Character& ch = s.chars[c.active];
  const Card top = ch.top();
  if (top != Card::virtue && top != Card::vice) return Code::CARD_NOT_ACTIVE;
  if (!ch.traits_burned_this_scene.empty()) return Code::BOTH_TRAITS_IN_SCENE;
  if (trait_reroll_count(s, c) == 0) return Code::NO_ONES;
  return limit_rejection(s, c);
}
// conflict.embrace_rejection (L297, L85).
inline Code embrace_rejection(const State& s, const Conflict& c) {
  if (s.chars[c.active].top() != Card::brink) return Code::CARD_NOT_ACTIVE;
  if (!gm_holds_narration(c)) return Code::BRINK_NOT_NEEDED;
  return limit_rejection(s, c);
}
// conflict.seize_rejection (L285, L60, D4).
inline Code seize_rejection(const State& s, const Conflict& c) {
  if (!is_success(c.common, c.hope)) return Code::NOTHING_TO_SEIZE;
  const int sixes = player_sixes(c.common, c.hope), gm_sixes = c.gm.count(6);
  if (sixes > gm_sixes) return Code::NOTHING_TO_SEIZE;
  if (s.config.seize_requires_tie && sixes != gm_sixes) return Code::NOTHING_TO_SEIZE;
  return Code::ok;
}

// -- the result -----------------------------------------------------------------------------------

// conflict._burn_moment (L154, L158).
inline void burn_moment(State& s, int seat, bool success, Sink& sink) {
  Character& ch = s.chars[seat];
  ch.stack.pop_front();
  ch.burned.push(Card::moment);
  ch.hope = ch.hope || success;
  if (success && sink.tally) sink.tally->moments_won += 1;
}

// conflict._engulf (L220, L297).
inline void engulf(State& s, const Conflict& c, Sink& sink) {
  Character& ch = s.chars[c.active];
  ch.stack.clear();
  ch.burned.push(Card::brink);
  ch.hope = false;
  ch.brink_revealed = true;
  if (sink.tally) sink.tally->brinks_engulfed += 1;
}

// conflict._succeed (L273, L279, L283, L154, L158).
inline void succeed(State& s, Sink& sink) {
  const Conflict& c = s.conflict;
  const int lost_face =
      c.last_reroll == Conflict::Reroll::brink && s.config.brink_success_loses == BrinkSuccessLoses::sixes ? 6 : 1;
  const int pool = s.pool();
  const int ones = c.common.count(lost_face);
  const int lost = ones < pool ? ones : pool;
  s.narrator = c.seized || player_narrates(c.common, c.hope, c.gm) ? c.active : HOST;
  s.set_aside += lost;
  if (sink.tally) sink.tally->successes += 1;
  if (c.moment) burn_moment(s, c.active, true, sink);
  if (c.seized) {
    if (sink.tally) sink.tally->seizes += 1;
    candle_out(s, Ending::seize, sink);
    s.ending = Ending::seize;
    s.last_out_by = c.active;
  }
  s.phase = Phase::narration;
}

// conflict._fail (L271, L275, L283, L156, L297, L47; D3).
inline void fail(State& s, Sink& sink) {
  const Conflict& c = s.conflict;
  s.narrator = HOST;
  Ending cause = Ending::failed_roll;
  if (c.moment) {
    burn_moment(s, c.active, false, sink);
    cause = Ending::failed_moment;
  }
  if (c.last_reroll == Conflict::Reroll::brink) {
    engulf(s, c, sink);
    cause = Ending::failed_brink;
  }
  if (s.final && s.config.final_scene == FinalScene::one_by_one) {
    kill(s, c.active, "final_scene", sink);
  } else {
    candle_out(s, cause, sink);
    s.ending = cause;
    s.last_out_by = c.active;
  }
  s.phase = c.dangerous && living_mask(s) ? Phase::death : Phase::narration;
}

// conflict.resolve: settle the final result of the roll (after every reroll, D33).
inline void resolve(State& s, Sink& sink) {
  if (is_success(s.conflict.common, s.conflict.hope)) succeed(s, sink);
  else fail(s, sink);
}

// conflict.open_window: wait for the roller when a reroll or seizure is open, else settle (L293).
inline void open_window(State& s, Sink& sink) {
  const Conflict& c = s.conflict;
  if (burn_rejection(s, c) == Code::ok || embrace_rejection(s, c) == Code::ok || seize_rejection(s, c) == Code::ok)
    s.phase = Phase::reroll;
  else
    resolve(s, sink);
}

// -- chance ---------------------------------------------------------------------------------------

// conflict.chance_spec: how many d6 chance owes now (-1: none).
inline int chance_dice(const State& s) {
  if (!s.has_conflict || s.conflict.pending == Conflict::Pending::none) return -1;
  const Conflict& c = s.conflict;
  switch (c.pending) {
    case Conflict::Pending::roll: return s.pool() + (s.chars[c.active].hope ? 1 : 0) + s.gm_pool;
    case Conflict::Pending::trait: return trait_reroll_count(s, c);
    default: return c.common.size() + (c.hope ? 1 : 0);
  }
}

// conflict.apply_dice: put the faces where they belong, then open the window.
inline void apply_dice(State& s, const Dice& values, Sink& sink) {
  Conflict& c = s.conflict;
  if (c.pending == Conflict::Pending::roll) {
    const int pool = s.pool();
    const bool has_hope = s.chars[c.active].hope;
    c.common.clear();
    c.gm.clear();
    for (int i = 0; i < pool; ++i) c.common.push(values[i]);
    c.hope = has_hope ? values[pool] : 0;
    for (int i = pool + (has_hope ? 1 : 0); i < values.size(); ++i) c.gm.push(values[i]);
    c.rolled = true;
    c.pending = Conflict::Pending::none;
    if (c.hope && sink.tally) sink.tally->hope_rolls += 1;
    return open_window(s, sink);
  }
  if (c.pending == Conflict::Pending::trait) {
    int slots[12];
    const int n = trait_reroll_slots(c.common, c.hope, s.config.trait_reroll_includes_hope, slots);
    uint8_t faces[13];
    const int k = c.common.size();
    for (int i = 0; i < k; ++i) faces[i] = c.common.v[i];
    faces[k] = static_cast<uint8_t>(c.hope);
    for (int i = 0; i < n && i < values.size(); ++i) faces[slots[i]] = values.v[i];
    for (int i = 0; i < k; ++i) c.common.v[i] = faces[i];
    c.hope = faces[k];
    c.pending = Conflict::Pending::none;
    c.last_reroll = Conflict::Reroll::trait;
    return open_window(s, sink);
  }
  const int k = c.common.size();
  for (int i = 0; i < k; ++i) c.common.v[i] = values.v[i];
  c.hope = c.hope ? values[values.size() - 1] : 0;
  c.pending = Conflict::Pending::none;
  c.last_reroll = Conflict::Reroll::brink;
  if (is_success(c.common, c.hope)) open_window(s, sink);
  else resolve(s, sink);
}

// -- the moves ------------------------------------------------------------------------------------

// conflict.apply_call (L265, L289).
inline void apply_call(State& s, const Action& a, Sink& sink) {
  sink.conflict_called(a.dangerous, a.moment);
  s.phase = Phase::roll;
  s.has_conflict = true;
  s.conflict = Conflict();
  s.conflict.active = a.active;
  s.conflict.dangerous = a.dangerous;
  s.conflict.moment = a.moment;
}

// conflict.apply_kill (L47).
inline void apply_kill(State& s, const Action& a, Sink& sink) {
  kill(s, a.target, "final_scene", sink);
  if (!living_mask(s)) end_game(s, sink);
}

// conflict.apply_roll: an empty pool with no hope die fails at once (D15) (L269, L277, L160).
inline void apply_roll(State& s, const Action& a, Sink& sink) {
  if (s.pool() == 0 && !s.chars[a.actor].hope) {
    s.conflict.rolled = true;
    return resolve(s, sink);
  }
  s.conflict.pending = Conflict::Pending::roll;
}

// conflict.apply_burn (L75, L87, L295).
inline void apply_burn(State& s, Sink& sink) {
  Conflict& c = s.conflict;
  Character& ch = s.chars[c.active];
  const Card card = ch.stack.front();
  ch.stack.pop_front();
  ch.burned.push(card);
  ch.traits_burned_this_scene.push(card);
  if (sink.tally) {
    sink.tally->traits_burned += 1;
    (card == Card::virtue ? sink.tally->virtues_burned : sink.tally->vices_burned) += 1;
  }
  c.pending = Conflict::Pending::trait;
  c.rerolls += 1;
}

// conflict.apply_embrace (L218, L297).
inline void apply_embrace(State& s, Sink& sink) {
  Conflict& c = s.conflict;
  if (sink.tally) sink.tally->brinks_embraced += 1;
  s.chars[c.active].brink_revealed = true;
  c.pending = Conflict::Pending::brink;
  c.rerolls += 1;
}

// conflict.death_window: living players still to answer, as a bitmask over seats.
inline uint16_t death_window(const State& s) {
  const uint16_t answered = s.has_conflict ? s.conflict.answered : 0;
  return static_cast<uint16_t>(living_mask(s) & ~answered);
}

// conflict.apply_volunteer (L291).
inline void apply_volunteer(State& s, const Action& a, Sink& sink) {
  kill(s, a.actor, "voluntary", sink);
  s.phase = Phase::narration;
  s.narrator = a.actor;
}

// conflict.apply_decline: the last refusal hands narration to the GM (L289).
inline void apply_decline(State& s, const Action& a) {
  s.conflict.answered |= static_cast<uint16_t>(1u << a.actor);
  if (!death_window(s)) {
    s.phase = Phase::narration;
    s.narrator = HOST;
  }
}

// conflict.apply_narrate: the scene goes on, or its truths begin, or the game ends (D34).
inline void apply_narrate(State& s, Sink& sink) {
  clear_conflict(s);
  s.narrator = NO_SEAT;
  if (s.lit == 0 || !living_mask(s)) return end_game(s, sink);
  if (s.ending != Ending::none) return open_truths(s, sink);
  s.phase = Phase::scene;
}

}  // namespace tc
