"""The battaglia report's opening section: what a designer should act on, written from the numbers.

Each finding carries its 95% interval: the widest imbalances between the forces, every force or mask
that wins under 2% or over 60% at some table size, the seat effects and the rule that can cause them
(the speaking order, L74), how often games stalemate and whether the bots or the rules make it (the
scripted arm against the random-play arms on the same seeds), how much the bots beat random play, and
what ``--compare`` changed.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from narrator.battaglia.run_stats import (
    FORCES,
    Run,
    deck_order,
    force_differences,
    group_by,
    mask_columns,
    mask_name,
    seats_of,
    winner_of,
)
from narrator.playtest.counts import and_list, count_list, m, p_text, percent, rate_ci
from narrator.playtest.stats import Proportion

Row = Mapping[str, Any]
LOW, HIGH = 0.02, 0.60
"""A force or mask winning under 2% or over 60% at a table size is named (issue #34)."""
FAMILIES = {"light": ("light",), "shadow": ("shadow",), "darkness": ("first_darkness", "second_darkness"),
            "gloom": ("first_gloom", "second_gloom")}
"""The four forces with both lives together (L92), as the bots and the edges count them."""


def findings(runs: Sequence[Run], *, lang: str, baselines: Mapping[str, Sequence[Row]] | None = None,
             edges: Sequence[Any] = (), bots: str = "", llm_games: int = 0) -> list[str]:
    """The "Findings" section's markdown lines."""
    main = runs[0]
    lines = [f"## {m(lang, 'findings.title')}", "", m(lang, "findings.intro"), ""]
    items = [*_imbalance(main, lang), *_extremes(main, lang), *_seats(runs, lang),
             *_stalemates(main, baselines or {}, bots, lang), *_edges(edges, lang)]
    if len(runs) > 1:
        items.append(_compare(runs[0], runs[1], lang))
    if llm_games:
        items.append(m(lang, "findings.llm", games=llm_games))
    return lines + [f"- {item}" for item in items]


def _family_rates(run: Run) -> dict[int, dict[str, Proportion]]:
    """Per player count, each of the four forces' win proportion (both lives together)."""
    rates: dict[int, dict[str, Proportion]] = {}
    for count, group in group_by(run.rows, "players").items():
        winners = [winner_of(r) for r in group]
        rates[int(count)] = {family: Proportion(sum(w in forces for w in winners), len(group))
                             for family, forces in FAMILIES.items()}
    return rates


def _imbalance(run: Run, lang: str) -> list[str]:
    """The table sizes where the best and the worst force are furthest apart."""
    gaps = []
    for count, rates in _family_rates(run).items():
        top = max(rates, key=lambda f: rates[f].rate)
        bottom = min(rates, key=lambda f: rates[f].rate)
        gaps.append((rates[top].rate - rates[bottom].rate, count, top, bottom, rates))
    if not gaps:
        return []
    gaps.sort(key=lambda g: -g[0])
    gap, count, top, bottom, rates = gaps[0]
    name = _force_word(lang)
    text = m(lang, "findings.gap", count=count, top=_capital(name(top)), top_rate=rate_ci(rates[top], lang),
             bottom=name(bottom), bottom_rate=rate_ci(rates[bottom], lang), points=100 * gap)
    rest = [m(lang, "findings.gap_item", count=c, top=name(t), top_rate=rate_ci(r[t], lang), bottom=name(b),
              bottom_rate=rate_ci(r[b], lang)) for _, c, t, b, r in gaps[1:3]]
    if rest:
        text += " " + m(lang, "findings.gap_next", items="; ".join(rest))
    return [text]


def _force_word(lang: str) -> Any:
    return lambda family: message_force(lang, family)


def message_force(lang: str, family: str) -> str:
    """A force's name in the report's language (``darkness``: both lives)."""
    from narrator.agents.i18n import message

    return message(lang, f"report_bots.force.{family}")


def _extremes(run: Run, lang: str) -> list[str]:
    """Every force (each life apart) and mask that wins under 2% or over 60% at some table size."""
    from narrator.agents.i18n import message

    counts = sorted(int(c) for c in group_by(run.rows, "players"))
    named: list[tuple[str, dict[int, Proportion]]] = [
        (message(lang, f"report.force.{force}"), dict(run.win_rates.get(force, {}))) for force in FORCES]
    named += [(mask_name(mask, lang), by_count) for mask, by_count in mask_wins_by_count(run.rows).items()]
    found = []
    for name, by_count in named:
        for key, test in (("low", lambda p: p.rate < LOW), ("high", lambda p: p.rate > HIGH)):
            hit = {c: p for c, p in by_count.items() if p.total and test(p)}
            if not hit:
                continue
            least = min(hit.values(), key=lambda p: p.rate)
            most = max(hit.values(), key=lambda p: p.rate)
            same = rate_ci(least, lang) == rate_ci(most, lang)
            found.append(m(lang, f"findings.{key}_same" if same else f"findings.{key}", name=_capital(name),
                           counts=count_list(list(hit), counts, lang), least=rate_ci(least, lang),
                           most=rate_ci(most, lang), high=percent(max(p.interval[1] for p in hit.values()))))
    return found or [m(lang, "findings.extremes_none")]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def mask_wins_by_count(rows: Sequence[Row]) -> dict[str, dict[int, Proportion]]:
    """Per mask dealt at the start and per player count: how often its holder's seat was among the winners."""

    columns = mask_columns(rows, "seat_")
    hits: dict[str, dict[int, int]] = {}
    totals: dict[str, dict[int, int]] = {}
    for row in rows:
        count, winners = int(row["players"]), seats_of(row.get("winners", ""))
        for mask, key in columns.items():
            seat = row.get(key)
            if seat in ("", None):
                continue
            totals.setdefault(mask, {}).setdefault(count, 0)
            totals[mask][count] += 1
            hits.setdefault(mask, {}).setdefault(count, 0)
            hits[mask][count] += int(int(seat) in winners)
    from collections import Counter

    order = deck_order(Counter(totals))
    return {mask: {c: Proportion(hits[mask][c], totals[mask][c]) for c in sorted(totals[mask])} for mask in order}


def _seats(runs: Sequence[Run], lang: str) -> list[str]:
    main = runs[0]
    tests = main.seat_tests
    if not tests:
        return []
    differing = [t for t in tests if t.differs]
    widest = max(differing or tests, key=lambda t: abs(t.points))
    low, high = widest.observed.interval
    points = m(lang, "points_ci", points=widest.points, low=100 * (low - widest.expected),
               high=100 * (high - widest.expected))
    if not differing:
        return [m(lang, "findings.seats_none", seat=widest.seat, points=points)]
    text = m(lang, "findings.seats_some", n=len(differing), total=len(tests), seat=widest.seat, points=points,
             p=p_text(widest.p_holm, lang))
    text += " " + m(lang, "findings.seats_cause", slots="2–5")
    for run in runs[1:]:
        if run.options.get("accusation_order") == "random" and run.seat_tests:
            moved = [t for t in run.seat_tests if t.differs]
            far = max(moved or run.seat_tests, key=lambda t: abs(t.points))
            text += " " + m(lang, "findings.seats_random", label=run.label, n=len(moved), seat=far.seat,
                            points=f"{far.points:+.1f}")
    return [text]


def stalemate_share(rows: Sequence[Row]) -> Proportion:
    return Proportion(sum(str(r["termination"]) == "stalemate" for r in rows), len(rows))


def _stalemates(run: Run, baselines: Mapping[str, Sequence[Row]], bots: str, lang: str) -> list[str]:
    by_count = {int(c): stalemate_share(g) for c, g in group_by(run.rows, "players").items()}
    if not by_count:
        return []
    low_count = min(by_count, key=lambda c: by_count[c].rate)
    high_count = max(by_count, key=lambda c: by_count[c].rate)
    if by_count[high_count].rate < LOW:
        return [m(lang, "findings.stalemate_few", high=rate_ci(by_count[high_count], lang), count=high_count)]
    if len(by_count) == 1:
        text = m(lang, "findings.stalemate_one", rate=rate_ci(by_count[low_count], lang), count=low_count)
    else:
        text = m(lang, "findings.stalemate", low=rate_ci(by_count[low_count], lang),
                 high=rate_ci(by_count[high_count], lang), low_count=low_count, high_count=high_count)
    if not baselines:
        return [text + " " + m(lang, "findings.stalemate_alone")]
    played = {str(r.get("index")) for rows in baselines.values() for r in rows}
    same = [r for r in run.rows if str(r.get("index")) in played]  # the baselines' seeds (--edge-games)
    main = stalemate_share(same or run.rows)
    shares = {key: stalemate_share(rows) for key, rows in baselines.items()}
    arms = [(key, p) for key, p in shares.items() if key != "all"]
    everyone = shares.get("all")
    drop = min(arms, key=lambda kp: kp[1].rate) if arms else None
    lower = [(k, p) for k, p in ([drop] if drop else []) + ([("all", everyone)] if everyone else [])
             if p.interval[1] < main.interval[0] and p.rate < main.rate / 2]
    if lower:
        parts = [m(lang, "findings.stalemate_arm", arm=_arm_word(k, lang), rate=rate_ci(p, lang)) for k, p in lower]
        text += " " + m(lang, "findings.stalemate_bots", arms=and_list(parts, lang), main=rate_ci(main, lang))
    else:
        parts = [m(lang, "findings.stalemate_arm", arm=_arm_word(k, lang), rate=rate_ci(p, lang))
                 for k, p in shares.items()]
        text += " " + m(lang, "findings.stalemate_rules", arms=and_list(parts, lang), main=rate_ci(main, lang))
    return [text]


def _arm_word(key: str, lang: str) -> str:
    return m(lang, "arm_all") if key == "all" else m(lang, "arm_force", force=message_force(lang, key))


def _edges(edges: Sequence[Any], lang: str) -> list[str]:
    if not edges:
        return []
    weak = [e for e in edges if e.low <= 0 or e.edge < 0.05]
    if weak:
        items = [f"{message_force(lang, e.force)} ({e.players}: "
                 f"{m(lang, 'points_ci', points=100 * e.edge, low=100 * e.low, high=100 * e.high)})" for e in weak]
        return [m(lang, "findings.edges_weak", list=and_list(items, lang))]
    least = min(edges, key=lambda e: e.edge)
    most = max(edges, key=lambda e: e.edge)

    def points(e: Any) -> str:
        return m(lang, "points_ci", points=100 * e.edge, low=100 * e.low, high=100 * e.high)

    return [m(lang, "findings.edges", least=points(least), least_force=message_force(lang, least.force),
              least_count=least.players, most=points(most), most_force=message_force(lang, most.force),
              most_count=most.players)]


def paired_interval(a: Sequence[Row], b: Sequence[Row], force: str, count: int) -> tuple[float, float, float]:
    """B minus A for ``force`` at ``count`` over the same seeds (the rows in job order): mean and 95% interval."""
    diffs = [int(winner_of(y) == force) - int(winner_of(x) == force)
             for x, y in zip(a, b, strict=False) if int(x["players"]) == count]
    n = max(1, len(diffs))
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
    half = 1.96 * math.sqrt(var / n)
    return mean, mean - half, mean + half


def _compare(a: Run, b: Run, lang: str) -> str:
    from narrator.agents.i18n import message

    rows = force_differences(a, b)
    if not rows:
        return m(lang, "findings.compare_none_at_all", a=a.label, b=b.label)

    def said(d: Any) -> str:
        mean, low, high = paired_interval(a.rows, b.rows, d.force, d.count)
        return m(lang, "findings.compare_item", force=message(lang, f"report.force.{d.force}"), count=d.count,
                 points=m(lang, "points_ci", points=100 * mean, low=100 * low, high=100 * high))

    held = [d for d in rows if d.significant]
    if held:
        return m(lang, "findings.compare_some", a=a.label, b=b.label, list="; ".join(said(d) for d in held))
    widest = max(rows, key=lambda d: abs(d.points))
    return m(lang, "findings.compare_none", a=a.label, b=b.label, item=said(widest))
