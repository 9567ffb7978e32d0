"""Exact odds of a roll: botch, failure and each degree of success, as fractions (no sampling).

A d10 face falls in one of four classes against a difficulty ``d``: a 1, a 10, another success
(faces ``d..9``) or a blank (faces ``2..d-1``). The outcome depends only on how many dice fall in
each class, so summing the multinomial over those counts is exact. Counting is done in integers
over the common denominator ``10**pool`` and turned into fractions once. The optional rule of ten
(D19) adds, for each 10, a chain of re-rolls whose tail is summed in closed form.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import comb

from narrator.rules.storyteller.dice import DEGREES, OUTCOMES, check_difficulty, is_botch

CAP = 5
"""Net successes of 5 or more are all phenomenal (D21): the distribution is folded there."""


def exact_odds(pool: int, difficulty: int, *, botch_rule: str, rule_of_ten: bool = False,
               forgiven_botch: bool = False, willpower: str | None = None) -> dict[str, Fraction]:
    """The exact probability of each result category of ``pool`` dice at ``difficulty``.

    Args:
        pool: dice rolled, 1 or more.
        difficulty: 2..10.
        botch_rule: ``no_successes`` (DA) or ``ones_exceed`` (WW).
        rule_of_ten: the optional DA rule (D19): every 10 is re-rolled for additional successes.
        forgiven_botch: the optional DA rule (D20) is still unused: a botch counts as a failure.
        willpower: ``replace_roll`` (one marginal success, no dice, D2) or ``add_to_roll`` (+1 success
            no 1 cancels), or ``None``.

    Returns:
        A mapping over :data:`OUTCOMES` whose values sum to exactly 1.

    Rule: spec §3.17 over (seeds/002_066846aa780a4bc4.txt:L109-155; seeds/003_f0eb31a77e5e4bcd.txt:L50-76).

    >>> exact_odds(1, 6, botch_rule="no_successes")["botch"]
    Fraction(1, 10)
    """
    check_difficulty(difficulty)
    if pool < 1:
        raise ValueError(f"pool {pool} must be 1 or more")
    if willpower == "replace_roll":
        return {name: Fraction(int(name == "marginal")) for name in OUTCOMES}
    odds = {name: Fraction(0) for name in OUTCOMES}
    for net, chance in _net_counts(pool, difficulty, botch_rule, rule_of_ten).items():
        odds[_category(net, willpower == "add_to_roll", forgiven_botch)] += chance
    return odds


def _category(net: int | None, add_one: bool, forgiven: bool) -> str:
    """``net`` is ``None`` for a botch."""
    if net is None:
        if add_one:
            return "marginal"
        return "failure" if forgiven else "botch"
    net += int(add_one)
    return "failure" if net < 1 else DEGREES[min(net, CAP) - 1]


def _net_counts(pool: int, difficulty: int, botch_rule: str, rule_of_ten: bool) -> dict[int | None, Fraction]:
    """Probability of each capped net result; key ``None`` is the botch."""
    others = 10 - difficulty  # successes that are not 10s (faces difficulty..9); 0 at difficulty 10
    blanks = difficulty - 2   # faces 2..difficulty-1
    plain: dict[int | None, int] = {}
    groups: dict[tuple[int, int], int] = {}  # (raw - ones, tens) -> weight, for the rule of ten
    for ones in range(pool + 1):
        for tens in range(pool - ones + 1):
            for succ in range(pool - ones - tens + 1):
                rest = pool - ones - tens - succ
                ways = comb(pool, ones) * comb(pool - ones, tens) * comb(pool - ones - tens, succ)
                weight = ways * others ** succ * blanks ** rest
                if weight == 0:
                    continue
                raw = tens + succ
                if is_botch(raw, ones, botch_rule):
                    plain[None] = plain.get(None, 0) + weight
                elif rule_of_ten and tens:
                    groups[(raw - ones, tens)] = groups.get((raw - ones, tens), 0) + weight
                else:
                    net = min(max(raw - ones, 0), CAP)
                    plain[net] = plain.get(net, 0) + weight
    result = {net: Fraction(weight, 10 ** pool) for net, weight in plain.items()}
    for net, chance in _spread_tens(groups, difficulty, pool).items():
        result[net] = result.get(net, Fraction(0)) + chance
    return result


def _spread_tens(groups: dict[tuple[int, int], int], difficulty: int, pool: int) -> dict[int, Fraction]:
    """Add each group's re-rolled-10 successes (exact integers over one power of ten per net)."""
    numerators: dict[int, int] = {}
    top = 0
    for (base, tens), weight in groups.items():
        cap = max(CAP - base, 0)
        extra, exponent = _extra_distribution(difficulty, tens, cap)
        top = max(top, exponent)
    for (base, tens), weight in groups.items():
        cap = max(CAP - base, 0)
        extra, exponent = _extra_distribution(difficulty, tens, cap)
        scale = weight * 10 ** (top - exponent)
        for count, numerator in enumerate(extra):
            net = min(max(base + count, 0), CAP)
            numerators[net] = numerators.get(net, 0) + numerator * scale
    return {net: Fraction(n, 10 ** (pool + top)) for net, n in numerators.items()}


@cache
def _extra_distribution(difficulty: int, tens: int, cap: int) -> tuple[tuple[int, ...], int]:
    """Additional successes from re-rolling ``tens`` 10s in chains, folded at ``cap``.

    Returns numerators over ``10**exponent``: entry ``m`` is P(min(extra, cap) = m).
    """
    single = _single_chain(difficulty, cap)
    dist: tuple[int, ...] = (1,)
    for _ in range(tens):
        merged = [0] * (cap + 1)
        for a, pa in enumerate(dist):
            if pa:
                for b, pb in enumerate(single):
                    merged[min(a + b, cap)] += pa * pb
        dist = tuple(merged)
    return dist, tens * (cap + 1)


@cache
def _single_chain(difficulty: int, cap: int) -> tuple[int, ...]:
    """Extra successes from one re-rolled 10, folded at ``cap``, as numerators over ``10**(cap+1)`` (D19).

    Each re-rolled 10 counts and is re-rolled again, so P(X >= m) = (1/10)**(m-1) * (11-d)/10 for
    m >= 1 and the tail beyond ``cap`` is summed exactly.
    """
    unit = 10 ** (cap + 1)

    def at_least(m: int) -> int:
        return unit if m == 0 else (11 - difficulty) * 10 ** (cap + 1 - m)

    return tuple(at_least(m) - (at_least(m + 1) if m < cap else 0) for m in range(cap + 1))


def odds_table(pools: range, difficulties: range, **options: object) -> dict[tuple[int, int], dict[str, Fraction]]:
    """Exact odds for every (pool, difficulty) pair."""
    return {(p, d): exact_odds(p, d, **options) for p in pools for d in difficulties}  # type: ignore[arg-type]


def success_chance(odds: dict[str, Fraction]) -> Fraction:
    """The chance of at least one net success."""
    return sum((odds[name] for name in DEGREES), Fraction(0))
