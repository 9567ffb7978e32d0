// battaglia native: the search bot (determinized Monte-Carlo), for simulations only.
//
// At a decision with a real choice (day: accusation, judging, ballot, a condemned's or the execution
// moment's choice; night: a step's target, a Lord's secret answer) the searcher plays every candidate
// move out many times and keeps the one whose rollouts its seat won most often. Each rollout starts from
// a *determinization*: a copy of the game in which everything the seat cannot know is replaced by a
// sample consistent with what it does know (public events, its own card and notes, its knowledge of
// other souls' cards), then everyone plays on as the scripted bot. At night the unwitnessed choices of
// earlier steps are played again by the sampled holders' scripted bots (resample_night).
//
// `sanitize` and `resample_night` are the only functions that read the true state's hidden fields, and only to overwrite
// them; tests/fast/test_battaglia_kinds_native.py (search_probe) holds two states that differ only in hidden fields to the
// same decision.
#pragma once
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <ctime>
#include <memory>
#include <vector>

#include "bot.hpp"
#include "play.hpp"
#include "pyrandom.hpp"
#include "splitmix.hpp"

namespace battaglia {
namespace search {

// Bot kinds per faction (narrator.battaglia.bots.KINDS): scripted, random-legal, search.
enum Kind : int { SCRIPTED = 0, RANDOM = 1, SEARCH = 2 };

// Searched decisions and the time they took, over the process (narrator.fast.battaglia.search_stats).
inline std::atomic<long long>& searched_decisions() { static std::atomic<long long> n{0}; return n; }
inline std::atomic<long long>& searched_nanoseconds() { static std::atomic<long long> n{0}; return n; }
inline std::atomic<long long>& searched_cpu_nanoseconds() { static std::atomic<long long> n{0}; return n; }

// CPU time of the calling thread (steady under other programs' load, unlike the wall clock).
inline long long thread_cpu_nanoseconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<long long>(t.tv_sec) * 1000000000LL + t.tv_nsec;
}

struct Settings {
  int rollouts = 64;        // rollouts per decision, shared by the candidates (rounds of one rollout each)
  int max_candidates = 4;   // candidate moves kept (the scripted bot's move always among them)
  double max_ms = 0.0;      // > 0: also stop when a decision has used this many milliseconds (not reproducible)
  double z = 1.0;           // another move replaces the scripted one when its mean paired gain exceeds z standard errors
  int probe_rounds = 6;     // after this many rounds, a decision where no candidate changed any rollout stops, and
                            // candidates clearly worse than the scripted move (z below it) are dropped
};

// Whether the seat's decision is one the searcher plays (a day decision with a real choice).
inline bool searched_phase(Phase p) {
  switch (p) {
    case Phase::LAST_WORDS: case Phase::ACCUSE: case Phase::JUDGE: case Phase::VOTE: case Phase::REVOTE:
    case Phase::CONDEMNED: case Phase::EXECUTION: case Phase::NIGHT:
      return true;
    default:
      return false;
  }
}

// ---- determinization -----------------------------------------------------------------------------------

// Pick a card for each seat of `seats` from `pool` (distinct), each within allowed[seat] when it can be:
// the most constrained seat first, uniformly among what is left for it.
inline void draw_cards(const int* seats, int n, uint32_t pool, const uint32_t* allowed, native::DecisionRandom& rng,
                       Card* out) {
  int order[MAX_SEATS];
  for (int i = 0; i < n; ++i) order[i] = seats[i];
  std::sort(order, order + n, [&](int a, int b) {
    const int ca = popcount(allowed[a] & pool), cb = popcount(allowed[b] & pool);
    return ca != cb ? ca < cb : a < b;
  });
  for (int i = 0; i < n; ++i) {
    const int x = order[i];
    uint32_t choice = allowed[x] & pool;
    if (!choice) choice = pool;  // the knowledge cannot all hold (a stale claim): any card left
    if (!choice) { out[x] = Card::NONE; continue; }
    int k = static_cast<int>(rng.choice_index(static_cast<std::size_t>(popcount(choice))));
    uint32_t m = choice;
    while (k--) m &= m - 1;
    const int c = __builtin_ctz(m);
    out[x] = static_cast<Card>(c);
    pool &= ~(1u << c);
  }
}

// Overwrite, in `d` (a copy of the game), everything seat `me` cannot know with a sample consistent with
// what it knows: `known[x]` are the cards seat x may hold by me's knowledge (0 = no knowledge), read from
// me's own view by its scripted bot.
inline void sanitize(State& d, int me, const uint32_t* known, uint32_t known_present, native::DecisionRandom& rng) {
  const int players = d.players;
  const uint32_t deck = (1u << d.deck_size) - 1u;
  // What is public: the graveyard (each dead soul's card), the lives, the reveals; mine: my cards.
  uint32_t first_known = 0, second_known = 0;
  bool first_public[MAX_SEATS] = {}, second_public[MAX_SEATS] = {};
  for (int i = 0; i < d.graves; ++i) {
    const Grave& g = d.graveyard[i];
    if (g.life == 1) { first_known |= cbit(g.card); first_public[g.seat] = true; }
    else { second_known |= cbit(g.card); second_public[g.seat] = true; }
  }
  first_known |= cbit(d.first_cards[me]);
  if (d.lives[me] == 2) second_known |= cbit(d.cards[me]);
  // Negative knowledge of my first life's clan note: the seats outside it hold no card of that clan.
  uint32_t allowed[MAX_SEATS];
  for (int x = 0; x < players; ++x) allowed[x] = has(known_present, x) && known[x] ? known[x] : deck;
  for (const Event& e : d.notes[me]) {
    if (e.kind != EventKind::CLAN) continue;
    const uint32_t clan = e.a == 0 ? DARKNESS_CLAN : shadow_cards(d);
    for (int x = 0; x < players; ++x)
      if (x != me && !has(e.members, x) && d.lives[x] == 1) allowed[x] &= ~clan;
  }
  // Life-1 souls still hidden, and life-2 souls still hidden.
  int ones[MAX_SEATS], twos[MAX_SEATS], n1 = 0, n2 = 0;
  for (int x = 0; x < players; ++x) {
    if (x == me) continue;
    if (!first_public[x]) ones[n1++] = x;        // its first card was never shown
    if (d.lives[x] == 2 && !second_public[x]) twos[n2++] = x;
  }
  Card drawn[MAX_SEATS];
  uint32_t first_allowed[MAX_SEATS];
  for (int x = 0; x < players; ++x) first_allowed[x] = d.lives[x] == 1 ? allowed[x] : deck;
  draw_cards(ones, n1, deck & ~first_known, first_allowed, rng, drawn);
  for (int i = 0; i < n1; ++i) {
    const int x = ones[i];
    d.first_cards[x] = drawn[x];
    if (d.lives[x] == 1) d.cards[x] = drawn[x];
  }
  uint32_t pool2 = deck & ~second_known;
  draw_cards(twos, n2, pool2, allowed, rng, drawn);
  for (int i = 0; i < n2; ++i) d.cards[twos[i]] = drawn[twos[i]];
  // What follows from the cards: the kitty, the second souls issued.
  uint32_t firsts = 0, issued = 0;
  for (int x = 0; x < players; ++x) {
    firsts |= cbit(d.first_cards[x]);
    if (d.lives[x] == 2) issued |= cbit(d.cards[x]);
  }
  for (int i = 0; i < d.graves; ++i)
    if (d.graveyard[i].life == 2) issued |= cbit(d.graveyard[i].card);
  d.undealt = deck & ~firsts;
  d.issued = issued;
  // Private facts of others: heirs, pending reveals, unpublished ballots and objections, notes.
  for (int x = 0; x < players; ++x) {
    if (x == me) continue;
    d.heirs[x] = 0;
    d.notes[x].clear();
  }
  d.lord_pending &= bit(me);
  if (d.has_day) {
    const uint32_t bound = d.forced & d.ballots_cast;  // a curse's bound ballots are public (vote_open)
    for (int x = 0; x < players; ++x)
      if (x != me && has(d.ballots_cast & ~bound, x)) d.ballots[x] = 0;
    d.ballots_cast &= bound | bit(me);
    d.window_answered &= bit(me);
    d.window_intercede &= bit(me);
    d.window_bishop &= bit(me);
  }
  // The others' first-night clan notes, as the sampled cards would have given them (the bots rely on them).
  const uint32_t clans[2] = {DARKNESS_CLAN, shadow_cards(d)};
  for (int clan = 0; clan < 2; ++clan) {
    uint32_t members = 0;
    for (int x = 0; x < players; ++x)
      if (in(clans[clan], d.first_cards[x])) members |= bit(x);
    if (!members) continue;
    Event e = make_event(EventKind::CLAN);
    e.night = 1;
    e.a = static_cast<int16_t>(clan);
    e.members = members;
    for (uint32_t m = members & ~bit(me); m; m &= m - 1) d.notes[__builtin_ctz(m)].push_back(e);
  }
}

// A night in progress, as seat `me` may know it (called by sanitize on a sample whose cards are drawn):
// the choices of earlier steps tonight that `me` did not witness (it was not awake for them) are dropped
// and played again by the scripted bots of the sampled holders (one round each; a darkness step without
// a consensus takes its first most supported target), like OpenSpiel's IS-MCTS resampling the unseen
// history from the infostate. The current step's other answers this round are unknown to `me`: they are
// cleared, so those seats answer again in the rollout. The Lords' secret offers, except `me`'s, are dropped.
inline void resample_night(State& d, int me, uint64_t key, std::unique_ptr<bot::Bots>& table,
                           const bot::PublicMemory& folded) {
  if (d.phase != Phase::NIGHT || !d.has_night) return;
  const NightStep current = d.step;
  const uint32_t true_awake = d.awake, true_offered = d.offered;
  const int current_round = d.night_round;
  // The current step's group: told to its members for darkness and shadow steps (a gathering note);
  // otherwise what the sampled cards give, with `me`.
  const bool told = is_darkness_step(current) || current == NightStep::SHADOW;
  const uint32_t current_awake = told && has(true_awake, me) ? true_awake : (awake_seats(d, current) | (true_awake & bit(me)));
  Act kept[MAX_ACTS];
  int n_kept = 0;
  for (int i = 0; i < d.n_acts; ++i)
    if (has(awake_seats(d, d.acts[i].step), me)) kept[n_kept++] = d.acts[i];
  d.n_acts = 0;
  std::vector<uint64_t> keys(static_cast<std::size_t>(d.players));
  for (int x = 0; x < d.players; ++x) keys[x] = native::mix64(key ^ native::mix64(static_cast<uint64_t>(x) + 101));
  // Bots(keys), in the searcher's objects; their public memory starts from `folded` (a fold of this log's prefix)
  if (!table || table->size() != keys.size()) table = std::make_unique<bot::Bots>(keys);
  table->rekey(keys, folded);
  bot::Bots& bots = *table;
  std::vector<Action> legal;
  const int past = d.remaining_from - 1;  // remaining[past] is the current step
  for (int i = 0; i < past; ++i) {
    const NightStep st = d.remaining[i];
    const uint32_t group = awake_seats(d, st);
    if (has(group, me)) {
      for (int k = 0; k < n_kept; ++k)
        if (kept[k].step == st) d.acts[d.n_acts++] = kept[k];
      continue;
    }
    if (skipped(d, st, group) || st == NightStep::SHADOW) continue;
    d.step = st;
    d.awake = group;
    d.n_chosen = 0;
    d.chosen_mask = 0;
    d.night_round = 1;
    d.offered = 0;
    for (uint32_t m = group; m; m &= m - 1) {
      const int x = __builtin_ctz(m);
      legal_actions(d, x, legal);
      if (legal.empty()) continue;
      const Action a = bots.act(View(d, x), legal);
      d.chosen[d.n_chosen++] = Chosen{static_cast<int8_t>(x), static_cast<int8_t>(a.kind == battaglia::Kind::CHOOSE ? a.target : -1),
                                      false, 0};
      d.chosen_mask |= bit(x);
    }
    if (!is_darkness_step(st)) {
      for (int k = 0; k < d.n_chosen; ++k)
        if (d.chosen[k].target >= 0) d.acts[d.n_acts++] = Act{st, d.chosen[k].seat, d.chosen[k].target};
      continue;
    }
    bool productive = false;
    int victim = darkness_decision(d, &productive);
    if (victim < 0) {
      int support[MAX_SEATS] = {0}, best = 0;
      for (int k = 0; k < d.n_chosen; ++k)
        if (d.chosen[k].target >= 0 && ++support[d.chosen[k].target] > best) best = support[d.chosen[k].target];
      for (int k = 0; k < d.n_chosen && victim < 0; ++k)
        if (d.chosen[k].target >= 0 && support[d.chosen[k].target] == best) victim = d.chosen[k].target;
      for (uint32_t m = group; m && victim >= 0; m &= m - 1) {
        const int x = __builtin_ctz(m);
        if (d.lives[x] == step_life(st) && in(QUALIFYING_DARKS, d.cards[x])) productive = true;
      }
    }
    if (victim >= 0) d.acts[d.n_acts++] = Act{st, static_cast<int8_t>(productive ? -1 : -2), static_cast<int8_t>(victim)};
  }
  d.step = current;
  d.awake = current_awake;
  d.night_round = current_round;
  d.n_chosen = 0;  // `me` is still to answer this round; the others' answers are re-asked
  d.chosen_mask = 0;
  d.offered = true_offered & bit(me);
}

// ---- the searcher ---------------------------------------------------------------------------------------

class Searcher {
 public:
  Searcher(uint64_t key, const Settings& settings) : key_(key), settings_(settings) {}

