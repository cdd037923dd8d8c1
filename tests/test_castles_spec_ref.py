"""The engine against the clean-room reference tests/castles_spec_ref.py (CASTLES-RULES.md):
legal moves, ⇆ counts and the position after every move, over seeded random games."""

from __future__ import annotations

import copy
import random

import pytest

import castles_spec_ref as ref
from towers_core.castles import api
from towers_core.errors import IllegalAction, TowersError

SQUARES = [f + str(r) for r in range(1, 8) for f in ref.FILES]


def _compare(pos: dict, where: str) -> list[str]:
    """Legal moves and ⇆ of `pos` agree; returns the legal moves."""
    legal = api.legal_actions(pos)
    assert legal == ref.legal_actions(pos), f"{where}: legal moves differ in {pos}"
    assert api.mobility(pos) == ref.mobility(pos), f"{where}: mobility differs in {pos}"
    return legal


def _step(pos: dict, action: str, where: str) -> dict:
    got = api.apply(pos, action)
    want = ref.apply(pos, action)
    assert got == want, f"{where}: after {action} from {pos}\n engine {got}\n ref    {want}"
    return got


def _score(pos: dict, action: str) -> int:
    """A bias towards the ends: castles taken, castles filled, pushes."""
    b = ref.play_board(pos["board"], pos["to_move"], action)
    me = pos["to_move"]
    return (10 * ref.castles_held(b, me) + 6 * ref.crowns_held(b, me)
            + sum(len(b.get(c, "")) for c in ref.CASTLES) + (2 if action[2] != "+" else 0))


def _play_game(pos: dict, rng: random.Random, bias: float, where: str, resign_p: float = 0.0) -> tuple[int, dict]:
    moves = 0
    while True:
        legal = _compare(pos, where)
        if pos["result"] is not None or not legal:
            break
        if rng.random() < resign_p:
            return moves + 1, _step(pos, "resign", where)
        if rng.random() < bias:
            best = max(_score(pos, a) for a in legal)
            action = rng.choice([a for a in legal if _score(pos, a) == best])
        else:
            action = rng.choice(legal)
        pos = _step(pos, action, where)
        moves += 1
    return moves, pos


def _random_position(rng: random.Random) -> dict:
    """A valid position: X-bottomed castles, random towers (sometimes sparse, one side scarce, to
    reach `no-moves`), counters near or past their limits."""
    board = {}
    density = rng.choice([0.35, 0.15, 0.08])
    mix = rng.choice(["SN", "SN", "SSSSSN", "SNNNNN"])
    for c in ref.CASTLES:
        board[c] = "X" + "".join(rng.choice(mix) for _ in range(rng.choice([0, 0, 1, 2, 3, 4, 4])))
    for sq in SQUARES:
        if sq in ref.CASTLES or rng.random() > density:
            continue
        board[sq] = "".join(rng.choice(mix) for _ in range(rng.choice([1, 1, 2, 2, 3, 4, 5])))
    ply = rng.choice([0, 5, 120, 390, 398, 399, 400, 450, 10 ** 12 - 1, 10 ** 12])
    quiet = rng.choice([0, 3, 50, 58, 59, 60, 75, 10 ** 12])
    return {"game": "castles", "board": board, "to_move": rng.choice("SN"), "ply": ply,
            "quiet": quiet, "result": None}


@pytest.mark.parametrize("bias", [0.0, 0.6, 0.95])
def test_random_games_from_the_start_match_the_reference(bias):
    rng = random.Random(1000 + int(bias * 100))
    ends = {}
    total = 0
    for g in range(40):
        moves, pos = _play_game(api.new_position(), rng, bias, f"game {g} bias {bias}")
        total += moves
        key = pos["result"]["reason"] if pos["result"] else "stranded"
        ends[key] = ends.get(key, 0) + 1
    assert total > 0
    print(f"bias {bias}: {total} moves, ends {ends}")


def test_random_positions_match_the_reference():
    rng = random.Random(7)
    total = 0
    ends = {}
    for g in range(400):
        pos = _random_position(rng)
        moves, pos = _play_game(pos, rng, rng.choice([0.0, 0.8]), f"position {g}", resign_p=0.01)
        total += moves
        key = pos["result"]["reason"] if pos["result"] else "stranded"
        ends[key] = ends.get(key, 0) + 1
    print(f"random positions: {total} moves, ends {ends}")
    assert {"castles", "crowns", "no-moves", "quiet", "limit", "resign", "stranded"} <= set(ends)


ALL_ACTIONS = [sq + k for sq in SQUARES for k in "+nesw"]


def test_every_action_string_is_accepted_exactly_when_the_reference_lists_it():
    """§7 / fine points 13-15: apply accepts the listed moves and `resign` while the game runs,
    refuses every other action (IllegalAction, a ValueError) and never mutates the position."""
    rng = random.Random(11)
    checked = 0
    for g in range(60):
        pos = _random_position(rng) if g % 2 else api.new_position()
        for _ in range(rng.randrange(0, 30)):
            legal = ref.legal_actions(pos)
            if not legal:
                break
            pos = ref.apply(pos, rng.choice(legal))
        snapshot = copy.deepcopy(pos)
        legal = set(ref.legal_actions(pos))
        for action in ALL_ACTIONS + ["resign"]:
            if action in legal or (action == "resign" and pos["result"] is None):
                assert api.apply(pos, action) == ref.apply(pos, action)
                assert api.preview(pos, action)["position"] == ref.apply(pos, action)
            else:
                with pytest.raises(IllegalAction):
                    api.apply(pos, action)
            checked += 1
        for bad in ["C2+", "c2+ ", " c2n", "c2N", "Resign", "", "c8+", "h1n", "c2x", "c2", 5, None, ["c2+"]]:
            with pytest.raises(IllegalAction):
                api.apply(pos, bad)
        assert pos == snapshot
    assert checked == 60 * (len(ALL_ACTIONS) + 1)


