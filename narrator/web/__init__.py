"""The shared web table (``narrator serve``): people and bots at one game, each seat private.

See ``docs/web.md``. :func:`create_app` builds the FastAPI application over a data directory.
"""

from __future__ import annotations

from narrator.web.app import create_app

__all__ = ["create_app"]
