"""Which lenses a replay may offer its owner: the rule the terminal, the offline page and the web share.

Ownership is the lens the owner stands in (``narrator replay --as``, or the seat whose token opened
the web page); it is the *most* a replay may show. A page embeds only the lenses this function
returns: nothing else is in the file to be hidden by CSS or script.

- A seat's owner: that seat, the public, and once the game is over the host's whole truth (cards are
  turned face up at the end), without other seats' model calls.
- The public: the public, and the host's truth once the game is over (again without model calls).
- The host: every lens, each seat's model calls included (the host held every secret anyway).
"""

from __future__ import annotations

from narrator.viewer.timeline import Lens, Timeline


class LensRefusedError(ValueError):
    """The owner may not see through this lens (a seat the game does not have)."""


def lenses_for(owner: Lens, timeline: Timeline) -> list[Lens]:
    """The lenses ``owner`` may be shown of ``timeline``, the owner's own first.

    Raises:
        LensRefusedError: a seat the game does not have.
    """
    if owner.seat is not None and not 0 <= owner.seat < timeline.seats:
        raise LensRefusedError(f"seat {owner.seat}: this {timeline.game.name} game has seats 0..{timeline.seats - 1}")
    if owner.host:
        return [Lens(host=True), Lens(), *(Lens(seat=s) for s in range(timeline.seats))]
    after_the_end = [Lens(host=True, calls=False)] if timeline.finished else []
    if owner.seat is None:
        return [Lens(), *after_the_end]
    return [owner, Lens(), *after_the_end]
