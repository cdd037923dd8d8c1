"""The Castles board widget: selection shows exactly the legal moves, previews match api.preview and
then api.apply, clicks hit the right square in every rotation and mode, view settings persist, and
the keyboard can select and play."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from towers_core.castles import api
from towers_qt.castles.board.widget import CastlesBoard


def _opening(moves: list[str]) -> dict:
    pos = api.new_position()
    for m in moves:
        pos = api.apply(pos, m)
    return pos


def _random_game(plies: int, seed: int) -> dict:
    """A position after `plies` random legal moves (mixed towers for the preview tests)."""
    import random

    rng, pos = random.Random(seed), api.new_position()
    for _ in range(plies):
        legal = api.legal_actions(pos)
        if not legal:
            break
        pos = api.apply(pos, rng.choice(legal))
    return pos


@pytest.fixture
def board(qtbot, qsettings):
    b = CastlesBoard(qsettings)
    b.set_animation_speed(0)
    qtbot.addWidget(b)
    b.resize(1000, 720)
    b.show()
    qtbot.waitExposed(b)
    return b


def _show(board, pos: dict) -> None:
    board.show_position(pos, None, api.legal_actions(pos), True)


def test_selecting_a_tower_shows_exactly_its_legal_actions(board, qtbot):
    pos = _opening(["c3n", "e5s"])
    _show(board, pos)
    for sq in ("b2", "c3", "c4", "b3"):
        qtbot.mouseClick(board.view.viewport(), Qt.LeftButton, pos=board.square_point(sq))
        want = [a for a in api.legal_actions(pos) if a[:2] == sq]
        if want:
            assert board.selected == sq and board.bar.isVisible()
            assert sorted(board.bar.buttons) == want
        board.cancel_selection()


def test_opponent_towers_and_empty_squares_do_not_select(board, qtbot):
    _show(board, api.new_position())
    for sq in ("e5", "d5", "d4"):
        qtbot.mouseClick(board.view.viewport(), Qt.LeftButton, pos=board.square_point(sq))
        assert board.selected is None and not board.bar.isVisible()


def test_preview_matches_api_and_commit_matches_apply(board, qtbot):
    """For every legal move of a mixed position: the ghosts are preview's gains, and after the
    chosen action is played the board shows api.apply's position."""
    pos = _random_game(14, 7)
    for action in api.legal_actions(pos):
        _show(board, pos)
        board.select_square(action[:2])
        board.bar.arm(action)
        info = api.preview(pos, action)
        assert board.ghosts() == info["gains"]
        if info["kind"] == "push":
            assert board.towers[action[:2]].faded_from == len(info["stays"])
        with qtbot.waitSignal(board.action_chosen) as sig:
            qtbot.mouseClick(board.bar.buttons[action], Qt.LeftButton)
        assert sig.args == [action]
        after = api.apply(pos, action)
        with qtbot.waitSignal(board.animation_finished, timeout=20000):
            board.animate(pos, action, after)
        assert board.shown_towers() == after["board"]


def test_animation_ends_on_the_position_after(board, qtbot):
    pos = _opening(["c3+", "e5s"])
    board.set_animation_speed(0.05)
    after = api.apply(pos, "c3e")
    with qtbot.waitSignal(board.animation_finished, timeout=20000):
        board.animate(pos, "c3e", after)
    assert board.shown_towers() == after["board"] and not board.is_animating()


@pytest.mark.parametrize("mode", ["3d", "2d"])
def test_click_selects_the_same_square_in_every_rotation(board, qtbot, mode):
    pos = _opening(["c3+", "e5s"])
    board.set_mode(mode)
    for rotation in range(4):
        board.set_rotation(rotation)
        seen = set()
        for sq in ("b2", "c2", "b3", "e4", "d4", "a4", "g7", "a1"):
            assert board.view.square_at(board.square_point(sq).toPointF()) == sq, (mode, rotation, sq)
            seen.add(board.square_point(sq).toTuple())
        assert len(seen) == 8
        _show(board, pos)
        qtbot.mouseClick(board.view.viewport(), Qt.LeftButton, pos=board.square_point("b2"))
        assert board.selected == "b2"
        board.cancel_selection()


def test_rotation_changes_the_projection(board):
    points = set()
    for rotation in range(4):
        board.set_rotation(rotation)
        points.add(board.square_point("a1").toTuple())
    assert len(points) == 4


