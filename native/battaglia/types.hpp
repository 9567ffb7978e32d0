// battaglia del arte, native: the shared vocabulary of the kernel (kernel.hpp) and the bots (bot*.hpp).
//
// C++ mirrors of rules/battaglia/cards.py, config.py, actions.py, state.py, the events the kernel emits
// (rules/battaglia/{deal,night,day,verdict,life}.py) and the seat's view (rules/battaglia/views.py).
// Names follow the Python ones. Seats are 0-based ints (int8_t), sets of seats are bitmasks
// (bit s = seat s; iterate low to high = Python's sorted order), sets of cards are bitmasks over Card.
//
// Contract with the AGENTS helper (brief pairs.md): from the first commit on, changes here are additive.
// A bot gets a `View` (what rules/battaglia/views.py gives its seat, nothing more) and the legal
// actions (std::vector<Action>, in the Python kernel's legal_actions order) and returns an Action.
#pragma once
#include <cstdint>
#include <vector>

#include "generated_config.hpp"  // Config: BattagliaConfig field for field (setup.py writes it at build time)

namespace battaglia {

constexpr int MAX_SEATS = 18;  // players 6..17, or 18 with max_players=18 and the 20-card set (config.py)
constexpr int MAX_CARDS = 20;

// Bits set in `m`. Written out (SWAR) rather than __builtin_popcount, which compiles to a libgcc call
// on baseline x86-64 (no POPCNT instruction assumed): this is inlined, and the bots count sets a lot.
__attribute__((always_inline)) inline int popcount(uint32_t m) {
  m = m - ((m >> 1) & 0x55555555u);
  m = (m & 0x33333333u) + ((m >> 2) & 0x33333333u);
  return static_cast<int>((((m + (m >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}
inline int lowest(uint32_t m) { return m ? __builtin_ctz(m) : -1; }  // the lowest seat of a set, -1 if empty
inline bool has(uint32_t m, int s) { return s >= 0 && ((m >> s) & 1u); }
inline uint32_t bit(int s) { return 1u << s; }

// ---- cards (rules/battaglia/cards.py) -------------------------------------------------------------

// The masks, declared in DECK_ORDER (the deck of L cards is the first L of them).
enum class Card : uint8_t {
  NIKOR, CORRIGAN, COHEN, LUN, RAINMAKER, FLUID, KOLDUNYA, TRITON, PUCK, CHESHIRE_CAT,
  LORD_LUIHAD, KOLDUN, DOMOVIK, TIIR, BASILISK, BISHOP, CHILD, BROK, MESKLINIT, FREILINA,
  NONE = 255
};
inline const char* card_name(Card c) {  // the wire name (Card.value)
  static const char* names[MAX_CARDS] = {
      "NIKOR", "CORRIGAN", "COHEN", "LUN", "RAINMAKER", "FLUID", "KOLDUNYA", "TRITON", "PUCK", "CHESHIRE_CAT",
      "LORD_LUIHAD", "KOLDUN", "DOMOVIK", "TIIR", "BASILISK", "BISHOP", "CHILD", "BROK", "MESKLINIT", "FREILINA"};
  return c == Card::NONE ? "" : names[static_cast<int>(c)];
}
constexpr uint32_t cbit(Card c) { return 1u << static_cast<int>(c); }
inline bool in(uint32_t cards, Card c) { return c != Card::NONE && (cards & cbit(c)); }

constexpr uint32_t LIGHT = cbit(Card::CORRIGAN) | cbit(Card::COHEN) | cbit(Card::LUN) | cbit(Card::LORD_LUIHAD) |
                           cbit(Card::TIIR) | cbit(Card::CHILD) | cbit(Card::FREILINA);
constexpr uint32_t SHADOW = cbit(Card::KOLDUNYA) | cbit(Card::TRITON) | cbit(Card::CHESHIRE_CAT) |
                            cbit(Card::DOMOVIK) | cbit(Card::BISHOP) | cbit(Card::MESKLINIT);
constexpr uint32_t DARKNESS = cbit(Card::RAINMAKER) | cbit(Card::FLUID) | cbit(Card::PUCK) | cbit(Card::KOLDUN) |
                              cbit(Card::BASILISK) | cbit(Card::BROK);
constexpr uint32_t GLOOM = cbit(Card::NIKOR);
constexpr uint32_t CORRIGAN_LETHAL = DARKNESS | GLOOM | cbit(Card::KOLDUNYA);
constexpr uint32_t CORRIGAN_REVEALS = SHADOW & ~cbit(Card::TRITON);
constexpr uint32_t HEIR_ELIGIBLE = (LIGHT & ~cbit(Card::CHILD)) | cbit(Card::TRITON);
constexpr uint32_t DARKNESS_STEP_CARDS = (DARKNESS & ~cbit(Card::RAINMAKER)) | cbit(Card::KOLDUNYA) | cbit(Card::NIKOR);
constexpr uint32_t QUALIFYING_DARKS = DARKNESS & ~cbit(Card::RAINMAKER);
constexpr uint32_t DARKNESS_CLAN = DARKNESS | GLOOM | cbit(Card::KOLDUNYA);  // deal.DARKNESS_CLAN, knowledge.CLAN_CARDS

enum class Faction : uint8_t { LIGHT, SHADOW, DARKNESS, GLOOM };
inline Faction faction_of(Card c) {
  if (in(LIGHT, c)) return Faction::LIGHT;
  if (in(SHADOW, c)) return Faction::SHADOW;
  if (in(DARKNESS, c)) return Faction::DARKNESS;
  return Faction::GLOOM;
}

// The six victory forces, in Force order; NONE = no winner.
enum class Force : uint8_t { LIGHT, SHADOW, FIRST_GLOOM, SECOND_GLOOM, FIRST_DARKNESS, SECOND_DARKNESS, NONE = 255 };
inline const char* force_name(Force f) {
  static const char* names[6] = {"light", "shadow", "first_gloom", "second_gloom", "first_darkness",
                                 "second_darkness"};
  return f == Force::NONE ? "" : names[static_cast<int>(f)];
}

// ---- config: Config and its enums are generated from rules/battaglia/config.py (generated_config.hpp) --

// ---- phases and night steps (rules/battaglia/state.py) ---------------------------------------------

enum class Phase : uint8_t { DEAL, NIGHT, REBIRTH, LAST_WORDS, SPEECH, ACCUSE, JUDGE, VOTE, REVOTE, CONDEMNED,
                             EXECUTION, OVER };
inline const char* phase_name(Phase p) {
  static const char* names[12] = {"deal", "night", "rebirth", "last_words", "speech", "accuse", "judge", "vote",
                                  "revote", "condemned", "execution", "over"};
  return names[static_cast<int>(p)];
}

// NightStep in NIGHT_ORDER. The two ACQUAINTANCE_* values exist only as the `step` of a night-1 cat_saw
// note ("acquaintance_darkness" / "acquaintance_shadow" in Python); NONE = no step (view.step is None).
enum class NightStep : uint8_t {
  FIRST_DOMOVIK, SECOND_DOMOVIK, FIRST_TIIR, SECOND_TIIR, FIRST_DARKNESS, SECOND_DARKNESS, FIRST_GLOOM,
  SECOND_GLOOM, FIRST_CORRIGAN, SECOND_CORRIGAN, FIRST_COHEN, SECOND_COHEN, SHADOW,
  ACQUAINTANCE_DARKNESS, ACQUAINTANCE_SHADOW, NONE = 255
};
constexpr int NIGHT_STEPS = 13;
inline const char* step_name(NightStep s) {
  static const char* names[15] = {"first_domovik", "second_domovik", "first_tiir", "second_tiir", "first_darkness",
                                  "second_darkness", "first_gloom", "second_gloom", "first_corrigan",
                                  "second_corrigan", "first_cohen", "second_cohen", "shadow",
                                  "acquaintance_darkness", "acquaintance_shadow"};
  return s == NightStep::NONE ? "" : names[static_cast<int>(s)];
}
// 1 for first_* (and acquaintance_*), 2 for second_*, 0 for shadow / none (knowledge._step_life).
inline int step_life(NightStep s) {
  int i = static_cast<int>(s);
  if (i < NIGHT_STEPS - 1) return (i % 2 == 0) ? 1 : 2;
  if (s == NightStep::ACQUAINTANCE_DARKNESS || s == NightStep::ACQUAINTANCE_SHADOW) return 1;
  return 0;
}
inline bool is_darkness_step(NightStep s) { return s == NightStep::FIRST_DARKNESS || s == NightStep::SECOND_DARKNESS; }
inline bool is_domovik_step(NightStep s) { return s == NightStep::FIRST_DOMOVIK || s == NightStep::SECOND_DOMOVIK; }
inline bool is_tiir_step(NightStep s) { return s == NightStep::FIRST_TIIR || s == NightStep::SECOND_TIIR; }
inline bool is_gloom_step(NightStep s) { return s == NightStep::FIRST_GLOOM || s == NightStep::SECOND_GLOOM; }
inline bool is_corrigan_step(NightStep s) { return s == NightStep::FIRST_CORRIGAN || s == NightStep::SECOND_CORRIGAN; }
inline bool is_cohen_step(NightStep s) { return s == NightStep::FIRST_COHEN || s == NightStep::SECOND_COHEN; }

// ---- actions (rules/battaglia/actions.py) ----------------------------------------------------------

// Action kinds, in ACTION_TYPES order; CHANCE is rules.core.ChanceAction.
enum class Kind : uint8_t { CHOOSE, WHISPER, SPEAK, ACCUSE, JUDGE, VOTE, REVEAL_LORD, DYING_SHOT, CURSE, INTERCEDE,
                            REVEAL_BISHOP, PASS, DECLARE_OUTCOME, CHANCE };
inline const char* kind_name(Kind k) {
  static const char* names[14] = {"choose", "whisper", "speak", "accuse", "judge", "vote", "reveal_lord",
                                  "dying_shot", "curse", "intercede", "reveal_bishop", "pass", "declare_outcome",
                                  "chance"};
  return names[static_cast<int>(k)];
}

// Accusation basis: an Accuse action carries LEGEND or LOGIC; LAST_WORDS and CURSE are the kernel's own.
enum class Basis : uint8_t { LEGEND, LOGIC, LAST_WORDS, CURSE };
inline const char* basis_name(Basis b) {
  static const char* names[4] = {"legend", "logic", "last_words", "curse"};
  return names[static_cast<int>(b)];
}
enum class Charge : uint8_t { DARK, SHADOW };
inline const char* charge_name(Charge c) { return c == Charge::DARK ? "dark" : "shadow"; }

// One move. Which fields matter depends on `kind` (the others keep their defaults):
//   CHOOSE       target                                  Choose(actor, target)
//   WHISPER      text_seats                              Whisper(actor, text): the bots' only text is
//                «тьма: a, b» naming seats (knowledge.parse_dark_whisper); text_seats is that set of seats,
//                0 = empty text. (Python renders it "тьма: " + ", ".join(sorted seats).)
//   SPEAK        has_text (bots with talk=False never speak; a text is never read by the rules)
//   ACCUSE       target, basis (LEGEND|LOGIC), charge    (text always empty natively: talk=False)
//   JUDGE        approve
//   VOTE         targets: the ballot as a set of seats (Python's tuple is sorted: combinations of the
//                sorted candidates, and the kernel sorts a cast ballot)
//   DYING_SHOT   target
//   REVEAL_LORD, CURSE, INTERCEDE, REVEAL_BISHOP, PASS: no fields
//   DECLARE_OUTCOME: force (never played natively: the host is not asked in a lean playout)
struct Action {
  Kind kind = Kind::PASS;
  int8_t actor = -1;
  int8_t target = -1;
  Basis basis = Basis::LOGIC;
  Charge charge = Charge::DARK;
  bool approve = true;
  bool has_text = false;
  Force force = Force::NONE;
  uint32_t targets = 0;     // VOTE
  uint32_t text_seats = 0;  // WHISPER

  static Action make(Kind k, int actor) { Action a; a.kind = k; a.actor = static_cast<int8_t>(actor); return a; }
  static Action choose(int actor, int target) { Action a = make(Kind::CHOOSE, actor); a.target = static_cast<int8_t>(target); return a; }
  static Action accuse(int actor, int target, Basis b, Charge c) {
    Action a = make(Kind::ACCUSE, actor); a.target = static_cast<int8_t>(target); a.basis = b; a.charge = c; return a;
  }
  static Action vote(int actor, uint32_t targets) { Action a = make(Kind::VOTE, actor); a.targets = targets; return a; }
  static Action judge(int actor, bool approve) { Action a = make(Kind::JUDGE, actor); a.approve = approve; return a; }
  static Action dying_shot(int actor, int target) { Action a = make(Kind::DYING_SHOT, actor); a.target = static_cast<int8_t>(target); return a; }
  static Action whisper(int actor, uint32_t seats) { Action a = make(Kind::WHISPER, actor); a.text_seats = seats; return a; }

  // Same move for the rules (texts aside, as check() treats them).
  bool same_move(const Action& o) const {
    if (kind != o.kind || actor != o.actor) return false;
    switch (kind) {
      case Kind::CHOOSE: case Kind::DYING_SHOT: return target == o.target;
      case Kind::ACCUSE: return target == o.target && basis == o.basis && charge == o.charge;
      case Kind::JUDGE: return approve == o.approve;
      case Kind::VOTE: return targets == o.targets;
      default: return true;
    }
  }
};

// ---- events ----------------------------------------------------------------------------------------

// Every public event and every private note of the Python kernel (host-only ones are not kept, as in
// rules/battaglia/log.py). The public log and each seat's notes hold them in the Python order, so their
// lengths equal len(view.log) / len(view.notes) (the bots seed their draws with those).
enum class EventKind : uint8_t {
  DEAL, YOUR_CARD, NIGHT, CLAN, CAT_SAW, HEADING, GATHERING, TIIR_SAW, LORD_REVEAL_NOTED, DARKNESS_ROUND,
  WHISPERS, LORD_REVEALED, MORNING, NEW_SOUL, NO_SOUL_LEFT, DAY, ACCUSATION, CURSE_BINDS, SPEECH,
  ACCUSATION_PROPOSED, ACCUSATION_REFUSED, NO_CONDEMNATION, VOTE_OPEN, BALLOTS, CONDEMNED, CHILD_REVEALED,
  DYING_SHOT, CURSE, EXECUTION_MOMENT, INTERCESSION, EXECUTION, DEATH, SHADOW_REVEALED, HEIR, BISHOP_REVEALED,
  DAY_END, GAME_OVER, FORCED_OUTCOME
};

// One entry of an event's list (Event.off/len index the game's item pool, View::items):
//   BALLOTS: (seat, targets mask) in seat order    DARKNESS_ROUND / CAT_SAW choices: (seat, target) in answer order
//   WHISPERS messages: (seat, text_seats) non-empty only    MORNING deaths: (seat, card, life) in seat order
struct Item {
  int8_t seat = -1;
  int8_t target = -1;  // a choice's target (-1 = a pass)
  Card card = Card::NONE;
  int8_t life = 0;
  uint32_t mask = 0;  // a ballot's targets, a whisper's seats
};

// One event. Fields used per kind (Python data keys in brackets); unused ones keep defaults:
//   DEAL              a=players, b=undealt count                                 (public)
//   YOUR_CARD         card, life=1                                               (note)
//   NIGHT             night [night], flag=1 on the acquaintance night            (public)
//   CLAN              night=1, a=0 darkness / 1 shadow [clan], members [members] (note)
//   CAT_SAW           night, step (ACQUAINTANCE_* on night 1), members=awake, items=choices  (note)
//   HEADING           night, step                                                (public)
//   GATHERING         night, step, members                                       (note)
//   TIIR_SAW          night, seat=the seat looked at [seat], card                (note)
//   LORD_REVEAL_NOTED night                                                      (note)
//   DARKNESS_ROUND    night, step, round, items=choices, target=decided (-1 = None)  (note)
//   WHISPERS          night, round, items=messages                               (note)
//   LORD_REVEALED     seat, night (0 when revealed by day: Python has no night key then)  (public)
//   MORNING           night, items=deaths, members=new shadow reveals [shadows]  (public)
//   NEW_SOUL          card, life=2                                               (note)
//   NO_SOUL_LEFT      seat                                                       (public)
//   DAY               day, a=accusations, b=votes, members=judges                (public)
//   ACCUSATION        seat=accuser (-1: the curse's), target, basis, charge, flag=by_curse  (public)
//   CURSE_BINDS       target=cursed, members=forced voters                       (public)
//   SPEECH            seat                                                       (public)
//   ACCUSATION_PROPOSED seat=accuser, target, basis, charge                      (public)
//   ACCUSATION_REFUSED  seat=accuser, target, a=judge                            (public)
//   NO_CONDEMNATION   day, a=reason (0 no_accusations, 1 tie, 2 no_votes)        (public)
//   VOTE_OPEN         day, flag=revote, members=candidates, a=votes, mask2=bound (public)
//   BALLOTS           day, flag=revote, items=ballots                            (public)
//   CONDEMNED         day, seat                                                  (public)
//   CHILD_REVEALED    seat, a=cause (0 condemned, 1 dying_shot)                  (public)
//   DYING_SHOT        target                                                     (note to the Corrigan)
//   CURSE             seat=koldun, target=cursed, members=forced voters          (public)
//   EXECUTION_MOMENT  day, seat                                                  (public)
//   INTERCESSION      seat=lun, target=condemned                                 (public)
//   EXECUTION         day, seat, card, life                                      (public)
//   DEATH             seat, card, life (cause dying_shot)                        (public)
//   SHADOW_REVEALED   seat (cause dying_shot)                                    (public)
//   HEIR              a=slot                                                     (note)
//   BISHOP_REVEALED   seat, members=pointed                                      (public)
//   DAY_END           day                                                        (public)
//   GAME_OVER, FORCED_OUTCOME                                                    (public)
struct Event {
  EventKind kind = EventKind::DEAL;
  int8_t seat = -1;
  int8_t target = -1;
  NightStep step = NightStep::NONE;
  Card card = Card::NONE;
  int8_t life = 0;
  int8_t round = 0;
  int8_t flag = 0;
  Basis basis = Basis::LOGIC;
  Charge charge = Charge::DARK;
  int16_t night = 0;
  int16_t day = 0;
  int16_t a = 0, b = 0;
  uint32_t members = 0;
  uint32_t mask2 = 0;
  uint32_t off = 0;  // items: View::items(event)
  uint32_t len = 0;

  // Whether the Python event's data has a "night" key (PrivateMemory stamps claims with it).
  bool has_night() const {
    switch (kind) {
      case EventKind::CLAN: case EventKind::CAT_SAW: case EventKind::GATHERING: case EventKind::TIIR_SAW:
      case EventKind::LORD_REVEAL_NOTED: case EventKind::DARKNESS_ROUND: case EventKind::WHISPERS:
      case EventKind::NIGHT: case EventKind::HEADING: case EventKind::MORNING:
        return true;
      case EventKind::LORD_REVEALED: return night > 0;
      default: return false;
    }
  }
};

// ---- the state's records ----------------------------------------------------------------------------

// One accusation of the day (state.Accusation); accuser -1 = the curse's automatic one (basis CURSE).
struct Accusation {
  int8_t accuser = -1;
  int8_t target = -1;
  Basis basis = Basis::LOGIC;
  Charge charge = Charge::DARK;
};

struct Grave {  // graveyard entry: (seat, life, card)
  int8_t seat;
  int8_t life;
  Card card;
};

struct Act {  // a settled night choice (step, seat, target); seat -1/-2: a (non-)productive darkness decision
  NightStep step;
  int8_t seat;
  int8_t target;
};

struct Chosen {  // a night round's answer: target (-1 pass) or, in the shadow step, a whisper
  int8_t seat;
  int8_t target;
  bool is_text;       // a whisper (a str value in Python), possibly empty
  uint32_t text_seats;
};

struct PendingCurse {
  bool active = false;
  int8_t koldun = -1;
  int8_t cursed = -1;
  uint32_t forced = 0;
};

// The report's counters, kept by the kernel where narrator/battaglia/simulate.py's Tally counts events.
struct Tally {
  int death_darkness = 0, death_gloom = 0, death_corrigan = 0, death_execution = 0, death_dying_shot = 0,
      death_guest = 0, death_lun = 0, death_other = 0;
  int lord_revealed = 0, bishop_revealed = 0, child_revealed = 0, curse = 0, shadow_revealed = 0;
  int intercessions = 0, night_shadow_reveals = 0, days_without_condemnation = 0;
};

constexpr int MAX_ACTS = 256;
constexpr int MAX_GRAVES = 2 * MAX_SEATS;
constexpr int MAX_ACCUSATIONS = MAX_SEATS + 2;

// The whole truth (the kernel's; bots never touch it: they get a View). Fixed arrays, mutated in place.
struct State {
  const Config* config = nullptr;
  int players = 0;
  int deck_size = 0;
  Phase phase = Phase::DEAL;
  int day = 0;
  int night_no = 0;
  Card cards[MAX_SEATS];
  Card first_cards[MAX_SEATS];
  int8_t lives[MAX_SEATS];
  int8_t heirs[MAX_SEATS];
  uint32_t out = 0;            // seats
  uint32_t undealt = 0;        // cards
  uint32_t issued = 0;         // cards
  uint32_t revealed_shadow = 0, revealed_child = 0, revealed_lord = 0, revealed_bishop = 0;  // seats
  uint32_t announced[3] = {0, 0, 0};  // cards announced dead, by life (index 1, 2)
  Grave graveyard[MAX_GRAVES];
  int graves = 0;
  uint32_t corrigan_open = 0;  // bits 1, 2: Corrigan slots
  // night in progress (valid when has_night)
  bool has_night = false;
  NightStep step = NightStep::NONE;
  NightStep remaining[NIGHT_STEPS];
  int remaining_from = 0, remaining_to = 0;
  uint32_t awake = 0;
  Chosen chosen[MAX_SEATS];
  int n_chosen = 0;
  uint32_t chosen_mask = 0;
  int night_round = 1;
  Act acts[MAX_ACTS];
  int n_acts = 0;
  uint32_t offered = 0;
  // day in progress (valid when has_day)
  bool has_day = false;
  int accusations_limit = 0;
  int votes = 0;
  int8_t order[MAX_SEATS];
  int order_len = 0;
  int turn = 0;
  int speech_round = 1;
  uint32_t last_words = 0;  // seats, lowest first
  Accusation accusations[MAX_ACCUSATIONS];
  int n_accusations = 0;
  uint32_t accusers = 0;
  bool has_pending = false;
  Accusation pending;
  uint32_t candidates = 0;
  uint32_t ballots_cast = 0;        // who has voted
  uint32_t ballots[MAX_SEATS];      // each voter's targets
  uint32_t forced = 0;
  int cursed = -1;
  int condemned = -1;
  uint32_t final_voters = 0;
  uint32_t lord_revoted = 0;
  int shot = -1;
  PendingCurse day_curse;           // today.curse
  uint32_t window_answered = 0;
  uint32_t window_intercede = 0, window_bishop = 0;
  uint32_t window_seats = 0;
  // between phases
  uint32_t rebirths = 0;            // seats, lowest first
  bool after_rebirth_day = false;
  uint32_t died_lights = 0;
  PendingCurse curse;
  uint32_t lord_pending = 0;
  int quiet_cycles = 0;
  bool eventful = false;
  // result
  bool over = false;
  int termination = 0;              // see kernel.hpp TERMINATIONS
  Force winner = Force::NONE;
  uint32_t winners = 0;
  int scores[MAX_SEATS];
  // records
  std::vector<Event> public_log;
  std::vector<Event> notes[MAX_SEATS];
  std::vector<Item> items;
  Tally tally;
  // (added) whether a second soul was ever dealt: Python's after_rebirth is "" until then (the forced-outcome
  // look-ahead tells positions apart by it)
  bool ever_reborn = false;

  uint32_t all_seats() const { return players >= 32 ? ~0u : ((1u << players) - 1u); }
  uint32_t living() const { return all_seats() & ~out; }
};

// ---- the seat's view (rules/battaglia/views.py) -------------------------------------------------------

// What BattagliaView gives one seat, read straight from the state. Only the members below: secrecy by
// construction. Python's None is -1 for seats (turn, condemned, cursed) and Card::NONE for card.
class View {
 public:
  View(const State& state, int seat) : s_(state), seat_(seat) {}

  int viewer() const { return seat_; }
  Phase phase() const { return s_.phase; }
  int day() const { return s_.day; }
  int night() const { return s_.night_no; }
  NightStep step() const { return s_.has_night && s_.phase == Phase::NIGHT ? s_.step : NightStep::NONE; }
  int players() const { return s_.players; }
  int deck_size() const { return s_.deck_size; }  // the deck is DECK_ORDER[:deck_size]
  Card deck(int i) const { return static_cast<Card>(i); }
  int lives(int seat) const { return s_.lives[seat]; }
  uint32_t out() const { return s_.out; }
  bool is_out(int seat) const { return has(s_.out, seat); }
  const Grave* graveyard() const { return s_.graveyard; }
  int graveyard_size() const { return s_.graves; }
  uint32_t revealed_shadow() const { return s_.revealed_shadow; }
  uint32_t revealed_child() const { return s_.revealed_child; }
  uint32_t revealed_lord() const { return s_.revealed_lord; }
  uint32_t revealed_bishop() const { return s_.revealed_bishop; }
  uint32_t judges() const { return s_.revealed_lord & ~s_.out; }  // sorted seats
  int turn() const {  // -1 = None
    if (!s_.has_day) return -1;
    if (s_.phase == Phase::LAST_WORDS) return lowest(s_.last_words);
    if (s_.phase == Phase::SPEECH || s_.phase == Phase::ACCUSE) return s_.order[s_.turn];
    return -1;
  }
  const Accusation* accusations() const { return s_.accusations; }
  int accusations_count() const { return s_.has_day ? s_.n_accusations : 0; }
  int accusations_limit() const { return s_.has_day ? s_.accusations_limit : 0; }
  int votes() const { return !s_.has_day ? 0 : (s_.phase == Phase::REVOTE ? 1 : s_.votes); }
  uint32_t candidates() const { return s_.has_day ? s_.candidates : 0; }
  int condemned() const { return s_.has_day && s_.condemned >= 0 ? s_.condemned : -1; }
  int cursed() const { return s_.has_day && s_.cursed >= 0 ? s_.cursed : -1; }
  uint32_t bound_voters() const { return s_.has_day ? s_.forced : 0; }
  const std::vector<Event>& log() const { return s_.public_log; }
  // the viewer's own secrets
  Card card() const { return s_.cards[seat_]; }
  int life() const { return s_.lives[seat_]; }
  int heir_slot() const { return s_.heirs[seat_]; }
  uint32_t awake_with() const {
    return s_.has_night && s_.phase == Phase::NIGHT && has(s_.awake, seat_) ? s_.awake : 0;
  }
  int night_round() const { return awake_with() ? s_.night_round : 0; }
  const std::vector<Event>& notes() const { return s_.notes[seat_]; }
  // the list of an event (see Item)
  const Item* items(const Event& e) const { return s_.items.data() + e.off; }

 private:
  const State& s_;
  int seat_;
};

}  // namespace battaglia
