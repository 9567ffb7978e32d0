// Ten Candles, native: rules/ten_candles/setup.py (steps 1-7, the framing, the messages) and the
// seat bits every kernel part shares. State is mutated in place.
#pragma once
#include "kernel_conflict.hpp"
#include "kernel_text.hpp"

namespace tc {

inline uint16_t seat_bit(int seat) { return static_cast<uint16_t>(1u << (seat + 2)); }
inline int lowest_seat(uint16_t mask) { return __builtin_ctz(mask) - 2; }  // min(active)

inline void init(State& s, const Config& config) {
  s = State();
  s.config = config;
  s.players = config.players;
  for (int seat = 0; seat < s.players; ++seat) s.chars[seat].seat = seat;
}

// init(s, config) for a state that held the previous game: the same fresh state, but the strings'
// buffers (and the truths' vector) are kept, cleared, so the next game's texts need no allocation.
// A field left out here is only built anew, as init does; every field kept is emptied.
inline void restart(State& s, const Config& config) {
  State fresh;
  const auto keep = [](std::string& to, std::string& from) {
    to.swap(from);
    to.clear();
  };
  for (int seat = 0; seat < MAX_PLAYERS; ++seat) {
    Character& to = fresh.chars[seat];
    Character& from = s.chars[seat];
    for (std::string Character::*f : {&Character::virtue, &Character::vice, &Character::name, &Character::appearance,
                                      &Character::description, &Character::moment, &Character::brink,
                                      &Character::supplies, &Character::message})
      keep(to.*f, from.*f);
    keep(fresh.written_traits[seat].first, s.written_traits[seat].first);
    keep(fresh.written_traits[seat].second, s.written_traits[seat].second);
  }
  keep(fresh.module, s.module);
  keep(fresh.frame, s.frame);
  keep(fresh.their_brink, s.their_brink);
  fresh.truths.swap(s.truths);
  fresh.truths.clear();
  fresh.config = std::move(s.config);  // its vectors' buffers, then the run's values
  fresh.config = config;
  s = std::move(fresh);
  s.players = config.players;
  for (int seat = 0; seat < s.players; ++seat) s.chars[seat].seat = seat;
}

// -- setup.py -------------------------------------------------------------------------------------

inline bool gm_writes(Phase p) { return p == Phase::module || p == Phase::framing; }

// setup.writers: seats still to write in the current setup phase, as active-player bits.
inline uint16_t writers(const State& s) {
  uint16_t m = 0;
  if (gm_writes(s.phase)) {
    m = seat_bit(HOST);
  } else {
    for (int seat = 0; seat < s.players; ++seat) m |= seat_bit(seat);
    if (s.phase == Phase::brinks) m |= seat_bit(HOST);
  }
  return static_cast<uint16_t>(m & ~s.done);
}

// codes.text_rejection
inline Code text_rejection(const std::string& value, int limit, bool allow_empty, bool one_word = false) {
  if (!allow_empty && py_is_blank(value)) return Code::TEXT_EMPTY;
  if (static_cast<int>(value.size()) > limit && py_len(value) > limit) return Code::TEXT_TOO_LONG;
  if (one_word && py_word_count(value) != 1) return Code::TRAIT_NOT_ONE_WORD;
  return Code::ok;
}

// setup.check_setup (writer, text fields, stack order).
inline Code check_setup(const State& s, const Action& a) {
  const Phase phase = s.phase;
  if (gm_writes(phase) && a.actor != HOST) return Code::GM_ONLY;
  if (!gm_writes(phase) && phase != Phase::brinks && a.actor == HOST) return Code::PLAYERS_ONLY;
  if (s.is_done(a.actor)) return Code::ALREADY_ACTED;
  Code c = Code::ok;
  switch (a.kind) {
    case Kind::write_traits: {
      const bool one = s.config.traits_one_word;
      c = text_rejection(a.virtue, MAX_TRAIT, false, one);
      if (c == Code::ok) c = text_rejection(a.vice, MAX_TRAIT, false, one);
      return c;
    }
    case Kind::describe_character:
      c = text_rejection(a.name, MAX_TEXT, false);
      if (c == Code::ok) c = text_rejection(a.appearance, MAX_TEXT, false);
      if (c == Code::ok) c = text_rejection(a.description, MAX_TEXT, false);
      return c;
    case Kind::describe_supplies:
    case Kind::record_message:
      return text_rejection(a.text, MAX_TEXT, true);
    case Kind::arrange_stack: {
      for (Card card : a.order)
        if (card == Card::brink) return Code::BRINK_NOT_AT_BOTTOM;
      for (const auto& order : STACK_ORDERS())
        if (order == a.order) return Code::ok;
      return Code::BAD_STACK;
    }
    default:
      return text_rejection(a.text, MAX_TEXT, false);
  }
}

// setup.finish_step: pass, share or fix what the step wrote, light its candles, move on.
inline void finish_step(State& s, Sink& sink) {
  const Phase phase = s.phase;
  if (phase == Phase::traits) {  // _pass_traits (L102)
    const int n = s.players;
    for (int seat = 0; seat < n; ++seat) {
      s.chars[seat].virtue = s.written_traits[virtue_author(seat, n)].first;
      s.chars[seat].vice = s.written_traits[vice_author(seat, n)].second;
    }
  } else if (phase == Phase::supplies) {
    return begin_play(s);
  } else if (phase == Phase::messages) {
    s.done = 0;
    return start_scene(s, sink);
  }
  if (phase <= Phase::supplies) light_candles(s, static_cast<int>(phase) + 1);  // STEP_OF
  s.phase = static_cast<Phase>(static_cast<int>(phase) + 1);                    // NEXT
  s.done = 0;
}

// setup.apply_setup: record a card; finish the step when every writer has written.
inline void apply_setup(State& s, const Action& a, Sink& sink) {
  switch (a.kind) {
    case Kind::write_traits:
      s.written_traits[a.actor] = {py_strip(a.virtue), py_strip(a.vice)};
      break;
    case Kind::read_module: s.module = a.text; break;
    case Kind::describe_character: {
      Character& c = s.chars[a.actor];
      c.name = a.name;
      c.appearance = a.appearance;
      c.description = a.description;
      break;
    }
    case Kind::write_moment: s.chars[a.actor].moment = a.text; break;
    case Kind::write_brink: {
      const int holder = left_of(a.actor, s.players);
      if (holder == HOST) s.their_brink = a.text;
      else s.chars[holder].brink = a.text;
      break;
    }
    case Kind::arrange_stack: {
      Character& c = s.chars[a.actor];
      c.stack.clear();
      for (Card card : a.order) c.stack.push(card);
      c.stack.push(Card::brink);
      break;
    }
    case Kind::describe_supplies: s.chars[a.actor].supplies = a.text; break;
    case Kind::frame_scene: s.frame = a.text; break;
    default: {  // record_message
      Character& c = s.chars[a.actor];
      c.message = a.text;
      c.has_message = true;
      break;
    }
  }
  s.done |= seat_bit(a.actor);
  if (!writers(s)) finish_step(s, sink);
}

}  // namespace tc
