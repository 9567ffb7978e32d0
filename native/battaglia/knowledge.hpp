// battaglia native: what a seat knows, read from its View alone (agents/battaglia/knowledge.py, bit for bit).
//
//   PublicMemory   the public log folded into per-soul records (knowledge.PublicMemory)
//   PrivateMemory  claims read from the seat's notes (knowledge.PrivateMemory + claims_from_notes), plus the
//                  last darkness_round note of each darkness step (bot_night.last_round reads it)
//   Narrowing      each living seat's possible cards from the claims and the public reveals (knowledge.Narrowing)
//   dark_kin       knowledge.dark_kin
//
// All of them are fed incrementally from one game's View: the log and the notes only grow. A bot object
// therefore serves one game; make new ones (or call reset()) for the next game.
//
// Python's dicts of seats are arrays indexed by seat; a missing key and a zero entry read the same in
// every place the bot reads them (a SoulRecord of zeros scores, reasons and ranks like None).
// Sets of cards are bitmasks over Card (types.hpp); sets of seats are bitmasks over seats.
#pragma once
#include <cstdint>
#include <vector>

#include "splitmix.hpp"
#include "types.hpp"

namespace battaglia {
namespace bot {

// ---- small helpers -------------------------------------------------------------------------------------

// bot_mind.shared_hash: an order of b that everyone who knows `salt` computes alike (SplitMix64's mixer).
inline uint64_t shared_hash(uint64_t a, uint64_t b, uint64_t salt) {
  return native::mix64(salt ^ native::mix64(a * native::kGamma + b));
}

// bot_mind.tie_breaks(key): the bot's fixed, per-game order of every seat (ties between equal suspicions).
inline void tie_breaks(uint64_t key, uint64_t* out) {
  struct Salts {  // mix64((s + 1) * kGamma) by seat: the key's part is the only one that changes
    uint64_t salt[MAX_SEATS];
    Salts() {
      for (int s = 0; s < MAX_SEATS; ++s) salt[s] = native::mix64(static_cast<uint64_t>(s + 1) * native::kGamma);
    }
  };
  static const Salts salts;
  for (int s = 0; s < MAX_SEATS; ++s) out[s] = native::mix64(key ^ salts.salt[s]);
}

// DecisionRandom.unit(key) for the stream last seeded with `origin` (draws._SALTS for small keys).
inline double unit(uint64_t origin, int key) {
  struct Salts {
    uint64_t salt[64];
    Salts() {
      for (int k = 0; k < 64; ++k) salt[k] = native::mix64(static_cast<uint64_t>(k + 1) * native::kGamma);
    }
  };
  static const Salts salts;
  const uint64_t salt = (key >= 0 && key < 64) ? salts.salt[key]
                                               : native::mix64(static_cast<uint64_t>(key + 1) * native::kGamma);
  return static_cast<double>(native::mix64(origin ^ salt) >> 11) * 0x1.0p-53;
}

constexpr uint32_t CLAN_CARDS = DARKNESS | GLOOM | cbit(Card::KOLDUNYA);
constexpr uint32_t DARK_SIDE = DARKNESS | GLOOM;

// Faction bits (a set of factions, as knowledge.factions_of returns).
inline uint32_t fbit(Faction f) { return 1u << static_cast<int>(f); }

// knowledge.factions_of: the factions a set of cards spans.
inline uint32_t factions_of(uint32_t cards) {
  return ((cards & LIGHT) ? fbit(Faction::LIGHT) : 0u) | ((cards & SHADOW) ? fbit(Faction::SHADOW) : 0u) |
         ((cards & DARKNESS) ? fbit(Faction::DARKNESS) : 0u) | ((cards & GLOOM) ? fbit(Faction::GLOOM) : 0u);
}

// The cards of a faction (knowledge.FACTION_NAME inverted).
inline uint32_t faction_cards(Faction f) {
  switch (f) {
    case Faction::LIGHT: return LIGHT;
    case Faction::SHADOW: return SHADOW;
    case Faction::DARKNESS: return DARKNESS;
    default: return GLOOM;
  }
}

inline bool subset(uint32_t a, uint32_t b) { return (a & ~b) == 0; }

// knowledge.STEP_CARDS (0 for a step it lacks: STEP_CARDS.get(step, frozenset())).
inline uint32_t step_cards(NightStep step) {
  switch (step) {
    case NightStep::FIRST_DOMOVIK: case NightStep::SECOND_DOMOVIK: return cbit(Card::DOMOVIK);
    case NightStep::FIRST_TIIR: case NightStep::SECOND_TIIR: return cbit(Card::TIIR);
    case NightStep::FIRST_GLOOM: case NightStep::SECOND_GLOOM: return GLOOM;
    case NightStep::FIRST_COHEN: case NightStep::SECOND_COHEN: return cbit(Card::COHEN);
    case NightStep::FIRST_CORRIGAN: case NightStep::SECOND_CORRIGAN:
      return (LIGHT & ~cbit(Card::CHILD)) | cbit(Card::TRITON);
    case NightStep::FIRST_DARKNESS: case NightStep::SECOND_DARKNESS:
      return DARKNESS_STEP_CARDS | cbit(Card::RAINMAKER);
    case NightStep::SHADOW: return SHADOW;
    case NightStep::ACQUAINTANCE_DARKNESS: return CLAN_CARDS;
    case NightStep::ACQUAINTANCE_SHADOW: return SHADOW;
    default: return 0;
  }
}

// ---- the public record ---------------------------------------------------------------------------------

// knowledge.SoulRecord without `voted` (nobody reads it); `accused` as a set plus nothing else: the bot asks
// only "seat in record.accused" and "not record.accused".
struct SoulRecord {
  uint32_t accused = 0;
  int was_accused = 0;
  double bad = 0.0;
  double good = 0.0;
  double opposed = 0.0;  // accusations (0.5) and votes (0.25) against souls with a public threat
};

// knowledge.PublicMemory, fed from the View's log.
class PublicMemory {
 public:
  SoulRecord souls[MAX_SEATS];
  double threat[MAX_SEATS];
  int deaths[MAX_SEATS];
  int last_proposed_target = -1;  // the target of the last accusation_proposed in the log (bot_day.DayMoves._judge)

