// battaglia native: the scripted bot, agents/battaglia/bot.py's BattagliaBot(seed, seat, None, talk=False)
// decision for decision (same SplitMix64 draws, same float arithmetic in the same order, same tie-breaks,
// same incremental memory across decisions).
//
// Construction (what the game loop passes):
//
//   BattagliaBot bot(key, seat, &shared_memory);
//
//   key     seed_key(f"{seed}/{seat}") from agents/battaglia/draws.py: the first 8 bytes of
//           blake2b(f"{seed}/{seat}".encode(), digest_size=8) read big-endian, computed in Python or, for an int seed, by seed_keys.hpp (play_rows)
//           (e.g. [seed_key(f"{job.seed}/{s}") for s in range(players)]; str(None) == "None" for seed None).
//   seat    the seat it plays (0-based).
//   shared  optional: one PublicMemory for all bots of the same game (each Python bot folds its own
//           knowledge.PublicMemory); without it the bot folds the log itself. Same decisions either way.
//
// Or, for a whole table: `Bots bots(keys)` (keys[s] for seat s) and `bots.act(view, legal)`, which asks the
// bot of view.viewer().
//
// `Action act(const View&, const std::vector<Action>& legal)`: the move, always one of `legal` (texts
// aside: a shadow's Whisper names the seats it knows to be dark, Action::text_seats). `legal` must be the
// kernel's legal_actions in the Python order. Every bot object (and PublicMemory) serves ONE game: the
// memories are fed incrementally and assume the log and notes only grow. Call reset() to reuse it.
//
// Request.attempt is 1 (the lean loop asks each seat once per move); the draws are seeded with it.
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>

#include "bot_mind.hpp"
#include "knowledge.hpp"
#include "splitmix.hpp"
#include "types.hpp"

namespace battaglia {
namespace bot {

constexpr int ATTEMPT = 1;  // Request.attempt of the lean loop
constexpr double REVOTE_DOUBT = 0.5;  // bot_mind.REVOTE_DOUBT

// bot_mind.speakers_left: living seats still to accuse in today's round, this one included (DEC-34's rotation).
inline int speakers_left(const View& view, const Mind& mind) {
  const int players = view.players(), start = ((view.day() - 1) % players + players) % players;
  // (seat - start) % players, Python's modulo: seat and start are both in [0, players), so one wrap at most
  auto place = [players, start](int seat) { const int d = seat - start; return d < 0 ? d + players : d; };
  const int here = place(mind.me);
  int n = 0;
  for (int i = 0; i < mind.n_alive; ++i)
    if (place(mind.alive[i]) >= here) ++n;
  return n ? n : 1;
}

class BattagliaBot {
 public:
  BattagliaBot(uint64_t key, int seat, PublicMemory* shared = nullptr, const Temperament& temperament = Temperament())
      : key_(key), seat_(seat), rng_(key), shared_(shared), temperament_(temperament) {
    tie_breaks(key, ties_);
  }

  int seat() const { return seat_; }

  // What this bot knew of other souls at its last decision (knowledge.Narrowing): known_cards()[s] for the
  // seats of known_seats(). The search bot samples hidden cards within them.
  const uint32_t* known_cards() const { return narrowing_.known; }
  uint32_t known_seats() const { return narrowing_.present; }

  // Serve a new game under `key`, as BattagliaBot(key, seat, shared, temperament) would, keeping what the
  // memories have allocated (the search bot plays thousands of rollouts with the same bots).
  void rekey(uint64_t key) {
    key_ = key;
    rng_ = native::DecisionRandom(key);
    origin_ = 0;
    tie_breaks(key, ties_);
    reset();
  }

  // Forget the game (the shared PublicMemory, if any, is its owner's to reset).
  void reset() {
    if (!shared_) own_memory_.reset();  // a bot of a table never folds its own
    private_.reset();
    narrowing_.reset();
    known_version_ = 0;
    has_side_ = false;
    alive_players_ = 0;
    alive_out_ = 0;
    n_alive_ = 0;
    allies_known_ = 0;
    kin_version_ = -1;
    kin_life_ = 0;
    kin_ = 0;
  }

