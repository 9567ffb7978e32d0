"""What no story needs, in any game: a model's leftovers of its templates and JSON, and its instructions said back.

The embedded model (SmolLM2) sometimes opens an answer with a run of symbols or a fragment of the request
(«./10 successes} You are the Storyteller of Ten Candles…», «{2017, 4, 30 } At the dry wash…»). A role's
validator refuses such a text; the role re-asks with the reason, then the game's template speaks (issue 30).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

MARKUP = re.compile(r"[{}<>`|\\]|\[/?\w*\]|\*\*|^\s*#|\b(?:text|narration)\"?\s*:\s*\"", re.MULTILINE)
"""Braces, tags, code marks, table pipes, a heading or a JSON key: leftovers of a template or an answer's JSON."""
STRAY_START = re.compile(r"^\s*[^\w\s«\"“„'‘(—–\-…]")
"""A text that opens with a symbol other than a quote, a dash or an ellipsis («./10 successes}»)."""


def markup_problem(text: str) -> str | None:
    """Why ``text`` carries stray markup, or ``None``."""
    if MARKUP.search(text) or STRAY_START.match(text):
        return "the text carries stray symbols or markup (braces, tags, code marks); write plain sentences only"
    return None


def opening(template: str) -> str:
    """A system prompt's opening clause, up to its first comma or full stop, without template slots: the
    words a model says back when it echoes its instructions («You are the Storyteller of …»)."""
    first = next((line.strip() for line in template.splitlines() if line.strip()), "")
    return re.split(r"[,.;]|\{\{", first)[0].strip()


def instructions_echoed(text: str, openings: Iterable[str]) -> str | None:
    """Which of ``openings`` (of two words or more) ``text`` says back, anywhere in it, or ``None``."""
    body = " ".join(text.split()).casefold()
    return next((o for o in openings if len(o.split()) >= 2 and o.casefold() in body), None)
