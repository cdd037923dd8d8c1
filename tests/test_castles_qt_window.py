"""Castles through the real window: whole games by clicks (solo to the end, hot-seat), undo, hint,
save/load (a damaged save changes nothing), autosave/resume of whichever game was last, the game
chooser, and the command-line checks."""
from __future__ import annotations

import json
import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QToolBar

from towers_core.castles import api
from towers_qt.castles.session import check_state
from towers_qt.games import KEYS, game_kind
from towers_qt.castles.window import CastlesWindow
from towers_qt.shell import frame
from towers_qt.shell.new_game import GameSetup, NewGameDialog
from towers_qt.shell.players import Player
from towers_qt.skirmish.window import MainWindow

SOLO = GameSetup("computer", "normal", "S", "S", 5, {"S": "You", "N": "Computer"})
HOTSEAT = GameSetup("hotseat", "normal", None, "S", 5, {"S": "Ann", "N": "Bob"})


@pytest.fixture
def castles(open_window, settings):
    return open_window(CastlesWindow(settings, autosave=False))


def click_move(qtbot, win: CastlesWindow, action: str) -> None:
    """Play `action` as a player does: click its tower, then its button in the action bar."""
    board = win.board
    qtbot.mouseClick(board.view.viewport(), Qt.LeftButton, pos=board.square_point(action[:2]))
    assert board.selected == action[:2]
    qtbot.mouseClick(board.bar.buttons[action], Qt.LeftButton)


def solo(win: CastlesWindow, level: str = "depth:1", side: str = "S") -> None:
    setup = GameSetup("computer", level, side, "S", 5, {side: "You", "N" if side == "S" else "S": "Computer"})
    win.start_options(setup)


def test_solo_game_to_the_end_by_clicks(castles, qtbot):
    solo(castles)
    s, rng = castles.session, random.Random(3)
    while s.result is None:
        qtbot.waitUntil(lambda: s.human_to_move() or s.result is not None, timeout=20000)
        if s.result is not None:
            break
        assert castles.board.interactive and castles.board.legal == api.legal_actions(s.position)
        before = len(s.actions)
        click_move(qtbot, castles, rng.choice(api.legal_actions(s.position)))
        assert len(s.actions) == before + 1
    over = castles.over_box
    assert over is not None and over.reason.text() and over.title.text() in ("Victory!", "Defeat", "A draw")
    assert castles.board.shown_towers() == s.position["board"]
    assert len(castles.moves.actions) == len(s.actions)
    assert not castles.undo_action.isEnabled()
    qtbot.mouseClick(over.review_button, Qt.LeftButton)
    review = castles.review_dialog
    assert review is not None and review.isVisible() and len(review.graph.values) == len(s.actions)
    assert review.index == len(s.actions) - 1 and f"Action {len(s.actions)} of" in review.caption.text()
    qtbot.keyClick(review, Qt.Key_Home)
    assert review.index == 0 and review.board_widget.shown_towers() == s.positions[1]["board"]
    for row in range(review.losses.count()):  # each ringed move says what it lost, in castles
        assert " lost " in review.losses.item(row).text() and "castle" in review.losses.item(row).text()


def test_computer_plays_light_first_when_you_take_dark(castles, qtbot):
    solo(castles, side="N")
    qtbot.waitUntil(lambda: len(castles.session.actions) == 1, timeout=20000)
    assert castles.session.human_to_move() and castles.session.to_move == "N"
    assert castles.hud.status.text() == "Your turn"


def test_hotseat_turns_alternate_on_one_board(castles, qtbot):
    castles.start_options(HOTSEAT)
    s = castles.session
    for action in ("c3+", "e5+", "c3n", "e6n", "b2+"):
        assert castles.board.interactive
        click_move(qtbot, castles, action)
    assert s.actions == ["c3+", "e5+", "c3n", "e6n", "b2+"] and s.to_move == "N"
    assert castles.hud.panels["N"].isVisible() and castles.board.interactive  # no curtain: nothing is hidden
    assert castles.hud.status.text() == "Bob to move"  # two humans: each by name, no "your"
    castles.undo()
    assert s.actions == ["c3+", "e5+", "c3n", "e6n"] and s.to_move == "S"


