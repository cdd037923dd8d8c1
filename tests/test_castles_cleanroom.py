"""The engine against the clean-room reference (tests/castles_cleanroom.py) of docs/rules/castles.md.

Seeded games with random legal moves and games biased toward each end of §6 (castles, crowns, the
quiet rule, the ply limit, a stranded player), from the start and from random set-ups (counters
near or past their limits, fine point 12): in every position the legal moves, the ⇆ counts and the
position after every legal move (and `resign`) must be the same; every unlisted action is refused.
"""

from __future__ import annotations

import copy
import random

import castles_cleanroom as ref
import pytest

from towers_core.castles import api
from towers_core.errors import BadPosition, IllegalAction, TowersError

ALL_ACTIONS = [sq + k for sq in ref.SQUARES for k in "+nesw"]
STYLES = ("random", "castles", "crowns", "quiet", "limit", "strand")


def compare(pos: dict, check_refusals: bool = False) -> list[str]:
    """Check one position in full; return its legal moves."""
    before = copy.deepcopy(pos)
    moves = api.legal_actions(pos)
    assert moves == ref.legal_actions(pos), pos
    assert api.mobility(pos) == ref.mobility(pos), pos
    if pos["result"] is not None:  # fine point 14: every action refused, `resign` too
        for mv in (ALL_ACTIONS if check_refusals else []) + ["resign"]:
            with pytest.raises(IllegalAction):
                api.apply(pos, mv)
            with pytest.raises(ref.Refused):
                ref.apply(pos, mv)
        return moves
    for mv in moves + ["resign"]:
        assert api.apply(pos, mv) == ref.apply(pos, mv), (pos, mv)
    if check_refusals:
        for mv in ALL_ACTIONS + ["Resign", "resign ", "c2N", " c2+", "c2", None, 5, ["c2+"], b"resign"]:
            if mv not in moves:
                with pytest.raises(IllegalAction):
                    api.apply(pos, mv)
    assert pos == before  # §8: positions are never mutated
    return moves


def _score(style: str, pos: dict, mv: str, after: dict, rng: random.Random) -> float:
    me, them = pos["to_move"], ref.OTHER[pos["to_move"]]
    b = after["board"]
    noise = rng.random()
    if style == "castles":
        return 10 * (ref.castles_held(b, me) - ref.castles_held(b, them)) + noise
    if style == "crowns":
        heights = sum(len(b[c]) for c in ref.CASTLES if ref._controller(b[c]) == me)
        return 10 * ref.crowns_held(b, me) + heights + noise
    if style == "quiet":
        return (0 if mv.endswith("+") else 10) + noise
    if style == "limit":  # stay alive: avoid ending moves, build just before the quiet rule
        ends = 100 if after["result"] is not None else 0
        build = mv.endswith("+")
        want_build = pos["quiet"] >= 50
        return -ends + (5 if build == want_build else 0) + noise
    if style == "strand":
        return -len(ref.moves_for(b, them)) + noise
    return noise


def play_game(seed: int, style: str, pos: dict | None = None, max_plies: int = 500,
              epsilon: float = 0.1) -> tuple[int, dict]:
    """Play one game comparing every position; return (positions compared, final position)."""
    rng = random.Random(seed)
    pos = pos or api.new_position()
    n = 0
    while pos["result"] is None and n < max_plies:
        moves = compare(pos, check_refusals=(n % 97 == 0))
        n += 1
        if not moves:  # stranded (fine point 13): only resign
            pos = api.apply(pos, "resign")
            break
        if style == "random" or (style != "quiet" and rng.random() < epsilon):
            mv = rng.choice(moves)
        else:
            mv = max(moves, key=lambda m: _score(style, pos, m, ref.apply(pos, m), rng))
        pos = api.apply(pos, mv)
    compare(pos, check_refusals=True)
    return n, pos


