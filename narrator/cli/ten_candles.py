"""CLI commands for Ten Candles: ``narrator play ten-candles`` and ``narrator simulate ten-candles``."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import typer
from rich.table import Table as RichTable
from rich.text import Text

from narrator.agents.i18n import end_reason, message
from narrator.cli.common import (
    ENGINE_HELP,
    PLOTS_HELP,
    VERIFY_HELP,
    console,
    fail,
    fail_with,
    fresh_seed,
    language,
    parse_range,
    simulate_rows,
)
from narrator.terminal_text import shown

PLAY_HELP = (
    "Play Ten Candles in the terminal: you are a survivor, with AI companions and an offline Storyteller.\n\n"
    "Ten candles burn; each failed conflict puts one out and ends the scene; at the last candle everyone dies. "
    "You write your cards (or press Enter to take a suggestion), speak truths when it is your turn and choose "
    "from numbered options (roll, burn a Trait, embrace your Brink...). Type x at any prompt to play the X-card: "
    "the Storyteller drops the thread. Ctrl-D or Ctrl-C saves the game; continue it with --resume PATH.\n\n"
    "  narrator play ten-candles --ai 3 --lang ru --seed 7 --lines \"spiders,children\""
)

SIMULATE_HELP = (
    "Simulate many Ten Candles games with scripted survivors and GM, and write a report.\n\n"
    "Writes report.md, games.csv, scenes.csv, summary.csv and PNG plots (scenes reached, conflicts per scene, "
    "cards burned, hope-die and Brink use, how the game ends, deaths) into --out.\n\n"
    "  narrator simulate ten-candles --players 3-5 --games 500 --seed 1 --jobs 2 --out report/\n\n"
    "The games are played by the native playout engine when it is built (see --engine); a sample of them is "
    "played again by the Python rules kernel and must agree (--verify)."
)


class TerminalIO:
    """A real terminal: prompts on stdin, lines through rich (markup off: texts may hold brackets)."""

    def ask(self, prompt: str) -> str:
        """One line from the human."""
        return input(prompt)

    def say(self, text: str) -> None:
        """Print a line."""
        console.print(Text(shown(text)))




def status_line(view: Any, lang: str = "en") -> None:
    """Candles lit (●) and dark (○), the pool, the Storyteller's pool, your hope die and cards left
    (``view`` is the asking seat's own view)."""
    from narrator.agents.i18n import section

    words = section(lang, "tc_status")
    scene, candles, pool, gm, hope_die, yes, no, yours = (words[key] for key in (
        "scene", "candles", "pool", "storyteller", "hope_die", "yes", "no", "your_cards"))
    seat = view.viewer if isinstance(view.viewer, int) and view.viewer >= 0 else 0
    lights = "●" * view.lit + "○" * view.dark
    me = view.characters[seat] if seat < len(view.characters) else None
    hope = yes if me is not None and me.hope else no
    from narrator.ten_candles.reference import Reference

    words = Reference(lang)
    stack = list(me.stack) if me is not None and me.stack else []
    cards = " > ".join([words.card(me, stack[0]), *(words.kind(c) for c in stack[1:])]) if stack else "—"
    console.print(Text(f"[{scene} {view.scene or '-'} | {candles} {lights} {view.lit}/10 | {pool} {view.pool} "
                       f"| {gm} {view.gm_pool} | {hope_die}: {hope} | {yours}: {cards}]", style="dim"))


def _split(text: str | None) -> tuple[str, ...]:
    return tuple(t.strip() for t in (text or "").split(",") if t.strip())


def register(app: typer.Typer, play: typer.Typer, simulate: typer.Typer) -> None:
    """Add this module's commands to the CLI."""
    play.command("ten-candles", help=PLAY_HELP)(play_ten_candles)
    simulate.command("ten-candles", help=SIMULATE_HELP)(simulate_ten_candles)


def play_ten_candles(
    players: int = typer.Option(1, "--players", help="Human players at this terminal (seats 0..n-1)."),
    ai: int = typer.Option(3, "--ai", help="AI survivors."),
    lang: str | None = typer.Option(None, "--lang", help="Language of the table: ru or en (default: "
                                                         "NARRATOR_LANG, else the locale, else en)."),
    seed: int | None = typer.Option(None, "--seed", help="Seeds the dice, the Storyteller and the AI survivors "
                                                         "(default: a random seed, printed and recorded)."),
    module: str | None = typer.Option(None, "--module", help="Module to play (default: drawn by seed)."),
    transcript: Path | None = typer.Option(None, "--transcript", "-t", help="Where to write the game."),
    resume: Path | None = typer.Option(None, "--resume", help="Continue the game recorded in this file."),
    burn_minutes: float | None = typer.Option(None, "--burn-minutes",
                                                 help="A candle goes out by itself every M real minutes."),
    lines: str | None = typer.Option(None, "--lines", help="Safety lines, comma-separated (never shown)."),
    veils: str | None = typer.Option(None, "--veils", help="Safety veils, comma-separated (off-screen)."),
    llm: str | None = typer.Option(None, "--llm", help="offline (template Storyteller, scripted survivors; the "
                                   "default without an endpoint), local (embedded SmolLM2, started for this "
                                   "game) or endpoint: the Storyteller and AI survivors speak through a model. "
                                   "--players 0 lets the AI table play alone. See docs/llm.md."),
) -> None:
    if lang is not None:
        language(lang)  # an error before the game begins speaks the language asked for
    if resume is not None:
        settings, path = _resumed_settings(resume), resume
    else:
        chosen, seed = seed is not None, fresh_seed(seed)
        settings = _new_settings(players, ai, language(lang), seed, module, burn_minutes, _split(lines), _split(veils),
                                 watch=llm not in (None, "offline"))
        from narrator.fairness import seed_line
        from narrator.transcript import default_transcript_path

        path = transcript or default_transcript_path("ten-candles", seed)
        settings = dataclasses.replace(settings, secret=not chosen)  # no --seed: a secret seed draws the dice
        console.print(seed_line(settings.lang, seed, chosen=chosen), highlight=False)
    _told_end(_played(settings, path, resume is not None, llm), settings, path)


def _resumed_settings(resume: Path) -> Any:
    """The table of the game recorded in ``resume``; errors from here on speak its language."""
    from narrator.resume import ResumeError
    from narrator.ten_candles.play import settings_from_header

    if not resume.exists():
        fail("", key="no_file", path=resume)
    try:
        settings = settings_from_header(resume)
    except (ResumeError, ValueError) as error:
        fail_with(error)
    language(settings.lang)
    return settings


def _played(settings: Any, path: Path, resumed: bool, llm: str | None) -> Any:
    """The game played at this terminal (the template table, or a model's with ``--llm``) until it ends or is saved."""
    from narrator.cli.llm import llm_settings
    from narrator.resume import ResumeError
    from narrator.ten_candles.llm import play_llm
    from narrator.ten_candles.play import play as play_game
    from narrator.ten_candles.storyteller import ModuleBlockedError

    io = TerminalIO()
    try:
        with llm_settings(llm, stream=True) as model:
            if model is None:
                return play_game(settings, io, path, resume=resumed, status=lambda view: status_line(view, settings.lang))
            result, _table = play_llm(settings, io, path, model, resume=resumed,
                                      status=lambda view: status_line(view, settings.lang))
            return result
    except ResumeError as error:
        fail_with(error)
    except ModuleBlockedError:
        fail("", key="module_blocked", tool=True, module=settings.module)


def _told_end(result: Any, settings: Any, path: Path) -> None:
    """Where the game was saved, or how it ended and the seed revealed."""
    if result.outcome is None:
        console.print("\n" + message(settings.lang, "session.saved", path=path, command="narrator play ten-candles"),
                      soft_wrap=True, highlight=False)
        return
    console.print("\n" + message(settings.lang, "session.over", path=path,
                                 reason=end_reason(settings.lang, result.outcome.termination)),
                  soft_wrap=True, highlight=False)
    from narrator.fairness import revealed_line

    revealed = revealed_line(result.session, path, settings.lang)
    if revealed:
        console.print(revealed, soft_wrap=True, highlight=False)


def simulate_ten_candles(
    players: str = typer.Option("3-5", "--players", help="Player counts: 4, 3-5 or 3,5."),
    games: int = typer.Option(200, "--games", min=1, help="Games per player count."),
    seed: int = typer.Option(1, "--seed", help="Seeds the run (every game gets its own seed)."),
    jobs: int = typer.Option(1, "--jobs", min=1, help="Worker processes."),
    out: Path = typer.Option(Path("report/ten_candles"), "--out", help="Directory for the report."),
    transcripts: int = typer.Option(0, "--transcripts", min=0, help="Keep the transcripts of the first K games "
                                    "of each player count (in OUT/transcripts)."),
    progress: bool = typer.Option(True, "--progress/--no-progress", help="Show a progress bar."),
    engine: str = typer.Option("auto", "--engine", help=ENGINE_HELP),
    verify: int | None = typer.Option(None, "--verify", min=0, help=VERIFY_HELP),
    lang: str | None = typer.Option(None, "--lang", help="Language of the report: ru or en (default: "
                                                         "NARRATOR_LANG, else the locale, else English)."),
    skill: int = typer.Option(50, "--skill", min=0, help="Games per player count played again with random "
                                                         "survivors, then a random GM, for the report's bot-skill "
                                                         "section (the Python kernel: about 5 s at 3-5 players); "
                                                         "0 leaves it out."),
    plots: bool = typer.Option(True, "--plots/--no-plots", help=PLOTS_HELP),
) -> None:
    import time

    from narrator.playtest import make_jobs
    from narrator.playtest.counts import Arm, done_line
    from narrator.playtest.streaming import RowStream
    from narrator.ten_candles.report import GameFiles, write_report
    from narrator.ten_candles.simulate import job_config, native_engine, play_one
    from narrator.ten_candles.skill import skill_table

    lang_now = language(lang)  # the run's language from the start: its errors and the report's sentences
    counts = parse_range(players, low=2, high=9)
    folder = str(out / "transcripts") if transcripts else None
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
    batch = make_jobs(counts, games, seed, transcripts_dir=folder, keep_transcripts=transcripts)
    configs = [job_config(job) for job in {job.players: job for job in batch}.values()]
    files = GameFiles(out)
    stream = RowStream(files.add)  # the per-game CSVs are written while the next games play
    begun = time.perf_counter()
    try:
        rows, played_by = simulate_rows(batch, play_one=play_one, native=native_engine, configs=configs,
                                        engine=engine, verify=verify, workers=jobs, progress=progress,
                                        description="ten-candles", on_rows=stream.put, plots=plots)
    finally:
        stream.finish()
    arms = [Arm(message(lang_now, "playtest.games.main", label=message(lang_now, "playtest.tc.arm.scripted")),
                len(rows), time.perf_counter() - begun)]
    played = _skill_arms(batch, skill, jobs, progress, lang_now, arms)
    # without --no-plots: it changes no game and no number, and the report says no plots were drawn
    command = " ".join(["narrator simulate ten-candles", f"--players {players}", f"--games {games}",
                        f"--seed {seed}", f"--jobs {jobs}", f"--out {out}", f"--lang {lang_now}",
                        f"--skill {skill}", *([f"--transcripts {transcripts}"] if transcripts else []),
                        *([f"--engine {engine}"] if engine != "auto" else [])])
    table = write_report(rows, out, seed=seed, jobs=jobs, played_by=played_by, lang=lang_now, files=files,
                         command=command, skill=skill_table(rows, played) if played else (), arms=arms, plots=plots)
    _print_summary(table, lang_now)
    console.print(done_line(arms, lang_now, out / "report.md", plots=plots), highlight=False, soft_wrap=True)


def _skill_arms(batch: list[Any], skill: int, jobs: int, progress: bool, lang: str,
                arms: list[Any]) -> dict[str, list[dict[str, Any]]]:
    """The first ``skill`` games of each count played again by random survivors, then a random GM (each arm's
    games counted in ``arms``): the rows of each, for the report's bot-skill section."""
    import time

    from narrator.playtest import run_games
    from narrator.playtest.counts import Arm
    from narrator.ten_candles.skill import ARMS, arm_jobs, play_arm

    played: dict[str, list[dict[str, Any]]] = {}
    for arm in ARMS if skill else ():
        begun = time.perf_counter()
        played[arm] = run_games(play_arm, arm_jobs(batch, skill, arm), workers=jobs, progress=progress,
                                description=f"ten-candles {arm}")
        arms.append(Arm(message(lang, f"playtest.tc.arm.{arm}"), len(played[arm]), time.perf_counter() - begun,
                        baseline=True))
    return played


def _new_settings(players: int, ai: int, lang: str, seed: int, module: str | None, burn_minutes: float | None,
                  lines: tuple[str, ...], veils: tuple[str, ...], *, watch: bool = False) -> Any:
    from narrator.agents.ten_candles.material import module_names
    from narrator.ten_candles.play import TableSettings

    if players < (0 if watch else 1) or ai < 0:
        fail("", key="tc_no_human", players=players, ai=ai)
    if not 2 <= players + ai <= 9:
        fail("", key="tc_survivors", players=players, ai=ai, total=players + ai)
    if module is not None and module not in module_names():
        fail("", key="tc_module", module=module, known=", ".join(module_names()))
    if module is not None:
        from narrator.agents.ten_candles.material import Safety
        from narrator.ten_candles.storyteller import usable_modules

        usable = usable_modules(Safety.from_texts(lines, veils))
        if module not in usable:
            fail("", key="tc_module_line", module=module, usable=", ".join(usable) or "—")
    if burn_minutes is not None and burn_minutes <= 0:
        fail("", key="tc_burn", minutes=burn_minutes)
    return TableSettings(humans=players, ai=ai, lang=lang, seed=seed, module=module, lines=lines, veils=veils,
                         burn_minutes=burn_minutes)


def _print_summary(table: list[dict[str, Any]], lang: str = "en") -> None:
    view = RichTable(title=message(lang, "tools.sim_tc_title"))
    for column in ("players", "games", "scenes", "conflicts", "traits", "hope", "brink", "voluntary", "one_by_one"):
        view.add_column(message(lang, f"tools.sim_columns.{column}"), justify="right")
    for t in table:
        view.add_row(str(t["players"]), str(t["games"]), f"{t['scenes_mean']:.2f}", f"{t['conflicts_per_scene_mean']:.2f}",
                     f"{t['traits_burned_mean']:.2f}", f"{t['any_hope_die_rate']:.0%}", f"{t['any_brink_rate']:.0%}",
                     f"{t['voluntary_deaths_mean']:.2f}", f"{t['end_died_one_by_one']:.0%}")
    console.print(view)
