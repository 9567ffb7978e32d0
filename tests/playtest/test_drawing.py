"""A report's plots drawn in worker processes while the rest of the report is written."""

from __future__ import annotations

from pathlib import Path

import pytest

from narrator.playtest.drawing import Plot, drawn_meanwhile


def _broken(path: Path) -> None:
    raise ValueError(f"cannot draw {path.name}")


@pytest.mark.parametrize("workers", [1, 2])
def test_every_png_exists_when_the_block_ends(tmp_path: Path, workers: int) -> None:
    from narrator.playtest import plots  # matplotlib: ~1 s of CPU to import, paid by the worker that draws only

    jobs = [Plot(plots.histogram, ([1, 2, 2, 3], tmp_path / f"h{i}.png"), {"title": "t", "xlabel": "x"})
            for i in range(3)]
    with drawn_meanwhile(jobs, workers=workers):
        (tmp_path / "report.md").write_text("text", encoding="utf-8")
    for i in range(3):
        assert (tmp_path / f"h{i}.png").read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize("workers", [1, 2])
def test_a_plot_that_fails_fails_the_report(tmp_path: Path, workers: int) -> None:
    with pytest.raises(ValueError, match="cannot draw bad.png"), \
            drawn_meanwhile([Plot(_broken, (tmp_path / "bad.png",))], workers=workers):
        pass
