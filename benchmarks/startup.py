"""How long the command line takes to start, and how much of ``narrator simulate`` is not playing games.

Two goals (issue 10, "Start-up"), on the 2-core machine:

* ``narrator --help``, ``narrator roll 7 -d 6`` and ``narrator odds 7 -d 6`` finish in under 0.5 s
  (each command is run as a fresh process, the best and the median of ``--repeat`` runs shown);
* ``narrator simulate`` of 20,000 games spends under a third of its wall time outside playing the
  games (start-up, imports, checking a sample, CSVs, plots and report.md). The simulate command runs
  in this process with :func:`narrator.playtest.runner.run_games` timed, so "playing" is exactly
  the time inside it; the wall time starts before ``narrator.cli.main`` is imported.

    python benchmarks/startup.py                     # both parts
    python benchmarks/startup.py --skip-simulate --repeat 10
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

COMMANDS = (["--help"], ["roll", "7", "-d", "6"], ["odds", "7", "-d", "6"])
START_TARGET = 0.5
OUTSIDE_TARGET = 1 / 3
SIMULATIONS = {
    "battaglia": ["simulate", "battaglia", "--players", "6-17", "--games", "1667"],
    "ten-candles": ["simulate", "ten-candles", "--players", "3-5", "--games", "6667"],
}


def command_seconds(args: list[str], repeat: int) -> list[float]:
    """Wall seconds of ``narrator ARGS`` as a new process, ``repeat`` times."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "narrator.cli.main", *args], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return times


def simulate_split(args: list[str], out: Path) -> tuple[float, float, int]:
    """Run ``narrator simulate ...`` in a child process; its wall seconds, seconds inside run_games, games."""
    probe = (
        "import sys, time\n"
        "start = time.perf_counter()\n"
        "import narrator.playtest.runner as runner\n"
        "inside = [0.0, 0]\n"
        "real = runner.run_games\n"
        "def timed(play, jobs, **kw):\n"
        "    t = time.perf_counter(); rows = real(play, jobs, **kw)\n"
        "    inside[0] += time.perf_counter() - t; inside[1] += len(jobs); return rows\n"
        "runner.run_games = timed\n"
        "import narrator.playtest as playtest; playtest.run_games = timed\n"
        "from narrator.cli.main import app\n"
        "try:\n"
        f"    app({[*args, '--out', str(out), '--no-progress']!r}, standalone_mode=False)\n"
        "finally:\n"
        "    print(time.perf_counter() - start, inside[0], inside[1])\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], check=True, capture_output=True, text=True)
    wall, inside, games = done.stdout.split()[-3:]
    return float(wall), float(inside), int(games)


def main() -> None:
    """Command line entry."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=5, help="runs of each start-up command")
    parser.add_argument("--skip-simulate", action="store_true")
    parser.add_argument("--skip-startup", action="store_true")
    args = parser.parse_args()
    if not args.skip_startup:
        print(f"start-up (goal < {START_TARGET} s), {args.repeat} runs each:")
        for command in COMMANDS:
            times = command_seconds(command, args.repeat)
            best, median = min(times), statistics.median(times)
            mark = "ok" if median < START_TARGET else "SLOW"
            print(f"  narrator {' '.join(command):14} best {best:.2f} s  median {median:.2f} s  {mark}")
    if not args.skip_simulate:
        print(f"simulate, share of wall time outside playing (goal < {OUTSIDE_TARGET:.0%}):")
        for name, command in SIMULATIONS.items():
            with tempfile.TemporaryDirectory() as out:
                wall, inside, games = simulate_split(command, Path(out))
            outside = (wall - inside) / wall
            mark = "ok" if outside < OUTSIDE_TARGET else "SLOW"
            print(f"  {name:12} {games} games: wall {wall:.2f} s, playing {inside:.2f} s, "
                  f"outside {wall - inside:.2f} s = {outside:.0%}  {mark}")


if __name__ == "__main__":
    main()
