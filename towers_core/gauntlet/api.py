"""The JSON-level API of Gauntlet of Crowns (docs/rules/gauntlet.md §21.0): plain dicts and strings
in and out, never mutating inputs; bad input raises TowersError subclasses naming the field."""

from __future__ import annotations

from towers_core.errors import IllegalAction, TowersError, brief
from towers_core.gauntlet.cengine import Engine, Unsupported
from towers_core.gauntlet.draft import scout, validate_army  # noqa: F401  (public API)
from towers_core.gauntlet.engine import play_full as _play_full
from towers_core.gauntlet.foes import foe_army  # noqa: F401  (public API)
from towers_core.gauntlet.listing import legal_actions  # noqa: F401  (public API)
from towers_core.gauntlet.position import (  # noqa: F401  (public API)
    canonical_json,
    new_position,
    position_hash,
    shared_position,
    validate,
    view,
)
from towers_core.gauntlet.position import clone as _clone
from towers_core.gauntlet.rng import label_seed as _label_seed


def label_seed(label: str, run_seed: int) -> int:
    """§17.3 seed of a label under a run seed."""
    if not isinstance(label, str) or any("\ud800" <= ch <= "\udfff" for ch in label):
        raise TowersError(f"label: {brief(label)} is not a string of text (UTF-8 encodable)")
    if not isinstance(run_seed, int) or isinstance(run_seed, bool) or not 0 <= run_seed < 1 << 64:
        raise TowersError(f"run_seed: {brief(run_seed)} is not a 64-bit whole number")
    return _label_seed(label, run_seed)


def _play(pos: dict, action: object):
    validate(pos)
    if not isinstance(action, str):
        raise IllegalAction(f"action must be a string, not {brief(action)}")
    return _play_full(_clone(pos), action)


def play(pos: dict, action: str) -> tuple[dict, list[dict]]:
    """The new position and the log entries (a `start` entry follows an `end` or placement)."""
    new, entries = _play(pos, action)
    return new, [e.full() for e in entries]


def apply(pos: dict, action: str) -> dict:
    """The new position; a refused action (§9) returns the position unchanged. A listed action
    runs in the C engine; resign, tools and every error are the reference's (same messages)."""
    try:
        e = Engine(pos)
        code = e.code_of(action)
    except Unsupported:
        code = None
    if code is None:
        return _play(pos, action)[0]
    e.play_code(code)
    return e.to_json()


def log_view(pos: dict, action: str, side: str) -> list[dict]:
    """The entries of `action` played on `pos` as `side` sees them (§16.4)."""
    if side not in ("C", "G"):
        raise TowersError(f"side: {brief(side)} is not 'C' or 'G'")
    _, entries = _play(pos, action)
    return [e for e in (x.seen_by(side) for x in entries) if e is not None]


from towers_core.gauntlet.position import SIDES  # noqa: E402, F401  (public API)


def to_move(pos: dict) -> str | None:
    """The side to move, or None once the Battle is over (on a position or a side's view)."""
    validate(pos)
    return pos["to_move"] if pos["result"] is None else None


def result(pos: dict) -> dict | None:
    """The result ({"winner", "reason"}, a copy), or None while the Battle goes on."""
    validate(pos)
    return None if pos["result"] is None else dict(pos["result"])


def history_items(before: dict, action: str, after: dict, entries: list[dict], side: str) -> list[dict]:
    """What `side`'s AI history gains from `action` played on `before`: its log_view (§16.4)."""
    return log_view(before, action, side)


from towers_core.gauntlet.preview import preview  # noqa: E402, F401  (public API: the app's hover preview)


def choose_action(view: dict, history: list, level: str, seed: int, time_ms: int | None = None) -> str:  # noqa: F811
    """The AI's action for the mover of `view` (that side's own view, §16.2) given its log of
    the Battle so far (log_view entries), at `level` (easy normal hard expert greedy random iters:N)."""
    from towers_core.gauntlet.ai import player
    return player.choose_action(view, history, level, seed, time_ms)


def choose_army(level: str, seed: int, side: str, scout_report: dict | None = None) -> dict:
    """The AI's Draft army (§11) for `side`; Gold may pass the scout report of one Crimson slot."""
    from towers_core.gauntlet.ai import draft
    return draft.choose_army(level, seed, side, scout_report)


def choose_scout(level: str, seed: int, crimson_view: dict) -> str:
    """The Crimson slot the AI (Gold) scouts, from Gold's view of the Draft position or Crimson's army."""
    from towers_core.gauntlet.ai import draft
    return draft.choose_scout(level, seed, crimson_view)
