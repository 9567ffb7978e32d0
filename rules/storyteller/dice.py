"""The d10 core shared by both books: successes, 1s, botches, degrees, difficulty arithmetic.

Pure functions of dice faces and options. The book differences arrive as arguments
(``botch_rule``...), so Dark Ages and Wild West run the same code.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

DA = "seeds/002_066846aa780a4bc4.txt"
WW = "seeds/003_f0eb31a77e5e4bcd.txt"

MIN_DIFFICULTY, MAX_DIFFICULTY, DEFAULT_DIFFICULTY = 2, 10, 6
DEGREES = ("marginal", "moderate", "complete", "exceptional", "phenomenal")
"""Net successes 1..5+ (DA L134-139, WW L62-68); 5 or more is phenomenal in both (D21)."""
OUTCOMES = ("botch", "failure", *DEGREES)
"""Every result category, worst first: the keys of the odds tables."""

Outcome = Literal["botch", "failure", "success"]


@dataclass(frozen=True, slots=True)
class RollResult:
    """One evaluated roll.

    Attributes:
        dice: the faces rolled, in order (empty for a Willpower or automatic success).
        difficulty: the difficulty the dice were read against.
        raw: dice showing the difficulty or more (a 10 always counts).
        ones: dice showing 1.
        extra: additional successes from re-rolled 10s (optional DA rule of ten).
        net: successes left after 1s cancel them; 0 on a botch.
        botch: whether the roll botched under the book's rule (after any forgiveness).
        forgiven: a botch turned into a failure by the optional forgiven-botch rule.
        cancelled: indices into ``dice`` set aside by the rule of one (each 1 with one success).
        rerolls: the re-rolled 10s' faces (rule of ten), in order.
        automatic: no dice were rolled (pool >= difficulty, or Willpower).
    """

    dice: tuple[int, ...]
    difficulty: int
    raw: int
    ones: int
    net: int
    botch: bool
    extra: int = 0
    forgiven: bool = False
    cancelled: tuple[int, ...] = ()
    rerolls: tuple[int, ...] = ()
    automatic: bool = False

    @property
    def outcome(self) -> Outcome:
        """``botch``, ``failure`` or ``success``."""
        if self.botch:
            return "botch"
        return "success" if self.net >= 1 else "failure"

    @property
    def degree(self) -> str | None:
        """The degree of success, or ``None`` for a failure or a botch."""
        return degree_of(self.net) if self.outcome == "success" else None

    @property
    def category(self) -> str:
        """``botch``, ``failure`` or the degree: one of :data:`OUTCOMES`."""
        return self.degree or self.outcome

    @property
    def is_complete(self) -> bool:
        """Three or more net successes: "успех можно назвать полным".

        Rule: «Если вы набрали три и более балла, успех можно назвать полным» (seeds/002_066846aa780a4bc4.txt:L109)
        """
        return self.net >= 3

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form, as carried by events and ``--json`` output."""
        return {"dice": list(self.dice), "difficulty": self.difficulty, "raw": self.raw, "ones": self.ones,
                "extra": self.extra, "net": self.net, "outcome": self.outcome, "degree": self.degree,
                "botch": self.botch, "forgiven": self.forgiven, "cancelled": list(self.cancelled),
                "rerolls": list(self.rerolls), "automatic": self.automatic}


def degree_of(net: int) -> str:
    """The name of a degree of success.

    Rule: «Пять и более успехов Феноменальный» (seeds/002_066846aa780a4bc4.txt:L134-139);
    «Пять успехов Феноменальный» (seeds/003_f0eb31a77e5e4bcd.txt:L62-68); D21.

    >>> degree_of(1), degree_of(3), degree_of(7)
    ('marginal', 'complete', 'phenomenal')
    """
    if net < 1:
        raise ValueError(f"net successes {net} is not a success")
    return DEGREES[min(net, 5) - 1]


def count_successes(dice: tuple[int, ...], difficulty: int) -> int:
    """Dice showing the difficulty or more; a 10 always succeeds.

    Rule: «Когда на кубике выпадает число, равное или превышающее названное значение, считается, что вы
    получили один успешный балл» (seeds/002_066846aa780a4bc4.txt:L109); «выпавшая десятка всегда приносит
    успешный балл» (L115); WW (seeds/003_f0eb31a77e5e4bcd.txt:L50, L72).

    >>> count_successes((3, 3, 8, 7, 10), 6)
    3
    """
    return sum(1 for d in dice if d >= difficulty or d == 10)