  // The move for view.viewer() in the live game `s`, given the scripted bots of the game (`bots` also
  // gives the scripted move, the candidate always kept, and the seat's knowledge of other souls).
  Action act(const State& s, const View& view, const std::vector<Action>& legal, bot::Bots& bots) {
    const Action scripted = bots.act(view, legal);
    if (legal.size() <= 1 || !searched_phase(view.phase()) || s.config->forced_outcome_players) return scripted;
    const int me = view.viewer();
    const uint64_t position = (static_cast<uint64_t>(view.log().size()) << 32) |
                              (static_cast<uint64_t>(view.notes().size()) << 12) | static_cast<uint64_t>(me);
    const uint64_t decision_key = key_ ^ native::mix64(position);
    native::DecisionRandom rng(decision_key);
    std::vector<Action> candidates = candidates_of(legal, scripted, rng);
    if (candidates.size() <= 1) return scripted;
    const bot::BattagliaBot& mine = bots.bot(me);
    // Rounds: each meets every candidate with the same determinization, chance draws and opponents
    // (common random numbers), so candidates are compared by their paired differences with the scripted
    // move: another move is played only when it wins clearly more often (mean difference over z standard
    // errors), so noise alone seldom replaces the scripted bot's choice. One determinization per round,
    // copied for each candidate.
    const std::size_t n = candidates.size();
    std::vector<double> sum(n, 0.0), sum_sq(n, 0.0);
    std::vector<int> result(n, 0);
    std::vector<char> active(n, 1);
    // The budget is in rollouts: what pruned candidates no longer use goes to more rounds of the rest.
    const int budget = std::max(static_cast<int>(n), settings_.rollouts);
    int used = 0;
    const auto started = std::chrono::steady_clock::now();
    const long long cpu_started = thread_cpu_nanoseconds();
    State d, sample;
    int played = 0;
    // Candidates that can no longer be chosen whatever the rounds left bring (`settled`): their rollouts are
    // skipped but still counted in `used`, so the decision has as many rounds as without the shortcut.
    std::vector<char> settled(n, 0);
    int decided = -1;  // the candidate chosen whatever the rounds left bring, once that is known
    for (int r = 0; used < budget; ++r) {
      if (settings_.max_ms > 0 && r > 0) {
        const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
        if (ms >= settings_.max_ms) break;
      }
      if (r == settings_.probe_rounds && r > 1 && !prune(sum, sum_sq, active, r)) break;
      if (r >= settings_.probe_rounds && settings_.max_ms <= 0 && settle(sum, sum_sq, active, settled, played, used, budget, decided)) break;
      const uint64_t round_key = decision_key ^ native::mix64(static_cast<uint64_t>(r) + 1);
      sample = s;
      native::DecisionRandom sample_rng(round_key);
      sanitize(sample, me, mine.known_cards(), mine.known_seats(), sample_rng);
      resample_night(sample, me, round_key, night_bots_, bots.memory());
      for (std::size_t c = 0; c < n; ++c) {
        if (!active[c]) continue;
        if (settled[c]) { ++used; continue; }
        d = sample;
        result[c] = rollout(d, me, candidates[c], round_key, bots.memory());
        ++used;
      }
      for (std::size_t c = 1; c < n; ++c) {
        if (!active[c] || settled[c]) continue;
        const double diff = static_cast<double>(result[c] - result[0]);
        sum[c] += diff;
        sum_sq[c] += diff * diff;
      }
      ++played;
    }
    searched_decisions() += 1;
    searched_nanoseconds() += std::chrono::duration_cast<std::chrono::nanoseconds>(
        std::chrono::steady_clock::now() - started).count();
    searched_cpu_nanoseconds() += thread_cpu_nanoseconds() - cpu_started;
    if (decided >= 0) return candidates[static_cast<std::size_t>(decided)];
    std::size_t best = 0;
    double best_mean = 0.0;
    for (std::size_t c = 1; c < n && played > 1; ++c) {
      if (!active[c] || settled[c]) continue;
      const double mean = sum[c] / played;
      if (mean > best_mean && qualifies(mean, sum[c], sum_sq[c], played)) {
        best = c;
        best_mean = mean;
      }
    }
    return candidates[best];
  }

