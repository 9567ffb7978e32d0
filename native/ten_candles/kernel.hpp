// Ten Candles, native kernel: rules/ten_candles/game.py, legal.py, setup.py and interject.py.
//
//   init(state, config)                 GAME.initial_state
//   active_players(state)               bitmask, bit (seat + 2): HOST = bit 0, CHANCE = bit 1, seat s = bit s + 2
//   legal_actions(state, seat, out)     the Python list, in its order
//   check(state, action)                Code::ok or the Python rejection's code
//   apply(state, action, sink)          in place; `action` must pass check (chance: kind == Kind::chance)
//   chance_dice(state)                  the d6 count chance owes, or -1
//   default_action(state, seat, out)    GAME.default_action (false: None)
#pragma once
#include "kernel_conflict.hpp"
#include "kernel_text.hpp"

namespace tc {

inline uint16_t seat_bit(int seat) { return static_cast<uint16_t>(1u << (seat + 2)); }
inline int lowest_seat(uint16_t mask) { return __builtin_ctz(mask) - 2; }  // min(active)

inline void init(State& s, const Config& config) {
  s = State();
  s.config = config;
  s.players = config.players;
  for (int seat = 0; seat < s.players; ++seat) s.chars[seat].seat = seat;
}

// -- setup.py -------------------------------------------------------------------------------------

inline bool gm_writes(Phase p) { return p == Phase::module || p == Phase::framing; }

// setup.writers: seats still to write in the current setup phase, as active-player bits.
inline uint16_t writers(const State& s) {
  uint16_t m = 0;
  if (gm_writes(s.phase)) {
    m = seat_bit(HOST);
  } else {
    for (int seat = 0; seat < s.players; ++seat) m |= seat_bit(seat);
    if (s.phase == Phase::brinks) m |= seat_bit(HOST);
  }
  return static_cast<uint16_t>(m & ~s.done);
}

// codes.text_rejection
inline Code text_rejection(const std::string& value, int limit, bool allow_empty, bool one_word = false) {
  if (!allow_empty && py_is_blank(value)) return Code::TEXT_EMPTY;
  if (static_cast<int>(value.size()) > limit && py_len(value) > limit) return Code::TEXT_TOO_LONG;
  if (one_word && py_word_count(value) != 1) return Code::TRAIT_NOT_ONE_WORD;
  return Code::ok;
}

// setup.check_setup (writer, text fields, stack order).
inline Code check_setup(const State& s, const Action& a) {
  const Phase phase = s.phase;
  if (gm_writes(phase) && a.actor != HOST) return Code::GM_ONLY;
  if (!gm_writes(phase) && phase != Phase::brinks && a.actor == HOST) return Code::PLAYERS_ONLY;
  if (s.is_done(a.actor)) return Code::ALREADY_ACTED;
  Code c = Code::ok;
  switch (a.kind) {
    case Kind::write_traits: {
      const bool one = s.config.traits_one_word;
      c = text_rejection(a.virtue, MAX_TRAIT, false, one);
      if (c == Code::ok) c = text_rejection(a.vice, MAX_TRAIT, false, one);
      return c;
    }
    case Kind::describe_character:
      c = text_rejection(a.name, MAX_TEXT, false);
      if (c == Code::ok) c = text_rejection(a.appearance, MAX_TEXT, false);
      if (c == Code::ok) c = text_rejection(a.description, MAX_TEXT, false);
      return c;
    case Kind::describe_supplies:
    case Kind::record_message:
      return text_rejection(a.text, MAX_TEXT, true);
    case Kind::arrange_stack: {
      for (Card card : a.order)
        if (card == Card::brink) return Code::BRINK_NOT_AT_BOTTOM;
      for (const auto& order : STACK_ORDERS())
        if (order == a.order) return Code::ok;
      return Code::BAD_STACK;
    }
    default:
      return text_rejection(a.text, MAX_TEXT, false);
  }
}

// setup.finish_step: pass, share or fix what the step wrote, light its candles, move on.
inline void finish_step(State& s, Sink& sink) {
  const Phase phase = s.phase;
  if (phase == Phase::traits) {  // _pass_traits (L102)
    const int n = s.players;
    for (int seat = 0; seat < n; ++seat) {
      s.chars[seat].virtue = s.written_traits[virtue_author(seat, n)].first;
      s.chars[seat].vice = s.written_traits[vice_author(seat, n)].second;
    }
  } else if (phase == Phase::supplies) {
    return begin_play(s);
  } else if (phase == Phase::messages) {
    s.done = 0;
    return start_scene(s, sink);
  }
  if (phase <= Phase::supplies) light_candles(s, static_cast<int>(phase) + 1);  // STEP_OF
  s.phase = static_cast<Phase>(static_cast<int>(phase) + 1);                    // NEXT
  s.done = 0;
}

// setup.apply_setup: record a card; finish the step when every writer has written.
inline void apply_setup(State& s, const Action& a, Sink& sink) {
  switch (a.kind) {
    case Kind::write_traits:
      s.written_traits[a.actor] = {py_strip(a.virtue), py_strip(a.vice)};
      break;
    case Kind::read_module: s.module = a.text; break;
    case Kind::describe_character: {
      Character& c = s.chars[a.actor];
      c.name = a.name;
      c.appearance = a.appearance;
      c.description = a.description;
      break;
    }
    case Kind::write_moment: s.chars[a.actor].moment = a.text; break;
    case Kind::write_brink: {
      const int holder = left_of(a.actor, s.players);
      if (holder == HOST) s.their_brink = a.text;
      else s.chars[holder].brink = a.text;
      break;
    }
    case Kind::arrange_stack: {
      Character& c = s.chars[a.actor];
      c.stack.clear();
      for (Card card : a.order) c.stack.push(card);
      c.stack.push(Card::brink);
      break;
    }
    case Kind::describe_supplies: s.chars[a.actor].supplies = a.text; break;
    case Kind::frame_scene: s.frame = a.text; break;
    default: {  // record_message
      Character& c = s.chars[a.actor];
      c.message = a.text;
      c.has_message = true;
      break;
    }
  }
  s.done |= seat_bit(a.actor);
  if (!writers(s)) finish_step(s, sink);
}

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

// -- legal.py -------------------------------------------------------------------------------------

inline uint16_t active_players(const State& s) {
  const Phase phase = s.phase;
  if (phase == Phase::over) return 0;
  if (s.has_conflict && s.conflict.pending != Conflict::Pending::none) return seat_bit(CHANCE);
  if (is_pre_play(phase)) return writers(s);
  switch (phase) {
    case Phase::scene: return seat_bit(HOST);
    case Phase::roll:
    case Phase::reroll: return seat_bit(s.conflict.active);
    case Phase::death: return static_cast<uint16_t>(death_window(s) << 2);
    case Phase::narration: return s.narrator != NO_SEAT ? seat_bit(s.narrator) : 0;
    default: return seat_bit(s.truth_queue[s.truth_head]);
  }
}

inline bool is_active(const State& s, int seat) { return active_players(s) & seat_bit(seat); }

// Writes a list of moves into a vector, reusing the Actions already in it (their strings keep
// their buffers): listing moves is the hot path of a simulation, so no Action is built twice.
class MoveWriter {
 public:
  explicit MoveWriter(std::vector<Action>& out) : out_(out) {}
  MoveWriter(const MoveWriter&) = delete;
  MoveWriter& operator=(const MoveWriter&) = delete;
  ~MoveWriter() { out_.resize(n_); }

