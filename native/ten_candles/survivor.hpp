// Ten Candles, native: the scripted survivor (agents/ten_candles/survivor.py, ScriptedSurvivor),
// making the same decision as the Python agent for every request, with the same generator draws
// (including the draws Python makes only to pick a line it says).
//
// Construction, per game and seat (what the game loop passes):
//   ScriptedSurvivor(seat, key, material, board)
//     seat      the player seat 0..players-1;
//     key       narrator.fast.mt_key(f"survivor:{seed}:{seat}") (the Python agent's
//               random.Random(f"survivor:{seed}:{seat}"), `seed` = the game's seed), computed in
//               Python or natively (kernel_seed.hpp, mt_key_str);
//     material  the run's Material (material.hpp), built once from Python's agent_material(config)
//               and outliving the game;
//     board     the game's Board, shared with the GM and every survivor (may be nullptr, as
//               `board=None` in Python).
// Then `act(view, legal)` for every request of this seat: `view` is the seat's View, `legal` the
// kernel's legal_actions for the seat, in order. The Python agent has no `observe`, so nothing is
// told to it between requests. A scripted survivor only proposes legal moves (max_attempts is
// the session's re-ask limit, kept for the loop).
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "pyrandom.hpp"
#include "ten_candles/board.hpp"
#include "ten_candles/kernel_legal.hpp"
#include "ten_candles/material.hpp"
#include "ten_candles/persona.hpp"
#include "ten_candles/types.hpp"

namespace tc {

class ScriptedSurvivor {
 public:
  static constexpr int max_attempts = 3;

  ScriptedSurvivor(int seat, const std::vector<uint32_t>& key, const Material& material, Board* board)
      : seat_(seat), rng_(key), m_(&material), board_(board) {}

  // The same survivor with its generator not seeded yet: whoever builds it seeds generator() with
  // the key above before the first request (ScriptedTable seeds a whole table at once).
  ScriptedSurvivor(int seat, const Material& material, Board* board)
      : seat_(seat), rng_(native::PyRandom::Unseeded{}), m_(&material), board_(board) {}
  native::PyRandom& generator() { return rng_; }

  int seat() const { return seat_; }
  bool has_persona() const { return has_persona_; }
  const Persona& persona() const { return persona_; }

  // ScriptedSurvivor.act: choose among the legal moves of this turn.
  // `legal`: the kinds of the legal moves (by_kind's keys) and the first turn move's kind (turn[0]:
  // a survivor's turn moves are all of TURN_KINDS and come before the interjections, which are not),
  // the list itself read only for a stack order and the roll.
  Action act(const View& view, const LegalMoves& legal) {
    track(view);
    const uint32_t kinds = legal.kinds();
    if (has(kinds, Kind::reveal_brink) && persona(view).reckless > 0.6) return RevealBrink(seat_);
    if (!is_turn_kind(legal.first_turn()))
      throw std::runtime_error("seat " + std::to_string(seat_) + ": no turn move among the legal ones");
    return choose(view, legal, kinds, legal.first_turn());
  }

 private:
  int seat_;
  native::PyRandom rng_;
  const Material* m_;
  Board* board_;
  bool has_persona_ = false;
  Persona persona_;
  Card top_ = Card::none;  // self.top: the own active card as last seen
  int talked_ = 0;         // the scene this survivor last spoke up in
  int truth_set_ = -1;     // Material::truth_sets index for the module read (-1: not known yet)
  std::string truth_module_;
  std::size_t truths_seen_ = 0;  // view.truths() rows already folded into spoken_
  uint64_t spoken_ = 0;          // bit i: truth entry i's text was spoken

  static bool has(uint32_t kinds, Kind k) { return kinds >> static_cast<int>(k) & 1u; }

  // survivor.TURN_KINDS: the moves that answer the seat's turn (not the interjections).
  static bool is_turn_kind(Kind k) {
    switch (k) {
      case Kind::write_traits: case Kind::describe_character: case Kind::write_moment: case Kind::write_brink:
      case Kind::arrange_stack: case Kind::describe_supplies: case Kind::record_message: case Kind::roll:
      case Kind::burn_trait: case Kind::embrace_brink: case Kind::seize_narration: case Kind::accept_roll:
      case Kind::volunteer_death: case Kind::decline_death: case Kind::narrate: case Kind::speak_truth:
        return true;
      default:
        return false;
    }
  }

  // _track: note the own active card; speak up once per scene (table talk).
  void track(const View& view) {
    const CharacterView me = view.characters(seat_);
    top_ = me.top();
    if (view.scene() && view.scene() != talked_ && me.alive()) {
      talked_ = view.scene();
      talk();
    } else if (!me.alive() && board_ != nullptr) {
      board_->say(seat_, false, false);
    }
  }

