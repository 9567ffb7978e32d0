"""What the template Storyteller reads and answers with: the player's :class:`Choice` among the scene's
:class:`Option` s, the :class:`Asked` question, the :class:`StorytellerVoice` protocol, and
:class:`TemplateBase`: the scenario, the narration lines said in each scene and the reading of the host view
(scenes, characters, sheets, names) that the Storyteller's moves (:mod:`~narrator.storyteller.template_moves`),
its narration (:mod:`~narrator.storyteller.template_narration`) and the offline reader
(:mod:`~narrator.storyteller.offline`) share.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Protocol, runtime_checkable

from narrator.agents.i18n import catalogue
from narrator.rules.core import Action, Event, PlayerId
from narrator.storyteller.scenario import Approach, Scenario, Scene

if TYPE_CHECKING:
    from narrator.rules.storyteller.books import StorytellerConfig

View = Mapping[str, Any]


@dataclass(frozen=True)
class Option:
    """An approach the player may choose now."""

    number: int
    approach: str
    label: str
    preview: str
    words: str = ""
    """More words the approach answers to (the scenario's synonyms), for matching a typed intent."""
    joins: bool = False
    """An answer to a teamwork invitation (join the task, or ``pass``)."""
    traits: tuple[str, ...] = ()
    """What the approach rolls (the offline reader matches a deed's roll to it: sneaking is Dexterity + Stealth)."""
    deed: str = "roll"
    """``roll``, ``attack`` (a blow with ``weapon``), ``go`` (a move of the story) or ``pass``."""
    weapon: str = ""
    risky: bool = False
    """Its outcome can end the story or start a fight: a weak reading of typed words never takes it (issue 28)."""
    willpower: str = ""
    """Why a Willpower point buys nothing on this approach (a key of ``st_intent.willpower_not``: ``contest``,
    ``team``, ``extended``, ``no_roll``, ``none``, ``spent``); empty when the kernel lets it buy a
    success (its own law asked, under the table's rules). The words "I spend Willpower" then say why not instead
    of promising a point the kernel never spends."""


CHOOSE = "choose_approach"
"""The kind of the player's answer to the table's question (never a kernel move)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Choice(Action):
    """What the player chose: an approach, and whether to spend Willpower or take an automatic success.

    An action of the table, not of the kernel: the Storyteller's roll request carries it to the rules.
    """

    kind: Literal["choose_approach"] = "choose_approach"
    approach: str
    willpower: bool = False
    automatic: bool = False
    joins: bool = False
    """An answer to a teamwork invitation: ``approach`` is the task joined (or ``pass``)."""
    extra: bool = False
    """Take the approach with one extra action this turn, bought with a Rage point or Celerity (WW L40, L234;
    DA L197): the Storyteller declares both first (:func:`narrator.storyteller.powers.extra_declaration`)."""
    actor: PlayerId = 0
    intent: str = ""
    """What the player typed in their own words (empty when they chose by number). With ``approach``
    ``"intent"`` (:data:`narrator.storyteller.intent.FREE`) the Storyteller rules on the words itself."""
    reading: str = ""
    """The deed the player took for ``intent`` from the Storyteller's question back (``act:<id>``: one no approach
    lists; :mod:`narrator.storyteller.replies`): the offline ruling rules the words as that deed instead of reading
    them again. Empty when the words are read as they are."""


class IntentUnclear(ValueError):
    """The template cannot tell which approach a typed intent means (the message asks the player)."""


class StorytellerVoice(Protocol):
    """The Storyteller's side of the table; the template and a model Storyteller both implement it."""

    def frame_scene(self, view: View) -> str:
        """Describe the current scene."""

    def options(self, view: View) -> list[Option]:
        """What the addressed character may try now; empty when the Storyteller moves alone."""

    def storyteller_move(self, view: View, answers: Mapping[PlayerId, Choice] | None = None) -> Action | None:
        """The Storyteller's own move now (a scene, a turn, its characters' attacks, the end), or ``None``."""

    def lead(self, view: View, answers: Mapping[PlayerId, Choice]) -> Choice | None:
        """The standing choice the Storyteller turns into its next request (``None`` when there is none)."""

    def propose(self, view: View, choice: Choice | None, answers: Mapping[PlayerId, Choice] | None = None) -> Action:
        """The next proposal for the kernel (a roll request, a scene, a turn, the end)."""

    def narrate(self, view: View, events: Sequence[Event]) -> list[str]:
        """Lines telling what the kernel's events mean in the story."""


