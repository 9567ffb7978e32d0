"""Playtest 17 (Ten Candles offline, both languages): the defects a play-tester found, each asserted on
what the table really does (issue 28's offline Storyteller)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from narrator.agents.base import Request
from narrator.agents.ten_candles.gm import ScriptedGM
from narrator.agents.ten_candles.survivor import ScriptedSurvivor
from narrator.rules.core import HOST
from narrator.rules.ten_candles import GAME, TenCandlesConfig

from narrator.session import Session
from narrator.ten_candles.attempts import template_ruling
from narrator.ten_candles.human import HumanSurvivor, ScriptedIO
from narrator.ten_candles.reading import read


def _state_at(predicate, players: int = 3):
    for seed in range(60):
        agents = {s: ScriptedSurvivor(s, seed=seed) for s in range(players)}
        agents[HOST] = ScriptedGM(seed=seed)
        session = Session(GAME, TenCandlesConfig(players=players), agents, seed=seed)
        while session.step():
            if predicate(session.state):
                return session.state
    raise AssertionError("no scripted game reached the wanted state")


def _menu(state, seat: int, lang: str) -> list[str]:
    """The numbered lines a person at the terminal is shown in ``state``."""
    io = ScriptedIO([""])
    human = HumanSurvivor(seat, io, lang=lang)
    human.opened = True
    human.act(Request(GAME.name, seat, GAME.view(state, seat), GAME.legal_actions(state, seat)))
    return [line for line in io.output if line.startswith("  ")]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_burn_is_offered_only_where_it_can_change_the_outcome(lang: str):
    """A Trait burn rerolls the ones (L295): after a roll that succeeded and whose roller narrates, it could
    change nothing and is not offered; after a failing roll with a 1 it is."""
    state = _state_at(lambda s: s.phase == "reroll" and s.chars[s.conflict.active].top in ("virtue", "vice")
                      and not s.chars[s.conflict.active].traits_burned_this_scene)
    seat = state.conflict.active
    burn = "Burn" if lang == "en" else "Сжечь"
    won = replace(state, conflict=replace(state.conflict, common=(6, 1, 3), hope=0, gm=(2,)))
    assert GAME.check(won, GAME.legal_actions(won, seat)[0]) is None
    assert not any(burn in line for line in _menu(won, seat, lang))
    failing = replace(state, conflict=replace(state.conflict, common=(1, 2, 3), hope=0, gm=()))
    assert any(burn in line for line in _menu(failing, seat, lang))
    tied = replace(state, conflict=replace(state.conflict, common=(6, 1), hope=0, gm=(6,)))  # the GM narrates
    assert any(burn in line for line in _menu(tied, seat, lang))


@pytest.mark.parametrize("lang, text, quoted", [
    ("en", "I holler up at the lit kitchen window: \"Hello? We saw your light!\"", "holler"),
    ("en", "I sit beside the lit stove", "sit"),
])
def test_the_reason_quotes_the_verb_of_the_deed_not_an_adjective(lang: str, text: str, quoted: str):
    reading = read(text, lang)
    assert reading.kind == "safe"
    assert reading.word == quoted


@pytest.mark.parametrize("lang, text", [
    ("ru", "Бинтую себе оцарапанный палец, узел затягиваю зубами"),
    ("ru", "Заклеиваю ссадину на локте пластырем из аптечки"),
    ("en", "I wrap a strip of clean cloth round my scraped palm"),
    ("en", "I put a plaster on the graze on my knee and tape it down"),
])
def test_tending_a_small_hurt_is_no_conflict(lang: str, text: str):
    """An everyday act with no danger said needs no dice (L58): no candle hangs on a plaster."""
    view = _Plain()
    ruling = template_ruling(view, 0, text, lang, "Vera")
    assert not ruling.conflict


@pytest.mark.parametrize("lang, text", [
    ("ru", "Зашиваю глубокую рану на бедре Лизы"),
    ("ru", "Бинтую порезанный палец, пока Они скребутся в дверь"),
    ("en", "I bandage Lisa's wounded leg"),
    ("en", "I try to bandage my cut finger with my teeth while it bleeds"),
])
def test_a_wound_or_a_threat_near_a_bandage_is_still_a_conflict(lang: str, text: str):
    assert template_ruling(_Plain(), 0, text, lang, "Vera").conflict


class _Plain:
    """A GM's view with one character and nothing else at the table."""

    def __init__(self) -> None:
        from types import SimpleNamespace

        self.characters = [SimpleNamespace(name="Vera", top="virtue", moment=None, seat=0)]


class _Truths(_Plain):
    def __init__(self, *truths: str) -> None:
        super().__init__()
        self.truths = [(1, 0, truth, "general") for truth in truths]


