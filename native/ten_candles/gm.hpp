// Ten Candles, native: the scripted GM with the wordless voice (agents/ten_candles/gm.py,
// ScriptedGM(seed=seed, voice=None, board=board), i.e. voice = PlainVoice), making the same
// decision as the Python agent for every request, with the same generator draws.
//
// Construction, per game (what the game loop passes):
//   ScriptedGM(key, material, board, danger = 0.15, final_kill = 0.35)
//     key         narrator.fast.mt_key(f"gm:{seed}") (random.Random(f"gm:{seed}")), computed in
//                 Python or natively (kernel_seed.hpp, mt_key_str);
//     material    the run's Material (material.hpp): only its PlainVoice texts are used;
//     board       the game's Board, shared with the survivors (may be nullptr: board=None);
//     danger, final_kill   ScriptedGM's keyword arguments (the simulation keeps the defaults).
// Then `act(view, legal)` for every request of the GM seat (HOST): `view` is the HOST View,
// `legal` the kernel's legal_actions for HOST, in order. ScriptedGM has no `observe` (only
// NarratingGM listens, and the simulation's wordless GM is not one), so there are no listener hooks.
#pragma once
#include <algorithm>
#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "pyrandom.hpp"
#include "ten_candles/board.hpp"
#include "ten_candles/kernel_legal.hpp"
#include "ten_candles/material.hpp"
#include "ten_candles/types.hpp"

namespace tc {

class ScriptedGM {
 public:
  static constexpr int max_attempts = 3;

  ScriptedGM(const std::vector<uint32_t>& key, const Material& material, Board* board, double danger = 0.15,
             double final_kill = 0.35)
      : rng_(key), voice_(&material.voice), board_(board), danger_(danger), final_kill_(final_kill) {
    rolls_.fill(0);
  }

  // The same GM with its generator not seeded yet: whoever builds it seeds generator() with the
  // key above before the first request (ScriptedTable seeds a whole table at once).
  ScriptedGM(const Material& material, Board* board, double danger = 0.15, double final_kill = 0.35)
      : rng_(native::PyRandom::Unseeded{}), voice_(&material.voice), board_(board), danger_(danger),
        final_kill_(final_kill) {
    rolls_.fill(0);
  }
  native::PyRandom& generator() { return rng_; }

  // ScriptedGM.act: the GM's move for this turn.
  Action act(const View& view, const LegalMoves& legal) {
    const uint32_t kinds = legal.kinds();  // only the kinds are read
    if (has(kinds, Kind::call_conflict)) return scene_move(view);
    if (has(kinds, Kind::speak_truth)) return SpeakTruth(HOST, voice_->truth, topic(voice_->truth_topic));
    if (has(kinds, Kind::narrate)) return Narrate(HOST, voice_->narrate_outcome);
    if (has(kinds, Kind::read_module)) return ReadModule(voice_->briefing);
    if (has(kinds, Kind::write_brink)) return WriteBrink(HOST, voice_->write_brink);
    if (has(kinds, Kind::frame_scene)) return FrameScene(voice_->open_scene);
    throw std::runtime_error("the GM has no turn move among the legal ones");
  }

  // self.rolls: conflicts called (or Moments granted) per seat.
  int rolls(int seat) const { return rolls_[static_cast<std::size_t>(seat)]; }

 private:
  native::PyRandom rng_;
  const PlainVoiceTexts* voice_;
  Board* board_;
  double danger_, final_kill_;
  std::array<int, MAX_PLAYERS> rolls_;

  static bool has(uint32_t kinds, Kind k) { return kinds >> static_cast<int>(k) & 1u; }

  static Topic topic(const std::string& name) {
    for (Topic t : {Topic::general, Topic::their_weakness, Topic::darkness, Topic::sun})
      if (name == topic_name(t)) return t;
    throw std::invalid_argument("unknown truth topic " + name);
  }

  // _scene_move: call the next conflict, or in the Last Stand sometimes take a life (D3).
  Action scene_move(const View& view) {
    int living[MAX_PLAYERS];
    int n = 0;
    for (int s = 0; s < view.characters_size(); ++s)
      if (view.characters(s).alive()) living[n++] = s;
    if (view.final_scene() && rng_.random() < final_kill_) {
      const int target = living[rng_.randbelow(static_cast<uint32_t>(n))];
      return KillCharacter(target, voice_->final_death);
    }
    const int moment = moment_ready(view, living, n);
    if (moment >= 0) return CallConflict(moment, false, true);
    const bool dangerous = rng_.random() < danger_ + 0.04 * static_cast<double>(10 - view.lit());
    const int active = pick_active(living, n, dangerous);
    rolls_[static_cast<std::size_t>(active)] += 1;
    return CallConflict(active, dangerous, false);
  }

  // _moment_ready: a survivor ready for its active Moment gets the roll (L152, D14); a Moment
  // left waiting for long is pushed into the story anyway (D42). -1 = None.
  int moment_ready(const View& view, const int* living, int n) {
    int ready[MAX_PLAYERS], asked[MAX_PLAYERS];
    int nr = 0, na = 0;
    for (int i = 0; i < n; ++i)
      if (view.characters(living[i]).top() == Card::moment) ready[nr++] = living[i];
    if (nr == 0) return -1;
    for (int i = 0; i < nr; ++i)
      if (board_ != nullptr && board_->ready(ready[i])) asked[na++] = ready[i];
    int seat;
    if (na > 0 && rng_.random() < 0.8) {
      seat = asked[rng_.randbelow(static_cast<uint32_t>(na))];
      board_->discard_ready(seat);
    } else if (rng_.random() < 0.15) {
      seat = ready[rng_.randbelow(static_cast<uint32_t>(nr))];
    } else {
      return -1;
    }
    rolls_[static_cast<std::size_t>(seat)] += 1;
    return seat;
  }

  // _pick_active: a volunteer for danger when one stepped forward, else whoever has rolled least (L267).
  int pick_active(const int* living, int n, bool dangerous) {
    if (dangerous && board_ != nullptr) {
      int volunteers[MAX_PLAYERS];
      int nv = 0;
      for (int i = 0; i < n; ++i)
        if (board_->volunteer(living[i])) volunteers[nv++] = living[i];
      if (nv > 0) return volunteers[rng_.randbelow(static_cast<uint32_t>(nv))];
    }
    int fewest = rolls_[static_cast<std::size_t>(living[0])];
    for (int i = 1; i < n; ++i) fewest = std::min(fewest, rolls_[static_cast<std::size_t>(living[i])]);
    int least[MAX_PLAYERS];
    int nl = 0;
    for (int i = 0; i < n; ++i)
      if (rolls_[static_cast<std::size_t>(living[i])] == fewest) least[nl++] = living[i];
    return least[rng_.randbelow(static_cast<uint32_t>(nl))];
  }
};

}  // namespace tc