  // _talk: once a scene, step forward for danger, or ask for the Moment.
  void talk() {
    if (board_ == nullptr || !has_persona_) return;
    const Persona& p = persona_;
    const bool volunteer = rng_.random() < p.bold * 0.6;
    const bool moment = top_ == Card::moment && rng_.random() < 0.3 + 0.6 * p.hopeful;
    board_->say(seat_, volunteer, moment);
  }

  // _persona: built from the cards the first time a choice needs it.
  const Persona& persona(const View& view) {
    if (!has_persona_) {
      const CharacterView me = view.characters(seat_);
      static const std::string empty;
      const std::string* virtue = me.virtue();
      const std::string* vice = me.vice();
      const std::string* brink = me.brink();
      persona_ = persona_from_cards(virtue ? *virtue : empty, vice ? *vice : empty, brink ? *brink : empty, *m_, rng_);
      has_persona_ = true;
    }
    return persona_;
  }

  // -- choices -------------------------------------------------------------------------------

  Action choose(const View& view, const LegalMoves& legal, uint32_t kinds, Kind kind) {
    switch (kind) {
      case Kind::burn_trait: case Kind::embrace_brink: case Kind::seize_narration: case Kind::accept_roll:
        return reroll_choice(view, kinds);
      case Kind::volunteer_death: case Kind::decline_death:
        return death_choice(view);
      case Kind::arrange_stack:
        return stack(legal.list());
      case Kind::roll:  // the legal roll move, which is Roll(seat) itself (legal.turn_moves)
        if (legal.has(Kind::roll)) return Roll(seat_);
        break;
      case Kind::write_traits: return traits();
      case Kind::describe_character: return describe();
      case Kind::write_moment: return WriteMoment(seat_, text(m_->moments));
      case Kind::write_brink: return brink(view);
      case Kind::describe_supplies: return DescribeSupplies(seat_, text(m_->pockets));
      case Kind::record_message: return RecordMessage(seat_, text(m_->messages));
      case Kind::speak_truth: return truth(view);
      case Kind::narrate: return narrate(view);
      default: break;
    }
    throw std::runtime_error("seat " + std::to_string(seat_) + ": no writer for " + kind_name(kind));
  }

  // _reroll_choice: burn, embrace, seize or accept (L293-297), by the dice and the persona.
  // `kinds` holds every legal kind; only the turn kinds among them count, as set(turn) in Python.
  Action reroll_choice(const View& view, uint32_t kinds) {
    const Persona p = persona(view);
    const ConflictView c = view.conflict();
    const bool failing = !(c.common().contains(6) || c.hope() >= 5);
    const int ones = c.common().count(1);
    if (has(kinds, Kind::burn_trait) && (failing || (ones >= 2 && rng_.random() < 0.3 + p.reckless / 2))) {
      say(top_ == Card::virtue ? BURN_VIRTUE : BURN_VICE);
      return BurnTrait(seat_);
    }
    if (has(kinds, Kind::embrace_brink)) {
      const double odds = failing ? 0.55 + 0.4 * p.reckless : 0.2 * p.reckless;
      if (rng_.random() < odds) {
        say(EMBRACE);
        return EmbraceBrink(seat_);
      }
    }
    if (has(kinds, Kind::seize_narration) && rng_.random() < 0.03 + 0.12 * p.reckless) {
      say(SEIZE);
      return SeizeNarration(seat_);
    }
    say(failing ? FAIL : SUCCESS, 0.3);
    return AcceptRoll(seat_);
  }

  // _death_choice: die for the others after a failed dangerous conflict (L291): likelier for the
  // selfless, for one whose cards are spent, and as the candles run out.
  Action death_choice(const View& view) {
    const Persona p = persona(view);
    const CharacterView me = view.characters(seat_);
    if (!view.final_scene()) {  // the last one alive declines: its death would end the story before the Last Stand
      bool others = false;
      for (int s = 0; s < view.characters_size(); ++s)
        if (s != seat_ && view.characters(s).alive()) others = true;
      if (!others) return DeclineDeath(seat_);
    }
    const Cards* st = me.stack();
    const bool only_brink = st != nullptr && st->size() == 1 && (*st)[0] == Card::brink;
    const double spent = (st == nullptr || st->empty() || (only_brink && me.burned().contains(Card::brink))) ? 0.25 : 0.0;
    const double late = 0.04 * static_cast<double>(10 - view.lit());
    const double own = view.has_conflict() && view.conflict().active() == seat_ ? 0.1 : 0.0;
    if (rng_.random() < 0.05 + 0.25 * p.selfless + spent + late + own - 0.1 * (1 - p.bold)) {
      say(DEATH_LINE);
      return VolunteerDeath(seat_);
    }
    return DeclineDeath(seat_);
  }

