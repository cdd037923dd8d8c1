"""Replay: a Log entry shows the board as it was after it, read-only and from the viewing
player's side; ←/→ step; Esc returns to the present."""
from __future__ import annotations

import random

from PySide6.QtCore import Qt

from towers_core.skirmish import api
from towers_qt.shell.new_game import GameSetup
from towers_qt.shell.settings import AnimationSpeed


def play_some(window, clicks, qtbot, turns: int = 3, new: bool = True) -> None:
    """`turns` of the player's moves and the computer's replies, in a new game unless `new` is False."""
    s = window.session
    if new:
        window.start_game(GameSetup(mode="computer", level="easy", human_side="S", first="S", seed=6,
                                    names={"S": "You", "N": "Computer"}))
    rng = random.Random(1)
    for _ in range(turns):
        qtbot.waitUntil(lambda: window.controller.active(), timeout=20000)
        actions = [a for a in api.legal_actions(s.view()) if "@" in a and "x" not in a] or ["pass"]
        clicks.perform(rng.choice(actions))
    qtbot.waitUntil(lambda: window.controller.active() and not s.ai.busy, timeout=20000)


def click_entry(window, qtbot, row: int) -> None:
    item = window.log.list.item(row)
    window.log.list.scrollToItem(item)
    rect = window.log.list.visualItemRect(item)
    qtbot.mouseClick(window.log.list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def shown_board(window) -> dict[str, tuple[str, str]]:
    return {sq: (item.face.owner, item.face.code) for sq, item in window.scene.cards.items()}


def test_log_entry_shows_the_board_after_it_and_steps(window, clicks, qtbot):
    play_some(window, clicks, qtbot)
    s = window.session
    present = shown_board(window)
    click_entry(window, qtbot, 1)  # the computer's first reply
    assert window.replay.index == 1 and not window.controller.active()  # read-only
    after = s.histories["S"][1]["view"]["board"]
    assert shown_board(window) == {sq: (c["owner"], c["card"]) for sq, c in after.items()}
    full = s.histories["N"][1]["view"]["board"]
    hidden_n = [sq for sq, c in full.items() if c["owner"] == "N" and not c["up"]]
    assert hidden_n and all(window.scene.cards[sq].face.code == "?" for sq in hidden_n)  # nothing revealed
    assert window.banner.text().startswith("After action 2:") and "The computer" in window.banner.text()
    qtbot.keyClick(window.log.list, Qt.Key.Key_Left)
    assert window.replay.index == 0
    assert shown_board(window) == {sq: (c["owner"], c["card"])
                                   for sq, c in s.histories["S"][0]["view"]["board"].items()}
    qtbot.keyClick(window.view, Qt.Key.Key_Right)
    assert window.replay.index == 1
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)
    assert window.replay.index is None and window.controller.active()
    assert shown_board(window) == present


def test_back_button_and_stepping_past_the_end_return_to_the_present(window, clicks, qtbot):
    window.resize(1024, 700)
    play_some(window, clicks, qtbot, turns=2)
    qtbot.wait(10)
    before = (window.width(), window.view.geometry())
    click_entry(window, qtbot, 0)
    qtbot.wait(10)
    assert window.replay.back.isVisible() and not window.game_button(window.pass_action).isEnabled()
    assert (window.width(), window.view.geometry()) == before  # looking back moves nothing
    clicks.button(window.replay.back)
    assert window.replay.index is None and not window.replay.back.isVisible()
    assert window.game_button(window.pass_action).isEnabled()
    click_entry(window, qtbot, len(window.session.log) - 2)
    qtbot.keyClick(window.view, Qt.Key.Key_Right)  # the last entry is the present
    assert window.replay.index is None and window.controller.active()


def test_nothing_is_played_or_taken_back_while_looking_back(window, clicks, qtbot):
    """A past board is read-only: the Game menu's Pass, Hint, Undo and Resign are off while it is shown,
    a pass asked for anyway (the P key) plays nothing, and all of them come back with the present."""
    play_some(window, clicks, qtbot)
    s = window.session
    actions = (window.pass_action, window.hint_action, window.undo_action, window.resign_action)
    assert all(a.isEnabled() for a in actions)
    click_entry(window, qtbot, 1)
    assert window.replay.active and not any(a.isEnabled() for a in actions)
    assert not window.game_button(window.undo_action).isEnabled()
    played = len(s.log)
    window.decide(["pass"])
    window.pass_action.trigger()
    qtbot.keyClick(window.view, Qt.Key.Key_P)
    qtbot.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # Undo's shortcut
    assert len(s.log) == played and window.replay.index == 1
    clicks.button(window.replay.back)
    assert all(a.isEnabled() for a in actions)


