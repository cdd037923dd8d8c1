"""Checks of the records kept beside a position: log entries (api.play, api.entry_view) and the AI's
history (api.history_entry items). The app loads saves all-or-nothing through these, and the AI
refuses any history it could read a hidden card from; each error names the field, e.g.
"history[3].view.board.c4.card: ...". Nothing is changed.
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from collections.abc import Iterator
from typing import Any

from towers_core.board import SQUARE_INDEX
from towers_core.errors import BadHistory, TowersError, brief
from towers_core.skirmish import notation
from towers_core.skirmish.cards import INDEX, POOL_SIZE
from towers_core.skirmish.position import PLAYERS, REASONS, check_player, view_engine
from towers_core.skirmish.rules import A_TERMS, D_TERMS, OUTCOMES

ENTRY_KEYS = frozenset({"player", "action", "public", "kind", "card", "fight", "scouted", "scouted_card",
                        "soulcast", "captured", "result"})
ENTRY_OPTIONAL = frozenset({"card_was_up"})
FIGHT_KEYS = frozenset({"attacker", "defender", "a_card", "d_card", "a_terms", "d_terms", "a_might",
                        "d_might", "pulls", "outcome", "revealed", "king_fight"})
HISTORY_KEYS = frozenset({"action", "pulls", "fight", "view"})
MAX_HISTORY = 10_000  # a position's `actions` is at most 10**4 too
TERM_LIMIT = 64       # Might terms and totals are small integers (an int8 in the engine)
_FIELD = re.compile(r"[a-z_]+[.\[:]")


@contextmanager
def within(where: str) -> Iterator[None]:
    """Re-raise any TowersError inside as BadHistory, its message prefixed with `where`."""
    try:
        yield
    except TowersError as err:
        msg = str(err)
        raise BadHistory(f"{where}{'.' if _FIELD.match(msg) else ': '}{msg}") from None


def _fail(where: str, why: str) -> None:
    raise BadHistory(f"{where}: {why}")


def _keys(value: Any, where: str, required: frozenset, optional: frozenset = frozenset()) -> None:
    if not isinstance(value, dict):
        _fail(where, f"must be an object with keys {', '.join(sorted(required))}")
    missing = sorted(required - set(value))
    extra = sorted(map(brief, set(value) - required - optional))
    problems = ([f"missing {', '.join(missing)}"] if missing else []) + (
        [f"unknown {', '.join(extra)}"] if extra else [])
    if problems:
        _fail(where, "; ".join(problems))


def _one_of(value: Any, where: str, choices: tuple) -> None:
    if not any(value is c or (type(value) is type(c) and value == c) for c in choices):
        _fail(where, f"must be one of {', '.join(map(repr, choices))}, not {brief(value)}"[:300])


def _square(value: Any, where: str) -> None:
    if not isinstance(value, str) or value not in SQUARE_INDEX:
        _fail(where, f"{brief(value)} is not a square"[:300])


def _card(value: Any, where: str, optional: bool = False) -> None:
    if not (optional and value is None) and (not isinstance(value, str) or value not in INDEX):
        _fail(where, f"{brief(value)} is not a card code"[:300])


def _small_int(value: Any, where: str, lo: int = -TERM_LIMIT, hi: int = TERM_LIMIT) -> None:
    if type(value) is not int or not lo <= value <= hi:
        _fail(where, f"must be a whole number from {lo} to {hi}")


def _action(value: Any, where: str) -> str:
    """The kind of an action string, the opponent's public `?@c1` deploys included."""
    if not isinstance(value, str):
        _fail(where, "must be an action string")
    with within(where):
        return notation.describe_action(notation.parse_public(value))["kind"]


def _pulls(value: Any, where: str) -> None:
    _keys(value, where, frozenset(), frozenset({"A", "D"}))
    for k, v in value.items():
        _one_of(v, f"{where}.{k}", (-1, 0, 1))


def _terms(value: Any, where: str, names: tuple) -> None:
    _keys(value, where, frozenset(names) | {"pull"})
    for k in names:
        _small_int(value[k], f"{where}.{k}")
    _one_of(value["pull"], f"{where}.pull", (-1, 0, 1))


