"""Damaged chronicle folders through the real command, one process each: tracebacks, hangs, escapes, tamperings.

    python benchmarks/chronicle_damage.py [--timeout 30]

Each case of :mod:`tests.storyteller.chronicle_damage` damages a copy of a two-session Dark Ages chronicle;
``narrator play dark-ages --chronicle DIR --lang ru`` then runs in a child process (input ``q``). Counted: a
traceback, a hang (no exit within ``--timeout`` s), an escape (the sentinel beside the folder changed or a file
appeared there), an accepted tampering (an edit by hand the command played on), and whether the answer was one
line in Russian.

Measured (2026-12-07, this 2-core machine): see docs/storyteller.md ("A chronicle on disk"). Before (the
issue's 22 cases on the code of 2026-12-06): 11 tracebacks, 1 hang over 60 s, a ``../`` transcript resumed and
appended outside the folder.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.storyteller.chronicle_damage import CASES, TAMPERINGS, damaged_copy, make_chronicle, outside_untouched


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=30.0)
    args = parser.parse_args()
    tally = {"tracebacks": 0, "hangs": 0, "escapes": 0, "tamperings accepted": 0, "one Russian line": 0}
    with tempfile.TemporaryDirectory() as scratch:
        pristine = Path(scratch) / "pristine" / "chronicle"
        make_chronicle(pristine)
        for case in sorted(CASES):
            where = Path(scratch) / case
            folder = damaged_copy(pristine, where, case)
            try:
                run = subprocess.run([sys.executable, "-m", "narrator.cli.main", "play", "dark-ages", "--chronicle",
                                      str(folder), "--lang", "ru"], input="q\n", capture_output=True, text=True,
                                     timeout=args.timeout, check=False)
                output, code = run.stdout + run.stderr, run.returncode
            except subprocess.TimeoutExpired:
                tally["hangs"] += 1
                print(f"{case:<28} HANG")
                continue
            lines = [line for line in output.splitlines() if line.strip()]
            tally["tracebacks"] += "Traceback" in output
            tally["escapes"] += not outside_untouched(where)
            tally["tamperings accepted"] += case in TAMPERINGS and code == 0
            russian = code == 2 and len(lines) == 1 and "хроникой в" in lines[0]
            tally["one Russian line"] += russian
            print(f"{case:<28} exit {code}  {lines[-1][:110] if lines else ''}")
    print(f"\n{len(CASES)} cases: " + ", ".join(f"{k} {v}" for k, v in tally.items()))


if __name__ == "__main__":
    main()
