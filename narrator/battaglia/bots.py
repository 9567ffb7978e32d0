"""Who plays each force in a simulated battaglia game: the scripted bot, random legal moves, or the search bot.

A :class:`BotPlan` names a kind per force (light, shadow, darkness, gloom: the faction of a seat's current
soul, both lives of darkness and gloom together) and the search bot's budget. ``narrator simulate battaglia
--bots KIND --bots-for FORCE=KIND`` builds one; the report names it and measures each force's edge over
random play (a force's win rate with its seats playing scripted minus with them playing random legal moves,
the rest scripted), so a designer can tell balance from bot skill.

* ``scripted``: :class:`narrator.agents.battaglia.BattagliaBot` (Python and native, the same moves).
* ``random``: ``legal[rng.randrange(len(legal))]`` from ``random.Random(f"{seed}/random")``, one stream per
  game (Python and native, the same moves).
* ``search``: the native search bot (``native/battaglia/search.hpp``): determinized Monte-Carlo over the
  day's decisions from the seat's view, rollouts played by the scripted bots; native engine only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

KINDS = ("scripted", "random", "search")
FACTIONS = ("light", "shadow", "darkness", "gloom")
"""The forces a plan names, in the native engine's faction order (``types.hpp`` Faction)."""
FORCES: Mapping[str, Callable[[str], bool]] = {
    "light": lambda w: w == "light",
    "shadow": lambda w: w == "shadow",
    "darkness": lambda w: w in ("first_darkness", "second_darkness"),
    "gloom": lambda w: w in ("first_gloom", "second_gloom"),
}
"""Whether a row's ``winner`` is a win of each force (first and second lives together)."""
DEFAULT_ROLLOUTS = 128
DEFAULT_CANDIDATES = 4
DEFAULT_Z = 1.0
"""Another move replaces the scripted one when its paired gain over the rollouts exceeds this many standard errors."""
DEFAULT_PROBE_ROUNDS = 6
"""Rounds after which a decision no candidate has changed stops (its budget saved) and clear losers are dropped."""


class PlanError(ValueError):
    """A --bots / --bots-for value that names no kind or force."""


@dataclass(frozen=True)
class BotPlan:
    """A bot kind per force (the rest scripted) and the search bot's budget per decision."""

    kinds: tuple[tuple[str, str], ...] = ()
    rollouts: int = DEFAULT_ROLLOUTS
    candidates: int = DEFAULT_CANDIDATES
    z: float = DEFAULT_Z
    probe_rounds: int = DEFAULT_PROBE_ROUNDS

    def kind(self, faction: str) -> str:
        """The kind that plays ``faction``'s seats."""
        return dict(self.kinds).get(faction, "scripted")

    def vector(self) -> list[int]:
        """The kinds as the native engine reads them: one index into KINDS per faction of FACTIONS."""
        return [KINDS.index(self.kind(f)) for f in FACTIONS]

    @property
    def scripted(self) -> bool:
        return all(self.kind(f) == "scripted" for f in FACTIONS)

    @property
    def searches(self) -> bool:
        return any(self.kind(f) == "search" for f in FACTIONS)

    def describe(self) -> str:
        """E.g. ``scripted; light: search (128 rollouts, 4 candidates)``."""
        named = [(f, self.kind(f)) for f in FACTIONS if self.kind(f) != "scripted"]
        if not named:
            return "scripted bots in every seat"
        budget = f" ({self.rollouts} rollouts, {self.candidates} candidates per decision)" if self.searches else ""
        kinds = {k for _, k in named}
        if len(named) == len(FACTIONS) and len(kinds) == 1:
            return f"{named[0][1]} bots in every seat{budget}"
        return "scripted bots, but " + ", ".join(f"{f}: {k}" for f, k in named) + budget


