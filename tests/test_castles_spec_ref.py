"""The engine against the clean-room reference tests/castles_spec_ref.py (docs/rules/castles.md):
legal moves, ⇆ counts and the position after every move, over seeded random games."""

from __future__ import annotations

import copy
import itertools
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


CASTLES_X = {c: "X" for c in ref.CASTLES}


def _pos(board: dict, to_move: str = "S", ply: int = 10, quiet: int = 3) -> dict:
    return {"game": "castles", "board": {**CASTLES_X, **board}, "to_move": to_move, "ply": ply,
            "quiet": quiet, "result": None}


def test_every_push_along_a_line_matches_the_reference_section_5_1():
    """§5.1-5.2, fine points 1-2: towers of height 2-5 pushed e along rank 2 over every mix of
    heights 0-5 on b2-e2 (f2 holds a full tower as a fence)."""
    rng = random.Random(5)
    count = 0
    for h in range(2, 6):
        for heights in itertools.product(range(6), repeat=4):
            board = {"a2": "".join(rng.choice("SN") for _ in range(h - 1)) + "S", "f2": "NNNNN", "b7": "NN"}
            for sq, n in zip(("b2", "c2", "d2", "e2"), heights):
                if n:
                    board[sq] = "".join(rng.choice("SN") for _ in range(n))
            pos = _pos(board)
            legal = _compare(pos, f"line {board}")
            if "a2e" in legal:
                _step(pos, "a2e", "line")
                count += 1
    assert count > 1000


@pytest.mark.parametrize("board, action, expect", [
    # §5 examples
    ({"c2": "SSS"}, "c2e", {"c2": "S", "d2": "S", "e2": "S"}),
    ({"c2": "NNS", "d2": "NN"}, "c2e", {"c2": "N", "d2": "NNN", "e2": "S"}),
    ({"d3": "SS"}, "d3n", {"d3": "S", "d4": "XS"}),
    ({"d2": "SSSSS"}, "d2s", {"d2": "SSSS", "d1": "XS"}),
    # fine point 1: crossed squares are compared with h before the push, not the pieces left
    ({"a2": "SSS", "b2": "NN", "c2": "NN"}, "a2e", {"a2": "S", "b2": "NNS", "c2": "NNS"}),
    # fine point 3: a castle keeps its X and is neutral again
    ({"d4": "XS"}, "d4e", {"d4": "X", "e4": "S"}),
    # §5.3: an opponent's piece travelling hands its square to the opponent
    ({"b2": "NS", "c2": "N"}, "b2e", {"b2": "N", "c2": "NS"}),
])
def test_push_examples_and_fine_points(board, action, expect):
    pos = _pos(board)
    after = _step(pos, action, "example")
    for sq, tower in expect.items():
        assert after["board"].get(sq, "") == tower, (sq, after["board"])


def test_a_crowned_castle_cannot_be_pushed_but_a_full_tower_elsewhere_can_fine_point_4():
    pos = _pos({"d4": "XSSSS", "b2": "SSSSS"})
    legal = _compare(pos, "crowned")
    assert not any(a.startswith("d4") for a in legal)
    assert {"b2n", "b2e", "b2s", "b2w"} <= set(legal) and "b2+" not in legal


def test_end_checks_in_the_order_of_section_6():
    # 6.1 a push hands the fourth castle to the opponent (the mover is checked first, holds none)
    pos = _pos({"a4": "XN", "d7": "XN", "g4": "XN", "d3": "SNS", "b2": "SS"})
    after = _step(pos, "d3n", "hand over")
    assert after["result"] == {"winner": "N", "reason": "castles"}
    # fine point 7: 4 castles and 3 crowns at once -> castles
    pos = _pos({"a4": "XSSSS", "d1": "XSSSS", "d4": "XSSS", "d3": "SSSSS", "b2": "NN"})
    after = _step(pos, "d3n", "castles before crowns")
    assert after["result"] == {"winner": "S", "reason": "castles"}
    # fine point 5 and 6.2: a crown for the player who did not move, third crown wins for them
    pos = _pos({"a4": "XNNNN", "d1": "XNNNN", "d4": "XNNN", "d3": "SNSSS", "b2": "SS"})
    after = _step(pos, "d3n", "crown for the other")
    assert after["result"] == {"winner": "N", "reason": "crowns"}
    # 6.3 before 6.4: the opponent is stranded on the move that also reaches quiet 60
    pos = _pos({"b2": "SSS", "c2": "N"}, quiet=59)
    after = _step(pos, "b2e", "no-moves first")
    assert after["result"] == {"winner": "S", "reason": "no-moves"} and after["quiet"] == 60
    # fine point 10: quiet and limit on the same move -> quiet; counters still move
    pos = _pos({"b2": "SS", "f6": "NN"}, ply=399, quiet=59)
    after = _step(pos, "b2n", "quiet over limit")
    assert after["result"] == {"winner": None, "reason": "quiet"}
    assert (after["ply"], after["quiet"], after["to_move"]) == (400, 60, "N")
    # rules-decisions Castles 1: a Build from quiet >= 60 does not end the game by the quiet rule
    pos = _pos({"b2": "SS", "f6": "NN"}, quiet=75)
    after = _step(pos, "b2+", "build resets")
    assert after["result"] is None and after["quiet"] == 0
    # rules-decisions Castles 9: the tie-break counts castles including crowned, then crowns
    pos = _pos({"a4": "XSSSS", "d1": "XN", "b2": "SS", "f6": "NN"}, ply=399)
    after = _step(pos, "b2n", "tie-break")
    assert after["result"] == {"winner": "S", "reason": "limit"}
