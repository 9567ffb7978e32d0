"""Rich rendering of rolls and odds for the terminal, and JSON-ready forms for ``--json``."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rich.table import Table
from rich.text import Text

from narrator.agents.i18n import ByLanguage
from narrator.rules.storyteller.dice import OUTCOMES, RollResult

LABELS = ByLanguage("roll")
"""The words of a roll by language (``prompts/i18n/<lang>/roll.yaml``; ``labels``: the degrees of success)."""


def dice_text(result: RollResult, lang: str = "en") -> Text:
    """The faces, coloured: successes green, 1s red, cancelled pairs struck through."""
    text = Text()
    for index, face in enumerate(result.dice):
        style = "bold green" if face >= result.difficulty or face == 10 else "bold red" if face == 1 else "dim"
        if index in result.cancelled:
            style += " strike"
        text.append(f"{face:>2}", style=style)
        text.append(" ")
    if result.rerolls:
        text.append(_words(lang)["tens_rerolled"], style="dim")
        for face in result.rerolls:
            text.append(f"{face} ", style="green" if face >= result.difficulty or face == 10 else "dim")
    return text


def _words(lang: str) -> Any:
    return LABELS[lang if lang in LABELS else "en"]


def verdict_text(result: RollResult, lang: str = "en") -> Text:
    """``3 successes - 1 one = 2 net: moderate success`` (or the botch / failure line)."""
    words = _words(lang)
    label = words["labels"][result.category]
    if result.automatic:
        return Text(words["automatic"].format(label=label), style="green")
    style = "bold red" if result.botch else "yellow" if result.category == "failure" else "bold green"
    extra = words["extra"].format(extra=result.extra) if result.extra else ""
    line = words["line"].format(raw=result.raw, extra=extra, ones=result.ones, net=result.net, label=label)
    if result.forgiven:
        line += words["forgiven"]
    return Text(line, style=style)


def fraction_json(value: Fraction) -> dict[str, Any]:
    """``{"fraction": "1/10", "probability": 0.1}``."""
    return {"fraction": f"{value.numerator}/{value.denominator}", "probability": float(value)}


def odds_json(odds: dict[str, Fraction]) -> dict[str, Any]:
    """Every category with its exact fraction and its float."""
    return {name: fraction_json(odds[name]) for name in OUTCOMES}


def odds_rich(odds: dict[str, Fraction], title: str, lang: str = "en") -> Table:
    """One roll's odds as a two-column table, in ``lang``."""
    from narrator.agents.i18n import message

    def word(key: str) -> str:
        return message(lang, f"tools.{key}")

    table = Table(title=title)
    table.add_column(word("odds_result"))
    table.add_column(word("odds_probability"), justify="right")
    table.add_column(word("odds_exact"), justify="right", style="dim")
    for name in OUTCOMES:
        value = odds[name]
        table.add_row(message(lang, f"roll.labels.{name}"), f"{float(value):.2%}",
                      f"{value.numerator}/{value.denominator}" if value.denominator < 10 ** 8 else word("odds_see_json"))
    return table


def table_rich(cells: dict[tuple[int, int], dict[str, Fraction]], title: str, lang: str = "en") -> Table:
    """Pools x difficulties: P(success) / P(botch) per cell, in ``lang``."""
    from narrator.agents.i18n import message

    pools = sorted({p for p, _ in cells})
    difficulties = sorted({d for _, d in cells})
    table = Table(title=title, caption=message(lang, "tools.odds_table_caption"))
    table.add_column(message(lang, "tools.odds_pool_column"), justify="right")
    for d in difficulties:
        table.add_column(message(lang, "tools.odds_difficulty_column", difficulty=d), justify="right")
    for p in pools:
        row = []
        for d in difficulties:
            odds = cells[(p, d)]
            success = 1 - odds["botch"] - odds["failure"]
            row.append(f"{float(success):.0%}/{float(odds['botch']):.0%}")
        table.add_row(str(p), *row)
    return table