@pytest.mark.parametrize("lang, truth, text", [
    ("en", "Truth: the old lullaby makes Them stop and listen",
     "I whistle the old lullaby, the one that makes Them stop and listen, and lead the others past"),
    ("ru", "Истина: от старой колыбельной Они замирают на месте",
     "Начинаю насвистывать старую колыбельную, от которой Они замирают на месте, и шагаю мимо Них"),
])
def test_an_act_a_truth_of_the_table_backs_is_no_conflict(lang: str, truth: str, text: str):
    """A truth is a fact everyone accepts (L313): doing what it says works is not rolled again, nor flagged as
    deadly because Them are named in it; without that truth the same words are a dangerous conflict."""
    assert template_ruling(_Plain(), 0, text, lang, "Vera").dangerous
    ruling = template_ruling(_Truths(truth), 0, text, lang, "Vera")
    assert not ruling.conflict
    assert truth.split(": ", 1)[1] in ruling.narration


@pytest.mark.parametrize("lang, truth, text", [
    ("en", "Truth: a handcar stands in the next tunnel", "I push the handcar down the next tunnel"),
    ("ru", "Истина: в соседнем тоннеле стоит дрезина", "Разгоняю дрезину по соседнему тоннелю"),
])
def test_a_truth_that_only_names_a_thing_leaves_using_it_in_doubt(lang: str, truth: str, text: str):
    assert template_ruling(_Truths(truth), 0, text, lang, "Vera").conflict


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_task_just_won_is_not_rolled_again(tmp_path, lang: str):
    """An AI survivor wins "find painkillers and batteries in the pharmacy"; the person then searches the
    drawers for batteries in the same scene: no conflict, the won result stands (L283)."""
    from narrator.ten_candles.play import TableSettings, play

    task = {"en": "find painkillers and batteries in the pharmacy", "ru": "найти в аптеке обезболивающее и батарейки"}
    said = {"en": "I rummage through the drawers behind the counter for batteries",
            "ru": "Роюсь в ящиках под прилавком, ищу батарейки"}
    io = _AfterWin(task[lang], said[lang])
    play(TableSettings(humans=1, ai=3, lang=lang, seed=0, module="radio_tower"), io, tmp_path / "won.jsonl")
    assert io.typed, "no scene where the task was won before the person's beat"
    after = "\n".join(io.output[io.output.index("<< " + said[lang]):])
    told = after.split("\n")[2]  # the line after the attempt's echo: the Storyteller's answer
    assert task[lang] in told and not after.split("\n")[3].startswith(("Conflict", "Конфликт"))
    assert ("No conflict" in told) if lang == "en" else ("Без конфликта" in told)


class _AfterWin(ScriptedIO):
    """Enter everywhere; once ``task`` was won in this scene, the person says ``line`` at the next beat."""

    def __init__(self, task: str, line: str) -> None:
        super().__init__([])
        self.task, self.line, self.typed, self.last, self.asked = task, line, False, "", 0

    def ask(self, prompt: str) -> str:
        self.output.append(prompt)
        self.asked += 1
        if self.asked > 3000:
            raise EOFError
        repeated, self.last = prompt == self.last, prompt
        if ("own words" in prompt or "Своими словами" in prompt) and not self.typed:
            text = "\n".join(self.output)
            at, scene = text.rfind(self.task), max(text.rfind("— Scene"), text.rfind("— Сцена"))
            if at > scene and ("Success" in text[at:] or "Успех" in text[at:]):
                self.typed = True
                self.output.append("<< " + self.line)
                return self.line
            return ""
        if "«да»" in prompt or "“yes”" in prompt:
            return "yes" if "yes" in prompt else "да"
        return "1" if repeated else ""


class _Says(ScriptedIO):
    """Says ``line`` at the first beat of stated attempts of every scene, Enter elsewhere (a number when Enter
    is refused)."""

    def __init__(self, line: str) -> None:
        super().__init__([])
        self.line, self.last, self.asked, self.scenes = line, "", 0, 0

    def ask(self, prompt: str) -> str:
        self.output.append(prompt)
        self.asked += 1
        if self.asked > 3000:
            raise EOFError
        repeated, self.last = prompt == self.last, prompt
        if "own words" in prompt or "Своими словами" in prompt:
            scenes = sum(1 for said in self.output if said.startswith(("— Scene", "— Сцена")))
            if scenes == self.scenes:
                return ""
            self.scenes = scenes
            self.output.append("<< " + self.line)
            return self.line
        if "«да»" in prompt or "“yes”" in prompt:
            return "yes" if "yes" in prompt else "да"
        return "1" if repeated else ""


