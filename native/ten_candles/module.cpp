// narrator.fast._ten_candles: the native Ten Candles playout engine (see narrator/fast/ten_candles.py).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "kernel.hpp"
#include "kernel_chooser.hpp"
#include "play.hpp"
#include "types.hpp"

namespace py = pybind11;
using namespace tc;

namespace {

// TenCandlesConfig (a validated Python dataclass) -> Config.
Config config_from(const py::object& c) {
  Config out;
  out.players = c.attr("players").cast<int>();
  out.brink_success_loses = c.attr("brink_success_loses").cast<std::string>() == "sixes" ? BrinkSuccessLoses::sixes
                                                                                          : BrinkSuccessLoses::ones;
  out.chorus_counts_as_truth = c.attr("chorus_counts_as_truth").cast<bool>();
  out.final_scene = c.attr("final_scene").cast<std::string>() == "literal" ? FinalScene::literal : FinalScene::one_by_one;
  out.seize_requires_tie = c.attr("seize_requires_tie").cast<bool>();
  out.trait_reroll_includes_hope = c.attr("trait_reroll_includes_hope").cast<bool>();
  const py::object cap = c.attr("max_rerolls_per_roll");
  out.max_rerolls_per_roll = cap.is_none() ? -1 : cap.cast<int>();
  out.allow_relight_during_setup = c.attr("allow_relight_during_setup").cast<bool>();
  out.gm_sees_all_brinks = c.attr("gm_sees_all_brinks").cast<bool>();
  out.dead_players_speak_truths = c.attr("dead_players_speak_truths").cast<bool>();
  out.traits_one_word = c.attr("traits_one_word").cast<bool>();
  const std::string playback = c.attr("message_playback").cast<std::string>();
  out.message_playback = playback == "on_death" ? MessagePlayback::on_death
                         : playback == "never"  ? MessagePlayback::never
                                                : MessagePlayback::at_end;
  for (const auto& line : c.attr("lines")) out.lines.push_back(line.cast<std::string>());
  for (const auto& veil : c.attr("veils")) out.veils.push_back(veil.cast<std::string>());
  return out;
}

// rules.codec.action_to_dict / rules.core.jsonable of an action.
py::dict action_dict(const Action& a) {
  py::dict d;
  d["kind"] = kind_name(a.kind);
  d["actor"] = static_cast<int>(a.actor);
  switch (a.kind) {
    case Kind::write_traits: d["virtue"] = a.virtue; d["vice"] = a.vice; break;
    case Kind::describe_character:
      d["name"] = a.name; d["appearance"] = a.appearance; d["description"] = a.description; break;
    case Kind::read_module: case Kind::write_moment: case Kind::write_brink: case Kind::describe_supplies:
    case Kind::frame_scene: case Kind::record_message: case Kind::narrate: d["text"] = a.text; break;
    case Kind::arrange_stack: {
      py::list order;
      for (Card c : a.order) order.append(card_name(c));
      d["order"] = order;
      break;
    }
    case Kind::call_conflict: d["active"] = static_cast<int>(a.active); d["dangerous"] = a.dangerous;
      d["moment"] = a.moment; break;
    case Kind::kill_character: d["target"] = static_cast<int>(a.target); d["text"] = a.text; break;
    case Kind::speak_truth: d["text"] = a.text; d["topic"] = topic_name(a.topic); break;
    case Kind::x_card: d["note"] = a.note; break;
    case Kind::chance: {
      py::list values;
      for (int v : a.values) values.append(v);
      d["values"] = values;
      break;
    }
    default: break;
  }
  return d;
}

const char* trace_type(TraceEntry::Type t) {
  switch (t) {
    case TraceEntry::Type::action: return "action";
    case TraceEntry::Type::chance: return "chance";
    case TraceEntry::Type::rejected: return "rejected";
    default: return "fallback";
  }
}

// The trace as Python tuples: (type, actor, payload dict or None, rejection code or None).
py::list trace_list(const std::vector<TraceEntry>& trace) {
  py::list out;
  for (const TraceEntry& e : trace) {
    const bool has_payload = e.type != TraceEntry::Type::fallback;
    out.append(py::make_tuple(trace_type(e.type), e.actor, has_payload ? py::object(action_dict(e.action)) : py::none(),
                              e.type == TraceEntry::Type::rejected ? py::object(py::str(code_name(e.code)))
                                                                   : py::none()));
  }
  return out;
}

py::dict tally_dict(const Tally& t) {
  py::dict d;
  d["scenes"] = t.scene;
  d["final_reached"] = t.final_reached;
  d["termination"] = termination_name(t.termination);
  d["deaths_before_final"] = t.deaths_before_final;
  std::string per_scene;
  for (std::size_t i = 0; i < t.per_scene.size(); ++i) {
    if (i) per_scene += ';';
    per_scene += std::to_string(t.per_scene[i]);
  }
  d["conflicts_by_scene"] = per_scene;
  d["conflicts"] = t.conflicts; d["dangerous"] = t.dangerous; d["moment_rolls"] = t.moment_rolls;
  d["moments_won"] = t.moments_won; d["hope_rolls"] = t.hope_rolls; d["traits_burned"] = t.traits_burned;
  d["virtues_burned"] = t.virtues_burned; d["vices_burned"] = t.vices_burned;
  d["brinks_embraced"] = t.brinks_embraced; d["brinks_engulfed"] = t.brinks_engulfed; d["seizes"] = t.seizes;
  d["successes"] = t.successes; d["voluntary_deaths"] = t.voluntary_deaths;
  d["final_scene_deaths"] = t.final_scene_deaths; d["end_deaths"] = t.end_deaths;
  d["candles_failed"] = t.candles_failed; d["candles_seized"] = t.candles_seized;
  d["candles_brink"] = t.candles_brink; d["candles_moment"] = t.candles_moment;
  d["candles_accident"] = t.candles_accident; d["truths"] = t.truths; d["x_cards"] = t.x_cards;
  return d;
}

}  // namespace

