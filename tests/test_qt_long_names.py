"""Hot-seat players name themselves: a long name, even one without a space, is cut with "…" (whole in the
tooltip) and never widens a dock or the window, so the board keeps its size; the curtain speaks of the
players by name."""
from __future__ import annotations

from towers_qt.shell.new_game import GameSetup

LONG = {"S": "Maximiliankonstantinovic", "N": "Bartholomew Fitzgerald X"}


def _board_after_start(window, clicks, qtbot, names: dict[str, str]) -> tuple[int, int]:
    window.start_game(GameSetup(mode="hotseat", human_side=None, seed=5, names=names))
    clicks.button(window.curtain.button)
    window.resize(1024, 700)
    qtbot.wait(20)
    return window.width(), window.view.width()


def test_long_names_leave_the_board_its_size(window, clicks, qtbot):
    window.resize(1024, 700)
    short = _board_after_start(window, clicks, qtbot, {"S": "Ann", "N": "Bea"})
    long = _board_after_start(window, clicks, qtbot, LONG)
    assert long == short and short[0] == 1024
    to_move = window.session.to_move
    title = window.barrack.title
    assert title.full_text == LONG[to_move] and (title.text() == LONG[to_move] or title.toolTip() == LONG[to_move])
    ends = (window.dominance.north_end, window.dominance.south_end)
    assert [e.full_text for e in ends] == [f"◀ {LONG['N']}", f"{LONG['S']} ▶"]
    assert all(e.text() == e.full_text or (e.text().endswith("…") and e.toolTip() == e.full_text) for e in ends)


def test_the_curtain_names_the_players(window, clicks, qtbot):
    """"Pass the device to North — Bea", and the last move in the players' names, not the sides'."""
    window.start_game(GameSetup(mode="hotseat", human_side=None, seed=5, names={"S": "Ann", "N": "Bea"}))
    s = window.session
    names = window.names()
    clicks.button(window.curtain.button)
    mover = s.to_move
    clicks.perform("pass")
    assert window.curtain_up() and window.curtain.text().endswith(names[s.to_move])
    last = window.curtain.last_label.text()
    assert last == f"Last move: {names[mover]} passes." or last.startswith(f"Last move: {names[mover]} pass"), last
    assert "South" not in last and "North" not in last