  PublicMemory() { reset(); }

  void reset() {
    seen_ = 0;
    last_proposed_target = -1;
    for (int s = 0; s < MAX_SEATS; ++s) {
      souls[s] = SoulRecord();
      threat[s] = 0.0;
      deaths[s] = 0;
      for (int x = 0; x < MAX_SEATS; ++x) accused_by_[s][x] = voters_of_[s][x] = 0;
    }
    nights_.clear();
  }

  // Fold the events of the log not seen yet.
  void feed(const View& view) {
    const std::vector<Event>& log = view.log();
    const std::size_t size = log.size();
    for (std::size_t i = seen_; i < size; ++i) fold(view, log[i]);
    seen_ = size;
  }

  // deaths_at_night[night] as it stood when that night began, or nullptr when no such night was seen.
  const int* deaths_at_night(int night) const {
    if (night < 0 || static_cast<std::size_t>(night) >= nights_.size() || !nights_[night].seen) return nullptr;
    return nights_[night].deaths;
  }

 private:
  struct NightDeaths {
    bool seen = false;
    int deaths[MAX_SEATS];
  };

  std::size_t seen_ = 0;
  // accused_by[target][accuser], voters_of[target][voter]: how many times (per soul of the target).
  // Python keeps lists; crediting walks accusers then voters and each credit goes to its own seat's
  // accumulators, so per-seat counts credited in the same order give the same sums.
  uint16_t accused_by_[MAX_SEATS][MAX_SEATS];
  uint16_t voters_of_[MAX_SEATS][MAX_SEATS];
  std::vector<NightDeaths> nights_;

