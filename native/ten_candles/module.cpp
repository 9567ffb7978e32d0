// narrator.fast._ten_candles: the native Ten Candles playout engine (see narrator/fast/ten_candles.py).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <charconv>
#include <cstring>
#include <optional>

#include "generated_config_py.hpp"
#include "kernel.hpp"
#include "kernel_chooser.hpp"
#include "kernel_seed.hpp"
#include "material_py.hpp"
#include "play.hpp"
#include "survivor_table.hpp"
#include "types.hpp"

namespace py = pybind11;
using namespace tc;

namespace {

// TenCandlesConfig (a validated Python dataclass) -> Config: the generated reader.
Config config_from(const py::object& c) { return read_config(c); }

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

py::object text_or_none(const std::string* t) { return t ? py::object(py::str(*t)) : py::object(py::none()); }

py::list cards_list(const Cards& cards) {
  py::list out;
  for (Card c : cards) out.append(card_name(c));
  return out;
}

py::list dice_list(const Dice& dice) {
  py::list out;
  for (int v : dice) out.append(v);
  return out;
}

// rules.core.jsonable(view(state, seat)), with `done` sorted (the native state keeps a set).
py::dict view_dict(const View& v) {
  py::dict d;
  d["viewer"] = v.viewer();
  d["phase"] = phase_name(v.phase());
  d["step"] = v.step();
  d["scene"] = v.scene();
  d["final_scene"] = v.final_scene();
  d["lit"] = v.lit();
  d["dark"] = v.dark();
  d["pool"] = v.pool();
  d["set_aside"] = v.set_aside();
  d["gm_pool"] = v.gm_pool();
  d["players"] = v.players();
  py::list ring, chars, speakers, truths, done, deaths;
  for (int i = 0; i <= v.players(); ++i) ring.append(v.seat_clockwise(i));
  d["seats_clockwise"] = ring;
  for (int seat = 0; seat < v.characters_size(); ++seat) {
    const CharacterView c = v.characters(seat);
    py::dict cd;
    cd["seat"] = c.seat(); cd["alive"] = c.alive(); cd["name"] = c.name(); cd["appearance"] = c.appearance();
    cd["description"] = c.description(); cd["virtue"] = text_or_none(c.virtue()); cd["vice"] = text_or_none(c.vice());
    cd["moment"] = text_or_none(c.moment()); cd["supplies"] = c.supplies();
    cd["stack"] = c.stack() ? py::object(cards_list(*c.stack())) : py::object(py::none());
    cd["top"] = c.top() == Card::none ? py::object(py::none()) : py::object(py::str(card_name(c.top())));
    cd["burned"] = cards_list(c.burned()); cd["hope"] = c.hope();
    cd["traits_burned_this_scene"] = cards_list(c.traits_burned_this_scene());
    cd["brink"] = text_or_none(c.brink()); cd["brink_author"] = c.brink_author();
    cd["brink_revealed"] = c.brink_revealed(); cd["message"] = text_or_none(c.message());
    cd["message_recorded"] = c.message_recorded();
    chars.append(cd);
  }
  d["characters"] = chars;
  d["their_brink"] = text_or_none(v.their_brink());
  d["module"] = v.module();
  d["frame"] = v.frame();
  if (v.has_conflict()) {
    const ConflictView c = v.conflict();
    py::dict cd;
    cd["active"] = c.active(); cd["dangerous"] = c.dangerous(); cd["moment"] = c.moment(); cd["rolled"] = c.rolled();
    cd["common"] = dice_list(c.common()); cd["hope"] = c.hope() ? py::object(py::int_(c.hope())) : py::object(py::none());
    cd["gm"] = dice_list(c.gm()); cd["rerolls"] = c.rerolls(); cd["awaiting_dice"] = c.awaiting_dice();
    d["conflict"] = cd;
  } else {
    d["conflict"] = py::none();
  }
  d["narrator"] = v.narrator() == NO_SEAT ? py::object(py::none()) : py::object(py::int_(v.narrator()));
  for (int i = 0; i < v.truth_speakers_size(); ++i) speakers.append(v.truth_speakers(i));
  d["truth_speakers"] = speakers;
  for (const Truth& t : v.truths()) truths.append(py::make_tuple(t.scene, t.seat, t.text, topic_name(t.topic)));
  d["truths"] = truths;
  for (int seat = HOST; seat < v.players(); ++seat)
    if (seat != CHANCE && v.done(seat)) done.append(seat);
  d["done"] = done;
  for (int i = 0; i < v.deaths_size(); ++i) deaths.append(v.deaths(i));
  d["deaths"] = deaths;
  d["lines"] = v.lines();
  d["veils"] = v.veils();
  d["x_cards"] = v.x_cards();
  d["termination"] = termination_name(v.termination());
  return d;
}

// The Tally's counters (COUNTERS, in order) into `d`.
void put_counts(py::dict& d, const Tally& t) {
  const std::pair<const char*, int> counts[] = {
      {"conflicts", t.conflicts}, {"dangerous", t.dangerous}, {"moment_rolls", t.moment_rolls},
      {"moments_won", t.moments_won}, {"hope_rolls", t.hope_rolls}, {"traits_burned", t.traits_burned},
      {"virtues_burned", t.virtues_burned}, {"vices_burned", t.vices_burned}, {"brinks_embraced", t.brinks_embraced},
      {"brinks_engulfed", t.brinks_engulfed}, {"seizes", t.seizes}, {"successes", t.successes},
      {"voluntary_deaths", t.voluntary_deaths}, {"final_scene_deaths", t.final_scene_deaths},
      {"end_deaths", t.end_deaths}, {"candles_failed", t.candles_failed}, {"candles_seized", t.candles_seized},
      {"candles_brink", t.candles_brink}, {"candles_moment", t.candles_moment},
      {"candles_accident", t.candles_accident}, {"truths", t.truths}, {"x_cards", t.x_cards}};
  for (const auto& [key, value] : counts) d[key] = value;
}

std::string conflicts_by_scene(const Tally& t) {
  std::string out;
  for (std::size_t i = 0; i < t.per_scene.size(); ++i) {
    if (i) out += ';';
    out += std::to_string(t.per_scene[i]);
  }
  return out;
}

// The row fields the Tally gives (play_one's row without game, players, seed and last_stand).
py::dict tally_dict(const Tally& t) {
  py::dict d;
  d["scenes"] = t.scene;
  d["final_reached"] = t.final_reached;
  d["termination"] = termination_name(t.termination);
  d["deaths_before_final"] = t.deaths_before_final;
  d["conflicts_by_scene"] = conflicts_by_scene(t);
  put_counts(d, t);
  return d;
}

// Tally.last_stand
const char* last_stand(const Tally& t) {
  if (!t.final_reached)
    return t.termination == Termination::all_dead ? "all_dead_before_final" : "candles_out_before_final";
  return t.termination == Termination::all_dead ? "died_one_by_one" : "last_candle_out";
}

// One simulated game (narrator/ten_candles/simulate.py play_one): the scripted table plays.
struct GameKeys {
  std::vector<uint32_t> chance;                  // mt_key(seed)
  std::vector<std::vector<uint32_t>> survivors;  // mt_key(f"survivor:{seed}:{seat}")
  std::vector<uint32_t> gm;                      // mt_key(f"gm:{seed}")
};

// `reuse`: a state to play in (restart keeps its string buffers from game to game), else a new one.
void play_scripted(const Config& config, const Material& material, const GameKeys& keys, Tally& tally,
                   std::vector<TraceEntry>* trace, LegalLists* lists = nullptr, State* reuse = nullptr) {
  State own;
  State& state = reuse ? *reuse : own;
  if (reuse) restart(state, config);
  else init(state, config);
  native::PyRandom chance(native::PyRandom::Unseeded{});  // seeded with the agents' generators, at once
  ScriptedTable table(material, keys.survivors, keys.gm, &chance, &keys.chance);
  Loop<ScriptedTable> loop(state, chance, table, &tally, trace, lists);
  loop.run();
}

// Test only (tests/fast/test_ten_candles_mixed_native.py): the scripted table, but after each ask the
// answer is, with probability p (mix.random() < p), replaced by legal[mix.randrange(len(legal))]. The
// agent is always asked first, so its generator and memory advance as in the plain game.
struct MixedTable {
  ScriptedTable& table;
  native::PyRandom& mix;
  double p;
  Action act(int seat, const View& view, const std::vector<Action>& legal) {
    Action scripted = table.act(seat, view, legal);
    if (mix.random() < p) return legal[static_cast<std::size_t>(mix.randrange(static_cast<int64_t>(legal.size())))];
    return scripted;
  }
};

// The generators of the game with int seed `seed` (make_table + Session, via mt_key).
// The key vectors keep their buffers from game to game, and the seed texts are written in place.
void keys_of_seed(int64_t seed, int players, GameKeys& keys) {
  mt_key_int_into(seed, keys.chance);
  keys.survivors.resize(static_cast<std::size_t>(players));
  char texts[MAX_PLAYERS + 1][48];  // f"survivor:{seed}:{seat}" for every seat, then f"gm:{seed}"
  const char* text[MAX_PLAYERS + 1];
  std::size_t size[MAX_PLAYERS + 1];
  std::vector<uint32_t>* out[MAX_PLAYERS + 1];
  char digits[24];
  const char* const end = std::to_chars(digits, digits + sizeof(digits), seed).ptr;  // str(seed)
  const std::size_t length = static_cast<std::size_t>(end - digits);
  std::size_t n = 0;
  const auto put = [&](const char* prefix, std::size_t prefix_size, int seat, std::vector<uint32_t>& key) {
    char* t = texts[n];
    std::memcpy(t, prefix, prefix_size);
    std::memcpy(t + prefix_size, digits, length);
    char* stop = t + prefix_size + length;
    if (seat >= 0) {
      *stop++ = ':';
      stop = std::to_chars(stop, t + sizeof(texts[n]), seat).ptr;
    }
    text[n] = t;
    size[n] = static_cast<std::size_t>(stop - t);
    out[n++] = &key;
  };
  for (int seat = 0; seat < players && seat < MAX_PLAYERS; ++seat)
    put("survivor:", 9, seat, keys.survivors[static_cast<std::size_t>(seat)]);
  put("gm:", 3, -1, keys.gm);
  mt_keys_str_into(text, size, n, out);
}

// Python strings made once and kept for the life of the process (built under the GIL, on first use).
const py::str& interned(const char* text) {
  static auto* table = new std::vector<std::pair<const char*, py::str>>();  // never freed: outlives finalisation
  for (const auto& [key, value] : *table)
    if (key == text) return value;
  table->emplace_back(text, py::str(text));
  return table->back().second;
}

// The play_one row, keys in the Python order (column names and labels interned: rows are the glue's hot path).
py::dict row_dict(int index, int players, const py::object& seed, const Tally& t) {
  static const char* const COLUMNS[] = {
      "game", "players", "seed", "scenes", "final_reached", "termination", "last_stand", "deaths_before_final",
      "conflicts_by_scene", "conflicts", "dangerous", "moment_rolls", "moments_won", "hope_rolls", "traits_burned",
      "virtues_burned", "vices_burned", "brinks_embraced", "brinks_engulfed", "seizes", "successes",
      "voluntary_deaths", "final_scene_deaths", "end_deaths", "candles_failed", "candles_seized", "candles_brink",
      "candles_moment", "candles_accident", "truths", "x_cards"};
  static std::vector<py::str>* keys = [] {
    auto* out = new std::vector<py::str>();  // never freed, as above
    for (const char* column : COLUMNS) out->emplace_back(column);
    return out;
  }();
  const int counts[] = {t.conflicts, t.dangerous, t.moment_rolls, t.moments_won, t.hope_rolls, t.traits_burned,
                        t.virtues_burned, t.vices_burned, t.brinks_embraced, t.brinks_engulfed, t.seizes,
                        t.successes, t.voluntary_deaths, t.final_scene_deaths, t.end_deaths, t.candles_failed,
                        t.candles_seized, t.candles_brink, t.candles_moment, t.candles_accident, t.truths,
                        t.x_cards};
  auto d = py::reinterpret_steal<py::dict>(_PyDict_NewPresized(sizeof(COLUMNS) / sizeof(COLUMNS[0])));  // no regrowth
  if (!d) throw py::error_already_set();
  const auto put = [&](std::size_t column, const py::handle& value) {
    if (PyDict_SetItem(d.ptr(), (*keys)[column].ptr(), value.ptr()) != 0) throw py::error_already_set();
  };
  put(0, py::int_(index));
  put(1, py::int_(players));
  put(2, seed);
  put(3, py::int_(t.scene));
  put(4, py::bool_(t.final_reached));
  put(5, interned(termination_name(t.termination)));
  put(6, interned(last_stand(t)));
  put(7, py::int_(t.deaths_before_final));
  put(8, py::str(conflicts_by_scene(t)));
  for (std::size_t i = 0; i < sizeof(counts) / sizeof(counts[0]); ++i) put(9 + i, py::int_(counts[i]));
  return d;
}

}  // namespace