def test_new_colours_while_looking_back_keep_the_past_board(window, clicks, qtbot):
    """Switching to the colour-blind colours redraws the position looked back at, its docks and the whole
    log, not the present position under the look-back's banner."""
    play_some(window, clicks, qtbot)
    s = window.session
    click_entry(window, qtbot, 0)
    window.palette_action.setChecked(True)
    try:
        past = s.histories["S"][0]["view"]
        assert shown_board(window) == {sq: (c["owner"], c["card"]) for sq, c in past["board"].items()}
        assert sorted(window.barrack.tile_codes()) == sorted(past["barrack"]["S"])
        assert window.replay.index == 0 and window.banner.text().startswith("After action 1:")
        assert window.log.list.count() == len(s.log) and window.log.list.currentRow() == 0
        assert not window.controller.active()
    finally:
        window.palette_action.setChecked(False)


def highlighted(window) -> tuple[list[int], int]:
    """The Log's selected rows and its current row (drawn with a focus frame)."""
    return [i.row() for i in window.log.list.selectedIndexes()], window.log.list.currentRow()


def test_back_to_the_game_leaves_no_log_line_highlighted(window, clicks, qtbot):
    """The Log's highlight follows the board: the line looked back at, then none, as in the present
    before (by the button, by Esc, or by a click on the latest line), and none as the game goes on."""
    play_some(window, clicks, qtbot)
    present = (highlighted(window), window.log.list.grab().toImage())
    assert present[0] == ([], -1)
    leaves = (lambda: clicks.button(window.replay.back), lambda: qtbot.keyClick(window.view, Qt.Key.Key_Escape),
              lambda: click_entry(window, qtbot, window.log.list.count() - 1))
    for leave in leaves:
        click_entry(window, qtbot, 1)
        assert highlighted(window) == ([1], 1)
        leave()
        assert window.replay.index is None
        assert (highlighted(window), window.log.list.grab().toImage()) == present
    play_some(window, clicks, qtbot, turns=1, new=False)
    assert highlighted(window) == ([], -1)


def test_a_hint_does_not_outlive_its_game(window, clicks, qtbot):
    """A hint names a move of one position: a new game starts with an empty status bar."""
    play_some(window, clicks, qtbot, turns=1)
    saved = window.session.state()
    window.show_hint("pass")
    assert window.statusBar().currentMessage().startswith("Hint:")
    play_some(window, clicks, qtbot, turns=1)   # start_game: a new game
    assert window.statusBar().currentMessage() == "" and window.hinted is None
    window.show_hint("pass")
    window.take_over(saved, "saved.towers")     # what File ▸ Open does with a checked save
    assert window.statusBar().currentMessage() == "" and window.hinted is None


def test_undo_is_off_while_a_move_is_being_shown(window, clicks, qtbot):
    """The Undo menu item follows the Undo button: off while a move is animated (Ctrl+Z takes nothing
    back), on again once the animation has ended."""
    play_some(window, clicks, qtbot, turns=2)
    s = window.session
    window.settings.set_animation_speed(AnimationSpeed.FAST)
    clicks.perform(next(a for a in api.legal_actions(s.view()) if "@" in a and "x" not in a))
    assert window.animating and s.can_undo()
    assert not window.undo_action.isEnabled() and not window.game_button(window.undo_action).isEnabled()
    played = len(s.log)
    window.undo_action.trigger()
    assert len(s.log) == played
    qtbot.waitUntil(lambda: not window.animating and window.controller.active() and not s.ai.busy, timeout=20000)
    assert window.undo_action.isEnabled() and window.game_button(window.undo_action).isEnabled()


def test_a_long_looked_back_action_wraps_in_the_banner_and_moves_no_board(window, qtbot):
    from towers_qt.skirmish.game import midgame

    window.resize(1024, 700)
    window.session.restore(midgame(11))
    window.after_turn()
    qtbot.wait(10)
    before = (window.banner.height(), window.view.geometry())
    longest = max(range(len(window.session.log) - 1), key=lambda i: len(str(window.session.log[i])))
    assert window.replay.show(longest)
    qtbot.wait(10)
    assert "\n" in window.banner.text()  # two lines
    assert (window.banner.height(), window.view.geometry()) == before
