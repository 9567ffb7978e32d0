"""Scripted battaglia bots: one plausible player per mask, deciding from its seat's view only.

The bot reads its view into :class:`Mind` (what it knows and whom it suspects), then picks one of
the legal moves the kernel listed, so it always answers legally. Its own randomness is a
:class:`~agents.battaglia.draws.DecisionRandom` re-seeded at each decision from (seed, seat) and the
view's position, so the same view gives the same move.

Speed (the simulator asks a bot ~250 times a game): the public log is folded once per game for all
seats (:func:`~agents.battaglia.knowledge.public_memory`), private notes incrementally, and a seat's
suspicion is scored only when a decision asks for it (its jitter depends on the seat, not on which
seats were scored before).

How each mask plays (spec §12):

* **Darkness clan** agrees on a victim without talking: every member ranks the living outsiders by
  the public threat score (identical for all of them) and breaks ties by a hash of the night, so
  the group converges in the first round; later rounds follow the previous round's plurality.
  A member whose private knowledge says the shared choice is his own ally (Koldunya for a shadow)
  dissents, which the "all but one" rule tolerates (L55).
* **Tiir** looks at the most suspicious unknown soul and then accuses and votes on what he saw.
* **Cohen** keeps himself or the most trusted player alive (never a revealed Lord: L69).
* **Corrigan** (and his heir) shoots the top suspect, never a known light.
* **Cheshire Cat** turns what he peeked (who woke in the darkness steps) into accusations.
* **Domovik** hosts a clan ally. **Nikor** kills the most dangerous outsider.
* **Lord** reveals when condemned (re-vote, L85) and, sometimes, to judge.
* **Lun** intercedes for a player he believes light; the **Bishop** reveals to save a shadow ally;
  **Koldun** curses his accuser; the condemned **Corrigan** fires at his top suspect.
* Everybody accuses and votes from known reveals, claims and the public record.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from narrator.agents.base import Decision, Request, Seat
from narrator.agents.battaglia.claims import Claim as Said
from narrator.agents.battaglia.claims import PublicRecord, bluff, darks_claim, false_claims, self_claim
from narrator.agents.battaglia.draws import GAMMA, MASK, DecisionRandom, mix64, seed_key
from narrator.agents.battaglia.knowledge import (
    CLAN_CARDS,
    Claim,
    Narrowing,
    PrivateMemory,
    PublicMemory,
    dark_kin,
    faction_of,
    factions_of,
    public_memory,
)
from narrator.agents.battaglia.texts import (
    Reason,
    Speech,
    Table,
    accusation_speech,
    defence_speech,
    has_voted,
    said_in_game,
    self_claim_speech,
    temperament,
)
from narrator.agents.i18n import message
from narrator.rules.battaglia.actions import (
    Accuse,
    Choose,
    Curse,
    DyingShot,
    Intercede,
    Judge,
    Pass,
    RevealBishop,
    RevealLord,
    Speak,
    Vote,
    Whisper,
)
from narrator.rules.battaglia.cards import LIGHT, Card
from narrator.rules.battaglia.life import force_of
from narrator.rules.core import Action

DARKNESS_STEPS = ("first_darkness", "second_darkness")
REVOTE_DOUBT = 0.5
"""In a re-vote, a leader within this much suspicion of one's own top choice is as good as it."""
MAX_SEATS = 64
"""More seats than any battaglia table has (the rules allow up to 17)."""


@dataclass
class Mind:
    """The bot's reading of one view: who it is, who it trusts, whom it suspects.

    ``suspicion(seat)`` scores a seat when first asked about it (with ``score(mind, seat)``).
    """

    me: int
    card: Card
    life: int
    faction: str
    alive: tuple[int, ...]
    known: dict[int, frozenset[Card]]
    allies: frozenset[int]
    memory: PublicMemory
    score: Callable[[Mind, int], float] = field(repr=False)
    ties: tuple[int, ...] = field(default=(), repr=False)
    """The bot's tie-break order of seats (:func:`tie_breaks`)."""
    scored: dict[int, float] = field(default_factory=dict, repr=False)

    def suspicion(self, seat: int) -> float:
        """How much this soul wants ``seat`` gone (0 for its own seat and the dead), scored on first ask."""
        found = self.scored.get(seat)
        if found is None:
            if seat == self.me or seat not in self.alive:
                return 0.0
            found = self.scored[seat] = self.score(self, seat)
        return found

    def enemies_ranked(self, pool: Sequence[int]) -> list[int]:
        """``pool`` minus allies, most suspicious first (ties by the bot's per-game order of seats)."""
        me, allies, suspicion, ties = self.me, self.allies, self.suspicion, self.ties
        return sorted((s for s in pool if s not in allies and s != me), key=lambda s: (-suspicion(s), ties[s]))


