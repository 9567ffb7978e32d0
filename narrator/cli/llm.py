"""``narrator llm ...``: the language-model set-up: what is configured, the embedded local model.

The settings for ``--llm offline|local|endpoint`` (:func:`~narrator.console.llm_settings`) are in
:mod:`narrator.console`, below the CLI, so the games' terminal tables use them too.
"""

from __future__ import annotations

import time

import typer

from narrator.cli.common import console, fail, fail_with, tool_word
from narrator.console import llm_settings

__all__ = ["LLM_OPTION_HELP", "llm_settings", "register", "serve", "status"]  # llm_settings: the commands import it here

LLM_OPTION_HELP = ("Where moves and prose come from: offline (scripted bots and templates; the default when no "
                   "endpoint is configured), local (the embedded SmolLM2 model, started for this run), endpoint "
                   "(OPENAI_BASE_URL / narrator.toml). See docs/llm.md.")


def register(app: typer.Typer, play: typer.Typer, simulate: typer.Typer) -> None:
    """Add ``narrator llm serve`` and ``narrator llm status``."""
    from narrator.cli.translation import TranslatedTyper

    llm_app = TranslatedTyper(help="Language models: show the configuration, serve the embedded local model.",
                          no_args_is_help=True)
    app.add_typer(llm_app, name="llm")
    llm_app.command("status")(status)
    llm_app.command("serve")(serve)


def status() -> None:
    """Show what is configured (endpoint, models, budget), whether the local model is installed, and ping it."""
    from narrator.agents.llm.settings import SettingsError, config_path, load_settings
    from narrator.llm.local import MODEL_FILE, LocalModelError, model_path, ping_status, runtime_installed

    try:
        settings = load_settings()
        mode = settings.resolve_mode()
    except SettingsError as error:
        fail_with(error)
    from narrator.llm.local import INSTALL_COMMAND

    def say(line: str, **values: object) -> None:  # plain text: rich would read [server] or [local] as a style
        console.print(tool_word(f"llm_status.{line}", **values), markup=False, highlight=False, soft_wrap=True)

    word = tool_word
    source = config_path()
    say("mode", mode=mode, config=source or word("llm_status.no_config"))
    say("endpoint", endpoint=settings.base_url or ("OpenAI" if settings.api_key else word("llm_status.no_endpoint")),
        api_key=word("llm_status.key_set" if settings.api_key else "llm_status.key_unset"))
    say("models", models=", ".join(f"{role}={settings.model_for(role)}" for role in ("storyteller", "player", "bot")))
    say("limits", temperature=settings.temperature, timeout=f"{settings.timeout:g}", retries=settings.max_retries,
        reasks=settings.max_reasks, budget=settings.budget_tokens or word("llm_status.unlimited"))
    say("deadline", deadline=f"{settings.decision_deadline:g}", concurrency=settings.concurrency,
        parallel=settings.parallel)
    say("breaker", failures=settings.max_transport_failures)
    if settings.base_url:
        key = settings.api_key.get_secret_value() if settings.api_key else None
        status, values = ping_status(settings.base_url, api_key=key)
        say("ping", url=settings.base_url, answer=word(f"llm_status.ping_{status}", **values))
    try:
        model, installed = f"{word('llm_status.installed')} ({model_path()})", True
    except LocalModelError:
        model, installed = f"{word('llm_status.not_installed')} ({MODEL_FILE})", False
    runtime = runtime_installed()
    say("local", model=model, runtime=word("llm_status.installed" if runtime else "llm_status.not_installed"))
    if not (installed and runtime):
        say("needs", command=INSTALL_COMMAND)


def serve(
    port: int = typer.Option(0, "--port", help="Port on 127.0.0.1 (0: any free port)."),
    threads: int = typer.Option(0, "--threads", help="CPU threads for llama.cpp (0: its default)."),
) -> None:
    """Serve the embedded SmolLM2 model on 127.0.0.1 (OpenAI-compatible) until Ctrl-C.

    Point other runs at it with OPENAI_BASE_URL=http://127.0.0.1:PORT/v1 and
    NARRATOR_LLM_MODEL=smollm2-135m-instruct (the address is printed once it answers).
    """
    from narrator.llm.local import MODEL_ALIAS, LocalModelError, start_server

    try:
        server = start_server(port or None, threads=threads or None)
    except LocalModelError as error:
        fail_with(error)
    try:
        server.wait_ready(120)
        console.print(tool_word("llm_serving", model=MODEL_ALIAS, url=server.base_url, log=server.log), markup=False)
        console.print(f"  OPENAI_BASE_URL={server.base_url} NARRATOR_LLM_MODEL={MODEL_ALIAS}", highlight=False)
        while server.process.poll() is None:
            time.sleep(0.5)
        fail("", code=1, key="llm_server_exited", status=server.process.returncode, log=server.log)
    except LocalModelError as error:
        fail_with(error, code=1)
    except KeyboardInterrupt:
        console.print(tool_word("llm_stopping"), highlight=False)
    finally:
        server.stop()
