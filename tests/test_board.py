"""The shared 7×7 board: square names and indices in the C engines' order, steps, distances."""
from towers_core import board


def test_squares_are_rank_major_from_a1():
    assert len(board.SQUARES) == 49 and board.SQUARES[0] == "a1" and board.SQUARES[6] == "g1"
    assert board.SQUARES[7] == "a2" and board.SQUARES[-1] == "g7"
    assert all(board.SQUARE_INDEX[name] == i for i, name in enumerate(board.SQUARES))
    assert board.file_rank("c5") == (2, 4)


def test_steps_stop_at_the_edges():
    assert [board.step("d4", d) for d in "nesw"] == ["d5", "e4", "d3", "c4"]
    assert board.step("a1", "s") is None and board.step("a1", "w") is None
    assert board.step("g7", "n") is None and board.step("g7", "e") is None


def test_manhattan_distance():
    assert board.manhattan("a1", "a1") == 0 and board.manhattan("a1", "g7") == 12
    assert board.manhattan("c3", "d5") == board.manhattan("d5", "c3") == 3
