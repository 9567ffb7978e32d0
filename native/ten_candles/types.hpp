// Ten Candles, native: the vocabulary shared by the kernel (kernel*.hpp), the scripted agents
// (survivor*.hpp, gm*.hpp, ...) and the game loop (play.hpp).
//
// C++ mirrors of the Python kernel, with the Python names:
//   rules/ten_candles/config.py   -> Config
//   rules/ten_candles/state.py    -> Phase, Card, Character, Conflict, Truth, State, ring helpers
//   rules/ten_candles/actions.py  -> Kind (the `kind` strings), Action (+ one builder per class)
//   rules/ten_candles/views.py    -> View, CharacterView, ConflictView (what ONE seat may know)
//
// Conventions:
//   * Seats are ints: players 0..n-1, the GM is HOST (-2), chance is CHANCE (-1).
//   * Python `None` is: nullptr for text (`const std::string*`), Card::none for a card,
//     0 for the hope die's face, -1 (NO_SEAT) for a seat.
//   * Free text is std::string (UTF-8), exactly the Python str (traces compare it byte for byte).
//   * The native engine only plays forward: State is mutated in place by the kernel.
//
// Agents receive a `View` (never the State) and the legal moves (std::vector<Action>, in the
// Python `legal_actions` order) and return an Action. In simulation no agent observes events
// (ScriptedGM and ScriptedSurvivor have no `observe`), so events are not materialised: the
// kernel updates the game's Tally counters (struct Tally below) where Python emits the events.
//
// After the first commit this file only grows (new members, never renames).
#pragma once
#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "generated_config.hpp"  // Config: TenCandlesConfig field for field (setup.py writes it at build time)

