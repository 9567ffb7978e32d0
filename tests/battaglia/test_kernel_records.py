"""``rules.records``: the copy-on-write contract both kernels' ``apply`` relies on."""

from __future__ import annotations

from dataclasses import dataclass, field

from narrator.rules import records
from narrator.rules.battaglia import GAME, BattagliaConfig
from narrator.rules.core import ChanceAction


@dataclass(frozen=True, slots=True)
class _Record(records.Draftable):
    a: int = 0
    b: tuple[int, ...] = ()
    _cache: dict[str, int] | None = field(default=None, init=False, repr=False, compare=False)


def test_evolve_copies_a_sealed_record_and_keeps_the_original():
    old = _Record(1, (2,))
    new = records.evolve(old, a=5)
    assert (old.a, new.a, new.b) == (1, 5, (2,)) and new is not old


def test_a_draft_is_changed_in_place_until_sealed():
    base = _Record(1)
    work = records.draft(base)
    assert records.evolve(work, a=2) is work and work.a == 2 and base.a == 1
    records.seal(work)
    after = records.evolve(work, a=3)
    assert after is not work and work.a == 2 and not records.is_open(after)


def test_a_copy_restarts_private_caches():
    cached = _Record(1)
    object.__setattr__(cached, "_cache", {"x": 1})
    assert records.copy_of(cached)._cache is None and records.evolve(cached, a=2)._cache is None


def test_battaglia_apply_never_changes_or_leaks_a_draft():
    """The state passed to ``apply`` is untouched, and the one returned is sealed (closed)."""
    state = GAME.initial_state(BattagliaConfig(players=6))
    before = repr(state)
    step = GAME.apply(state, ChanceAction(values=tuple(range(len(state.deck)))))
    assert repr(state) == before
    assert not records.is_open(step.state) and not records.is_open(step.state.today)
