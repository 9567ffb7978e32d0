"""Ten Candles moves. Free text is a bounded string the kernel stores and checks only for *who*
writes it *when* (and for length; a Trait must be one word), never for its content.

Actions whose ``actor`` defaults to ``HOST`` are the GM's. ``INTERJECTIONS`` may be made by any
seat at any moment of play, whoever is expected to act (an X-card, a candle going out by
accident, showing one's active Brink); they are listed by ``legal_actions`` but never make a
seat *active*.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from narrator.rules.core import HOST, Action, PlayerId


@dataclass(frozen=True, slots=True, kw_only=True)
class WriteTraits(Action):
    """Step 1: a player writes a virtue (passed right) and a vice (passed left) (L102)."""

    kind: Literal["write_traits"] = "write_traits"
    virtue: str
    vice: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ReadModule(Action):
    """Step 2: the GM reads the module like a mission briefing (L122)."""

    kind: Literal["read_module"] = "read_module"
    actor: PlayerId = HOST
    text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class DescribeCharacter(Action):
    """Step 3: name, appearance, a couple of words of who they are; read to all (L128-132)."""

    kind: Literal["describe_character"] = "describe_character"
    name: str
    appearance: str
    description: str


@dataclass(frozen=True, slots=True, kw_only=True)
class WriteMoment(Action):
    """Step 4: the player completes «Я обрету надежду, когда…» for their own character (L144)."""

    kind: Literal["write_moment"] = "write_moment"
    text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class WriteBrink(Action):
    """Step 5: a Brink for the seat on the left, with where/when it was seen (L174-178).

    The GM writes «Они видели, как ты…» for seat 0 (L190); the GM's right neighbour writes
    «Я видел, как Они…» for Them (L192).
    """

    kind: Literal["write_brink"] = "write_brink"
    text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ArrangeStack(Action):
    """Step 6: the order of virtue, vice and moment, top first; the Brink goes under them (L230)."""

    kind: Literal["arrange_stack"] = "arrange_stack"
    order: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class DescribeSupplies(Action):
    """Step 7: what is in the player's real pockets (L240)."""

    kind: Literal["describe_supplies"] = "describe_supplies"
    text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class FrameScene(Action):
    """The GM sets the first scene, re-reading and expanding the module (L253)."""

    kind: Literal["frame_scene"] = "frame_scene"
    actor: PlayerId = HOST
    text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordMessage(Action):
    """A character's message to the world, any length, empty allowed (L255-257)."""

    kind: Literal["record_message"] = "record_message"
    text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CallConflict(Action):
    """The GM calls a conflict for ``active`` (L265, L267); ``dangerous`` is fixed now (L289, D29);
    ``moment`` makes it the roll to live ``active``'s Moment (L152, D14)."""

    kind: Literal["call_conflict"] = "call_conflict"
    actor: PlayerId = HOST
    active: PlayerId
    dangerous: bool = False
    moment: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class KillCharacter(Action):
    """Final scene only: the GM narrates a character's death (L47, L60, D3)."""

    kind: Literal["kill_character"] = "kill_character"
    actor: PlayerId = HOST
    target: PlayerId
    text: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Roll(Action):
    """The active player rolls the common pool (and their hope die) (L267-271, L160)."""

    kind: Literal["roll"] = "roll"


@dataclass(frozen=True, slots=True, kw_only=True)
class BurnTrait(Action):
    """Burn the active Trait to reroll every die showing 1 (L75, L114, L295)."""

    kind: Literal["burn_trait"] = "burn_trait"


@dataclass(frozen=True, slots=True, kw_only=True)
class EmbraceBrink(Action):
    """Embrace the active Brink to reroll the whole pool (L218-220, L297)."""

    kind: Literal["embrace_brink"] = "embrace_brink"


@dataclass(frozen=True, slots=True, kw_only=True)
class SeizeNarration(Action):
    """Put out a candle to narrate a success the GM would narrate; the scene ends (L60, L285)."""

    kind: Literal["seize_narration"] = "seize_narration"


