"""Renders the README's screenshots offscreen into this folder: `python docs/screenshots/make.py`.

The main window at a seeded mid-game (the computer played both sides at `normal`, so the position is
the same every time) at 1400×900 and on a small 1024×700 screen, an attack preview from that position,
the hot-seat curtain, the muster and new-game dialogs, and the review of that game once South resigns.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
HERE = Path(__file__).resolve().parent
SEED = 11


def main() -> int:
    from PySide6.QtCore import QSettings

    from towers_core.skirmish import api
    from towers_qt.app import make_app, screenshot
    from towers_qt.curtain import Curtain
    from towers_qt.dialogs.attack_preview import AttackPreviewDialog
    from towers_qt.dialogs.muster import MusterDialog
    from towers_qt.dialogs.new_game import NewGameDialog
    from towers_qt.main_window import MainWindow
    from towers_qt.settings import Settings

    app = make_app([sys.argv[0]])
    settings = Settings(QSettings(os.path.join(tempfile.mkdtemp(), "shots.ini"), QSettings.IniFormat))
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
        preview = api.preview_attack(view, action)
        names = {c: i["name"] for c, i in api.CARD_INFO.items()}
        parsed = api.parse_action(action)
        a_card = parsed["card"] or view["board"][parsed["from"]]["card"]
        d_card = view["board"][preview["defender"]]["card"]
        dialog = AttackPreviewDialog(preview, f"{names.get(a_card, 'Card')} {preview['attacker']}",
                                     f"{names.get(d_card, 'face-down card')} {preview['defender']}",
                                     window, a_side="S", card_names=names)
        dialog.show()
        app.processEvents()
        dialog.grab().save(str(HERE / "attack_preview.png"))
        dialog.close()

    for shot, widget in (("muster.png", MusterDialog(window, "S", "Ann", None, settings)),
                         ("new_game.png", NewGameDialog(window, settings, seed=SEED))):
        widget.show()
        app.processEvents()
        widget.grab().save(str(HERE / shot))
        widget.close()

    curtain = Curtain(window)
    curtain.present("N", "Bea", 37, api.describe(api.entry_view(window.session.log[-1], "N")))
    app.processEvents()
    window.grab().save(str(HERE / "curtain.png"))
    curtain.hide()
    review_shot(app, window)
    window.session.shutdown()
    return 0


def review_shot(app, window) -> None:
    """The review of the mid-game once South resigns: every card shown, the evaluation graph."""
    from towers_qt.review.menu import review_session

    window.session.play("resign")
    dialog = review_session(window)
    dialog.resize(1120, 700)
    dialog.show_action(20)
    app.processEvents()
    dialog.grab().save(str(HERE / "review.png"))
    dialog.close()


if __name__ == "__main__":
    sys.exit(main())
