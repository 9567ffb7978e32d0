// Ten Candles, native: rules/ten_candles/flow.py (candles, deaths, scenes, truths, the end),
// mutating the State in place. Where Python emits an event the Tally counts, the Tally is bumped.
#pragma once
#include "types.hpp"

namespace tc {

// The one place the kernel reports to the game's Tally (narrator/ten_candles/simulate.py HANDLERS).
struct Sink {
  Tally* tally = nullptr;

  void scene_started(int scene, bool final) {
    if (!tally) return;
    tally->scene = scene;
    tally->per_scene.push_back(0);
    tally->final_reached = tally->final_reached || final;
  }
  void conflict_called(bool dangerous, bool moment) {
    if (!tally) return;
    tally->conflicts += 1;
    tally->dangerous += dangerous;
    tally->moment_rolls += moment;
    if (!tally->per_scene.empty()) tally->per_scene.back() += 1;
  }
  void character_died(const char* cause) {  // "voluntary", "final_scene" or "the_end"
    if (!tally) return;
    const std::string c(cause);
    if (c == "voluntary") tally->voluntary_deaths += 1;
    else if (c == "final_scene") tally->final_scene_deaths += 1;
    else tally->end_deaths += 1;
    if (!tally->final_reached && c != "the_end") tally->deaths_before_final += 1;
  }
  void candle_out(Ending cause) {
    if (!tally) return;
    switch (cause) {
      case Ending::failed_roll: tally->candles_failed += 1; break;
      case Ending::seize: tally->candles_seized += 1; break;
      case Ending::failed_brink: tally->candles_brink += 1; break;
      case Ending::failed_moment: tally->candles_moment += 1; break;
      default: tally->candles_accident += 1; break;
    }
  }
};

// state.living() as a bitmask over player seats (bit s = seat s).
inline uint16_t living_mask(const State& s) {
  uint16_t m = 0;
  for (int seat = 0; seat < s.players; ++seat)
    if (s.chars[seat].alive) m |= static_cast<uint16_t>(1u << seat);
  return m;
}

inline void clear_conflict(State& s) {
  s.has_conflict = false;
  s.conflict = Conflict();
}

// flow.light_candles. Rule: L96, L140, L166, L242 (seeds/000_e53cdcbb20917f8a.txt).
inline void light_candles(State& s, int step) {
  int target;
  switch (step) {
    case 1: target = 3; break;
    case 4: target = 6; break;
    case 5: target = 9; break;
    case 7: target = TOTAL_CANDLES; break;
    default: return;
  }
  s.lit = target - s.dark > 0 ? target - s.dark : 0;
}

// flow.candle_out: one candle goes dark, for good (L56); the pool never exceeds the lit candles (L275).
inline void candle_out(State& s, Ending cause, Sink& sink) {
  sink.candle_out(cause);
  s.lit -= 1;
  s.dark += 1;
  if (s.lit < s.pool_base) s.pool_base = s.lit;
}

// flow.kill: a character dies; its hope die leaves play (D27). Rule: L47, L291.
inline void kill(State& s, int seat, const char* cause, Sink& sink) {
  Character& c = s.chars[seat];
  c.alive = false;
  c.hope = false;
  s.deaths[s.n_deaths++] = static_cast<int8_t>(seat);
  sink.character_died(cause);
}

// flow.end_game: every remaining character dies, the last candles go out (L41, L47).
inline void end_game(State& s, Sink& sink) {
  const Termination termination = s.lit == 0 ? Termination::last_candle : Termination::all_dead;
  for (int seat = 0; seat < s.players; ++seat)
    if (s.chars[seat].alive) kill(s, seat, "the_end", sink);
  if (s.lit) {
    s.dark += s.lit;
    s.lit = 0;
    s.pool_base = 0;
  }
  if (sink.tally) sink.tally->termination = termination;
  s.phase = Phase::over;
  s.termination = termination;
  clear_conflict(s);
  s.narrator = NO_SEAT;
  s.truth_head = s.truth_len = 0;
  s.ending = Ending::none;
}

// flow.start_scene: the pool is restored to the lit candles, the rest go to the GM (L329, L62).
inline void start_scene(State& s, Sink& sink) {
  if (s.lit == 0 || !living_mask(s)) return end_game(s, sink);
  for (int seat = 0; seat < s.players; ++seat) s.chars[seat].traits_burned_this_scene.clear();
  s.phase = Phase::scene;
  s.scene += 1;
  s.pool_base = s.lit;
  s.set_aside = 0;
  s.gm_pool = TOTAL_CANDLES - s.lit;
  s.final = s.lit == 1;
  s.ending = Ending::none;
  s.last_out_by = NO_SEAT;
  clear_conflict(s);
  s.narrator = NO_SEAT;
  s.truth_head = s.truth_len = 0;
  sink.scene_started(s.scene, s.final);
}

// flow.first_truth_speaker (L313).
inline int first_truth_speaker(const State& s) {
  const bool player_cause = s.ending == Ending::failed_roll || s.ending == Ending::failed_moment ||
                            s.ending == Ending::failed_brink || s.ending == Ending::seize;
  return player_cause && s.last_out_by != NO_SEAT ? s.last_out_by : HOST;
}

// flow.truth_rotation: `count` speakers clockwise from `first`, the GM included (L313, D19, D26).
inline void truth_rotation(State& s, int first, int count) {
  int speakers[MAX_PLAYERS + 1];
  int n = 0;
  const int ring_size = s.players + 1;  // ring(i) = HOST for i == 0, else i - 1
  for (int i = 0; i < ring_size; ++i) {
    const int seat = i == 0 ? HOST : i - 1;
    if (seat == HOST || s.config.dead_players_speak_truths || s.chars[seat].alive) speakers[n++] = seat;
  }
  int start = first == HOST ? 0 : first + 1;
  auto is_speaker = [&](int seat) {
    for (int k = 0; k < n; ++k)
      if (speakers[k] == seat) return true;
    return false;
  };
  while (!is_speaker(start == 0 ? HOST : start - 1)) start = (start + 1) % ring_size;
  const int at = start == 0 ? HOST : start - 1;
  int begin = 0;
  while (speakers[begin] != at) ++begin;
  s.truth_head = 0;
  s.truth_len = count;
  for (int i = 0; i < count; ++i) s.truth_queue[i] = static_cast<int8_t>(speakers[(begin + i) % n]);
}

// flow.close_truths: the living say «И мы живы», then the next scene begins (L315-317, L329).
inline void close_truths(State& s, Sink& sink) {
  s.truth_head = s.truth_len = 0;
  start_scene(s, sink);
}

// flow.open_truths: the truths run until their number equals the lit candles, the chorus
// included (D2) (L307-313, L319).
inline void open_truths(State& s, Sink& sink) {
  if (s.lit == 0 || !living_mask(s)) return end_game(s, sink);
  const int first = first_truth_speaker(s);
  const int count = s.config.chorus_counts_as_truth ? (s.lit - 1 > 0 ? s.lit - 1 : 0) : s.lit;
  truth_rotation(s, first, count);
  s.phase = Phase::truths;
  clear_conflict(s);
  s.narrator = NO_SEAT;
  if (count == 0) close_truths(s, sink);
}

// flow.begin_play: step 7 is done, the last candle is lit, «Начинаем.» (L242-244).
inline void begin_play(State& s) {
  light_candles(s, 7);
  s.phase = Phase::framing;
  s.done = 0;
}

}  // namespace tc
