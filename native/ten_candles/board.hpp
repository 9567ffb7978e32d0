// Ten Candles, native: table talk between the scripted survivors and the scripted GM (in Python the
// survivors say it in Decision.talk, the session keeps it, and the GM takes it in from Request.talk:
// ScriptedSurvivor._say_aloud, ScriptedGM._hear): who steps forward for danger, who wants their Moment now.
// Only what a player chooses to say is posted here: never a view, never the state.
#pragma once
#include <cstdint>

namespace tc {

struct Board {
  uint16_t volunteers = 0;        // bit s: seat s steps forward for the next dangerous conflict
  uint16_t ready_for_moment = 0;  // bit s: seat s wants to live its active Moment now

  bool volunteer(int seat) const { return volunteers >> seat & 1u; }
  bool ready(int seat) const { return ready_for_moment >> seat & 1u; }

  // Board.say(seat, volunteer=..., moment=...): true posts the offer, false withdraws it.
  void say(int seat, bool volunteer, bool moment) {
    const uint16_t bit = static_cast<uint16_t>(1u << seat);
    volunteers = volunteer ? (volunteers | bit) : (volunteers & ~bit);
    ready_for_moment = moment ? (ready_for_moment | bit) : (ready_for_moment & ~bit);
  }
  void discard_ready(int seat) { ready_for_moment &= static_cast<uint16_t>(~(1u << seat)); }
};

}  // namespace tc