def tie_breaks(key: int) -> tuple[int, ...]:
    """A fixed order of every seat a table can have for the bot keyed ``key`` (its ``seed/seat`` key).

    Known enemies share one fixed score, so their ties are common; a hash of the seat numbers alone
    (the crc32 of "me/s" before) ordered them alike in every game, which made some seats the usual
    first accused of day 1 (a seat-position bias). Keyed by the game, the order is new each game.
    """
    return tuple(mix64(key ^ mix64((s + 1) * GAMMA & MASK)) for s in range(MAX_SEATS))


def shared_hash(a: int, b: int, salt: int) -> int:
    """A 64-bit hash of ``(a, b, salt)``: an order of ``b`` that everyone who knows ``salt`` computes alike.

    The salt is what the deciders share and what differs from game to game (the night group, the log's
    length): a hash of ``(a, b)`` alone would rank the seats the same way in every game, so the same seat
    would be the first victim of night 2 at every table (a seat-position bias). (SplitMix64's mixer, not
    crc32: crc32 is linear, so seats differing in a digit kept one order whatever the salt.)
    """
    return mix64(salt ^ mix64((a * GAMMA + b) & MASK))


class BattagliaBot(Seat):
    """A scripted player for any seat and mask.

    Args:
        seed: the game's seed; with ``seat`` it keys the bot's generator.
        seat: the seat it plays.
        table: the public dressing (language, names, legends) for its speech.
        talk: write accusation texts (off in the fastest simulations: the rules never read them).
    """

    name = "scripted"

    def __init__(self, seed: int | None, seat: int, table: Table | None = None, *, talk: bool = True) -> None:
        self.seed, self.seat = seed, seat
        self._key = seed_key(f"{seed}/{seat}")
        self.rng = DecisionRandom(self._key)
        self._ties = tie_breaks(self._key)
        self.table = table
        self.talk = talk
        self._private = PrivateMemory()
        self._narrowing = Narrowing()
        self._known_version = 0
        """Counts changes of claims, deaths or reveals (what the caches below depend on)."""
        self._known_side = ""
        self._alive: tuple[int, frozenset[int], tuple[int, ...]] = (0, frozenset(), ())
        """(players, out) and the living seats they give."""
        self._allies_known: frozenset[int] = frozenset()
        self._kin_key: tuple[Any, ...] = ()
        self._kin: frozenset[int] = frozenset()
        self._record = PublicRecord()
        """The public facts claims are checked against (folded from the log only when the bot speaks)."""
        self._claims: tuple[Said, ...] = ()
        """The claims of the speech of the move being made (the notes of its :class:`Decision`)."""
        self._speech: dict[str, Any] | None = None
        """What the move's words say, as data (:class:`Speech`, or a whisper's): the transcript keeps it
        beside the text, so a replay in another language says the same speech in its words."""

    # -- the agent protocol -----------------------------------------------------------------------

    def act(self, request: Request) -> Action | Decision:
        """Pick one of ``request.legal`` for the view in ``request``."""
        legal = request.legal
        if len(legal) == 1:
            return legal[0]
        # Re-seed from the view's position so a decision depends on (seed, seat, view) only: a game
        # resumed from its transcript continues exactly as it would have.
        view = request.view
        position = (len(view.log) << 32) | (len(view.notes) << 12) | (request.attempt & 0xFFF)
        self.rng.seed(self._key ^ mix64(position & MASK))
        self._claims, self._speech = (), None
        action = self.decide(view, self.read(view), legal)
        if action is None:
            return _pass_or_first(legal)
        notes: dict[str, Any] = {}
        if self._claims:  # host-only notes: what the speech claims, lies marked, the speaker's force (L92)
            force = str(force_of(Card(str(view.card)), int(view.life or 1)))
            notes = {"claims": [claim.to_dict() for claim in self._claims], "force": force}
        if self._speech is not None and getattr(action, "text", ""):
            notes["composed"] = self._speech
        return Decision(action, notes) if notes else action

    def read(self, view: Any) -> Mind:
        """Fold the view into a :class:`Mind` (the public log is folded once per game for every seat)."""
        memory = public_memory(view.log)
        private = self._private.feed(view.notes, self.seat, memory)
        card = view.card if isinstance(view.card, Card) else Card(view.card)
        mine = faction_of(card)
        narrowing = self._narrowing
        if narrowing.update(private, view, memory.deaths) or mine != self._known_side or self._alive[0] != view.players:
            # (claims change only with notes, deaths and reveals)
            alive = self._alive[2]
            if (view.players, view.out) != self._alive[:2]:
                alive = tuple(s for s in range(view.players) if s not in view.out)
                self._alive = (view.players, view.out, alive)
            self._allies_known = self._known_allies(mine, narrowing.known, alive)
            self._known_side, self._known_version = mine, self._known_version + 1
        known, alive, allies = narrowing.known, self._alive[2], self._allies_known
        life = int(view.life or 1)
        if mine == "darkness":
            if view.step in DARKNESS_STEPS:
                allies = allies | set(view.awake_with) - {self.seat}  # awake tonight (Koldunya fools them, L27)
            allies |= self._dark_kin(private, view, life, memory)
        return Mind(self.seat, card, life, mine, alive, known, allies, memory, self._score, ties=self._ties)

    def _dark_kin(self, claims: list[Claim], view: Any, life: int, memory: PublicMemory) -> frozenset[int]:
        """:func:`dark_kin` but this seat, cached while claims, deaths and this soul's life stand
        (reveals make no claim of a life, so the private claims are all it needs)."""
        key = (self._known_version, life)
        if key != self._kin_key:
            self._kin = dark_kin(claims, view.out, view.lives, life, memory.deaths) - {self.seat}
            self._kin_key = key
        return self._kin

    # -- knowledge --------------------------------------------------------------------------------

    def _known_allies(self, mine: str, known: dict[int, frozenset[Card]], alive: tuple[int, ...]) -> frozenset[int]:
        """Living seats a light or a shadow knows to be of its own side (never accused, voted or shot)."""
        if mine not in ("light", "shadow"):
            return frozenset()
        return frozenset(seat for seat, cards in known.items()
                         if seat in alive and seat != self.seat and factions_of(cards) == {mine})

    def _score(self, mind: Mind, seat: int) -> float:
        """How much this soul wants living ``seat`` gone: known enemies first, then the public record.

        Lights read the same record, so a small jitter lets their votes converge; the dark side
        fears the light's most effective accusers.
        """
        if seat in mind.allies:
            return -5.0
        cards = mind.known.get(seat)
        if cards:
            fixed = _known_enemy_score(cards, mind.faction)
            if fixed is not None:
                return fixed
        record = mind.memory.souls.get(seat)
        jitter = self.rng.unit(seat)
        if mind.faction == "light":
            score = 0.0 if record is None else (record.bad * 1.2 - record.good * 0.8 + 0.3 * record.was_accused
                                                + record.opposed)
            return score + jitter * 0.15
        return mind.memory.threat.get(seat, 0.0) + (record.good if record else 0.0) + jitter * 0.5

    # -- decisions --------------------------------------------------------------------------------

    def decide(self, view: Any, mind: Mind, legal: Sequence[Action]) -> Action | None:
        """Dispatch on the phase (by the kinds of move offered)."""
        kinds = {a.kind for a in legal}
        if "reveal_lord" in kinds:
            lord = self._lord_reveal(view, mind, legal)
            if lord is not None:
                return lord
        if "choose" in kinds:
            return self._night_choice(view, mind, legal)
        if "whisper" in kinds:
            return self._whisper(view, mind, legal)
        if "judge" in kinds:
            return self._judge(view, mind, legal)
        if "accuse" in kinds:
            return self._accuse(view, mind, legal)
        if "vote" in kinds:
            return self._vote(view, mind, legal)
        if "speak" in kinds:
            return self._speak(view, mind, legal)
        if "dying_shot" in kinds:
            return self._dying_shot(mind, legal)
        if "curse" in kinds:
            return _first(legal, Curse) if self.rng.random() < temperament("KOLDUN", "curse") else None
        if "intercede" in kinds or "reveal_bishop" in kinds:
            return self._execution(view, mind, legal)
        return None

    def _lord_reveal(self, view: Any, mind: Mind, legal: Sequence[Action]) -> Action | None:
        """The Lord reveals when condemned (L85), and sometimes early to judge (L75)."""
        reveal = _first(legal, RevealLord)
        if reveal is None:
            return None
        if view.condemned == self.seat:
            return reveal
        if str(view.phase) == "accuse" and view.day >= 2 and self.rng.random() < temperament("LORD_LUIHAD", "reveal") / 4:
            return reveal
        return None

    # night

    def _night_choice(self, view: Any, mind: Mind, legal: Sequence[Action]) -> Action | None:
        targets = [a.target for a in legal if isinstance(a, Choose) and a.target is not None]
        step = str(view.step)
        if step in DARKNESS_STEPS:
            target = self._darkness_target(view, mind, targets)
        elif "domovik" in step:
            target = self._domovik_guest(mind, targets)
        elif "tiir" in step:
            unknown = [t for t in targets if t not in mind.known or len(mind.known[t]) > 1]
            target = _top(mind, unknown or targets)
        elif "gloom" in step:
            target = _top(mind, targets)
        elif "corrigan" in step:
            target = self._corrigan_target(mind, targets)
        elif "cohen" in step:
            target = self._cohen_patient(view, mind, targets)
        else:
            target = None
        if target is None:
            return None
        return Choose(actor=self.seat, target=target)

    def _darkness_target(self, view: Any, mind: Mind, targets: list[int]) -> int | None:
        """The group's shared choice: same public ranking for all, or last round's plurality."""
        group = set(view.awake_with) | {self.seat}
        salt = sum(1 << s for s in group)  # the group: the same for each of its members
        previous = _last_round(view.notes, str(view.step), view.night_round)
        if previous:
            counts = Counter(t for _, t in previous if t is not None and t >= 0)
            if counts:
                best = max(counts.values())
                # Ties go by a hash the whole group computes alike, never by seat number (no seat-position bias).
                choice = min((t for t, n in counts.items() if n == best),
                             key=lambda t: shared_hash(view.night, t, salt))
                if choice in targets and choice not in self._private_allies(mind):
                    return choice
        outsiders = [t for t in targets if t not in group and t not in mind.allies]
        if not outsiders:
            return None
        night = view.night

        def shared_rank(seat: int) -> tuple[float, int]:
            jitter = shared_hash(night, seat, salt) % 1000 / 1000
            return (-(mind.memory.threat.get(seat, 0.0) + jitter), seat)

        ranked = sorted(outsiders, key=shared_rank)
        mine = self._private_allies(mind)
        for seat in ranked:
            if seat not in mine:
                return seat
        return ranked[0]

    def _private_allies(self, mind: Mind) -> frozenset[int]:
        """Allies a clan member keeps to himself (a shadow Koldunya protects the shadows)."""
        if mind.faction == "shadow":
            return mind.allies
        return frozenset()

    def _domovik_guest(self, mind: Mind, targets: list[int]) -> int | None:
        friends = [t for t in targets if t in mind.allies]
        if friends:
            return self.rng.choice(friends)
        trusted = sorted(targets, key=lambda s: (mind.suspicion(s), s))
        return trusted[0] if trusted else None

    def _corrigan_target(self, mind: Mind, targets: list[int]) -> int | None:
        pool = [t for t in targets if not (mind.known.get(t) and mind.known[t] <= LIGHT)]
        return _top(mind, pool) if pool else None

    def _cohen_patient(self, view: Any, mind: Mind, targets: list[int]) -> int | None:
        if self.seat in targets and self.rng.random() < 0.4:
            return self.seat
        pool = [t for t in targets if t not in view.revealed_lord and t not in view.revealed_shadow]
        if not pool:
            return self.seat if self.seat in targets else None
        return min(pool, key=lambda s: (mind.suspicion(s) - (2.0 if s in mind.allies else 0.0), s))

    def _whisper(self, view: Any, mind: Mind, legal: Sequence[Action]) -> Action | None:
        """Shadows share who they know to be dark (the Cat's peeking is the usual source)."""
        darks = sorted(s for s, cards in mind.known.items() if cards <= CLAN_CARDS and s in mind.alive
                       and s not in mind.allies)
        if not darks:  # (always said, even in silent simulations: it is information, not flavour)
            return Whisper(actor=self.seat)
        names = ", ".join(str(s) for s in darks)
        text = message(self.table.lang if self.table is not None else "ru", "battaglia_host.whisper_dark", names=names)
        if self.talk and self.table is not None:  # a talking bot's moves may carry notes (silent ones: bare moves)
            self._speech = {"pool": "whisper_dark", "seats": darks}
        return Whisper(actor=self.seat, text=text)

    # day

    def _accuse(self, view: Any, mind: Mind, legal: Sequence[Action]) -> Action | None:
        options = [a for a in legal if isinstance(a, Accuse)]
        if not options:
            return None
        last_words = str(view.phase) == "last_words"
        # A revealed Child condemned again is spared again (DEC-24): accusing it wastes the day.
        targets = sorted({a.target for a in options} - set(view.revealed_child))
        ranked = mind.enemies_ranked(targets)
        if not ranked:
            return None
        target = ranked[0]
        if not last_words and mind.suspicion(target) < 0.6:
            # Without a reason, take a fair share of the slots left: slots / speakers still to come (me
            # included), so a seat accuses about as often wherever the day's order puts it (DEC-34 rotates
            # the order by one seat a day; the early speakers used to fill the slots).
            boldness = temperament(mind.card.value, "boldness")
            share = (view.accusations_limit - len(view.accusations)) / speakers_left(view, mind)
            if self.rng.random() >= share * (0.5 + boldness):
                return None
        reason = self._reason(view, mind, target)
        basis = "logic" if reason is not None else "legend"
        charge = "shadow" if target in view.revealed_shadow else "dark"
        move = next((a for a in options if a.target == target and a.basis == basis and a.charge == charge), None)
        if move is None:
            move = next(a for a in options if a.target == target)
        if last_words or not self.talk or self.table is None:
            return move
        reason, claims = self._voiced(view, mind, target, move.basis, reason)
        self._claims = claims
        return self._said(move, accusation_speech(self.table, target, move.basis, reason, self.rng,
                                                  said_in_game(view.log)))

    def _said(self, move: Any, speech: Speech) -> Any:
        """``move`` with ``speech``'s words, the speech kept for the move's notes."""
        assert self.table is not None
        self._speech = speech.to_dict()
        return replace(move, text=speech.said(self.table))

    def _public_record(self, view: Any) -> PublicRecord:
        if len(view.log) < self._record.seen:  # another game
            self._record = PublicRecord()
        return self._record.feed(view.log)

    def _voiced(self, view: Any, mind: Mind, target: int, basis: str,
                reason: Reason | None) -> tuple[Reason | None, tuple[Said, ...]]:
        """The reason an accusation voices and its claims, checked against the public log.

        A dark or gloom soul with no fact to cite may bluff (a vote against a dead light that never
        was: a marked lie); any other false claim is replaced by the estimate of darks, whose claim is
        what the day's count shows (:func:`darks_claim`). Only the words change: the move was chosen before.
        """
        if basis != "logic" or reason is None:
            return reason, ()
        record = self._public_record(view)
        if reason.kind == "darks_count":
            invented = bluff(mind.card, target, view.graveyard, record, (self.seed, self.seat, len(view.log)))
            if invented is None:
                return self._darks_said(record)
            other, card = invented
            return (Reason("voted_for_light", other=other, card=card.value),
                    (Said("voted", target, other, lie=True), Said("died_as", other, card=card.value)))
        claims = reason_claims(reason, target)
        if false_claims(claims, record):
            return self._darks_said(record)
        return reason, claims

    def _darks_said(self, record: PublicRecord) -> tuple[Reason, tuple[Said, ...]]:
        """The estimate of darks alive, worded as the day's count of accusations shows it (exact, or a bound
        at the count's cap and floor, L74), with its claim: "4 darks" at five accusations was false whenever
        five or more lived (issue #32)."""
        claim = darks_claim(self.seat, record)
        return Reason("darks_count", n=claim.n, bound="" if claim.card == "exact" else claim.card), (claim,)

    def _reason(self, view: Any, mind: Mind, target: int) -> Reason | None:
        """A public fact to lean on (by logic), else ``None`` (by legend). Same odds for every force."""
        if target in view.revealed_shadow:
            return Reason("revealed_shadow")
        # Whether a reason exists (and every draw) is as before (the native engine mirrors it); what is
        # said is a fact of the public record: who accused or voted against whom, who died with which card.
        memory = mind.memory
        record = memory.souls.get(target)
        count = Reason("darks_count", n=max(1, view.accusations_limit - 1))
        if record is not None and record.bad > 0 and any(c in LIGHT for _, _, c in view.graveyard):
            if not record.against_light:
                return count
            how, seat, card = record.against_light[-1]
            kind = "accused_light" if how == "accused" else "voted_for_light"
            return Reason(kind, other=seat, card=card.value)
        roll = self.rng.random()
        if roll < 0.25 and record is not None and record.was_accused:
            return Reason("survived")
        if roll < 0.45 and view.day >= 2 and (record is None or not record.accused):
            return Reason("silent", n=view.day - 1) if target not in memory.accusers else count
        if roll < 0.6:
            return count
        return None

    def _judge(self, view: Any, mind: Mind, legal: Sequence[Action]) -> Action | None:
        """The Lord judge refuses accusations of revealed Children and of proven lights (L75)."""
        pending = next((e for e in reversed(view.log) if e.kind == "accusation_proposed"), None)
        approve = True
        if pending is not None:
            target = pending.data["target"]
            proven_light = mind.known.get(target) is not None and mind.known[target] <= LIGHT
            approve = not (target in view.revealed_child or target in view.revealed_lord or proven_light)
        return Judge(actor=self.seat, approve=approve)

    def _vote(self, view: Any, mind: Mind, legal: Sequence[Action]) -> Action | None:
        ballots = [a for a in legal if isinstance(a, Vote)]
        if not ballots:
            return None
        candidates = sorted({t for b in ballots for t in b.targets} - set(view.revealed_child))
        size = max(len(b.targets) for b in ballots)
        ranked = mind.enemies_ranked(candidates)
        if not ranked:
            return _first(legal, Pass)  # only allies (or a revealed Child) stand accused: abstain
        # Vote for the leading suspects only (within 0.5 of the top), so votes are not spread thin.
        top = mind.suspicion(ranked[0])
        chosen = [s for s in ranked if mind.suspicion(s) >= max(0.2, top - 0.5)][:size] or ranked[:1]
        if str(view.phase) == "revote" and len(ranked) > 1:
            # The same ballots would tie again: a voter without a clear preference joins the leader every
            # reader picks alike (a hash of the day), so the undecided break the tie together.
            pick = min(candidates, key=lambda c: shared_hash(view.day, c, len(view.log)))
            if pick in ranked and mind.suspicion(pick) >= top - REVOTE_DOUBT:
                chosen = [pick]
        wanted = tuple(sorted(chosen))
        return next((b for b in ballots if b.targets == wanted), None)

    def _speak(self, view: Any, mind: Mind, legal: Sequence[Action]) -> Action | None:
        if not self.talk or self.table is None:
            return None
        accused = any(a.target == self.seat for a in view.accusations)
        if accused or self.rng.random() < 0.3:
            heard = said_in_game(view.log)
            speech = defence_speech(self.table, self.seat, self.rng, heard, accused=accused,
                                    has_voted=accused and has_voted(view.log, self.seat))
            claim = self_claim(self.seat, mind.card, (self.seed, self.seat, len(view.log))) if accused else None
            if claim is not None:  # "my soul is light": true of a light, a marked lie of anyone else
                self._claims = (claim,)
                speech = self_claim_speech(self.table, self.seat, self.rng, heard)
            return self._said(Speak(actor=self.seat), speech)
        return None

    def _dying_shot(self, mind: Mind, legal: Sequence[Action]) -> Action | None:
        targets = [a.target for a in legal if isinstance(a, DyingShot)]
        pool = [t for t in targets if not (mind.known.get(t) and mind.known[t] <= LIGHT)] or targets
        target = _top(mind, pool)
        return DyingShot(actor=self.seat, target=target) if target is not None else None

    def _execution(self, view: Any, mind: Mind, legal: Sequence[Action]) -> Action | None:
        condemned = view.condemned
        if condemned is None:
            return None
        bishop = _first(legal, RevealBishop)
        if bishop is not None and condemned in mind.allies and self.rng.random() < temperament("BISHOP", "reveal"):
            return bishop
        lun = _first(legal, Intercede)
        believed_light = condemned in mind.allies or condemned in view.revealed_lord
        if lun is not None and believed_light and self.rng.random() < temperament("LUN", "reveal"):
            return lun
        return None


