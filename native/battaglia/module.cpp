// narrator.fast._battaglia: the native battaglia kernel and playout (see narrator/fast/battaglia.py).
// rules/battaglia is the law; this plays the very same games faster, for simulations only.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <climits>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "bot.hpp"
#include "generated_config_py.hpp"
#include "generated_state_py.hpp"
#include "play.hpp"
#include "search.hpp"
#include "seed_keys.hpp"
#include "types.hpp"

namespace py = pybind11;
using namespace battaglia;

namespace {

// The validated BattagliaConfig: the generated reader, with the deck size resolved (config.cards).
Config to_config(const py::object& o) {
  Config c = read_config(o);
  c.deck_size = o.attr("cards").cast<int>();
  return c;
}

std::vector<int> seats_of(uint32_t m) {
  std::vector<int> out;
  for (; m; m &= m - 1) out.push_back(__builtin_ctz(m));
  return out;
}

// A move as (kind, actor, target, basis, charge, approve, targets, text_seats, values).
py::tuple move_tuple(const Move& m) {
  const Action& a = m.action;
  std::vector<int> values(m.values, m.values + m.n_values);
  return py::make_tuple(kind_name(a.kind), static_cast<int>(a.actor), static_cast<int>(a.target),
                        basis_name(a.basis), charge_name(a.charge), a.approve, seats_of(a.targets),
                        seats_of(a.text_seats), values);
}

// The facts of a finished game a report row needs (simulate.make_row reads them from the state).
py::dict summary(const State& s, const PlayResult& r) {
  py::dict d;
  d["moves"] = r.moves;
  d["fallbacks"] = r.fallbacks;
  d["cards"] = s.deck_size;
  d["over"] = s.over;
  d["termination"] = termination_name(s.termination);
  d["force"] = s.winner == Force::NONE ? py::object(py::none()) : py::object(py::str(force_name(s.winner)));
  d["winners"] = seats_of(s.winners);
  d["day"] = s.day;
  d["out"] = popcount(s.out);
  std::vector<int> lives(s.lives, s.lives + s.players), first;
  for (int x = 0; x < s.players; ++x) first.push_back(static_cast<int>(s.first_cards[x]));
  d["lives"] = lives;
  d["out_seats"] = seats_of(s.out);
  d["first_cards"] = first;
  const Tally& t = s.tally;
  d["causes"] = py::make_tuple(t.death_darkness, t.death_gloom, t.death_corrigan, t.death_execution,
                               t.death_dying_shot, t.death_guest, t.death_lun, t.death_other);
  d["counts"] = py::make_tuple(t.lord_revealed, t.bishop_revealed, t.child_revealed, t.curse, t.intercessions,
                               t.night_shadow_reveals, t.days_without_condemnation);
  d["log"] = static_cast<int>(s.public_log.size());
  return d;
}

const char* event_name(EventKind k) {
  static const char* names[] = {
      "deal", "your_card", "night", "clan", "cat_saw", "heading", "gathering", "tiir_saw", "lord_reveal_noted",
      "darkness_round", "whispers", "lord_revealed", "morning", "new_soul", "no_soul_left", "day", "accusation",
      "curse_binds", "speech", "accusation_proposed", "accusation_refused", "no_condemnation", "vote_open",
      "ballots", "condemned", "child_revealed", "dying_shot", "curse", "execution_moment", "intercession",
      "execution", "death", "shadow_revealed", "heir", "bishop_revealed", "day_end", "game_over",
      "forced_outcome"};
  return names[static_cast<int>(k)];
}

// An event as (kind, seat, target, step, card, life, round, night, day, a, b, members, mask2, items, flag,
// basis, charge),
// items as (seat, target, card, life, mask seats): for the tests that hold views to the Python ones.
py::tuple event_tuple(const State& s, const Event& e) {
  py::list items;
  for (uint32_t i = 0; i < e.len; ++i) {
    const Item& it = s.items[e.off + i];
    items.append(py::make_tuple(static_cast<int>(it.seat), static_cast<int>(it.target), card_name(it.card),
                                static_cast<int>(it.life), seats_of(it.mask)));
  }
  return py::make_tuple(event_name(e.kind), static_cast<int>(e.seat), static_cast<int>(e.target),
                        step_name(e.step), card_name(e.card), static_cast<int>(e.life), static_cast<int>(e.round),
                        static_cast<int>(e.night), static_cast<int>(e.day), static_cast<int>(e.a),
                        static_cast<int>(e.b), seats_of(e.members), seats_of(e.mask2), items,
                        static_cast<int>(e.flag), basis_name(e.basis), charge_name(e.charge));
}

py::tuple records(const State& s) {
  py::list log, notes;
  for (const Event& e : s.public_log) log.append(event_tuple(s, e));
  for (int x = 0; x < s.players; ++x) {
    py::list mine;
    for (const Event& e : s.notes[x]) mine.append(event_tuple(s, e));
    notes.append(mine);
  }
  return py::make_tuple(log, notes);
}

// What a report row needs, as a tuple: (moves, fallbacks, termination, force or None, winners, day,
// lives, out seats, first cards, causes, counts). narrator/fast/battaglia.py makes the row.
py::tuple row_facts(const State& s, const PlayResult& r) {
  std::vector<int> lives(s.lives, s.lives + s.players), first;
  for (int x = 0; x < s.players; ++x) first.push_back(static_cast<int>(s.first_cards[x]));
  const Tally& t = s.tally;
  return py::make_tuple(
      r.moves, r.fallbacks, termination_name(s.termination),
      s.winner == Force::NONE ? py::object(py::none()) : py::object(py::str(force_name(s.winner))),
      seats_of(s.winners), s.day, lives, seats_of(s.out), first,
      py::make_tuple(t.death_darkness, t.death_gloom, t.death_corrigan, t.death_execution, t.death_dying_shot,
                     t.death_guest, t.death_lun, t.death_other),
      py::make_tuple(t.lord_revealed, t.bishop_revealed, t.child_revealed, t.curse, t.intercessions,
                     t.night_shadow_reveals, t.days_without_condemnation));
}

// The acting seat's View as a tuple (the fields of rules/battaglia/views.py; log and notes by length).
py::tuple view_tuple(const View& v) {
  std::vector<int> lives, accusations;
  for (int x = 0; x < v.players(); ++x) lives.push_back(v.lives(x));
  py::list acc, graves;
  for (int i = 0; i < v.accusations_count(); ++i) {
    const Accusation& a = v.accusations()[i];
    acc.append(py::make_tuple(static_cast<int>(a.accuser), static_cast<int>(a.target), basis_name(a.basis),
                              charge_name(a.charge)));
  }
  for (int i = 0; i < v.graveyard_size(); ++i) {
    const Grave& g = v.graveyard()[i];
    graves.append(py::make_tuple(static_cast<int>(g.seat), static_cast<int>(g.life), card_name(g.card)));
  }
  auto none_if = [](int x) { return x < 0 ? py::object(py::none()) : py::object(py::int_(x)); };
  py::list fields;
  fields.append(v.viewer()); fields.append(phase_name(v.phase())); fields.append(v.day()); fields.append(v.night());
  fields.append(v.step() == NightStep::NONE ? py::object(py::none()) : py::object(py::str(step_name(v.step()))));
  fields.append(v.players()); fields.append(v.deck_size()); fields.append(lives); fields.append(seats_of(v.out()));
  fields.append(graves); fields.append(seats_of(v.revealed_shadow())); fields.append(seats_of(v.revealed_child()));
  fields.append(seats_of(v.revealed_lord())); fields.append(seats_of(v.revealed_bishop()));
  fields.append(seats_of(v.judges())); fields.append(none_if(v.turn())); fields.append(acc);
  fields.append(v.accusations_limit()); fields.append(v.votes()); fields.append(seats_of(v.candidates()));
  fields.append(none_if(v.condemned())); fields.append(none_if(v.cursed())); fields.append(seats_of(v.bound_voters()));
  fields.append(v.log().size()); fields.append(card_name(v.card())); fields.append(v.life());
  fields.append(v.heir_slot()); fields.append(seats_of(v.awake_with())); fields.append(v.night_round());
  fields.append(v.notes().size());
  return py::tuple(fields);
}

// A game where each faction's seats play as `kinds[faction]` (search::Kind): scripted, random-legal (one
// chooser stream for the game, legal[randrange(len(legal))]) or the search bot. The scripted bots are asked
// only for their own moves (and by the searcher, for the move it always considers).
PlayResult play_kinds(State& s, native::PyRandom& rng, bot::Bots& bots, const std::vector<int>& kinds,
                      native::PyRandom* chooser, search::Searcher* searcher, std::vector<Move>* trace = nullptr) {
  return play_out(s, rng, [&](const View& v, const std::vector<Action>& legal) -> Action {
    switch (kinds[static_cast<std::size_t>(faction_of(v.card()))]) {
      case search::RANDOM: return legal[static_cast<std::size_t>(chooser->randrange(static_cast<int64_t>(legal.size())))];
      case search::SEARCH: return searcher->act(s, v, legal, bots);
      default: return bots.act(v, legal);
    }
  }, trace);
}

// ---- play_rows: whole report rows made here (narrator/fast/battaglia.py's make_row, key for key) -------

// What a report row needs of a finished game (the state is reused for the next one).
struct GameFacts {
  int moves = 0, fallbacks = 0, termination = 0, day = 0, players = 0;
  Force winner = Force::NONE;
  uint32_t winners = 0, out = 0;
  int8_t lives[MAX_SEATS];
  Card first_cards[MAX_SEATS];
  Tally tally;
};

GameFacts game_facts(const State& s, const PlayResult& r) {
  GameFacts f;
  f.moves = r.moves;
  f.fallbacks = r.fallbacks;
  f.termination = s.termination;
  f.day = s.day;
  f.players = s.players;
  f.winner = s.winner;
  f.winners = s.winners;
  f.out = s.out;
  for (int x = 0; x < s.players; ++x) {
    f.lives[x] = s.lives[x];
    f.first_cards[x] = s.first_cards[x];
  }
  f.tally = s.tally;
  return f;
}

// The row's keys, in make_row's order, made once (interned like the literals of the Python).
struct RowKeys {
  PyObject* index; PyObject* players; PyObject* seed; PyObject* cards; PyObject* winner; PyObject* winners;
  PyObject* termination; PyObject* days; PyObject* moves; PyObject* fallbacks; PyObject* survivors;
  PyObject* reborn; PyObject* deaths;
  PyObject* causes[8];
  PyObject* counts[7];
  PyObject* seat_of[MAX_CARDS];
  PyObject* survived[MAX_CARDS];
  PyObject* empty;
  PyObject* none_force;
  PyObject* forces[6];
  PyObject* terminations[6];