  // BattagliaBot.act: pick one of `legal` for this view.
  Action act(const View& view, const std::vector<Action>& legal) {
    if (legal.size() == 1) return legal[0];
    const uint64_t position = (static_cast<uint64_t>(view.log().size()) << 32) |
                              (static_cast<uint64_t>(view.notes().size()) << 12) |
                              static_cast<uint64_t>(ATTEMPT & 0xFFF);
    origin_ = key_ ^ native::mix64(position);
    rng_.seed(origin_);
    Mind mind;
    read(view, mind);
    Action action;
    if (decide(view, mind, legal, action)) return action;
    return pass_or_first(legal);
  }

 private:
  uint64_t key_;
  int seat_;
  native::DecisionRandom rng_;
  uint64_t origin_ = 0;
  PublicMemory* shared_;
  PublicMemory own_memory_;
  Temperament temperament_;
  uint64_t ties_[MAX_SEATS];
  PrivateMemory private_;
  Narrowing narrowing_;
  int known_version_ = 0;
  bool has_side_ = false;
  Faction known_side_ = Faction::LIGHT;
  int alive_players_ = 0;  // (players, out) the living seats below were computed for
  uint32_t alive_out_ = 0;
  int8_t alive_[MAX_SEATS];
  int n_alive_ = 0;
  uint32_t alive_mask_ = 0;
  uint32_t allies_known_ = 0;
  int kin_version_ = -1;
  int kin_life_ = 0;
  uint32_t kin_ = 0;

  PublicMemory& memory() { return shared_ ? *shared_ : own_memory_; }

  // ---- reading the view ----------------------------------------------------------------------------

  void read(const View& view, Mind& mind) {
    PublicMemory& memory = this->memory();
    memory.feed(view);
    private_.feed(view, seat_, memory);
    const Card card = view.card();
    const Faction mine = faction_of(card);
    const bool changed = narrowing_.update(private_.claims, view, memory.deaths);
    if (changed || !has_side_ || mine != known_side_ || alive_players_ != view.players()) {
      if (view.players() != alive_players_ || view.out() != alive_out_) {
        n_alive_ = 0;
        alive_mask_ = 0;
        for (int s = 0; s < view.players(); ++s) {
          if (view.is_out(s)) continue;
          alive_[n_alive_++] = static_cast<int8_t>(s);
          alive_mask_ |= bit(s);
        }
        alive_players_ = view.players();
        alive_out_ = view.out();
      }
      allies_known_ = known_allies(mine);
      known_side_ = mine;
      has_side_ = true;
      ++known_version_;
    }
    uint32_t allies = allies_known_;
    const int life = view.life() ? view.life() : 1;
    if (mine == Faction::DARKNESS) {
      if (is_darkness_step(view.step())) allies |= view.awake_with() & ~bit(seat_);  // (Koldunya fools them, L27)
      allies |= dark_kin_cached(view, life, memory);
    }
    mind.me = seat_;
    mind.card = card;
    mind.life = life;
    mind.faction = mine;
    mind.alive = alive_;
    mind.n_alive = n_alive_;
    mind.alive_mask = alive_mask_;
    mind.known_present = narrowing_.present;
    mind.known = narrowing_.known;
    mind.allies = allies;
    mind.memory = &memory;
    mind.origin = origin_;
    mind.ties = ties_;
    mind.scored_mask = 0;
  }

  // BattagliaBot._dark_kin: dark_kin minus this seat, cached while claims, deaths and this soul's life stand.
  uint32_t dark_kin_cached(const View& view, int life, const PublicMemory& memory) {
    if (kin_version_ != known_version_ || kin_life_ != life) {
      kin_ = dark_kin(private_.claims, view, life, memory.deaths) & ~bit(seat_);
      kin_version_ = known_version_;
      kin_life_ = life;
    }
    return kin_;
  }

  // BattagliaBot._known_allies: living seats a light or a shadow knows to be of its own side.
  uint32_t known_allies(Faction mine) const {
    if (mine != Faction::LIGHT && mine != Faction::SHADOW) return 0;
    uint32_t found = 0;
    for (uint32_t m = narrowing_.present & alive_mask_ & ~bit(seat_); m; m &= m - 1) {
      const int s = __builtin_ctz(m);
      if (factions_of(narrowing_.known[s]) == fbit(mine)) found |= bit(s);
    }
    return found;
  }

