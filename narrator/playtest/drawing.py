"""Drawing a report's plots off the critical path: matplotlib loads while the games play, and the PNGs
are drawn in worker processes while the report's CSVs and text are written.

A 20,000-game simulation plays in a few seconds; importing matplotlib (~0.5 s) and drawing six
figures (~1.5 s of CPU) one after the other would double that. The native engines release the GIL,
so a thread can import matplotlib meanwhile; the figures are independent, so forked workers draw
them in parallel. Without ``fork`` (or with one worker) everything runs in this process, in order.
"""

from __future__ import annotations

import contextlib
import importlib
import multiprocessing
import os
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

PLOT_MODULES = ("narrator.playtest.plots",)
_loading: list[threading.Thread] = []


def preload(modules: Sequence[str] = PLOT_MODULES) -> None:
    """Start importing ``modules`` in a background thread (call before playing the games)."""
    thread = threading.Thread(target=lambda: [importlib.import_module(m) for m in modules],
                              name="preload-plots", daemon=True)
    thread.start()
    _loading.append(thread)


def wait_for_preload() -> None:
    """Join the import threads: a fork while one holds an import lock would deadlock the child."""
    while _loading:
        _loading.pop().join()


@dataclass(frozen=True, slots=True)
class Plot:
    """One PNG to draw: a module-level drawing function and its (picklable) arguments."""

    draw: Callable[..., None]
    args: tuple[Any, ...] = ()
    kwargs: Mapping[str, Any] = field(default_factory=dict)

    def __call__(self) -> None:
        self.draw(*self.args, **self.kwargs)


def _draw(plot: Plot) -> None:
    plot()


def _workers(wanted: int | None, plots: int) -> int:
    if "fork" not in multiprocessing.get_all_start_methods():
        return 1
    return max(1, min(plots, wanted if wanted is not None else (os.cpu_count() or 1)))


@contextlib.contextmanager
def drawn_meanwhile(plots: Sequence[Plot], workers: int | None = None) -> Iterator[None]:
    """Draw ``plots`` in worker processes while the ``with`` block runs; every PNG exists on exit.

    An error while drawing is raised on exit, as if the plot had been drawn in this process.
    """
    wait_for_preload()
    count = _workers(workers, len(plots))
    if count <= 1:
        yield
        for plot in plots:
            plot()
        return
    with multiprocessing.get_context("fork").Pool(count) as pool:
        pending = pool.map_async(_draw, plots, chunksize=1)
        yield
        pending.get()