namespace tc {

// -- seats -----------------------------------------------------------------------------------

constexpr int HOST = -2;    // rules.core.HOST: the GM
constexpr int CHANCE = -1;  // rules.core.CHANCE
constexpr int NO_SEAT = -1; // Python None where a seat is optional (narrator, last_out_by)
constexpr int MIN_PLAYERS = 2, MAX_PLAYERS = 9;
constexpr int TOTAL_CANDLES = 10;
constexpr int MAX_TEXT = 2000;  // config.MAX_TEXT
constexpr int MAX_TRAIT = 40;   // config.MAX_TRAIT

// state.left_of: the next seat clockwise; ring (HOST, 0, 1, ..., n-1) (D19).
inline int left_of(int seat, int players) {
  if (seat == HOST) return 0;
  return seat < players - 1 ? seat + 1 : HOST;
}
// state.right_of: the previous seat clockwise.
inline int right_of(int seat, int players) {
  if (seat == HOST) return players - 1;
  return seat > 0 ? seat - 1 : HOST;
}
// state.brink_author: who writes `holder`'s Brink (HOST holder = Their Brink).
inline int brink_author(int holder, int players) { return right_of(holder, players); }
inline int virtue_author(int holder, int players) { return (holder + 1) % players; }
inline int vice_author(int holder, int players) { return ((holder - 1) % players + players) % players; }

// -- config: Config and its enums are generated from rules/ten_candles/config.py (generated_config.hpp) ----

// -- phases and cards (rules/ten_candles/state.py) -----------------------------------------------

// Same order as the Python Phase enum; the pre-play phases come first (views compare by order).
enum class Phase : uint8_t {
  traits, module, describe, moments, brinks, stacks, supplies,  // setup steps 1..7
  framing, messages,                                            // before scene 1
  scene, roll, reroll, death, narration,                        // SCENE_PHASES
  truths, over
};
inline const char* phase_name(Phase p) {
  static const char* names[] = {"traits", "module", "describe", "moments", "brinks", "stacks", "supplies", "framing",
                                "messages", "scene", "roll", "reroll", "death", "narration", "truths", "over"};
  return names[static_cast<int>(p)];
}
inline bool is_pre_play(Phase p) { return p <= Phase::messages; }
inline bool is_scene_phase(Phase p) { return p >= Phase::scene && p <= Phase::narration; }
inline bool is_play_phase(Phase p) { return p >= Phase::scene && p <= Phase::truths; }  // interject.PLAY_PHASES

enum class Card : uint8_t { virtue, vice, moment, brink, none };  // none = Python None
inline const char* card_name(Card c) {
  static const char* names[] = {"virtue", "vice", "moment", "brink", ""};
  return names[static_cast<int>(c)];
}

// A short tuple of cards (a stack: top first; burned cards; traits burned this scene).
struct Cards {
  uint8_t n = 0;
  Card c[4] = {Card::none, Card::none, Card::none, Card::none};
  int size() const { return n; }
  bool empty() const { return n == 0; }
  Card operator[](int i) const { return c[i]; }
  Card front() const { return n ? c[0] : Card::none; }  // Character.top
  const Card* begin() const { return c; }
  const Card* end() const { return c + n; }
  void push(Card x) { c[n++] = x; }
  void pop_front() {
    for (int i = 1; i < n; ++i) c[i - 1] = c[i];
    c[--n] = Card::none;
  }
  void clear() { *this = Cards(); }
  bool contains(Card x) const {
    for (int i = 0; i < n; ++i)
      if (c[i] == x) return true;
    return false;
  }
  bool operator==(const Cards& o) const {
    if (n != o.n) return false;
    for (int i = 0; i < n; ++i)
      if (c[i] != o.c[i]) return false;
    return true;
  }
};

// A tuple of die faces (at most 10 common + 1 hope, or 10 GM dice).
struct Dice {
  uint8_t n = 0;
  uint8_t v[12] = {0};
  int size() const { return n; }
  bool empty() const { return n == 0; }
  int operator[](int i) const { return v[i]; }
  const uint8_t* begin() const { return v; }
  const uint8_t* end() const { return v + n; }
  void push(int x) { v[n++] = static_cast<uint8_t>(x); }
  void clear() { n = 0; }
  int count(int face) const {  // tuple.count(face)
    int k = 0;
    for (int i = 0; i < n; ++i) k += v[i] == face;
    return k;
  }
  bool contains(int face) const { return count(face) > 0; }  // `face in tuple`
};

// -- actions (rules/ten_candles/actions.py) -----------------------------------------------------

// Same order as ACTION_TYPES; the names are the Python `kind` strings.
enum class Kind : uint8_t {
  write_traits, read_module, describe_character, write_moment, write_brink, arrange_stack, describe_supplies,
  frame_scene, record_message, call_conflict, kill_character, roll, burn_trait, embrace_brink, seize_narration,
  accept_roll, volunteer_death, decline_death, narrate, speak_truth, reveal_brink, candle_out, x_card,
  chance  // rules.core.ChanceAction (values in Action::values)
};
inline const char* kind_name(Kind k) {
  static const char* names[] = {
      "write_traits", "read_module", "describe_character", "write_moment", "write_brink", "arrange_stack",
      "describe_supplies", "frame_scene", "record_message", "call_conflict", "kill_character", "roll", "burn_trait",
      "embrace_brink", "seize_narration", "accept_roll", "volunteer_death", "decline_death", "narrate", "speak_truth",
      "reveal_brink", "candle_out", "x_card", "chance"};
  return names[static_cast<int>(k)];
}
inline bool is_interjection(Kind k) { return k == Kind::x_card || k == Kind::candle_out || k == Kind::reveal_brink; }

// SpeakTruth.topic (config.TRUTH_TOPICS); every topic but `general` is the GM's (L331).
enum class Topic : uint8_t { general, their_weakness, darkness, sun };
inline const char* topic_name(Topic t) {
  static const char* names[] = {"general", "their_weakness", "darkness", "sun"};
  return names[static_cast<int>(t)];
}

// One move. Only the fields of its kind are meaningful (the others keep their defaults):
//   write_traits: virtue, vice            describe_character: name, appearance, description
//   read_module, write_moment, write_brink, describe_supplies, frame_scene, record_message,
//   narrate: text                         speak_truth: text, topic
//   call_conflict: active, dangerous, moment
//   kill_character: target, text          arrange_stack: order (3 cards, top first)
//   x_card: note                          chance: values
//   roll, burn_trait, embrace_brink, seize_narration, accept_roll, volunteer_death,
//   decline_death, reveal_brink, candle_out: actor only
struct Action {
  Kind kind = Kind::x_card;
  int8_t actor = HOST;
  int8_t active = 0;  // call_conflict
  bool dangerous = false;
  bool moment = false;
  int8_t target = 0;  // kill_character
  Topic topic = Topic::general;
  std::array<Card, 3> order{{Card::none, Card::none, Card::none}};  // arrange_stack
  std::string virtue, vice, name, appearance, description, text, note;
  Dice values;  // chance
  // rules.core: a ChanceAction's values are dice faces; a Dice holds at most 12. A Ten Candles
  // roll is at most 10 common + hope + (10 - lit) GM dice = 10 dice in total (pool + gm = 10).

