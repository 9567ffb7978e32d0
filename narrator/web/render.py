"""Moved to :mod:`narrator.render.fields` (the renderer the web table and the replay viewer share); this name stays
for the modules that import it here."""

from narrator.render.fields import (
    HIDDEN_VIEW_KEYS,
    SEAT_KEYS,
    TEXT_FIELDS,
    ActionLabeler,
    Control,
    EventFormatter,
    controls,
    event_line,
    format_value,
    register_action_labeler,
    register_event_formatter,
    seat_name,
    view_rows,
)

__all__ = ["HIDDEN_VIEW_KEYS", "SEAT_KEYS", "TEXT_FIELDS", "ActionLabeler", "Control", "EventFormatter", "controls",
           "event_line", "format_value", "register_action_labeler", "register_event_formatter", "seat_name",
           "view_rows"]
