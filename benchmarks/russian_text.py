"""Russian as written: case and gender errors in what Russian games say, and repeats in a battaglia game.

Plays seeded offline games in Russian (scripted bots and the template Storyteller: battaglia at 12 seats,
Ten Candles at 4, The Ferry at Saint-Aubin and The Night Wire at Coyote Springs with the sample troupe),
tells each as the public saw it (``narrator replay --as public``) and checks every line with pymorphy3
(issue #32, "Russian that reads as written"):

* **case**: a character's name after a word that governs its case keeps that case («против игрока
  Глеба», «на игрока Захара», «у Анны»; not «против игрока Глеб»): after a preposition the name must have a
  form of the case the preposition takes; after a form of «игрок» (an apposition) the name's case is that
  of «игрок»;
* **gender**: a verb in the past or a short adjective in a clause whose subject is a named character
  agrees with the name («Жанна обвинила», «Осуждена Софья»); a personal pronoun after a name in the same
  sentence agrees with it unless a noun of the pronoun's gender stands between them («Лиза … в нём» is an
  error, «Лиза держит фонарь, и его свет…» is not); no «погиб(ла)»-style forms at all.

And, over a 12-player battaglia game, the repeats: public sentences of six or more words said more than
twice, and catalogue lines (templates) said by two different bots.

    python benchmarks/russian_text.py                # 3 games of each game, errors and repeats
    python benchmarks/russian_text.py --show 20      # and the first 20 errors found

Measured 2026-12-07, seeds 1..3 of each game: 58 case errors before (battaglia 6/24/16, Ten Candles 4 each),
0 after; in the 12-seat games, sentences said more than twice 2/5/1 -> 0, said by two bots 8/8/5 -> 0.
The tables: benchmarks/results/russian_text.md.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

PREPOSITIONS: Mapping[str, frozenset[str]] = {
    **{p: frozenset({"gent", "gen2"}) for p in ("против", "у", "от", "для", "без", "после", "до", "из", "кроме",
                                                "около", "возле", "мимо", "среди", "вместо", "ради", "из-за")},
    **{p: frozenset({"datv"}) for p in ("к", "ко", "по", "благодаря")},
    **{p: frozenset({"loct", "loc2"}) for p in ("о", "об", "обо", "при")},
    **{p: frozenset({"ablt", "gent"}) for p in ("с", "со")},
    **{p: frozenset({"accs", "loct", "ablt"}) for p in ("на", "в", "во", "за", "под", "над", "перед")},
    **{p: frozenset({"accs"}) for p in ("про", "через", "сквозь")},
}
"""The cases a preposition governs (pymorphy3's grammemes)."""
APPOSITIONS = ("игрок",)
"""Nouns a name stands beside in the same case («игрока Глеба»)."""
SHE = frozenset({"она", "её", "ее", "неё", "нее", "ей", "ней", "ею", "нею"})
HE = frozenset({"он", "него", "ему", "нему", "им", "ним", "нём", "нем"})
"""Third-person pronouns of one person («его» is left out: it is also «its» of a thing)."""
SLASH_FORM = re.compile(r"\b\w+\((?:а|ла|ась|лась|на|ая|ой|ы)\)", re.IGNORECASE)
"""«погиб(ла)», «жив(а)»: a form that does not know whom it speaks of."""
WORD = re.compile(r"[А-Яа-яЁё]+(?:-[А-Яа-яЁё]+)?")
CLAUSE = re.compile(r"[,;:.!?—«»()\[\]\"]")
SENTENCE = re.compile(r"[.!?;«»]")


@cache
def morph() -> Any:
    import pymorphy3

    return pymorphy3.MorphAnalyzer()


@dataclass(frozen=True)
class Name:
    """A character's first name: its gender and, for each written form, the cases it can be in."""

    word: str
    gender: str
    forms: Mapping[str, frozenset[str]]


@cache
def name_of(word: str, gender: str) -> Name:
    """Every case form of a first name of ``gender`` (``"f"``/``"m"``), by pymorphy3's inflection."""
    wanted = "femn" if gender == "f" else "masc"
    parses = [p for p in morph().parse(word) if "Name" in p.tag and wanted in p.tag and "sing" in p.tag]
    forms: dict[str, set[str]] = {word.lower(): {"nomn"}}
    if parses:
        for case in ("nomn", "gent", "datv", "accs", "ablt", "loct"):
            found = parses[0].inflect({case, "sing"})
            if found is not None:
                forms.setdefault(found.word, set()).add(case)
    return Name(word, gender, {w: frozenset(c) for w, c in forms.items()})


@dataclass(frozen=True)
class Finding:
    kind: str
    """``case``, ``gender``, ``pronoun`` or ``slash``."""
    line: str
    detail: str


def _past_or_short_gender(word: str) -> str | None:
    """``"f"``/``"m"`` when every likely parse of ``word`` is a singular past verb or short adjective/participle
    of that gender; ``None`` when it is not one (or may be something else)."""
    genders = set()
    for parse in morph().parse(word):
        if parse.score < 0.1:
            continue
        tag = parse.tag
        if ("VERB" in tag and "past" in tag and "sing" in tag) or (tag.POS in ("ADJS", "PRTS") and "sing" in tag):
            if "femn" in tag:
                genders.add("f")
            elif "masc" in tag:
                genders.add("m")
            else:
                return None
        else:
            return None
    return genders.pop() if len(genders) == 1 else None


def _nouns_of_gender(words: Sequence[str], pronoun_gender: str) -> bool:
    """Whether one of ``words`` is (likely) a singular noun of the gender a pronoun could refer to."""
    grammemes = {"femn"} if pronoun_gender == "f" else {"masc", "neut"}
    for word in words:
        parse = morph().parse(word)[0]
        if parse.tag.POS == "NOUN" and "sing" in parse.tag and grammemes & set(parse.tag.grammemes):
            return True
    return False


def check_line(line: str, names: Iterable[Name]) -> list[Finding]:
    """The case and gender errors of one line of Russian about characters with these ``names``."""
    found = [Finding("slash", line, m.group(0)) for m in SLASH_FORM.finditer(line)]
    by_form: dict[str, Name] = {}
    for name in names:
        for form in name.forms:
            by_form.setdefault(form, name)
    if not by_form:
        return found
    for sentence in SENTENCE.split(line):
        words = [w for w in WORD.findall(sentence)]
        lowered = [w.lower() for w in words]
        for i, word in enumerate(words):
            name = by_form.get(word.lower()) if word[:1].isupper() else None
            if name is None or i == 0:
                continue
            cases = name.forms[word.lower()]
            before = lowered[i - 1]
            required = PREPOSITIONS.get(before)
            if required is None and morph().parse(before)[0].normal_form in APPOSITIONS \
                    and morph().parse(before)[0].tag.POS == "NOUN":
                required = frozenset(p.tag.case for p in morph().parse(before)
                                     if p.normal_form in APPOSITIONS and p.tag.case) - {"nomn"} or None
            if required and not cases & required:
                found.append(Finding("case", line, f"{before} {word}"))
        for i, word in enumerate(lowered):  # a pronoun after a name, no noun of its gender between
            if word not in SHE and word not in HE:
                continue
            pronoun = "f" if word in SHE else "m"
            named = [(j, by_form[w]) for j, w in enumerate(lowered[:i]) if w in by_form and words[j][:1].isupper()]
            if not named:
                continue
            j, name = named[-1]
            if name.gender != pronoun and not _nouns_of_gender(lowered[j + 1:i], pronoun) \
                    and len({n.gender for _, n in named}) == 1:
                found.append(Finding("pronoun", line, f"{words[j]} … {words[i]}"))
    for clause in CLAUSE.split(line):  # the subject named, the verb agrees
        words = WORD.findall(clause)
        subjects = [by_form[w.lower()] for w in words if w[:1].isupper() and "nomn" in by_form.get(w.lower(), _NONE).forms.get(w.lower(), ())]
        if len(subjects) != 1 or any(w.lower() in ("я", "ты", "вы", "мы", "он", "она", "они", "кто", "что", "который", "которая") for w in words):
            continue
        for word in words:
            gender = None if word.lower() in subjects[0].forms else _past_or_short_gender(word.lower())
            if gender is not None and gender != subjects[0].gender:
                found.append(Finding("gender", line, f"{subjects[0].word} … {word}"))
    return found


_NONE = Name("", "m", {})


def check(lines: Iterable[str], names: Iterable[Name]) -> list[Finding]:
    """Every finding over ``lines``."""
    names = tuple(names)
    return [f for line in lines for f in check_line(line, names)]


# -- repeats ---------------------------------------------------------------------------------------------


def long_sentences(text: str, words: int = 6) -> list[str]:
    """The sentences of ``text`` of at least ``words`` words, normalised (lower case, single spaces)."""
    out = []
    for part in re.split(r"(?<=[.!?;])\s+|:\s+", text):
        tokens = re.findall(r"[\w-]+", part.lower())
        if len(tokens) >= words:
            out.append(" ".join(tokens))
    return out


def repeats(speeches: Iterable[tuple[int, str, str]]) -> dict[str, int]:
    """Over a game's public speeches (seat, template key, text): sentences of 6+ words said more than twice,
    sentences of 6+ words said by two or more bots (a shared line), and templates two or more bots used
    (with different names or facts filled in: a weaker kind of sharing, shown for information)."""
    sentences: Counter[str] = Counter()
    speakers: dict[str, set[int]] = {}
    by_template: dict[str, set[int]] = {}
    count = 0
    grams: Counter[str] = Counter()
    for seat, template, text in speeches:
        count += 1
        tokens = re.findall(r"[\w-]+", text.lower())
        grams.update({" ".join(tokens[i:i + 4]) for i in range(len(tokens) - 3)})
        for sentence in long_sentences(text):
            sentences[sentence] += 1
            speakers.setdefault(sentence, set()).add(seat)
        by_template.setdefault(template.rsplit("/", 1)[0], set()).add(seat)
    return {"sentences_over_twice": sum(1 for n in sentences.values() if n > 2),
            "times_said_beyond_twice": sum(n - 2 for n in sentences.values() if n > 2),
            "lines_shared": sum(1 for seats in speakers.values() if len(seats) > 1),
            "templates_shared": sum(1 for seats in by_template.values() if len(seats) > 1),
            "speeches": count, "top_phrase": grams.most_common(1)[0] if grams else ("", 0)}


# -- games -------------------------------------------------------------------------------------------------


def told(path: Path) -> list[str]:
    """The game of a transcript as the public saw it, in Russian (``narrator replay --as public``)."""
    from narrator.viewer.tell import tell
    from narrator.viewer.terminal import text_lines
    from narrator.viewer.timeline import Lens, load

    return text_lines(tell(load(path), Lens.parse("public"), "ru"), panels=False)


def battaglia_game(seed: int, players: int, folder: Path) -> tuple[list[str], list[Name], list[tuple[int, str, str]]]:
    """A talking scripted battaglia game in Russian under the rules' defaults (a speech round a day, as at the
    terminal): the public lines, the names, each speech (seat, template, text)."""
    from narrator.agents.battaglia.texts import Speech, Table, words
    from narrator.rules.battaglia import GAME
    from narrator.rules.replay import decode_config

    from narrator.battaglia.simulate import Tally, make_bots, play_session
    from narrator.playtest import make_jobs
    from narrator.transcript import TranscriptWriter

    job = make_jobs([players], 1, seed)[0]
    table = Table.for_game(job.seed, players, "ru")
    bots = make_bots(job.seed, players, table, talk=True)
    path = folder / f"battaglia-{seed}.jsonl"
    with TranscriptWriter(path, overwrite=True) as file:
        play_session(job, decode_config(GAME, {"players": players}), bots, table, Tally(), file)  # as at the terminal
    speeches, composed = [], {}
    for record in map(json.loads, path.read_text(encoding="utf-8").splitlines()):  # what the table heard said
        notes = (record.get("notes") or {}).get("composed")
        if record.get("kind") == "action" and notes and "index" in notes:
            composed[int(record["actor"])] = Speech.from_dict(notes)
        data = record.get("data") or {}
        if record.get("kind") == "event" and record.get("event") in ("accusation", "speech") and data.get("text"):
            seat = int(data.get("accuser", data.get("seat", -1)))
            speech = composed.get(seat)
            template = f"{speech.pool}/{speech.index}/{speech.opener}" if speech else "?"
            speeches.append((seat, template, str(data["text"])))
    data = words("ru", "legends")
    names = [name_of(n, "f" if n in set(data["women"]) else "m") for n in data["names"]]
    return told(path), names, speeches


def ten_candles_game(seed: int, folder: Path) -> tuple[list[str], list[Name]]:
    """A Ten Candles game of four scripted survivors and the template Storyteller, in Russian."""
    import yaml
    from narrator.rules.ten_candles import GAME, TenCandlesConfig

    from narrator import prompts
    from narrator.session import Session
    from narrator.ten_candles.seating import narrated_table
    from narrator.ten_candles.storyteller import TemplateStoryteller
    from narrator.transcript import TranscriptWriter

    voice = TemplateStoryteller(lang="ru", seed=seed)
    path = folder / f"ten-candles-{seed}.jsonl"
    with TranscriptWriter(path, overwrite=True) as file:
        session = Session(GAME, TenCandlesConfig(players=4), narrated_table(4, seed, lang="ru", voice=voice),
                          seed=seed, recorder=file)
        session.write_header(table={"humans": 0, "ai": 4, "lang": "ru", "module": None, "burn_minutes": None})
        session.run()
    data = yaml.safe_load((Path(prompts.__file__).parent / "ten_candles" / "characters.yaml").read_text("utf-8"))
    women = {n.split()[0] for n in data["women"]["ru"]}
    names = [name_of(n.split()[0], "f" if n.split()[0] in women else "m") for n in data["names"]["ru"]]
    return told(path), names


def storyteller_game(book: str, seed: int, folder: Path) -> tuple[list[str], list[Name]]:
    """A Storyteller game of the sample troupe played by bots with the template Storyteller, in Russian."""
    from narrator.storyteller.data import sample_sheets
    from narrator.storyteller.play import new_table, run
    from narrator.storyteller.seat import BotPlayer

    sheets = [p.stem for p in sample_sheets(book)][:2]
    path = folder / f"{book}-{seed}.jsonl"
    table = new_table(book, sheets=sheets, lang="ru", seed=seed, transcript=path, say=lambda _line: None,
                      players=[BotPlayer(seed) for _ in sheets])
    run(table, lambda _line: None, max_moves=3000)
    lines = told(path)
    return lines, [name_of(w, g) for w, g in _capitalised_names(lines)]


def _capitalised_names(lines: Iterable[str]) -> set[tuple[str, str]]:
    """First names pymorphy3 knows among the capitalised words of ``lines`` (a Storyteller game's cast)."""
    found = set()
    for word in {w for line in lines for w in WORD.findall(line) if w[:1].isupper()}:
        for parse in morph().parse(word):
            if "Name" in parse.tag and "nomn" in parse.tag and "sing" in parse.tag and parse.score >= 0.5:
                found.add((parse.normal_form.capitalize(), "f" if "femn" in parse.tag else "m"))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=3, help="games of each game")
    parser.add_argument("--show", type=int, default=0, help="print this many findings")
    args = parser.parse_args()
    started = time.perf_counter()
    shown: list[Finding] = []
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for seed in range(1, args.seeds + 1):
            lines, names, speeches = battaglia_game(seed, 12, folder)
            found = check(lines, names)
            rows.append(("battaglia 12", seed, found, repeats(speeches), len(lines)))
            lines, names = ten_candles_game(seed, folder)
            rows.append(("ten candles 4", seed, check(lines, names), None, len(lines)))
            for book in ("dark_ages", "wild_west"):
                lines, names = storyteller_game(book, seed, folder)
                rows.append((book, seed, check(lines, names), None, len(lines)))
    print(f"{'game':14} {'seed':>4} {'lines':>6} {'case':>5} {'gender':>6} {'pronoun':>7} {'slash':>5}  repeats")
    totals: Counter[str] = Counter()
    for game, seed, found, rep, count in rows:
        kinds = Counter(f.kind for f in found)
        totals.update(kinds)
        shown += found
        extra = "" if rep is None else (f"{rep['speeches']} speeches: {rep['sentences_over_twice']} sentences said >2x "
                                        f"({rep['times_said_beyond_twice']} times beyond), {rep['lines_shared']} said "
                                        f"by 2+ bots; {rep['templates_shared']} templates used by 2+ bots; commonest 4 words "
                                        f"«{rep['top_phrase'][0]}» x{rep['top_phrase'][1]}")
        print(f"{game:14} {seed:>4} {count:>6} {kinds['case']:>5} {kinds['gender']:>6} {kinds['pronoun']:>7} "
              f"{kinds['slash']:>5}  {extra}")
    print(f"total: case {totals['case']}, gender {totals['gender']}, pronoun {totals['pronoun']}, "
          f"slash {totals['slash']}; {time.perf_counter() - started:.1f} s")
    for finding in shown[:args.show]:
        print(f"  [{finding.kind}] {finding.detail}: {finding.line.strip()[:200]}")


if __name__ == "__main__":
    random.seed(0)
    main()
