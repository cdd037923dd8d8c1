"""docs/rules/castles.md §2: the start position."""
from towers_core.castles import api


def test_start_position_is_exactly_the_spec():
    pos = api.new_position()
    assert pos == {
        "game": "castles",
        "board": {"a4": "X", "d1": "X", "d4": "X", "d7": "X", "g4": "X",
                  "b2": "SS", "c2": "SS", "b3": "SS", "c3": "SS",
                  "e5": "NN", "f5": "NN", "e6": "NN", "f6": "NN"},
        "to_move": "S", "ply": 0, "quiet": 0, "result": None,
    }


def test_start_is_point_symmetric_about_d4():
    board = api.new_position()["board"]

    def mirror(sq: str) -> str:
        return "abcdefg"[6 - "abcdefg".index(sq[0])] + str(8 - int(sq[1]))

    swap = {"S": "N", "N": "S", "X": "X"}
    assert {mirror(sq): "".join(swap[c] for c in t) for sq, t in board.items()} == board


def test_start_moves_of_south():
    # each SS tower can build; pushes go wherever the neighbour is lower (empty or X castle)
    assert api.legal_actions(api.new_position()) == [
        "b2+", "b2s", "b2w", "b3+", "b3n", "b3w", "c2+", "c2e", "c2s", "c3+", "c3e", "c3n"]


def test_new_position_returns_a_fresh_dict_each_time():
    a = api.new_position()
    a["board"]["b2"] = "SSS"
    assert api.new_position()["board"]["b2"] == "SS"