def random_setup(rng: random.Random) -> dict:
    """A random valid position: towers of 1-5 anywhere, castles X-bottomed, counters anywhere."""
    board = {}
    for sq in ref.SQUARES:
        if sq in ref.CASTLES:
            h = rng.choice((1, 1, 2, 3, 4, 5))
            board[sq] = "X" + "".join(rng.choice("SN") for _ in range(h - 1))
        elif rng.random() < 0.45:
            h = rng.choice((1, 1, 2, 2, 3, 4, 5))
            board[sq] = "".join(rng.choice("SSN" if rng.random() < .5 else "NNS") for _ in range(h))
    ply = rng.choice((0, 7, 350, 390, 398, 399, 400, 401, 10**12 - 1, 10**12))
    quiet = rng.choice((0, 3, 50, 58, 59, 60, 61, 10**12))
    pos = {"game": "castles", "board": board, "to_move": rng.choice("SN"), "ply": ply, "quiet": quiet,
           "result": None}
    api.validate(pos)
    return pos


@pytest.mark.parametrize("style", STYLES)
def test_games_from_the_start_agree(style):
    total = 0
    for seed in range(3):
        n, _ = play_game(1000 * STYLES.index(style) + seed, style)
        total += n
    assert total > 0


def test_random_setups_agree():
    rng = random.Random(20261205)
    for i in range(90):
        pos = random_setup(rng)
        play_game(i, STYLES[i % len(STYLES)], pos, max_plies=40)


def test_sparse_setups_reach_stranded_players():
    """Few towers: a player without a legal move (§6.3, fine point 13) comes up often."""
    rng = random.Random(7)
    stranded = 0
    for i in range(150):
        board = {c: "X" + "".join(rng.choice("SN") for _ in range(rng.randrange(3))) for c in ref.CASTLES}
        for sq in rng.sample([s for s in ref.SQUARES if s not in ref.CASTLES], rng.randrange(1, 5)):
            board[sq] = "".join(rng.choice("SN") for _ in range(rng.randrange(1, 6)))
        pos = {"game": "castles", "board": board, "to_move": rng.choice("SN"),
               "ply": rng.choice((0, 399, 10**12)), "quiet": rng.choice((0, 59, 10**12)), "result": None}
        api.validate(pos)
        n, end = play_game(i, "strand", pos, max_plies=30)
        stranded += end["result"] is not None and end["result"]["reason"] in ("no-moves", "resign")
    assert stranded > 10


def test_crown_setups_agree():
    """Tall castles with tall towers beside them: crowns (§6.2, fine points 5 and 7), crowned castles
    that cannot be pushed or entered, and castles changing hands both ways (§5.3)."""
    rng = random.Random(11)
    reasons = set()
    for i in range(80):
        board = {}
        for c in ref.CASTLES:
            board[c] = "X" + "".join(rng.choice("SN") for _ in range(rng.choice((2, 3, 3, 4, 4))))
        for sq in ref.SQUARES:
            if sq not in board and rng.random() < 0.5:
                board[sq] = "".join(rng.choice("SN") for _ in range(rng.choice((2, 3, 4, 5, 5))))
        pos = {"game": "castles", "board": board, "to_move": rng.choice("SN"), "ply": rng.randrange(300),
               "quiet": rng.randrange(50), "result": None}
        api.validate(pos)
        _, end = play_game(i, ("crowns", "castles", "random")[i % 3], pos, max_plies=25)
        if end["result"] is not None:
            reasons.add(end["result"]["reason"])
    assert {"castles", "crowns"} <= reasons


