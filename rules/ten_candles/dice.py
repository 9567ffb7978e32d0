"""Counting a Ten Candles roll: success, sixes for narration, ones to set aside (pure helpers)."""

from __future__ import annotations


def is_success(common: tuple[int, ...], hope: int) -> bool:
    """A 6 on any common die, or a 5 or 6 on the hope die (0 = no hope die).

    Rule: «Если выпадет хотя бы одна 6, результат будет успешным» and the hope die «приносит
    успех при выпадении 5 и 6» (seeds/000_e53cdcbb20917f8a.txt:L271, L160)

    >>> is_success((1, 2), 5), is_success((1, 2), 4), is_success((6,), 0)
    (True, False, True)
    """
    return 6 in common or hope >= 5


def player_sixes(common: tuple[int, ...], hope: int) -> int:
    """Sixes counted for narration: only a 6 on the hope die counts, not a 5.

    Rule: «только результат 6 учитывается при борьбе за право повествования»
    (seeds/000_e53cdcbb20917f8a.txt:L287)

    >>> player_sixes((6, 6, 1), 5), player_sixes((6,), 6)
    (2, 2)
    """
    return common.count(6) + (1 if hope == 6 else 0)


def player_narrates(common: tuple[int, ...], hope: int, gm: tuple[int, ...]) -> bool:
    """Whether the roller wins narration: strictly more sixes than the GM; ties go to the GM.

    Rule: «Тот, у кого выпадет больше 6, выигрывает право повествования» and «в случае ничьей
    побеждает всегда Рассказчик» (seeds/000_e53cdcbb20917f8a.txt:L279, L283)

    >>> player_narrates((6, 1), 0, (6, 2)), player_narrates((6, 6), 0, (6,))
    (False, True)
    """
    return player_sixes(common, hope) > gm.count(6)


def trait_reroll_slots(common: tuple[int, ...], hope: int, include_hope: bool) -> tuple[int, ...]:
    """Indices of the dice a burned Trait rerolls: every common 1, and the hope die (index
    ``len(common)``) when it shows 1 and ``include_hope`` (D8).

    Rule: «сжечь её, чтобы перебросить все кости, на которых выпало 1»
    (seeds/000_e53cdcbb20917f8a.txt:L114, L295)

    >>> trait_reroll_slots((1, 6, 1), 1, True), trait_reroll_slots((1, 6, 1), 1, False)
    ((0, 2, 3), (0, 2))
    """
    slots = tuple(i for i, face in enumerate(common) if face == 1)
    if include_hope and hope == 1:
        slots += (len(common),)
    return slots