def test_view_settings_persist(qtbot, qsettings):
    first = CastlesBoard(qsettings)
    qtbot.addWidget(first)
    first.set_rotation(3)
    first.set_zoom(1.5)
    first.set_mode("2d")
    second = CastlesBoard(qsettings)
    qtbot.addWidget(second)
    assert (second.rotation(), second.mode()) == (3, "2d")
    assert second.zoom() == pytest.approx(1.5)
    with pytest.raises(ValueError):
        second.set_mode("4d")


def test_wheel_zooms_and_menu_switches_mode(board, qtbot):
    from PySide6.QtCore import QPoint, QPointF
    from PySide6.QtGui import QWheelEvent
    from PySide6.QtWidgets import QApplication

    before = board.zoom()
    centre = QPointF(board.view.viewport().rect().center())
    ev = QWheelEvent(centre, QPointF(board.view.mapToGlobal(centre.toPoint())), QPoint(0, 0), QPoint(0, 240),
                     Qt.NoButton, Qt.NoModifier, Qt.NoScrollPhase, False)
    QApplication.sendEvent(board.view.viewport(), ev)
    assert board.zoom() > before
    board.menu_button.action_2d.trigger()
    assert board.mode() == "2d"
    board.menu_button.action_3d.trigger()
    assert board.mode() == "3d"


def test_rotate_buttons_and_keys(board, qtbot):
    board.set_rotation(0)
    qtbot.mouseClick(board.rotate_panel.left, Qt.LeftButton)
    assert board.rotation() == 1
    qtbot.mouseClick(board.rotate_panel.right, Qt.LeftButton)
    assert board.rotation() == 0
    board.setFocus()
    qtbot.keyClick(board, Qt.Key_BracketRight)
    assert board.rotation() == 3
    qtbot.keyClick(board, Qt.Key_Left, Qt.ControlModifier)
    assert board.rotation() == 0


def test_keyboard_selects_and_plays(board, qtbot):
    pos = api.new_position()
    _show(board, pos)
    board.setFocus()
    board.cursor = "c3"
    qtbot.keyClick(board, Qt.Key_Up)
    assert board.cursor == "c4"
    qtbot.keyClick(board, Qt.Key_Down)
    qtbot.keyClick(board, Qt.Key_Return)
    assert board.selected == "c3" and sorted(board.bar.buttons) == [a for a in api.legal_actions(pos) if a[:2] == "c3"]
    qtbot.keyClick(board, Qt.Key_N)
    assert board.bar.armed() == "c3n" and board.ghosts() == api.preview(pos, "c3n")["gains"]
    with qtbot.waitSignal(board.action_chosen) as sig:
        qtbot.keyClick(board, Qt.Key_Return)
    assert sig.args == ["c3n"]
    board.select_square("c3")
    qtbot.keyClick(board, Qt.Key_Escape)
    assert board.selected is None and not board.bar.isVisible()


def test_keyboard_arrows_follow_the_rotation(board, qtbot):
    _show(board, api.new_position())
    board.set_rotation(1)
    board.setFocus()
    board.cursor = "d4"
    qtbot.keyClick(board, Qt.Key_Up)
    up = board.cursor
    a, b = board.square_point("d4"), board.square_point(up)
    assert b.y() < a.y()  # up on screen, whichever way the board is turned


def test_not_interactive_selects_nothing(board, qtbot):
    pos = api.new_position()
    board.show_position(pos, None, [], False)
    qtbot.mouseClick(board.view.viewport(), Qt.LeftButton, pos=board.square_point("b2"))
    assert board.selected is None


def test_touch_first_tap_previews_second_commits(board, qtbot):
    pos = api.new_position()
    _show(board, pos)
    board.select_square("c3")
    button = board.bar.buttons["c3n"]
    chosen = []
    board.action_chosen.connect(chosen.append)

    button._touch = True
    button.click()
    assert chosen == [] and board.bar.armed() == "c3n" and board.ghosts()
    button.click()
    assert chosen == ["c3n"]


