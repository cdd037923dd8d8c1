"""The stable JSON-level API: RULES §10 dicts and §6 strings in and out, never mutating inputs.

Outside checkers, tests and the app all go through here; see docs/architecture.md.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

from towers_core.board import SQUARES
from towers_core.skirmish import notation, position, records
from towers_core.skirmish.cards import BUDGET, CARDS, CODES  # noqa: F401  (BUDGET is public API)
from towers_core.checks import check_seed
from towers_core.errors import BadHistory, IllegalAction, brief
from towers_core.skirmish.describe import card_name  # noqa: F401  (public API)
from towers_core.skirmish.position import PLAYERS, validate_muster  # noqa: F401  (public API)
from towers_core.skirmish.pulls import deck_odds, pull_table
from towers_core.skirmish.rules import A_TERMS, D_TERMS, OUTCOMES, RANDOM_PULL, Engine

CARD_INFO: dict[str, dict] = {
    c.code: {"name": c.name, "count": c.count, "rank": c.rank, "troops": c.troops, "move": c.move,
             "ability": c.ability, "knight_or_better": c.knight_or_better, "value": c.value}
    for c in CARDS
}
_PULL_KEYS = ("A", "D")
SIDES = PLAYERS


def new_position(seed: int, musters: dict | None = None) -> dict:
    """The start of a skirmish: terrain, first player and (if None) musters from the seed."""
    return position.seeded_start(_seed(seed), musters)


def new_position_with_terrain(terrain: dict, musters: dict, first: str, seed: int = 0) -> dict:
    """A start position on an explicit terrain (RULES §1 'can also be started from')."""
    _seed(seed)
    return position.start_position(terrain, musters, first)


def random_terrain(seed: int) -> dict:
    """The terrain the seed lays (the same as new_position's)."""
    return new_position(seed)["terrain"]


_seed = check_seed


def validate(pos: dict) -> None:
    """Raise BadPosition (naming the field) unless `pos` is a full RULES §10 position."""
    position.to_engine(pos)


def validate_view(view: dict, player: str) -> None:
    """Raise BadPosition unless `view` has the form view(pos, player) gives (rules decision 17): nothing
    hidden from `player` named, every visible card within the pool and budget."""
    position.view_engine(view, player)


def validate_history(history: list[dict], player: str) -> None:
    """Raise BadHistory ("history[3].view.board.c4: ...") unless `history` is `player`'s AI
    history: a list of history_entry items, every view `player`'s own."""
    records.check_history(history, player)


def validate_entry(entry: dict) -> None:
    """Raise BadHistory ("entry.fight.outcome: ...") unless `entry` is a log entry as play
    returns it (or as entry_view shows it)."""
    records.check_entry(entry)


def score(pos: dict) -> dict:
    """What the end-of-skirmish scoring and Dominance count, per side: high ground held (the King
    never holds it), cards captured and their captured value. Works on any player's view."""
    e = position.any_engine(pos)
    return {"high": {p: e.high(i) for i, p in enumerate(PLAYERS)},
            "captured": {p: len(pos["captured"][p]) for p in PLAYERS},
            "value": {p: e.captured_value(i) for i, p in enumerate(PLAYERS)}}


def legal_actions(pos: dict) -> list[str]:
    """Every legal action of the player to move, sorted; also works on that player's own view."""
    e = position.mover_engine(pos)
    return sorted(notation.format_action(a) for a in e.legal())


def _legal_code(e: Engine, action: str) -> int:
    if e.get_meta()["reason"]:
        raise IllegalAction(f"{brief(action)}: the skirmish is over")
    code = notation.parse(action)
    if code not in e.legal():
        raise IllegalAction(f"{brief(action)} is not legal for {PLAYERS[e.get_meta()['to_move']]} here")
    return code


def pull_outcomes(pos: dict, action: str) -> list[tuple[dict, float]]:
    """Each combination of pulls the action can draw, with its exact probability. The whole position
    only: on a view a face-down King would pass for a card that pulls (fine point 4)."""
    e = position.to_engine(pos)
    return pull_table(e, _legal_code(e, action))


def _check_pulls(e: Engine, code: int, pulls: Any) -> tuple[int, int]:
    if pulls is None:
        return RANDOM_PULL, RANDOM_PULL
    if not isinstance(pulls, dict) or not set(pulls) <= set(_PULL_KEYS):
        raise IllegalAction(f'pulls must be a dict with keys "A" and/or "D", not {brief(pulls)}')
    a_pulls, d_pulls = e.pullers(code)
    mover = e.get_meta()["to_move"]
    out = []
    for key, pulls_here, player in (("A", a_pulls, mover), ("D", d_pulls, 1 - mover)):
        if key not in pulls:
            out.append(RANDOM_PULL)
            continue
        v = pulls[key]
        if not pulls_here:
            raise IllegalAction(f"pulls[{brief(key)}]: that fighter does not pull in this action")
        if type(v) is not int or v not in (-1, 0, 1):
            raise IllegalAction(f"pulls[{brief(key)}] must be -1, 0 or 1, not {brief(v)}")
        if v not in deck_odds(e, player):
            raise IllegalAction(f"pulls[{brief(key)}] = {v}: {PLAYERS[player]}'s deck has no such card left")
        out.append(v)
    return out[0], out[1]


def apply(pos: dict, action: str, pulls: dict | None = None) -> dict:
    """The position after the whole turn (end-of-turn steps included)."""
    return play(pos, action, pulls)[0]


def view(pos: dict, side: str) -> dict:
    """What `side` sees (RULES §9-10): the opponent's hidden identities become '?'. Takes a full
    position (or `side`'s own view, returned unchanged), validated first."""
    return position.view(pos, side)


def to_move(pos: dict) -> str | None:
    """The side to move, or None once the skirmish is over (on a position or either side's view)."""
    position.any_engine(pos)
    return pos["to_move"] if pos["result"] is None else None


def result(pos: dict) -> dict | None:
    """The result ({"winner", "reason"}, a copy), or None while the skirmish goes on (on a position
    or either side's view)."""
    position.any_engine(pos)
    return copy.deepcopy(pos["result"])


def play(pos: dict, action: str, pulls: dict | None = None,
         rng_seed: int | None = None) -> tuple[dict, list[dict]]:
    """Apply an action and also return its log entries: one, the full truth (see entry_view)."""
    e = position.to_engine(pos)
    code = _legal_code(e, action)
    pull_a, pull_d = _check_pulls(e, code, pulls)
    e.seed(random.getrandbits(64) if rng_seed is None else _seed(rng_seed, "rng_seed"))
    before = copy.deepcopy(pos)
    record = e.apply(code, pull_a, pull_d)
    after = position.from_engine(e, pos["terrain"])
    return after, [_entry(before, after, code, record)]


def _entry(before: dict, after: dict, code: int, record: dict) -> dict:
    parts = notation.describe_action(code)
    sq = SQUARES
    entry = {"player": before["to_move"], "action": notation.format_action(code),
             "public": notation.format_action(code, hide_card=True), "kind": parts["kind"],
             "card": parts["card"], "fight": None, "scouted": None, "scouted_card": None,
             "soulcast": None, "captured": _new_captures(before, after), "result": copy.deepcopy(after["result"])}
    if parts["kind"] in ("retreat",):
        entry["card"] = before["board"][parts["from"]]["card"]
        entry["card_was_up"] = before["board"][parts["from"]]["up"]
    fight = record["fight"]
    if fight is not None:
        pulls = {k: v for k, v in (("A", fight["a_pull"]), ("D", fight["d_pull"])) if v is not None}
        entry["fight"] = {
            "attacker": sq[fight["a_sq"]], "defender": sq[fight["d_sq"]],
            "a_card": CODES[fight["a_card"]], "d_card": CODES[fight["d_card"]],
            "a_terms": {**dict(zip(A_TERMS, fight["a_terms"])), "pull": pulls.get("A", 0)},
            "d_terms": {**dict(zip(D_TERMS, fight["d_terms"])), "pull": pulls.get("D", 0)},
            "a_might": fight["a_might"], "d_might": fight["d_might"], "pulls": pulls,
            "outcome": OUTCOMES[fight["outcome"]], "revealed": [sq[s] for s in fight["revealed"]],
            "king_fight": "K" in (CODES[fight["a_card"]], CODES[fight["d_card"]]),
        }
        if entry["fight"]["king_fight"]:  # a King's fight never computes Might (fine point 4)
            entry["fight"].update(a_terms=None, d_terms=None, a_might=None, d_might=None)
    target = record["target"]
    if target is not None:
        if parts["follow"] == "scout" or parts["kind"] == "scout":
            entry["scouted"] = sq[target]
            entry["scouted_card"] = before["board"][sq[target]]["card"]
        else:
            sc = record["sc_card"]
            entry["soulcast"] = {"target": sq[target], "card": CODES[sc] if sc is not None else None,
                                 "king_revealed": sc is None}
    return entry


def _new_captures(before: dict, after: dict) -> dict:
    return {p: sorted((Counter(after["captured"][p]) - Counter(before["captured"][p])).elements())
            for p in PLAYERS}


def entry_view(entry: dict, player: str) -> dict:
    """A log entry as `player` may see it: the opponent's face-down deploys stay `?@c1`."""
    records.check_entry(entry)
    position.check_player(player)
    out = copy.deepcopy(entry)
    if entry["player"] != player:
        out["action"] = entry["public"]
        if entry["kind"] == "deploy":
            out["card"] = None
        if entry["kind"] == "retreat" and not entry.get("card_was_up"):
            out["card"] = None
    return out


def history_entry(entry: dict, after: dict, player: str) -> dict:
    """One item of `player`'s history for choose_action: the action as they saw it, the pulls, the
    fight as they saw it (both fighters flip, so it is public) and their view after it."""
    seen = entry_view(entry, player)
    fight = seen["fight"]
    return {"action": seen["action"], "pulls": dict(fight["pulls"]) if fight else {},
            "fight": fight, "view": view(after, player)}


def history_items(before: dict, action: str, after: dict, entries: list[dict], side: str) -> list[dict]:
    """What `side`'s AI history gains from `action` (played on `before`, giving `after` and the log
    `entries`): the history_entry of each entry. Reads only `after` and `entries`."""
    if not isinstance(entries, list):
        raise BadHistory(f"entries must be the list play returned, not {brief(entries)}")
    return [history_entry(entry, after, side) for entry in entries]


def parse_action(action: str) -> dict:
    """The parts of an action string (kind, card, from, to, follow, target, posture)."""
    return notation.describe_action(notation.parse(action))


def describe(entry: dict) -> str:
    """One line of English for a (viewed) log entry."""
    from towers_core.skirmish.describe import describe_entry
    records.check_entry(entry)
    return describe_entry(entry)


def preview_attack(view_pos: dict, action: str) -> dict:
    """Might terms and outcome odds of an attack, from the mover's own view (RULES §5)."""
    from towers_core.skirmish.preview import preview
    e = position.mover_engine(view_pos)
    return preview(e, view_pos, _legal_code(e, action))


def choose_action(view: dict, history: list[dict], level: str, seed: int, time_ms: int | None = None) -> str:
    """The AI's action for the player to move, from that player's view and history only."""
    from towers_core.skirmish.ai.player import choose_action as choose
    return choose(view, history, level, seed, time_ms)


def choose_muster(level: str, seed: int) -> list[str]:
    """The AI's own muster for a level (King included)."""
    from towers_core.skirmish.ai.player import choose_muster as choose
    return choose(level, _seed(seed))