@dataclass(frozen=True, slots=True, kw_only=True)
class AcceptRoll(Action):
    """Stop rerolling and let the roll stand (L293)."""

    kind: Literal["accept_roll"] = "accept_roll"


@dataclass(frozen=True, slots=True, kw_only=True)
class VolunteerDeath(Action):
    """After a failed dangerous conflict: my character dies, and I narrate (L291)."""

    kind: Literal["volunteer_death"] = "volunteer_death"


@dataclass(frozen=True, slots=True, kw_only=True)
class DeclineDeath(Action):
    """After a failed dangerous conflict: my character does not die of it (L291)."""

    kind: Literal["decline_death"] = "decline_death"


@dataclass(frozen=True, slots=True, kw_only=True)
class Narrate(Action):
    """The narration holder describes the outcome of the conflict (L279-291)."""

    kind: Literal["narrate"] = "narrate"
    text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SpeakTruth(Action):
    """One fact, spoken as a Truth, in clockwise turn (L313, L321-325).

    ``topic`` tags a truth about Their weakness, the darkness or the sun: the GM's alone (L331).
    """

    kind: Literal["speak_truth"] = "speak_truth"
    text: str
    topic: str = "general"


@dataclass(frozen=True, slots=True, kw_only=True)
class RevealBrink(Action):
    """Show one's Brink once it is the active card (L232, L234, D22). An interjection."""

    kind: Literal["reveal_brink"] = "reveal_brink"


@dataclass(frozen=True, slots=True, kw_only=True)
class CandleOut(Action):
    """A candle went out by accident (L56), reported by the GM or any player (D5). An interjection."""

    kind: Literal["candle_out"] = "candle_out"


@dataclass(frozen=True, slots=True, kw_only=True)
class XCard(Action):
    """Safety tool: the X-card, played by anyone at any moment (D39). An interjection; changes
    no candle, die or card, but every Storyteller receives it as a public event."""

    kind: Literal["x_card"] = "x_card"
    note: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class StateAttempt(Action):
    """With ``stated_attempts``: a player says what their character attempts now (L58, L265); the GM
    answers it with a conflict for this player (L267) or lets it simply happen."""

    kind: Literal["state_attempt"] = "state_attempt"
    text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class PassAttempt(Action):
    """With ``stated_attempts``: a player attempts nothing of their own now; the GM goes on (L265)."""

    kind: Literal["pass_attempt"] = "pass_attempt"


@dataclass(frozen=True, slots=True, kw_only=True)
class AllowAttempt(Action):
    """The GM rules a stated attempt is no conflict: its outcome is not in doubt, it simply happens
    (L58: «конфликт — это попытка персонажа сделать что-то, когда результат неочевиден»); ``text``
    tells how (may be empty)."""

    kind: Literal["allow_attempt"] = "allow_attempt"
    actor: PlayerId = HOST
    text: str = ""


ACTION_TYPES: tuple[type[Action], ...] = (
    WriteTraits, ReadModule, DescribeCharacter, WriteMoment, WriteBrink, ArrangeStack, DescribeSupplies,
    FrameScene, RecordMessage, CallConflict, KillCharacter, Roll, BurnTrait, EmbraceBrink, SeizeNarration,
    AcceptRoll, VolunteerDeath, DeclineDeath, Narrate, SpeakTruth, RevealBrink, CandleOut, XCard,
    StateAttempt, PassAttempt, AllowAttempt,
)
INTERJECTIONS: tuple[type[Action], ...] = (XCard, CandleOut, RevealBrink)
"""Moves any seat may make at any moment of play; they never make a seat active."""
TEXT_FIELDS = ("virtue", "vice", "text", "name", "appearance", "description", "note")
"""Fields holding free text: ``legal_actions`` fills them with a sample; ``check`` accepts any
text within bounds there (see README)."""