  // Exact equality, every field of the kind (the Python dataclass ==).
  bool operator==(const Action& o) const {
    return kind == o.kind && actor == o.actor && active == o.active && dangerous == o.dangerous &&
           moment == o.moment && target == o.target && topic == o.topic && order == o.order && virtue == o.virtue &&
           vice == o.vice && name == o.name && appearance == o.appearance && description == o.description &&
           text == o.text && note == o.note && values.n == o.values.n &&
           std::equal(values.begin(), values.end(), o.values.begin());
  }
  // legal.same_move: equal up to the free text.
  bool same_move(const Action& o) const {
    return kind == o.kind && actor == o.actor && active == o.active && dangerous == o.dangerous &&
           moment == o.moment && target == o.target && topic == o.topic && order == o.order;
  }
};

// Builders named after the Python classes (actor first, then the fields in declaration order).
inline Action make(Kind k, int actor) {
  Action a;
  a.kind = k;
  a.actor = static_cast<int8_t>(actor);
  return a;
}
inline Action WriteTraits(int actor, std::string virtue, std::string vice) {
  Action a = make(Kind::write_traits, actor);
  a.virtue = std::move(virtue);
  a.vice = std::move(vice);
  return a;
}
inline Action with_text(Kind k, int actor, std::string text) {
  Action a = make(k, actor);
  a.text = std::move(text);
  return a;
}
inline Action ReadModule(std::string text) { return with_text(Kind::read_module, HOST, std::move(text)); }
inline Action DescribeCharacter(int actor, std::string name, std::string appearance, std::string description) {
  Action a = make(Kind::describe_character, actor);
  a.name = std::move(name);
  a.appearance = std::move(appearance);
  a.description = std::move(description);
  return a;
}
inline Action WriteMoment(int actor, std::string text) { return with_text(Kind::write_moment, actor, std::move(text)); }
inline Action WriteBrink(int actor, std::string text) { return with_text(Kind::write_brink, actor, std::move(text)); }
inline Action ArrangeStack(int actor, std::array<Card, 3> order) {
  Action a = make(Kind::arrange_stack, actor);
  a.order = order;
  return a;
}
inline Action DescribeSupplies(int actor, std::string text) {
  return with_text(Kind::describe_supplies, actor, std::move(text));
}
inline Action FrameScene(std::string text) { return with_text(Kind::frame_scene, HOST, std::move(text)); }
inline Action RecordMessage(int actor, std::string text) {
  return with_text(Kind::record_message, actor, std::move(text));
}
inline Action CallConflict(int active, bool dangerous = false, bool moment = false) {
  Action a = make(Kind::call_conflict, HOST);
  a.active = static_cast<int8_t>(active);
  a.dangerous = dangerous;
  a.moment = moment;
  return a;
}
inline Action KillCharacter(int target, std::string text = "") {
  Action a = with_text(Kind::kill_character, HOST, std::move(text));
  a.target = static_cast<int8_t>(target);
  return a;
}
inline Action Roll(int actor) { return make(Kind::roll, actor); }
inline Action BurnTrait(int actor) { return make(Kind::burn_trait, actor); }
inline Action EmbraceBrink(int actor) { return make(Kind::embrace_brink, actor); }
inline Action SeizeNarration(int actor) { return make(Kind::seize_narration, actor); }
inline Action AcceptRoll(int actor) { return make(Kind::accept_roll, actor); }
inline Action VolunteerDeath(int actor) { return make(Kind::volunteer_death, actor); }
inline Action DeclineDeath(int actor) { return make(Kind::decline_death, actor); }
inline Action Narrate(int actor, std::string text) { return with_text(Kind::narrate, actor, std::move(text)); }
inline Action SpeakTruth(int actor, std::string text, Topic topic = Topic::general) {
  Action a = with_text(Kind::speak_truth, actor, std::move(text));
  a.topic = topic;
  return a;
}
inline Action RevealBrink(int actor) { return make(Kind::reveal_brink, actor); }
inline Action CandleOut(int actor) { return make(Kind::candle_out, actor); }
inline Action XCard(int actor, std::string note = "") {
  Action a = make(Kind::x_card, actor);
  a.note = std::move(note);
  return a;
}

// legal.SAMPLE and the sample Traits of listed moves.
inline const std::string& SAMPLE() { static const std::string s = "\xE2\x80\xA6"; return s; }  // "…"
inline const std::string& SAMPLE_VIRTUE() { static const std::string s = "Бдительный"; return s; }
inline const std::string& SAMPLE_VICE() { static const std::string s = "Пугливый"; return s; }

// setup.STACK_ORDERS: itertools.permutations((virtue, vice, moment)), in that order.
inline const std::array<std::array<Card, 3>, 6>& STACK_ORDERS() {
  static const std::array<std::array<Card, 3>, 6> orders{{
      {{Card::virtue, Card::vice, Card::moment}},
      {{Card::virtue, Card::moment, Card::vice}},
      {{Card::vice, Card::virtue, Card::moment}},
      {{Card::vice, Card::moment, Card::virtue}},
      {{Card::moment, Card::virtue, Card::vice}},
      {{Card::moment, Card::vice, Card::virtue}},
  }};
  return orders;
}

// -- state (rules/ten_candles/state.py) ---------------------------------------------------------

struct Character {
  int seat = 0;
  std::string virtue, vice, name, appearance, description, moment, brink, supplies;
  std::string message;
  bool has_message = false;  // Python: message is not None
  Cards stack;               // top (active) first; the Brink last
  Cards burned;
  bool hope = false;
  Cards traits_burned_this_scene;
  bool brink_revealed = false;
  bool alive = true;
  Card top() const { return stack.front(); }  // Card::none = None
};

struct Conflict {
  int active = 0;
  bool dangerous = false;
  bool moment = false;
  Dice common;
  int hope = 0;  // the hope die's face; 0 when the roller has none
  Dice gm;
  bool rolled = false;
  enum class Pending : uint8_t { none, roll, trait, brink } pending = Pending::none;
  int rerolls = 0;
  enum class Reroll : uint8_t { none, trait, brink } last_reroll = Reroll::none;
  bool seized = false;
  uint16_t answered = 0;  // bit s set: seat s declined a voluntary death (DEATH window)
};

struct Truth {
  int scene = 0;
  int seat = 0;
  std::string text;
  Topic topic = Topic::general;
};

// Scene endings (State.ending): "" while the scene goes on.
enum class Ending : uint8_t { none, failed_roll, failed_moment, failed_brink, seize, accident };
inline const char* ending_name(Ending e) {
  static const char* names[] = {"", "failed_roll", "failed_moment", "failed_brink", "seize", "accident"};
  return names[static_cast<int>(e)];
}
enum class Termination : uint8_t { none, last_candle, all_dead };
inline const char* termination_name(Termination t) {
  static const char* names[] = {"", "last_candle", "all_dead"};
  return names[static_cast<int>(t)];
}

// The whole truth of a game, secrets included. Agents never see it: they get a View.
struct State {
  Config config;
  int players = 3;
  Phase phase = Phase::traits;
  int lit = 0;
  int dark = 0;
  int scene = 0;
  bool final = false;
  int pool_base = 0;
  int set_aside = 0;
  int gm_pool = 0;
  std::array<Character, MAX_PLAYERS> chars;  // the first `players` are used
  uint16_t done = 0;          // bit (seat + 2): seats that finished the current writing step (HOST = bit 0)
  std::array<std::pair<std::string, std::string>, MAX_PLAYERS> written_traits;
  std::string module, frame, their_brink;
  bool has_conflict = false;  // Python: conflict is not None
  Conflict conflict;
  int narrator = NO_SEAT;     // NO_SEAT = None
  Ending ending = Ending::none;
  int last_out_by = NO_SEAT;
  std::array<int8_t, 24> truth_queue{};  // seats still to speak a truth, in order
  int truth_head = 0, truth_len = 0;     // truth_queue[head .. len)
  std::vector<Truth> truths;
  std::array<int8_t, MAX_PLAYERS> deaths{};
  int n_deaths = 0;
  int x_cards = 0;            // len(state.x_cards)
  Termination termination = Termination::none;