  // ---- decisions -------------------------------------------------------------------------------------

  // BattagliaBot.decide: dispatch on the kinds of move offered. False = None (then pass or the first move).
  bool decide(const View& view, Mind& mind, const std::vector<Action>& legal, Action& out) {
    uint32_t kinds = 0;
    for (const Action& a : legal) kinds |= 1u << static_cast<int>(a.kind);
    auto offered = [kinds](Kind k) { return (kinds >> static_cast<int>(k)) & 1u; };
    if (offered(Kind::REVEAL_LORD) && lord_reveal(view, legal, out)) return true;
    if (offered(Kind::CHOOSE)) return night_choice(view, mind, legal, out);
    if (offered(Kind::WHISPER)) return whisper(mind, out);
    if (offered(Kind::JUDGE)) return judge(view, mind, out);
    if (offered(Kind::ACCUSE)) return accuse(view, mind, legal, out);
    if (offered(Kind::VOTE)) return vote(view, mind, legal, out);
    if (offered(Kind::SPEAK)) return false;  // talk=False: _speak says nothing
    if (offered(Kind::DYING_SHOT)) return dying_shot(mind, legal, out);
    if (offered(Kind::CURSE)) {
      if (rng_.random() < temperament_.koldun_curse) {
        out = *first(legal, Kind::CURSE);
        return true;
      }
      return false;
    }
    if (offered(Kind::INTERCEDE) || offered(Kind::REVEAL_BISHOP)) return execution(view, mind, legal, out);
    return false;
  }

  // _lord_reveal: the Lord reveals when condemned (L85), and sometimes early to judge (L75).
  bool lord_reveal(const View& view, const std::vector<Action>& legal, Action& out) {
    const Action* reveal = first(legal, Kind::REVEAL_LORD);
    if (!reveal) return false;
    if (view.condemned() == seat_) {
      out = *reveal;
      return true;
    }
    if (view.phase() == Phase::ACCUSE && view.day() >= 2 && rng_.random() < temperament_.lord_reveal / 4) {
      out = *reveal;
      return true;
    }
    return false;
  }

  // night

  bool night_choice(const View& view, Mind& mind, const std::vector<Action>& legal, Action& out) {
    int targets[MAX_SEATS + 1];
    int n = 0;
    for (const Action& a : legal)
      if (a.kind == Kind::CHOOSE && a.target >= 0) targets[n++] = a.target;
    const NightStep step = view.step();
    int target = -1;
    if (is_darkness_step(step)) {
      target = darkness_target(view, mind, targets, n);
    } else if (is_domovik_step(step)) {
      target = domovik_guest(mind, targets, n);
    } else if (is_tiir_step(step)) {
      int unknown[MAX_SEATS + 1], k = 0;
      for (int i = 0; i < n; ++i) {
        const int t = targets[i];
        if (!mind.knows(t) || popcount(mind.known[t]) > 1) unknown[k++] = t;
      }
      target = k ? top(mind, unknown, k) : top(mind, targets, n);
    } else if (is_gloom_step(step)) {
      target = top(mind, targets, n);
    } else if (is_corrigan_step(step)) {
      target = corrigan_target(mind, targets, n);
    } else if (is_cohen_step(step)) {
      target = cohen_patient(view, mind, targets, n);
    }
    if (target < 0) return false;
    out = Action::choose(seat_, target);
    return true;
  }

