"""The native engines never play Python rules they were not ported from.

``native/<game>/ported_from.toml`` holds the digest of the Python each engine mirrors (the kernel
package, the scripted bots, the config's options: ``narrator.fast.digest``). These tests hold the
installed Python and the built engine to it, and check that a simulation run refuses a stale engine
(``--engine native``) or plays with the Python kernel and says why (``--engine auto``).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from narrator.rules.battaglia import BattagliaConfig
from typer.testing import CliRunner

from narrator.cli.main import app
from narrator.fast import engine, playout, unported
from narrator.fast import sources as digest
from narrator.fast.codegen import GAMES, SchemaError, config_header, enumerator, options_from_source
from narrator.fast.digest import Committed, differences, read_committed, render, update
from narrator.fast.sources import Sources, code_hash, source_modules, sources

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_python_rules_are_those_the_engine_was_ported_from(game: str) -> None:
    committed = read_committed(ROOT / "native" / game / "ported_from.toml")
    now = sources(GAMES[game])
    assert now.digest == committed.digest, (
        f"The Python that native/{game} mirrors changed since it was ported:\n  "
        + "\n  ".join(differences(committed, now))
        + f"\nPort the change to native/{game}/*.hpp (python -m pytest tests/fast shows the first move where the "
        f"engine and the kernel part), then record it:\n  python -m narrator.fast.digest --update {game} "
        '--reason "..."\nIf no rule changed (a refactor, the goldens unchanged), say so in the reason. A new option '
        "the engine need not play is recorded as unported (the engine plays only its default; other values go to "
        "Python).")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_built_engine_carries_the_committed_digest(game: str) -> None:
    committed = read_committed(ROOT / "native" / game / "ported_from.toml")
    module = engine(game)
    rebuild = f"rebuild it: NATIVE_ONLY={game} pip install --no-deps --no-build-isolation -e ."
    assert module.RULES_DIGEST == committed.digest, f"the {game} engine was built from another digest; {rebuild}"
    assert list(module.UNPORTED) == committed.unported, rebuild


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_mirrored_module_and_part_exists(game: str) -> None:
    """A bot module or a simulation part renamed or removed must be renamed in narrator/fast/codegen.py GAMES
    too (else the digest would quietly stop covering it)."""
    hashed = sources(GAMES[game]).modules
    named = [*GAMES[game].bots, *(f"{module}:{name}" for module, names in GAMES[game].parts for name in names)]
    assert [name for name in named if name not in hashed] == []


def test_the_digest_covers_the_bots_modules_they_import_and_not_their_speech() -> None:
    """The scripted bots' modules are found from the entry modules by their imports (a split module is
    covered by itself); the speech modules (a talking bot's texts, the claims its speeches make, a
    Storyteller's voice) are not: rewording them does not make an engine stale. The temperament, read
    through the speech module, is hashed as its two definitions."""
    battaglia = source_modules(GAMES["battaglia"])
    assert {"narrator.agents.battaglia.bot", "narrator.agents.battaglia.bot_day", "narrator.agents.battaglia.bot_mind",
            "narrator.agents.battaglia.bot_night", "narrator.agents.battaglia.knowledge",
            "narrator.agents.battaglia.draws"} <= set(battaglia)
    assert not {"narrator.agents.battaglia.texts", "narrator.agents.battaglia.claims", "narrator.agents.i18n"} & set(
        battaglia)
    assert {"narrator.agents.battaglia.texts:temperament", "narrator.agents.battaglia.texts:mask_info"} <= set(
        sources(GAMES["battaglia"]).modules)
    ten_candles = source_modules(GAMES["ten_candles"])
    assert {"narrator.agents.ten_candles.survivor", "narrator.agents.ten_candles.gm",
            "narrator.agents.ten_candles.persona", "narrator.agents.ten_candles.material"} <= set(ten_candles)
    assert "narrator.agents.ten_candles.voice" not in ten_candles
    assert all(m.startswith(("narrator.rules.", "narrator.agents.battaglia.")) for m in battaglia)


def test_wording_comments_and_annotations_do_not_change_the_digest_and_code_does() -> None:
    source = 'def f(x: int) -> int:\n    """Doubles."""\n    return x * 2  # twice\n'
    reworded = 'def f(x: "float") -> "float":\n    """Twice x (L12)."""\n    # why: the seed says so\n    return x * 2\n'
    assert code_hash(source) == code_hash(reworded)
    assert code_hash(source) != code_hash(source.replace("* 2", "* 3"))
    assert code_hash(source) != code_hash(source.replace("x * 2", "2 * x"))
    fields = "class C:\n    a: int = 1\n    \"\"\"An option.\"\"\"\n"
    assert code_hash(fields) == code_hash(fields.replace("An option.", "The option."))
    assert code_hash(fields) == code_hash(fields.replace("int", "int | None"))
    assert code_hash(fields) != code_hash(fields.replace("= 1", "= 2"))
    assert code_hash(fields) != code_hash(fields.replace("int", "ClassVar[int]"))  # no longer a field
    assert code_hash(fields) != code_hash(fields + "    b: int\n")  # a new field


def test_what_only_the_type_checker_reads_does_not_change_the_digest() -> None:
    plain = "import json\nTABLE = {1: 2}\ndef f(x):\n    y = g(x)\n    return y\n"
    typed = ("from typing import TYPE_CHECKING, Any, cast\nfrom collections.abc import Callable\nimport json\n"
             "if TYPE_CHECKING:\n    from narrator.rules.core import Action\n"
             "TABLE: dict[int, int] = {1: 2}\nLATER: int\ndef f(x: Any) -> Any:\n    y: Any = cast(int, g(x))\n"
             "    return y\n")
    assert code_hash(plain) == code_hash(typed)
    spelled = "from typing import Optional, Union\nA = Union[int, str]\nB = Optional[int]\nclass C:\n    x = {}\n"
    assert code_hash(spelled) == code_hash("A = int | str\nB = int | None\nclass C:\n    x: ClassVar[dict] = {}\n")
    assert code_hash(plain) != code_hash(plain.replace("import json", "import pickle"))


def test_the_digest_names_the_module_and_the_option_that_changed() -> None:
    before = Sources({"narrator.rules.x.day": "a", "narrator.rules.x.night": "b"}, {"fast": "bool = False"}, {})
    after = Sources({"narrator.rules.x.day": "a", "narrator.rules.x.night": "c"},
                    {"fast": "bool = True", "new": "int = 1"}, {})
    committed = Committed(before.digest, [], before.modules, before.options, before.data)
    assert before.digest != after.digest
    assert differences(committed, after) == ["narrator.rules.x.night: code changed",
                                             "option fast: bool = False -> bool = True", "option new: new"]


def test_an_update_needs_a_reason_logs_it_and_marks_a_new_option_unported(tmp_path: Path) -> None:
    game = GAMES["battaglia"]
    now = sources(game)
    path = tmp_path / "ported_from.toml"
    older = dict(now.options)
    del older["lord_revote"]
    path.write_text(render(game, Committed("old", ["gone_option"], now.modules, older, now.data,
                                           [{"date": "2026-11-30", "digest": "old", "reason": "first"}])))
    with pytest.raises(ValueError, match="reason"):
        update(game, "  ", path=path, now=now)
    record, changes = update(game, "lord_revote added in Python only", path=path, now=now)
    assert changes == ["option lord_revote: new"]
    assert record.unported == ["lord_revote"] and record.digest == now.digest
    again = read_committed(path)
    assert again == record and [e["reason"] for e in again.log] == ["first", "lord_revote added in Python only"]
    record, _ = update(game, "ported to kernel_verdict.hpp", ported=("lord_revote",), path=path, now=now)
    assert record.unported == [] and len(record.log) == 3
    assert update(game, "again", ported=("lord_revote",), path=path, now=now) == (None, [])  # nothing to record
    assert read_committed(path) == record
    with pytest.raises(ValueError, match="no option nonsense"):
        update(game, "typo", unported=("nonsense",), path=path, now=now)


def test_an_unported_option_away_from_its_default_is_not_played_natively(monkeypatch: pytest.MonkeyPatch) -> None:
    from narrator.fast.battaglia import unsupported

    monkeypatch.setattr(engine("battaglia"), "UNPORTED", ("lord_revote",))
    assert unsupported(BattagliaConfig(lord_revote=True)) is None  # its default
    assert unsupported(BattagliaConfig(lord_revote=False)) == ("option lord_revote=False (not ported to C++: the "
                                                              "engine plays only the default)")
    monkeypatch.setattr(engine("battaglia"), "OPTIONS", tuple(f.name for f in dataclasses.fields(BattagliaConfig)
                                                              if f.name != "speech_rounds"))
    assert "speech_rounds=2" in (unported("battaglia", BattagliaConfig(speech_rounds=2)) or "")


def _stale(monkeypatch: pytest.MonkeyPatch) -> None:
    digest.python_digest.cache_clear()
    monkeypatch.setattr(digest, "python_digest", lambda game: "0" * 64)


def test_a_stale_engine_is_refused_by_native_and_replaced_by_python_under_auto(monkeypatch: pytest.MonkeyPatch,
                                                                            tmp_path: Path) -> None:
    _stale(monkeypatch)
    with pytest.raises(Exception, match="not those the native engine was ported from"):
        playout("battaglia")
    run = ["simulate", "battaglia", "--players", "6", "--games", "2", "--no-progress", "--no-plots"]
    refused = CliRunner().invoke(app, [*run, "--engine", "native", "--out", str(tmp_path / "n")])
    assert refused.exit_code != 0 and "--engine native: the installed Python rules of battaglia" in refused.output
    played = CliRunner().invoke(app, [*run, "--out", str(tmp_path / "a")])
    assert played.exit_code == 0, played.output
    assert "note: playing with the Python kernel: the installed Python rules of battaglia" in " ".join(
        played.output.split())
    report = (tmp_path / "a" / "report.md").read_text(encoding="utf-8")
    assert "Played by the Python rules kernel. Not by the native engine: the installed Python rules of battaglia " \
           "(digest 000000000000)" in report


def test_the_generated_config_struct_follows_the_dataclass() -> None:
    source = ('from typing import Literal\nclass C:\n    n: int = 20_000\n    """Doc."""\n'
              '    mode: Literal["all", "new"] = "new"\n    cap: int | None = None\n    tags: tuple[str, ...] = ()\n')
    header = config_header(GAMES["battaglia"], options_from_source(source, "C"))
    assert "enum class Mode : uint8_t { all, new_ };  // mode" in header
    assert "  int n = 20000;\n  Mode mode = Mode::new_;\n  std::optional<int> cap = std::nullopt;\n" \
           "  std::vector<std::string> tags = {};\n" in header
    assert enumerator("by-life") == "by_life" and enumerator("3rd") == "_3rd"
    with pytest.raises(SchemaError, match="x: no C\\+\\+ form"):
        options_from_source("class C:\n    x: dict[str, int] = {}\n", "C")
    with pytest.raises(SchemaError, match="needs a default"):
        options_from_source("class C:\n    x: int\n", "C")


def test_installed_digest_is_cached_under_the_bytes_of_its_sources(monkeypatch, tmp_path):
    """The cache file answers only for the very same source bytes: a changed key computes again."""
    monkeypatch.setenv("NARRATOR_CACHE", str(tmp_path))
    computed = []

    class Hashed:  # stands for the (slow) real hashing of the sources
        def __init__(self, game):
            computed.append(game.name)
            self.digest = f"digest {len(computed)}"

    monkeypatch.setattr(digest, "sources", Hashed)
    digest.python_digest.cache_clear()
    try:
        assert digest.python_digest("battaglia") == "digest 1"
        digest.python_digest.cache_clear()
        assert digest.python_digest("battaglia") == "digest 1" and computed == ["battaglia"]  # from the file
        monkeypatch.setattr(digest, "_raw_key", lambda game: "the bytes after an edit")
        digest.python_digest.cache_clear()
        assert digest.python_digest("battaglia") == "digest 2"
        assert "digest 2" in (tmp_path / "digests.json").read_text(encoding="utf-8")
    finally:
        digest.python_digest.cache_clear()


def test_raw_key_changes_with_any_source_byte(monkeypatch):
    """The cache key covers the bots' modules too (an edit of one recomputes the digest)."""
    game = digest.GAMES["battaglia"]
    before = digest._raw_key(game)
    bot = digest.module_file(game.bots[0])
    real = type(bot).read_bytes
    monkeypatch.setattr(type(bot), "read_bytes", lambda self: real(self) + (b"#" if self == bot else b""))
    assert digest._raw_key(game) != before