PYBIND11_MODULE(_ten_candles, m) {
  m.doc() = "Native Ten Candles playouts: the same games as the Python kernel, faster.";
  m.def("kinds", []() {
    std::vector<std::string> out;
    for (int k = 0; k <= static_cast<int>(Kind::chance); ++k) out.push_back(kind_name(static_cast<Kind>(k)));
    return out;
  }, "The action kinds, in the order of tc::Kind (Python ACTION_TYPES, then chance)");

  m.def("chooser_game", [](const py::object& config, const std::vector<uint32_t>& chance_key,
                           const std::vector<std::vector<uint32_t>>& chooser_keys, bool with_legal, double doubt) {
    State state;
    init(state, config_from(config));
    native::PyRandom chance(chance_key);
    Chooser chooser(chooser_keys, doubt);
    Tally tally;
    std::vector<TraceEntry> trace;
    Loop<Chooser> loop(state, chance, chooser, &tally, &trace);
    py::list legal_lists;
    if (with_legal) {  // the legal list of every seat before every move
      std::vector<Action> legal;
      while (state.phase != Phase::over) {
        py::list per_seat;
        for (int seat = HOST; seat < state.players; ++seat) {
          if (seat == CHANCE) continue;
          legal_actions(state, seat, legal);
          py::list moves;
          for (const Action& a : legal) moves.append(action_dict(a));
          per_seat.append(moves);
        }
        legal_lists.append(per_seat);
        loop.step();
      }
    } else {
      loop.run();
    }
    return py::make_tuple(trace_list(trace), tally_dict(tally), legal_lists);
  }, py::arg("config"), py::arg("chance_key"), py::arg("chooser_keys"), py::arg("with_legal") = false, py::arg("doubt") = 0.05,
     "Play one game with the shared trivial chooser: (trace, tally row fields, legal lists if asked)");
}
