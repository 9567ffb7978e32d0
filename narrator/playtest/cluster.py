"""Playing a simulation's jobs on a Ray cluster (``narrator simulate ... --cluster ray://HOST:PORT | local``).

Search-bot sweeps cost thousands of times more than scripted ones, which outgrows one machine. The same
chunks of jobs that :func:`narrator.playtest.runner.run_games` plays in local processes become Ray tasks:

* **same rows**: a game depends on its job alone (seed, players, options, bots), so a chunk played on any
  worker gives the rows it gives locally; rows are put back in job order;
* **nothing lost or doubled**: each chunk is one task whose result is taken once; a worker lost mid-run
  makes Ray run the task again (``max_retries``), and the retried task plays the same games again;
* **progress**: the bar advances as chunks finish.

``local`` starts a private Ray instance on this machine for the run (``num_cpus`` = ``--jobs``);
``ray://HOST:PORT`` connects to a running cluster through Ray Client (the cluster's nodes need the same
``narrator`` installed; see docs/performance.md). Ray is the optional ``cluster`` extra
(``pip install -e ".[cluster]"``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from narrator.playtest.jobs import GameJob, Row, chunks, play_chunk, progress_bar

RETRIES = 3
"""Times a chunk is played again after its worker died (Ray's task retries)."""


class ClusterError(RuntimeError):
    """Ray is not installed, or the cluster cannot be reached."""


def connect(address: str, workers: int) -> Any:
    """``ray`` initialised for ``address`` (``local`` or ``ray://HOST:PORT``).

    Raises:
        ClusterError: ray is missing, the address is malformed, or the cluster does not answer.
    """
    try:
        import ray
    except ImportError as error:
        raise ClusterError("--cluster needs Ray: pip install -e \".[cluster]\" (or pip install ray)") from error
    if address != "local" and not address.startswith("ray://"):
        raise ClusterError(f"--cluster {address!r}: give ray://HOST:PORT (a Ray Client address) or local")
    if ray.is_initialized():
        return ray
    try:
        if address == "local":
            ray.init(num_cpus=max(1, workers), include_dashboard=False, log_to_driver=False,
                     configure_logging=False)
        else:
            ray.init(address=address, log_to_driver=False, configure_logging=False)
    except Exception as error:  # ray raises ConnectionError, RuntimeError, ...: name the address either way
        raise ClusterError(f"--cluster {address}: cannot start or reach Ray ({error})") from error
    return ray


def run_on_ray(play: Callable[..., Any], jobs: Sequence[GameJob], *, address: str, workers: int = 1,
               progress: bool = True, description: str = "simulating", batched: bool = False,
               chunk_size: int | None = None) -> list[Row]:
    """Play every job as Ray tasks (one per chunk) and return the rows in job order (see the module)."""
    ray = connect(address, workers)
    size = chunk_size or max(1, min(500 if batched else 50, len(jobs) // (max(1, workers) * 8) or 1))
    remote = ray.remote(max_retries=RETRIES, retry_exceptions=False)(play_chunk)
    parts = list(chunks(jobs, size))
    pending = {remote.remote((play, chunk, batched)): i for i, chunk in enumerate(parts)}
    done: dict[int, list[Row]] = {}
    with progress_bar(progress) as bar:
        task = bar.add_task(f"{description} (ray)", total=len(jobs))
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                index = pending.pop(ref)
                done[index] = ray.get(ref)
                bar.advance(task, len(done[index]))
    return [row for i in range(len(parts)) for row in done[i]]