def plan_of(default: str = "scripted", overrides: tuple[str, ...] = (), *, rollouts: int = DEFAULT_ROLLOUTS,
            candidates: int = DEFAULT_CANDIDATES) -> BotPlan:
    """The plan of ``--bots default`` and ``--bots-for FORCE=KIND`` (each override wins over the default).

    Raises:
        PlanError: an unknown kind or force, or an override without ``=``.
    """
    if default not in KINDS:
        raise PlanError(f"--bots {default!r}: choose one of {', '.join(KINDS)}")
    kinds = dict.fromkeys(FACTIONS, default)
    for text in overrides:
        force, sep, kind = text.partition("=")
        force, kind = force.strip().lower(), kind.strip().lower()
        if not sep or force not in FACTIONS:
            raise PlanError(f"--bots-for {text!r}: write FORCE=KIND with FORCE one of {', '.join(FACTIONS)}")
        if kind not in KINDS:
            raise PlanError(f"--bots-for {text!r}: choose a kind among {', '.join(KINDS)}")
        kinds[force] = kind
    return BotPlan(tuple((f, k) for f, k in kinds.items() if k != "scripted"), rollouts, candidates)


def describe(plan: BotPlan, lang: str) -> str:
    """The plan in words of the report's language (``prompts/i18n``: ``report_bots.*``)."""
    from narrator.agents.i18n import message

    def m(key: str, **values: object) -> str:
        return message(lang, f"report_bots.{key}", **values)

    named = [(f, plan.kind(f)) for f in FACTIONS if plan.kind(f) != "scripted"]
    if not named or len(named) == len(FACTIONS) and len({k for _, k in named}) == 1:
        text = m("every", kind=m(f"kind.{named[0][1] if named else 'scripted'}"))
    else:
        text = m("but", list=", ".join(m("item", force=m(f"force.{f}"), kind=m(f"kind.{k}")) for f, k in named))
    if plan.searches:
        text += m("budget", rollouts=plan.rollouts, candidates=plan.candidates)
    return m("plan", plan=text)


def with_random(plan: BotPlan, force: str) -> BotPlan:
    """``plan`` with ``force``'s seats playing random legal moves (the skill measure's other arm)."""
    kinds = {**dict(plan.kinds), force: "random"}
    return BotPlan(tuple((f, kinds[f]) for f in FACTIONS if kinds.get(f, "scripted") != "scripted"),
                   plan.rollouts, plan.candidates, plan.z, plan.probe_rounds)


@dataclass(frozen=True)
class Edge:
    """One force at one player count: its wins as played and with random moves, over the same games."""

    force: str
    players: int
    games: int
    wins: int
    random_wins: int
    low: float
    """The paired 95% interval of the edge (a share, not points)."""
    high: float

    @property
    def edge(self) -> float:
        return (self.wins - self.random_wins) / self.games


def edges(rows: Sequence[Mapping[str, object]], random_rows: Mapping[str, Sequence[Mapping[str, object]]]) -> list[Edge]:
    """Each force's edge per player count: ``rows`` against ``random_rows[force]`` (the same jobs: paired by the
    rows' ``index``, so a baseline may hold only some of them)."""
    import math

    found: list[Edge] = []
    by_index = {int(str(r["index"])): r for r in rows} if rows and "index" in rows[0] else None
    for force, other in random_rows.items():
        wins = FORCES[force]
        by_count: dict[int, list[tuple[int, int]]] = {}
        # a baseline may play only the first games of each count: pair each with the report's game of its seed
        pairs = ([(by_index[int(str(b["index"]))], b) for b in other] if by_index is not None
                 else zip(rows, other, strict=True))
        for a, b in pairs:
            by_count.setdefault(int(str(a["players"])), []).append((int(wins(str(a["winner"]))),
                                                                     int(wins(str(b["winner"])))))
        for count, outcomes in sorted(by_count.items()):
            n = len(outcomes)
            diffs = [x - y for x, y in outcomes]
            mean = sum(diffs) / n
            var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
            half = 1.96 * math.sqrt(var / n)
            found.append(Edge(force, count, n, sum(x for x, _ in outcomes), sum(y for _, y in outcomes),
                              mean - half, mean + half))
    return found