# -- helpers --------------------------------------------------------------------------------------


def reason_claims(reason: Reason, target: int) -> tuple[Said, ...]:
    """The public claims an accusation by logic makes when it voices ``reason`` against ``target``."""
    kind = reason.kind
    if kind == "revealed_shadow":
        return (Said("revealed", target, card="shadow"),)
    if kind in ("accused_light", "voted_for_light") and reason.other is not None:
        act = "accused" if kind == "accused_light" else "voted"
        return Said(act, target, reason.other), Said("died_as", reason.other, card=reason.card)
    if kind == "silent":
        return (Said("never_accused", target),)
    if kind == "survived":
        return (Said("was_accused", target),)
    return ()  # darks_count: its claim is made from the record's count (BattagliaBot._darks_said)


def _last_round(notes: Sequence[Any], step: str, night_round: int) -> list[tuple[int, int]]:
    """The previous round's pointing of this darkness step tonight (empty in round 1)."""
    if night_round <= 1:
        return []
    for event in reversed(notes):
        if event.kind == "darkness_round" and event.data["step"] == step:
            if event.data["round"] == night_round - 1:
                return [(s, t) for s, t in event.data["choices"]]
            return []
    return []


def speakers_left(view: Any, mind: Mind) -> int:
    """Living seats still to accuse in today's round, this one included: the day's order starts one seat
    further on each day (DEC-34), so the seats from here to the end of the circle."""
    players, start = view.players, (view.day - 1) % view.players
    here = (mind.me - start) % players
    return sum(1 for s in mind.alive if (s - start) % players >= here) or 1


