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
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

COMMANDS = (["--help"], ["roll", "7", "-d", "6"], ["odds", "7", "-d", "6"])
START_TARGET = 0.5
OUTSIDE_TARGET = 1 / 3
SIMULATIONS = {
    "battaglia": ["simulate", "battaglia", "--players", "6-17", "--games", "1667"],
    "battaglia --no-edge": ["simulate", "battaglia", "--players", "6-17", "--games", "1667", "--no-edge"],
    "ten-candles": ["simulate", "ten-candles", "--players", "3-5", "--games", "6667"],
}


def user_env() -> dict[str, str]:
    """This environment as a user's shell has it: Python may keep compiled modules (``__pycache__``).

    A session's shell may set ``PYTHONDONTWRITEBYTECODE``; without the caches every start compiles
    the project's modules again (about 0.25 s of CPU for ``narrator simulate``), which no user pays twice.
    """
    return {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}


def warm_up() -> None:
    """Compile every installed module once (as a first run would) so the timed runs read the caches."""
    import narrator

    roots = {Path(narrator.__file__).parent}
    for name in ("narrator.rules", "narrator.agents", "narrator.prompts"):
        module = __import__(name, fromlist=["_"])
        roots.add(Path(module.__file__).parent)
    subprocess.run([sys.executable, "-m", "compileall", "-q", *map(str, sorted(roots))], check=False,
                   stdout=subprocess.DEVNULL, env=user_env())


def command_seconds(args: list[str], repeat: int) -> list[float]:
    """Wall seconds of ``narrator ARGS`` as a new process, ``repeat`` times."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "narrator.cli.main", *args], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=user_env())
        times.append(time.perf_counter() - start)
    return times


@dataclass(frozen=True)
class Split:
    """One simulate run: wall and CPU seconds, in all and inside :func:`run_games` (the games)."""

    wall: float
    inside: float
    games: int
    cpu: float
    """CPU seconds of the command's own process."""
    cpu_inside: float
    """Of which inside run_games (the native engine plays in this process)."""
    helpers: float
    """CPU seconds of its worker processes (the kernel's sample check, the plot workers)."""


def simulate_split(args: list[str], out: Path) -> Split:
    """Run ``narrator simulate ...`` in a child process and time it, inside and outside the games."""
    probe = (
        "import resource, sys, time\n"
        "start, cpu0 = time.perf_counter(), time.process_time()\n"
        "import narrator.playtest.runner as runner\n"
        "inside = [0.0, 0, 0.0]\n"
        "real = runner.run_games\n"
        "def timed(play, jobs, **kw):\n"
        "    t, c = time.perf_counter(), time.process_time(); rows = real(play, jobs, **kw)\n"
        "    inside[0] += time.perf_counter() - t; inside[1] += len(jobs); inside[2] += time.process_time() - c\n"
        "    return rows\n"
        "runner.run_games = timed\n"
        "import narrator.playtest as playtest; playtest.run_games = timed\n"
        "from narrator.cli.main import main\n"  # the console script's entry (it registers the one game asked for)
        "try:\n"
        f"    main({[*args, '--out', str(out), '--no-progress']!r})\n"
        "except SystemExit as done:\n"
        "    if done.code:\n"
        "        raise\n"
        "finally:\n"
        "    kids = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
        "    print(time.perf_counter() - start, inside[0], inside[1], time.process_time() - cpu0, inside[2],\n"
        "          kids.ru_utime + kids.ru_stime)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], check=True, capture_output=True, text=True, env=user_env())
    wall, inside, games, cpu, cpu_inside, helpers = done.stdout.split()[-6:]
    return Split(float(wall), float(inside), int(games), float(cpu), float(cpu_inside), float(helpers))


def main() -> None:
    """Command line entry."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=5, help="runs of each start-up command")
    parser.add_argument("--skip-simulate", action="store_true")
    parser.add_argument("--skip-startup", action="store_true")
    parser.add_argument("--only", action="append", default=[], metavar="NAME",
                        help="simulate only this run (repeat for several): " + ", ".join(SIMULATIONS))
    args = parser.parse_args()
    warm_up()
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
            if args.only and name not in args.only:
                continue
            with tempfile.TemporaryDirectory() as out:
                run = simulate_split(command, Path(out))
            outside = (run.wall - run.inside) / run.wall
            mark = "ok" if outside < OUTSIDE_TARGET else "SLOW"
            print(f"  {name:20} {run.games} games: wall {run.wall:.2f} s, playing {run.inside:.2f} s, "
                  f"outside {run.wall - run.inside:.2f} s = {outside:.0%}  {mark}")
            # CPU seconds do not grow with other programs' load (the wall split does, on a shared machine)
            print(f"  {'':20} CPU: this process {run.cpu:.2f} s ({run.cpu_inside:.2f} s playing, "
                  f"{run.cpu - run.cpu_inside:.2f} s outside), workers {run.helpers:.2f} s; "
                  f"load average {os.getloadavg()[0]:.1f}")

if __name__ == "__main__":
    main()