def is_botch(raw: int, ones: int, botch_rule: str) -> bool:
    """Whether a roll botches under the book's rule (D1; never harmonised).

    Rule: DA «Провал происходит только тогда, когда при броске вообще не было получено ни одного успешного
    балла» (seeds/002_066846aa780a4bc4.txt:L155, L292); WW «если единичек больше, чем успехов ... это провал»
    (seeds/003_f0eb31a77e5e4bcd.txt:L76, L216).

    >>> is_botch(1, 2, "no_successes"), is_botch(1, 2, "ones_exceed")
    (False, True)
    """
    if botch_rule == "no_successes":
        return raw == 0 and ones >= 1
    if botch_rule == "ones_exceed":
        return ones > raw
    raise ValueError(f"unknown botch rule {botch_rule!r}; expected no_successes or ones_exceed")


def cancelled_dice(dice: tuple[int, ...], difficulty: int) -> tuple[int, ...]:
    """Indices of the dice the rule of one sets aside: each 1 with one success (lowest successes first).

    Rule: «Берёте кубик с единицей и кубик с успешным баллом и откладываете их в сторону»
    (seeds/002_066846aa780a4bc4.txt:L149); «Уберите со стола успешную кость и глаз кобры»
    (seeds/003_f0eb31a77e5e4bcd.txt:L76).
    """
    ones = [i for i, d in enumerate(dice) if d == 1]
    successes = sorted((i for i, d in enumerate(dice) if d >= difficulty or d == 10), key=lambda i: (dice[i], i))
    pairs = min(len(ones), len(successes))
    return tuple(sorted(ones[:pairs] + successes[:pairs]))


def evaluate_roll(dice: tuple[int, ...], difficulty: int, *, botch_rule: str,
                  rerolls: tuple[int, ...] = ()) -> RollResult:
    """Read a roll: successes, 1s cancelling them, the book's botch, the net successes.

    Args:
        dice: faces 1..10, one per die of the pool.
        difficulty: 2..10.
        botch_rule: ``no_successes`` (DA) or ``ones_exceed`` (WW).
        rerolls: faces of re-rolled 10s (optional DA rule of ten, D19); each one at the difficulty or
            more adds a success, and 1s among them cancel nothing.

    Rule: «Если при броске выпала единица, она "отменяет" один успешный балл» (seeds/002_066846aa780a4bc4.txt:L149);
    «она отнимает один успех» (seeds/003_f0eb31a77e5e4bcd.txt:L76); spec §3.17.

    >>> evaluate_roll((1, 1, 7), 6, botch_rule="no_successes").outcome
    'failure'
    >>> evaluate_roll((1, 1, 7), 6, botch_rule="ones_exceed").outcome
    'botch'
    """
    check_difficulty(difficulty)
    bad = [d for d in (*dice, *rerolls) if not 1 <= d <= 10]
    if bad:
        raise ValueError(f"faces {bad} are not on a d10 (1..10)")
    raw, ones = count_successes(dice, difficulty), sum(1 for d in dice if d == 1)
    extra = count_successes(rerolls, difficulty)
    botch = is_botch(raw, ones, botch_rule)
    net = 0 if botch else max(0, raw + extra - ones)
    return RollResult(dice=tuple(dice), difficulty=difficulty, raw=raw, ones=ones, net=net, botch=botch,
                      extra=extra, cancelled=cancelled_dice(tuple(dice), difficulty), rerolls=tuple(rerolls))


def forgive(result: RollResult) -> RollResult:
    """Turn a botch into an ordinary failure (the optional forgiven botch, D20).

    Rule: «первый проваленный бросок сессии не засчитывается» (seeds/002_066846aa780a4bc4.txt:L159)
    """
    return RollResult(dice=result.dice, difficulty=result.difficulty, raw=result.raw, ones=result.ones, net=0,
                      botch=False, extra=result.extra, forgiven=True, cancelled=result.cancelled,
                      rerolls=result.rerolls)


def automatic_result(difficulty: int) -> RollResult:
    """One marginal success without dice (pool >= difficulty, or a Willpower point under D2).

    Rule: «автоматический успех считается незначительным, как если бы вы получили один успешный балл»
    (seeds/002_066846aa780a4bc4.txt:L167); «результат будет незначительным» (seeds/003_f0eb31a77e5e4bcd.txt:L82).
    """
    return RollResult(dice=(), difficulty=difficulty, raw=1, ones=0, net=1, botch=False, automatic=True)