def test_undo_takes_back_your_move_and_the_reply(castles, qtbot):
    solo(castles)
    s = castles.session
    click_move(qtbot, castles, "c3+")
    qtbot.waitUntil(lambda: len(s.actions) == 2, timeout=20000)
    qtbot.waitUntil(lambda: castles.undo_action.isEnabled(), timeout=20000)
    castles.undo_action.trigger()
    assert s.actions == [] and castles.board.shown_towers() == api.new_position()["board"]
    assert castles.board.interactive


def test_undo_cancels_the_computer_thinking(castles, qtbot):
    solo(castles, level="expert")
    s = castles.session
    click_move(qtbot, castles, "c3+")
    qtbot.waitUntil(lambda: s.ai.busy, timeout=20000)
    castles.undo()
    assert not s.ai.busy and s.actions == [] and castles.board.interactive
    qtbot.wait(300)
    assert s.actions == []


def test_hint_names_a_legal_move(castles, qtbot):
    solo(castles)
    castles.hint_action.trigger()
    qtbot.waitUntil(lambda: castles.statusBar().currentMessage().startswith("Hint:"), timeout=20000)
    action = castles.statusBar().currentMessage().split()[1]
    assert action in api.legal_actions(castles.session.position)
    assert castles.board.selected == action[:2] and castles.session.actions == []


def test_looking_back_is_read_only_and_comes_back(castles, qtbot):
    castles.start_options(HOTSEAT)
    for action in ("c3+", "e5+", "c3n"):
        click_move(qtbot, castles, action)
    castles.moves.move_clicked.emit(0)
    assert castles.board.shown_towers() == castles.session.positions[1]["board"]
    assert not castles.board.interactive and castles.back_button.isVisible()
    assert castles.hud.status.text().startswith("Looking back: after move 1 of 3")  # never "… to move"
    qtbot.keyClick(castles.board, Qt.Key_Right)
    assert castles.looking == 1 and castles.board.shown_towers() == castles.session.positions[2]["board"]
    qtbot.keyClick(castles.board, Qt.Key_Left)
    assert castles.looking == 0 and "move 1 of 3" in castles.hud.status.text()
    qtbot.mouseClick(castles.back_button, Qt.LeftButton)
    assert castles.board.shown_towers() == castles.session.position["board"] and castles.board.interactive
    assert not any(a.isEnabled() for a in castles.step_actions), "the arrows are the board's cursor again"


def state_of(win) -> str:
    return json.dumps(win.session.to_dict(), sort_keys=True)


def test_save_and_load(castles, qtbot, tmp_path):
    castles.start_options(HOTSEAT)
    for action in ("c3+", "e5+", "c3n"):
        click_move(qtbot, castles, action)
    path = tmp_path / "c.towers.json"
    assert castles.save_to(path)
    saved = state_of(castles)
    click_move(qtbot, castles, "e6n")
    assert castles.open_path(path)
    assert state_of(castles) == saved and castles.board.shown_towers() == castles.session.position["board"]


@pytest.mark.parametrize("damage", [
    lambda d: d["actions"].append("a1+"),
    lambda d: d["start"].update(to_move="X"),
    lambda d: d.update(game="chess"),
    lambda d: d.update(version=99),
])
def test_a_damaged_castles_save_changes_nothing(castles, qtbot, tmp_path, damage):
    castles.start_options(HOTSEAT)
    click_move(qtbot, castles, "c3+")
    path = tmp_path / "c.towers.json"
    castles.session.save(path)
    data = json.loads(path.read_text())
    damage(data)
    path.write_text(json.dumps(data))
    click_move(qtbot, castles, "e5+")
    before = state_of(castles)
    assert not castles.open_path(path)
    assert state_of(castles) == before and castles.successor is None
    text = castles.message_box.text()
    assert "damaged" in text or "version" in text


def test_opening_a_castles_save_from_skirmish_switches_the_window(window, qtbot, tmp_path):
    """One app: a Castles file opened in the Skirmish window brings up the Castles window."""
    setup = HOTSEAT
    castles = CastlesWindow(window.settings, autosave=False)
    castles.start_options(setup)
    castles.session.play("c3+")
    path = tmp_path / "c.towers.json"
    castles.session.save(path)
    castles.session.shutdown()
    assert window.open_path(path)
    new = window.current()
    qtbot.addWidget(new)
    assert isinstance(new, CastlesWindow) and new.session.actions == ["c3+"] and not window.isVisible()
    new.session.shutdown()