def _told_after_failures(tmp_path, lang: str, line: str, seeds=range(3)) -> list[str]:
    """The Storyteller's lines that tell a failed conflict of the person's own ``line``."""
    from narrator.ten_candles.play import TableSettings, play

    told = []
    for seed in seeds:
        io = _Says(line)
        play(TableSettings(humans=1, ai=2, lang=lang, seed=seed, module="radio_tower"), io,
             tmp_path / f"{lang}-{seed}.jsonl")
        out = io.output
        for k, said in enumerate(out):
            if said != "<< " + line:
                continue
            nxt = next((j for j in range(k + 1, len(out)) if out[j].startswith("<< ")), len(out))
            window = out[k:nxt]
            if any(w.startswith(("Failure.", "Провал.")) for w in window):
                told += [w for w in window if w.startswith(("Storyteller: ", "Рассказчик: "))
                         and not w.startswith(("Storyteller: \"", "Рассказчик: «"))]
    return told


@pytest.mark.parametrize("lang, line", [
    ("en", "Vera just pulls the radio room door open, no need to roll, it isn't even locked"),
    ("ru", "Вера просто открывает дверь радиорубки, без всяких проверок, она и не заперта"),
])
def test_a_failed_attempt_is_told_in_the_world_not_with_the_players_words(tmp_path, lang: str, line: str):
    """The failure of a person's stated attempt is narrated as what happens (the door holds), never by quoting
    the player's words, meta words about the roll included, back as the Storyteller's story."""
    told = _told_after_failures(tmp_path, lang, line)
    assert told, "no failed attempt in the seeds played"
    words = line.lower().replace(",", "").split()
    pieces = {" ".join(words[i:i + 3]) for i in range(len(words) - 2)}
    for text in told:
        low = text.lower().replace(",", "")
        assert not any(piece in low for piece in pieces), text


# -- 1. the same lines again and again ------------------------------------------------------------------


def _templates(entries, lang: str) -> list:
    """A regex per entry, both genders' forms, ``{trait}`` / ``{moment}`` standing for any words."""
    import re

    from narrator.agents.ten_candles.variety import form

    out = []
    for entry in entries:
        forms = {form(entry, lang, "m"), form(entry, lang, "f")}
        out.append([re.compile("^" + re.escape(f).replace(r"\{trait\}", ".+").replace(r"\{moment\}", ".+") + "$")
                    for f in forms])
    return out


def _which(text: str, templates: list) -> int | None:
    return next((k for k, forms in enumerate(templates) if any(f.match(text) for f in forms)), None)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_burn_line_or_narration_repeats_in_a_game_while_unused_ones_remain(tmp_path, lang: str, seed: int):
    """Every burned Trait gets a line the game has not heard (one naming the card among them) and every
    narration of a success one the game has not heard, until a table's lines are all used."""
    from narrator.agents.ten_candles import material as mat

    from narrator.ten_candles.play import TableSettings, play

    io = _Says("")
    io.scenes = 10 ** 6  # never says a line of its own: Enter, the AI survivors play
    play(TableSettings(humans=1, ai=3, lang=lang, seed=seed, module="radio_tower"), io, tmp_path / "g.jsonl")
    cards = mat.load("characters")
    tables = {"burn_virtue": cards["lines"]["burn_virtue"], "burn_vice": cards["lines"]["burn_vice"],
              "narrations": cards["narrations"]}
    used: dict[str, list[int]] = {name: [] for name in tables}
    for line in (tmp_path / "g.jsonl").read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if record["kind"] == "action" and record["payload"]["kind"] == "narrate" and record["actor"] != HOST:
            found = _which(record["payload"]["text"], _templates(tables["narrations"], lang))
            if found is not None:
                used["narrations"].append(found)
        elif record["kind"] == "narration" and record.get("by") != "storyteller":  # a character's words aloud
            for name in ("burn_virtue", "burn_vice"):
                found = _which(record["text"], _templates(tables[name], lang))
                if found is not None:
                    used[name].append(found)
    assert sum(len(v) for v in used.values()) >= 4, used  # the game burned and narrated
    for name, picks in used.items():
        for k, pick in enumerate(picks):
            if pick in picks[:k]:
                assert len(set(picks[:k])) == len(tables[name]), (name, str(picks))


def test_a_burn_line_may_name_the_card_burned():
    """«Зоркий», "Cruel": the lines of a burn include ones that name the card, filled with the burned card."""
    from narrator.agents.ten_candles import material as mat

    for lang in ("en", "ru"):
        for situation in ("burn_virtue", "burn_vice"):
            assert any("{trait}" in mat.text(e, lang) for e in mat.load("characters")["lines"][situation])


@pytest.mark.parametrize("module, lang", [("radio_tower", "en"), ("ring_line", "ru"), ("last_ferry", "en"),
                                          ("winter_orchard", "ru")])
