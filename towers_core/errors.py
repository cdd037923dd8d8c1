"""Error types for bad input. Each message names what is wrong; nothing is ever changed."""


class TowersError(ValueError):
    """Base class of every input error the core raises."""


class IllegalAction(TowersError):
    """An action string that is malformed or not legal in the position."""


class BadPosition(TowersError):
    """A position (or view) dict that does not follow RULES §10."""


class BadMuster(TowersError):
    """A muster that breaks the pool limits or the 100-troop budget."""


class BadArmy(TowersError):
    """A Gauntlet of Crowns army (12 slots) that breaks GAUNTLET-RULES §11."""
