// battaglia native: «a situation from which only one outcome is possible» (L92), the optional exhaustive
// look-ahead of rules/battaglia/forced.py (DEC-35, config.forced_outcome_players > 0), node for node:
// the same depth-first order, the same pruning, the same count of distinct positions against the budget.
#pragma once
#include <string>
#include <unordered_set>
#include <vector>

#include "kernel.hpp"

namespace battaglia {

// forced.lookahead_due: the option is on, few enough live, and this move's public events began a day or
// a night. `from` = the public log's size before the move.
inline bool lookahead_due(const State& s, std::size_t from) {
  const int limit = s.config->forced_outcome_players;
  if (!limit || s.over || popcount(s.living()) > limit) return false;
  for (std::size_t i = from; i < s.public_log.size(); ++i) {
    const EventKind k = s.public_log[i].kind;
    if (k == EventKind::DAY || k == EventKind::NIGHT) return true;
  }
  return false;
}

// The position's key: every state field but the config and the records (forced._KEY_FIELDS), written so
// that two positions share a key exactly when the Python states' key tuples are equal.
class PositionKey {
 public:
  const std::string& of(const State& s) {
    k_.clear();
    i(static_cast<int>(s.phase)); i(s.day); i(s.night_no);
    for (int x = 0; x < s.players; ++x) { i(static_cast<int>(s.cards[x])); i(static_cast<int>(s.first_cards[x])); i(s.lives[x]); i(s.heirs[x]); }
    u(s.out); u(s.undealt); u(s.issued);
    u(s.revealed_shadow); u(s.revealed_child); u(s.revealed_lord); u(s.revealed_bishop);
    u(s.announced[1]); u(s.announced[2]);
    i(s.graves);
    for (int g = 0; g < s.graves; ++g) { i(s.graveyard[g].seat); i(s.graveyard[g].life); i(static_cast<int>(s.graveyard[g].card)); }
    u(s.corrigan_open);
    i(s.has_night);
    if (s.has_night) {
      i(static_cast<int>(s.step));
      i(s.remaining_to - s.remaining_from);
      for (int r = s.remaining_from; r < s.remaining_to; ++r) i(static_cast<int>(s.remaining[r]));
      u(s.awake);
      i(s.n_chosen);
      for (int c = 0; c < s.n_chosen; ++c) { i(s.chosen[c].seat); i(s.chosen[c].target); i(s.chosen[c].is_text); u(s.chosen[c].text_seats); }
      i(s.night_round);
      i(s.n_acts);
      for (int a = 0; a < s.n_acts; ++a) { i(static_cast<int>(s.acts[a].step)); i(s.acts[a].seat); i(s.acts[a].target); }
      u(s.offered);
    }
    i(s.has_day);
    if (s.has_day) {
      i(s.accusations_limit); i(s.votes);
      i(s.order_len);
      for (int o = 0; o < s.order_len; ++o) i(s.order[o]);
      i(s.turn); i(s.speech_round); u(s.last_words);
      i(s.n_accusations);
      for (int a = 0; a < s.n_accusations; ++a) accusation(s.accusations[a]);
      u(s.accusers);
      i(s.has_pending);
      if (s.has_pending) accusation(s.pending);
      u(s.candidates);
      u(s.ballots_cast);  // cast lowest seat first after the bound ones: the set fixes the Python tuple
      for (uint32_t m = s.ballots_cast; m; m &= m - 1) u(s.ballots[__builtin_ctz(m)]);
      u(s.forced); i(s.cursed); i(s.condemned); u(s.final_voters); u(s.lord_revoted); i(s.shot);
      curse(s.day_curse);
      u(s.window_answered); u(s.window_intercede); u(s.window_bishop); u(s.window_seats);
    }
    u(s.rebirths);
    i(s.ever_reborn ? (s.after_rebirth_day ? 1 : 2) : 0);
    u(s.died_lights);
    curse(s.curse);
    u(s.lord_pending); i(s.quiet_cycles); i(s.eventful);
    return k_;
  }

