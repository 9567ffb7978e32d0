// Ten Candles, native: the simulation's table of scripted agents
// (narrator/ten_candles/simulate.py, make_table(players, seed) with voice=None): a ScriptedSurvivor
// in every seat, the ScriptedGM in HOST, one Board between them. It is the `Agents` of play.hpp's
// Loop: `act(seat, view, legal)` asks the agent of `seat`.
//
// Construction, per game:
//   ScriptedTable(material, survivor_keys, gm_key[, chance, chance_key])
//     material       the run's Material (material_py.hpp: material_from_py(agent_material(config)));
//     survivor_keys  mt_key(f"survivor:{seed}:{seat}") for seat in range(players) (Python:
//                    narrator.fast.ten_candles_material.agent_keys(seed, players)[0]);
//     gm_key         mt_key(f"gm:{seed}") (agent_keys(...)[1]);
//     chance, chance_key   optionally the session's chance generator (constructed with
//                    PyRandom::Unseeded{}) and mt_key(seed): seeded together with the agents'.
// Every generator is seeded in one seed_lanes call (seed_lanes.hpp: side by side in SIMD lanes, and
// twisted ahead of the first draw): the same streams as seeding them one by one, in a fraction of
// the time (seeding is a fair share of a whole simulated game).
#pragma once
#include <vector>

#include "pyrandom.hpp"
#include "ten_candles/board.hpp"
#include "ten_candles/gm.hpp"
#include "ten_candles/material.hpp"
#include "ten_candles/seed_lanes.hpp"
#include "ten_candles/survivor.hpp"
#include "ten_candles/types.hpp"

namespace tc {

// Generators gathered from several tables and seeded in one seed_lanes call (play_seeds seeds two
// games' tables together: two lane chains side by side).
struct Seeding {
  static constexpr std::size_t MOST = 2 * (MAX_PLAYERS + 2);
  native::PyRandom* gens[MOST];
  const std::vector<uint32_t>* keys[MOST];
  std::size_t n = 0;
  void seed() {
    seed_lanes(gens, keys, n);
    n = 0;
  }
};

class ScriptedTable {
 public:
  // `later`: the generators and keys are added to it, to be seeded by its seed(), instead of now
  // (it must have room for players + 2 more).
  ScriptedTable(const Material& material, const std::vector<std::vector<uint32_t>>& survivor_keys,
                const std::vector<uint32_t>& gm_key, native::PyRandom* chance = nullptr,
                const std::vector<uint32_t>* chance_key = nullptr, Seeding* later = nullptr)
      : gm_(material, &board_) {
    const std::size_t n = survivor_keys.size();
    survivors_.reserve(n);
    native::PyRandom* gens[MAX_PLAYERS + 2];
    const std::vector<uint32_t>* keys[MAX_PLAYERS + 2];
    std::size_t count = 0;
    gens[count] = &gm_.generator();
    keys[count++] = &gm_key;
    for (std::size_t seat = 0; seat < n; ++seat) {
      survivors_.emplace_back(static_cast<int>(seat), material, &board_);
      if (count < MAX_PLAYERS + 1) {
        gens[count] = &survivors_.back().generator();
        keys[count++] = &survivor_keys[seat];
      } else {
        survivors_.back().generator().seed(survivor_keys[seat]);  // more seats than the rules allow
      }
    }
    if (chance != nullptr && chance_key != nullptr) {
      gens[count] = chance;
      keys[count++] = chance_key;
    }
    if (later != nullptr && later->n + count <= Seeding::MOST) {
      for (std::size_t g = 0; g < count; ++g) {
        later->gens[later->n] = gens[g];
        later->keys[later->n++] = keys[g];
      }
    } else {
      seed_lanes(gens, keys, count);
    }
  }
  ScriptedTable(const ScriptedTable&) = delete;  // the agents point at board_
  ScriptedTable& operator=(const ScriptedTable&) = delete;

  static constexpr bool lists_lazily = true;  // play.hpp's Loop passes LegalMoves, not the listed moves

  Action act(int seat, const View& view, const LegalMoves& legal) {
    return seat == HOST ? gm_.act(view, legal) : survivors_[static_cast<std::size_t>(seat)].act(view, legal);
  }
  Action act(int seat, const View& view, const std::vector<Action>& legal) { return act(seat, view, LegalMoves(legal)); }

  const Board& board() const { return board_; }
  const ScriptedGM& gm() const { return gm_; }
  const ScriptedSurvivor& survivor(int seat) const { return survivors_[static_cast<std::size_t>(seat)]; }

 private:
  Board board_;
  ScriptedGM gm_;
  std::vector<ScriptedSurvivor> survivors_;
};

}  // namespace tc
