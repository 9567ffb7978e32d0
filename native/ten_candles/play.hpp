// Ten Candles, native: the game loop of narrator.session.Session, for simulation.
//
// Session.run: until the game is over, chance rolls when it is owed (random.Random(seed) through
// rules.chance.sample: randint(1, 6) per die), else the lowest active seat is asked. An ask gives
// the agent its seat's View and the legal moves; a proposal for another seat or one the kernel
// rejects is re-asked (3 attempts: every agent here has max_attempts = 3), then the seat falls
// back to GAME.default_action (simulations have no fallback agents).
//
// `Agents` is any class with
//     Action act(int seat, const View& view, const std::vector<Action>& legal);
// or, declaring `static constexpr bool lists_lazily = true`,
//     Action act(int seat, const View& view, const LegalMoves& legal);  (listed only if it asks)
// (tc::ScriptedTable of survivor_table.hpp, or tc::Chooser of kernel_chooser.hpp in the tests).
#pragma once
#include <array>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "kernel.hpp"
#include "pyrandom.hpp"

namespace tc {

// One transcript line of the kinds the tests compare (narrator.session writes the same ones).
struct TraceEntry {
  enum class Type : uint8_t { action, chance, rejected, fallback } type;
  int actor;
  Action action;          // the move (action, chance, rejected); empty for fallback
  Code code = Code::ok;   // rejected: why
};

class StalledGame : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The legal-move lists of every seat (HOST first), kept between asks and, when the caller passes
// one to several Loops in turn, between games: listing moves then reuses their Actions.
struct LegalLists {
  std::array<std::vector<Action>, MAX_PLAYERS + 2> by_seat;
  std::vector<Action>& of(int seat) { return by_seat[static_cast<std::size_t>(seat + 2)]; }
};

// Agents with `static constexpr bool lists_lazily = true` take a LegalMoves (kernel_legal.hpp).
template <class Agents, class = void>
struct lists_lazily : std::false_type {};
template <class Agents>
struct lists_lazily<Agents, std::void_t<decltype(Agents::lists_lazily)>> : std::bool_constant<Agents::lists_lazily> {};

template <class Agents>
class Loop {
 public:
  static constexpr int ATTEMPTS = 3;  // session.DEFAULT_ATTEMPTS == every scripted agent's max_attempts

  Loop(State& state, native::PyRandom& chance, Agents& agents, Tally* tally, std::vector<TraceEntry>* trace,
       LegalLists* lists = nullptr)
      : s_(state), chance_(chance), agents_(agents), sink_{tally}, trace_(trace), legal_(lists ? *lists : own_) {}

  // Session.run(max_moves=100_000)
  void run(int max_moves = 100000) {
    for (int i = 0; i < max_moves; ++i)
      if (!step()) return;
    throw StalledGame("ten-candles: not over after max_moves moves");
  }

  // Session.step
  bool step() {
    if (s_.phase == Phase::over) return false;
    const uint16_t active = active_players(s_);
    if (!active) throw StalledGame("ten-candles: nobody may act and the game is not over");
    if (active & seat_bit(CHANCE)) play_chance();
    else ask(lowest_seat(active));
    return true;
  }

 private:
  State& s_;
  native::PyRandom& chance_;
  Agents& agents_;
  Sink sink_;
  std::vector<TraceEntry>* trace_;
  LegalLists own_;
  LegalLists& legal_;  // per seat: each list keeps its shape from ask to ask

  void record(TraceEntry::Type type, int actor, const Action& action, Code code = Code::ok) {
    if (trace_) trace_->push_back(TraceEntry{type, actor, action, code});
  }

  // Session.play_chance: Dice(count, 6) sampled as randint(1, 6) per die.
  void play_chance() {
    Action a = make(Kind::chance, CHANCE);
    const int count = chance_dice(s_);
    for (int i = 0; i < count; ++i) a.values.push(static_cast<int>(chance_.randint(1, 6)));
    apply(s_, a, sink_);
    record(TraceEntry::Type::chance, CHANCE, a);
  }

  // Session.ask
  void ask(int seat) {
    for (int attempt = 1; attempt <= ATTEMPTS; ++attempt) {
      std::vector<Action>& legal = legal_.of(seat);
      const Action action = [&] {
        if constexpr (lists_lazily<Agents>::value) {  // the agents read the kinds, and list only when they must
          return agents_.act(seat, View(s_, seat), LegalMoves(s_, seat, legal));
        } else {
          legal_actions(s_, seat, legal);
          return agents_.act(seat, View(s_, seat), legal);
        }
      }();
      if (action.actor != seat) {  // Session._seat_check
        record(TraceEntry::Type::rejected, seat, action, Code::NOT_YOUR_TURN);
        continue;
      }
      const Code code = check(s_, action);
      if (code == Code::ok) {
        apply(s_, action, sink_);
        record(TraceEntry::Type::action, action.actor, action);
        return;
      }
      record(TraceEntry::Type::rejected, action.actor, action, code);
    }
    Action fallback;  // Session._fall_back without a fallback agent: the kernel's default move
    if (!default_action(s_, seat, fallback)) throw StalledGame("ten-candles: no fallback move exists");
    record(TraceEntry::Type::fallback, seat, Action());
    apply(s_, fallback, sink_);
    record(TraceEntry::Type::action, fallback.actor, fallback);
  }
};

}  // namespace tc