 private:
  uint64_t key_;
  Settings settings_;
  std::unique_ptr<bot::Bots> rollout_bots_;  // rollout's table, rekeyed for each rollout
  std::unique_ptr<bot::Bots> night_bots_;    // resample_night's table, rekeyed for each round
  std::vector<uint64_t> rollout_keys_;
  native::PyRandom chance_seed_{native::PyRandom::Unseeded{}};  // the chance generator of key chance_key_, unused
  uint64_t chance_key_ = 0;
  bool chance_seeded_ = false;

  static double standard_error(double sum, double sum_sq, int n) {
    const double mean = sum / n;
    return std::sqrt(std::max(0.0, (sum_sq - n * mean * mean) / (n - 1)) / n);
  }

  // Whether a candidate with these paired sums over `played` rounds may replace the scripted move: its
  // mean gain positive and over z standard errors (the last test of act).
  bool qualifies(double mean, double sum, double sum_sq, int played) const {
    return mean > 0.0 && mean > settings_.z * standard_error(sum, sum_sq, played);
  }

  // Whether some outcome of the `left` rounds still to play (each adds a paired difference of -1, 0 or +1)
  // makes the candidate qualify (`want` true), or fail to (`want` false), after played + left rounds.
  // The likeliest outcome is tried first (all wins to qualify, all losses to fail), so the usual answer
  // costs one test.
  bool may_end(bool want, double sum, double sum_sq, int played, int left) const {
    const int total = played + left;
    if (total <= 1) return !want;  // act chooses only after two rounds or more
    auto ends = [&](int wins, int losses) {
      const double s = sum + wins - losses, q = sum_sq + wins + losses;
      return qualifies(s / total, s, q, total) == want;
    };
    if (want ? ends(left, 0) : ends(0, left)) return true;
    for (int wins = 0; wins <= left; ++wins)
      for (int losses = 0; wins + losses <= left; ++losses)
        if (ends(wins, losses)) return true;
    return false;
  }