def _top(mind: Mind, pool: Sequence[int]) -> int | None:
    """The most suspicious seat of ``pool`` (an ally only when nothing else is left)."""
    ranked = mind.enemies_ranked(pool)
    if ranked:
        return ranked[0]
    rest = [s for s in pool if s != mind.me]
    return rest[0] if rest else None


def _known_enemy_score(cards: frozenset[Card], mine: str) -> float | None:
    """The fixed suspicion of a seat known to be one of ``cards`` when few of them are friends of
    ``mine`` (e.g. the darkness clan seen by a shadow: only Koldunya would be a friend), else ``None``."""
    key = (cards, mine)
    if key not in _ENEMY_SCORES:
        friendly = sum(1 for c in cards if faction_of(c) == mine) / len(cards)
        score = None
        if friendly <= 0.25:
            dark = factions_of(cards) & {"darkness", "gloom"}
            score = 5.0 * (1 - friendly) + (1.0 if dark and mine == "light" else 0.0)
        _ENEMY_SCORES[key] = score
    return _ENEMY_SCORES[key]


_ENEMY_SCORES: dict[tuple[frozenset[Card], str], float | None] = {}


def _first(legal: Sequence[Action], kind: type[Action]) -> Action | None:
    return next((a for a in legal if isinstance(a, kind)), None)


def _pass_or_first(legal: Sequence[Action]) -> Action:
    return _first(legal, Pass) or legal[0]

