"""CLI commands for battaglia del arte: ``narrator play battaglia`` and ``narrator simulate battaglia``."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

import typer

from narrator.battaglia.bots import DEFAULT_ROLLOUTS
from narrator.cli.battaglia_sweep import Sweep
from narrator.cli.common import (
    ENGINE_HELP,
    PLOTS_HELP,
    VERIFY_HELP,
    asked_language,
    config_error_text,
    console,
    fail,
    language,
    parse_range,
    read_yaml_mapping,
    tool_word,
)
from narrator.cli.llm import LLM_OPTION_HELP as LLM_HELP
from narrator.cli.llm import llm_settings

PLAYERS_LOW, PLAYERS_HIGH = 6, 17


def register(app: typer.Typer, play: typer.Typer, simulate: typer.Typer) -> None:
    """Add this module's commands to the CLI."""
    play.command("battaglia")(play_battaglia)
    simulate.command("battaglia")(simulate_battaglia)


# -- simulate -------------------------------------------------------------------------------------


def simulate_battaglia(
    players: str | None = typer.Option(None, "--players", "-p",
                                       help="Player counts: a range 6-17, a list 6,9,12 or one number (6..17); "
                                            "default: the --rules profile's players, else 6-17."),
    games: int = typer.Option(100, "--games", "-n", min=1, help="Games per player count."),
    seed: int = typer.Option(0, "--seed", "-s", help="Seed of the run; each game's seed derives from it."),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, help="Worker processes (this machine has 2 cores)."),
    out: Path = typer.Option(Path("battaglia-report"), "--out", "-o",
                             help="Directory for report.md, the CSVs and the PNG plots."),
    rules: Path | None = typer.Option(None, "--rules", help="A YAML rules profile (house rules, DEC options)."),
    compare: Path | None = typer.Option(None, "--compare",
                                           help="A second rules profile, run on the same seeds, shown side by side."),
    transcripts: int = typer.Option(0, "--transcripts", min=0,
                                    help="Keep the transcripts of the first K games of each count (for audit)."),
    progress: bool = typer.Option(True, "--progress/--no-progress", help="Show a progress bar."),
    engine: str = typer.Option("auto", "--engine", help=ENGINE_HELP),
    verify: int | None = typer.Option(None, "--verify", min=0, help=VERIFY_HELP),
    llm: str | None = typer.Option(None, "--llm", help=LLM_HELP),
    llm_seats: str = typer.Option("1", "--llm-seats",
                                  help="With --llm: how many seats per game the model plays (the rest are scripted), "
                                       "rotating over the seats from game to game; 'all' for every seat."),
    lang: str | None = typer.Option(None, "--lang", help="Language of the report's headings and sentences: ru or en "
                                                         "(default: NARRATOR_LANG, else the locale, else English)."),
    bots: str = typer.Option("scripted", "--bots", help="Who plays every seat: scripted, search (the native search "
                                                        "bot) or random (random legal moves)."),
    bots_for: list[str] = typer.Option([], "--bots-for", help="FORCE=KIND for one force (light, shadow, darkness, "
                                                              "gloom), over --bots; repeat for several."),
    rollouts: int = typer.Option(DEFAULT_ROLLOUTS, "--rollouts", min=1, help="The search bot's rollouts per decision."),
    candidates: int = typer.Option(4, "--candidates", min=2, help="The search bot's candidate moves per decision."),
    cluster: str | None = typer.Option(None, "--cluster", help="Play the games on Ray: ray://HOST:PORT (a running "
                                                               "cluster) or local (a Ray instance for this run); "
                                                               "needs the cluster extra."),
    edge: bool = typer.Option(True, "--edge/--no-edge", help="Also play each force with random legal moves on the "
                                                             "same seeds and report its edge over random play."),
    edge_games: int = typer.Option(1000, "--edge-games", min=1, help="Games per player count of each random-play "
                                                                     "baseline (the first of the run's seeds; at most "
                                                                     "--games): 1,000 give intervals of about ±3 "
                                                                     "points."),
    concurrency: int = typer.Option(1, "--concurrency", min=1,
                                    help="With --llm: games played at once against the one endpoint (threads of this "
                                         "process). Within a game, seats that decide together (night steps, ballots) "
                                         "are asked at once too (NARRATOR_LLM_CONCURRENCY, default 4)."),
    plots: bool = typer.Option(True, "--plots/--no-plots", help=PLOTS_HELP),
) -> None:
    """Simulate many games with scripted bots in every seat and write a playtest report.

    The report (DIR/report.md) gives the win rate of each force by player count with 95% Wilson
    intervals, game length, deaths by cause, survival per mask, seat-position bias and stalemates,
    plus one CSV row per game. Example:

      narrator simulate battaglia --players 6-12 --games 500 --jobs 2 --out report/

    The games are played by the native playout engine when it is built (see --engine); a sample of
    them is played again by the Python rules kernel and must agree (--verify).

    With --llm local|endpoint, language-model seats play (in one process; the scripted bot takes over
    any decision the model fails) and the run prints LLM calls, prompt tokens and latency per decision,
    illegal proposals before and after re-asks, and fallbacks (also in DIR/llm_stats.json):

      narrator simulate battaglia --players 8 --games 3 --llm local

    --concurrency N plays N of those games at once against the same endpoint; with --llm local,
    NARRATOR_LLM_LOCAL_SERVERS=K starts K embedded servers (one request at a time each) behind one
    pool (docs/llm.md, "Concurrency"):

      NARRATOR_LLM_LOCAL_SERVERS=2 narrator simulate battaglia --players 12 --games 4 --llm local --concurrency 2
    """
    lang_now = language(lang)  # the run's language from the start: a profile's errors are told in it too
    plan, engine, verify = _checked_plan(bots, bots_for, rollouts, candidates, cluster=cluster, jobs=jobs, llm=llm,
                                         transcripts=transcripts, engine=engine, verify=verify)
    players = players or _profile_players(rules) or f"{PLAYERS_LOW}-{PLAYERS_HIGH}"
    counts = parse_range(players, low=PLAYERS_LOW, high=PLAYERS_HIGH)
    seats_per_game = _llm_seat_count(llm_seats) if llm else None
    if llm and llm != "offline" and jobs > 1:
        console.print(tool_word("llm_one_process"), highlight=False)
    sweep = Sweep(counts, games, seed, jobs, out, transcripts, progress, engine, verify, cluster, edge, edge_games,
                   concurrency, plan, lang_now, plots=plots)
    with llm_settings(llm) if llm else contextlib.nullcontext() as settings:  # no --llm: scripted, even with an endpoint
        for label, options in _profiles(rules, compare, counts):
            sweep.play(label, options, settings, seats_per_game)
    # --no-plots is left out of the recorded command: it changes no game and no number, and the report says itself
    # that no plots were drawn; the command run again gives the same report with its plots
    command = _command_line(players=players, games=games, seed=seed, jobs=jobs, out=out, rules=rules,
                            compare=compare, transcripts=transcripts, engine=None if engine == "auto" else engine,
                            bots=None if bots == "scripted" else bots,
                            **{"bots-for": " --bots-for ".join(bots_for) or None},
                            rollouts=rollouts if plan.searches and rollouts != DEFAULT_ROLLOUTS else None,
                            candidates=candidates if plan.searches and candidates != 4 else None,
                            llm=llm, **{"llm-seats": llm_seats if llm and llm_seats != "1" else None},
                            concurrency=concurrency if llm and concurrency != 1 else None,
                            lang=lang_now, **{"no-edge": not edge and not llm},
                            **{"edge-games": edge_games if edge and not llm and edge_games < games else None})
    sweep.report(command, seats_per_game)


