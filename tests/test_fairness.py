"""Provable fairness (``narrator.fairness``, docs/fairness.md): an honest game verifies; a changed seed, draw, share or
line order is caught at its line; a transcript without a commitment says so; a resumed game keeps its commitment;
the draws follow the documented derivation, re-implemented here from the document's words."""

from __future__ import annotations

import hashlib
import hmac
import json
import random
from pathlib import Path

import pytest
from narrator.rules.chance import Dice, Pick, Shuffle
from narrator.rules.replay import replay
from narrator.rules.ten_candles import GAME
from narrator.rules.transcript_lines import seal
from typer.testing import CliRunner

from narrator import fairness
from narrator.cli.main import app
from narrator.playtest import GameJob
from narrator.resume import ResumeError
from narrator.session import Session
from narrator.ten_candles.human import ScriptedIO
from narrator.ten_candles.play import TableSettings, play
from narrator.ten_candles.simulate import job_config, make_table
from narrator.transcript import TranscriptWriter

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()


def honest_game(path: Path, shares: dict[int, str]) -> bytes:
    """A Ten Candles game of four scripted survivors, committed, with ``shares`` given before the first draw."""
    config = job_config(GameJob(0, 4, 3, {}, None))
    session = Session(GAME, config, make_table(4, 3), seed=3, recorder=TranscriptWriter(path))
    fair = fairness.attach(session, fairness.new_game(GAME, config, transcript=path))
    session.write_header()
    for seat, text in shares.items():
        session.write(fair.contribute(seat, text))
    session.run()
    session.close()
    return path.read_bytes()


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    return honest_game(tmp_path_factory.mktemp("fair") / "game.jsonl", {0: "the moon is low", 2: "кости"})


def records(data: bytes) -> list[dict]:
    return [json.loads(line) for line in data.decode("utf-8").splitlines()]


def resealed(recs: list[dict]) -> bytes:
    """The records written again with a fresh, unbroken hash chain (what a forger who edits the file would do)."""
    out, previous = [], ""
    for record in recs:
        body = json.dumps({k: v for k, v in record.items() if k != "hash"}, ensure_ascii=False, separators=(",", ":"))
        line, previous = seal(previous, body)
        out.append(line)
    return ("\n".join(out) + "\n").encode("utf-8")


def line_of(recs: list[dict], kind: str, nth: int = 0, **match: object) -> int:
    """The index (0-based; the file's line is this + 1) of the ``nth`` record of ``kind`` matching ``match``."""
    found = [i for i, r in enumerate(recs) if r["kind"] == kind and all(r.get(k) == v for k, v in match.items())]
    return found[nth]


# -- an honest game ---------------------------------------------------------------------------------------


def test_an_honest_game_is_fair_and_every_draw_is_counted(game: bytes) -> None:
    recs = records(game)
    verdict = fairness.verify(game)
    assert verdict.fair, verdict
    assert verdict.draws == sum(r["kind"] == "chance" for r in recs) > 10
    assert verdict.contributions == 2 and verdict.scheme == fairness.SECRET_SEED and not verdict.kernel_changed
    assert recs[-1]["kind"] == "fairness" and recs[-1]["step"] == "reveal" and recs[-2]["kind"] == "result"
    text = fairness.verdict_text(verdict, "en")
    assert text.startswith(f"fair: {verdict.draws} draws re-derived, 2 players' shares, commitment matches")
    assert fairness.verdict_text(verdict, "ru").startswith(f"честно: все броски выведены заново ({verdict.draws} ")


