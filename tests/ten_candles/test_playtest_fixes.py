"""Defects a play-tester found at the terminal (Ten Candles): what the player's screen says."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from narrator.ten_candles.attempts import framing, template_ruling


@pytest.mark.parametrize(("lang", "text", "word"), [("en", "I climb the frozen escalator", "climb"),
                                                   ("ru", "Карабкаюсь по замёрзшему эскалатору", "Карабкаюсь"),
                                                   ("en", "I search the kitchen for a torch", "search")])
def test_the_players_framing_does_not_quote_the_keyword_the_host_record_does(lang: str, text: str, word: str):
    """"could cost Vera Lind dearly (“climb”)": the matched word is the host's, not the player's text."""
    view = SimpleNamespace(characters=[SimpleNamespace(name="Vera Lind", top="virtue", moment="")],
                           attempt=SimpleNamespace(answered=True, seat=0, text=text))
    ruling = template_ruling(view, 0, text, lang, "Vera Lind")
    said = framing(view, 0, ruling.dangerous, lang, "Vera Lind")
    assert said and text in said
    assert f"“{word}”" not in said and f"«{word}»" not in said and f"({word})" not in said
    assert said.count("“") + said.count("«") == 1  # only the attempt itself is quoted
    if ruling.dangerous:
        assert word in ruling.why  # the host's record still names the word it went by


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_place_with_a_comma_in_it_is_closed_before_the_sentence_goes_on(lang: str):
    """"The pier, its vendors' stalls overturned seems smaller…": a place with an aside in it is
    followed by punctuation (or ends the line), never by the rest of the sentence."""
    from narrator.agents.ten_candles.material import module, module_names

    bad = []
    for name in module_names():
        data = module(name)
        for opening in data["openings"]:
            for place in data["places"]:
                text = place[lang]
                if "," not in text:
                    continue
                for key in ("{place}", "{place_cap}"):
                    at = opening[lang].find(key)
                    after = opening[lang][at + len(key):] if at >= 0 else ""
                    if at >= 0 and after and after[0] not in ".,:;!?—":
                        bad.append((name, opening[lang], text))
    assert not bad, bad


def test_play_ten_candles_takes_dash_t_for_the_transcript_as_battaglia_does(tmp_path: Path):
    """``narrator play battaglia -t FILE`` writes the game there; ``play ten-candles -t FILE`` does the same."""
    import typer
    from typer.testing import CliRunner

    from narrator.cli.main import app

    command = typer.main.get_command(app)
    for game in ("battaglia", "ten-candles"):
        found = command.get_command(None, "play").get_command(None, game)  # type: ignore[union-attr]
        option = next(p for p in found.params if "-t" in p.opts)
        assert option.name == "transcript" and "--transcript" in option.opts
    path = tmp_path / "short.jsonl"
    result = CliRunner().invoke(app, ["play", "ten-candles", "--ai", "2", "--seed", "1", "-t", str(path)],
                                input="\n" * 5)
    assert result.exit_code == 0, result.output
    assert json.loads(path.read_text(encoding="utf-8").splitlines()[0])["kind"] == "header"


def _named():
    """A game at the describing step where seat 0's character is already Lida Orlova."""
    from narrator.rules.ten_candles import GAME, DescribeCharacter, TenCandlesConfig
    from narrator.rules.ten_candles.state import Phase

    from tests.ten_candles.test_kernel_support import through_setup

    state = through_setup(3, TenCandlesConfig(players=3), until=Phase.DESCRIBE)
    state = GAME.apply(state, DescribeCharacter(actor=0, name="Lida Orlova", appearance="a", description="b")).state
    return GAME, state


@pytest.mark.parametrize(("lang", "told"), [("en", "Another survivor is already called “lida  orlova”"),
                                            ("ru", "Имя «lida  orlova» уже у другого персонажа")])
def test_the_terminal_refuses_a_name_another_character_has(lang: str, told: str):
    """Two of one name cannot be told apart («Ждём: вас, Лида Орлова»): the name is asked again."""
    from narrator.agents.base import Request

    from narrator.ten_candles.human import HumanSurvivor, ScriptedIO

    game, state = _named()
    io = ScriptedIO([" lida  orlova ", "Vera Lind", "tall", "a nurse"])
    move = HumanSurvivor(1, io, lang=lang)._describe(Request(game.name, 1, game.view(state, 1),
                                                             list(game.legal_actions(state, 1))))
    assert (move.name, move.appearance, move.description) == ("Vera Lind", "tall", "a nurse")
    assert any(told in line for line in io.output), io.output
    assert game.check(state, move) is None


@pytest.mark.parametrize(("lang", "told"), [("en", "Another survivor is already called “LIDA ORLOVA”"),
                                            ("ru", "Имя «LIDA ORLOVA» уже у другого персонажа")])
