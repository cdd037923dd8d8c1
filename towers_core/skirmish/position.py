"""RULES §10 position JSON <-> Engine, per-player views (§9), terrain and musters from a seed (§1, §3).

Every malformed position raises BadPosition naming the field; nothing is changed.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

from towers_core.skirmish.cards import BUDGET, BY_CODE, CODES, DECK, INDEX, POOL, POOL_SIZE
from towers_core.checks import whole_number
from towers_core.errors import BadMuster, BadPosition, brief
from towers_core.board import PLAYERS, SQUARE_INDEX, SQUARES
from towers_core.skirmish.rules import COUNTER_CAPS, Engine

REASONS = (None, "king", "empty", "resign", "dominance", "passes", "long-game")
DRAWN_REASONS = ("passes", "long-game")   # the only ends scored, and so the only ones that can be drawn (§8)
KEYS = ("terrain", "board", "barrack", "resting", "captured", "decks", "marker", "to_move",
        "actions", "passes", "moved", "result")
F_UP, F_DEF, F_SPENT = 1, 2, 4
T_HIGH, T_MOUNT = 1, 2
HIDDEN = "?"
PLACEHOLDER = INDEX["Sp"]  # stands in for an unseen card: gives no bonus to anyone
DECK_KEYS = ("-1", "0", "+1")


def check_player(player: Any) -> str:
    """`player` if it is 'S' or 'N'; else BadPosition naming the field."""
    if not isinstance(player, str) or player not in PLAYERS:
        raise BadPosition(f"player must be 'S' or 'N', not {brief(player)}"[:200])
    return player


def mirror(sq: int) -> int:
    """The square point-symmetric to sq about d4 (RULES §1)."""
    return 48 - sq


# ------------------------------------------------------------------ setup from a seed


def random_terrain(rng: random.Random) -> dict:
    """d4 plus two mirrored high-ground pairs and one mirrored mountain pair, off ranks 1 and 7."""
    pairs = sorted({min(sq, mirror(sq)) for sq in range(7, 42) if sq != 24})
    chosen = rng.sample(pairs, 3)
    high = [24] + [s for p in chosen[:2] for s in (p, mirror(p))]
    mountains = [chosen[2], mirror(chosen[2])]
    return {"high": sorted(SQUARES[s] for s in high), "mountains": sorted(SQUARES[s] for s in mountains)}


def validate_terrain(terrain: Any) -> dict:
    """A game-start terrain must follow RULES §1 exactly."""
    t = _terrain_squares(terrain)
    high, mountains = t
    if 24 not in high:
        raise BadPosition("terrain.high: d4 is always high ground")
    if any(mirror(s) not in high for s in high) or any(mirror(s) not in mountains for s in mountains):
        raise BadPosition("terrain: high ground and mountains must be point-symmetric about d4")
    return {"high": sorted(SQUARES[s] for s in high), "mountains": sorted(SQUARES[s] for s in mountains)}


def _terrain_squares(terrain: Any) -> tuple[set[int], set[int]]:
    if not isinstance(terrain, dict) or set(terrain) != {"high", "mountains"}:
        raise BadPosition('terrain must be {"high": [...5 squares], "mountains": [...2 squares]}')
    high = _square_list(terrain["high"], "terrain.high")
    mountains = _square_list(terrain["mountains"], "terrain.mountains")
    if len(set(high)) != 5 or len(set(mountains)) != 2 or len(high) != 5 or len(mountains) != 2:
        raise BadPosition("terrain: exactly 5 distinct high ground squares and 2 distinct mountains")
    if set(high) & set(mountains):
        raise BadPosition("terrain: a square cannot be both high ground and mountain")
    if any(s // 7 in (0, 6) for s in high + mountains):
        raise BadPosition("terrain: no terrain on ranks 1 and 7")
    return set(high), set(mountains)


def _square_list(value: Any, field: str) -> list[int]:
    if not isinstance(value, list):
        raise BadPosition(f"{field} must be a list of squares")
    out = []
    for name in value:
        if not isinstance(name, str) or name not in SQUARE_INDEX:
            raise BadPosition(f"{field}: {brief(name)} is not a square")
        out.append(SQUARE_INDEX[name])
    return out


def validate_muster(cards: Any) -> list[str]:
    """The muster with the King added, sorted; BadMuster if it breaks the pool or the budget."""
    if not isinstance(cards, (list, tuple)):
        raise BadMuster("a muster is a list of card codes")
    if len(cards) > POOL_SIZE:
        raise BadMuster(f"a muster has at most {POOL_SIZE} cards, not {len(cards)}")
    for c in cards:
        if not isinstance(c, str) or c not in BY_CODE:
            raise BadMuster(f"{brief(c)} is not a card code ({', '.join(CODES)})")
    counts = Counter(cards)
    counts["K"] = max(1, counts["K"])  # the King always comes, free
    for code, n in counts.items():
        if n > POOL[code]:
            raise BadMuster(f"{n} × {code}: the pool has only {POOL[code]}")
    troops = sum(BY_CODE[c].troops * n for c, n in counts.items())
    if troops > BUDGET:
        raise BadMuster(f"the muster costs {troops} troops; the budget is {BUDGET}")
    return sorted(counts.elements())


def random_muster(rng: random.Random) -> list[str]:
    """A random legal muster: shuffled pool cards added while the budget allows."""
    pool = [c for c in CODES if c != "K" for _ in range(POOL[c])]
    rng.shuffle(pool)
    chosen, troops = [], 0
    for c in pool:
        if troops + BY_CODE[c].troops <= BUDGET:
            chosen.append(c)
            troops += BY_CODE[c].troops
    return validate_muster(chosen)


def start_position(terrain: dict, musters: dict, first: str) -> dict:
    """The position before the first action: barracks mustered, decks full, marker at 0."""
    if first not in PLAYERS:
        raise BadPosition(f"first player must be 'S' or 'N', not {brief(first)}")
    if not isinstance(musters, dict) or set(musters) != set(PLAYERS):
        raise BadMuster('musters must be {"S": [...], "N": [...]}')
    return {
        "terrain": validate_terrain(terrain),
        "board": {},
        "barrack": {p: validate_muster(musters[p]) for p in PLAYERS},
        "resting": {"S": [], "N": []},
        "captured": {"S": [], "N": []},
        "decks": {p: {"+1": DECK[1], "0": DECK[0], "-1": DECK[-1]} for p in PLAYERS},
        "marker": 0,
        "to_move": first,
        "actions": 0,
        "passes": 0,
        "moved": {"S": False, "N": False},
        "result": None,
    }


def seeded_start(seed: int, musters: dict | None) -> dict:
    """Terrain, first player and (if not given) musters, all drawn from the seed."""
    rng = random.Random(seed)
    terrain = random_terrain(rng)
    first = rng.choice(PLAYERS)
    if musters is None:
        musters = {p: random_muster(rng) for p in PLAYERS}
    return start_position(terrain, musters, first)


# ------------------------------------------------------------------ JSON -> Engine


def to_engine(pos: Any, allow_hidden: bool = False) -> Engine:
    """Load a position (or, with allow_hidden, a player's view) into a fresh Engine."""
    if not isinstance(pos, dict):
        raise BadPosition("a position must be a JSON object")
    missing = [k for k in KEYS if k not in pos]
    if missing:
        raise BadPosition(f"position is missing {', '.join(missing)}")
    extra = sorted(map(brief, set(pos) - set(KEYS)))
    if extra:
        raise BadPosition(f"position has unknown keys {', '.join(extra)}")
    e = Engine()
    high, mountains = _terrain_squares(pos["terrain"])
    for sq in range(49):
        e.set_terrain(sq, T_HIGH if sq in high else T_MOUNT if sq in mountains else 0)
    _load_board(e, pos["board"], mountains, allow_hidden)
    for field in ("barrack", "resting", "captured"):
        _load_lists(e, pos, field, allow_hidden)
    _check_resting(e, pos)
    _load_decks(e, pos["decks"])
    _load_meta(e, pos)
    if not _has_hidden(pos):
        _check_conservation(e)
    return e


def mover_engine(pos: Any) -> Engine:
    """Load a full position or exactly the mover's own view (view_engine); refuse any other view."""
    e = to_engine(pos, allow_hidden=True)
    return view_engine(pos, pos["to_move"]) if _has_hidden(pos) else e


def any_engine(pos: Any) -> Engine:
    """Load a full position or either player's exact view (whoever's cards are all named)."""
    e = to_engine(pos, allow_hidden=True)
    if not _has_hidden(pos):
        return e
    viewer = next((p for p in PLAYERS if HIDDEN not in pos["barrack"][p] and not any(
        c["card"] == HIDDEN and c["owner"] == p for c in pos["board"].values())), None)
    if viewer is None:
        raise BadPosition("both sides have hidden cards: neither a position nor a player's view")
    return view_engine(pos, viewer)


def view_engine(pos: Any, player: Any) -> Engine:
    """Load exactly `player`'s view (what view(pos, player) gives): their own cards all named,
    the opponent's face-down, barrack and resting cards all '?'. The AI accepts nothing else."""
    check_player(player)
    e = to_engine(pos, allow_hidden=True)
    me, other = PLAYERS.index(player), PLAYERS[1 - PLAYERS.index(player)]
    for name, cell in pos["board"].items():
        mine, hidden = cell["owner"] == player, cell["card"] == HIDDEN
        if mine and hidden:
            raise BadPosition(f"board.{name}: {player}'s own card is hidden: not {player}'s view")
        if not mine and not cell["up"] and not hidden:
            raise BadPosition(f"board.{name}.card: {other}'s face-down card is identified "
                              f"({brief(cell['card'])}): {player}'s view shows '?'")
    for field in ("barrack", "resting"):
        if HIDDEN in pos[field][player]:
            raise BadPosition(f"{field}.{player}: {player}'s own cards are hidden: not {player}'s view")
        named = [c for c in pos[field][other] if c != HIDDEN]
        if named:
            raise BadPosition(f"{field}.{other}: {other}'s hidden cards are identified ({', '.join(named)}): "
                              f"{player}'s view shows only '?'")
    _check_conservation(e, (me,))
    _check_hidden_side(e, pos, 1 - me)
    return e


def _load_board(e: Engine, board: Any, mountains: set[int], allow_hidden: bool) -> None:
    if not isinstance(board, dict):
        raise BadPosition("board must be an object of square -> card")
    for name, cell in board.items():
        where = f"board.{name if isinstance(name, str) and len(name) <= 3 else brief(name)}"
        if not isinstance(name, str) or name not in SQUARE_INDEX:
            raise BadPosition(f"{where}: {brief(name)} is not a square")
        sq = SQUARE_INDEX[name]
        if sq in mountains:
            raise BadPosition(f"{where}: nothing can stand on a mountain")
        if not isinstance(cell, dict) or set(cell) != {"owner", "card", "up", "posture", "spent"}:
            raise BadPosition(f"{where} must have exactly owner, card, up, posture, spent")
        if not isinstance(cell["owner"], str) or cell["owner"] not in PLAYERS:
            raise BadPosition(f"{where}.owner must be 'S' or 'N'")
        if not isinstance(cell["up"], bool) or not isinstance(cell["spent"], bool):
            raise BadPosition(f"{where}: up and spent must be true or false")
        card = cell["card"]
        if card == HIDDEN and allow_hidden and not cell["up"]:
            code = PLACEHOLDER
        elif isinstance(card, str) and card in INDEX:
            code = INDEX[card]
        else:
            raise BadPosition(f"{where}.card: {brief(card)} is not a card code")
        if cell["posture"] not in ("ready", "defensive"):
            raise BadPosition(f"{where}.posture must be 'ready' or 'defensive'")
        if card == "K" and cell["posture"] != "ready":
            raise BadPosition(f"{where}: the King has no defensive posture")
        if cell["spent"] and card != "K":
            raise BadPosition(f"{where}: only a King can be spent")
        if cell["spent"] and not cell["up"]:
            raise BadPosition(f"{where}: a spent King has attacked, so he is face-up")
        flags = (F_UP if cell["up"] else 0) | (F_DEF if cell["posture"] == "defensive" else 0) \
            | (F_SPENT if cell["spent"] else 0)
        e.set_square(sq, code, PLAYERS.index(cell["owner"]), flags)


def _load_lists(e: Engine, pos: dict, field: str, allow_hidden: bool) -> None:
    value = pos[field]
    if not isinstance(value, dict) or set(value) != set(PLAYERS):
        raise BadPosition(f'{field} must be {{"S": [...], "N": [...]}}')
    for p, cards in value.items():
        if not isinstance(cards, list) or len(cards) > POOL_SIZE:
            raise BadPosition(f"{field}.{p} must be a list of at most {POOL_SIZE} card codes")
        counts = [0] * len(CODES)
        for c in cards:
            if c == HIDDEN and allow_hidden and field != "captured":
                continue
            if not isinstance(c, str) or c not in INDEX:
                raise BadPosition(f"{field}.{p}: {brief(c)} is not a card code")
            counts[INDEX[c]] += 1
        for code, n in zip(CODES, counts):
            if n > POOL[code]:
                raise BadPosition(f"{field}.{p}: {n} × {code}; the pool has only {POOL[code]}")
        e.set_counts(field, PLAYERS.index(p), counts)


def _check_resting(e: Engine, pos: dict) -> None:
    for i, p in enumerate(PLAYERS):
        barrack, resting = e.get_counts("barrack", i), e.get_counts("resting", i)
        if any(r > b for r, b in zip(resting, barrack)):
            raise BadPosition(f"resting.{p} lists cards that are not in barrack.{p}")
        if len(pos["resting"][p]) > len(pos["barrack"][p]):
            raise BadPosition(f"resting.{p} is longer than barrack.{p}")


def _load_decks(e: Engine, decks: Any) -> None:
    if not isinstance(decks, dict) or set(decks) != set(PLAYERS):
        raise BadPosition('decks must be {"S": {...}, "N": {...}}')
    for i, p in enumerate(PLAYERS):
        d = decks[p]
        if not isinstance(d, dict) or set(d) != set(DECK_KEYS):
            raise BadPosition(f'decks.{p} must be {{"+1": n, "0": n, "-1": n}}')
        values = [d["-1"], d["0"], d["+1"]]
        limits = [DECK[-1], DECK[0], DECK[1]]
        for key, v, top in zip(DECK_KEYS, values, limits):
            if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= top:
                raise BadPosition(f'decks.{p}["{key}"] must be a whole number from 0 to {top}')
        e.set_counts("deck", i, values)


def _int_field(pos: dict, key: str, lo: int, hi: int) -> int:
    return whole_number(pos[key], key, lo, hi)


def _load_meta(e: Engine, pos: dict) -> None:
    marker = _int_field(pos, "marker", -10, 10)
    actions = _int_field(pos, "actions", 0, COUNTER_CAPS["actions"])
    passes = _int_field(pos, "passes", 0, COUNTER_CAPS["passes"])
    if not isinstance(pos["to_move"], str) or pos["to_move"] not in PLAYERS:
        raise BadPosition("to_move must be 'S' or 'N'")
    moved = pos["moved"]
    if not isinstance(moved, dict) or set(moved) != set(PLAYERS) or \
            not all(isinstance(v, bool) for v in moved.values()):
        raise BadPosition('moved must be {"S": true|false, "N": true|false}')
    winner, reason = -1, 0
    result = pos["result"]
    if result is not None:
        if not isinstance(result, dict) or set(result) != {"winner", "reason"}:
            raise BadPosition('result must be null or {"winner": ..., "reason": ...}')
        if not isinstance(result["winner"], (str, type(None))) or result["winner"] not in ("S", "N", None):
            raise BadPosition("result.winner must be 'S', 'N' or null")
        if not isinstance(result["reason"], str) or result["reason"] not in REASONS[1:]:
            raise BadPosition(f"result.reason must be one of {', '.join(REASONS[1:])}")
        if result["winner"] is None and result["reason"] not in DRAWN_REASONS:
            raise BadPosition(f"result.reason: only {' or '.join(DRAWN_REASONS)} can end in a draw")
        winner = -1 if result["winner"] is None else PLAYERS.index(result["winner"])
        reason = REASONS.index(result["reason"])
    e.set_meta(marker, PLAYERS.index(pos["to_move"]), actions, passes,
               (int(moved["S"]), int(moved["N"])), winner, reason)


def _has_hidden(pos: dict) -> bool:
    return any(c.get("card") == HIDDEN for c in pos["board"].values() if isinstance(c, dict)) or any(
        HIDDEN in pos[f][p] for f in ("barrack", "resting") for p in PLAYERS)


def _side_counts(e: Engine, i: int) -> list[int]:
    """Side i's cards the engine holds: board, barrack and those taken by the other side."""
    counts = [a + b for a, b in zip(e.get_counts("barrack", i), e.get_counts("captured", 1 - i))]
    for sq in range(49):
        card, owner, _ = e.get_square(sq)
        if card >= 0 and owner == i:
            counts[card] += 1
    return counts


def _check_conservation(e: Engine, sides: tuple[int, ...] = (0, 1)) -> None:
    """Each side's cards (board, barrack, taken by the other) fit the pool and the budget."""
    for i in sides:
        p, counts = PLAYERS[i], _side_counts(e, i)
        for code, n in zip(CODES, counts):
            if n > POOL[code]:
                raise BadPosition(f"{p} has {n} × {code} in play; the pool has {POOL[code]}")
        troops = sum(BY_CODE[code].troops * n for code, n in zip(CODES, counts))
        if troops > BUDGET:
            raise BadPosition(f"{p}'s cards cost {troops} troops; a muster is at most {BUDGET}")
        if counts[INDEX["K"]] != 1:
            raise BadPosition(f"{p} must have exactly one King (board, barrack or captured)")


def _check_hidden_side(e: Engine, pos: dict, i: int) -> None:
    """The viewed side's visible cards fit the pool and budget, and no more cards than a pool hides."""
    p = PLAYERS[i]
    seen = [c for c in pos["captured"][PLAYERS[1 - i]]] + [
        cell["card"] for cell in pos["board"].values() if cell["owner"] == p and cell["card"] != HIDDEN]
    hidden = len(pos["barrack"][p]) + sum(
        1 for cell in pos["board"].values() if cell["owner"] == p and cell["card"] == HIDDEN)
    counts = Counter(seen)
    for code, n in counts.items():
        if n > POOL[code]:
            raise BadPosition(f"{p} shows {n} × {code}; the pool has {POOL[code]}")
    if sum(BY_CODE[c].troops * n for c, n in counts.items()) > BUDGET:
        raise BadPosition(f"{p}'s visible cards cost more than {BUDGET} troops")
    if len(seen) + hidden > POOL_SIZE:
        raise BadPosition(f"{p} has {len(seen) + hidden} cards; the pool has {POOL_SIZE}")


# ------------------------------------------------------------------ Engine -> JSON


def from_engine(e: Engine, terrain: dict) -> dict:
    """The RULES §10 dict of an engine state (the terrain's lists sorted, as §10 writes every list)."""
    board = {}
    for sq in range(49):
        card, owner, flags = e.get_square(sq)
        if card >= 0:
            board[SQUARES[sq]] = {"owner": PLAYERS[owner], "card": CODES[card], "up": bool(flags & F_UP),
                                  "posture": "defensive" if flags & F_DEF else "ready",
                                  "spent": bool(flags & F_SPENT)}
    meta = e.get_meta()
    out = {"terrain": {key: sorted(terrain[key]) for key in ("high", "mountains")}, "board": board}
    for field in ("barrack", "resting", "captured"):
        out[field] = {p: sorted(c for c, n in zip(CODES, e.get_counts(field, i)) for _ in range(n))
                      for i, p in enumerate(PLAYERS)}
    out["decks"] = {}
    for i, p in enumerate(PLAYERS):
        minus, zero, plus = e.get_counts("deck", i)
        out["decks"][p] = {"+1": plus, "0": zero, "-1": minus}
    out.update(marker=meta["marker"], to_move=PLAYERS[meta["to_move"]], actions=meta["actions"],
               passes=meta["passes"], moved={"S": bool(meta["moved"][0]), "N": bool(meta["moved"][1])})
    out["result"] = None if meta["reason"] == 0 else {
        "winner": None if meta["winner"] < 0 else PLAYERS[meta["winner"]], "reason": REASONS[meta["reason"]]}
    return out


def view(pos: dict, player: str) -> dict:
    """What `player` sees (RULES §9-10): the opponent's hidden identities become '?'.
    Takes a full position (or `player`'s own view, returned unchanged), validated first."""
    check_player(player)
    to_engine(pos, allow_hidden=True)
    if _has_hidden(pos):
        view_engine(pos, player)
    out = copy.deepcopy(pos)
    for cell in out["board"].values():
        if cell["owner"] != player and not cell["up"]:
            cell["card"] = HIDDEN
    other = PLAYERS[1 - PLAYERS.index(player)]
    for field in ("barrack", "resting"):
        out[field][other] = [HIDDEN] * len(out[field][other])
    return out