  void fold(const View& view, const Event& e) {
    switch (e.kind) {
      case EventKind::NIGHT: {
        if (e.night < 0) break;
        if (static_cast<std::size_t>(e.night) >= nights_.size()) nights_.resize(e.night + 1);
        NightDeaths& n = nights_[e.night];
        n.seen = true;
        for (int s = 0; s < MAX_SEATS; ++s) n.deaths[s] = deaths[s];
        break;
      }
      case EventKind::ACCUSATION: {
        const int accuser = e.seat, target = e.target;
        souls[target].was_accused += 1;
        if (accuser >= 0) {
          if (threat[target] > 0) souls[accuser].opposed += 0.5;
          souls[accuser].accused |= bit(target);
          accused_by_[target][accuser] += 1;
        }
        break;
      }
      case EventKind::BALLOTS: {
        const Item* items = view.items(e);
        for (uint32_t i = 0; i < e.len; ++i)
          for (uint32_t m = items[i].mask; m; m &= m - 1) {
            const int target = __builtin_ctz(m);
            if (threat[target] > 0) souls[items[i].seat].opposed += 0.25;
            voters_of_[target][items[i].seat] += 1;
          }
        break;
      }
      case EventKind::MORNING: {
        const Item* items = view.items(e);
        for (uint32_t i = 0; i < e.len; ++i) died(items[i].seat, items[i].card);
        break;
      }
      case EventKind::EXECUTION: case EventKind::DEATH:
        died(e.seat, e.card);
        break;
      case EventKind::LORD_REVEALED:
        threat[e.seat] += 3.0;
        break;
      case EventKind::ACCUSATION_PROPOSED:
        last_proposed_target = e.target;
        break;
      default: break;
    }
  }

  // Judge those who accused or voted for `seat` by the card shown, then reset the soul.
  void died(int seat, Card card) {
    deaths[seat] += 1;
    const double weight = in(LIGHT, card) ? -1.0 : (in(DARK_SIDE, card) ? 1.0 : 0.3);
    const double by_accusing = weight * 1.0, by_voting = weight * 0.5;
    for (int x = 0; x < MAX_SEATS; ++x)
      for (int k = accused_by_[seat][x]; k > 0; --k) credit(x, by_accusing);
    for (int x = 0; x < MAX_SEATS; ++x)
      for (int k = voters_of_[seat][x]; k > 0; --k) credit(x, by_voting);
    for (int x = 0; x < MAX_SEATS; ++x) accused_by_[seat][x] = voters_of_[seat][x] = 0;
    souls[seat] = SoulRecord();
    threat[seat] = 0.0;
  }

  void credit(int seat, double weight) {
    SoulRecord& record = souls[seat];
    if (weight > 0) {
      record.good += weight;
      threat[seat] += weight;
    } else {
      record.bad -= weight;
    }
  }
};

// ---- private claims --------------------------------------------------------------------------------------

// knowledge.Claim without `source` (nobody reads it).
struct Claim {
  int seat;
  uint32_t cards;
  int life;    // the claimed soul's life when the note says so, else 0
  int deaths;  // the seat's death count when the claim was made (-1: unknown)
};

// One darkness_round note: (seat, target) choices in answer order.
struct DarknessRound {
  bool seen = false;
  int round = 0;
  int n = 0;
  int8_t seats[MAX_SEATS];
  int8_t targets[MAX_SEATS];
};

// knowledge.PrivateMemory fed from the seat's notes; also keeps the last darkness_round note of each
// darkness step (what bot_night.last_round finds scanning the notes backwards).
class PrivateMemory {
 public:
  std::vector<Claim> claims;
  DarknessRound last_round[2];  // [0] first_darkness, [1] second_darkness

  PrivateMemory() { claims.reserve(64); }

  void reset() {
    seen_ = 0;
    claims.clear();
    last_round[0] = last_round[1] = DarknessRound();
  }

  void feed(const View& view, int me, const PublicMemory& memory) {
    const std::vector<Event>& notes = view.notes();
    const std::size_t size = notes.size();
    for (std::size_t i = seen_; i < size; ++i) read(view, notes[i], me, memory);
    seen_ = size;
  }

 private:
  std::size_t seen_ = 0;