  // A new move of `kind` by `actor`, every other field at its default.
  Action& add(Kind kind, int actor) {
    if (n_ == out_.size()) out_.emplace_back();
    Action& a = out_[n_++];
    a.kind = kind;
    a.actor = static_cast<int8_t>(actor);
    a.active = 0;
    a.dangerous = a.moment = false;
    a.target = 0;
    a.topic = Topic::general;
    a.order = {{Card::none, Card::none, Card::none}};
    a.virtue.clear(); a.vice.clear(); a.name.clear(); a.appearance.clear(); a.description.clear();
    a.text.clear(); a.note.clear();
    a.values.clear();
    return a;
  }
  void add_text(Kind kind, int actor, const std::string& text) { add(kind, actor).text = text; }
  void add_call(int active, bool dangerous, bool moment) {
    Action& a = add(Kind::call_conflict, HOST);
    a.active = static_cast<int8_t>(active);
    a.dangerous = dangerous;
    a.moment = moment;
  }
  std::size_t size() const { return n_; }

 private:
  std::vector<Action>& out_;
  std::size_t n_ = 0;
};

// legal.turn_moves
inline void turn_moves(const State& s, int seat, MoveWriter& w) {
  switch (s.phase) {
    case Phase::scene: {  // _gm_scene_moves: plain and dangerous calls, then the Moment's; then kills
      for (int p = 0; p < s.players; ++p) {
        if (!s.chars[p].alive) continue;
        w.add_call(p, false, false);
        w.add_call(p, true, false);
        if (s.chars[p].top() == Card::moment) {
          w.add_call(p, false, true);
          w.add_call(p, true, true);
        }
      }
      if (s.final)
        for (int p = 0; p < s.players; ++p)
          if (s.chars[p].alive) {
            Action& kill = w.add(Kind::kill_character, HOST);
            kill.target = static_cast<int8_t>(p);
            kill.text = SAMPLE();
          }
      return;
    }
    case Phase::reroll: {  // _window_moves
      const Conflict& c = s.conflict;
      if (burn_rejection(s, c) == Code::ok) w.add(Kind::burn_trait, seat);
      if (embrace_rejection(s, c) == Code::ok) w.add(Kind::embrace_brink, seat);
      if (seize_rejection(s, c) == Code::ok) w.add(Kind::seize_narration, seat);
      w.add(Kind::accept_roll, seat);
      return;
    }
    case Phase::traits: {
      Action& a = w.add(Kind::write_traits, seat);
      a.virtue = SAMPLE_VIRTUE();
      a.vice = SAMPLE_VICE();
      return;
    }
    case Phase::stacks:
      for (const auto& order : STACK_ORDERS()) w.add(Kind::arrange_stack, seat).order = order;
      return;
    case Phase::describe: {
      Action& a = w.add(Kind::describe_character, seat);
      a.name = a.appearance = a.description = SAMPLE();
      return;
    }
    case Phase::module: return w.add_text(Kind::read_module, seat, SAMPLE());
    case Phase::moments: return w.add_text(Kind::write_moment, seat, SAMPLE());
    case Phase::brinks: return w.add_text(Kind::write_brink, seat, SAMPLE());
    case Phase::supplies: return w.add_text(Kind::describe_supplies, seat, SAMPLE());
    case Phase::framing: return w.add_text(Kind::frame_scene, seat, SAMPLE());
    case Phase::messages: return w.add_text(Kind::record_message, seat, SAMPLE());
    case Phase::roll: w.add(Kind::roll, seat); return;
    case Phase::death:
      w.add(Kind::volunteer_death, seat);
      w.add(Kind::decline_death, seat);
      return;
    case Phase::narration: return w.add_text(Kind::narrate, seat, SAMPLE());
    case Phase::truths: {
      w.add_text(Kind::speak_truth, seat, SAMPLE());
      if (seat == HOST)
        for (Topic topic : {Topic::their_weakness, Topic::darkness, Topic::sun}) {
          Action& a = w.add(Kind::speak_truth, seat);
          a.text = SAMPLE();
          a.topic = topic;
        }
      return;
    }
    default: return;
  }
}
inline void turn_moves(const State& s, int seat, std::vector<Action>& out) {
  MoveWriter w(out);
  turn_moves(s, seat, w);
}

// legal.interjections: an X-card always; an accidental candle while one burns; an active Brink.
inline void interjections(const State& s, int seat, MoveWriter& w) {
  w.add(Kind::x_card, seat);
  if (s.lit > 0) w.add(Kind::candle_out, seat);
  if (seat != HOST && is_play_phase(s.phase)) {
    const Character& c = s.chars[seat];
    if (c.alive && c.top() == Card::brink && !c.brink_revealed) w.add(Kind::reveal_brink, seat);
  }
}

// legal.legal_actions: the turn's moves, then the interjections (`out` is replaced).
inline void legal_actions(const State& s, int seat, std::vector<Action>& out) {
  MoveWriter w(out);
  if (s.phase == Phase::over || !(seat == HOST || (seat >= 0 && seat < s.players))) return;
  if (is_active(s, seat)) turn_moves(s, seat, w);
  interjections(s, seat, w);
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