  static PyObject* str(const std::string& s) {
    PyObject* o = PyUnicode_InternFromString(s.c_str());
    if (!o) throw py::error_already_set();
    return o;
  }
  RowKeys() {
    index = str("index"); players = str("players"); seed = str("seed"); cards = str("cards");
    winner = str("winner"); winners = str("winners"); termination = str("termination"); days = str("days");
    moves = str("moves"); fallbacks = str("fallbacks"); survivors = str("survivors"); reborn = str("reborn");
    deaths = str("deaths");
    static const char* cause_names[8] = {"darkness", "gloom", "corrigan", "execution", "dying_shot", "guest", "lun",
                                         "other"};
    for (int i = 0; i < 8; ++i) causes[i] = str(std::string("death_") + cause_names[i]);
    static const char* count_names[7] = {"lord_revealed", "bishop_revealed", "child_revealed", "curse",
                                         "intercessions", "night_shadow_reveals", "days_without_condemnation"};
    for (int i = 0; i < 7; ++i) counts[i] = str(count_names[i]);
    for (int c = 0; c < MAX_CARDS; ++c) {
      seat_of[c] = str(std::string("seat_") + card_name(static_cast<Card>(c)));
      survived[c] = str(std::string("survived_") + card_name(static_cast<Card>(c)));
    }
    empty = str("");
    none_force = str("none");
    for (int f = 0; f < 6; ++f) forces[f] = str(force_name(static_cast<Force>(f)));
    for (int t = 0; t < 6; ++t) terminations[t] = str(termination_name(t));
  }
};

const RowKeys& row_keys() {
  static const RowKeys* keys = new RowKeys();  // lives as long as the process (Python strings)
  return *keys;
}

// d[key] = value, stealing the new reference `value`.
void set_item(PyObject* d, PyObject* key, PyObject* value) {
  if (!value) throw py::error_already_set();
  const int failed = PyDict_SetItem(d, key, value);
  Py_DECREF(value);
  if (failed) throw py::error_already_set();
}
void set_int(PyObject* d, PyObject* key, long v) { set_item(d, key, PyLong_FromLong(v)); }
void set_obj(PyObject* d, PyObject* key, PyObject* v) {
  Py_INCREF(v);
  set_item(d, key, v);
}

// narrator.fast.battaglia.make_row(job, cards, facts): the same dict, key for key, in the same order.
// `like`, when given, is an earlier row: the new one starts as its copy (the same keys in the same order, the
// table made once) and every value is then set anew.
py::object make_row(const py::handle& job, int cards, const GameFacts& f, const py::object& like = py::object()) {
  const RowKeys& k = row_keys();
  py::object row = py::reinterpret_steal<py::object>(like ? PyDict_Copy(like.ptr()) : PyDict_New());
  if (!row) throw py::error_already_set();
  PyObject* d = row.ptr();
  const bool over = f.termination != T_NONE;
  set_item(d, k.index, PyObject_GetAttr(job.ptr(), k.index));
  set_item(d, k.players, PyObject_GetAttr(job.ptr(), k.players));
  set_item(d, k.seed, PyObject_GetAttr(job.ptr(), k.seed));
  set_int(d, k.cards, cards);
  set_obj(d, k.winner, f.winner == Force::NONE ? k.none_force : k.forces[static_cast<int>(f.winner)]);
  if (over && f.winners) {
    std::string text;
    char buf[8];
    for (uint32_t m = f.winners; m; m &= m - 1) {
      if (!text.empty()) text += ' ';
      text.append(buf, seeds::decimal(__builtin_ctz(m), buf));
    }
    set_item(d, k.winners, PyUnicode_FromStringAndSize(text.data(), static_cast<Py_ssize_t>(text.size())));
  } else {
    set_obj(d, k.winners, k.empty);
  }
  set_obj(d, k.termination, k.terminations[f.termination]);
  set_int(d, k.days, f.day);
  set_int(d, k.moves, f.moves);
  set_int(d, k.fallbacks, f.fallbacks);
  set_int(d, k.survivors, f.players - popcount(f.out));
  int reborn = 0;
  for (int x = 0; x < f.players; ++x) reborn += f.lives[x] == 2;
  set_int(d, k.reborn, reborn);
  const Tally& t = f.tally;
  const int causes[8] = {t.death_darkness, t.death_gloom, t.death_corrigan, t.death_execution, t.death_dying_shot,
                         t.death_guest, t.death_lun, t.death_other};
  int deaths = 0;
  for (int c : causes) deaths += c;
  set_int(d, k.deaths, deaths);
  for (int i = 0; i < 8; ++i) set_int(d, k.causes[i], causes[i]);
  const int counts[7] = {t.lord_revealed, t.bishop_revealed, t.child_revealed, t.curse, t.intercessions,
                         t.night_shadow_reveals, t.days_without_condemnation};
  for (int i = 0; i < 7; ++i) set_int(d, k.counts[i], counts[i]);
  int seat_of[MAX_CARDS];
  for (int c = 0; c < MAX_CARDS; ++c) seat_of[c] = -1;
  for (int x = 0; x < f.players; ++x)
    if (f.first_cards[x] != Card::NONE) seat_of[static_cast<int>(f.first_cards[x])] = x;  // the last seat wins
  for (int c = 0; c < MAX_CARDS; ++c) {
    const int seat = seat_of[c];
    if (seat < 0) {
      set_obj(d, k.seat_of[c], k.empty);
      set_obj(d, k.survived[c], k.empty);
    } else {
      set_int(d, k.seat_of[c], seat);
      set_int(d, k.survived[c], f.lives[seat] == 1 && !has(f.out, seat) ? 1 : 0);
    }
  }
  return row;
}

// A job's chance key and bot keys: derived here for an int seed that fits 64 bits (the same numbers as
// narrator.fast.mt_key and bot_keys), else asked of those Python functions.
void job_keys(const py::handle& seed, int players, std::vector<uint32_t>& chance, std::vector<uint64_t>& bots) {
  if (PyLong_CheckExact(seed.ptr())) {
    int overflow = 0;
    const long long value = PyLong_AsLongLongAndOverflow(seed.ptr(), &overflow);
    if (!overflow && !(value == -1 && PyErr_Occurred()) && value != LLONG_MIN) {
      seeds::mt_words(value, chance);
      seeds::bot_keys(value, players, bots);
      return;
    }
    PyErr_Clear();
  }
  const py::module_ face = py::module_::import("narrator.fast.battaglia");
  chance = py::module_::import("narrator.fast").attr("mt_key")(seed).cast<std::vector<uint32_t>>();
  bots = face.attr("bot_keys")(seed, players).cast<std::vector<uint64_t>>();
}

search::Settings search_settings(int rollouts, int max_candidates, double max_ms, double z = 1.0,
                                 int probe_rounds = 6) {
  search::Settings settings;
  settings.z = z;
  settings.probe_rounds = probe_rounds;
  settings.rollouts = rollouts;
  settings.max_candidates = max_candidates;
  settings.max_ms = max_ms;
  return settings;
}

}  // namespace