  // _darkness_target: the group's shared choice: same public ranking for all, or last round's plurality.
  int darkness_target(const View& view, Mind& mind, const int* targets, int n) {
    const uint32_t group = view.awake_with() | bit(seat_);  // the same for each of its members
    const NightStep step = view.step();
    const int night_round = view.night_round();
    const uint32_t mine = private_allies(mind);
    if (night_round > 1) {
      const DarknessRound& previous = private_.last_round[step == NightStep::FIRST_DARKNESS ? 0 : 1];
      if (previous.seen && previous.round == night_round - 1 && previous.n > 0) {
        // Counter in first-seen order
        int order[MAX_SEATS], counts[MAX_SEATS], k = 0;
        for (int i = 0; i < previous.n; ++i) {
          const int t = previous.targets[i];
          if (t < 0) continue;
          int j = 0;
          while (j < k && order[j] != t) ++j;
          if (j == k) { order[k] = t; counts[k] = 0; ++k; }
          counts[j] += 1;
        }
        if (k) {
          int best = counts[0];
          for (int j = 1; j < k; ++j) best = std::max(best, counts[j]);
          int choice = -1;
          uint64_t choice_hash = 0;
          for (int j = 0; j < k; ++j) {
            if (counts[j] != best) continue;
            const uint64_t h = shared_hash(view.night(), order[j], group);
            if (choice < 0 || h < choice_hash) { choice = order[j]; choice_hash = h; }
          }
          bool offered = false;
          for (int i = 0; i < n; ++i) offered |= targets[i] == choice;
          if (offered && !has(mine, choice)) return choice;
        }
      }
    }
    int outsiders[MAX_SEATS + 1], k = 0;
    for (int i = 0; i < n; ++i)
      if (!has(group, targets[i]) && !has(mind.allies, targets[i])) outsiders[k++] = targets[i];
    if (!k) return -1;
    // sorted by (-(threat + jitter), seat)
    double keys[MAX_SEATS + 1];
    const int night = view.night();
    for (int i = 0; i < k; ++i) {
      const int s = outsiders[i];
      const double jitter = static_cast<double>(shared_hash(night, s, group) % 1000u) / 1000.0;
      keys[i] = -(mind.memory->threat[s] + jitter);
    }
    for (int i = 1; i < k; ++i) {  // stable insertion sort
      const double key = keys[i];
      const int s = outsiders[i];
      int j = i;
      while (j > 0 && (key < keys[j - 1] || (!(keys[j - 1] < key) && s < outsiders[j - 1]))) {
        keys[j] = keys[j - 1];
        outsiders[j] = outsiders[j - 1];
        --j;
      }
      keys[j] = key;
      outsiders[j] = s;
    }
    for (int i = 0; i < k; ++i)
      if (!has(mine, outsiders[i])) return outsiders[i];
    return outsiders[0];
  }

  int domovik_guest(Mind& mind, const int* targets, int n) {
    int friends[MAX_SEATS + 1], k = 0;
    for (int i = 0; i < n; ++i)
      if (has(mind.allies, targets[i])) friends[k++] = targets[i];
    if (k) return friends[rng_.choice_index(static_cast<std::size_t>(k))];
    // min by (suspicion, seat)
    int best = -1;
    double best_key = 0.0;
    for (int i = 0; i < n; ++i) {
      const int s = targets[i];
      const double key = mind.suspicion(s);
      if (best < 0 || key < best_key || (!(best_key < key) && s < best)) { best = s; best_key = key; }
    }
    return best;
  }

  int corrigan_target(Mind& mind, const int* targets, int n) {
    int pool[MAX_SEATS + 1], k = 0;
    for (int i = 0; i < n; ++i)
      if (!known_light(mind, targets[i])) pool[k++] = targets[i];
    return k ? top(mind, pool, k) : -1;
  }

  int cohen_patient(const View& view, Mind& mind, const int* targets, int n) {
    bool self_offered = false;
    for (int i = 0; i < n; ++i) self_offered |= targets[i] == seat_;
    if (self_offered && rng_.random() < 0.4) return seat_;
    const uint32_t barred = view.revealed_lord() | view.revealed_shadow();
    int best = -1;
    double best_key = 0.0;
    for (int i = 0; i < n; ++i) {
      const int s = targets[i];
      if (has(barred, s)) continue;
      const double key = mind.suspicion(s) - (has(mind.allies, s) ? 2.0 : 0.0);
      if (best < 0 || key < best_key || (!(best_key < key) && s < best)) { best = s; best_key = key; }
    }
    if (best < 0) return self_offered ? seat_ : -1;
    return best;
  }

  // _whisper: shadows share who they know to be dark.
  bool whisper(const Mind& mind, Action& out) const {
    uint32_t darks = 0;
    for (uint32_t m = mind.known_present & mind.alive_mask & ~mind.allies; m; m &= m - 1) {
      const int s = __builtin_ctz(m);
      if (subset(mind.known[s], CLAN_CARDS)) darks |= bit(s);
    }
    out = Action::whisper(seat_, darks);
    return true;
  }

