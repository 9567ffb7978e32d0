"""Recall and precision of the claim reader of a model's battaglia speech on a labelled set.

``benchmarks/battaglia_speech_facts.yaml`` holds 166 model-style sentences (and 36 held out) (84 English, 82 Russian: true,
false and factless; named, unnamed, paraphrased, negated) about one fixed public record. The reader
(:class:`agents.battaglia.llm.facts.SpeechFacts`) reads each; a sentence is *refused* when a claim it finds is
false of the record (what ``speech_facts_problem`` refuses). Recall: false sentences refused / false
sentences; precision: refused sentences that are false / refused sentences. ``--before REV`` measures the
reader of an earlier commit (``git show REV:agents/battaglia/llm/facts.py``).

Measured 2026-12-07 (``--before 0a2d6ba`` is the reader issue #32 found). The set was written first and the
reader then improved against it, so these are the numbers of a development set, not of a held-out one:

=====================  =======================  =======================
                       before (en / ru)         after (en / ru)
=====================  =======================  =======================
recall (false refused) 25% (9/36) / 26% (9/35)  100% (36/36) / 100% (35/35)
  named                7/15 / 6/14              15/15 / 14/14
  paraphrased          1/8 / 1/8                8/8 / 8/8
  unnamed              0/4 / 0/4                4/4 / 4/4
  negated              1/9 / 2/9                9/9 / 9/9
precision              100% / 100%              100% / 100% (0 of 71 true, 0 of 24 factless refused)
=====================  =======================  =======================

A held-out batch (``heldout``: 18 sentences a language, written after the tuning, measured once, not tuned on):
recall en 12% -> 88% (7/8), ru 0% -> 88% (7/8); precision en 100%, ru 88% (one plan, «Можно казнить Бориса
сегодня и посмотреть», read as a death). Missed in both: "Boris, a Cohen, died last night" (a mask in
apposition, not after "as").
"""

from __future__ import annotations

import argparse
import subprocess
import types
from collections import Counter
from pathlib import Path
from typing import Any

import yaml
from narrator.agents.battaglia.claims import PublicRecord, false_claims
from narrator.rules.battaglia.record import record_of as table_record
from narrator.rules.core import PUBLIC, Event

DATA = Path(__file__).with_suffix(".yaml")


def labelled() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(DATA.read_text(encoding="utf-8"))
    return data


def record_of(data: dict[str, Any]) -> PublicRecord:
    """The public record of the set's log (events as the kernel writes them)."""
    return PublicRecord.of(table_record(Event(e["kind"], PUBLIC, e["data"]) for e in data["log"]))


def reader_module(before: str | None) -> Any:
    """The reader module: the current one, or the one of commit ``before``."""
    if before is None:
        from narrator.agents.battaglia.llm import facts
        return facts
    source = subprocess.run(["git", "show", f"{before}:agents/battaglia/llm/facts.py"], check=True,
                            capture_output=True, text=True, cwd=Path(__file__).parents[1]).stdout
    module = types.ModuleType("facts_before")
    exec(compile(source, "facts_before.py", "exec"), module.__dict__)  # noqa: S102 (our own file, an older commit)
    return module


def measure(lang: str, module: Any, data: dict[str, Any]) -> dict[str, Any]:
    """Counts of one language: refused false / false, refused sentences, and the misses and false alarms."""
    reader, record = module.SpeechFacts(data["names"][lang], lang), record_of(data)
    tally: Counter[str] = Counter()
    missed, alarms = [], []
    for row in data[lang]:
        truth = row["truth"]
        refused = bool(false_claims(reader.claims(row["text"]), record))
        tally[f"{truth}"] += 1
        tally[f"{truth}_refused"] += refused
        tally[f"false_{row['form']}"] += truth is False
        tally[f"false_{row['form']}_refused"] += truth is False and refused
        if truth is False and not refused:
            missed.append(row["text"])
        if truth is not False and refused:
            alarms.append(row["text"])
    refused = tally["True_refused"] + tally["False_refused"] + tally["none_refused"]
    return {"recall": tally["False_refused"] / max(1, tally["False"]),
            "precision": tally["False_refused"] / refused if refused else 1.0,
            "tally": tally, "missed": missed, "alarms": alarms}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", help="a commit whose reader to measure instead")
    parser.add_argument("-v", "--verbose", action="store_true", help="list the misses and false alarms")
    args = parser.parse_args()
    data, module = labelled(), reader_module(args.before)
    held = {**data, **data["heldout"]}
    for lang, source in (("en", data), ("ru", data), ("en held out", held), ("ru held out", held)):
        found = measure(lang.split()[0], module, source)
        tally = found["tally"]
        forms = ", ".join(f"{form} {tally[f'false_{form}_refused']}/{tally[f'false_{form}']}"
                          for form in ("named", "paraphrased", "unnamed", "negated"))
        print(f"{lang}: {len(source[lang.split()[0]])} sentences; recall {found['recall']:.0%} "
              f"({tally['False_refused']}/{tally['False']}: {forms}); precision {found['precision']:.0%} "
              f"(true refused {tally['True_refused']}/{tally['True']}, factless refused "
              f"{tally['none_refused']}/{tally['none']})")
        if args.verbose:
            for text in found["missed"]:
                print("  missed:", text)
            for text in found["alarms"]:
                print("  alarm: ", text)


if __name__ == "__main__":
    main()
