"""The Storyteller's voice: the small interface a scripted GM asks for words.

The scripted GM (:mod:`agents.ten_candles.gm`) decides the mechanics (whom to call, whether a
conflict is dangerous, when the final scene takes a life); a :class:`Storyteller` supplies the
words. It is fed only the GM's view and the events the GM seat may see, so a language-model
Storyteller can replace the template one (``narrator.ten_candles.storyteller``) without touching
the rules or the GM's decisions. :class:`PlainVoice` is the wordless stand-in for fast simulation.
"""

from __future__ import annotations

from collections.abc import Awaitable, Sequence
from typing import Any, Protocol, runtime_checkable

from narrator.rules.core import Event, PlayerId


@runtime_checkable
class Storyteller(Protocol):
    """What a Ten Candles Storyteller says, and what it can do besides (declared, never probed). Every method
    returns text in the table's language."""

    @property
    def lang(self) -> str:
        """The table's language (``"ru"`` or ``"en"``)."""

    @property
    def retraceable(self) -> bool:
        """The same seed, views and events give the same words, so a resumed game asks it again (a model is not)."""

    @property
    def warms(self) -> bool:
        """It warms its next prompt on its server while a person decides (:meth:`warm_heard`: a model of our own)."""

    def warm_heard(self, view: Any, coming: Sequence[Event]) -> Awaitable[bool] | None:
        """The warm-up of its next prompt from ``view`` and the events a person's default move would add, for the
        session to run in the background; ``None``: nothing to warm (``warms`` is False)."""

    def observe(self, events: Sequence[Event]) -> None:
        """Take note of events the GM seat may see (names, candles, deaths, X-cards)."""

    def briefing(self, view: Any) -> str:
        """Setup step 2: the module read aloud like a mission briefing (L122)."""

    def open_scene(self, view: Any) -> str:
        """A scene's opening: where we are and what the dark is doing (L66, L253)."""

    def speak_truth(self, view: Any) -> tuple[str, str]:
        """The GM's truth in the rotation: ``(text, topic)``; topics other than ``general`` are
        the GM's alone (L331)."""

    def write_brink(self, view: Any, holder: PlayerId) -> str:
        """«Они видели, как ты…» for the GM's left neighbour (L190)."""

    def frame_conflict(self, view: Any, active: PlayerId, dangerous: bool, moment: bool) -> str:
        """What is at stake in the conflict just called (L265, L289)."""

    def narrate_outcome(self, view: Any, events: Sequence[Event]) -> str:
        """The outcome of the conflict whose events are given, when the GM holds narration (L283)."""

    def final_death(self, view: Any, seat: PlayerId) -> str:
        """A death in the Last Stand (L47, L60)."""

    def x_card(self, view: Any, note: str) -> str:
        """Answer an X-card: drop the current thread and turn the scene elsewhere (D39)."""


@runtime_checkable
class RulesOnAttempt(Protocol):
    """A Storyteller that rules on a survivor's stated attempt itself (a model): conflict or not, and why. The
    template's reading of the words is its fallback (:func:`narrator.ten_candles.attempts.template_ruling`)."""

    def rule_on_attempt(self, view: Any, seat: PlayerId, text: str, rejection: Any = None) -> Any:
        """The ruling on ``seat``'s attempt ``text`` (``None``: no usable answer; the template rules)."""


class PlainVoice:
    """A Storyteller that says as little as the kernel allows: for simulations, where nobody reads."""

    retraceable = True
    lang = "en"
    warms = False

    def warm_heard(self, view: Any, coming: Sequence[Event]) -> Awaitable[bool] | None:
        """Nothing to warm."""
        return None

    def observe(self, events: Sequence[Event]) -> None:
        """Nothing to remember."""

    def briefing(self, view: Any) -> str:
        """A fixed briefing."""
        return "module"

    def open_scene(self, view: Any) -> str:
        """A fixed opening."""
        return "scene"

    def speak_truth(self, view: Any) -> tuple[str, str]:
        """A fixed general truth."""
        return ("Truth: the dark is near", "general")

    def write_brink(self, view: Any, holder: PlayerId) -> str:
        """A fixed Brink from Them."""
        return "Они видели, как ты… дрогнул"

    def frame_conflict(self, view: Any, active: PlayerId, dangerous: bool, moment: bool) -> str:
        """A fixed frame."""
        return "conflict"

    def narrate_outcome(self, view: Any, events: Sequence[Event]) -> str:
        """A fixed narration."""
        return "so it goes"

    def final_death(self, view: Any, seat: PlayerId) -> str:
        """A fixed death."""
        return "the dark takes them"

    def x_card(self, view: Any, note: str) -> str:
        """A fixed redirect."""
        return "we move on"