@runtime_checkable
class RulesIntent(Protocol):
    """A Storyteller that rules on a player's own words (the ``FREE`` intent, issue 28): the template reads them
    (:func:`narrator.storyteller.offline.rule_intent`), a model rules on them."""

    def rule_intent(self, view: View, choice: Choice, answers: Mapping[PlayerId, Choice] | None = None) -> Any:
        """The ruling on ``choice.intent`` (its action, its kind, what is said)."""


@runtime_checkable
class OverTemplate(Protocol):
    """A voice over the template Storyteller (a model): the template keeps its scenario's data (a scene's stakes)."""

    template: Any
    """The template Storyteller it speaks over."""


@runtime_checkable
class TellsPreviously(Protocol):
    """A Storyteller that writes a chronicle's "previously" itself (a model; else the template tells it)."""

    def tell_previously(self, memory: str) -> str | None:
        """The "previously" from the chronicle's bounded memory (``None``: the template tells it)."""


PASS = "pass"
"""The approach id of holding back (a troupe's character lets the others act first, or declines to help)."""


@dataclass(frozen=True)
class Asked:
    """Whom the table asks now and what: a character's approach, or whether to join a teamwork task."""

    seat: PlayerId
    character: str
    options: tuple[Option, ...]
    kind: Literal["approach", "join"] = "approach"
    lead: str = ""
    """For ``join``: the character who leads the task."""