def _start_with(**changes) -> dict:
    pos = api.new_position()
    board = changes.pop("board", None)
    if board is not None:
        pos["board"] = board
    pos.update(changes)
    return pos


START_BOARD = api.new_position()["board"]


@pytest.mark.parametrize("bad, field", [
    (_start_with(board={**START_BOARD, "b2": "SSSSSS"}), "b2"),            # tower over 5
    (_start_with(board={**START_BOARD, "d4": "XXS"}), "d4"),               # X not only at the bottom
    (_start_with(board={**START_BOARD, "d4": "SX"}), "d4"),                # X on top of a castle
    (_start_with(board={**START_BOARD, "b2": "XS"}), "b2"),                # X off a castle
    (_start_with(board={**START_BOARD, "d4": "S"}), "d4"),                 # castle without its X
    (_start_with(board={k: v for k, v in START_BOARD.items() if k != "g4"}), "g4"),  # castle absent
    (_start_with(board={**START_BOARD, "h1": "S"}), "h1"),                 # unknown square
    (_start_with(board={**START_BOARD, "b2": "SQ"}), "b2"),                # unknown piece
    (_start_with(board={**START_BOARD, "b2": ""}), "b2"),                  # empty tower string
    (_start_with(to_move="X"), "to_move"),
    (_start_with(ply=-1), "ply"),
    (_start_with(quiet=-1), "quiet"),
    (_start_with(game="skirmish"), "game"),
    (_start_with(extra=1), "extra"),
])
def test_bad_positions_are_refused_naming_the_field_section_8(bad, field):
    snapshot = copy.deepcopy(bad)
    for call in (api.validate, api.legal_actions, api.mobility, lambda p: api.apply(p, "resign")):
        with pytest.raises(TowersError) as err:
            call(bad)
        assert field in str(err.value)
    assert bad == snapshot


def test_a_stranded_player_may_only_resign_fine_point_13():
    board = {"a4": "XN", "d1": "X", "d4": "X", "d7": "X", "g4": "X", "b2": "SN"}
    pos = {"game": "castles", "board": board, "to_move": "S", "ply": 3, "quiet": 2, "result": None}
    assert api.legal_actions(pos) == ref.legal_actions(pos) == []
    assert api.mobility(pos) == ref.mobility(pos) == {"S": 0, "N": 8}
    assert api.apply(pos, "resign") == ref.apply(pos, "resign")
    assert api.apply(pos, "resign")["result"] == {"winner": "N", "reason": "resign"}
    with pytest.raises(IllegalAction):
        api.apply(pos, "b2+")


def test_a_finished_game_accepts_nothing_fine_point_14():
    pos = api.apply(api.new_position(), "resign")
    assert pos["result"] == {"winner": "N", "reason": "resign"} and pos["ply"] == 0
    assert api.legal_actions(pos) == []
    assert api.mobility(pos) == ref.mobility(pos) == {"S": 12, "N": 12}
    for action in ["resign", "b2+", "c2e"]:
        with pytest.raises(IllegalAction):
            api.apply(pos, action)


@pytest.mark.parametrize("bad, field", [
    (_start_with(ply=True), "ply"),
    (_start_with(quiet=1.0), "quiet"),
    (_start_with(ply=10 ** 12 + 1), "ply"),
    (_start_with(board={**START_BOARD, "d1": "XSSSSS"}), "d1"),           # castle over 5
    (_start_with(board={**START_BOARD, "b2": 7}), "b2"),
    (_start_with(board=["b2"]), "board"),
    (_start_with(result={"winner": "S"}), "result"),
    (_start_with(result={"winner": None, "reason": "castles"}), "result"),
    (_start_with(result={"winner": "Q", "reason": "resign"}), "winner"),
    (_start_with(result={"winner": "S", "reason": "timeout"}), "reason"),
    ({k: v for k, v in api.new_position().items() if k != "quiet"}, "quiet"),
])
def test_more_bad_positions_are_refused_naming_the_field(bad, field):
    with pytest.raises(TowersError) as err:
        api.validate(bad)
    assert field in str(err.value)


@pytest.mark.parametrize("result", [{"winner": "S", "reason": "castles"}, {"winner": None, "reason": "quiet"},
                                    {"winner": "N", "reason": "no-moves"}, {"winner": None, "reason": "limit"}])
def test_a_loaded_finished_game_lists_nothing_and_counts_mobility_fine_point_14(result):
    rng = random.Random(len(str(result)))
    for _ in range(20):
        pos = _random_position(rng)
        pos["result"] = result
        assert api.legal_actions(pos) == ref.legal_actions(pos) == []
        assert api.mobility(pos) == ref.mobility(pos)
        for action in ["resign"] + ref.moves_of(pos["board"], pos["to_move"])[:3]:
            with pytest.raises(IllegalAction):
                api.apply(pos, action)