  // day

  bool accuse(const View& view, Mind& mind, const std::vector<Action>& legal, Action& out) {
    uint32_t offered = 0;
    for (const Action& a : legal)
      if (a.kind == Kind::ACCUSE) offered |= bit(a.target);
    if (!offered) return false;
    const bool last_words = view.phase() == Phase::LAST_WORDS;
    int targets[MAX_SEATS], n = 0;
    for (uint32_t m = offered & ~view.revealed_child(); m; m &= m - 1) targets[n++] = __builtin_ctz(m);
    int ranked[MAX_SEATS];
    if (!mind.enemies_ranked(targets, n, ranked)) return false;
    const int target = ranked[0];
    if (!last_words && mind.suspicion(target) < 0.6) {  // without a reason: a fair share of the slots left
      const double boldness = temperament_.boldness[static_cast<int>(mind.card)];
      const double share = static_cast<double>(view.accusations_limit() - view.accusations_count()) /
                           static_cast<double>(speakers_left(view, mind));
      if (rng_.random() >= share * (0.5 + boldness)) return false;
    }
    const bool reason = has_reason(view, mind, target);
    const Basis basis = reason ? Basis::LOGIC : Basis::LEGEND;
    const Charge charge = has(view.revealed_shadow(), target) ? Charge::SHADOW : Charge::DARK;
    const Action* any = nullptr;
    for (const Action& a : legal) {
      if (a.kind != Kind::ACCUSE || a.target != target) continue;
      if (a.basis == basis && a.charge == charge) {
        out = a;
        return true;
      }
      if (!any) any = &a;
    }
    out = *any;
    return true;
  }

  // _reason: whether there is a public fact to lean on (by logic); draws as the Python does.
  bool has_reason(const View& view, Mind& mind, int target) {
    if (has(view.revealed_shadow(), target)) return true;
    const SoulRecord& record = mind.memory->souls[target];
    if (record.bad > 0) {
      const Grave* graveyard = view.graveyard();
      for (int i = 0; i < view.graveyard_size(); ++i)
        if (in(LIGHT, graveyard[i].card)) return true;
    }
    const double roll = rng_.random();
    if (roll < 0.25 && record.was_accused) return true;
    if (roll < 0.45 && view.day() >= 2 && !record.accused) return true;
    if (roll < 0.6) return true;
    return false;
  }

  // _judge: the Lord judge refuses accusations of revealed Children and of proven lights (L75).
  bool judge(const View& view, const Mind& mind, Action& out) const {
    bool approve = true;
    const int target = mind.memory->last_proposed_target;
    if (target >= 0) {
      const bool proven_light = mind.knows(target) && subset(mind.known[target], LIGHT);
      approve = !(has(view.revealed_child(), target) || has(view.revealed_lord(), target) || proven_light);
    }
    out = Action::judge(seat_, approve);
    return true;
  }

  bool vote(const View& view, Mind& mind, const std::vector<Action>& legal, Action& out) {
    uint32_t all = 0;
    const Action* last = nullptr;
    for (const Action& a : legal) {
      if (a.kind != Kind::VOTE) continue;
      all |= a.targets;
      last = &a;
    }
    if (!last) return false;
    // max(len(a.targets)): the ballots come in itertools.combinations order, k = 1, 2, ..., so the last is the largest
    const int size = popcount(last->targets);
    int candidates[MAX_SEATS], n = 0;
    for (uint32_t m = all & ~view.revealed_child(); m; m &= m - 1) candidates[n++] = __builtin_ctz(m);
    int ranked[MAX_SEATS];
    const int k = mind.enemies_ranked(candidates, n, ranked);
    if (!k) {  // only allies (or a revealed Child) stand accused: abstain
      const Action* pass = first(legal, Kind::PASS);
      if (!pass) return false;
      out = *pass;
      return true;
    }
    const double top = mind.suspicion(ranked[0]);
    const double floor = std::max(0.2, top - 0.5);
    uint32_t wanted = 0;
    int chosen = 0;
    for (int i = 0; i < k && chosen < size; ++i) {
      if (mind.suspicion(ranked[i]) >= floor) {
        wanted |= bit(ranked[i]);
        ++chosen;
      }
    }
    if (!chosen) wanted = bit(ranked[0]);
    if (view.phase() == Phase::REVOTE && k > 1) {  // the undecided join the leader every reader picks alike
      int pick = -1;
      uint64_t pick_hash = 0;
      for (int i = 0; i < n; ++i) {
        const uint64_t h = shared_hash(view.day(), candidates[i], view.log().size());
        if (pick < 0 || h < pick_hash) { pick = candidates[i]; pick_hash = h; }
      }
      bool ranked_pick = false;
      for (int i = 0; i < k; ++i) ranked_pick |= ranked[i] == pick;
      if (ranked_pick && mind.suspicion(pick) >= top - REVOTE_DOUBT) wanted = bit(pick);
    }
    for (const Action& a : legal) {
      if (a.kind == Kind::VOTE && a.targets == wanted) {
        out = a;
        return true;
      }
    }
    return false;
  }