def test_autosave_resumes_whichever_game_was_last(qtbot, settings, tmp_path, monkeypatch):
    auto = tmp_path / "autosave.json"
    monkeypatch.setattr(frame, "autosave_path", lambda: auto)
    first = CastlesWindow(settings, autosave=True)
    qtbot.addWidget(first)
    first.start_options(HOTSEAT)
    first.session.play("c3+")
    first.after_turn()
    assert json.loads(auto.read_text())["game"] == "castles"
    first.close()
    start = MainWindow(settings, autosave=True)  # whatever window the app opened first
    qtbot.addWidget(start)
    assert start.resume_autosave()
    resumed = start.current()
    qtbot.addWidget(resumed)
    assert isinstance(resumed, CastlesWindow) and resumed.session.actions == ["c3+"]
    resumed.session.shutdown()
    start.session.shutdown()


def test_a_damaged_castles_autosave_is_kept_aside(qtbot, settings, tmp_path, monkeypatch):
    auto = tmp_path / "autosave.json"
    monkeypatch.setattr(frame, "autosave_path", lambda: auto)
    auto.write_text('{"format": "towers-save", "game": "castles", "version": 1, "actions": [1]}')
    win = CastlesWindow(settings, autosave=True)
    qtbot.addWidget(win)
    win.show()
    assert not win.resume_autosave()
    assert len(list(tmp_path.glob("autosave.damaged-*.json"))) == 1 and not auto.exists()
    assert "damaged" in win.message_box.text() and "This file is damaged" in win.message_box.informativeText()
    win.session.shutdown()


def test_new_game_chooses_the_game_then_its_options(window, qtbot, monkeypatch):
    """Game → New game in the Skirmish window: the chooser lists both games with a picture, and
    picking Castles opens its options, then the Castles window in the same place."""
    from towers_qt.shell.chooser import GameChooser

    seen = {}

    def chooser_exec(dialog):
        seen["titles"] = [b.text().split("\n")[0] for b in dialog.buttons.values()]
        seen["icons"] = [not b.icon().isNull() for b in dialog.buttons.values()]
        dialog.buttons["castles"].click()
        return QDialog.Accepted

    def options_exec(dialog):
        seen["options"] = dialog.windowTitle()
        dialog.hotseat.click()
        return QDialog.Accepted

    monkeypatch.setattr(GameChooser, "exec", chooser_exec)
    monkeypatch.setattr(NewGameDialog, "exec", options_exec)
    window.new_game_dialog()
    new = window.current()
    qtbot.addWidget(new)
    assert seen["titles"] == ["Skirmish", "Castles", "Gauntlet of Crowns"] and all(seen["icons"])
    assert seen["options"] == "New game of Castles"
    assert isinstance(new, CastlesWindow) and new.session.mode() == "hotseat"
    assert new.session.position == api.new_position() and window.settings.last_game(KEYS) == "castles"
    new.session.shutdown()


def test_castles_checks_refuse_a_computer_at_an_unknown_level():
    data = {"format": "towers-save", "game": "castles", "version": 1, "seed": 1,
            "players": {"S": {"kind": "human", "name": "A", "level": "normal"},
                        "N": {"kind": "ai", "name": "B", "level": "legendary"}},
            "start": api.new_position(), "actions": []}
    with pytest.raises(ValueError, match="players.N.level"):
        check_state(data)
    assert Player("ai").is_ai


def test_help_opens_the_castles_rules_and_learn(castles, qtbot):
    from towers_qt.castles.dialogs.learn import LearnDialog

    menu = next(a.menu() for a in castles.menuBar().actions() if a.text() == "&Help")
    actions = {a.text(): a for a in menu.actions()}
    actions["&Rules of Castles"].trigger()
    assert castles.rules_window.isVisible() and "castle" in castles.rules_window.browser.toPlainText().lower()
    actions["&Learn Castles…"].trigger()
    assert isinstance(castles.learn_dialog, LearnDialog) and castles.learn_dialog.isVisible()
    for dialog in (castles.rules_window, castles.learn_dialog):
        dialog.close()


