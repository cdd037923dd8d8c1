"""Error types for bad input. Each message names what is wrong; nothing is ever changed."""

import reprlib


class TowersError(ValueError):
    """Base class of every input error the core raises."""


class IllegalAction(TowersError):
    """An action string that is malformed or not legal in the position."""


class BadPosition(TowersError):
    """A position (or view) dict that does not follow RULES §10."""


class BadMuster(TowersError):
    """A muster that breaks the pool limits or the 100-troop budget."""


class BadArmy(TowersError):
    """A Gauntlet of Crowns army (12 slots) that breaks docs/rules/gauntlet.md §11."""


class BadHistory(TowersError):
    """An AI history (api.history_entry items) or a log entry (api.play) of the wrong shape."""


class BadLevel(TowersError):
    """An AI level, seed or time budget out of its bounds."""


class BadRun(TowersError):
    """A Gauntlet run (a save, or a step it cannot take now) that breaks GAUNTLET-RULES §12."""


class ProtocolError(TowersError):
    """Bytes or a message from an online peer that break docs/rules/gauntlet.md §13, or a bad code or address."""


def brief(value: object) -> str:
    """A short repr of any bad input for a message: never huge, never failing (ints too long to
    print, nesting past the recursion limit, a repr that raises)."""
    if isinstance(value, int) and value.bit_length() > 64:
        return f"<a {value.bit_length()}-bit whole number>"
    try:
        return reprlib.repr(value)
    # a repr that cannot be printed is still bad input to report, not a second error
    except Exception:  # noqa: BLE001
        return f"<{type(value).__name__}>"
