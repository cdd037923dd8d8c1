"""Renders the README's screenshots offscreen into this folder: `python docs/screenshots/make.py`.

Skirmish: the main window at a seeded mid-game (the computer played both sides at `normal`, so the
position is the same every time) at 1400×900 and on a small 1024×700 screen, an attack preview from
that position, the hot-seat curtain, the muster and new-game dialogs, and the review of that game
once South resigns. Castles at 1366×768: its seeded mid-game in 3D, in 2D, with a push previewed,
and the Learn window.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
HERE = Path(__file__).resolve().parent
SEED = 11


def main() -> int:
    from PySide6.QtCore import QSettings

    from towers_qt.app import make_app
    from towers_qt.shell.settings import Settings

    app = make_app([sys.argv[0]])
    settings = Settings(QSettings(os.path.join(tempfile.mkdtemp(), "shots.ini"), QSettings.IniFormat))
    skirmish_shots(app, settings)
    castles_shots(app, settings)
    return 0


def skirmish_shots(app, settings) -> None:
    from towers_core.skirmish import api
    from towers_qt.shell.curtain import Curtain
    from towers_qt.shell.new_game import NewGameDialog
    from towers_qt.skirmish.dialogs.attack_preview import AttackPreviewDialog
    from towers_qt.skirmish.dialogs.muster import PREFERRED, MusterDialog
    from towers_qt.skirmish.game import screenshot, skirmish_sides
    from towers_qt.skirmish.window import MainWindow

    window = MainWindow(settings, autosave=False)
    window.resize(1400, 900)
    window.show()
    window.resize(1024, 700)
    app.processEvents()
    screenshot(window, str(HERE / "small.png"), SEED)
    window.resize(1400, 900)
    app.processEvents()
    screenshot(window, str(HERE / "main.png"), SEED)

    view = window.session.view()
    attacks = [a for a in api.legal_actions(view) if "x" in a]
    if attacks:
        action = attacks[0]
        parsed = api.parse_action(action)
        a_card = parsed["card"] or view["board"][parsed["from"]]["card"]
        d_card = view["board"][parsed["target"]]["card"]
        d_name = api.card_name(d_card) if d_card != "?" else "Face-down card"
        dialog = AttackPreviewDialog(api.preview_attack(view, action), api.card_name(a_card),
                                     f"{d_name} on {parsed['target']}", window, a_side="S")
        dialog.show()
        app.processEvents()
        dialog.grab().save(str(HERE / "attack_preview.png"))
        dialog.close()

    muster = MusterDialog(window, "S", "Ann", None, settings)
    muster.resize(PREFERRED.width(), 768 - 80)  # as a 1366×768 screen gives it
    for shot, widget in (("muster.png", muster),
                         ("new_game.png", NewGameDialog(window, settings, seed=SEED, sides=skirmish_sides()))):
        widget.show()
        app.processEvents()
        widget.grab().save(str(HERE / shot))
        widget.close()

    curtain = Curtain(window)
    curtain.present("N", "Bea", 37, api.describe(api.entry_view(window.session.log[-1], "N")))
    curtain.offer_undo("Ann")
    app.processEvents()
    window.grab().save(str(HERE / "curtain.png"))
    curtain.hide()
    review_shot(app, window)
    window.session.shutdown()


def review_shot(app, window) -> None:
    """The review of the mid-game once South resigns: every card shown, the evaluation graph."""
    from towers_qt.skirmish.review.menu import review_session

    window.session.play("resign")
    dialog = review_session(window)
    dialog.resize(1120, 700)
    dialog.show_action(20)
    app.processEvents()
    dialog.grab().save(str(HERE / "review.png"))
    dialog.close()


def castles_shots(app, settings) -> None:
    from PySide6.QtTest import QTest

    from towers_qt.castles.dialogs.learn import LearnDialog
    from towers_qt.castles.game import GAME
    from towers_qt.castles.window import CastlesWindow

    window = CastlesWindow(settings, autosave=False)
    window.resize(1366, 768)
    window.show()
    app.processEvents()
    GAME.screenshot(window, str(HERE / "castles_3d.png"), SEED)
    board = window.board
    square = max(board.legal, key=lambda a: len(window.session.position["board"][a[:2]]))[:2]
    board.select_square(square)
    board.bar.arm(next(iter(board.bar.buttons)))
    QTest.qWait(600)  # the action bar slides in
    window.grab().save(str(HERE / "castles_preview.png"))
    board.cancel_selection()
    board.set_mode("2d")
    app.processEvents()
    window.grab().save(str(HERE / "castles_2d.png"))
    board.set_mode("3d")
    learn = LearnDialog(window, settings.store)
    learn.board.set_animation_speed(0)
    learn.resize(1100, 728)
    learn.show()
    for _ in range(13):
        learn.go_forward()
    app.processEvents()
    learn.grab().save(str(HERE / "castles_learn.png"))
    learn.close()
    window.session.shutdown()


if __name__ == "__main__":
    sys.exit(main())
