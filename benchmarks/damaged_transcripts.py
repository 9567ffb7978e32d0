"""Damaged and foreign transcripts fed to ``narrator replay`` and ``narrator play GAME --resume``.

Run: ``python benchmarks/damaged_transcripts.py [--variants 8]``.

For each game a seeded game by scripted players is recorded (sealed), then damaged
``--variants`` times in each way of ``tests/damage.py`` (cuts anywhere, flipped bits, dropped,
duplicated and swapped lines, blank lines, 5,000-deep JSON, a line over 1 MiB, wrong header
types, non-objects, unknown kinds, bad ``seq``, invalid UTF-8); each game's clean file is also
offered to the other three games' ``--resume``. Every variant goes through ``narrator replay``
and the game's own ``play --resume`` (input closed, so a resumable game stops at the first
person's turn). Counted: tracebacks (any exception but a clean exit), and damaged files that
``replay`` or ``--resume`` did not refuse with exit code 1 and one line naming the line (another
game's file must be refused naming the game found).

Measured: issue 12's review found 47 tracebacks in 414 variants; after this work, 0 (the last
run's figures are in docs/architecture.md, "Transcripts").
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests.damage, tests.resume_games

from narrator.rules.replay import replay
from narrator.rules.transcript_lines import TranscriptError
from typer.testing import CliRunner

from narrator.cli.main import app
from tests.damage import DAMAGES, damage
from tests.resume_games import GAMES

runner = CliRunner()


def one_line(text: str) -> bool:
    return len(text.strip().splitlines()) == 1


def names_a_line(text: str) -> bool:
    """The report names the damaged line, in the game's language (a Russian game's says «строка N»)."""
    return "line " in text or "строка " in text


def check(game: str, path: Path, damaged: bool, tally: dict[str, list[str]], label: str) -> None:
    """Run replay and play --resume on ``path``; note what went wrong in ``tally``."""
    result = runner.invoke(app, ["replay", str(path)])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        tally["tracebacks"].append(f"replay {label}: {type(result.exception).__name__}: {result.exception}")
    elif damaged and (result.exit_code != 1 or not one_line(result.output) or not names_a_line(result.output)):
        tally["unclear"].append(f"replay {label}: exit {result.exit_code}: {result.output.strip()[:120]}")
    result = runner.invoke(app, ["play", game, "--resume", str(path)], input="")
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        tally["tracebacks"].append(f"play {game} --resume {label}: {type(result.exception).__name__}: "
                                   f"{result.exception}")
    elif damaged and (result.exit_code != 1 or not one_line(result.output) or not names_a_line(result.output)):
        tally["unclear"].append(f"play --resume {label}: exit {result.exit_code}: {result.output.strip()[-160:]}")


def main() -> None:
    """Print the counts."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variants", type=int, default=8)
    args = parser.parse_args()
    tally: dict[str, list[str]] = {"tracebacks": [], "unclear": []}
    start, total = time.perf_counter(), 0
    with tempfile.TemporaryDirectory() as folder:
        clean = {}
        for game, (play, _) in GAMES.items():
            path = Path(folder) / f"{game}.jsonl"
            play(path, 3)
            clean[game] = path.read_bytes()
        for game, data in clean.items():
            for kind in DAMAGES:
                for n in range(args.variants):
                    variant = damage(data, kind, random.Random(n))
                    try:
                        replay(variant)
                        damaged = False
                    except TranscriptError:
                        damaged = True
                    path = Path(folder) / f"{game}-{kind}-{n}.jsonl"
                    path.write_bytes(variant)
                    check(game, path, damaged, tally, f"{game}/{kind}/{n}")
                    total += 1
            for other in GAMES:  # another game's file
                if other != game:
                    path = Path(folder) / f"{game}-as-{other}.jsonl"
                    path.write_bytes(data[: len(data) // 2])
                    result = runner.invoke(app, ["play", other, "--resume", str(path)], input="")
                    total += 1
                    if result.exception is not None and not isinstance(result.exception, SystemExit):
                        tally["tracebacks"].append(f"play {other} --resume {game}: {result.exception!r}")
                    elif result.exit_code == 0 or not any(said in " ".join(result.output.split()) for said in (
                            f"a '{game}' transcript", "это запись другой игры")):  # in the file's language
                        tally["unclear"].append(f"play {other} --resume {game}'s file: {result.output.strip()[:160]}")
    print(f"{total} variants in {time.perf_counter() - start:.0f} s: {len(tally['tracebacks'])} tracebacks, "
          f"{len(tally['unclear'])} unclear refusals")
    for name, problems in tally.items():
        for problem in problems[:8]:
            print(f"  {name}: {problem}")


if __name__ == "__main__":
    main()
