"""The Castles HUD, move list, rules text and Learn dialog."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from towers_core.castles import api
from towers_qt.castles.dialogs import sample_game
from towers_qt.castles.board.hud import CastlesHud
from towers_qt.castles.dialogs.learn import LearnDialog
from towers_qt.castles.docks.move_list import MoveList
from towers_qt.castles.rules_text import (
    EXAMPLE_CROWN,
    EXAMPLE_LEAVE,
    EXAMPLE_PUSH,
    game_over_text,
    rules_html,
)

NAMES = {"S": "Ana", "N": "Bo"}


def _pos(board: dict, to_move: str = "S", result=None) -> dict:
    return {"game": "castles", "board": board, "to_move": to_move, "ply": 0, "quiet": 0, "result": result}


def test_sample_game_is_legal_and_ends_with_four_castles():
    pos = api.new_position()
    assert 12 <= len(sample_game.MOVES) <= 21
    for action, text in sample_game.MOVES:
        assert action in api.legal_actions(pos), action
        assert text and pos["result"] is None
        pos = api.apply(pos, action)
    assert pos["result"] == {"winner": "S", "reason": "castles"}
    assert sample_game.positions()[-1] == pos


def test_learn_steps_forward_and_back(qtbot, qsettings):
    d = LearnDialog(settings=qsettings)
    qtbot.addWidget(d)
    d.board.set_animation_speed(0)
    d.show()
    positions = sample_game.positions()
    assert not d.back.isEnabled() and d.board.shown_towers() == positions[0]["board"]
    for i in range(1, 4):
        with qtbot.waitSignal(d.board.animation_finished, timeout=20000):
            qtbot.keyClick(d, Qt.Key_Right)
        assert d.step == i and d.board.shown_towers() == positions[i]["board"]
        assert sample_game.MOVES[i - 1][0] in d.explain.text()
    qtbot.keyClick(d, Qt.Key_Left)
    assert d.step == 2 and d.board.shown_towers() == positions[2]["board"]
    qtbot.mouseClick(d.back, Qt.LeftButton)
    qtbot.mouseClick(d.back, Qt.LeftButton)
    assert d.step == 0 and not d.back.isEnabled()
    while d.next.isEnabled():
        d.go_forward()
    assert d.step == len(sample_game.MOVES) and "lesson" in d.explain.text().lower()


def test_learn_ends_on_new_game_and_keeps_the_board_size(qtbot, qsettings):
    """The text's box keeps its height at every step (the board never shrinks as the text grows),
    and at the end focus is on New game, which closes the dialog and asks for a new game."""
    d = LearnDialog(settings=qsettings)
    qtbot.addWidget(d)
    d.board.set_animation_speed(0)
    d.resize(1000, 640)
    d.show()
    qtbot.waitExposed(d)
    sizes = set()
    while d.next.isEnabled():
        qtbot.mouseClick(d.next, Qt.LeftButton)
        sizes.add(d.board.size().toTuple())
    assert len(sizes) == 1
    assert d.new_game.isVisible() and d.focusWidget() is d.new_game and d.new_game.isDefault()
    qtbot.keyClick(d, Qt.Key_Left)
    assert not d.new_game.isVisible() and d.focusWidget() is d.next
    qtbot.keyClick(d, Qt.Key_Right)
    with qtbot.waitSignal(d.new_game_requested):
        qtbot.keyClick(d.focusWidget(), Qt.Key_Space)
    assert not d.isVisible()


def test_hud_counts_castles_crowns_and_moves(qtbot):
    hud = CastlesHud()
    qtbot.addWidget(hud)
    pos = _pos(EXAMPLE_CROWN, "N")
    hud.update_from(pos, NAMES, False)
    moves = api.mobility(pos)
    s, n = hud.panels["S"], hud.panels["N"]
    assert s.castles_text.text() == "1 of 5 castles" and s.crowns_text.text() == "1 of 3 crowns"
    assert n.castles_text.text() == "0 of 5 castles"
    assert s.moves_text.text() == f"⇆ {moves['S']} legal moves"
    assert hud.status.text() == "Bo to move" and n.property("turn") and not s.property("turn")
    hud.update_from(pos, NAMES, True)
    assert hud.status.text().startswith("Bo is thinking")
    hud.update_from(pos, {"S": "Al", "N": "You"}, False, your_turn=True)
    assert hud.status.text() == "Your turn"  # the shell's words, as in Skirmish


def test_move_list_numbers_moves_and_reports_clicks(qtbot):
    ml = MoveList()
    qtbot.addWidget(ml)
    ml.set_moves(["c2e", "f5s", "d2+"], NAMES)
    assert ml.row_text(0) == "1. c2e f5s" and ml.row_text(1) == "2. d2+"
    with qtbot.waitSignal(ml.move_clicked) as sig:
        item = ml.table.item(0, 1)
        qtbot.mouseClick(ml.table.viewport(), Qt.LeftButton, pos=ml.table.visualItemRect(item).center())
    assert sig.args == [1]


@pytest.mark.parametrize("result, words", [
    ({"winner": "S", "reason": "castles"}, "Ana wins: Ana controls 4 of the 5 castles."),
    ({"winner": "N", "reason": "crowns"}, "Bo wins: Bo has crowned 3 castles."),
    ({"winner": "S", "reason": "no-moves"}, "Ana wins: Bo has no moves left."),
    ({"winner": "N", "reason": "resign"}, "Bo wins: Ana resigned."),
    ({"winner": None, "reason": "quiet"}, "Draw."),
    ({"winner": "S", "reason": "limit"}, "400 moves"),
])
def test_game_over_text_gives_the_reason(result, words):
    assert words in game_over_text(_pos(api.new_position()["board"], result=result), NAMES)


@pytest.mark.parametrize("result, words", [
    ({"winner": "S", "reason": "castles"}, "You win: you control 4 of the 5 castles."),
    ({"winner": "N", "reason": "crowns"}, "The computer wins: the computer has crowned 3 castles."),
    ({"winner": "N", "reason": "no-moves"}, "The computer wins: you have no moves left."),
    ({"winner": "S", "reason": "resign"}, "You win: the computer resigned."),
    ({"winner": "N", "reason": "resign"}, "The computer wins: you resigned."),
    ({"winner": "S", "reason": "quiet"}, "You win. The board has settled (60 moves in a row without a build), "
                                         "and you hold more castles (or, if equal, more crowns)."),
])
def test_game_over_text_speaks_to_you_in_solo(result, words):
    names = {"S": "You", "N": "Computer · easy"}
    assert game_over_text(_pos(api.new_position()["board"], result=result), names) == words


def test_game_over_text_of_a_real_resignation_and_a_running_game():
    pos = api.new_position()
    assert game_over_text(pos) == ""
    assert game_over_text(api.apply(pos, "resign")) == "North wins: South resigned."


def test_rules_examples_are_what_the_core_does(qtbot):
    for before, after in (EXAMPLE_PUSH, EXAMPLE_LEAVE):
        assert api.apply(_pos(before), "c2e")["board"] == after
    api.validate(_pos(EXAMPLE_CROWN))
    html = rules_html()
    assert html.count("<img") == 7 and "4 of the 5 castles" in html and "gold ring" in html


def test_the_rules_page_is_drawn_and_worded_in_the_colours_in_use(qtbot):
    """Its pictures are drawn once per scheme (not once for good), so a player who switched to the
    colour-blind colours reads "amber" beside amber pieces."""
    from towers_qt.shell import palette

    classic = rules_html()
    try:
        palette.apply_scheme("colour-blind")
        amber = rules_html()
    finally:
        palette.apply_scheme("classic")
    assert "amber" in amber and "amber" not in classic and " red " in classic
    pictures = [part.split('"')[0] for part in classic.split('src="')[1:]]
    assert pictures and not any(p in amber for p in pictures)
    assert rules_html() == classic


def test_learn_keeps_its_own_view_settings(qtbot, qsettings):
    from towers_qt.castles.board.widget import CastlesBoard

    d = LearnDialog(settings=qsettings)
    qtbot.addWidget(d)
    d.board.set_mode("2d")
    d.board.set_rotation(2)
    main = CastlesBoard(qsettings)
    qtbot.addWidget(main)
    assert (main.mode(), main.rotation()) == ("3d", 0)


def test_move_list_follows_moves_and_take_backs(qtbot):
    ml = MoveList()
    qtbot.addWidget(ml)
    ml.set_moves(["c2e", "f5s", "d2+"], NAMES)
    ml.set_moves(["c2e", "f5s", "d2+", "e5n"], NAMES)  # written past the moves shown only
    assert ml.row_text(1) == "2. d2+ e5n"
    ml.set_moves(["c2e", "f5s", "d2+"], NAMES)  # undo
    assert ml.table.rowCount() == 2 and ml.row_text(1) == "2. d2+"
    ml.set_moves(["c2e", "f5n"], {"S": "Al", "N": "Bo"})  # another game, other names
    assert ml.table.rowCount() == 1 and ml.row_text(0) == "1. c2e f5n"
    assert ml.table.horizontalHeaderItem(1).text() == "Bo"


def test_move_list_shows_a_computer_name_whole_in_a_narrow_dock(qtbot):
    ml = MoveList()
    qtbot.addWidget(ml)
    ml.resize(240, 300)
    ml.show()
    ml.set_moves(["c2e"], {"S": "You", "N": "Computer · normal"})
    header = ml.table.horizontalHeader()
    assert ml.table.horizontalHeaderItem(1).text() == "Computer\n· normal"
    lines = ml.table.horizontalHeaderItem(1).text().split("\n")
    needed = max(header.fontMetrics().horizontalAdvance(line) for line in lines)
    assert needed < header.sectionSize(1)  # nothing clipped or elided at this width


def test_move_list_headers_fit_long_names_wrapped_or_elided(qtbot):
    """Long hot-seat names (the dialog allows 24 characters) wrap once at a space, and a line still
    too wide ends in "…"; no header line is wider than its column, and the tooltip keeps the name."""
    ml = MoveList()
    qtbot.addWidget(ml)
    ml.resize(240, 300)
    ml.show()
    names = {"S": "Maximiliana Wolkenstein", "N": "Bartholomewfitzwilliamsx"}
    ml.set_moves(["c2e"], names)
    header = ml.table.horizontalHeader()
    south, north = (ml.table.horizontalHeaderItem(c).text() for c in range(2))
    assert south == "Maximiliana\nWolkenstein"
    assert north.endswith("…") and north[:-1] in names["N"]
    for column in range(2):
        lines = ml.table.horizontalHeaderItem(column).text().split("\n")
        assert max(header.fontMetrics().horizontalAdvance(line) for line in lines) < header.sectionSize(column)
    assert ml.table.horizontalHeaderItem(1).toolTip() == names["N"]
    ml.resize(700, 300)  # room again: the whole name comes back
    qtbot.waitUntil(lambda: ml.table.horizontalHeaderItem(1).text() == names["N"])