def add_willpower(result: RollResult) -> RollResult:
    """The ``add_to_roll`` Willpower option (D2): one success no 1 can cancel, so no botch either."""
    return RollResult(dice=result.dice, difficulty=result.difficulty, raw=result.raw, ones=result.ones,
                      net=result.net + 1, botch=False, extra=result.extra, cancelled=result.cancelled,
                      rerolls=result.rerolls)


def check_difficulty(difficulty: int) -> None:
    """Raise ``ValueError`` unless 2 <= difficulty <= 10.

    Rule: «Сложность всегда варьируется от 2 до 10» (seeds/002_066846aa780a4bc4.txt:L109, L308);
    «Сложность может принимать значения от 2 до 10» (seeds/003_f0eb31a77e5e4bcd.txt:L48, L202).
    """
    if isinstance(difficulty, bool) or not isinstance(difficulty, int) or \
            not MIN_DIFFICULTY <= difficulty <= MAX_DIFFICULTY:
        raise ValueError(f"difficulty {difficulty!r} is outside 2..10 (the default is 6)")


def can_succeed_automatically(pool: int, difficulty: int, *, simple: bool, stressful: bool) -> bool:
    """Whether the pool >= difficulty rule grants a marginal success without a roll (D23, D46).

    Rule: «Если количество кубиков в запасе бросков равно или превышает сложность действия, то персонаж
    получает автоматический успех ... вообще не применяется в бою или другой напряженной ситуации»
    (seeds/002_066846aa780a4bc4.txt:L167, L220); (seeds/003_f0eb31a77e5e4bcd.txt:L82-84).

    >>> can_succeed_automatically(6, 6, simple=True, stressful=False)
    True
    >>> can_succeed_automatically(4, 6, simple=True, stressful=False)
    False
    """
    return simple and not stressful and pool >= difficulty


def retry_difficulty(base: int, failed_attempts: int) -> int:
    """The raw difficulty of a new attempt after ``failed_attempts`` failures (may exceed 10: D5).

    Rule: «Рассказчик может повысить сложность задачи на единицу. Если персонаж снова терпит неудачу, то сложность
    третьей попытки увеличивается на два, и так далее» (seeds/002_066846aa780a4bc4.txt:L173);
    (seeds/003_f0eb31a77e5e4bcd.txt:L122-124).

    >>> retry_difficulty(6, 0), retry_difficulty(6, 2)
    (6, 8)
    """
    return base + failed_attempts


def clamp_difficulty(raw: int, policy: str) -> tuple[int | None, str | None]:
    """Bring a computed difficulty back to 2..10 (D5, D6): ``(difficulty, flag)``, ``(None, ...)`` if impossible.

    Rule: «Со временем сложность станет такой высокой, что персонаж вообще не сможет преуспеть»
    (seeds/002_066846aa780a4bc4.txt:L173); range 2..10 (L109).

    >>> clamp_difficulty(12, "clamp"), clamp_difficulty(12, "impossible"), clamp_difficulty(1, "clamp")
    ((10, 'over_max'), (None, 'over_max'), (2, 'under_min'))
    """
    if raw > MAX_DIFFICULTY:
        return (MAX_DIFFICULTY if policy == "clamp" else None), "over_max"
    if raw < MIN_DIFFICULTY:
        return MIN_DIFFICULTY, "under_min"
    return raw, None


def multiple_action_pools(base_pools: tuple[int, ...]) -> tuple[int, ...]:
    """Dark Ages multiple actions: the k-th of N declared actions loses N + (k - 1) dice (D15).

    A result <= 0 means that action cannot be performed.

    Rule: «первый запас бросков уменьшается на столько кубиков, сколько действий было заявлено. Запас бросков на
    каждое дополнительное действие уменьшается еще на один кубик» (seeds/002_066846aa780a4bc4.txt:L193-195)

    >>> multiple_action_pools((7, 6, 6))
    (4, 2, 1)
    """
    count = len(base_pools)
    if count <= 1:
        return tuple(base_pools)
    return tuple(pool - count - k for k, pool in enumerate(base_pools))


def tens_to_reroll(faces: tuple[int, ...]) -> int:
    """How many dice the rule of ten re-rolls next: one per 10 (chained, D19).

    Rule: «игрок может повторно бросить кубик с выпавшей десяткой, чтобы получить дополнительные успешные баллы»
    (seeds/002_066846aa780a4bc4.txt:L151)
    """
    return sum(1 for d in faces if d == 10)
