"""Kill real games with ``kill -9`` at random points and resume them: how many end byte-identical?

Run: ``python benchmarks/resume_kill.py [--kills 100] [--games battaglia,ten-candles,...]``.

For each game a seeded game by scripted players is played once to the end (the reference). Then,
``--kills`` times, the same game is played in a forked process that the parent kills with SIGKILL
as soon as its transcript reaches a random size (uniform over the reference's size, so the kill
lands anywhere: between lines, inside a line, inside a multi-byte character). The cut file is
resumed to the end as ``narrator play --resume`` does (``tests/resume_games.py``), in another
forked process, and compared with the reference byte for byte.

Measured (2 shared cores, 100 kills per game, seed 12): before the retrace (issue 12's review)
battaglia and Dark Ages resumed identical every time, Ten Candles 1 of 33, Wild West 13 of 16;
after it, every killed game of every game (docs/architecture.md, "Transcripts", has the table).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import signal
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests.resume_games: the games and their resume

from tests.resume_games import GAMES, resume_to_end

SEED = 5


def _play(game: str, path: str) -> None:
    GAMES[game][0](Path(path), SEED)


def _resume(game: str, path: str) -> None:
    resume_to_end(game, Path(path))


def killed_run(context: multiprocessing.context.BaseContext, game: str, path: Path, target: int) -> int:
    """Play ``game`` into ``path`` in a child process, SIGKILL it once the file holds ``target`` bytes.

    Returns the size the file had when the child died (it may have written a little more).
    """
    child = context.Process(target=_play, args=(game, str(path)))
    child.start()
    while child.is_alive():
        try:
            if path.stat().st_size >= target:
                os.kill(child.pid, signal.SIGKILL)  # type: ignore[arg-type]
                break
        except FileNotFoundError:
            pass
        time.sleep(0.0002)
    child.join()
    return path.stat().st_size if path.exists() else 0


def measure(game: str, kills: int, folder: Path, rng: random.Random) -> tuple[int, int, list[str]]:
    """(identical, resumed, problems) over ``kills`` killed runs of ``game``."""
    context = multiprocessing.get_context("fork")
    reference = folder / f"{game}-reference.jsonl"
    _play(game, str(reference))
    data = reference.read_bytes()
    identical, resumed, problems = 0, 0, []
    for n in range(kills):
        path = folder / f"{game}-{n}.jsonl"
        target = rng.randrange(1, len(data))
        size = killed_run(context, game, path, target)
        if size >= len(data) and path.read_bytes() == data:
            continue  # finished before the kill landed: not a resume, not counted
        child = context.Process(target=_resume, args=(game, str(path)))
        child.start()
        child.join()
        resumed += 1
        if child.exitcode != 0:
            problems.append(f"kill at {size} bytes: resume exited {child.exitcode}")
        elif path.read_bytes() == data:
            identical += 1
        else:
            problems.append(f"kill at {size} bytes: the resumed file differs")
        path.unlink(missing_ok=True)
    return identical, resumed, problems


def main() -> None:
    """Print, per game, how many killed games resumed byte-identical."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=100)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--seed", type=int, default=12)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as folder:
        for game in args.games.split(","):
            start = time.perf_counter()
            identical, resumed, problems = measure(game, args.kills, Path(folder), rng)
            print(f"{game:12} {identical:4d} of {resumed:4d} killed games resumed byte-identical "
                  f"({args.kills - resumed} finished before the kill; {time.perf_counter() - start:.0f} s)")
            for problem in problems[:5]:
                print(f"    {problem}")


if __name__ == "__main__":
    main()
