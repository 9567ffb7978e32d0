// Ten Candles, native: rules/ten_candles/legal.py: who acts now, and every move a seat may make,
// in the Python kernel's order (agents index into these lists exactly as the Python agents do).
#pragma once
#include <vector>

#include "kernel_setup.hpp"

namespace tc {

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

}  // namespace tc