PYBIND11_MODULE(_ten_candles, m) {
  m.doc() = "Native Ten Candles playouts: the same games as the Python kernel, faster.";
  export_port(m);  // RULES_DIGEST, OPTIONS, UNPORTED (narrator.fast.digest)
  m.def("kinds", []() {
    std::vector<std::string> out;
    for (int k = 0; k <= static_cast<int>(Kind::chance); ++k) out.push_back(kind_name(static_cast<Kind>(k)));
    return out;
  }, "The action kinds, in the order of tc::Kind (Python ACTION_TYPES, then chance)");

  py::class_<Material>(m, "Material", "The scripted agents' material of one run (build with `material`).");
  m.def("material", [](const py::dict& data) { return material_from_py(data); },
        "The agents' Material from narrator.fast.ten_candles_material.agent_material(config)");

  m.def("play_rows", [](const py::object& config, const Material& material, const py::list& games) {
    const Config c = config_from(config);
    py::list rows;
    GameKeys keys;
    LegalLists lists;  // shared by the games in turn
    State state;       // likewise
    for (const auto& item : games) {
      const py::tuple g = item.cast<py::tuple>();  // (index, seed, chance_key, survivor_keys, gm_key)
      keys.chance = g[2].cast<std::vector<uint32_t>>();
      keys.survivors = g[3].cast<std::vector<std::vector<uint32_t>>>();
      keys.gm = g[4].cast<std::vector<uint32_t>>();
      Tally tally;
      {
        py::gil_scoped_release release;
        play_scripted(c, material, keys, tally, nullptr, &lists, &state);
      }
      rows.append(row_dict(g[0].cast<int>(), c.players, g[1], tally));
    }
    return rows;
  }, py::arg("config"), py::arg("material"), py::arg("games"),
     "Play games with the scripted table; each game is (index, seed, chance_key, survivor_keys, gm_key)."
     " Returns the play_one rows.");

  m.def("play_seeds", [](const py::object& config, const Material& material, const py::list& games) {
    const Config c = config_from(config);
    py::list rows;
    GameKeys keys[2];
    LegalLists lists;  // shared by the games in turn
    State state;       // likewise
    const std::size_t n = games.size();
    for (std::size_t k = 0; k < n; k += 2) {  // two games at a time: their generators seeded together
      const std::size_t pair = k + 1 < n ? 2 : 1;
      py::tuple g[2];
      int64_t seed[2] = {0, 0};
      for (std::size_t p = 0; p < pair; ++p) {
        g[p] = games[k + p].cast<py::tuple>();  // (index, seed)
        seed[p] = g[p][1].cast<int64_t>();
      }
      Tally tally[2];
      {
        py::gil_scoped_release release;
        Seeding seeding;
        native::PyRandom chance[2] = {native::PyRandom(native::PyRandom::Unseeded{}),
                                      native::PyRandom(native::PyRandom::Unseeded{})};
        std::optional<ScriptedTable> table[2];
        for (std::size_t p = 0; p < pair; ++p) {
          keys_of_seed(seed[p], c.players, keys[p]);
          table[p].emplace(material, keys[p].survivors, keys[p].gm, &chance[p], &keys[p].chance, &seeding);
        }
        seeding.seed();
        for (std::size_t p = 0; p < pair; ++p) {
          restart(state, c);
          Loop<ScriptedTable> loop(state, chance[p], *table[p], &tally[p], nullptr, &lists);
          loop.run();
        }
      }
      for (std::size_t p = 0; p < pair; ++p) rows.append(row_dict(g[p][0].cast<int>(), c.players, g[p][1], tally[p]));
    }
    return rows;
  }, py::arg("config"), py::arg("material"), py::arg("games"),
     "play_rows for int seeds within 64 bits, every generator key computed natively; each game is (index, seed).");

  m.def("mt_key", [](const py::object& seed) {
    if (py::isinstance<py::str>(seed)) return mt_key_str(seed.cast<std::string>());
    return mt_key_int(seed.cast<int64_t>());
  }, "narrator.fast.mt_key, natively (an int within 64 bits, or a str), for tests");

  m.def("trace_game", [](const py::object& config, const Material& material, const std::vector<uint32_t>& chance_key,
                         const std::vector<std::vector<uint32_t>>& survivor_keys, const std::vector<uint32_t>& gm_key) {
    const Config c = config_from(config);
    GameKeys keys{chance_key, survivor_keys, gm_key};
    Tally tally;
    std::vector<TraceEntry> trace;
    play_scripted(c, material, keys, tally, &trace);
    return py::make_tuple(trace_list(trace), tally_dict(tally));
  }, "One scripted game: (trace entries (type, actor, payload, code), tally fields)");

  m.def("chooser_game", [](const py::object& config, const std::vector<uint32_t>& chance_key,
                           const std::vector<std::vector<uint32_t>>& chooser_keys, bool with_legal, double doubt,
                           bool with_views) {
    State state;
    init(state, config_from(config));
    native::PyRandom chance(chance_key);
    Chooser chooser(chooser_keys, doubt);
    Tally tally;
    std::vector<TraceEntry> trace;
    Loop<Chooser> loop(state, chance, chooser, &tally, &trace);
    py::list legal_lists;
    if (with_legal || with_views) {  // every seat's legal list or view before every move (and at the end)
      std::vector<Action> legal;
      for (;;) {
        py::list per_seat;
        for (int seat = HOST; seat < state.players; ++seat) {
          if (seat == CHANCE) continue;
          if (with_views) {
            per_seat.append(view_dict(View(state, seat)));
            continue;
          }
          legal_actions(state, seat, legal);
          py::list moves;
          for (const Action& a : legal) moves.append(action_dict(a));
          per_seat.append(moves);
        }
        legal_lists.append(per_seat);
        if (!loop.step()) break;
      }
    } else {
      loop.run();
    }
    return py::make_tuple(trace_list(trace), tally_dict(tally), legal_lists);
  }, py::arg("config"), py::arg("chance_key"), py::arg("chooser_keys"), py::arg("with_legal") = false, py::arg("doubt") = 0.05, py::arg("with_views") = false,
     "Play one game with the shared trivial chooser: (trace, tally row fields, legal lists if asked)");

  m.def("legal_kinds_game", [](const py::object& config, const std::vector<uint32_t>& chance_key,
                                const std::vector<std::vector<uint32_t>>& chooser_keys, double doubt) {
    State state;
    init(state, config_from(config));
    native::PyRandom chance(chance_key);
    Chooser chooser(chooser_keys, doubt);
    Tally tally;
    Loop<Chooser> loop(state, chance, chooser, &tally, nullptr);
    std::vector<Action> legal;
    int checked = 0;
    py::list differ;
    for (;;) {  // every seat before every move (and at the end): LegalMoves unlisted vs legal_actions listed
      for (int seat = HOST; seat < state.players; ++seat) {
        if (seat == CHANCE) continue;
        legal_actions(state, seat, legal);
        const LegalMoves listed(legal);
        std::vector<Action> unused;
        const LegalMoves lazy(state, seat, unused);
        ++checked;
        if (lazy.kinds() != listed.kinds() || lazy.first_turn() != listed.first_turn())
          differ.append(py::make_tuple(phase_name(state.phase), seat, listed.kinds(), lazy.kinds(),
                                       kind_name(listed.first_turn()), kind_name(lazy.first_turn())));
      }
      if (!loop.step()) break;
    }
    return py::make_tuple(checked, differ);
  }, py::arg("config"), py::arg("chance_key"), py::arg("chooser_keys"), py::arg("doubt") = 0.05,
     "Test only: a chooser game where, before every move, every seat's legal_kinds (LegalMoves without listing) is "
     "held to its listed legal_actions: (states checked, differences as (phase, seat, listed, kinds, first listed, "
     "first))");

  m.def("trace_mixed", [](const py::object& config, const Material& material, const std::vector<uint32_t>& chance_key,
                          const std::vector<std::vector<uint32_t>>& survivor_keys, const std::vector<uint32_t>& gm_key,
                          const std::vector<uint32_t>& mix_key, double p) {
    const Config c = config_from(config);
    State state;
    init(state, c);
    native::PyRandom chance(chance_key), mix(mix_key);
    ScriptedTable table(material, survivor_keys, gm_key);
    MixedTable mixed{table, mix, p};
    Tally tally;
    std::vector<TraceEntry> trace;
    Loop<MixedTable> loop(state, chance, mixed, &tally, &trace);
    loop.run();
    py::dict row = tally_dict(tally);
    row["last_stand"] = last_stand(tally);
    return py::make_tuple(trace_list(trace), row);
  }, py::arg("config"), py::arg("material"), py::arg("chance_key"), py::arg("survivor_keys"), py::arg("gm_key"),
     py::arg("mix_key"), py::arg("p"),
     "Test only: the scripted game where each answer is, with probability p, a random legal move instead "
     "(mix: random.Random(mix_key)): (trace entries, tally fields and last_stand)");
}
