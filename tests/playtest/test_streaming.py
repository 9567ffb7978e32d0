"""Rows handled while a run plays: the stream keeps their order and errors, the streamed CSV is write_csv's."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from narrator.playtest import make_jobs, run_games
from narrator.playtest.stats import RowsCsv, write_csv
from narrator.playtest.streaming import RowStream


def _row(job):  # module-level: run_games may pickle it
    return {"game": job.index, "players": job.players, "seed": job.seed}


def test_run_games_hands_each_chunk_in_order_and_the_stream_handles_them_in_another_thread() -> None:
    jobs = make_jobs([3, 4], 40, seed=5)
    seen: list[tuple[int, str]] = []
    stream = RowStream(lambda rows: seen.extend((row["game"], threading.current_thread().name) for row in rows))
    rows = run_games(_row, jobs, progress=False, on_rows=stream.put)
    stream.finish()
    assert [game for game, _ in seen] == [row["game"] for row in rows] == list(range(80))
    assert {name for _, name in seen} == {"row-stream"}


def test_an_error_while_handling_rows_is_raised_by_finish() -> None:
    def handle(rows):
        raise ValueError(f"cannot write {len(rows)} rows")

    stream = RowStream(handle)
    stream.put([{"a": 1}])
    stream.put([{"a": 2}])  # dropped: the stream stopped at the first error
    with pytest.raises(ValueError, match="cannot write 1 rows"):
        stream.finish()


@pytest.mark.parametrize("rows", [
    [{"a": 1, "b": "x"}, {"a": 2, "b": "y"}, {"a": 3, "b": "z"}],
    [{"a": 1, "b": "x"}, {"b": "y", "a": 2}, {"a": 3, "c": True}],  # columns differ: written again whole
    [],
], ids=["uniform", "mixed", "empty"])
def test_a_csv_written_chunk_by_chunk_equals_write_csv(tmp_path: Path, rows) -> None:
    write_csv(rows, tmp_path / "whole.csv")
    streamed = RowsCsv(tmp_path / "streamed.csv")
    for start in range(0, len(rows), 2):
        streamed.add(rows[start:start + 2])
    streamed.close(rows)
    assert (tmp_path / "streamed.csv").read_bytes() == (tmp_path / "whole.csv").read_bytes()
