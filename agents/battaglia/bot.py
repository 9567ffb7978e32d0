"""Scripted battaglia bots: one plausible player per mask, deciding from its seat's view only.

The bot reads its view into :class:`Mind` (what it knows and whom it suspects), then picks one of
the legal moves the kernel listed, so it always answers legally. Its own randomness is a
:class:`~agents.battaglia.draws.DecisionRandom` re-seeded at each decision from (seed, seat) and the
view's position, so the same view gives the same move.

Speed (the simulator asks a bot ~250 times a game): the kernel's public record (``view.record``) and the
private notes are read incrementally (:class:`~agents.battaglia.knowledge.PublicMemory`), and a seat's
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

from collections.abc import Sequence
from typing import Any

from narrator.agents.base import Decision, Request, Seat
from narrator.agents.battaglia.bot_day import DayMoves, reason_claims
from narrator.agents.battaglia.bot_mind import (
    DARKNESS_STEPS,
    REVOTE_DOUBT,
    Mind,
    first_of,
    known_enemy_score,
    pass_or_first,
    shared_hash,
    speakers_left,
    tie_breaks,
)
from narrator.agents.battaglia.bot_night import NightMoves
from narrator.agents.battaglia.claims import Claim as Said
from narrator.agents.battaglia.draws import MASK, DecisionRandom, mix64, seed_key
from narrator.agents.battaglia.knowledge import (
    Claim,
    Narrowing,
    PrivateMemory,
    PublicMemory,
    dark_kin,
    faction_of,
    factions_of,
)
from narrator.agents.battaglia.texts import Table, temperament
from narrator.rules.battaglia.actions import Curse, RevealLord
from narrator.rules.battaglia.cards import Card
from narrator.rules.battaglia.life import force_of
from narrator.rules.core import Action

__all__ = ["REVOTE_DOUBT", "BattagliaBot", "Mind", "reason_claims", "shared_hash", "speakers_left", "tie_breaks"]


class BattagliaBot(NightMoves, DayMoves, Seat):
    """A scripted player for any seat and mask.

    Args:
        seed: the game's seed; with ``seat`` it keys the bot's generator (a text keys a stream of its own: the
            strong seat's sampled worlds, ``narrator.battaglia.strong``).
        seat: the seat it plays.
        table: the public dressing (language, names, legends) for its speech.
        talk: write accusation texts (off in the fastest simulations: the rules never read them).
    """

    name = "scripted"

    def __init__(self, seed: int | str | None, seat: int, table: Table | None = None, *, talk: bool = True) -> None:
        self.seed, self.seat = seed, seat
        self._key = seed_key(f"{seed}/{seat}")
        self.rng = DecisionRandom(self._key)
        self._ties = tie_breaks(self._key)
        self.table = table
        self.talk = talk
        self._public = PublicMemory()
        """The public record weighed per soul (``view.record`` read incrementally)."""
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
            return pass_or_first(legal)
        notes: dict[str, Any] = {}
        if self._claims:  # host-only notes: what the speech claims, lies marked, the speaker's force (L92)
            force = str(force_of(Card(str(view.card)), int(view.life or 1)))
            notes = {"claims": [claim.to_dict() for claim in self._claims], "force": force}
        if self._speech is not None and getattr(action, "text", ""):
            notes["composed"] = self._speech
        return Decision(action, notes) if notes else action

    def read(self, view: Any) -> Mind:
        """Fold the view into a :class:`Mind` (the public log is folded once per game for every seat)."""
        memory = self._public.feed(view.record)
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
            fixed = known_enemy_score(cards, mind.faction)
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
            return first_of(legal, Curse) if self.rng.random() < temperament("KOLDUN", "curse") else None
        if "intercede" in kinds or "reveal_bishop" in kinds:
            return self._execution(view, mind, legal)
        return None

    def _lord_reveal(self, view: Any, mind: Mind, legal: Sequence[Action]) -> Action | None:
        """The Lord reveals when condemned (L85), and sometimes early to judge (L75)."""
        reveal = first_of(legal, RevealLord)
        if reveal is None:
            return None
        if view.condemned == self.seat:
            return reveal
        if str(view.phase) == "accuse" and view.day >= 2 and self.rng.random() < temperament("LORD_LUIHAD", "reveal") / 4:
            return reveal
        return None
