"""Entry point `towers`: the window, plus `--screenshot PATH` and `--smoke-test` for checks."""
from __future__ import annotations

import argparse
import os
import sys

OFFSCREEN_FLAGS = ("--screenshot", "--smoke-test")


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="towers", description="Towers — a board game of generals.")
    parser.add_argument("--screenshot", metavar="PATH", help="render the window mid-game to PATH and exit")
    parser.add_argument("--smoke-test", action="store_true", help="play a few AI-vs-AI turns offscreen")
    parser.add_argument("--turns", type=int, default=8, help="turns for --smoke-test")
    parser.add_argument("--seed", type=int, default=None, help="seed of the game to start")
    parser.add_argument("--new", action="store_true", help="do not resume the autosaved game")
    return parser.parse_args(argv)


def make_app(argv: list[str]):
    """The QApplication with the app's names, icon and style sheet."""
    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QApplication

    from .paths import resource
    from .settings import APPLICATION, ORGANIZATION

    app = QApplication.instance() or QApplication(argv)
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName(APPLICATION)
    app.setApplicationDisplayName("Towers")
    icon = resource("icon/towers.png")
    if icon.is_file():
        app.setWindowIcon(QIcon(str(icon)))
    style = resource("style.qss")
    if style.is_file():
        app.setStyleSheet(style.read_text(encoding="utf-8"))
    return app


def default_setup(settings, seed: int | None):
    """A game with the remembered choices, so the first start is playable at once."""
    from .dialogs.new_game import GameSetup, random_seed

    mode = settings.mode()
    human = settings.human_side()
    names = settings.player_names() if mode == "hotseat" else {
        human: settings.human_name(), ("N" if human == "S" else "S"): "Computer"}
    return GameSetup(mode=mode, level=settings.level(), human_side=human if mode == "computer" else None,
                     first=None, seed=seed if seed is not None else random_seed(), names=names)


def demo_setup(seed: int):
    """Computer against computer (screenshot and smoke test)."""
    from .dialogs.new_game import GameSetup

    return GameSetup(mode="computer", level="easy", human_side=None, first=None, seed=seed,
                     names={"S": "South", "N": "North"})


def midgame(seed: int, plies: int = 36) -> dict:
    """A seeded mid-game with South to move, both sides played by the computer at `normal` (node
    budgets, so the same seed always gives the same position), as a checked save state."""
    from towers_core.skirmish import api

    from .session import Player, Session, check_state

    scratch = Session(time_ms=0)
    scratch.new_game({"S": Player("human", "South"), "N": Player("human", "North")}, seed)
    while scratch.result is None and (len(scratch.log) < plies or scratch.to_move != "S"):
        side = scratch.to_move
        view = api.view(scratch.position, side)
        scratch.play(api.choose_action(view, scratch.histories[side], "normal", seed + len(scratch.log)))
    scratch.players["N"] = Player("ai", "Computer", "easy")
    scratch.viewer = "S"
    scratch._undo = []  # its undo points include North's moves, now the computer's
    state = check_state(scratch.to_dict())
    scratch.shutdown()
    return state


def screenshot(window, path: str, seed: int) -> int:
    """Show a seeded mid-game in the window and save the window as a PNG."""
    window.animations_enabled = False
    window.session.restore(midgame(seed))
    window.log.reset()
    window.after_turn()
    if window.session.log:
        from .main_window import last_squares

        window.scene.set_last(last_squares(window.session.log[-1]))
    from PySide6.QtWidgets import QApplication

    for _ in range(3):
        QApplication.processEvents()
    return 0 if window.grab().save(path) else 1


def smoke_test(app, turns: int, seed: int) -> int:
    """Computer against computer through the real window; 0 when `turns` actions were shown."""
    import tempfile
    import time

    from PySide6.QtCore import QSettings

    from .main_window import MainWindow
    from .settings import AnimationSpeed, Settings

    store = QSettings(os.path.join(tempfile.mkdtemp(prefix="towers-smoke-"), "smoke.ini"), QSettings.IniFormat)
    settings = Settings(store)
    settings.set_animation_speed(AnimationSpeed.FAST)
    window = MainWindow(settings, autosave=False)
    window.session.time_ms = 150
    window.show()
    errors: list[str] = []
    window.session.aiFailed.connect(errors.append)
    window.start_game(demo_setup(seed), ai_sides={"S", "N"})
    deadline = time.monotonic() + 120
    while not errors and time.monotonic() < deadline:
        app.processEvents()
        if (len(window.session.log) >= turns or window.session.result) and not window.animating:
            break
        time.sleep(0.005)
    problem = smoke_problem(window, turns, errors)
    window.session.shutdown()
    if problem:
        print(f"towers --smoke-test FAILED: {problem}", file=sys.stderr)
        return 1
    print(f"towers --smoke-test ok: {len(window.session.log)} actions, board and log in step")
    return 0


def smoke_problem(window, turns: int, errors: list[str]) -> str | None:
    s = window.session
    if errors:
        return f"the AI failed: {errors[0]}"
    if len(s.log) < turns and s.result is None:
        return f"only {len(s.log)} of {turns} actions played in time"
    if set(window.scene.cards) != set(s.view()["board"]):
        return "the board shows different squares from the position"
    if window.log.list.count() != len(s.log):
        return f"the log shows {window.log.list.count()} entries for {len(s.log)} actions"
    return None


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    args = parse_args(argv)
    if (args.screenshot or args.smoke_test) and "QT_QPA_PLATFORM" not in os.environ:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    app = make_app([sys.argv[0]])
    from .main_window import MainWindow
    from .settings import Settings

    if args.smoke_test:
        return smoke_test(app, args.turns, args.seed or 7)
    settings = Settings()
    window = MainWindow(settings, autosave=not args.screenshot)
    window.show()
    if args.screenshot:
        window.resize(1400, 900)
        app.processEvents()
        code = screenshot(window, args.screenshot, args.seed or 11)
        window.session.shutdown()
        return code
    if args.new or not window.resume_autosave():
        window.start_game(default_setup(settings, args.seed))
    welcome(window, settings)
    return app.exec()


def welcome(window, settings) -> None:
    """The first start only: which side you are and what to do first."""
    from .board.palette import colour_word
    from .welcome import show_welcome

    if settings.welcomed():
        return
    s = window.session
    side = s.humans()[0] if s.humans() else "S"
    window.welcome_box = show_welcome(window, side, s.mode(), colour_word(side))
    settings.set_welcomed()


if __name__ == "__main__":
    sys.exit(main())
