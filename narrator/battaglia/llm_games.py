"""Simulated battaglia games with language-model seats (``narrator simulate battaglia --llm ...``).

Runs in one process: the model is the bottleneck. ``--concurrency N`` plays N games at once, each
in a thread of its own, against the same endpoint (one chat model, one pool of server slots); within
a game the seats the rules let decide together are asked at once (``settings.concurrency``).
Each game is a :class:`~narrator.session.Session` with the scripted bot as every seat's fallback;
the run's :class:`~agents.llm.UsageStats` gather calls, tokens, latency, illegal proposals and
fallbacks per decision. Transcripts, when kept, carry the ``llm_call`` lines.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from narrator.agents.battaglia.llm import llm_table
from narrator.agents.battaglia.texts import Table
from narrator.agents.llm import LLMSettings, UsageStats
from narrator.agents.llm.client import chat_model

from narrator.battaglia.simulate import TRANSCRIPT_LANG, Tally, job_config, make_row, play_session
from narrator.playtest.runner import GameJob


def llm_seats(job: GameJob, count: int | None) -> list[int]:
    """The seats the model plays in ``job``: all (``None``), or ``count`` seats rotating with the game's index.

    Rotating spreads the model's seats over the masks across a run.
    """
    if count is None or count >= job.players:
        return list(range(job.players))
    return sorted({(job.index + k) % job.players for k in range(count)})


class LLMRun:
    """Plays jobs with model seats, sharing one chat model and one :class:`UsageStats`."""

    def __init__(self, settings: LLMSettings, seats: int | None, *, lang: str = TRANSCRIPT_LANG) -> None:
        self.settings, self.seats, self.lang = settings, seats, lang
        self.stats = UsageStats()
        self.chat = chat_model(settings, "bot")

    def play(self, job: GameJob) -> dict[str, Any]:
        """Play one game and return its report row (with the model's seats)."""
        config = job_config(job)
        table = Table.for_game(job.seed, job.players, self.lang)
        seats = llm_seats(job, self.seats)
        agents, fallbacks = llm_table(self.settings, job.seed, table, seats, stats=self.stats, model=self.chat)
        tally = Tally()
        if job.transcript:
            from narrator.transcript import TranscriptWriter

            with TranscriptWriter(job.transcript, overwrite=True) as file:
                state, moves, fallback_count = play_session(job, config, agents, table, tally, file,
                                                            fallbacks=fallbacks,
                                                            concurrency=self.settings.concurrency)
        else:
            state, moves, fallback_count = play_session(job, config, agents, table, tally, fallbacks=fallbacks,
                                                        concurrency=self.settings.concurrency)
        row = make_row(job, state, tally, moves, fallback_count)
        row["llm_seats"] = " ".join(map(str, seats))
        return row


def play_at_once(play: Callable[[GameJob], dict[str, Any]], jobs: Sequence[GameJob], games_at_once: int, *,
                 progress: bool = True, description: str = "simulating") -> list[dict[str, Any]]:
    """Every job played, ``games_at_once`` at a time (threads: they wait on the model), rows in job order."""
    from narrator.playtest.runner import progress_bar

    with progress_bar(progress) as bar, ThreadPoolExecutor(max_workers=games_at_once,
                                                          thread_name_prefix="llm-game") as pool:
        task = bar.add_task(description, total=len(jobs))
        futures = [pool.submit(play, job) for job in jobs]
        for future in futures:
            future.add_done_callback(lambda _f: bar.advance(task))
        return [future.result() for future in futures]


STAT_ROWS: Sequence[tuple[str, str]] = (
    ("decisions", "{:.0f}"),
    ("calls_per_decision", "{:.2f}"),
    ("prompt_tokens_per_decision", "{:.0f}"),
    ("completion_tokens_per_decision", "{:.1f}"),
    ("illegal_first_proposal_rate", "{:.1%}"),
    ("illegal_after_reasks_rate", "{:.1%}"),
    ("fallback_rate", "{:.1%}"),
    ("latency_ms_per_decision", "{:.0f}"),
    ("latency_ms_per_decision_p50", "{:.0f}"),
    ("latency_ms_per_decision_max", "{:.0f}"),
)
"""What ``narrator simulate battaglia --llm`` prints per run."""


def with_wall(summary: dict[str, Any], wall_s: float) -> dict[str, Any]:
    """``summary`` with the run's wall time, the sum of its decisions' latencies and their ratio (issue #11's
    concurrency measure: below 1 when decisions overlapped; each call's latency counts from the moment it got
    a server slot, so queueing for a slot is not in the sum)."""
    if not summary:
        return summary
    total = summary["decisions"] * summary["latency_ms_per_decision"] / 1000
    warm = summary.get("warm_up_latency_s", 0.0)  # warm-ups are not decisions: their time is shown apart
    return {**summary, "wall_s": round(wall_s, 1), "sum_latency_s": round(total, 1),
            "wall_over_latency": round(wall_s / total, 3) if total else None,
            "wall_over_latency_with_warm_ups": round(wall_s / (total + warm), 3) if total + warm else None}


def stats_lines(summary: dict[str, Any], lang: str = "en") -> list[tuple[str, str]]:
    """``(label, value)`` pairs of a :meth:`UsageStats.summary` for the terminal and the report, labelled from
    the catalogue of ``lang`` (``tools.llm_stats``)."""
    from narrator.agents.i18n import message

    def word(key: str, **values: Any) -> str:
        return message(lang, f"tools.llm_stats.{key}", **values)

    if not summary:
        return [(word("decisions"), word("none_asked"))]
    lines = [(word(key), fmt.format(summary[key])) for key, fmt in STAT_ROWS]
    if summary.get("wall_over_latency") is not None:
        lines.append((word("ratio"), word("ratio_value", wall=f"{summary['wall_s']:.0f}",
                                          total=f"{summary['sum_latency_s']:.0f}",
                                          ratio=f"{summary['wall_over_latency']:.2f}")))
        if summary.get("warm_ups"):
            lines.append((word("warm_ups"), word("warm_ups_value", count=summary["warm_ups"],
                                                 seconds=f"{summary['warm_up_latency_s']:.0f}",
                                                 ratio=f"{summary['wall_over_latency_with_warm_ups']:.2f}")))
    reasons = summary.get("fallbacks_by_reason") or {}
    lines.append((word("fallbacks_by_reason"),
                  ", ".join(f"{k}: {v}" for k, v in sorted(reasons.items())) or word("no_fallbacks")))
    return lines
