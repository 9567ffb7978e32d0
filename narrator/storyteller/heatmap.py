"""The odds table as a PNG heat map (matplotlib, no display needed)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path


def write_heatmap(cells: dict[tuple[int, int], dict[str, Fraction]], out: Path, title: str) -> None:
    """P(at least one net success) per pool (rows) and difficulty (columns), annotated in percent."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    pools = sorted({p for p, _ in cells})
    difficulties = sorted({d for _, d in cells})
    grid = [[float(1 - cells[(p, d)]["botch"] - cells[(p, d)]["failure"]) for d in difficulties] for p in pools]
    figure, axes = plt.subplots(figsize=(8, 7))
    image = axes.imshow(grid, cmap="viridis", vmin=0, vmax=1, aspect="auto", origin="lower")
    axes.set_xticks(range(len(difficulties)), [str(d) for d in difficulties])
    axes.set_yticks(range(len(pools)), [str(p) for p in pools])
    axes.set_xlabel("difficulty")
    axes.set_ylabel("pool (dice)")
    axes.set_title(title)
    for row, values in enumerate(grid):
        for column, value in enumerate(values):
            axes.text(column, row, f"{value:.0%}", ha="center", va="center", fontsize=7,
                      color="white" if value < 0.6 else "black")
    figure.colorbar(image, ax=axes, label="P(success)")
    out.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(out, dpi=100, bbox_inches="tight")
    plt.close(figure)
