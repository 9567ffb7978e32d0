"""The screen's capability: a link's token, derived from the table's id under the data directory's key
(``screen.key``, 0600), swapped for a cookie like an invite; it opens that one table's screen and nothing else."""

from __future__ import annotations

import base64
import hashlib
import hmac
import logging
import os
import secrets
from pathlib import Path
from typing import Any

from fastapi import HTTPException, Request, WebSocket

logger = logging.getLogger("narrator.web")

KEY_FILE = "screen.key"

_KEYS: dict[Path, bytes] = {}


def screen_key(data_dir: Path) -> bytes:
    """The data directory's screen key (made once, readable by its owner only)."""
    path = Path(data_dir) / KEY_FILE
    key = _KEYS.get(path)
    if key is None:
        if not path.exists():
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "wb") as handle:
                handle.write(secrets.token_bytes(32))
        key = _KEYS[path] = path.read_bytes()
    return key


def screen_token(data_dir: Path, table_id: str) -> str:
    """The token of ``table_id``'s screen: the HMAC of its id (url-safe, 32 characters)."""
    digest = hmac.new(screen_key(data_dir), f"screen:{table_id}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode().rstrip("=")


def screen_url(data_dir: Path, table_id: str) -> str:
    """The screen's link (with its token)."""
    return f"/t/{table_id}/screen?token={screen_token(data_dir, table_id)}"


def cookie_name(table_id: str) -> str:
    return f"ns_{table_id}"


def authorize_screen(data_dir: Path, connection: Request | WebSocket, table_id: str) -> str:
    """Check the request carries ``table_id``'s screen token (cookie or ``?token=``).

    Raises:
        HTTPException: 401 without one, 403 with any other (a seat's or the host's token included).
    """
    found = [t for t in (connection.cookies.get(cookie_name(table_id)), connection.query_params.get("token")) if t]
    if not found:
        raise HTTPException(401, f"no screen token for table {table_id}; open the screen link from the host page")
    expected = screen_token(data_dir, table_id)
    if any(hmac.compare_digest(t.encode(), expected.encode()) for t in found):
        return expected
    client = connection.client.host if connection.client else "?"
    logger.warning("refused: %s asked for the screen of table %s with another token", client, table_id)
    raise HTTPException(403, f"this token does not open the screen of table {table_id}")


def host_screen(data_dir: Path, table_id: str, origin: str) -> dict[str, Any]:
    """The host page's screen link and its QR code (an inline SVG, or ``None`` without segno)."""
    from narrator.web.invites import qr_svg

    url = screen_url(data_dir, table_id)
    return {"url": url, "qr": qr_svg(origin + url)}

