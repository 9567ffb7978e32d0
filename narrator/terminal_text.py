"""Text from a player or a model, made safe to print on a terminal.

A speech typed at a table or written by a model may hold terminal control sequences (a window title,
clear screen, an OSC 8 link whose text hides its target, BEL) or Unicode characters that reorder or
hide text (bidirectional overrides, zero-width characters). :func:`shown` is applied where such
texts are printed (``narrator replay``, the terminal tables, the live drafts): control characters
become their visible pictures (ESC is ``␛``), and the bidirectional and zero-width ones are removed.
Printable text, newlines and tabs are left alone, so rich markup around a text still works.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

_PICTURES = {code: chr(0x2400 + code) for code in range(0x20) if chr(code) not in "\n\t"}
"""C0 controls (ESC, BEL, CR, backspace...) -> the Unicode control pictures (␛, ␇, ␍, ␈)."""
_PICTURES[0x7F] = "\u2421"  # DEL: ␡
_PICTURES.update({code: "\ufffd" for code in range(0x80, 0xA0)})  # C1 controls (CSI 0x9b, OSC 0x9d): �
_INVISIBLE = ("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"  # bidirectional controls
              "\u200b\u200c\u200d\u2060\u2061\u2062\u2063\u2064\ufeff\u180e\u00ad")  # zero-width, soft hyphen
_TABLE: dict[int, str | None] = {**_PICTURES, **{ord(c): None for c in _INVISIBLE},
                                 0x2028: " ", 0x2029: " "}  # line/paragraph separators: a space
_TABLE.update({code: None for code in range(0xE0000, 0xE0080)})  # tag characters: invisible


def shown(text: str) -> str:
    """``text`` with its control characters visible and its bidirectional and zero-width characters removed."""
    return text.translate(_TABLE)


def raw_controls(text: str) -> int:
    """How many characters of ``text`` :func:`shown` would change (0: safe to print as it is)."""
    return sum(1 for c in text if ord(c) in _TABLE)


def printing_shown(console: Any) -> Callable[..., None]:
    """``console.print`` with every text argument passed through :func:`shown` first (markup still works)."""
    def say(*texts: Any, **options: Any) -> None:
        console.print(*(shown(t) if isinstance(t, str) else t for t in texts), **options)

    return say
