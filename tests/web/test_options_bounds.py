"""A pasted rules profile is read within bounds: an alias bomb is a quick 422 and the server keeps answering."""

from __future__ import annotations

import time

import pytest

from narrator.web.options_text import MAX_NODES, OptionsError, measure, parse_options
from tests.web.conftest import Tables


def alias_bomb(levels: int = 8, width: int = 10) -> str:
    """~300 bytes that expand to width**levels copies (the issue's bomb: 10^8)."""
    lines = ["a0: &a0 [x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * width) + "]" for i in range(1, levels + 1)]
    return "\n".join(lines) + "\n"


def test_the_alias_bomb_is_refused_over_http_in_well_under_a_second(tables: Tables) -> None:
    started = time.perf_counter()
    response = tables.client.post("/api/tables", json={"game": "pig", "options_text": alias_bomb()})
    assert response.status_code == 422, response.text
    assert "aliases" in response.json()["detail"]
    assert time.perf_counter() - started < 1.0
    assert tables.client.get("/healthz").json()["ok"]


@pytest.mark.parametrize(("text", "bound"), [
    (alias_bomb(levels=4, width=12), "aliases"),  # 48 aliases, but 12^4 = 20,736 values once expanded
    ("v: " + "[" * 30 + "]" * 30, "deeper"),
    ("a: &a [*a]", "not a finished value"),  # a value that contains itself
])
def test_every_bound_is_named(text: str, bound: str) -> None:
    with pytest.raises(OptionsError, match=bound if bound != "aliases" else "values once"):
        parse_options(text)


def test_a_profile_with_a_few_anchors_and_nothing_over_the_bounds_loads() -> None:
    text = "base: &b {dice: 10}\nfirst: *b\nsecond: *b\ntarget: 5\n"
    assert parse_options(text) == {"base": {"dice": 10}, "first": {"dice": 10}, "second": {"dice": 10}, "target": 5}
    assert measure(text) == 1 + 4 + 1 + 3 * 3  # the root, four keys, 5, and three {dice: 10} of three nodes each
    assert measure("x: [" + ", ".join(["1"] * (MAX_NODES - 10)) + "]") < MAX_NODES


def test_a_nan_in_the_pasted_profile_is_still_refused() -> None:
    with pytest.raises(OptionsError, match="NaN"):
        parse_options("target: .nan")