def test_a_task_tied_to_a_place_is_framed_only_there(tmp_path, module: str, lang: str):
    """The pharmacy's stockroom is not a conflict on the hill road: a module's task with ``places`` is framed
    only in a scene at one of them (whole games at the terminal, the Storyteller's draws in order)."""
    from narrator.ten_candles.play import TableSettings, play

    framed = 0
    for seed in range(1):
        io = _Says("")
        io.scenes = 10 ** 6
        voice = play(TableSettings(humans=1, ai=3, lang=lang, seed=seed, module=module), io,
                     tmp_path / f"{seed}.jsonl").storyteller
        place = None
        for table, entry in voice.drawn:
            if table == "places":
                place = entry.get("id")
            elif table == "conflicts" and entry.get("places"):
                framed += 1
                assert place in entry["places"], (seed, entry["id"], place)
    assert framed


def test_a_survivor_tells_a_moment_lived_in_the_words_of_its_card():
    """A Moment lived and narrated by its survivor is told with the card ("a real fire in a stranger's
    window"), not a stock line of any success."""
    from narrator.agents.ten_candles import material as mat

    from tests.ten_candles.helpers_play import recorded_game

    told = 0
    for lang in ("en", "ru"):
        stock = {mat.text(e, lang) for e in mat.load("characters")["narrations"]}
        for seed in range(5):
            session, records, _ = recorded_game(4, seed, lang=lang)
            moments = {c.seat: c.moment for c in session.state.chars}
            lived = None
            for r in records:
                if r["kind"] == "event" and r["event"] == "moment_burned" and r["data"].get("success"):
                    lived = r["data"]["seat"]
                elif r["kind"] == "action" and r["payload"]["kind"] == "narrate" and lived is not None:
                    if r["payload"].get("actor") == lived:
                        text = r["payload"]["text"]
                        assert moments[lived].rstrip(".") in text and text not in stock, text
                        told += 1
                    lived = None
    assert told >= 2


@pytest.mark.parametrize("lang, line", [
    ("en", "I rummage through the lockers for spare batteries"),
    ("ru", "Роюсь в шкафчиках, ищу запасные батарейки"),
])
def test_the_suggested_narration_fits_the_deed(tmp_path, lang: str, line: str):
    """After a person's own search succeeds, the narration suggested is one of a search (something found), not a
    stock line another character said about a door."""
    from narrator.agents.ten_candles import material as mat

    from narrator.ten_candles.play import TableSettings, play

    search = _templates(mat.load("characters")["deed_narrations"]["search"], lang)
    suggested = []
    for seed in range(3):
        io = _Says(line)
        play(TableSettings(humans=1, ai=2, lang=lang, seed=seed, module="ring_line"), io, tmp_path / f"{seed}.jsonl")
        out = io.output
        for k, said in enumerate(out):
            if said != "<< " + line:
                continue
            nxt = next((j for j in range(k + 1, len(out)) if "own words" in out[j] or "Своими словами" in out[j]),
                       len(out))  # up to the next beat: the narration of this attempt's own conflict
            asked = next((w for w in out[k:nxt] if w.startswith(("Tell what happened [", "Расскажите, что"))), None)
            if asked is not None:
                suggested.append(asked.split("[", 1)[1].rsplit("]", 1)[0])
    assert suggested, "no success of the person's search in the seeds played"
    assert all(_which(text, search) is not None for text in suggested), str(suggested)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_survivor_tells_a_framed_search_as_something_found(tmp_path, lang: str):
    """The Storyteller frames "find painkillers and batteries in the pharmacy" aloud; the survivor who wins it
    narrates a search (something found), not a stock line about a door or a stranger's laugh."""
    from narrator.agents.ten_candles import material as mat

    from narrator.ten_candles.play import TableSettings, play
    from narrator.ten_candles.settled import deed_kind

    search = _templates(mat.load("characters")["deed_narrations"]["search"], lang)
    tasks = [mat.text(c, lang) for c in mat.module("radio_tower")["conflicts"]
             if deed_kind(mat.text(c, lang), lang) == "search"]
    told = 0
    for seed in range(2):
        io = _Says("")
        io.scenes = 10 ** 6
        path = tmp_path / f"{seed}.jsonl"
        play(TableSettings(humans=1, ai=3, lang=lang, seed=seed, module="radio_tower"), io, path)
        framed = ""
        for line in path.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            if record["kind"] == "narration" and record.get("event") == "conflict_called":
                framed = record["text"]
            elif record["kind"] == "action" and record["payload"]["kind"] == "narrate" and record["actor"] != HOST:
                if any(task in framed for task in tasks):
                    assert _which(record["payload"]["text"], search) is not None, (framed, record["payload"]["text"])
                    told += 1
                framed = ""
    assert told