class TemplateBase:
    """The template Storyteller's scenario, its lines and what it reads from the host view."""

    def __init__(self, scenario: Scenario, narration: Mapping[str, Any], *, lang: str = "en",
                 pc: str | None = None, labels: bool = False, rules: StorytellerConfig | None = None) -> None:
        self.scenario, self.lang, self.pc = scenario, lang, pc
        self.rules = rules
        """The table's rules (its house options), which the menu's Willpower offer asks the kernel's law under
        (:class:`~narrator.storyteller.seat.ApproachQuestion` gives it the session's); ``None``: the book's."""
        self.labels = labels
        """The screen shows the approaches by their labels (the web's buttons), not by number: its questions say so."""
        self.lines = narration.get(scenario.book, {}).get(lang) or narration.get(scenario.book, {}).get("en", {})
        self.npc_names = scenario.npc_names(lang)
        self.said: dict[int, set[str]] = {}
        """Scene number (``scene_count``) -> the lines said in it."""
        self.clock_scene: str | None = None
        """The scene whose clock ran out last (what it cost is said with «Time runs out»)."""
        self.clock_ran_out: str | None = None
        """Where the last scene's clock sent the story (a scene, or ``end:<ending>``), until the narration says
        why the scene changed («Time runs out: …»); ``None`` when a roll or a choice moved it."""

    def _fresh(self, view: View, key: str, **values: Any) -> str | None:
        """The first line of ``self.lines[key]`` (from one set by the scene and turn) not said in this
        scene yet, filled and remembered; ``None`` when every one was said."""
        options = list(self.lines.get(key) or [])
        if not options:
            return None
        said = self.said.setdefault(int(view.get("scene_count") or 0), set())
        start = int(view.get("scene_count") or 0) * 7 + int(view.get("turn") or 0)
        for k in range(len(options)):
            line = str(options[(start + k) % len(options)]).format(**values)
            if line not in said:
                said.add(line)
                return line
        return None

    def _once(self, view: View, line: str | None) -> str | None:
        """``line`` unless this scene already heard it (then ``None``), remembered."""
        if not line:
            return None
        said = self.said.setdefault(int(view.get("scene_count") or 0), set())
        if line in said:
            return None
        said.add(line)
        return line

    def _scene(self, view: View) -> Scene | None:
        return self.scenario.scenes.get(str(view.get("scene") or ""))

    @staticmethod
    def _char(view: View, character: str) -> Mapping[str, Any]:
        return next(c for c in view["characters"] if c["id"] == character)

    @staticmethod
    def _sheet(view: View, character: str) -> Mapping[str, Any] | None:
        return next((s for s in view["sheets"] if s["id"] == character), None)

    def pcs(self, view: View) -> list[str]:
        """The player characters in seat order (the voice's ``pc`` for a view that lists no sheets)."""
        found = [str(s["id"]) for s in view.get("sheets", ()) if s.get("player", True)]
        return found or ([self.pc] if self.pc else [])

    def seat_of(self, view: View, character: str) -> PlayerId:
        return self.pcs(view).index(character)

    def _name(self, view: View, character: str) -> str:
        named = display_name(self.lang, character)
        if named:
            return named
        if character in self.npc_names:
            return self.npc_names[character]
        sheet = self._sheet(view, character)
        return str(sheet["name"]) if sheet else character

    def _approach(self, scene: Scene, approach_id: str) -> Approach | None:
        base = approach_id.split("@", 1)[0]
        return next((a for a in scene.approaches if a.id == base), None)

    def _able(self, view: View, character: str) -> bool:
        return not self._char(view, character)["incapacitated"]

    def _free(self, view: View, character: str) -> bool:
        """Able and not yet acted this turn."""
        cond = self._char(view, character)  # declared actions (an extra one bought: powers.py) are each a deed
        return not cond["incapacitated"] and cond["actions_used"] < max(1, len(cond.get("declared") or ()))

    def _pc(self, view: View, choice: Choice) -> str:
        return self.pcs(view)[choice.actor]

    @staticmethod
    def _lead(view: View, answers: Mapping[PlayerId, Choice]) -> Choice | None:
        """The standing answer that is an approach (the others are holds and replies to an invitation)."""
        chosen = [a for _, a in sorted(answers.items()) if a.approach != PASS and not a.joins]
        return chosen[0] if chosen else None

    def _on_sheet(self, view: View, character: str, traits: Sequence[str]) -> tuple[str, ...]:
        """``traits`` as ``character`` can roll them: an Ability the sheet does not list is one never learned,
        0 dots (the pool is the dots of the Attribute plus those of the Ability: WW L38, DA L97), so it is left
        out and the Attribute is rolled alone, instead of a pool the kernel refuses as not on the sheet."""
        sheet = self._sheet(view, character)
        if sheet is None:
            return tuple(traits)
        ratings = sheet_ratings(sheet)
        kept = tuple(t for t in traits if t in ratings)
        return kept or tuple(traits)


def sheet_ratings(sheet: Mapping[str, Any]) -> dict[str, int]:
    """The traits a pool may name on this sheet and their dots, as the kernel's ``Character.rating`` reads
    them: Attributes, Abilities, Willpower, and Rage or Gnosis when the sheet has them (a Garou's Gnosis roll
    to peer across the Gauntlet was offered as «not on your sheet: Gnosis» and then rolled 3 dice)."""
    ratings = {**sheet.get("attributes", {}), **sheet.get("abilities", {})}
    if sheet.get("willpower") is not None:
        ratings["willpower"] = int(sheet["willpower"])
    ratings.update({t: int(sheet[t]) for t in ("rage", "gnosis") if int(sheet.get(t) or 0) > 0})
    return ratings


def display_name(lang: str, character: str) -> str | None:
    """The name of a shipped sample character or NPC in ``lang`` (a player's own sheet keeps its name)."""
    found = catalogue(lang).get("characters", {}).get(character)
    return str(found) if found else None
