"""A scripted battaglia bot's day: accusations and the reasons they voice, judging, votes, speeches, the
condemned's last moves."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from narrator.agents.battaglia.bot_mind import REVOTE_DOUBT, Mind, Player, first_of, shared_hash, speakers_left, top
from narrator.agents.battaglia.claims import Claim as Said
from narrator.agents.battaglia.claims import PublicRecord, bluff, darks_claim, false_claims, self_claim
from narrator.agents.battaglia.texts import (
    Reason,
    Speech,
    accusation_speech,
    defence_speech,
    has_voted,
    said_in_game,
    self_claim_speech,
    temperament,
)
from narrator.rules.battaglia.actions import Accuse, DyingShot, Intercede, Judge, Pass, RevealBishop, Speak, Vote
from narrator.rules.battaglia.cards import LIGHT
from narrator.rules.core import Action


class DayMoves(Player):
    """What a bot accuses, votes and says by day, and how the condemned's friends step in."""

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

    def _voiced(self, view: Any, mind: Mind, target: int, basis: str,
                reason: Reason | None) -> tuple[Reason | None, tuple[Said, ...]]:
        """The reason an accusation voices and its claims, checked against the public log.

        A dark or gloom soul with no fact to cite may bluff (a vote against a dead light that never
        was: a marked lie); any other false claim is replaced by the estimate of darks, whose claim is
        what the day's count shows (:func:`darks_claim`). Only the words change: the move was chosen before.
        """
        if basis != "logic" or reason is None:
            return reason, ()
        record = PublicRecord.of(view.record)
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
            return first_of(legal, Pass)  # only allies (or a revealed Child) stand accused: abstain
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
                                    has_voted=accused and has_voted(view.record, self.seat))
            claim = self_claim(self.seat, mind.card, (self.seed, self.seat, len(view.log))) if accused else None
            if claim is not None:  # "my soul is light": true of a light, a marked lie of anyone else
                self._claims = (claim,)
                speech = self_claim_speech(self.table, self.seat, self.rng, heard)
            return self._said(Speak(actor=self.seat), speech)
        return None

    def _dying_shot(self, mind: Mind, legal: Sequence[Action]) -> Action | None:
        targets = [a.target for a in legal if isinstance(a, DyingShot)]
        pool = [t for t in targets if not (mind.known.get(t) and mind.known[t] <= LIGHT)] or targets
        target = top(mind, pool)
        return DyingShot(actor=self.seat, target=target) if target is not None else None

    def _execution(self, view: Any, mind: Mind, legal: Sequence[Action]) -> Action | None:
        condemned = view.condemned
        if condemned is None:
            return None
        bishop = first_of(legal, RevealBishop)
        if bishop is not None and condemned in mind.allies and self.rng.random() < temperament("BISHOP", "reveal"):
            return bishop
        lun = first_of(legal, Intercede)
        believed_light = condemned in mind.allies or condemned in view.revealed_lord
        if lun is not None and believed_light and self.rng.random() < temperament("LUN", "reveal"):
            return lun
        return None



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