def test_hovering_an_option_previews_it_and_a_click_away_cancels(board, qtbot):
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QEnterEvent
    from PySide6.QtWidgets import QApplication

    pos = _opening(["c3+", "e5s"])
    _show(board, pos)
    qtbot.mouseClick(board.view.viewport(), Qt.LeftButton, pos=board.square_point("c3"))
    button = board.bar.buttons["c3e"]
    QApplication.sendEvent(button, QEnterEvent(QPointF(4, 4), QPointF(4, 4), QPointF(4, 4)))
    info = api.preview(pos, "c3e")
    assert board.ghosts() == info["gains"]
    assert "c3 keeps 1 piece" in board.bar.detail.text()
    qtbot.mouseClick(board.view.viewport(), Qt.LeftButton, pos=board.square_point("g7"))
    assert board.selected is None and not board.bar.isVisible() and board.ghosts() == {}


def test_a_castle_changing_hands_is_marked_in_the_preview(board):
    from towers_qt.castles.board.items import SquareMark

    pos = _opening(["c3+", "e5s"])
    pos = {**pos, "board": {**pos["board"], "d3": "SS"}}
    _show(board, pos)
    board.select_square("d3")
    board.bar.arm("d3n")
    assert api.preview(pos, "d3n")["castles"] == {"d4": {"from": None, "to": "S"}}
    assert any(isinstance(i, SquareMark) and i.square == "d4" and i.width == 4.0 for i in board._transient)
    assert "Castle d4" in board.bar.detail.text()


def test_redrawing_the_same_position_keeps_the_bar_and_a_new_one_closes_it(board):
    pos = api.new_position()
    _show(board, pos)
    board.suggest("c3n")
    assert board.selected == "c3" and board.bar.armed() == "c3n" and board.ghosts()
    _show(board, dict(pos))
    assert board.selected == "c3" and board.bar.isVisible() and board.ghosts() == api.preview(pos, "c3n")["gains"]
    _show(board, api.apply(pos, "c3n"))
    assert board.selected is None and not board.bar.isVisible() and board.ghosts() == {}


def test_hover_text_names_the_stack(board, qtbot):
    from towers_qt.shell.palette import colour_word

    pos = _opening(["c3+", "e5s", "c3e"])
    _show(board, pos)
    qtbot.mouseMove(board.view.viewport(), board.square_point("d4"))
    assert board.view.viewport().toolTip() == board.describe_square("d4")
    text = board.describe_square("e3")
    assert text.startswith("e3: 1 high") and colour_word("S") in text
    assert board.describe_square("a4") == "a4 (castle): 1 high — neutral base (bottom to top); nobody controls it"
    assert board.describe_square("a1") == "a1: empty"


def test_a_pinch_on_a_trackpad_zooms(board):
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QNativeGestureEvent, QPointingDevice
    from PySide6.QtWidgets import QApplication

    before = board.zoom()
    centre = QPointF(board.view.viewport().rect().center())
    ev = QNativeGestureEvent(Qt.ZoomNativeGesture, QPointingDevice.primaryPointingDevice(), 2, centre, centre,
                             QPointF(board.view.mapToGlobal(centre.toPoint())), 0.25, QPointF(0, 0))
    QApplication.sendEvent(board.view.viewport(), ev)
    assert board.zoom() == pytest.approx(before * 1.25)


def test_nearer_towers_are_drawn_over_farther_ones_from_every_side(board):
    """Depth order re-sorts with the rotation: a square lower on screen is drawn later."""
    from towers_core.castles.notation import SQUARES

    for rotation in range(4):
        board.set_rotation(rotation)
        items = board.towers
        for a in SQUARES:
            for b in SQUARES:
                ya, yb = items[a].pos().y(), items[b].pos().y()
                if ya > yb + 1:
                    assert items[a].zValue() > items[b].zValue(), (rotation, a, b)


def test_the_keyboard_cursor_shows_after_a_key_and_hides_after_a_click(board, qtbot):
    from towers_qt.castles.board.items import SquareMark
    from towers_qt.castles.board.style import CURSOR

    def cursor_marks():
        return [i.square for i in board._transient if isinstance(i, SquareMark) and i.colour == CURSOR]

    _show(board, api.new_position())
    board.setFocus()
    assert cursor_marks() == []
    board.cursor = "c3"
    qtbot.keyClick(board, Qt.Key_Up)
    assert cursor_marks() == ["c4"]
    qtbot.mouseClick(board.view.viewport(), Qt.LeftButton, pos=board.square_point("a1"))
    assert cursor_marks() == []