def test_the_header_publishes_the_commitment_never_the_seed(game: bytes) -> None:
    recs = records(game)
    header, seed = recs[0], recs[-1]["seed"]
    assert set(header["fairness"]) == {"scheme", "commitment", "kernel"}
    assert seed not in json.dumps(recs[:-1])  # only the reveal line holds it
    assert header["fairness"]["commitment"] == hashlib.sha256(json.dumps(
        {"config": header["config"], "kernel": header["fairness"]["kernel"], "ruleset": header["ruleset"],
         "scheme": "hmac-sha256/1", "seed": seed}, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def test_the_draws_follow_the_documented_derivation(game: bytes) -> None:
    """docs/fairness.md's recipe, written again here without the module: key, blocks, 64-bit words, rejection."""
    recs = records(game)
    seed, commit = recs[-1]["seed"], recs[0]["fairness"]["commitment"]
    shares = sorted((r["seat"], r["value"]) for r in recs if r["kind"] == "fairness" and r["step"] == "contribution")
    assert shares == [(0, hashlib.sha256(b"the moon is low").hexdigest()),
                      (2, hashlib.sha256("кости".encode()).hexdigest())]
    message = json.dumps({"commitment": commit, "contributions": [list(s) for s in shares], "scheme": "hmac-sha256/1"},
                         sort_keys=True, separators=(",", ":")).encode()
    key = hmac.new(bytes.fromhex(seed), message, hashlib.sha256).digest()

    def words(n: int):
        block = 0
        while True:
            digest = hmac.new(key, f"draw:{n}:{block}".encode(), hashlib.sha256).digest()
            for i in range(0, 32, 8):
                yield int.from_bytes(digest[i:i + 8], "big")
            block += 1

    def below(stream, m: int) -> int:
        return next(w % m for w in stream if w < 2 ** 64 - 2 ** 64 % m)

    specs = replay(game).chance_specs
    chances = [r for r in recs if r["kind"] == "chance"]
    for n, (spec, record) in enumerate(zip(specs, chances, strict=True)):
        stream = words(n)
        assert isinstance(spec, Dice)  # Ten Candles rolls d6 only
        assert record["payload"]["values"] == [1 + below(stream, spec.sides) for _ in range(spec.count)]


def test_each_kind_of_draw_is_uniform_in_shape() -> None:
    key = bytes(range(32))
    for n in range(200):
        assert all(1 <= v <= 10 for v in fairness.derive(Dice(5, 10), key, n))
        assert sorted(fairness.derive(Shuffle(12), key, n)) == list(range(12))
        assert 0 <= fairness.derive(Pick(3), key, n)[0] < 3
    faces = [v for n in range(600) for v in fairness.derive(Dice(1, 6), key, n)]
    assert all(70 <= faces.count(face) <= 130 for face in range(1, 7)), [faces.count(f) for f in range(1, 7)]
    assert fairness.derive(Dice(3, 6), key, 0) == fairness.derive(Dice(3, 6), key, 0)
    assert fairness.derive(Shuffle(20), key, 0) != fairness.derive(Shuffle(20), key, 1)


# -- damaged and forged copies ------------------------------------------------------------------------------


def test_a_changed_seed_breaks_the_commitment_at_the_reveal(game: bytes) -> None:
    recs = records(game)
    recs[-1]["seed"] = "0" * 64
    verdict = fairness.verify(resealed(recs))
    assert (verdict.status, verdict.code, verdict.line) == ("unfair", "commitment", len(recs))
    assert fairness.verdict_text(verdict, "en").startswith(f"NOT FAIR: line {len(recs)}: the revealed seed")


def test_a_changed_draw_is_named_at_its_own_line_even_when_resealed(game: bytes) -> None:
    recs = records(game)
    at = line_of(recs, "chance", 3)
    values = recs[at]["payload"]["values"]
    recs[at]["payload"]["values"] = [7 - v for v in values]  # still dice, another roll
    verdict = fairness.verify(resealed(recs))
    assert (verdict.status, verdict.code, verdict.line) == ("unfair", "draw", at + 1)
    assert verdict.values["draw"] == 4 and verdict.values["expected"] == values
    assert "draw 4 (" in fairness.verdict_text(verdict, "en") and "бросок 4 (кости " in fairness.verdict_text(verdict, "ru")


def test_a_changed_draw_left_unsealed_breaks_the_seal_at_its_line(game: bytes) -> None:
    lines = game.split(b"\n")
    at = line_of(records(game), "chance", 0)
    lines[at] = lines[at].replace(b'"values":[', b'"values":[9,', 1)
    verdict = fairness.verify(b"\n".join(lines))
    assert (verdict.status, verdict.line) == ("damaged", at + 1) and verdict.error.code == "seal"
    assert fairness.verdict_text(verdict, "ru").startswith(f"проверить нельзя: строка {at + 1}: ")


def test_a_changed_share_changes_every_draw_from_the_first(game: bytes) -> None:
    recs = records(game)
    share = line_of(recs, "fairness", 1, step="contribution")
    recs[share]["value"] = hashlib.sha256(b"a convenient share").hexdigest()
    verdict = fairness.verify(resealed(recs))
    assert (verdict.status, verdict.code, verdict.line) == ("unfair", "draw", line_of(recs, "chance") + 1)


def test_a_share_added_after_the_first_draw_is_refused_and_caught(game: bytes) -> None:
    fair = fairness.Fairness(fairness.SECRET_SEED, "ab" * 32, "r", {}, "k")
    fair.draw(Dice(1, 6), random.Random(0))
    with pytest.raises(fairness.FairnessError) as refused:
        fair.contribute(1, "late")
    assert refused.value.key == "closed"
    recs = records(game)
    late = line_of(recs, "chance", 2) + 1
    recs.insert(late, {"kind": "fairness", "step": "contribution", "seat": 3, "value": "c" * 64})
    for i, record in enumerate(recs[1:], start=1):
        record["seq"] = i
    verdict = fairness.verify(resealed(recs))
    assert (verdict.code, verdict.line) == ("late_contribution", late + 1)


def test_a_reordered_line_breaks_the_seal_at_the_first_moved_line(game: bytes) -> None:
    lines = game.split(b"\n")
    at = line_of(records(game), "chance", 1)
    lines[at], lines[at + 1] = lines[at + 1], lines[at]
    verdict = fairness.verify(b"\n".join(lines))
    assert (verdict.status, verdict.line) == ("damaged", at + 1) and verdict.exit_code == 1


def test_an_unfinished_game_cannot_be_proven_yet(game: bytes) -> None:
    recs = records(game)
    cut = b"".join(line + b"\n" for line in game.split(b"\n")[:line_of(recs, "chance", 5)])
    verdict = fairness.verify(cut)
    assert (verdict.status, verdict.exit_code) == ("not_revealed", 2)


def test_a_transcript_without_a_commitment_replays_and_says_it_cannot_prove_fairness() -> None:
    data = (ROOT / "transcripts" / "battaglia" / "sim-6p-seed-101.jsonl").read_bytes()
    verdict = fairness.verify(data)
    assert (verdict.status, verdict.exit_code) == ("no_commitment", 2)
    assert fairness.verdict_text(verdict, "en").startswith("no commitment: cannot prove fairness")
    assert fairness.verdict_text(verdict, "ru").startswith("нет обязательства: честность доказать нельзя")
    assert replay(data).outcome is not None  # and it still replays as before


# -- simulations' kept games: a public seed --------------------------------------------------------------------


def test_a_kept_simulation_commits_to_its_public_seed(tmp_path: Path) -> None:
    from narrator.ten_candles.simulate import play_one

    path = tmp_path / "sim.jsonl"
    play_one(GameJob(0, 4, 9, {}, str(path)))
    verdict = fairness.verify(path.read_bytes())
    assert verdict.fair and verdict.scheme == fairness.PUBLIC_SEED and verdict.draws > 10
    assert "its seed was public" in fairness.verdict_text(verdict, "en")
    recs = records(path.read_bytes())
    assert recs[-1]["kind"] == "result"  # the seed is in the header already: no reveal line
    recs[0]["seed"] = 10
    assert fairness.verify(resealed(recs)).code == "commitment"


# -- resuming keeps the commitment --------------------------------------------------------------------------------


def test_a_resumed_terminal_game_keeps_its_commitment_and_verifies(tmp_path: Path) -> None:
    path = tmp_path / "tc.jsonl"
    first = ScriptedIO([""] * 30)  # the person leaves after 30 answers: saved
    assert play(TableSettings(humans=1, ai=3, seed=11, secret=True), first, path).outcome is None
    committed = records(path.read_bytes())[0]["fairness"]["commitment"]
    assert any(committed in line for line in first.output)  # the table showed it before the first move
    drawn = sum(r["kind"] == "chance" for r in records(path.read_bytes()))
    assert drawn and fairness.secret_path(path).exists()
    result = play(TableSettings(humans=1, ai=3, seed=11, secret=True), ScriptedIO([""] * 3000), path, resume=True)
    assert result.outcome is not None
    recs = records(path.read_bytes())
    assert recs[0]["fairness"]["commitment"] == committed and recs[-1]["step"] == "reveal"
    verdict = fairness.verify(path.read_bytes())
    assert verdict.fair and verdict.draws > drawn


def test_a_chosen_seed_plays_the_same_dice_again_and_commits_to_it_publicly(tmp_path: Path) -> None:
    """``--seed`` (or a test's seed) means the same game again: its draws are the seeded generator's, as before."""
    games = []
    for name in ("a", "b"):
        path = tmp_path / f"{name}.jsonl"
        result = play(TableSettings(humans=1, ai=3, seed=11), ScriptedIO([""] * 3000), path)
        assert result.outcome is not None and not fairness.secret_path(path).exists()
        games.append([r for r in records(path.read_bytes()) if r["kind"] == "chance"])
        verdict = fairness.verify(path.read_bytes())
        assert verdict.fair and verdict.scheme == fairness.PUBLIC_SEED
    assert games[0] == games[1]
    secret = tmp_path / "secret.jsonl"
    play(TableSettings(humans=1, ai=3, seed=11, secret=True), ScriptedIO([""] * 3000), secret)
    assert [r for r in records(secret.read_bytes()) if r["kind"] == "chance"] != games[0]


def test_a_game_whose_seed_is_lost_is_not_resumed_as_if_committed(tmp_path: Path) -> None:
    path = tmp_path / "tc.jsonl"
    play(TableSettings(humans=1, ai=3, seed=11, secret=True), ScriptedIO([""] * 30), path)
    fairness.secret_path(path).write_text("ab" * 32 + "\n")
    with pytest.raises(ResumeError) as wrong:
        play(TableSettings(humans=1, ai=3, seed=11), ScriptedIO([""] * 10), path, resume=True)
    assert wrong.value.key == "fair_seed_wrong"
    fairness.secret_path(path).unlink()
    with pytest.raises(ResumeError) as lost:
        play(TableSettings(humans=1, ai=3, seed=11), ScriptedIO([""] * 10), path, resume=True)
    assert lost.value.key == "fair_seed_lost"


# -- the command ------------------------------------------------------------------------------------------------


def test_narrator_verify_prints_one_line_and_exits_by_the_verdict(game: bytes, tmp_path: Path) -> None:
    honest = tmp_path / "honest.jsonl"
    honest.write_bytes(game)
    result = runner.invoke(app, ["verify", str(honest)], env={"COLUMNS": "300"})
    assert result.exit_code == 0 and result.output.strip().startswith("fair: ") and result.output.count("\n") == 1
    recs = records(game)
    recs[line_of(recs, "chance", 1)]["payload"]["values"][0] ^= 1
    forged = tmp_path / "forged.jsonl"
    forged.write_bytes(resealed(recs))
    result = runner.invoke(app, ["--lang", "ru", "verify", str(forged)], env={"COLUMNS": "300"})
    assert result.exit_code == 1 and result.output.startswith(f"НЕЧЕСТНО: строка {line_of(recs, 'chance', 1) + 1}: ")
    old = runner.invoke(app, ["verify", str(ROOT / "transcripts" / "ten_candles" / "solo-ru-seed2.jsonl")],
                        env={"COLUMNS": "300"})
    assert old.exit_code == 2 and old.output.startswith("нет обязательства")  # the game's own language
    missing = runner.invoke(app, ["verify", str(tmp_path / "none.jsonl")])
    assert missing.exit_code == 2


@pytest.mark.parametrize(("lang", "words"), [("en", "commitment"), ("ru", "обязательство")])
def test_verify_help_teaches_the_scheme(lang: str, words: str) -> None:
    result = runner.invoke(app, ["--lang", lang, "verify", "--help"], env={"COLUMNS": "100"})
    assert result.exit_code == 0 and words in result.output and "docs/fairness.md" in result.output


# -- a seat's chance record: the draws without the moves --------------------------------------------------------


def test_a_chance_record_holds_only_the_chance_and_verifies_what_it_can(game: bytes, tmp_path: Path) -> None:
    recs = records(game)
    record = fairness.chance_record(game)
    lines = records(record)
    assert {line["kind"] for line in lines} == {"chance_record", "fairness", "chance"}, "no move, event or word"
    assert lines[0]["fairness"] == recs[0]["fairness"] and lines[0]["draws"] == sum(r["kind"] == "chance" for r in recs)
    draws = [line for line in lines if line["kind"] == "chance"]
    chances = [(i + 1, r) for i, r in enumerate(recs) if r["kind"] == "chance"]
    assert [(d["position"], d["values"]) for d in draws] == [(n, r["payload"]["values"]) for n, r in chances]
    assert all(set(d["ask"]) <= {"kind", "count", "sides", "size", "options"} for d in draws), "no kernel label"
    verdict = fairness.verify(record)
    assert verdict.fair and verdict.record == "chances" and verdict.draws == len(draws) and verdict.contributions == 2
    assert fairness.verdict_text(verdict, "en").startswith("fair chance: ")
    assert "the rules asked" in fairness.verdict_text(verdict, "en"), "it says what it did not prove"
    path = tmp_path / "chances.jsonl"
    path.write_bytes(record)
    result = runner.invoke(app, ["--lang", "ru", "verify", str(path)], env={"COLUMNS": "300"})
    assert result.exit_code == 0 and result.output.startswith("честный жребий: "), result.output


def test_a_changed_or_missing_draw_in_a_chance_record_is_named_at_its_line(game: bytes, tmp_path: Path) -> None:
    lines = records(fairness.chance_record(game))
    third = [i for i, line in enumerate(lines) if line["kind"] == "chance"][2]

    def written(changed: list[dict]) -> bytes:
        return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in changed).encode()

    forged = [dict(line) for line in lines]
    forged[third] = {**lines[third], "values": [v % 6 + 1 for v in lines[third]["values"]]}
    verdict = fairness.verify(written(forged))
    assert (verdict.status, verdict.code, verdict.line) == ("unfair", "draw", third + 1)
    path = tmp_path / "forged.jsonl"
    path.write_bytes(written(forged))
    result = runner.invoke(app, ["verify", str(path)], env={"COLUMNS": "300"})
    assert result.exit_code == 1 and result.output.startswith(f"NOT FAIR: line {third + 1}: draw 3 ("), result.output
    dropped = lines[:third] + lines[third + 1:]
    assert (fairness.verify(written(dropped)).code, fairness.verify(written(dropped)).line) == ("draw_order", third + 1)
    seed = [dict(line) for line in lines]
    seed[-1] = {**seed[-1], "seed": "0" * 64}
    assert fairness.verify(written(seed)).code == "commitment"
    shares = [line for line in lines if line.get("step") != "contribution"]  # the draws no longer follow
    assert fairness.verify(written(shares)).code == "draw"


def test_an_unfinished_game_has_no_chance_record(game: bytes) -> None:
    cut = b"".join(game.splitlines(keepends=True)[:40])
    with pytest.raises(fairness.NotFinishedError):
        fairness.chance_record(cut)
    assert not fairness.is_chance_record(game)