def _checked_plan(bots: str, bots_for: list[str], rollouts: int, candidates: int, *, cluster: str | None, jobs: int,
                  llm: str | None, transcripts: int, engine: str, verify: int | None) -> tuple[Any, str, int | None]:
    """Who plays the seats (``--bots``, ``--bots-for``) and the engine and check it allows: the search bot plays
    natively only, unchecked; a cluster or a model seat plays alone. Exits on a combination that cannot run."""
    from narrator.battaglia.bots import PlanError, plan_of

    try:
        plan = plan_of(bots.strip().lower(), tuple(bots_for), rollouts=rollouts, candidates=candidates)
    except PlanError as error:
        fail(str(error))
    if cluster:
        from narrator.playtest.cluster import ClusterError, connect

        if llm or transcripts:
            fail("", key="cluster_alone", tool=True)
        try:
            connect(cluster, jobs)
        except ClusterError as error:
            fail(str(error))
    if not plan.scripted and (llm or transcripts):
        fail("", key="bots_scripted_only", tool=True)
    if plan.searches:
        if engine == "python":
            fail("", key="search_native_only", tool=True)
        engine = "native"
        if verify:
            console.print(tool_word("search_unchecked"), highlight=False)
        verify = 0
    return plan, engine, verify


def _profiles(rules: Path | None, compare: Path | None, counts: list[int]) -> list[tuple[str, dict[str, Any]]]:
    """The run's rules profiles by label: the standard rules or ``--rules``, and ``--compare`` beside it."""
    profiles = [("default" if rules is None else rules.stem, _profile(rules, counts))]
    if compare is not None:
        label = compare.stem if compare.stem != profiles[0][0] else f"{compare.stem}-b"
        profiles.append((label, _profile(compare, counts)))
    return profiles


def _llm_seat_count(text: str) -> int | None:
    """``--llm-seats``: a positive count, or ``None`` for all."""
    if text.strip().lower() == "all":
        return None
    if not text.strip().isdigit() or int(text) < 1:
        fail("", key="llm_seats", tool=True, given=repr(text))
    return int(text)


