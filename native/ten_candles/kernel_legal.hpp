// Ten Candles, native: rules/ten_candles/legal.py: who acts now, and every move a seat may make,
// in the Python kernel's order (agents index into these lists exactly as the Python agents do).
#pragma once
#include <stdexcept>
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
// The vector holds default Actions or moves a MoveWriter wrote (every caller: legal_actions,
// turn_moves): a move holds no field outside its kind's (types.hpp, Action), so reusing one resets
// only the fields of the kind it held.
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
    reset(a);
    a.kind = kind;
    a.actor = static_cast<int8_t>(actor);
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
  // Every field the move's kind may set back to its default (the others are at their defaults).
  static void reset(Action& a) {
    switch (a.kind) {
      case Kind::write_traits: a.virtue.clear(); a.vice.clear(); return;
      case Kind::describe_character: a.name.clear(); a.appearance.clear(); a.description.clear(); return;
      case Kind::arrange_stack: a.order = {{Card::none, Card::none, Card::none}}; return;
      case Kind::call_conflict: a.active = 0; a.dangerous = a.moment = false; return;
      case Kind::kill_character: a.target = 0; a.text.clear(); return;
      case Kind::speak_truth: a.topic = Topic::general; a.text.clear(); return;
      case Kind::x_card: a.note.clear(); return;
      case Kind::chance: a.values.clear(); return;
      case Kind::read_module: case Kind::write_moment: case Kind::write_brink: case Kind::describe_supplies:
      case Kind::frame_scene: case Kind::record_message: case Kind::narrate: a.text.clear(); return;
      default: return;  // actor only
    }
  }

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

// The kinds of legal_actions(s, seat) as a bit set (bit k: a move of Kind k), without listing the
// moves; `first` gets the kind of the first turn move (turn_moves' first), Kind::chance when the
// seat has none. Mirrors turn_moves and interjections case for case (a test lists both).
inline uint32_t legal_kinds(const State& s, int seat, Kind& first) {
  first = Kind::chance;
  if (s.phase == Phase::over || !(seat == HOST || (seat >= 0 && seat < s.players))) return 0;
  uint32_t kinds = 0;
  const auto put = [&](Kind k) {
    if (first == Kind::chance) first = k;
    kinds |= 1u << static_cast<int>(k);
  };
  if (is_active(s, seat)) {
    switch (s.phase) {
      case Phase::scene: {
        bool alive = false;
        for (int p = 0; p < s.players && !alive; ++p) alive = s.chars[p].alive;
        if (alive) put(Kind::call_conflict);
        if (alive && s.final) put(Kind::kill_character);
        break;
      }
      case Phase::reroll: {
        const Conflict& c = s.conflict;
        if (burn_rejection(s, c) == Code::ok) put(Kind::burn_trait);
        if (embrace_rejection(s, c) == Code::ok) put(Kind::embrace_brink);
        if (seize_rejection(s, c) == Code::ok) put(Kind::seize_narration);
        put(Kind::accept_roll);
        break;
      }
      case Phase::traits: put(Kind::write_traits); break;
      case Phase::stacks: put(Kind::arrange_stack); break;
      case Phase::describe: put(Kind::describe_character); break;
      case Phase::module: put(Kind::read_module); break;
      case Phase::moments: put(Kind::write_moment); break;
      case Phase::brinks: put(Kind::write_brink); break;
      case Phase::supplies: put(Kind::describe_supplies); break;
      case Phase::framing: put(Kind::frame_scene); break;
      case Phase::messages: put(Kind::record_message); break;
      case Phase::roll: put(Kind::roll); break;
      case Phase::death: put(Kind::volunteer_death); put(Kind::decline_death); break;
      case Phase::narration: put(Kind::narrate); break;
      case Phase::truths: put(Kind::speak_truth); break;
      default: break;
    }
  }
  kinds |= 1u << static_cast<int>(Kind::x_card);  // interjections
  if (s.lit > 0) kinds |= 1u << static_cast<int>(Kind::candle_out);
  if (seat != HOST && is_play_phase(s.phase)) {
    const Character& c = s.chars[seat];
    if (c.alive && c.top() == Card::brink && !c.brink_revealed) kinds |= 1u << static_cast<int>(Kind::reveal_brink);
  }
  return kinds;
}

// A seat's legal moves as the scripted agents read them: which kinds are legal and the first turn
// move's kind (legal_kinds, no listing), and the list itself (legal_actions into the caller's
// buffer) only when an agent asks for it (a stack order, the roll). Or an already listed vector.
class LegalMoves {
 public:
  LegalMoves(const State& s, int seat, std::vector<Action>& buffer) : s_(&s), seat_(seat), buffer_(&buffer) {
    kinds_ = legal_kinds(s, seat, first_);
#ifdef TC_CHECK_LEGAL_KINDS  // a build that lists every time and compares (the tests' check of legal_kinds)
    const LegalMoves listed(list());
    if (listed.kinds() != kinds_ || listed.first_turn() != first_) throw std::logic_error("legal_kinds differs");
#endif
  }
  explicit LegalMoves(const std::vector<Action>& listed) : list_(&listed) {
    for (const Action& a : listed) kinds_ |= 1u << static_cast<int>(a.kind);
    if (!listed.empty() && !is_interjection(listed[0].kind)) first_ = listed[0].kind;  // the turn moves come first
  }
  uint32_t kinds() const { return kinds_; }
  bool has(Kind k) const { return kinds_ >> static_cast<int>(k) & 1u; }
  Kind first_turn() const { return first_; }  // Kind::chance: no turn move
  const std::vector<Action>& list() const {
    if (list_ == nullptr) {
      legal_actions(*s_, seat_, *buffer_);
      list_ = buffer_;
    }
    return *list_;
  }

 private:
  const State* s_ = nullptr;
  int seat_ = 0;
  std::vector<Action>* buffer_ = nullptr;
  mutable const std::vector<Action>* list_ = nullptr;
  uint32_t kinds_ = 0;
  Kind first_ = Kind::chance;
};

}  // namespace tc
