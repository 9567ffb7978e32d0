"""The replay told in the terminal: a heading per night, day or scene, the lines the lens saw, and at
each chapter's end what the lens knew then (its view panel)."""

from __future__ import annotations

from narrator.agents.i18n import message
from narrator.render.text import Section
from narrator.viewer.tell import Told


def text_lines(told: Told, *, calls: bool = False, panels: bool = True) -> list[str]:
    """The replay as plain lines (no markup): what ``narrator replay --as`` prints."""
    out = [told.title, told.about]
    if not told.steps:
        return [*out, "", message(told.lang, "replay.no_steps")]
    chapter, shown = None, None
    for number, step in enumerate(told.steps):
        if step.chapter != chapter:
            chapter = step.chapter
            out += ["", f"== {told.chapters[chapter].title} =="]
        out += [f"  {line.text}" for line in step.lines]
        if calls:
            for call in step.calls:
                out.append(f"    · {call.summary}")
                for label, value in call.details:
                    first, *rest = value.split("\n")
                    out += [f"      {label}: {first}", *(f"        {line}" for line in rest)]
        last_of_chapter = number + 1 == len(told.steps) or told.steps[number + 1].chapter != chapter
        panel = panel_lines(step.panel)
        if panels and last_of_chapter and panel and panel != shown:  # told again only when it changed
            out += ["", f"  -- {message(told.lang, 'replay.knew', who=told.who)} --"]
            out += [f"  {line}" for line in panel]
            shown = panel
    return out


def panel_lines(sections: list[Section]) -> list[str]:
    """A view panel as indented lines."""
    out: list[str] = []
    for section in sections:
        if section.title:
            out.append(f"{section.title}:")
        out += [f"  {label}: {value}" for label, value in section.rows]
        out += [f"  {item}" for item in section.items]
    return out
