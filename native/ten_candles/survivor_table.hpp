// Ten Candles, native: the simulation's table of scripted agents
// (narrator/ten_candles/simulate.py, make_table(players, seed) with voice=None): a ScriptedSurvivor
// in every seat, the ScriptedGM in HOST, one Board between them. It is the `Agents` of play.hpp's
// Loop: `act(seat, view, legal)` asks the agent of `seat`.
//
// Construction, per game:
//   ScriptedTable(material, survivor_keys, gm_key)
//     material       the run's Material (material_py.hpp: material_from_py(agent_material(config)));
//     survivor_keys  mt_key(f"survivor:{seed}:{seat}") for seat in range(players) (Python:
//                    narrator.fast.ten_candles_material.agent_keys(seed, players)[0]);
//     gm_key         mt_key(f"gm:{seed}") (agent_keys(...)[1]).
#pragma once
#include <vector>

#include "ten_candles/board.hpp"
#include "ten_candles/gm.hpp"
#include "ten_candles/material.hpp"
#include "ten_candles/survivor.hpp"
#include "ten_candles/types.hpp"

namespace tc {

class ScriptedTable {
 public:
  ScriptedTable(const Material& material, const std::vector<std::vector<uint32_t>>& survivor_keys,
                const std::vector<uint32_t>& gm_key)
      : gm_(gm_key, material, &board_) {
    survivors_.reserve(survivor_keys.size());
    for (std::size_t seat = 0; seat < survivor_keys.size(); ++seat)
      survivors_.emplace_back(static_cast<int>(seat), survivor_keys[seat], material, &board_);
  }
  ScriptedTable(const ScriptedTable&) = delete;  // the agents point at board_
  ScriptedTable& operator=(const ScriptedTable&) = delete;

  Action act(int seat, const View& view, const std::vector<Action>& legal) {
    return seat == HOST ? gm_.act(view, legal) : survivors_[static_cast<std::size_t>(seat)].act(view, legal);
  }

  const Board& board() const { return board_; }
  const ScriptedGM& gm() const { return gm_; }
  const ScriptedSurvivor& survivor(int seat) const { return survivors_[static_cast<std::size_t>(seat)]; }

 private:
  Board board_;
  ScriptedGM gm_;
  std::vector<ScriptedSurvivor> survivors_;
};

}  // namespace tc