  void add(int seat, uint32_t cards, int life, const int* stamp) {
    claims.push_back(Claim{seat, cards, life, stamp ? stamp[seat] : -1});
  }

  // knowledge.claims_from_notes for one note, stamped with the deaths when its night began.
  void read(const View& view, const Event& e, int me, const PublicMemory& memory) {
    const int* stamp = e.has_night() ? memory.deaths_at_night(e.night) : nullptr;
    switch (e.kind) {
      case EventKind::TIIR_SAW:
        add(e.seat, cbit(e.card), 0, stamp);
        break;
      case EventKind::CLAN: {
        const uint32_t cards = e.a == 0 ? CLAN_CARDS : SHADOW;
        for (uint32_t m = e.members & ~bit(me); m; m &= m - 1) add(__builtin_ctz(m), cards, 1, stamp);
        break;
      }
      case EventKind::GATHERING: {
        const uint32_t cards = step_cards(e.step);
        const int life = step_life(e.step);
        for (uint32_t m = e.members & ~bit(me); m; m &= m - 1) add(__builtin_ctz(m), cards, life, stamp);
        break;
      }
      case EventKind::WHISPERS: {
        const Item* items = view.items(e);
        for (uint32_t i = 0; i < e.len; ++i) {
          if (items[i].seat == me) continue;
          for (uint32_t m = items[i].mask & ~bit(me); m; m &= m - 1) add(__builtin_ctz(m), CLAN_CARDS, 0, stamp);
        }
        break;
      }
      case EventKind::CAT_SAW: {
        const uint32_t cards = step_cards(e.step);
        if (!cards) break;
        const int life = step_life(e.step);
        for (uint32_t m = e.members & ~bit(me); m; m &= m - 1) add(__builtin_ctz(m), cards, life, stamp);
        break;
      }
      case EventKind::DARKNESS_ROUND: {
        if (!is_darkness_step(e.step)) break;
        DarknessRound& r = last_round[e.step == NightStep::FIRST_DARKNESS ? 0 : 1];
        const Item* items = view.items(e);
        r.seen = true;
        r.round = e.round;
        r.n = static_cast<int>(e.len);
        for (uint32_t i = 0; i < e.len; ++i) {
          r.seats[i] = items[i].seat;
          r.targets[i] = items[i].target;
        }
        break;
      }
      default: break;
    }
  }
};

// knowledge.dark_kin: seats known to sit in the darkness clan of `life` now.
inline uint32_t dark_kin(const std::vector<Claim>& claims, const View& view, int life, const int* deaths) {
  uint32_t kin = 0;
  const uint32_t out = view.out();
  for (const Claim& c : claims) {
    if (c.life == life && subset(c.cards, CLAN_CARDS) && !has(out, c.seat) && view.lives(c.seat) == life &&
        !(c.deaths >= 0 && deaths[c.seat] > c.deaths))
      kin |= bit(c.seat);
  }
  return kin;
}

// ---- narrowing -------------------------------------------------------------------------------------------

// knowledge.REVEALED_CARDS, in the order Narrowing reads the reveals.
constexpr uint32_t REVEALED_CARDS[4] = {SHADOW & ~cbit(Card::TRITON), cbit(Card::LORD_LUIHAD), cbit(Card::CHILD),
                                        cbit(Card::BISHOP)};

// knowledge.Narrowing: known[seat] (valid for seats in `present`) kept up to date, narrowing again only
// the seats whose claims, death, permanent death or reveals changed.
//
// Narrowing is a left fold of a seat's claims that still hold, then of its reveals. A seat touched only by
// new claims or reveals continues its claims' fold where it stopped (whether a claim still holds depends
// on the seat's deaths and dead cards, which change only with a new graveyard entry for that seat, and
// such a seat is folded again from its first claim), so `known` is the same as the Python's full refold.
class Narrowing {
 public:
  uint32_t present = 0;            // seats with a known entry
  uint32_t known[MAX_SEATS];       // their possible cards

  Narrowing() { reset(); }