  // After the probe (no candidate is pruned any more, so the rounds left are known): the candidates that
  // cannot qualify whatever the rounds left bring are `settled` (act's choice never takes them, so their
  // rollouts are not needed). True when the choice is then known: no candidate can replace the scripted
  // move (`decided` stays -1: act chooses among none), or one alone can and surely does (`decided`).
  bool settle(const std::vector<double>& sum, const std::vector<double>& sum_sq, const std::vector<char>& active,
              std::vector<char>& settled, int played, int used, int budget, int& decided) const {
    int in_play = 0;
    for (std::size_t c = 0; c < sum.size(); ++c) in_play += active[c] ? 1 : 0;
    const int left = (budget - used + in_play - 1) / in_play;
    int open = 0, last = -1;
    for (std::size_t c = 1; c < sum.size(); ++c) {
      if (!active[c] || settled[c]) continue;
      if (!may_end(true, sum[c], sum_sq[c], played, left)) { settled[c] = 1; continue; }
      ++open;
      last = static_cast<int>(c);
    }
    if (open == 0) return true;
    if (open == 1 && !may_end(false, sum[last], sum_sq[last], played, left)) {
      decided = last;
      return true;
    }
    return false;
  }

  // The progressive budget, after the probe rounds: false when no candidate has changed a single rollout's
  // result (the decision does not matter here: the scripted move stands, the budget is saved); else drops
  // the candidates that are clearly worse than the scripted move and says whether any is left to compare.
  bool prune(const std::vector<double>& sum, const std::vector<double>& sum_sq, std::vector<char>& active,
             int played) const {
    bool any = false;
    for (std::size_t c = 1; c < sum.size(); ++c) {
      if (!active[c]) continue;
      if (sum_sq[c] == 0.0 || sum[c] / played < -settings_.z * standard_error(sum[c], sum_sq[c], played)) {
        active[c] = 0;
        continue;
      }
      any = true;
    }
    return any;
  }

