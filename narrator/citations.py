"""Rule references in a player's prompt: said on request, named so a player can find them.

The catalogue's hints end with the rulebook lines they rest on («(L58, L265, L267)», «(стр. 269-275)»):
right for the code and the reviewers, noise in every question, and «стр.» (page) is wrong, since the
numbers are lines of the seed's text. :func:`split` takes them out of a hint; :func:`why` names them for
the ``?`` of a prompt («Why: the rulebook text, lines 58, 265, 267»).
"""

from __future__ import annotations

import re

from narrator.agents.i18n import message, section

_NAMED = r"(?:L|стр\.\s*|строк[аи]\s*)\d+(?:\s*[-–]\s*\d+)?"
_LINE = r"(?:L|стр\.\s*|строк[аи]\s*)?\d+(?:\s*[-–]\s*\d+)?"
CITATION = re.compile(rf"\s*\((?:rules,\s*|правила,\s*)?{_NAMED}(?:\s*,\s*{_LINE})*\)")
"""A parenthesised run of rulebook lines: «(L58, L265)», «(L269-275)», «(стр. 291)», «(rules, L44)»."""


def split(text: str) -> tuple[str, list[str]]:
    """``text`` without its rule references, and the lines they named (``["58", "265-267"]``)."""
    lines: list[str] = []
    for found in CITATION.finditer(text):
        lines += re.findall(r"\d+(?:\s*[-–]\s*\d+)?", found.group(0))
    plain = CITATION.sub("", text)
    plain = re.sub(r"\s+([.,;:!?])", r"\1", plain).strip()
    return plain, lines


def why(lines: list[str], lang: str) -> str:
    """The named reference («Why: the rulebook text, lines 58, 265»), or ``""`` for no lines."""
    if not lines:
        return ""
    form = section(lang, "rule_lines")["lines"]["one" if len(lines) == 1 and "-" not in lines[0] else "other"]
    return message(lang, "rule_lines.why", lines=form.format(n=", ".join(lines)))
