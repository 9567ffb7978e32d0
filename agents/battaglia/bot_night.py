"""A scripted battaglia bot's night: whom its mask chooses, and what a shadow whispers."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from narrator.agents.battaglia.bot_mind import DARKNESS_STEPS, Mind, Player, shared_hash, top
from narrator.agents.battaglia.knowledge import CLAN_CARDS
from narrator.agents.i18n import message
from narrator.rules.battaglia.actions import Choose, Whisper
from narrator.rules.battaglia.cards import LIGHT
from narrator.rules.core import Action


class NightMoves(Player):
    """The night choices of every mask (spec §12) and the shadows' whisper."""

    def _night_choice(self, view: Any, mind: Mind, legal: Sequence[Action]) -> Action | None:
        targets = [a.target for a in legal if isinstance(a, Choose) and a.target is not None]
        step = str(view.step)
        if step in DARKNESS_STEPS:
            target = self._darkness_target(view, mind, targets)
        elif "domovik" in step:
            target = self._domovik_guest(mind, targets)
        elif "tiir" in step:
            unknown = [t for t in targets if t not in mind.known or len(mind.known[t]) > 1]
            target = top(mind, unknown or targets)
        elif "gloom" in step:
            target = top(mind, targets)
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
        previous = last_round(view.notes, str(view.step), view.night_round)
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
        return top(mind, pool) if pool else None

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


def last_round(notes: Sequence[Any], step: str, night_round: int) -> list[tuple[int, int]]:
    """The previous round's pointing of this darkness step tonight (empty in round 1)."""
    if night_round <= 1:
        return []
    for event in reversed(notes):
        if event.kind == "darkness_round" and event.data["step"] == step:
            if event.data["round"] == night_round - 1:
                return [(s, t) for s, t in event.data["choices"]]
            return []
    return []