  // The scripted move first, then the other distinct moves (an accusation per target, whatever its
  // basis) in a random order, at most max_candidates.
  std::vector<Action> candidates_of(const std::vector<Action>& legal, const Action& scripted,
                                    native::DecisionRandom& rng) const {
    std::vector<Action> out{scripted};
    std::vector<Action> rest;
    auto same = [](const Action& a, const Action& b) {
      return a.kind == b.kind && a.target == b.target && a.targets == b.targets && a.approve == b.approve;
    };
    for (const Action& a : legal) {
      bool seen = same(a, scripted);
      for (const Action& b : rest) seen = seen || same(a, b);
      if (!seen) rest.push_back(a);
    }
    for (std::size_t i = rest.size(); i > 1; --i) std::swap(rest[i - 1], rest[rng.choice_index(i)]);
    for (const Action& a : rest) {
      if (static_cast<int>(out.size()) >= settings_.max_candidates) break;
      out.push_back(a);
    }
    return out;
  }

  // Play `first` for `me` in `d`, then everyone as the scripted bot to the end: 1 if me's seat won. The
  // bots are this searcher's, rekeyed for each rollout (the same as new ones, without their allocations),
  // their public memory taken from `folded` (the game's table's, a fold of the log up to this decision:
  // the same memory a new table would fold again from the first event).
  int rollout(State& d, int me, const Action& first, uint64_t key, const bot::PublicMemory& folded) {
    std::vector<uint64_t>& keys = rollout_keys_;
    keys.resize(static_cast<std::size_t>(d.players));
    for (int x = 0; x < d.players; ++x) keys[x] = native::mix64(key ^ native::mix64(static_cast<uint64_t>(x) + 7));
    if (!rollout_bots_ || rollout_bots_->size() != keys.size()) rollout_bots_ = std::make_unique<bot::Bots>(keys);
    rollout_bots_->rekey(keys, folded);
    bot::Bots& bots = *rollout_bots_;
    apply(d, first);
    if (!d.over) {
      if (!chance_seeded_ || chance_key_ != key) {  // a round's candidates share the key: seeded once a round
        chance_seed_.seed(std::vector<uint32_t>{static_cast<uint32_t>(key), static_cast<uint32_t>(key >> 32)});
        chance_key_ = key;
        chance_seeded_ = true;
      }
      native::PyRandom chance = chance_seed_;
      play_out(d, chance, bots);
    }
    return has(d.winners, me) ? 1 : 0;
  }
};

}  // namespace search
}  // namespace battaglia