def test_screenshot_of_castles_and_the_first_window_is_the_autosaved_game(tmp_path, settings, monkeypatch):
    import os
    import subprocess
    import sys

    from PySide6.QtGui import QImage

    import towers_qt
    from towers_qt.app import first_game

    home = os.path.dirname(os.path.dirname(os.path.abspath(towers_qt.__file__)))
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path),
               PYTHONPATH=home)
    shot = tmp_path / "castles.png"
    run = subprocess.run([sys.executable, "-m", "towers_qt.app", "--screenshot", str(shot), "--game", "castles"],
                         env=env, cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False)
    assert run.returncode == 0, run.stderr
    image = QImage(str(shot))
    assert image.width() >= 1000 and image.height() >= 700
    auto = tmp_path / "autosave.json"
    monkeypatch.setattr(frame, "autosave_path", lambda: auto)
    assert first_game(settings, new=False) == "skirmish"  # nothing saved: the last game started
    auto.write_text(json.dumps({"format": "towers-save", "game": "castles"}))
    assert first_game(settings, new=False) == "castles" and first_game(settings, new=True) == "skirmish"


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "expert"])
def test_the_computer_answers_at_every_level(castles, qtbot, level):
    """Each level the options offer plays on the worker (capped at 200 ms here) and hands back the
    board; the toolbar's Undo then takes both moves back."""
    castles.session.time_ms = 200
    solo(castles, level=level)
    click_move(qtbot, castles, "c3+")
    qtbot.waitUntil(lambda: len(castles.session.actions) == 2, timeout=20000)
    assert castles.session.actions[1] in api.legal_actions(castles.session.positions[1])
    assert castles.board.interactive
    bar = castles.findChild(QToolBar, "GameToolBar")
    qtbot.waitUntil(lambda: bar.widgetForAction(castles.undo_action).isEnabled(), timeout=20000)
    qtbot.mouseClick(bar.widgetForAction(castles.undo_action), Qt.LeftButton)
    assert castles.session.actions == []


def test_first_start_welcome_for_castles_once(castles, settings):
    from towers_qt.app import welcome

    solo(castles, side="N")
    settings.set_welcomed(game_kind("skirmish"))  # Skirmish's welcome seen: Castles still has its own
    welcome(castles, settings)
    text = castles.welcome_box.text()
    assert "Welcome to Castles" in text and "<b>blue</b> pieces" in text and settings.welcomed(game_kind("castles"))
    castles.welcome_box.close()
    castles.welcome_box = None
    welcome(castles, settings)
    assert castles.welcome_box is None  # once only


def test_moves_dock_stays_readable_after_opening_narrow(castles, qtbot):
    """A window restored narrow (a saved geometry on a smaller or 2x screen) must not squeeze the
    Moves dock to a sliver that then stays, and is saved, when the window grows."""
    solo(castles, "normal")
    castles.resize(520, 600)
    qtbot.waitUntil(lambda: castles.width() <= 760)
    castles.resize(1280, 720)
    qtbot.waitUntil(lambda: castles.width() == 1280)
    header = castles.moves.table.horizontalHeader()
    widest = max(header.fontMetrics().horizontalAdvance(line) for line in ("Computer", "· normal"))
    assert castles.moves_dock.width() >= castles.moves.minimumWidth()
    assert widest < header.sectionSize(1)  # the computer's name shows whole


