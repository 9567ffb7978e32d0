"""The offline reader reads the same words the same way in every process. Python orders a set of strings by
the process's hash seed; a reading that took the first of a set (a verb's prefix, a typo's nearest word) made
«пробую её поддеть» an improvised Manipulation + Subterfuge roll in one process and a question in the next
(found scoring the sixth held-out batch). A resumed or replayed game must rule as the first one did."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SETS = sorted(p.name for p in (ROOT / "benchmarks").glob("offline_intents*.yaml"))
READ_ALL = f"""
import json, sys
sys.path.insert(0, {str(ROOT)!r})
from pathlib import Path
from benchmarks.offline_intents import judge
print(json.dumps([[v.text, v.reading] for name in {SETS!r}
                  for v in judge(path=Path({str(ROOT / "benchmarks")!r}) / name)], ensure_ascii=False))
"""


def readings(*seeds: str) -> list[list[list[str]]]:
    """Every set's (text, reading) pairs, read in one process per hash seed, the processes side by side."""
    runs = [subprocess.Popen([sys.executable, "-c", READ_ALL], env={**os.environ, "PYTHONHASHSEED": seed},
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for seed in seeds]
    outputs = [run.communicate() for run in runs]
    for run, (_, err) in zip(runs, outputs, strict=True):
        assert run.returncode == 0, err[-2000:]
    return [json.loads(out) for out, _ in outputs]


@pytest.mark.slow
def test_every_set_reads_the_same_under_two_hash_seeds() -> None:
    first, second = readings("1", "4")
    assert len(first) > 1000  # every set's intents, in both languages
    differ = [(a[0], a[1], b[1]) for a, b in zip(first, second, strict=True) if a != b]
    assert not differ, differ[:5]
