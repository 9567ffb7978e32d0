"""A rules profile pasted as YAML or JSON, read within bounds.

YAML's aliases let a few hundred bytes stand for billions of nodes (eight levels of ten aliases:
10^8 copies), and anything that walks the loaded value (a NaN check, JSON encoding) then walks every
copy. So the document is first read as a stream of parser events, which is linear in the text, and its
size once every alias is expanded is counted before anything is built; only a document within the
bounds is loaded. Callers run :func:`parse_options` off the event loop (``asyncio.to_thread``).
"""

from __future__ import annotations

import math
from typing import Any

import yaml

MAX_ALIASES = 50
"""Aliases (``*name``) in one profile; a rules profile needs none, a hand-written one a few."""
MAX_DEPTH = 20
"""Nesting of mappings and sequences; the deepest option (a troupe's sheets) is about six levels."""
MAX_NODES = 5_000
"""Scalars, mappings and sequences once every alias is expanded; a full character sheet is ~300."""


class OptionsError(ValueError):
    """Why a pasted profile is refused; the message names the bound or the YAML error."""


def parse_options(text: str) -> dict[str, Any]:
    """``text`` (YAML or JSON) as a mapping of option: value.

    Raises:
        OptionsError: not YAML, not a mapping, over a bound (aliases, depth, expanded nodes), or
            holding NaN or an infinite number (no rule takes one; strict JSON cannot store it).
    """
    if not text.strip():
        return {}
    try:
        measure(text)
        loaded = yaml.safe_load(text)
    except yaml.YAMLError as error:
        raise OptionsError(f"options_text is not valid YAML or JSON: {error}") from None
    if not isinstance(loaded, dict):
        raise OptionsError(f"options_text must be a mapping of option: value, got {type(loaded).__name__}")
    if has_nan(loaded):
        raise OptionsError("options: NaN and infinite numbers are not allowed")
    return loaded


def measure(text: str) -> int:
    """The number of nodes ``text`` expands to, read from the parser's events without building them.

    Raises:
        OptionsError: over :data:`MAX_ALIASES`, :data:`MAX_DEPTH` or :data:`MAX_NODES`.
        yaml.YAMLError: not YAML.
    """
    sizes: dict[str, int] = {}  # anchor -> expanded size of the node it names
    open_nodes: list[list[Any]] = [[0, None]]  # [size so far, anchor] per open collection
    aliases = 0
    for event in yaml.parse(text, Loader=yaml.SafeLoader):
        if isinstance(event, yaml.AliasEvent):
            aliases += 1
            if aliases > MAX_ALIASES:
                raise OptionsError(f"options_text: more than {MAX_ALIASES} aliases")
            if event.anchor not in sizes:  # an alias inside the node it names: a value that contains itself
                raise OptionsError(f"options_text: the alias *{event.anchor} is not a finished value")
            size = sizes[event.anchor]
        elif isinstance(event, yaml.ScalarEvent):
            size = 1
            if event.anchor:
                sizes[event.anchor] = 1
        elif isinstance(event, yaml.CollectionStartEvent):
            open_nodes.append([1, event.anchor])
            if len(open_nodes) - 1 > MAX_DEPTH:
                raise OptionsError(f"options_text: nested deeper than {MAX_DEPTH} levels")
            continue
        elif isinstance(event, yaml.CollectionEndEvent):
            size, anchor = open_nodes.pop()
            if anchor:
                sizes[anchor] = size
        else:
            continue
        open_nodes[-1][0] += size
        if open_nodes[0][0] + sum(node[0] for node in open_nodes[1:]) > MAX_NODES:
            raise OptionsError(f"options_text: more than {MAX_NODES} values once its aliases are expanded")
    return int(open_nodes[0][0])


def has_nan(value: Any) -> bool:
    """Whether ``value`` holds a NaN or an infinite float anywhere (walks a bounded document)."""
    if isinstance(value, float):
        return not math.isfinite(value)
    if isinstance(value, dict):
        return any(has_nan(item) for item in value.values())
    if isinstance(value, list | tuple):
        return any(has_nan(item) for item in value)
    return False