def test_the_colour_blind_scheme_holds_in_castles_too(open_window, settings):
    """A player who chose the colour-blind colours gets them in Castles as well, even when Castles is the
    first window opened (they used to come only from Skirmish's View menu), and can switch them there:
    pieces, the HUD, the move list and the hot-seat names given by colour follow the scheme in use."""
    from PySide6.QtGui import QColor

    from towers_qt.shell import palette

    settings.set_palette("colour-blind")
    try:
        win = open_window(CastlesWindow(settings, autosave=False))
        assert palette.scheme_name() == "colour-blind" and palette.SIDE["S"] == QColor("#c77c00")
        assert win.palette_action is not None and win.palette_action.isChecked()
        win.start_options(GameSetup("hotseat", "normal", None, "S", 5, {"S": "Amber", "N": "Navy"}))
        win.play("c2+")
        assert win.names() == {"S": "Amber", "N": "Navy"}
        assert "Amber" in win.hud.panels["S"].name.text()
        assert win.moves.table.item(0, 0).foreground().color() == QColor("#f0b040")

        win.palette_action.setChecked(False)
        assert settings.palette() == "classic" and palette.SIDE["S"] == QColor("#a8323a")
        assert win.names() == {"S": "Red", "N": "Blue"}
        assert "Red" in win.hud.panels["S"].name.text()
        assert win.hud.panels["S"].name.styleSheet() == f"color: {QColor('#d9737a').name()};"
        assert win.moves.table.item(0, 0).foreground().color() == QColor("#d9737a")
        assert win.moves.table.horizontalHeaderItem(0).text() == "Red"
    finally:
        palette.apply_scheme("classic")


def test_a_player_name_that_is_not_a_colour_stays_when_the_scheme_changes():
    from towers_qt.castles.window import shown_name
    from towers_qt.shell import palette

    try:
        palette.apply_scheme("colour-blind")
        assert shown_name("S", "Red") == "Amber" and shown_name("N", "Blue") == "Navy"
        assert shown_name("S", "Ann") == "Ann" and shown_name("S", "Navy") == "Navy"  # North's word, not South's
    finally:
        palette.apply_scheme("classic")
    assert shown_name("S", "Amber") == "Red"


@pytest.mark.parametrize("kind", ["castles", "skirmish"])
def test_each_game_lists_every_key_of_its_window(kind, open_window, settings):
    """Both windows' View menus end the same way: the colour-blind toggle and Keyboard controls, a
    table of that game's board keys and of every shortcut registered on the window."""
    from PySide6.QtGui import QAction, QKeySequence, QShortcut

    from towers_qt.castles.board.keys import BOARD_KEYS as CASTLES_KEYS
    from towers_qt.shell.keys_dialog import key_text
    from towers_qt.skirmish.board.keyboard import BOARD_KEYS as SKIRMISH_KEYS

    win = open_window((CastlesWindow if kind == "castles" else MainWindow)(settings, autosave=False))
    view = next(a.menu() for a in win.menuBar().actions() if a.text().replace("&", "") == "View")
    texts = [a.text() for a in view.actions() if not a.isSeparator()]
    assert texts[-2:] == ["Colour-blind-safe colours", "Keyboard controls"]
    next(a for a in view.actions() if a.text() == "Keyboard controls").trigger()
    listed = " | ".join(win.keys_dialog.keys())
    registered = [key_text(k) for a in win.findChildren(QAction) for k in a.shortcuts() if not k.isEmpty()]
    registered += [key_text(s.key()) for s in win.findChildren(QShortcut) if not s.key().isEmpty()]
    assert registered and all(key in listed for key in registered)
    for key in (QKeySequence.Undo, QKeySequence.New, QKeySequence.HelpContents, "H", "Esc", "Ctrl+/"):
        assert key_text(QKeySequence(key)) in listed
    board = CASTLES_KEYS if kind == "castles" else SKIRMISH_KEYS
    assert win.keys_dialog.rows[:len(board)] == list(board)
    assert kind == "castles" or "Shift+Enter" in listed
    assert all(what for _, what in win.keys_dialog.rows), "every key says what it does"


@pytest.mark.parametrize("setup", [SOLO, HOTSEAT], ids=["solo", "hotseat"])
def test_a_move_made_while_a_hint_is_sought_drops_the_hint(castles, qtbot, setup):
    """The hint's search stops: in solo the computer then replies (its worker was held by the hint),
    and no one is shown a hint for a position that is gone."""
    s = castles.session
    castles.start_options(setup)
    s.time_ms = 60000  # the hint could not arrive before the move below
    castles.hint_action.trigger()
    assert s.ai.busy and s.asking == "hint"
    shown = []
    s.hintReady.connect(shown.append)
    s.time_ms = 200
    click_move(qtbot, castles, "c3+")
    if setup is SOLO:
        qtbot.waitUntil(lambda: len(s.actions) == 2, timeout=20000)
    else:
        assert not s.ai.busy and s.asking is None
    qtbot.wait(300)
    assert shown == [] and not castles.statusBar().currentMessage().startswith("Hint:")


