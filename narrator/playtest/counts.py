"""Honest counts and the words of numbers, shared by the playtest reports (issue #34).

A run plays more than the report's games: the random-play baselines of the skill section are whole
sweeps of their own. Each sweep is an :class:`Arm` with its games and its time, so the summary and the
report count every game played, per arm, with each arm's rate. The helpers here write a rate, a p-value
or a list of table sizes in the report's language (``playtest.*`` in ``prompts/i18n``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from narrator.agents.i18n import message
from narrator.playtest.stats import Proportion


@dataclass(frozen=True)
class Arm:
    """One sweep of a run: its name (already in the report's language), games played and wall time."""

    name: str
    games: int
    seconds: float
    baseline: bool = False
    """A random-play baseline (played for the skill section, not one of the report's games)."""


def m(lang: str, key: str, **values: Any) -> str:
    return message(lang, f"playtest.{key}", **values)


def rate_text(games: int, seconds: float, lang: str) -> str:
    """``483 games/s``, ``2.5 games/s``, or ``43.6 s a game`` below one a second (never "0 games/s")."""
    rate = games / max(seconds, 1e-9)
    if rate >= 10:
        return m(lang, "rate_fast", rate=rate)
    if rate >= 1:
        return m(lang, "rate_slow", rate=rate)
    return m(lang, "rate_per_game", seconds=seconds / max(games, 1))


def p_text(p: float, lang: str) -> str:
    """``p < 0.001`` or ``p = 0.012``."""
    return m(lang, "p_below") if p < 0.001 else m(lang, "p_value", p=p)


def percent(value: float) -> str:
    """A share in percent, ``0.356`` -> ``36``; under 10% with a decimal (``0.4``, ``1.9``: near the 2% line)."""
    return f"{100 * value:.1f}" if 0.0005 <= value < 0.1 else f"{100 * value:.0f}"


def rate_ci(p: Proportion, lang: str) -> str:
    """``35% (32–38%)``: a rate with its Wilson interval, for sentences (tables give one number a cell)."""
    low, high = p.interval
    return m(lang, "rate_ci", rate=percent(p.rate), low=percent(low), high=percent(high))


def and_list(items: Sequence[str], lang: str) -> str:
    """``a, b and c`` in the report's language."""
    if len(items) <= 1:
        return "".join(items)
    return m(lang, "list_and", head=", ".join(items[:-1]), last=items[-1])


def count_list(counts: Sequence[int], every: Sequence[int], lang: str) -> str:
    """``every table size (6–12 players)`` or ``6–8, 11 players`` (consecutive counts joined)."""
    counts = sorted(counts)
    if list(counts) == sorted(every) and len(counts) > 1:
        return m(lang, "counts_every", low=counts[0], high=counts[-1])
    spans: list[list[int]] = []
    for count in counts:
        if spans and count == spans[-1][-1] + 1:
            spans[-1].append(count)
        else:
            spans.append([count])
    parts = [f"{s[0]}–{s[-1]}" if len(s) > 2 else ", ".join(map(str, s)) for s in spans]
    return m(lang, "counts_some", list=", ".join(parts))


def games_section(arms: Sequence[Arm], lang: str, *, llm: bool = False, off: str = "--no-edge") -> list[str]:
    """The report's "Games played": every arm's games, seconds and rate, and what the baselines cost."""
    total = sum(a.games for a in arms)
    seconds = sum(a.seconds for a in arms)
    lines = [f"## {m(lang, 'games.title')}", "", m(lang, "games.intro", total=total, seconds=seconds,
                                                     rate=rate_text(total, seconds, lang)), ""]
    base = [a for a in arms if a.baseline]
    if base:
        spent = sum(a.seconds for a in base)
        lines.append(m(lang, "games.baselines", games=sum(a.games for a in base), seconds=spent,
                       share=spent / max(seconds, 1e-9), off=off))
    else:
        lines.append(m(lang, "games.no_baselines", off=off))
    if llm:
        lines.append(m(lang, "games.llm_note"))
    lines += ["", m(lang, "games.columns"), "|---|---:|---:|---|"]
    lines += [f"| {a.name} | {a.games} | {a.seconds:.1f} | {rate_text(a.games, a.seconds, lang)} |" for a in arms]
    return lines


def done_line(arms: Sequence[Arm], lang: str, path: Any, *, plots: bool = True) -> str:
    """The terminal's last line: every game played, per arm, and the report written (``plots``: with its plots)."""
    total = sum(a.games for a in arms)
    seconds = sum(a.seconds for a in arms)
    items = [m(lang, "arm_item", name=a.name, games=a.games, rate=rate_text(a.games, a.seconds, lang)) for a in arms]
    return m(lang, "sim_done", total=total, seconds=seconds, rate=rate_text(total, seconds, lang),
             arms="; ".join(items), path=path if plots else m(lang, "report_no_plots", path=path))
