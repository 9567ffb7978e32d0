"""How long the replay viewer takes and how big its pages are, for every recorded game of ``transcripts/``.

    python benchmarks/replay_viewer.py [--repeat 3]

For each transcript: reading and replaying it into moments, telling it through one lens (the host's,
the heaviest: every line, a panel with the whole truth at every step), and the offline page a seat's
owner gets and the one the host gets (every lens), with its size (and gzipped, as a server would send it).
CPU time (``time.process_time``) is printed beside wall time: the machine is shared.
"""

from __future__ import annotations

import argparse
import gzip
import time
from pathlib import Path

from narrator.viewer.access import lenses_for
from narrator.viewer.page import render_page
from narrator.viewer.tell import tell
from narrator.viewer.timeline import Lens, load

ROOT = Path(__file__).resolve().parents[1]


def timed(work, repeat: int) -> tuple[float, float, object]:
    """Best wall and CPU seconds over ``repeat`` runs, and the last result."""
    best_wall = best_cpu = float("inf")
    result = None
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        result = work()
        best_wall, best_cpu = min(best_wall, time.perf_counter() - wall), min(best_cpu, time.process_time() - cpu)
    return best_wall, best_cpu, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print("| transcript | lines | load | host lens | seat page (KiB, gz) | host page (KiB, gz) | host page time |")
    print("|---|---|---|---|---|---|---|")
    for path in sorted((ROOT / "transcripts").rglob("*.jsonl")):
        lines = len(path.read_bytes().splitlines())
        load_wall, load_cpu, timeline = timed(lambda path=path: load(path), args.repeat)
        lens_wall, lens_cpu, _ = timed(lambda timeline=timeline: tell(timeline, Lens(host=True), "en"), args.repeat)
        seat = render_page(timeline, lenses_for(Lens(seat=0), timeline), "en").encode()
        page_wall, page_cpu, host = timed(
            lambda timeline=timeline: render_page(timeline, lenses_for(Lens(host=True), timeline), "en"), 1)
        host_bytes = host.encode()  # type: ignore[union-attr]
        print(f"| {path.relative_to(ROOT / 'transcripts')} | {lines} | {load_wall:.2f} s ({load_cpu:.2f} CPU) "
              f"| {lens_wall:.2f} s ({lens_cpu:.2f} CPU) | {len(seat) // 1024} ({len(gzip.compress(seat)) // 1024}) "
              f"| {len(host_bytes) // 1024} ({len(gzip.compress(host_bytes)) // 1024}) "
              f"| {page_wall:.1f} s ({page_cpu:.1f} CPU) |")


if __name__ == "__main__":
    main()