def check_fight(fight: Any, where: str) -> None:
    """A fight record as in api.play's log entry (None: no fight)."""
    if fight is None:
        return
    _keys(fight, where, FIGHT_KEYS)
    for k in ("attacker", "defender"):
        _square(fight[k], f"{where}.{k}")
    for k in ("a_card", "d_card"):
        _card(fight[k], f"{where}.{k}")
    _one_of(fight["king_fight"], f"{where}.king_fight", (True, False))
    for k in ("a_terms", "d_terms", "a_might", "d_might"):   # a King's fight computes no Might (fine point 4)
        if fight["king_fight"]:
            _one_of(fight[k], f"{where}.{k}", (None,))
        elif k.endswith("terms"):
            _terms(fight[k], f"{where}.{k}", A_TERMS if k == "a_terms" else D_TERMS)
        else:
            _small_int(fight[k], f"{where}.{k}")
    _pulls(fight["pulls"], f"{where}.pulls")
    _one_of(fight["outcome"], f"{where}.outcome", OUTCOMES[1:])
    if not isinstance(fight["revealed"], list) or len(fight["revealed"]) > 49:
        _fail(f"{where}.revealed", "must be a list of squares")
    for i, sq in enumerate(fight["revealed"]):
        _square(sq, f"{where}.revealed[{i}]")


def _soulcast(value: Any, where: str) -> None:
    if value is None:
        return
    _keys(value, where, frozenset({"target", "card", "king_revealed"}))
    _square(value["target"], f"{where}.target")
    _card(value["card"], f"{where}.card", optional=True)
    _one_of(value["king_revealed"], f"{where}.king_revealed", (True, False))


def _result(value: Any, where: str) -> None:
    if value is None:
        return
    _keys(value, where, frozenset({"winner", "reason"}))
    _one_of(value["winner"], f"{where}.winner", ("S", "N", None))
    _one_of(value["reason"], f"{where}.reason", REASONS[1:])


def _captured(value: Any, where: str) -> None:
    _keys(value, where, frozenset(PLAYERS))
    for p in PLAYERS:
        if not isinstance(value[p], list) or len(value[p]) > POOL_SIZE:
            _fail(f"{where}.{p}", f"must be a list of at most {POOL_SIZE} card codes")
        for i, c in enumerate(value[p]):
            _card(c, f"{where}.{p}[{i}]")


def check_entry(entry: Any, where: str = "entry") -> None:
    """A log entry as api.play returns it, or as api.entry_view shows it to one player."""
    _keys(entry, where, ENTRY_KEYS, ENTRY_OPTIONAL)
    _one_of(entry["player"], f"{where}.player", PLAYERS)
    kind = _action(entry["action"], f"{where}.action")
    if _action(entry["public"], f"{where}.public") != kind or entry["kind"] != kind:
        _fail(f"{where}.kind", f"must be {brief(kind)}, the kind of the action and of its public form")
    _card(entry["card"], f"{where}.card", optional=True)
    if "card_was_up" in entry:
        _one_of(entry["card_was_up"], f"{where}.card_was_up", (True, False))
    check_fight(entry["fight"], f"{where}.fight")
    if entry["scouted"] is not None:
        _square(entry["scouted"], f"{where}.scouted")
    _card(entry["scouted_card"], f"{where}.scouted_card", optional=True)
    _soulcast(entry["soulcast"], f"{where}.soulcast")
    _captured(entry["captured"], f"{where}.captured")
    _result(entry["result"], f"{where}.result")


def check_history(history: Any, player: Any) -> None:
    """`player`'s AI history: a list of api.history_entry items, every view `player`'s own."""
    check_player(player)
    if not isinstance(history, list) or len(history) > MAX_HISTORY:
        raise BadHistory(f"history must be a list of at most {MAX_HISTORY} entries (api.history_entry)")
    for i, item in enumerate(history):
        where = f"history[{i}]"
        _keys(item, where, HISTORY_KEYS)
        kind = _action(item["action"], f"{where}.action")
        _pulls(item["pulls"], f"{where}.pulls")
        check_fight(item["fight"], f"{where}.fight")
        with within(f"{where}.view"):
            view_engine(item["view"], player)
        if kind == "deploy" and item["view"]["to_move"] == player and not item["action"].startswith("?@"):
            _fail(f"{where}.action", "an opponent's deploy is face-down: it must read ?@ (api.history_entry)")