PYBIND11_MODULE(_battaglia, m) {
  m.doc() = "Native battaglia kernel and playout (simulation accelerator; rules/battaglia is the law).";
  export_port(m);  // RULES_DIGEST, OPTIONS, UNPORTED (narrator.fast.digest)
  export_state(m);  // STATE_SKIPPED: the Python state's fields the C++ state does not hold
  m.def("max_seats", [] { return MAX_SEATS; });
  m.def("play_bots", [](const py::object& config, const std::vector<std::vector<uint32_t>>& seed_keys,
                        const std::vector<std::vector<uint64_t>>& bot_keys) {
    const Config c = to_config(config);
    State s;
    py::list rows;
    for (std::size_t g = 0; g < seed_keys.size(); ++g) {
      PlayResult r;
      {
        py::gil_scoped_release release;
        reset(s, &c);
        native::PyRandom rng(seed_keys[g]);
        bot::Bots bots(bot_keys[g]);
        r = play_out(s, rng, bots);
      }
      rows.append(row_facts(s, r));
    }
    return rows;
  }, "Play one game per seed with the scripted bots (bot_keys[g][seat] = seed_key(f'{seed}/{seat}')): row facts.");
  m.def("play_rows", [](const py::object& config, const py::sequence& jobs, const std::vector<int>& kinds,
                        const std::vector<std::vector<uint32_t>>& chooser_keys, const std::vector<uint64_t>& search_keys,
                        int rollouts, int max_candidates, double max_ms, double z, int probe_rounds) {
    const Config c = to_config(config);
    const int cards = c.deck_size;
    const bool scripted = kinds.empty();
    const search::Settings settings = search_settings(rollouts, max_candidates, max_ms, z, probe_rounds);
    const std::size_t n = py::len(jobs);
    if (!scripted && (chooser_keys.size() != n || search_keys.size() != n))
      throw std::invalid_argument("play_rows: one chooser key and one search key a job");
    constexpr std::size_t CHUNK = 8;  // games whose generators are seeded together (PyRandom::seed_many)
    State s;
    std::vector<uint32_t> chance_keys[CHUNK];
    std::vector<uint64_t> keys[CHUNK];
    GameFacts facts[CHUNK];
    std::vector<std::unique_ptr<native::PyRandom>> rngs;
    for (std::size_t i = 0; i < CHUNK; ++i) rngs.push_back(std::make_unique<native::PyRandom>(native::PyRandom::Unseeded{}));
    std::unique_ptr<bot::Bots> bots;  // one table, rekeyed for each game (the same as new bots)
    py::list rows(n);
    py::object first;  // the first row: the others are made as its copies (make_row)
    for (std::size_t start = 0; start < n; start += CHUNK) {
      const std::size_t count = std::min(CHUNK, n - start);
      for (std::size_t i = 0; i < count; ++i)
        job_keys(py::handle(jobs[start + i]).attr("seed"), c.players, chance_keys[i], keys[i]);
      {
        py::gil_scoped_release release;
        native::PyRandom* gens[CHUNK];
        const std::vector<uint32_t>* words[CHUNK];
        for (std::size_t i = 0; i < count; ++i) { gens[i] = rngs[i].get(); words[i] = &chance_keys[i]; }
        native::PyRandom::seed_many(gens, words, count);
        for (std::size_t i = 0; i < count; ++i) {
          if (!bots) bots = std::make_unique<bot::Bots>(keys[i]);
          else bots->rekey(keys[i]);
          reset(s, &c);
          PlayResult r;
          if (scripted) {
            r = play_out(s, *rngs[i], *bots);
          } else {
            const std::size_t g = start + i;
            native::PyRandom chooser(chooser_keys[g]);
            search::Searcher searcher(search_keys[g], settings);
            r = play_kinds(s, *rngs[i], *bots, kinds, &chooser, &searcher);
          }
          facts[i] = game_facts(s, r);
        }
      }
      for (std::size_t i = 0; i < count; ++i) {
        py::object row = make_row(jobs[start + i], cards, facts[i], first);
        if (!first) first = row;
        rows[start + i] = std::move(row);
      }
    }
    return rows;
  }, py::arg("config"), py::arg("jobs"), py::arg("kinds") = std::vector<int>(),
     py::arg("chooser_keys") = std::vector<std::vector<uint32_t>>(), py::arg("search_keys") = std::vector<uint64_t>(),
     py::arg("rollouts") = 0, py::arg("max_candidates") = 0, py::arg("max_ms") = 0.0, py::arg("z") = 1.0,
     py::arg("probe_rounds") = 6,
     "Play `jobs` (GameJobs of one table, `config` their BattagliaConfig): each job's report row, as "
     "narrator.fast.battaglia.make_row makes it from play_bots' facts (kinds empty: scripted bots) or play_kinds' "
     "(kinds, chooser_keys, search_keys and the search settings as there). An int seed's keys are derived here.");
  m.def("job_keys", [](const py::object& seed, int players) {
    std::vector<uint32_t> chance;
    std::vector<uint64_t> bots;
    job_keys(seed, players, chance, bots);
    return py::make_tuple(chance, bots);
  }, "Test only: the (chance key, bot keys) play_rows uses for a job's seed (mt_key(seed), bot_keys(seed, players)).");
  m.def("play_kinds", [](const py::object& config, const std::vector<std::vector<uint32_t>>& seed_keys,
                         const std::vector<std::vector<uint64_t>>& bot_keys, const std::vector<int>& kinds,
                         const std::vector<std::vector<uint32_t>>& chooser_keys, const std::vector<uint64_t>& search_keys,
                         int rollouts, int max_candidates, double max_ms, double z, int probe_rounds) {
    const Config c = to_config(config);
    const search::Settings settings = search_settings(rollouts, max_candidates, max_ms, z, probe_rounds);
    State s;
    py::list rows;
    for (std::size_t g = 0; g < seed_keys.size(); ++g) {
      PlayResult r;
      {
        py::gil_scoped_release release;
        reset(s, &c);
        native::PyRandom rng(seed_keys[g]), chooser(chooser_keys[g]);
        bot::Bots bots(bot_keys[g]);
        search::Searcher searcher(search_keys[g], settings);
        r = play_kinds(s, rng, bots, kinds, &chooser, &searcher);
      }
      rows.append(row_facts(s, r));
    }
    return rows;
  }, py::arg("config"), py::arg("seed_keys"), py::arg("bot_keys"), py::arg("kinds"), py::arg("chooser_keys"),
     py::arg("search_keys"), py::arg("rollouts"), py::arg("max_candidates"), py::arg("max_ms") = 0.0,
     py::arg("z") = 1.0, py::arg("probe_rounds") = 6,
     "play_bots with a bot kind per faction (kinds[light, shadow, darkness, gloom]: 0 scripted, 1 random-legal "
     "from random.Random(chooser_keys[g]), 2 search keyed by search_keys[g]): row facts.");
  m.def("search_stats", [](bool reset) {
    const auto n = search::searched_decisions().load(), ns = search::searched_nanoseconds().load();
    const auto cpu = search::searched_cpu_nanoseconds().load();
    if (reset) { search::searched_decisions() = 0; search::searched_nanoseconds() = 0; search::searched_cpu_nanoseconds() = 0; }
    return py::make_tuple(n, static_cast<double>(ns) / 1e6, static_cast<double>(cpu) / 1e6);
  }, py::arg("reset") = false, "(searched decisions, their wall milliseconds, their CPU milliseconds) in this process so far.");
  m.def("trace_kinds", [](const py::object& config, const std::vector<uint32_t>& seed_key,
                          const std::vector<uint64_t>& bot_keys, const std::vector<int>& kinds,
                          const std::vector<uint32_t>& chooser_key, uint64_t search_key, int rollouts,
                          int max_candidates) {
    const Config c = to_config(config);
    State s;
    reset(s, &c);
    native::PyRandom rng(seed_key), chooser(chooser_key);
    bot::Bots bots(bot_keys);
    search::Searcher searcher(search_key, search_settings(rollouts, max_candidates, 0.0));
    std::vector<Move> trace;
    PlayResult r = play_kinds(s, rng, bots, kinds, &chooser, &searcher, &trace);
    py::list moves;
    for (const Move& mv : trace) moves.append(move_tuple(mv));
    return py::make_tuple(moves, row_facts(s, r));
  }, "One game of play_kinds: (moves, row facts).");
  m.def("search_probe", [](const py::object& config, const std::vector<uint32_t>& seed_key,
                           const std::vector<uint64_t>& bot_keys, int seat, int skip, uint64_t search_key,
                           int rollouts, int max_candidates, bool night) {
    // Play the scripted game to `seat`'s searched decision number `skip` (of the night's decisions when
    // `night`), then ask the searcher twice: on the true state and on a copy whose hidden facts differ (two
    // unknown souls' cards and notes swapped, the others' notes and unpublished ballots changed, at night
    // the unwitnessed choices of earlier steps and the others' answers this round retargeted). Returns (move, move on the altered copy, swapped seats),
    // or None when the game offers no such decision.
    const Config c = to_config(config);
    State s;
    reset(s, &c);
    native::PyRandom rng(seed_key);
    bot::Bots bots(bot_keys);
    const search::Settings settings = search_settings(rollouts, max_candidates, 0.0);
    int seen = 0;
    py::object found = py::none();
    bool done = false;
    play_out(s, rng, [&](const View& v, const std::vector<Action>& legal) -> Action {
      const Action scripted = bots.act(v, legal);
      if (done || v.viewer() != seat || legal.size() < 2 || !search::searched_phase(v.phase())) return scripted;
      if (night != (v.phase() == Phase::NIGHT)) return scripted;
      if (seen++ < skip) return scripted;
      const bot::BattagliaBot& mine = bots.bot(seat);
      int pair[2], k = 0;
      for (int x = 0; x < s.players && k < 2; ++x) {
        if (x == seat || has(s.out, x) || s.lives[x] != 1 || has(mine.known_seats(), x)) continue;
        if (k == 1 && in(DARKNESS_CLAN, s.cards[pair[0]]) != in(DARKNESS_CLAN, s.cards[x])) continue;
        if (k == 1 && s.cards[pair[0]] == s.cards[x]) continue;
        pair[k++] = x;
      }
      if (k < 2) return scripted;
      done = true;
      search::Searcher first(search_key, settings), second(search_key, settings);
      const Action a = first.act(s, v, legal, bots);
      State t = s;
      std::swap(t.cards[pair[0]], t.cards[pair[1]]);
      std::swap(t.first_cards[pair[0]], t.first_cards[pair[1]]);
      std::swap(t.notes[pair[0]], t.notes[pair[1]]);
      for (int x = 0; x < t.players; ++x)
        if (x != seat && x != pair[0] && x != pair[1]) t.notes[x].clear();
      if (t.has_day)
        for (int x = 0; x < t.players; ++x)
          if (x != seat && has(t.ballots_cast, x) && !has(t.forced, x)) t.ballots[x] = t.living() & ~bit(x);
      if (t.has_night && t.phase == Phase::NIGHT) {
        // The night's hidden facts: the unwitnessed earlier steps' choices and the others' answers this round.
        const int other = pair[0];
        for (int i = 0; i < t.n_acts; ++i)
          if (!has(awake_seats(t, t.acts[i].step), seat)) t.acts[i].target = static_cast<int8_t>(other);
        for (int i = 0; i < t.n_chosen; ++i)
          if (t.chosen[i].seat != seat) t.chosen[i].target = static_cast<int8_t>(other);
      }
      const Action b = second.act(t, View(t, seat), legal, bots);
      found = py::make_tuple(move_tuple(Move{a}), move_tuple(Move{b}), py::make_tuple(pair[0], pair[1]));
      return a;
    });
    return found;
  }, py::arg("config"), py::arg("seed_key"), py::arg("bot_keys"), py::arg("seat"), py::arg("skip"), py::arg("search_key"),
     py::arg("rollouts"), py::arg("max_candidates"), py::arg("night") = false,
     "Test only: the searcher's move at a (night: a night's) decision, on the true state and on one differing only "
     "in hidden facts.");
  m.def("trace_bots", [](const py::object& config, const std::vector<uint32_t>& seed_key,
                         const std::vector<uint64_t>& bot_keys) {
    const Config c = to_config(config);
    State s;
    reset(s, &c);
    native::PyRandom rng(seed_key);
    bot::Bots bots(bot_keys);
    std::vector<Move> trace;
    PlayResult r = play_out(s, rng, bots, &trace);
    py::list moves;
    for (const Move& mv : trace) moves.append(move_tuple(mv));
    return py::make_tuple(moves, row_facts(s, r), records(s));
  }, "Play one game with the scripted bots: (moves, row facts, (public log, notes per seat)).");
  m.def("state_round_trip", [](const py::object& state) {
    const Config c = to_config(state.attr("config"));
    State s;
    reset(s, &c);
    read_state(s, state);
    return write_state(s, state.attr("config"));
  }, "Test only: a Python BattagliaState read into the C++ state and written back (generated_state_py.hpp).");
  m.def("forced_winner", [](const py::object& state, int budget) {
    const Config c = to_config(state.attr("config"));
    State s;
    reset(s, &c);
    read_state(s, state);
    int visited = 0;
    const Force f = forced_winner(s, budget, &visited);
    return py::make_tuple(f == Force::NONE ? py::object(py::none()) : py::object(py::str(force_name(f))), visited);
  }, "The look-ahead of a Python BattagliaState: (force or None, distinct positions seen).");
  m.def("trace_trivial_from", [](const py::object& state, const std::vector<uint32_t>& seed_key,
                                 const std::vector<uint32_t>& chooser_key) {
    const Config c = to_config(state.attr("config"));
    State s;
    reset(s, &c);
    read_state(s, state);
    native::PyRandom rng(seed_key), pick_rng(chooser_key);
    std::vector<Move> trace;
    PlayResult r = play_out(s, rng, TrivialChooser{&pick_rng}, &trace);
    py::list moves;
    for (const Move& mv : trace) moves.append(move_tuple(mv));
    return py::make_tuple(moves, row_facts(s, r));
  }, "Play on from a Python BattagliaState with the trivial chooser: (moves, row facts).");
  m.def("views_trivial", [](const py::object& config, const std::vector<uint32_t>& seed_key,
                            const std::vector<uint32_t>& chooser_key) {
    const Config c = to_config(config);
    State s;
    reset(s, &c);
    native::PyRandom rng(seed_key), pick_rng(chooser_key);
    py::list views;
    TrivialChooser chooser{&pick_rng};
    play_out(s, rng, [&](const View& v, const std::vector<Action>& legal) {
      views.append(view_tuple(v));
      return chooser(v, legal);
    });
    return views;
  }, "The trivial-chooser game's View of the acting seat before each of its moves, as tuples.");
  m.def("trace_trivial", [](const py::object& config, const std::vector<uint32_t>& seed_key,
                            const std::vector<uint32_t>& chooser_key, bool mischief) {
    const Config c = to_config(config);
    State s;
    reset(s, &c);
    native::PyRandom rng(seed_key), pick_rng(chooser_key);
    std::vector<Move> trace;
    PlayResult r = mischief ? play_out(s, rng, MischiefChooser{&pick_rng}, &trace)
                            : play_out(s, rng, TrivialChooser{&pick_rng}, &trace);
    py::list moves;
    for (const Move& mv : trace) moves.append(move_tuple(mv));
    return py::make_tuple(moves, summary(s, r), records(s));
  }, py::arg("config"), py::arg("seed_key"), py::arg("chooser_key"), py::arg("mischief") = false,
     "Play one game with the trivial chooser legal[randrange(len(legal))] (mischief: sometimes an illegal "
     "Choose): (moves, summary, (public log, notes per seat)).");
  m.def("trace_mixed", [](const py::object& config, const std::vector<uint32_t>& chance_key,
                          const std::vector<uint32_t>& mix_key, const std::vector<uint64_t>& bot_keys, double p) {
    const Config c = to_config(config);
    State s;
    reset(s, &c);
    native::PyRandom rng(chance_key), mix(mix_key);
    bot::Bots bots(bot_keys);
    std::vector<Move> trace;
    // Test only: the seat's bot is always asked (its memory stays in step), then with probability p its
    // move is replaced by legal[randrange(len(legal))] (tests/fast/test_battaglia_mixed_native.py).
    PlayResult r = play_out(s, rng, [&](const View& v, const std::vector<Action>& legal) {
      const Action scripted = bots.act(v, legal);
      if (mix.random() < p) return legal[static_cast<std::size_t>(mix.randrange(static_cast<int64_t>(legal.size())))];
      return scripted;
    }, &trace);
    py::list moves;
    for (const Move& mv : trace) moves.append(move_tuple(mv));
    return py::make_tuple(moves, row_facts(s, r));
  }, py::arg("config"), py::arg("chance_key"), py::arg("mix_key"), py::arg("bot_keys"), py::arg("p"),
     "Test only: the scripted bots' game where, with probability p (mix: random.Random(mix_key).random()), "
     "the acting seat's move is legal[randrange(len(legal))] instead: (moves, row facts).");
}
