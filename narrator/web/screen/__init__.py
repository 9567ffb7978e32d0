"""The room's public screen: a TV or laptop page everyone at the table sees, and its voice.

``/t/{id}/screen`` shows one table's **public** state in large type (day or night, who is alive, the
revealed cards, the vote as it stands, the candles and what darkened them, the scene and its stakes),
who speaks now, and the public log; it updates live over ``WS /ws/t/{id}/screen`` and reads new public
lines aloud with the browser's own speech synthesis (``static/screen.js``; nothing leaves the browser).

Everything here is built from the kernel's public viewer (``Viewer.PUBLIC``): ``game.view(state,
Viewer.PUBLIC)`` and the events visible to it; never from a seat's or the host's view filtered
afterwards. (The host page is *not* that: with a person in the host seat it shows the host's truth.)

**The screen's key.** A screen link carries its own capability, ``?token=``, swapped for a cookie
(``ns_{table}``) like an invite. It is derived, not stored: an HMAC of the table's id under a key kept
in the data directory (``screen.key``, 0600), so the host page can show the link and its QR code at
any time. It opens the screen of that one table and nothing else: no seat, no host page, no move
(``authorize`` never knows it), and no seat or host token opens the screen.

**Speech.** Each public log line goes out with its position in the public log (``n``), its text
(exactly the line shown) and a voice key: ``seat:N`` for words a seat said (a speech, an accusation's
words, a truth, a survivor's line), ``narrator`` for everything else (the host's announcements, the
Storyteller's narration). A page speaks only lines whose ``n`` it has not heard, so a reconnect (which
resends the log) never reads old lines again. Seat pages may opt in to the same public voice
(``WS /ws/t/{id}/seat/{n}/speech``, the seat's own cookie): public lines only, never the seat's own
private ones.

The modules: :mod:`~narrator.web.screen.access` (the key), :mod:`~narrator.web.screen.board` (what the screen
shows) and :mod:`~narrator.web.screen.routes` (the page, the state and the sockets).
"""

from narrator.web.screen.access import authorize_screen, cookie_name, host_screen, screen_key, screen_token, screen_url
from narrator.web.screen.board import (
    BOARDS,
    LOG_SHOWN,
    PUBLIC_VIEWER,
    board,
    public_context,
    public_events,
    public_view,
    screen_lines,
    screen_state,
    speaker_of,
)
from narrator.web.screen.routes import add_screen_routes, speech_words

__all__ = ["BOARDS", "LOG_SHOWN", "PUBLIC_VIEWER", "add_screen_routes", "authorize_screen", "board", "cookie_name",
           "host_screen", "public_context", "public_events", "public_view", "screen_key", "screen_lines",
           "screen_state", "screen_token", "screen_url", "speaker_of", "speech_words"]
