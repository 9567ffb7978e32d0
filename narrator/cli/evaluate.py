"""``narrator eval``: a scorecard for a model over fixed, seeded situations of every game."""

from __future__ import annotations

import shlex
import sys
import time
from pathlib import Path
from typing import Any

import typer

from narrator.cli.common import console, fail, fail_with, tool_word
from narrator.cli.llm import llm_settings

EVAL_LLM_HELP = ("The model to score: endpoint (OPENAI_BASE_URL / narrator.toml; any OpenAI-compatible server) "
                 "or local (the embedded SmolLM2, started for the run). offline has nothing to score.")


def register(app: typer.Typer, play: typer.Typer, simulate: typer.Typer) -> None:
    """Add ``narrator eval``."""
    app.command("eval")(evaluate)


def evaluate(
    llm: str = typer.Option("endpoint", "--llm", help=EVAL_LLM_HELP),
    games: int = typer.Option(2, "--games", "-n", min=1, help="Seeded games per family and language (seeds 1..N)."),
    langs: str = typer.Option("en,ru", "--lang", help="Languages of the prompts, comma-separated: en, ru or both."),
    only: str | None = typer.Option(None, "--only", help="Families to run, comma-separated: battaglia, ten-candles, "
                                                         "storyteller (default: all)."),
    prices: Path | None = typer.Option(None, "--prices", help="A price table (JSON/YAML: model: {prompt: USD per "
                                                              "million tokens, completion: ...}; '*' for any model)."),
    out: Path = typer.Option(Path("eval-report"), "--out", "-o", help="Directory for eval.md and eval.json."),
    progress: bool = typer.Option(True, "--progress/--no-progress", help="Show a progress bar."),
) -> None:
    """Score a model on the same seeded situations as any other, before a game night.

    Each family plays scripted games from seeds 1..N up to the decisions it puts to the model.
    battaglia: the first night choice, accusation (right after a player tried a prompt
    injection), ballot and shadow whisper of an 8-player game. ten-candles: an all-AI table
    (framing, narration, the characters' choices) until two truths were asked (or 40,000 tokens spent).
    storyteller: the Dark Ages scenario (framing, kernel-checked roll requests, result narration).

    Per role: legal first answers, answers accepted after re-asks, fallbacks and why,
    self-targeting, refusals by reason, wrong-language answers, injection leaks (a speech naming
    the seat's secret mask), tokens, latency p50/p95 and, with --prices, the cost.
    Output: DIR/eval.md and DIR/eval.json. Examples:

      narrator eval --llm local --games 1 --lang en

      OPENAI_BASE_URL=http://127.0.0.1:11434/v1 NARRATOR_LLM_MODEL=llama3.2 narrator eval --games 3

      narrator eval --prices prices.yaml --out reports/gpt-4o-mini
    """
    from narrator.evaluate import score

    languages, chosen, table = _asked(langs, only, prices)
    if llm == "offline":
        fail("", key="eval_offline")
    started = time.perf_counter()
    with llm_settings(llm) as settings:
        if settings is None:
            fail("", key="eval_no_model")
        collected = _collected(settings, chosen, games, languages, progress)
        model = settings.model_for("bot")
    card = score.scorecard(collected, prices=table)
    command = shlex.join(["narrator", "eval", *sys.argv[2:]]) if len(sys.argv) > 1 else "narrator eval"
    report, data = score.write(out, card, model=model, command=command)
    total = card["total"]
    console.print(tool_word("eval_done", decisions=total["decisions"], seconds=time.perf_counter() - started,
                            legal=_rate(total["legal_first_answer"]), fallbacks=_rate(total["fallbacks"]),
                            report=report, data=data.name), highlight=False, markup=False)


def _asked(langs: str, only: str | None, prices: Path | None) -> tuple[list[str], list[str], Any]:
    """The languages, the families and the price table asked for; exits on a language, family or file it
    cannot use."""
    from narrator.evaluate import score

    languages = [part.strip() for part in langs.split(",") if part.strip()]
    if not languages or any(lang not in ("en", "ru") for lang in languages):
        fail("", key="eval_lang", given=repr(langs))
    try:
        chosen = score.families(part.strip() for part in only.split(",")) if only else score.families(None)
        table = score.load_prices(prices) if prices else None
    except FileNotFoundError:
        fail("", key="no_file", path=str(prices))
    except (ValueError, OSError) as error:
        fail_with(error)
    return languages, list(chosen), table


def _collected(settings: Any, chosen: list[str], games: int, languages: list[str], progress: bool) -> Any:
    """Every family's seeded situations (seeds 1..``games``) put to the model, with a progress bar."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from narrator.evaluate.situations import collect, steps

    total = sum(steps(family, games, len(languages)) for family in chosen)
    with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=console, disable=not progress) as bar:
        task = bar.add_task("eval " + ", ".join(chosen), total=total)
        return collect(settings, chosen, list(range(1, games + 1)), languages, lambda: bar.advance(task),
                       workers=len(settings.endpoints) * settings.parallel)


def _rate(share: dict) -> str:  # type: ignore[type-arg]
    return "-" if share["rate"] is None else f"{share['rate']:.0%}"