  int pool() const { return pool_base - set_aside > 0 ? pool_base - set_aside : 0; }
  const Character& char_(int seat) const { return chars[seat]; }
  bool is_done(int seat) const { return done >> (seat + 2) & 1u; }
  int living_count() const {
    int k = 0;
    for (int s = 0; s < players; ++s) k += chars[s].alive;
    return k;
  }
  int truths_left() const { return truth_len - truth_head; }
};

// -- views (rules/ten_candles/views.py) --------------------------------------------------------
// Exactly what one seat may know. Built on demand from the state; nothing secret is reachable.

class CharacterView {
 public:
  CharacterView(const State& s, const Character& c, int viewer) : c_(&c) {
    const bool own = viewer == c.seat;
    const Phase phase = s.phase;
    const auto playback = s.config.message_playback;
    const bool played = (playback == MessagePlayback::at_end && phase == Phase::over) ||
                        (playback == MessagePlayback::on_death && !c.alive);
    traits_shared_ = phase != Phase::traits;
    moment_shared_ = own || phase >= Phase::brinks;     // Moments shared at the end of step 4
    stack_shared_ = own || phase >= Phase::supplies;    // stacks shown once fixed (step 6)
    author_ = tc::brink_author(c.seat, s.players);
    knows_brink_ = c.brink_revealed || viewer == c.seat || viewer == author_ ||
                   (viewer == HOST && s.config.gm_sees_all_brinks);
    knows_message_ = own || played;
  }
  int seat() const { return c_->seat; }
  bool alive() const { return c_->alive; }
  const std::string& name() const { return c_->name; }
  const std::string& appearance() const { return c_->appearance; }
  const std::string& description() const { return c_->description; }
  const std::string* virtue() const { return traits_shared_ ? &c_->virtue : nullptr; }  // nullptr = None
  const std::string* vice() const { return traits_shared_ ? &c_->vice : nullptr; }
  const std::string* moment() const { return moment_shared_ ? &c_->moment : nullptr; }
  const std::string& supplies() const { return c_->supplies; }
  const Cards* stack() const { return stack_shared_ ? &c_->stack : nullptr; }  // top first; nullptr = None
  Card top() const { return stack_shared_ ? c_->stack.front() : Card::none; }  // none = None
  const Cards& burned() const { return c_->burned; }
  bool hope() const { return c_->hope; }
  const Cards& traits_burned_this_scene() const { return c_->traits_burned_this_scene; }
  const std::string* brink() const { return knows_brink_ ? &c_->brink : nullptr; }
  int brink_author() const { return author_; }
  bool brink_revealed() const { return c_->brink_revealed; }
  const std::string* message() const { return knows_message_ && c_->has_message ? &c_->message : nullptr; }
  bool message_recorded() const { return c_->has_message; }