  bool dying_shot(Mind& mind, const std::vector<Action>& legal, Action& out) {
    int targets[MAX_SEATS], n = 0;
    for (const Action& a : legal)
      if (a.kind == Kind::DYING_SHOT) targets[n++] = a.target;
    int pool[MAX_SEATS], k = 0;
    for (int i = 0; i < n; ++i)
      if (!known_light(mind, targets[i])) pool[k++] = targets[i];
    const int target = k ? top(mind, pool, k) : top(mind, targets, n);
    if (target < 0) return false;
    out = Action::dying_shot(seat_, target);
    return true;
  }

  bool execution(const View& view, const Mind& mind, const std::vector<Action>& legal, Action& out) {
    const int condemned = view.condemned();
    if (condemned < 0) return false;
    const Action* bishop = first(legal, Kind::REVEAL_BISHOP);
    if (bishop && has(mind.allies, condemned) && rng_.random() < temperament_.bishop_reveal) {
      out = *bishop;
      return true;
    }
    const Action* lun = first(legal, Kind::INTERCEDE);
    const bool believed_light = has(mind.allies, condemned) || has(view.revealed_lord(), condemned);
    if (lun && believed_light && rng_.random() < temperament_.lun_reveal) {
      out = *lun;
      return true;
    }
    return false;
  }

};

// Every seat's bot for one game, sharing one PublicMemory (each Python bot folds its own knowledge.PublicMemory).
class Bots {
 public:
  // keys[s] = seed_key(f"{seed}/{s}") for each seat s (see BattagliaBot).
  explicit Bots(const std::vector<uint64_t>& keys, const Temperament& temperament = Temperament()) {
    bots_.reserve(keys.size());
    for (std::size_t s = 0; s < keys.size(); ++s) bots_.emplace_back(keys[s], static_cast<int>(s), &memory_, temperament);
  }
  Bots(const Bots&) = delete;  // the bots point at memory_
  Bots& operator=(const Bots&) = delete;

  Action act(const View& view, const std::vector<Action>& legal) { return bots_[view.viewer()].act(view, legal); }
  Action operator()(const View& view, const std::vector<Action>& legal) { return act(view, legal); }
  const BattagliaBot& bot(int seat) const { return bots_[static_cast<std::size_t>(seat)]; }

  void reset() {
    memory_.reset();
    for (BattagliaBot& b : bots_) b.reset();
  }

  // The table of Bots(keys) (as many seats as before), in these objects.
  void rekey(const std::vector<uint64_t>& keys) {
    memory_.reset();
    for (std::size_t s = 0; s < bots_.size(); ++s) bots_[s].rekey(keys[s]);
  }

  // rekey(keys), with the public memory of `folded` (a fold of a prefix of the log this table will read:
  // the memory is a pure fold of the public events, so it goes on from there as a new one from the start).
  void rekey(const std::vector<uint64_t>& keys, const PublicMemory& folded) {
    memory_ = folded;
    for (std::size_t s = 0; s < bots_.size(); ++s) bots_[s].rekey(keys[s]);
  }

  // The public memory the table's bots share (folded up to the last log any of them read).
  const PublicMemory& memory() const { return memory_; }
  std::size_t size() const { return bots_.size(); }

 private:
  PublicMemory memory_;
  std::vector<BattagliaBot> bots_;
};

}  // namespace bot
}  // namespace battaglia
