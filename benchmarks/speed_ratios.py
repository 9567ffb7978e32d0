"""The playtest engines' speed as ratios measured in one run (issue #34), so a shared, loaded machine can
still tell whether a goal is met: each figure is set against a reference timed in the same process, at the
same moment, under the same load.

1. **Battaglia engine at 12 players vs a bare rules-less Python loop** (goal >= 0.3): games per second of
   the native engine with scripted bots in one process, divided by the games per second of a Python loop
   that makes as many moves per game as the engine's games do (their mean ``moves``) with no rules at all:
   one ``random.random()`` and one list index a move. Both in this process, interleaved (best of
   ``--rounds``).
2. **The Ten Candles whole command** (goal >= 0.6): ``narrator simulate ten-candles --players 3-5
   --games 20000 --jobs 2 --skill 0`` (60,000 games; start-up, CSVs, plots and report included) against
   the same command whose engine returns each game's row without playing it (a rules-less engine: the
   rest of the command is the same). Ratio: bare wall time / real wall time. ``--skill 50`` (the default
   skill section, Python) is timed too and shown apart.
3. **A 12-player game with the search bot in every seat** (goal <= 1 s of CPU): CPU seconds a game in one
   process (``time.process_time``), default budget, over ``--search-games`` games.
4. **The README's first command** (goal < 60 s on two cores, baselines included): ``narrator simulate
   battaglia --players 6-12 --games 5000 --jobs 2`` whole, its wall time and the games it says it played;
   ``--readme-games`` scales it down (the time is then extrapolated and said to be).

The measurements and what was tried: docs/performance.md, "The speed goals as ratios".
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOALS = {1: 0.3, 2: 0.6, 3: 1.0, 4: 60.0}


def bare_games(games: int, moves: int) -> float:
    """Seconds of a rules-less Python loop: ``games`` games of ``moves`` moves, a random pick each."""
    rng = random.Random(7)
    legal = list(range(12))
    start = time.perf_counter()
    for _ in range(games):
        pick = 0
        for _ in range(moves):
            pick += legal[int(rng.random() * 12)]
    return time.perf_counter() - start


def battaglia_ratio(games: int, rounds: int) -> dict[str, float]:
    from narrator.battaglia.simulate import native_engine
    from narrator.playtest import make_jobs

    play, _ = native_engine()
    jobs = make_jobs([12], games, 11)
    rows = play(jobs[:50])  # warm: caches, the first call's set-up
    moves = round(sum(int(r["moves"]) for r in play(jobs)) / games)
    best_engine = best_bare = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        play(jobs)
        best_engine = min(best_engine, time.perf_counter() - start)
        best_bare = min(best_bare, bare_games(games, moves))
    del rows
    return {"moves": moves, "engine_games_s": games / best_engine, "bare_games_s": games / best_bare,
            "ratio": best_bare / best_engine}


BARE_TC = """
import sys
import narrator.fast.ten_candles as face
template = None
real = face.play_rows
def rows_only(config, jobs):
    global template
    if template is None:
        template = real(config, jobs[:1])[0]
    return [{**template, "game": j.index, "players": j.players, "seed": j.seed} for j in jobs]
