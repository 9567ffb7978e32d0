// Ten Candles, native: the shared trivial chooser the kernel tests play with (its Python twin is
// tests/fast/test_ten_candles_native.py::Chooser). It exercises every rule without the scripted
// agents: mostly a turn move at random, now and then an interjection, and now and then a
// deliberately doubtful proposal (another seat's, blank text, a mutated field, a wrong kind) so
// that rejections, re-asks and fallbacks are compared too.
#pragma once
#include <vector>

#include "kernel.hpp"
#include "pyrandom.hpp"

namespace tc {

class Chooser {
 public:
  // keys[i]: mt_key(f"chooser:{seed}:{seat}") for seat = HOST, 0, 1, ..., players-1.
  // doubt: how often a proposal is mutated (0.05 in most tests; high to reach the fallback).
  explicit Chooser(const std::vector<std::vector<uint32_t>>& keys, double doubt = 0.05) : doubt_(doubt) {
    for (const auto& key : keys) rngs_.emplace_back(key);
  }

  Action act(int seat, const View&, const std::vector<Action>& legal) {
    native::PyRandom& rng = rngs_[seat == HOST ? 0 : seat + 1];
    turn_.clear();
    for (const Action& a : legal)
      if (!is_interjection(a.kind)) turn_.push_back(&a);
    const Action* pick;
    if (!turn_.empty() && rng.random() >= 0.03) pick = turn_[rng.randrange(static_cast<int64_t>(turn_.size()))];
    else pick = &legal[rng.randrange(static_cast<int64_t>(legal.size()))];
    if (rng.random() < doubt_) return mutate(*pick, static_cast<int>(rng.randrange(4)), seat);
    return *pick;
  }

 private:
  double doubt_;
  std::vector<native::PyRandom> rngs_;
  std::vector<const Action*> turn_;

  static Action mutate(Action a, int how, int seat) {
    switch (how) {
      case 0: a.actor = static_cast<int8_t>(seat != HOST ? HOST : 0); return a;
      case 1:  // blank every text field of the kind
        switch (a.kind) {
          case Kind::write_traits: a.virtue = a.vice = " "; break;
          case Kind::describe_character: a.name = a.appearance = a.description = " "; break;
          case Kind::x_card: a.note = " "; break;
          case Kind::read_module: case Kind::write_moment: case Kind::write_brink: case Kind::describe_supplies:
          case Kind::frame_scene: case Kind::record_message: case Kind::kill_character: case Kind::narrate:
          case Kind::speak_truth: a.text = " "; break;
          default: break;
        }
        return a;
      case 2:
        switch (a.kind) {
          case Kind::call_conflict: a.moment = true; break;
          case Kind::speak_truth: a.topic = Topic::sun; break;
          case Kind::arrange_stack: a.order = {{Card::brink, Card::vice, Card::moment}}; break;
          case Kind::write_traits: a.virtue = "two words"; break;
          case Kind::kill_character: a.target = 0; break;
          default: break;
        }
        return a;
      default: return Roll(seat);
    }
  }
};

}  // namespace tc