def _command_line(**options: Any) -> str:
    """The command that reproduces this run (for the report's first line)."""
    parts = ["narrator simulate battaglia"]
    for name, value in options.items():
        if value is True:  # a flag (--no-edge)
            parts.append(f"--{name}")
        elif value is not None and value is not False and not (name == "transcripts" and value == 0):
            parts.append(f"--{name} {value}")
    return " ".join(parts)


def _profile_players(path: Path | None) -> str | None:
    """The table size a rules profile names (``players: 11``), for a run without ``--players``."""
    if path is None:
        return None
    named = read_yaml_mapping(path).get("players")
    if named is None:
        return None
    console.print(tool_word("profile_players_used", path=path, named=named), markup=False, highlight=False)
    return str(named)


def _profile(path: Path | None, counts: list[int]) -> dict[str, Any]:
    """The profile's options, checked against every player count of the run."""
    from narrator.rules.battaglia import GAME
    from narrator.rules.replay import decode_config

    options = read_yaml_mapping(path) if path is not None else {}
    named = options.pop("players", None)
    if named is not None and [named] != counts:  # a profile may name its table size; --players decides
        console.print(tool_word("profile_players_note", path=path, named=named), markup=False, highlight=False)
    for count in counts:
        try:
            decode_config(GAME, {**options, "players": count})
        except ValueError as error:
            fail("", key="profile_players", tool=True, path=path or tool_word("options"), count=count,
                 error=config_error_text(error))
    return options


# -- play -----------------------------------------------------------------------------------------


def play_battaglia(
    players: int | None = typer.Option(None, "--players", "-p",
                                       help="Seats at the table (6..17); default: the profile's, else 9."),
    seat: int = typer.Option(0, "--seat", help="Your seat, 0..players-1; the others are bots."),
    lang: str | None = typer.Option(None, "--lang", help="Language of the host and the bots: ru or en (default: "
                                                         "NARRATOR_LANG, else the locale, else en)."),
    seed: int | None = typer.Option(None, "--seed", "-s", help="Seed of the deal and the bots (random if unset)."),
    rules: Path | None = typer.Option(None, "--rules", help="A YAML rules profile (house rules, DEC options)."),
    transcript: Path | None = typer.Option(None, "--transcript", "-t",
                                              help="Where to write the game's transcript (default: a new file)."),
    resume: Path | None = typer.Option(None, "--resume", help="Continue the game recorded in this transcript."),
    llm: str | None = typer.Option(None, "--llm", help=LLM_HELP),
    llm_seats: str = typer.Option("all", "--llm-seats",
                                  help="With --llm: how many bot seats the model plays (the lowest seats other than "
                                       "yours; the rest are scripted), or 'all'. The local model takes seconds a move."),
    bots: str = typer.Option("scripted", "--bots", help="The bot seats without --llm: scripted, or strong (the scripted "
                                                        "player whose day moves a search over sampled hidden masks may "
                                                        "replace; about a second a decision)."),
) -> None:
    """Play one seat of battaglia del arte in the terminal against scripted bots.

    The program is the host: it calls the night steps, announces the morning, the accusations,
    the votes and the deaths. You see only what your seat may know. Answer with the number of a
    choice; accusations also take a line of free text. Ctrl-D / Ctrl-C saves; continue with
    --resume FILE.
    """
    from narrator.battaglia.terminal import PlayOptions, play_in_terminal

    lang_asked = bool(lang or asked_language())
    lang = language(lang)
    options: dict[str, Any] = {}
    if resume is None:
        if players is None:
            given = (read_yaml_mapping(rules) if rules else {}).get("players", 9)
            if not isinstance(given, int) or isinstance(given, bool):  # «players: many» was a traceback
                fail("", key="players_range", players=repr(given), low=PLAYERS_LOW, high=PLAYERS_HIGH)
            players = given
        if not PLAYERS_LOW <= players <= PLAYERS_HIGH:
            fail("", key="players_range", players=players, low=PLAYERS_LOW, high=PLAYERS_HIGH)
        if not 0 <= seat < players:
            fail("", key="seat_range", seat=seat, players=players, high=players - 1)
        options = _profile(rules, [players])
    seats_count = _llm_seat_count(llm_seats) if llm else None
    if bots.strip().lower() not in ("scripted", "strong"):
        fail("", key="play_bots", bots=bots)
    with llm_settings(llm, stream=True) if llm else contextlib.nullcontext() as settings:
        code = play_in_terminal(PlayOptions(players=players or 9, seat=seat, lang=lang, lang_asked=lang_asked, seed=seed, options=options,
                                            transcript=transcript, resume=resume, llm=settings, llm_seats=seats_count,
                                            bots=bots.strip().lower()))
    raise typer.Exit(code)