  void reset() {
    present = 0;
    seen_ = buried_ = 0;
    out_ = 0;
    for (int i = 0; i < 4; ++i) reveals_[i] = 0;
    for (int s = 0; s < MAX_SEATS; ++s) {
      known[s] = 0;
      dead_cards_[s] = 0;
      by_seat_[s].clear();
      folds_[s] = Fold();
    }
  }

  // Bring `known` to this view; whether any input (claims, deaths, reveals, out) changed.
  bool update(const std::vector<Claim>& claims, const View& view, const int* deaths) {
    const uint32_t out = view.out();
    const uint32_t reveals[4] = {view.revealed_shadow(), view.revealed_lord(), view.revealed_child(),
                                 view.revealed_bishop()};
    const int graves = view.graveyard_size();
    const std::size_t n_claims = claims.size();
    if (n_claims == seen_ && graves == buried_ && out == out_ && reveals[0] == reveals_[0] &&
        reveals[1] == reveals_[1] && reveals[2] == reveals_[2] && reveals[3] == reveals_[3])
      return false;
    uint32_t touched = 0;
    for (std::size_t i = seen_; i < n_claims; ++i) {
      touched |= bit(claims[i].seat);
      by_seat_[claims[i].seat].push_back(static_cast<int>(i));
    }
    uint32_t refold = out ^ out_;
    const Grave* graveyard = view.graveyard();
    for (int i = buried_; i < graves; ++i) {
      dead_cards_[graveyard[i].seat] |= cbit(graveyard[i].card);
      refold |= bit(graveyard[i].seat);
    }
    touched |= refold;
    for (int i = 0; i < 4; ++i) touched |= reveals[i] ^ reveals_[i];
    seen_ = n_claims;
    buried_ = graves;
    out_ = out;
    for (int i = 0; i < 4; ++i) reveals_[i] = reveals[i];
    for (uint32_t m = refold; m; m &= m - 1) folds_[__builtin_ctz(m)] = Fold();
    for (uint32_t m = touched; m; m &= m - 1) narrow(__builtin_ctz(m), claims, deaths);
    return true;
  }

 private:
  struct Fold {  // a seat's claims folded so far: `narrowed` (None while !any) over the first `folded`
    int folded = 0;
    bool any = false;
    uint32_t narrowed = 0;
  };

  std::size_t seen_ = 0;
  int buried_ = 0;
  uint32_t out_ = 0;
  uint32_t reveals_[4];
  uint32_t dead_cards_[MAX_SEATS];
  std::vector<int> by_seat_[MAX_SEATS];
  Fold folds_[MAX_SEATS];

  // Fold `seat`'s claims that still hold, then its reveals (the order current_claims uses).
  void narrow(int seat, const std::vector<Claim>& claims, const int* deaths) {
    present &= ~bit(seat);
    if (has(out_, seat)) return;
    const uint32_t dead = dead_cards_[seat];
    const int died = deaths[seat];
    Fold& f = folds_[seat];
    const std::vector<int>& mine = by_seat_[seat];
    for (std::size_t i = static_cast<std::size_t>(f.folded); i < mine.size(); ++i) {
      const Claim& c = claims[mine[i]];
      if (c.deaths >= 0) {
        if (died > c.deaths) continue;
      } else if (dead & c.cards) {
        continue;
      }
      f.narrowed = fold(f.any, f.narrowed, c.cards);
      f.any = true;
    }
    f.folded = static_cast<int>(mine.size());
    bool any = f.any;
    uint32_t narrowed = f.narrowed;
    for (int i = 0; i < 4; ++i) {
      if (has(reveals_[i], seat)) {
        narrowed = fold(any, narrowed, REVEALED_CARDS[i]);
        any = true;
      }
    }
    if (any) {
      present |= bit(seat);
      known[seat] = narrowed;
    }
  }

  // `cards if narrowed is None else (narrowed & cards or cards)`
  static uint32_t fold(bool any, uint32_t narrowed, uint32_t cards) {
    if (!any) return cards;
    const uint32_t both = narrowed & cards;
    return both ? both : cards;
  }
};

}  // namespace bot
}  // namespace battaglia
