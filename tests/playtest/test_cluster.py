"""``--cluster``: the same jobs played as Ray tasks give the same rows as the local runner, none lost or
doubled when a worker dies mid-run (narrator/playtest/cluster.py). Slow lane: starting Ray takes seconds."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from typing import Any

import pytest

from narrator.battaglia.simulate import play_one
from narrator.playtest import make_jobs, run_games
from narrator.playtest.runner import GameJob

if importlib.util.find_spec("ray") is None:  # found, not imported: the fast lane collects this file and runs none
    pytest.skip("the cluster extra (ray) is not installed", allow_module_level=True)
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def local_ray() -> Any:
    import ray

    from narrator.playtest.cluster import connect

    connect("local", 2)
    yield ray
    ray.shutdown()


def test_a_sweep_on_ray_gives_the_local_rows(local_ray: Any) -> None:
    jobs = make_jobs([6, 9], 12, seed=4)
    local = run_games(play_one, jobs, workers=1, progress=False)
    on_ray = run_games(play_one, jobs, workers=2, progress=False, cluster="local")
    assert on_ray == local
    assert [r["index"] for r in on_ray] == list(range(len(jobs)))


def dies_once(marker: str, job: GameJob) -> dict[str, Any]:
    """play_one, but the worker process dies the first time it meets job 5 (a lost node, say)."""
    if job.index == 5 and not Path(marker).exists():
        Path(marker).write_text("died", encoding="utf-8")
        os._exit(1)
    return play_one(job)


def test_a_lost_worker_is_retried_without_losing_or_doubling_games(local_ray: Any, tmp_path: Path) -> None:
    import functools

    from narrator.playtest.cluster import run_on_ray

    jobs = make_jobs([6], 10, seed=9)
    marker = str(tmp_path / "died")
    rows = run_on_ray(functools.partial(dies_once, marker), jobs, address="local", workers=2, progress=False,
                      chunk_size=2)
    assert Path(marker).exists(), "the worker did die"
    assert rows == [play_one(job) for job in jobs]


def test_a_malformed_address_is_refused() -> None:
    from narrator.playtest.cluster import ClusterError, connect

    with pytest.raises(ClusterError, match="ray://HOST:PORT"):
        connect("10.0.0.1:6379", 1)