def test_the_web_table_refuses_a_name_another_character_has(lang: str, told: str):
    from narrator.rules.ten_candles import DescribeCharacter

    from narrator.web.adapters.ten_candles import NAME_TAKEN, PRESENTER

    _game, state = _named()
    table = SimpleNamespace(record=SimpleNamespace(language=lang), session=SimpleNamespace(state=state))
    taken = DescribeCharacter(actor=2, name="LIDA ORLOVA", appearance="a", description="b")
    refused = PRESENTER.before_move(table, 2, taken)
    assert refused is not None and refused.code == NAME_TAKEN and told in refused.message
    assert NAME_TAKEN in PRESENTER.worded_codes  # shown in these words, one language
    assert PRESENTER.before_move(table, 2, DescribeCharacter(actor=2, name="Vera Lind", appearance="a",
                                                             description="b")) is None


@pytest.mark.parametrize(("lang", "ordered", "held"), [("en", "Card order (top first):", "Your cards (not ordered yet)"),
                                                      ("ru", "Порядок карт (сверху вниз):", "Ваши карты (ещё не разложены)")])
def test_the_terminal_shows_the_cards_the_seat_receives_and_nothing_it_may_not_see(tmp_path: Path, lang: str,
                                                                                   ordered: str, held: str):
    """The virtue and vice passed to you, the Brink written for you and the others' Moments are told as
    they come; ``sheet`` and the ordering question list them; the Brinks of other seats never show."""
    from narrator.ten_candles.human import ScriptedIO
    from narrator.ten_candles.play import TableSettings, play

    path = tmp_path / "cards.jsonl"
    io = ScriptedIO([""] * 6 + ["sheet", ""])  # setup on Enter up to the stack question; then leave
    play(TableSettings(humans=1, ai=2, seed=3, lang=lang), io, path)
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    events = {r["event"]: r["data"] for r in records if r["kind"] == "event"}
    mine = next(t for t in events["traits_passed"]["traits"] if t["seat"] == 0)
    brinks = [r["data"] for r in records if r["kind"] == "event" and r["event"] == "brink_written"]
    shown = "\n".join(line for line in io.output if not line.endswith(": "))  # told, not the questions asked
    assert ("“" if lang == "en" else "«") + mine["virtue"] in shown and mine["vice"] in shown
    others = {seat: moment for seat, moment in events["moments_shared"]["moments"].items() if seat != "0"}
    assert len(others) == 2 and all(moment in shown for moment in others.values())  # the others', read out
    for brink in brinks:
        assert (brink["text"] in shown) == (brink["holder"] == 0), brink  # its own; no one else's (one it wrote: typed)
    mine_brink = next(b["text"] for b in brinks if b["holder"] == 0)
    asked = next(i for i, line in enumerate(io.output) if line.startswith(ordered))
    sheet = [line for line in io.output[:asked] if line.startswith("  " + held)]
    assert len(sheet) == 1 and mine["virtue"] in sheet[0] and mine_brink in sheet[0]  # `sheet`, before the order
    before = io.output[asked - 1]
    assert before.startswith(held) and all(t in before for t in (mine["virtue"], mine["vice"], mine_brink))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_person_and_the_ai_survivors_never_record_the_same_message(tmp_path: Path, lang: str):
    """Playtest 16: the person took the suggested message and an AI survivor recorded the same one (two
    survivors played back one recording). What the person writes is heard by the table, in either
    gender's form («не успела» / «не успел»)."""
    from narrator.ten_candles.human import ScriptedIO, _every_form
    from narrator.ten_candles.play import TableSettings, play

    path = tmp_path / "messages.jsonl"
    play(TableSettings(humans=1, ai=2, seed=4, lang=lang), ScriptedIO([""] * 12 + ["quit"] * 3), path)
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    said = {r["payload"]["actor"]: r["payload"]["text"] for r in records
            if r["kind"] == "action" and r["payload"].get("kind") == "record_message"}
    assert sorted(said) == [0, 1, 2]  # the person (seat 0, Enter: the suggestion) and two AI survivors
    for seat in (1, 2):
        assert said[seat] not in _every_form(said[0], lang)
    assert said[1] not in _every_form(said[2], lang)


@pytest.mark.parametrize(("lang", "told"), [("en", "not a number"), ("ru", "а не номер")])
def test_a_bare_number_where_words_are_asked_is_asked_again(lang: str, told: str):
    """Playtest 16: "2" typed at "Tell what happened" (a menu choice out of habit) was narrated as "Ada
    Kerr: 2"; a line with no letter in it is asked again, and words (or Enter) answer."""
    from narrator.ten_candles.human import HumanSurvivor, ScriptedIO

    io = ScriptedIO(["2", "3.", "She holds the lamp up"])
    assert HumanSurvivor(0, io, lang=lang)._text("narrate", "The door gives") == "She holds the lamp up"
    assert sum(told in line for line in io.output) == 2, io.output
    assert HumanSurvivor(0, ScriptedIO([""]), lang=lang)._text("narrate", "The door gives") == "The door gives"
    stubborn = ScriptedIO(["1"] * 10)  # a script of numbers (or a player who will not write) still goes on
    assert HumanSurvivor(0, stubborn, lang=lang)._text("narrate", "The door gives") == "The door gives"
    assert sum(told in line for line in stubborn.output) == 3 and len(stubborn.lines) == 6, stubborn.output  # 4 asked