def test_the_last_push_is_marked_to_its_last_square_without_an_animation(board):
    """A 3-square push (b2e from SSSS) marks c2, d2 and e2 whether or not it was animated: from the
    position it was played from, not from a cache of the animation."""
    from towers_qt.castles.board.items import ArrowItem, SquareMark
    from towers_qt.castles.board.style import LAST

    before = {"game": "castles", "board": {"a4": "X", "d1": "X", "d4": "X", "d7": "X", "g4": "X",
              "b2": "SSSS", "e5": "NN"}, "to_move": "S", "ply": 0, "quiet": 0, "result": None}
    after = api.apply(before, "b2e")

    def marked() -> list[str]:
        return sorted(i.square for i in board._transient if isinstance(i, SquareMark) and i.colour == LAST)

    board.show_position(after, "b2e", [], False, before)
    assert marked() == ["b2", "c2", "d2", "e2"]
    assert any(isinstance(i, ArrowItem) for i in board._transient)
    board.show_position(after, "b2e", [], False)  # where it came from is unknown: the direction only
    assert marked() == ["b2", "c2"]
    board.animate(before, "b2e", after)  # speed 0: shown at once, the same marks
    assert marked() == ["b2", "c2", "d2", "e2"]


def test_the_action_bar_has_room_for_two_lines_of_its_description(board, qtbot):
    """A long preview sentence wraps to two lines and none of it is cut (the label's height was
    measured in the default font, before the bar's style sheet applied)."""
    start = {"game": "castles", "board": {"a4": "XS", "d1": "XS", "d4": "XS", "d7": "X", "g4": "XNSN",
             "f4": "SSSSS", "f3": "NNNNN", "f5": "NNNNN", "e4": "NNNNN", "b2": "SS", "e6": "NN"},
             "to_move": "S", "ply": 30, "quiet": 3, "result": None}
    _show(board, start)
    board.select_square("f4")
    bar = board.bar
    bar.buttons["f4e"].hovered.emit("f4e")
    detail = bar.detail
    metrics = detail.fontMetrics()
    assert metrics.horizontalAdvance(detail.text()) > detail.width()  # it does wrap
    assert detail.height() >= detail.heightForWidth(detail.width()) >= 2 * metrics.lineSpacing()


@pytest.mark.parametrize("size", [(1366 - 300, 768 - 120), (1024 - 260, 700 - 110)])
def test_the_action_bar_never_shrinks_the_board_nor_hides_the_tower(board, qtbot, size):
    """The bar lies over the board: the board keeps its size, and the bar sits at the edge away from
    the selected tower (at the top for a tower in the lower half)."""
    board.resize(*size)
    pos = _opening(["c3n", "e5s"])
    _show(board, pos)
    qtbot.wait(10)
    scale = board.view.transform().m11()
    for sq in sorted({a[:2] for a in api.legal_actions(pos)}):
        board.select_square(sq)
        board.bar.anim.setCurrentTime(board.bar.anim.duration())
        assert board.bar.isVisible() and board.view.transform().m11() == pytest.approx(scale)
        assert not board.bar.geometry().contains(board.square_point(sq)), sq
        board.cancel_selection()


def test_a_tall_stack_turns_see_through_over_the_square_behind_it(board, qtbot):
    """In 3D, the mouse over a tall stack's upper part (above another square's floor) shows that
    square through it; over the stack's own square, or off the board, every stack is solid."""
    from castles_helpers import make_pos

    from towers_qt.castles.board.style import PIECE
    from towers_qt.castles.board.view import SEE_THROUGH

    board.set_mode("3d")
    pos = make_pos({"c3": "SSSSS", "d4": "XN", "f5": "NN"})
    board.show_position(pos, None, [], False)
    tower = board.towers["c3"]
    assert len(tower.tower) >= 4
    view = board.view
    top = tower.mapToScene(0, -len(tower.tower) * PIECE)  # the top disc's centre
    behind = view.proj.square_at(top)
    assert behind not in (None, "c3")  # the stack's top stands over another square's floor
    qtbot.mouseMove(view.viewport(), view.mapFromScene(top))
    assert tower.opacity() == SEE_THROUGH and view.hovered == "c3"  # still the stack a click picks
    qtbot.mouseMove(view.viewport(), view.mapFromScene(board.proj.centre("c3")))  # the stack's own floor
    assert tower.opacity() == 1.0
    qtbot.mouseMove(view.viewport(), view.mapFromScene(top))
    view.see_through(None)  # the mouse leaves the board
    assert all(t.opacity() == 1.0 for t in board.towers.values())
