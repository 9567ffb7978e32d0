// Ten Candles, native kernel: rules/ten_candles/game.py (check, apply) and interject.py; the rules
// themselves are in kernel_setup.hpp, kernel_legal.hpp, kernel_conflict.hpp and kernel_flow.hpp.
//
//   init(state, config)                 GAME.initial_state
//   active_players(state)               bitmask, bit (seat + 2): HOST = bit 0, CHANCE = bit 1, seat s = bit s + 2
//   legal_actions(state, seat, out)     the Python list, in its order
//   check(state, action)                Code::ok or the Python rejection's code
//   apply(state, action, sink)          in place; `action` must pass check (chance: kind == Kind::chance)
//   chance_dice(state)                  the d6 count chance owes, or -1
//   default_action(state, seat, out)    GAME.default_action (false: None)
#pragma once
#include "kernel_legal.hpp"

namespace tc {

// -- interject.py ---------------------------------------------------------------------------------

inline void apply_truth(State& s, const Action& a, Sink& sink) {
  s.truths.push_back(Truth{s.scene, a.actor, a.text, a.topic});
  s.truth_head += 1;
  if (sink.tally) sink.tally->truths += 1;
  if (!s.truths_left()) close_truths(s, sink);
}

// interject.apply_candle_out (L56, L327; D16, D17).
inline void apply_candle_out(State& s, Sink& sink) {
  if (is_pre_play(s.phase)) {
    if (s.config.allow_relight_during_setup) {
      sink.candle_out(Ending::accident);
      return;
    }
    return candle_out(s, Ending::accident, sink);
  }
  candle_out(s, Ending::accident, sink);
  if (s.phase == Phase::truths) return close_truths(s, sink);
  s.ending = Ending::accident;
  s.last_out_by = NO_SEAT;
  clear_conflict(s);
  s.narrator = NO_SEAT;
  if (s.lit == 0) end_game(s, sink);
  else open_truths(s, sink);
}

// -- game.py: check -------------------------------------------------------------------------------

// The phases in which `kind` is played (game.RULES); interjections handled by the caller.
inline bool in_rule_phase(Kind k, Phase p) {
  switch (k) {
    case Kind::write_traits: return p == Phase::traits;
    case Kind::read_module: return p == Phase::module;
    case Kind::describe_character: return p == Phase::describe;
    case Kind::write_moment: return p == Phase::moments;
    case Kind::write_brink: return p == Phase::brinks;
    case Kind::arrange_stack: return p == Phase::stacks;
    case Kind::describe_supplies: return p == Phase::supplies;
    case Kind::frame_scene: return p == Phase::framing;
    case Kind::record_message: return p == Phase::messages;
    case Kind::call_conflict:
    case Kind::kill_character: return p == Phase::scene;
    case Kind::roll: return p == Phase::roll;
    case Kind::burn_trait:
    case Kind::embrace_brink:
    case Kind::seize_narration:
    case Kind::accept_roll: return p == Phase::reroll;
    case Kind::volunteer_death:
    case Kind::decline_death: return p == Phase::death;
    case Kind::narrate: return p == Phase::narration;
    case Kind::speak_truth: return p == Phase::truths;
    case Kind::reveal_brink: return is_play_phase(p);
    default: return true;  // candle_out, x_card: any phase
  }
}

inline Code check_roller(const State& s, const Action& a) {
  return s.has_conflict && a.actor == s.conflict.active ? Code::ok : Code::NOT_YOUR_TURN;
}

inline Code check_move(const State& s, const Action& a) {
  switch (a.kind) {
    case Kind::call_conflict: {  // conflict.check_call
      if (a.actor != HOST) return Code::GM_ONLY;
      if (a.active < 0 || a.active >= s.players) return Code::UNKNOWN_TARGET;
      const Character& c = s.chars[a.active];
      if (!c.alive) return Code::TARGET_DEAD;
      if (a.moment && c.top() != Card::moment) return Code::NO_MOMENT_ACTIVE;
      return Code::ok;
    }
    case Kind::kill_character:  // conflict.check_kill
      if (a.actor != HOST) return Code::GM_ONLY;
      if (!s.final) return Code::NOT_FINAL_SCENE;
      if (a.target < 0 || a.target >= s.players) return Code::UNKNOWN_TARGET;
      if (!s.chars[a.target].alive) return Code::TARGET_DEAD;
      return text_rejection(a.text, MAX_TEXT, true);
    case Kind::roll:
    case Kind::accept_roll: return check_roller(s, a);
    case Kind::burn_trait: {
      const Code c = check_roller(s, a);
      return c != Code::ok ? c : burn_rejection(s, s.conflict);
    }
    case Kind::embrace_brink: {
      const Code c = check_roller(s, a);
      return c != Code::ok ? c : embrace_rejection(s, s.conflict);
    }
    case Kind::seize_narration: {
      const Code c = check_roller(s, a);
      return c != Code::ok ? c : seize_rejection(s, s.conflict);
    }
    case Kind::volunteer_death:
    case Kind::decline_death:  // conflict.check_death_choice
      if (a.actor == HOST) return Code::PLAYERS_ONLY;
      if (!(death_window(s) >> a.actor & 1u)) return s.chars[a.actor].alive ? Code::ALREADY_ACTED : Code::DEAD_ACTOR;
      return Code::ok;
    case Kind::narrate:  // conflict.check_narrate
      if (a.actor != s.narrator) return Code::NOT_NARRATOR;
      return text_rejection(a.text, MAX_TEXT, false);
    case Kind::speak_truth:  // interject.check_truth
      if (a.actor != s.truth_queue[s.truth_head]) return Code::NOT_YOUR_TURN;
      if (a.topic != Topic::general && a.actor != HOST) return Code::GM_ONLY_TOPIC;
      return text_rejection(a.text, MAX_TEXT, false);
    case Kind::reveal_brink: {  // interject.check_reveal
      if (a.actor == HOST) return Code::PLAYERS_ONLY;
      const Character& c = s.chars[a.actor];
      if (!c.alive) return Code::DEAD_ACTOR;
      if (c.top() != Card::brink) return Code::CARD_NOT_ACTIVE;
      if (c.brink_revealed) return Code::BRINK_ALREADY_SHOWN;
      return Code::ok;
    }
    case Kind::candle_out: return s.lit == 0 ? Code::NO_CANDLE_LIT : Code::ok;
    case Kind::x_card: return text_rejection(a.note, MAX_TEXT, true);
    default: return check_setup(s, a);
  }
}

// game.check
inline Code check(const State& s, const Action& a) {
  if (s.phase == Phase::over) return Code::GAME_OVER;
  if (a.kind == Kind::chance) {
    const int count = chance_dice(s);
    if (count < 0) return Code::NOT_CHANCE_TURN;
    if (a.values.size() != count) return Code::CHANCE_MISMATCH;
    for (int v : a.values)
      if (v < 1 || v > 6) return Code::CHANCE_MISMATCH;
    return Code::ok;
  }
  if (!(a.actor == HOST || (a.actor >= 0 && a.actor < s.players))) return Code::UNKNOWN_SEAT;
  const bool pending = s.has_conflict && s.conflict.pending != Conflict::Pending::none;
  if (!in_rule_phase(a.kind, s.phase) || (pending && !is_interjection(a.kind))) return Code::WRONG_PHASE;
  return check_move(s, a);
}

// game.apply (after check): dispatch on the kind.
inline void apply(State& s, const Action& a, Sink& sink) {
  switch (a.kind) {
    case Kind::chance: return apply_dice(s, a.values, sink);
    case Kind::call_conflict: return apply_call(s, a, sink);
    case Kind::kill_character: return apply_kill(s, a, sink);
    case Kind::roll: return apply_roll(s, a, sink);
    case Kind::burn_trait: return apply_burn(s, sink);
    case Kind::embrace_brink: return apply_embrace(s, sink);
    case Kind::seize_narration:
      s.conflict.seized = true;
      return resolve(s, sink);
    case Kind::accept_roll: return resolve(s, sink);
    case Kind::volunteer_death: return apply_volunteer(s, a, sink);
    case Kind::decline_death: return apply_decline(s, a);
    case Kind::narrate: return apply_narrate(s, sink);
    case Kind::speak_truth: return apply_truth(s, a, sink);
    case Kind::reveal_brink: s.chars[a.actor].brink_revealed = true; return;
    case Kind::candle_out: return apply_candle_out(s, sink);
    case Kind::x_card:
      s.x_cards += 1;
      if (sink.tally) sink.tally->x_cards += 1;
      return;
    default: return apply_setup(s, a, sink);
  }
}

// game.default_action: the first move of the seat's turn, preferring to accept or decline.
inline bool default_action(const State& s, int seat, Action& out) {
  if (!is_active(s, seat)) return false;
  std::vector<Action> moves;
  turn_moves(s, seat, moves);
  if (moves.empty()) return false;
  for (const Action& m : moves)
    if (m.kind == Kind::accept_roll || m.kind == Kind::decline_death) {
      out = m;
      return true;
    }
  out = moves[0];
  return true;
}

}  // namespace tc