face.play_rows = rows_only
import narrator.playtest.engines as engines
engines.compare = lambda *args, **kwargs: []  # the kernel's check still plays its sample; fake rows cannot agree
"""

UNCHECKED = "import narrator.fast as fast\nfast.stale = lambda game: None\n"


def command_seconds(args: list[str], prelude: str = "") -> float:
    """Wall seconds of ``narrator ARGS`` in a fresh interpreter (``prelude`` runs first)."""
    return command_run(args, prelude)[0]


def command_run(args: list[str], prelude: str = "") -> tuple[float, str]:
    """Wall seconds and standard output of ``narrator ARGS`` in a fresh interpreter."""
    code = prelude + "import sys\nfrom narrator.cli.main import main\nsys.argv = ['narrator', *sys.argv[1:]]\nmain()\n"
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", code, *args], check=True, cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "COLUMNS": "400"})
    return time.perf_counter() - start, done.stdout


def ten_candles_ratio(games: int, unchecked: bool) -> dict[str, float]:
    prelude = UNCHECKED if unchecked else ""
    with tempfile.TemporaryDirectory() as tmp:
        base = ["simulate", "ten-candles", "--players", "3-5", "--games", str(games), "--jobs", "2", "--no-progress",
                "--out", tmp, "--lang", "en"]
        bare = command_seconds([*base, "--skill", "0"], prelude + BARE_TC)
        real = command_seconds([*base, "--skill", "0"], prelude)
        bare_again = command_seconds([*base, "--skill", "0"], prelude + BARE_TC)
        with_skill = command_seconds([*base, "--skill", "50"], prelude)
    bare = min(bare, bare_again)  # the load moves: the reference's best, on either side of the real run
    return {"games": 3 * games, "real_s": real, "bare_s": bare, "ratio": bare / real, "with_skill_s": with_skill,
            "ratio_with_skill": bare / with_skill}


def search_cpu(games: int) -> dict[str, float]:
    from narrator.battaglia.bots import plan_of
    from narrator.battaglia.simulate import native_engine
    from narrator.playtest import make_jobs

    play, _ = native_engine()
    jobs = make_jobs([12], games, 5, bots=plan_of("search"))
    start = time.process_time()
    play(jobs)
    return {"games": games, "cpu_s_per_game": (time.process_time() - start) / games}


def readme_command(games: int, unchecked: bool) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        seconds, said = command_run(["simulate", "battaglia", "--players", "6-12", "--games", str(games), "--jobs",
                                     "2", "--no-progress", "--out", tmp, "--lang", "en"], UNCHECKED if unchecked else "")
        played = len((Path(tmp) / "games.csv").read_text(encoding="utf-8").splitlines()) - 1
    every = re.search(r"(\d+) games played in", said)  # the command's own count of every arm's games
    return {"games_per_count": games, "report_games": played, "games_played": int(every.group(1)) if every else -1,
            "wall_s": seconds, "wall_s_at_5000": seconds * 5000 / games}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", type=int, nargs="+", default=[1, 2, 3, 4])
    parser.add_argument("--games", type=int, default=3000, help="battaglia games a round (measure 1)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--tc-games", type=int, default=20_000, help="Ten Candles games per count (measure 2)")
    parser.add_argument("--search-games", type=int, default=3)
    parser.add_argument("--readme-games", type=int, default=5000)
    parser.add_argument("--unchecked", action="store_true", help="time a native engine whose digest is stale")
    args = parser.parse_args()
    if args.unchecked:
        from narrator import fast

        fast.stale = lambda game: None
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    if 1 in args.only:
        r = battaglia_ratio(args.games, args.rounds)
        print(f"1. battaglia 12 players: engine {r['engine_games_s']:,.0f} games/s, bare loop of {r['moves']} moves a "
              f"game {r['bare_games_s']:,.0f} games/s: ratio {r['ratio']:.2f} (goal >= {GOALS[1]})")
    if 2 in args.only:
        r = ten_candles_ratio(args.tc_games, args.unchecked)
        print(f"2. ten-candles whole command, {r['games']:,} games: {r['real_s']:.1f} s, rules-less {r['bare_s']:.1f} s: "
              f"ratio {r['ratio']:.2f} (goal >= {GOALS[2]}); with the skill section (--skill 50) {r['with_skill_s']:.1f} s, "
              f"ratio {r['ratio_with_skill']:.2f}")
    if 3 in args.only:
        r = search_cpu(args.search_games)
        print(f"3. search bot in every seat, 12 players: {r['cpu_s_per_game']:.2f} s of CPU a game over {r['games']} "
              f"games (goal <= {GOALS[3]} s)")
    if 4 in args.only:
        r = readme_command(args.readme_games, args.unchecked)
        print(f"4. README first command ({r['games_per_count']} games a count): {r['wall_s']:.1f} s wall, "
              f"{r['games_played']:,} games played ({r['report_games']:,} in the report); at 5,000 a count "
              f"{r['wall_s_at_5000']:.1f} s (goal < {GOALS[4]:.0f} s)")


if __name__ == "__main__":
    main()
