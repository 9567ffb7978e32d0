// battaglia native: the lean playout loop of narrator/battaglia/simulate.py (_play_lean), move for move.
//
// Chance from native::PyRandom seeded like random.Random(job.seed); the lowest active seat is asked;
// an illegal answer counts as a fallback and the kernel's default action is played instead.
// The report's counters are kept by the kernel itself (State::tally).
#pragma once
#include <vector>

#include "kernel.hpp"
#include "kernel_forced.hpp"
#include "pyrandom.hpp"

namespace battaglia {

constexpr int MAX_MOVES = 20000;  // simulate.MAX_MOVES

// One move of a trace: a seat's action, or chance (action.kind == CHANCE) with its values.
struct Move {
  Action action;
  int n_values = 0;
  int values[MAX_CARDS];
};

struct PlayResult {
  int moves = 0;
  int fallbacks = 0;
};

// Play `s` (reset, not yet dealt) to the end or MAX_MOVES. `decide(view, legal)` returns an Action for
// the seat view.viewer(). `trace`, when given, receives every move.
template <class Decide>
PlayResult play_out(State& s, native::PyRandom& rng, Decide&& decide, std::vector<Move>* trace = nullptr) {
  PlayResult r;
  std::vector<Action> legal;
  legal.reserve(64);
  int values[MAX_CARDS];
  for (int moves = 0; moves < MAX_MOVES; ++moves) {
    if (s.over) { r.moves = moves; return r; }
    bool chance = false;
    const uint32_t active = active_players(s, &chance);
    if (chance) {
      const int n = sample_chance(s, rng, values);
      if (trace) {
        Move m;
        m.action.kind = Kind::CHANCE;
        m.action.actor = -1;
        m.n_values = n;
        for (int i = 0; i < n; ++i) m.values[i] = values[i];
        trace->push_back(m);
      }
      const std::size_t before = s.public_log.size();
      apply_chance(s, values);
      if (s.config->forced_outcome_players) after_move(s, before);
      continue;
    }
    const int seat = lowest(active);
    legal_actions(s, seat, legal);
    Action action = decide(View(s, seat), static_cast<const std::vector<Action>&>(legal));
    if (action.actor != seat || !is_legal(action, legal)) {
      ++r.fallbacks;
      action = default_action(s, seat);
    }
    if (trace) {
      Move m;
      m.action = action;
      trace->push_back(m);
    }
    const std::size_t before = s.public_log.size();
    apply(s, action);
    if (s.config->forced_outcome_players) after_move(s, before);
  }
  r.moves = MAX_MOVES;
  return r;
}

// The shared trivial chooser of the kernel tests: legal[randrange(len(legal))] from its own
// random.Random (tests/fast/test_battaglia_native.py plays the same in Python).
struct TrivialChooser {
  native::PyRandom* rng;
  Action operator()(const View&, const std::vector<Action>& legal) const {
    return legal[rng->randrange(static_cast<int64_t>(legal.size()))];
  }
};

// The trivial chooser that sometimes proposes an illegal move: k = randrange(len(legal) + 1), and k == len
// proposes Choose(target=randrange(players)), legal only when it is a listed night choice. Holds the
// fallback path (counted, replaced by the default action) to the Python loop's.
struct MischiefChooser {
  native::PyRandom* rng;
  Action operator()(const View& v, const std::vector<Action>& legal) const {
    const auto k = static_cast<std::size_t>(rng->randrange(static_cast<int64_t>(legal.size() + 1)));
    if (k < legal.size()) return legal[k];
    return Action::choose(v.viewer(), static_cast<int>(rng->randrange(v.players())));
  }
};

}  // namespace battaglia
