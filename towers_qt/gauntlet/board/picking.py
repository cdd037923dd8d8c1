"""From the legal actions (§15 strings on the mover's view) to what the board offers: which tiles
light up for the selected piece, what the action bar lists, and which action a click on a tile
chooses. No rules here: every offer is one of the listed strings."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from towers_core.gauntlet.notation import parse_action

TILE = re.compile(r"[a-g][1-7]")


@lru_cache(maxsize=4096)
def parts(action: str) -> dict:
    """The parsed action (§15), plus `tiles`: every tile the action aims at (not its origin); cached,
    so never to be changed by a caller."""
    a = parse_action(action)
    a = dict(a)
    if a["kind"] == "act":
        aimed = list(a["targets"]) + TILE.findall(a["args"] or "")
        a["tiles"] = list(dict.fromkeys(aimed))
    elif a["kind"] == "place":
        a["tiles"] = [a["tile"], *a["depots"]]
    elif a["kind"] in ("deploy", "scrap"):
        a["tiles"] = [a["tile"]]
    else:
        a["tiles"] = []
    return a


def origin_of(action: str) -> str | None:
    """The tile of the piece that acts (activation, structure action, scrap), else None."""
    a = parse_action(action)
    if a["kind"] == "act":
        return a["origin"]
    if a["kind"] == "scrap":
        return a["tile"]
    return None


@dataclass
class Picker:
    """The selection on the board: a piece (its tile), a unit type to deploy, or the placement."""
    legal: list[str] = field(default_factory=list)
    origin: str | None = None          # the selected piece
    moved_to: str | None = None        # the activation's move, once chosen
    deploying: str | None = None       # the unit type picked in the roster
    placing: list[str] = field(default_factory=list)  # Royal tile, then the Depots
    narrowed: list[str] | None = None  # several actions aim at the clicked tile: the bar lists them

    def reset(self, legal: list[str]) -> None:
        self.legal = list(legal)
        self.clear()

    def clear(self) -> None:
        self.origin = self.moved_to = self.deploying = None
        self.placing = []
        self.narrowed = None

    # -- what is offered ------------------------------------------------------------------------
    def placements(self) -> list[str]:
        return [a for a in self.legal if parse_action(a)["kind"] == "place"]

    def origins(self) -> set[str]:
        """The tiles of pieces that have something to do."""
        return {t for a in self.legal if (t := origin_of(a))}

    def of_origin(self) -> list[str]:
        return [a for a in self.legal if self.origin and origin_of(a) == self.origin]

    def current(self) -> list[str]:
        """The actions the bar lists now."""
        if self.narrowed is not None:
            return self.narrowed
        if self.deploying:
            return [a for a in self.legal if a.startswith(self.deploying + "@")]
        return [a for a in self.of_origin() if parts(a).get("to") == self.moved_to]

    def moves(self) -> list[str]:
        """Destinations of the selected unit's move (before a move is chosen)."""
        if self.moved_to is not None or self.narrowed is not None:
            return []
        return sorted({p["to"] for a in self.of_origin() if (p := parts(a)).get("to")})

    def targets(self) -> list[str]:
        """Tiles the listed actions aim at."""
        if self.placing or self.placements():
            return self._placing_tiles()
        return sorted({t for a in self.current() for t in parts(a)["tiles"]})

    def _placing_tiles(self) -> list[str]:
        k = len(self.placing)
        options = [parts(a) for a in self.placements()]
        if k == 0:
            return sorted({p["tile"] for p in options})
        fits = [p for p in options if p["tile"] == self.placing[0] and all(d in p["depots"] for d in self.placing[1:])]
        return sorted({d for p in fits for d in p["depots"] if d not in self.placing[1:]})

    # -- clicks -----------------------------------------------------------------------------------
    def click(self, tile: str) -> str | None:
        """A click on `tile`: the action it completes, or None (the selection changed)."""
        if self.placements():
            return self._click_placing(tile)
        if self.deploying:
            chosen = [a for a in self.current() if parts(a)["tile"] == tile]
            if chosen:
                return chosen[0]
            self.clear()
            return None
        if self.origin is None:
            self._select(tile)
            return None
        if tile == self.origin and self.moved_to is None:
            self.clear()
            return None
        if tile in self.moves():
            self.moved_to = tile
            return None
        if tile == self.moved_to:
            plain = [a for a in self.current() if not parts(a)["tiles"] and not parts(a)["ability"]]
            return plain[0] if len(plain) == 1 else None
        aimed = self.aimed_at(tile)
        if len(aimed) == 1:
            return aimed[0]
        if aimed:
            self.narrowed = aimed
            return None
        self._select(tile)
        return None

    def aimed_at(self, tile: str) -> list[str]:
        """The listed actions aiming at `tile`."""
        return [a for a in self.current() if tile in parts(a)["tiles"]]

    def hover_action(self, tile: str) -> str | None:
        """The one action a click on `tile` would play, to preview it."""
        if self.placements() or self.origin is None and not self.deploying:
            return None
        if self.deploying:
            chosen = [a for a in self.current() if parts(a)["tile"] == tile]
            return chosen[0] if chosen else None
        if tile in self.moves():
            plain = [a for a in self.of_origin() if parts(a).get("to") == tile and not parts(a)["tiles"]
                     and not parts(a)["ability"] and not parts(a)["p3"] and not parts(a)["p1"]]
            return plain[0] if plain else None
        aimed = self.aimed_at(tile)
        return aimed[0] if len(aimed) == 1 else None

    def _select(self, tile: str) -> None:
        self.clear()
        if tile in self.origins():
            self.origin = tile

    def deploy(self, code: str) -> None:
        self.clear()
        self.deploying = code

    def _click_placing(self, tile: str) -> str | None:
        if tile not in self._placing_tiles():
            self.placing = []
            return None
        self.placing.append(tile)
        if len(self.placing) < 3:
            return None
        royal, d1, d2 = self.placing
        self.placing = []
        chosen = [a for a in self.placements() if parts(a)["tile"] == royal and set(parts(a)["depots"]) == {d1, d2}]
        return chosen[0] if chosen else None