  // _stack: Traits on top, usually; the Moment on top only now and then (L230).
  Action stack(const std::vector<Action>& legal) {
    const Action* orders[6];  // STACK_ORDERS: six at most
    const Action* moment_last[6];
    uint32_t n_orders = 0, n_last = 0;
    for (const Action& a : legal) {
      if (a.kind != Kind::arrange_stack) continue;
      if (n_orders == 6) throw std::logic_error("more than the six stack orders are legal");
      orders[n_orders++] = &a;
      if (a.order[2] == Card::moment) moment_last[n_last++] = &a;
    }
    if (n_last && rng_.random() < 0.8) return *moment_last[rng_.randbelow(n_last)];
    return *orders[rng_.randbelow(n_orders)];
  }

  // -- words ---------------------------------------------------------------------------------

  // _text(entries): a pick from the table's pool, the neutral line when it is empty.
  const std::string& text(const MaterialTable& table) {
    const int i = pick(rng_, table.pool);
    return i < 0 ? m_->neutral : table.texts[static_cast<std::size_t>(i)];
  }

  // _say(situation, chance): the line itself is never read, but it is drawn.
  void say(int situation, double chance = 1.0) {
    if (rng_.random() < chance) pick(rng_, m_->lines[static_cast<std::size_t>(situation)].pool);
  }

  // _traits: a virtue and a vice, the first word of each.
  Action traits() {
    const int v = pick(rng_, m_->virtues.pool);
    const int w = pick(rng_, m_->vices.pool);
    return WriteTraits(seat_, v < 0 ? m_->neutral_word : m_->virtues.texts[static_cast<std::size_t>(v)],
                       w < 0 ? m_->neutral_word : m_->vices.texts[static_cast<std::size_t>(w)]);
  }

  // _describe: a name (three to choose from per seat), a look and a role, drawn in that order.
  Action describe() {
    const std::size_t n = m_->names.size();
    const std::string& name = m_->names[(static_cast<std::size_t>(seat_) * 3 + rng_.randbelow(3)) % n];
    const std::string& appearance = text(m_->looks);
    const std::string& description = text(m_->roles);
    return DescribeCharacter(seat_, name, appearance, description);
  }

  // _brink: for the left neighbour, or «Я видел, как Они…» when that is the GM.
  Action brink(const View& view) {
    const int left = seat_ + 1 < view.players() ? seat_ + 1 : HOST;
    if (left == HOST) return WriteBrink(seat_, text(m_->their_brinks));
    const int i = pick(rng_, m_->brinks.pool);
    return WriteBrink(seat_, i < 0 ? m_->brink_fallback : m_->brinks.texts[static_cast<std::size_t>(i)]);
  }

  // _truth: one general fact, not one already spoken (L313, L323, L325).
  Action truth(const View& view) {
    const std::vector<Truth>& rows = view.truths();
    if (truth_set_ < 0 || view.module() != truth_module_) {  // _module_truths(view.module), cached
      truth_module_ = view.module();
      truth_set_ = m_->module_of(truth_module_);
      truths_seen_ = 0;
      spoken_ = 0;
    }
    const TruthSet& set = m_->truth_sets[static_cast<std::size_t>(truth_set_)];
    for (; truths_seen_ < rows.size(); ++truths_seen_) spoken_ |= set.entries_of(rows[truths_seen_].text);
    const int n = static_cast<int>(set.texts.size());
    bool any_fresh = false;
    for (int i = 0; i < n && !any_fresh; ++i) any_fresh = !(spoken_ >> i & 1u);
    // pick(fresh or entries): mat.allowed over that sequence, unveiled ones first.
    int kept[64], clear[64];  // at most 64 truths (Material::finish checks)
    int n_kept = 0, n_clear = 0;
    for (int i = 0; i < n; ++i) {
      if (any_fresh && (spoken_ >> i & 1u)) continue;
      if (!set.allowed[static_cast<std::size_t>(i)]) continue;
      kept[n_kept++] = i;
      if (!set.veiled[static_cast<std::size_t>(i)]) clear[n_clear++] = i;
    }
    const int* pool = n_clear ? clear : kept;
    const int size = n_clear ? n_clear : n_kept;
    const int i = size ? pool[rng_.randbelow(static_cast<uint32_t>(size))] : -1;  // mat.pick
    return SpeakTruth(seat_, i < 0 ? m_->truth_prefix + m_->neutral : set.texts[static_cast<std::size_t>(i)]);
  }

  // _narrate: the outcome, or one's own death when the character is dead.
  Action narrate(const View& view) {
    const CharacterView me = view.characters(seat_);
    const MaterialTable& table = me.alive() ? m_->narrations : m_->deaths;
    const std::string& name = me.name();
    return Narrate(seat_, format_name(text(table), name.empty() ? std::string("?") : name));
  }
};

}  // namespace tc