def test_save_after_a_new_game_asks_where_and_never_overwrites_the_last_games_file(castles, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QFileDialog

    castles.start_options(HOTSEAT)
    castles.session.play("c3+")
    path = tmp_path / "first.json"
    assert castles.save_to(path)
    kept = path.read_text()
    asked = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (asked.append(a), ("", ""))[1])
    castles.start_options(HOTSEAT)
    castles.session.play("b2+")
    castles.save()
    assert len(asked) == 1 and path.read_text() == kept


def _current_ply(castles) -> int:
    item = castles.moves.table.currentItem()
    return item.data(Qt.UserRole)


def test_the_moves_dock_marks_the_move_the_board_shows(castles):
    castles.start_options(HOTSEAT)
    for action in ("c3+", "e5+", "c3n", "e6n"):
        castles.session.play(action)
    assert _current_ply(castles) == 3
    castles.look_back(1)
    assert castles.looking == 1 and _current_ply(castles) == 1
    assert castles.board.shown_towers() == castles.session.positions[2]["board"]
    castles.back_to_game()
    assert _current_ply(castles) == 3


def test_new_game_or_open_while_looking_back_ends_the_review(castles, qtbot, tmp_path):
    """The review belonged to the old game: starting or opening another leaves it cleanly (a shorter
    game raised IndexError on the old review's move)."""
    castles.start_options(HOTSEAT)
    castles.session.play("c3+")
    path = tmp_path / "short.json"
    assert castles.save_to(path)
    for action in ("e5+", "c3n", "e6n"):
        castles.session.play(action)
    castles.look_back(3)
    castles.start_options(HOTSEAT)
    assert castles.looking is None and castles.session.actions == []
    assert castles.board.shown_towers() == api.new_position()["board"] and castles.board.interactive
    for action in ("c3+", "e5+", "c3n"):
        castles.session.play(action)
    castles.look_back(2)
    assert castles.open_path(path)
    assert castles.looking is None and castles.session.actions == ["c3+"]
    assert castles.moves.row_text(0) == "1. c3+" and castles.board.interactive


def test_a_game_that_starts_with_north_to_move_lists_its_moves_in_norths_column(castles):
    start = dict(api.new_position(), to_move="N")
    api.validate(start)
    castles.session.new_game({"S": Player("human", "Ann"), "N": Player("human", "Bob")}, 1, start)
    castles._show_new_game()
    castles.session.play("e5+")
    castles.session.play("c3+")
    castles.session.play("e5s")
    moves = castles.moves
    assert moves.row_text(0) == "1. … e5+" and moves.row_text(1) == "2. c3+ e5s"
    assert [moves.table.item(1, c).data(Qt.UserRole) for c in range(2)] == [1, 2]
    assert moves._ply_colour(0) == moves._ply_colour(2) != moves._ply_colour(1)
    assert _current_ply(castles) == 2
    with_clicks = []
    moves.move_clicked.connect(with_clicks.append)
    moves._clicked(0, 0)  # the "…" cell is no move
    moves._clicked(0, 1)
    assert with_clicks == [0] and castles.looking == 0 and _current_ply(castles) == 0
    castles.back_to_game()
    castles.start_options(HOTSEAT)  # a game from the rules' start: South's column first again
    castles.session.play("c3+")
    assert moves.row_text(0) == "1. c3+"


def test_a_file_of_a_game_the_app_lacks_is_refused_naming_the_registrys_games(castles, tmp_path):
    from towers_qt.shell.save_file import SaveError, game_of

    path = tmp_path / "chess.towers.json"
    path.write_text(json.dumps({"format": "towers-save", "game": "chess", "version": 1}))
    with pytest.raises(SaveError, match='game must be "skirmish", "castles" or "gauntlet"'):
        castles._load(path)
    assert not castles.successor  # the window stays as it was
    # a save from before the app had a choice of games holds the registry's first game
    assert game_of({"format": "towers-save"}) == KEYS[0] == "skirmish"