 private:
  const Character* c_;
  int author_ = 0;
  bool traits_shared_ = false, moment_shared_ = false, stack_shared_ = false, knows_brink_ = false,
       knows_message_ = false;
};

class ConflictView {
 public:
  explicit ConflictView(const Conflict& c) : c_(&c) {}
  int active() const { return c_->active; }
  bool dangerous() const { return c_->dangerous; }
  bool moment() const { return c_->moment; }
  bool rolled() const { return c_->rolled; }
  const Dice& common() const { return c_->common; }
  int hope() const { return c_->hope; }  // 0 = None
  const Dice& gm() const { return c_->gm; }
  int rerolls() const { return c_->rerolls; }
  bool awaiting_dice() const { return c_->pending != Conflict::Pending::none; }

 private:
  const Conflict* c_;
};

// TenCandlesView for a player seat or HOST (the GM seat). Cheap to build: a pointer and a seat.
class View {
 public:
  View(const State& s, int viewer) : s_(&s), viewer_(viewer) {}
  int viewer() const { return viewer_; }
  Phase phase() const { return s_->phase; }
  int step() const {  // 1..7 in setup steps, else 0
    return s_->phase <= Phase::supplies ? static_cast<int>(s_->phase) + 1 : 0;
  }
  int scene() const { return s_->scene; }
  bool final_scene() const { return s_->final; }
  int lit() const { return s_->lit; }
  int dark() const { return s_->dark; }
  int pool() const { return s_->pool(); }
  int set_aside() const { return s_->set_aside; }
  int gm_pool() const { return s_->gm_pool; }
  int players() const { return s_->players; }
  // seats_clockwise: (HOST, 0, 1, ..., n-1); seat_clockwise(0) == HOST.
  int seat_clockwise(int i) const { return i == 0 ? HOST : i - 1; }
  int characters_size() const { return s_->players; }
  CharacterView characters(int seat) const { return CharacterView(*s_, s_->chars[seat], viewer_); }
  // Their Brink: known to its author (the GM's right neighbour) and the GM; nullptr = None.
  const std::string* their_brink() const {
    return viewer_ == HOST || viewer_ == right_of(HOST, s_->players) ? &s_->their_brink : nullptr;
  }
  const std::string& module() const { return s_->module; }
  const std::string& frame() const { return s_->frame; }
  bool has_conflict() const { return s_->has_conflict; }  // conflict is not None
  ConflictView conflict() const { return ConflictView(s_->conflict); }  // only when has_conflict()
  int narrator() const { return s_->narrator; }                         // NO_SEAT = None
  int truth_speakers_size() const { return s_->truths_left(); }
  int truth_speakers(int i) const { return s_->truth_queue[s_->truth_head + i]; }
  const std::vector<Truth>& truths() const { return s_->truths; }  // (scene, seat, text, topic) rows
  bool done(int seat) const { return s_->is_done(seat); }          // seat in view.done
  int deaths_size() const { return s_->n_deaths; }
  int deaths(int i) const { return s_->deaths[i]; }
  const std::vector<std::string>& lines() const { return s_->config.lines; }
  const std::vector<std::string>& veils() const { return s_->config.veils; }
  int x_cards() const { return s_->x_cards; }
  Termination termination() const { return s_->termination; }

 private:
  const State* s_;
  int viewer_;
};

// -- the report's counters (narrator/ten_candles/simulate.py, Tally) --------------------------
// The kernel bumps these exactly where the Python kernel emits the events the Tally counts.

struct Tally {
  // COUNTERS, in the Python order.
  int conflicts = 0, dangerous = 0, moment_rolls = 0, moments_won = 0, hope_rolls = 0, traits_burned = 0,
      virtues_burned = 0, vices_burned = 0, brinks_embraced = 0, brinks_engulfed = 0, seizes = 0, successes = 0,
      voluntary_deaths = 0, final_scene_deaths = 0, end_deaths = 0, candles_failed = 0, candles_seized = 0,
      candles_brink = 0, candles_moment = 0, candles_accident = 0, truths = 0, x_cards = 0;
  std::vector<int> per_scene;  // conflicts called in each scene
  int scene = 0;
  bool final_reached = false;
  Termination termination = Termination::none;
  int deaths_before_final = 0;
};

}  // namespace tc
