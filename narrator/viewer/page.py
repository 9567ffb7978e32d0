"""The replay as one page: every lens the owner may see, a timeline to step through, offline.

The page is plain HTML with its data in a ``<script type="application/json">`` block (never
executed) read by ``replay.js``, which builds the DOM with ``textContent`` only. Written to a file
(``narrator replay --html``) the style and script are inlined, so it opens from ``file://`` with no
network; served by the web table (whose CSP forbids inline script and style) they are linked from
``/static``. Only the lenses :func:`narrator.viewer.access.lenses_for` returns are embedded.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape

from narrator.agents.i18n import message
from narrator.render.text import Section
from narrator.viewer.tell import Told, tell
from narrator.viewer.timeline import Lens, Timeline

STATIC = Path(__file__).resolve().parent.parent / "web" / "static"
TEMPLATES = Environment(loader=FileSystemLoader(Path(__file__).parent / "templates"),
                        autoescape=select_autoescape(["html"]))
UI_WORDS = ("first", "previous", "next", "last", "step", "keys", "seen_by", "table_title", "col_seat", "col_moves",
            "col_votes", "no_steps")


class Shared:
    """Texts and panel sections the lenses share, each kept once in the page (a 17-seat game's public
    lines are told to 19 lenses; most sections of a panel do not change from one step to the next)."""

    def __init__(self) -> None:
        self.texts: list[str] = []
        self.sections: list[dict[str, Any]] = []
        self._texts: dict[str, int] = {}
        self._sections: dict[str, int] = {}

    def text(self, text: str) -> int:
        if text not in self._texts:
            self._texts[text] = len(self.texts)
            self.texts.append(text)
        return self._texts[text]

    def section(self, section: Section) -> int:
        data = {"t": section.title, "r": [list(r) for r in section.rows], "i": list(section.items)}
        key = json.dumps(data, ensure_ascii=False, sort_keys=True)
        if key not in self._sections:
            self._sections[key] = len(self.sections)
            self.sections.append(data)
        return self._sections[key]


def lens_data(told: Told, shared: Shared) -> dict[str, Any]:
    """One lens as the page's JSON: a step's lines and panel sections are indices into ``shared``."""
    steps = [{"c": step.chapter, "n": step.line, "p": [shared.section(s) for s in step.panel],
              "l": [[line.kind, shared.text(line.text)] for line in step.lines],
              "k": [[call.summary, [list(d) for d in call.details]] for call in step.calls],
              "m": [[seat, label] for seat, label in step.moves], "v": [[seat, whom] for seat, whom in step.votes]}
             for step in told.steps]
    chapters = [{"t": c.title} for c in told.chapters]
    return {"key": told.lens.key, "name": told.who, "title": told.title, "about": told.about,
            "steps": steps, "chapters": chapters, "names": {str(s): n for s, n in told.names.items()}, "knew": message(told.lang, "replay.knew", who=told.who),
            "calls": message(told.lang, "replay.calls", n="{n}")}


def page_data(timeline: Timeline, lenses: Sequence[Lens], lang: str) -> dict[str, Any]:
    """Every embedded lens, the texts and sections they share, and the page's words."""
    shared = Shared()
    told = [lens_data(tell(timeline, lens, lang), shared) for lens in lenses]
    return {"lang": lang, "lenses": told, "texts": shared.texts, "sections": shared.sections,
            "words": {w: message(lang, f"replay.{w}") for w in UI_WORDS}}


def render_page(timeline: Timeline, lenses: Sequence[Lens], lang: str, *, inline: bool = True) -> str:
    """The page's HTML: ``inline`` for a file (style and script inside), else linked for the web table."""
    data = _shown(page_data(timeline, lenses, lang))  # players' and models' words: no bidi or control tricks
    blob = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    blob = blob.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")  # cannot close the block
    first = data["lenses"][0]
    return TEMPLATES.get_template("replay.html").render(
        lang=lang, title=first["title"], about=first["about"], data=blob, inline=inline,
        fair=_shown(replay_lines(timeline.path, timeline.header, lang)),  # the commitment and verify's verdict
        css=(STATIC / "replay.css").read_text(encoding="utf-8") if inline else "",
        js=(STATIC / "replay.js").read_text(encoding="utf-8") if inline else "",
        offline=message(lang, "replay.offline"))


def replay_lines(path: Path, header: dict[str, Any], lang: str) -> list[str]:
    """The fair-dice lines of a committed game (:func:`narrator.fairness.replay_lines`)."""
    from narrator.fairness import replay_lines as lines

    return lines(path, header, lang)


def _shown(value: Any) -> Any:
    """``value`` with every text through :func:`narrator.terminal_text.shown` (the page's data is all text
    and numbers; printable characters are left as they are)."""
    from narrator.terminal_text import shown

    if isinstance(value, str):
        return shown(value)
    if isinstance(value, dict):
        return {key: _shown(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_shown(item) for item in value]
    return value


def write_page(path: str | Path, timeline: Timeline, lenses: Sequence[Lens], lang: str) -> int:
    """Write the offline page; returns its size in bytes. The file is its owner's only (0600)."""
    import os

    html = render_page(timeline, lenses, lang).encode("utf-8")
    path = Path(path)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as handle:
        handle.write(html)
    return len(html)