def _mutations(pos: dict, rng: random.Random):
    """Bad (and a few good) variants of a valid position, one field changed (§8, decisions 3-6)."""
    def board_with(**towers):
        q = copy.deepcopy(pos)
        q["board"].update(towers)
        return q

    def with_(key, value):
        q = copy.deepcopy(pos)
        q[key] = value
        return q

    sq = rng.choice([s for s in ref.SQUARES if s not in ref.CASTLES])
    c = rng.choice(ref.CASTLES)
    for tower in ("SSSSSS", "SSSSS", "X", "SX", "XS", "", "s", "Sn", "Q", " S", 5, ["S"], None, b"S"):
        yield board_with(**{sq: tower})
    for tower in ("XSSSS", "XSSSSN", "XSX", "XX", "S", "SX", ""):
        yield board_with(**{c: tower})
    q = copy.deepcopy(pos)
    del q["board"][c]
    yield q
    for name in ("h1", "a8", "A1", "a0", "a", "", "a10", " a1", 1, None):
        q = copy.deepcopy(pos)
        q["board"][name] = "S"
        yield q
    yield with_("board", list(pos["board"].items()))
    yield with_("board", {})
    for key in ref.KEYS:
        q = copy.deepcopy(pos)
        del q[key]
        yield q
    yield with_("extra", 1)
    for v in ("skirmish", None, "Castles"):
        yield with_("game", v)
    for v in ("W", "s", None, "", "SN", 0):
        yield with_("to_move", v)
    for key in ("ply", "quiet"):
        for v in (-1, 1.5, 2.0, True, "3", None, 10**12, 10**12 + 1, 10**30):
            yield with_(key, v)
    for v in ({"winner": "S"}, {"winner": "S", "reason": "x"}, {"winner": None, "reason": "castles"},
              {"winner": None, "reason": "quiet"}, {"winner": None, "reason": "limit"},
              {"winner": "N", "reason": "resign"}, {"winner": "N", "reason": "no-moves", "x": 1}, "done", {},
              {"winner": "s", "reason": "quiet"}, {"winner": None, "reason": "resign"}, 0, False):
        yield with_("result", v)


def test_bad_positions_are_refused_naming_the_field():
    """§8: the engine refuses exactly the positions the reference finds bad, naming the field, with
    the project's own error (BadPosition), in every API entry point."""
    rng = random.Random(3)
    for i in range(12):
        pos = random_setup(rng) if i else api.new_position()
        for bad in _mutations(pos, rng):
            field = ref.problem(bad)
            if field is None:
                api.validate(bad)
                continue
            with pytest.raises(BadPosition) as err:
                api.validate(bad)
            assert field in str(err.value), (bad, str(err.value))
            for call in (api.legal_actions, api.mobility, lambda p: api.apply(p, "resign")):
                with pytest.raises(TowersError):
                    call(bad)


def test_one_engine_state_played_through_whole_games_agrees():
    """The engine object the AI searches on, played move after move without reloading: its board,
    counters, result, legal moves (both players), castle tallies and hash stay those of the
    reference, and make/unmake restores the state exactly."""
    from towers_core.castles import notation, position

    rng = random.Random(99)
    for g in range(24):
        pos = api.new_position() if g % 2 == 0 else random_setup(rng)
        e = position.to_engine(pos)
        while True:
            assert position.from_engine(e) == pos
            board = pos["board"]
            held = tuple(ref.castles_held(board, p) for p in ref.PLAYERS)
            crowns = tuple(ref.crowns_held(board, p) for p in ref.PLAYERS)
            assert e.castles() == (held, crowns), pos
            assert e.hash == e.full_hash()
            for i, p in enumerate(ref.PLAYERS):
                assert sorted(notation.format_action(m) for m in e.moves(i)) == ref.moves_for(board, p)
            moves = ref.legal_actions(pos)
            assert sorted(notation.format_action(m) for m in e.legal()) == moves
            if not moves:
                break
            seq, ahead = [], pos
            while len(seq) < 8 and ref.legal_actions(ahead):  # a line of legal moves, to the end
                step = rng.choice(ref.legal_actions(ahead))
                seq.append(notation.parse_action(step))
                ahead = ref.apply(ahead, step)
            assert e.check_make_unmake(seq)
            mv = rng.choice(moves)
            e.play(notation.parse_action(mv))
            pos = ref.apply(pos, mv)
