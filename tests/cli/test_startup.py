"""The command line starts without the language-model stack, and prints its help text as written."""

from __future__ import annotations

import subprocess
import sys

from typer.testing import CliRunner

HEAVY = ("openai", "langchain_core", "langchain_openai", "pydantic_settings", "matplotlib")


def _probe(code: str) -> list[str]:
    """What ``code`` printed in a fresh interpreter, then a last line: every module it imported."""
    probe = f"{code}\nimport sys\nprint(' '.join(sorted(sys.modules)))"
    return subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout.splitlines()


def _loaded_after(code: str) -> set[str]:
    """Top-level modules imported by ``code`` in a fresh interpreter."""
    return {name.split(".")[0] for name in _probe(code)[-1].split()}


def test_cli_import_leaves_the_model_stack_unloaded() -> None:
    loaded = _loaded_after("import narrator.cli.main")
    assert not loaded & set(HEAVY), sorted(loaded & set(HEAVY))


def test_dice_and_odds_commands_leave_the_model_stack_unloaded() -> None:
    code = ("from narrator.cli.main import app\n"
            "for args in (['roll', '7', '-d', '6', '--seed', '1'], ['odds', '7', '-d', '6']):\n"
            "    app(args, standalone_mode=False)")
    assert not _loaded_after(code) & set(HEAVY)


def test_the_model_names_still_resolve_on_first_use() -> None:
    from narrator.agents import llm

    assert llm.LLMChooser is llm.LLMAgent
    assert llm.load_settings.__module__ == "narrator.agents.llm.settings"


def test_llm_status_prints_the_install_command_whole(monkeypatch, tmp_path) -> None:
    from narrator.cli import common
    from narrator.cli.main import app
    from narrator.llm import local

    for name in ("NARRATOR_CONFIG", "OPENAI_BASE_URL", "OPENAI_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "400")
    # the console's width is fixed when it is first imported, maybe by an earlier test in this worker
    monkeypatch.setattr(common.console, "width", 400)
    monkeypatch.setattr(local, "runtime_installed", lambda: False)  # the advice is printed
    result = CliRunner().invoke(app, ["llm", "status"])
    assert result.exit_code == 0, result.output
    assert "pip install -e '.[local]'" in result.output
    assert "llama-cpp-python[server]" in result.output


def test_a_russian_roll_reads_no_help_catalogue() -> None:
    """The help pages' catalogues (and Typer's help renderer, a tenth of a second) load only for a help page."""
    code = ("from narrator.cli.main import main\nfrom narrator.cli import translation\n"
            "try:\n    main(['--lang', 'ru', 'roll', '7', '-d', '6', '--seed', '1'])\nexcept SystemExit:\n    pass\n"
            "print(translation.catalogue.cache_info().currsize, translation.current())")
    *_, said, modules = _probe(code)  # one interpreter: the line the roll's code printed, then its modules
    assert not set(modules.split()) & {"typer.rich_utils", "babel.messages"}
    assert said.split()[-2:] == ["0", "ru"]