 private:
  std::string k_;
  void i(int v) { k_.push_back(static_cast<char>(v & 0xff)); k_.push_back(static_cast<char>((v >> 8) & 0xff)); }
  void u(uint32_t v) { for (int b = 0; b < 4; ++b) k_.push_back(static_cast<char>((v >> (8 * b)) & 0xff)); }
  void accusation(const Accusation& a) { i(a.accuser); i(a.target); i(static_cast<int>(a.basis)); i(static_cast<int>(a.charge)); }
  void curse(const PendingCurse& c) { i(c.active); if (c.active) { i(c.koldun); i(c.cursed); u(c.forced); } }
};

// forced._moves + advance: the children of `node`, in the order the Python search expands them
// (chance: every pick; else the lowest active seat's pass first, then its moves without words, and
// accusations only as (logic, dark)).
inline void expand(const State& node, std::vector<State>& children, std::vector<Action>& legal) {
  children.clear();
  bool chance = false;
  const uint32_t active = active_players(node, &chance);
  if (chance) {
    if (node.phase != Phase::REBIRTH) return;
    const int n = chance_size(node);
    for (int v = 0; v < n; ++v) {
      children.push_back(node);
      apply_chance(children.back(), &v);
    }
    return;
  }
  if (!active) return;
  legal_actions(node, lowest(active), legal);
  for (const Action& a : legal) {
    if (a.kind != Kind::PASS) continue;
    children.push_back(node);
    apply(children.back(), a);
  }
  for (const Action& a : legal) {
    if (a.kind == Kind::PASS || a.kind == Kind::SPEAK || a.kind == Kind::WHISPER) continue;
    if (a.kind == Kind::ACCUSE && (a.basis != Basis::LOGIC || a.charge != Charge::DARK)) continue;
    children.push_back(node);
    apply(children.back(), a);
  }
}

// forced.forced_winner: the force that wins in every continuation of `root`, or Force::NONE (two outcomes
// possible, a continuation without a winner, or more than forced_outcome_visits distinct positions).
inline Force forced_winner(const State& root, int budget = -1, int* visited = nullptr) {
  if (budget < 0) budget = root.config->forced_outcome_visits;
  struct Count {
    const std::unordered_set<std::string>& seen;
    int* out;
    ~Count() { if (out) *out = static_cast<int>(seen.size()); }
  };
  std::unordered_set<std::string> seen;
  Count count{seen, visited};
  PositionKey key;
  std::vector<State> stack, children;
  std::vector<Action> legal;
  stack.push_back(root);
  Force winner = Force::NONE;
  while (!stack.empty()) {
    State node = std::move(stack.back());
    stack.pop_back();
    if (node.over) {
      if (node.winner == Force::NONE || (winner != Force::NONE && node.winner != winner)) return Force::NONE;
      winner = node.winner;
      continue;
    }
    if (!seen.insert(key.of(node)).second) continue;
    if (static_cast<int>(seen.size()) > budget) return Force::NONE;
    node.public_log.clear();  // the search keeps no records: children copy only what their move adds
    for (auto& n : node.notes) n.clear();
    node.items.clear();
    expand(node, children, legal);
    for (auto it = children.rbegin(); it != children.rend(); ++it) stack.push_back(std::move(*it));
  }
  return winner;
}

// game.apply's look-ahead after a move: when due and one force wins every continuation, the game ends
// now with that force's win (life.declare_outcome(..., "lookahead")).
inline void after_move(State& s, std::size_t log_before) {
  if (!lookahead_due(s, log_before)) return;
  const Force winner = forced_winner(s);
  if (winner == Force::NONE) return;
  Event e = make_event(EventKind::FORCED_OUTCOME);
  e.a = static_cast<int16_t>(winner);
  publish(s, e);
  finish(s, T_FORCED_OUTCOME, winner);
}

}  // namespace battaglia
