"""Entry point `towers`: the window of the last game played (its autosave resumed), plus
`--screenshot PATH [--game KEY]` and `--smoke-test` (every game of towers_qt.games) for checks."""
from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING

from towers_core.checks import check_seed, output_file, whole_number
from towers_core.errors import BadLevel, TowersError
from towers_qt.games import DEFAULT, KEYS, game_kind

if TYPE_CHECKING:  # Qt is imported only once the options are checked
    from PySide6.QtWidgets import QApplication

    from towers_qt.shell.frame import GameFrame
    from towers_qt.shell.settings import Settings

MAX_SMOKE_TURNS = 1000  # each game's smoke test also stops after two minutes


def parse_args(argv: list[str]) -> argparse.Namespace:
    """The command line, every option checked; a bad one exits 2 with a message naming it."""
    parser = argparse.ArgumentParser(prog="towers", description="Towers — a board game of generals.")
    parser.add_argument("--screenshot", metavar="PATH", help="render the window mid-game to PATH and exit")
    parser.add_argument("--smoke-test", action="store_true", help="play a few AI-vs-AI turns offscreen")
    parser.add_argument("--turns", type=int, default=8, help="turns for --smoke-test")
    parser.add_argument("--seed", type=int, default=None, help="seed of the game to start")
    parser.add_argument("--new", action="store_true", help="do not resume the autosaved game")
    parser.add_argument("--game", choices=KEYS, default=None,
                        help="the game to show (--screenshot) or to start (with --new)")
    args = parser.parse_args(argv)
    try:
        check_options(args)
    except TowersError as err:
        parser.error(str(err))  # a usage error naming the option (exit 2), before any window opens
    return args


def check_options(args: argparse.Namespace) -> None:
    """What argparse cannot check: the seed's range, the smoke test's length, a PNG path that can be written."""
    if args.seed is not None:
        check_seed(args.seed, "--seed", BadLevel)
    whole_number(args.turns, "--turns", 1, MAX_SMOKE_TURNS, BadLevel)
    if args.screenshot is not None:
        output_file(args.screenshot, "--screenshot")


def make_app(argv: list[str]) -> QApplication:
    """The QApplication with the app's names, icon and style sheet."""
    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QApplication

    from towers_qt.shell.paths import resource
    from towers_qt.shell.settings import APPLICATION, ORGANIZATION

    app = QApplication.instance() or QApplication(argv)
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName(APPLICATION)
    app.setApplicationDisplayName("Towers")
    icon = resource("icon/towers.svg")
    if icon.is_file():
        app.setWindowIcon(QIcon(str(icon)))
    style = resource("style.qss")
    if style.is_file():
        app.setStyleSheet(style.read_text(encoding="utf-8"))
    return app


def smoke_test(app: QApplication, turns: int, seed: int) -> int:
    """Computer against computer through the real window of every game; 0 when each showed
    `turns` actions (or its end) with board and log in step."""
    codes = [smoke_game(app, key, turns, seed) for key in KEYS]
    return max(codes)


def smoke_game(app: QApplication, key: str, turns: int, seed: int) -> int:
    """One game's smoke test (see smoke_test)."""
    import tempfile
    import time

    from PySide6.QtCore import QSettings

    from towers_qt.shell.settings import AnimationSpeed, Settings

    store = QSettings(os.path.join(tempfile.mkdtemp(prefix="towers-smoke-"), "smoke.ini"), QSettings.IniFormat)
    settings = Settings(store)
    settings.set_animation_speed(AnimationSpeed.FAST)
    kind = game_kind(key)
    window = kind.window(settings, autosave=False)
    window.show()
    errors: list[str] = []
    window.session.aiFailed.connect(errors.append)
    kind.start_demo(window, seed, 150)
    deadline = time.monotonic() + 120
    while not errors and time.monotonic() < deadline:
        app.processEvents()
        if (len(window.session.log) >= turns or window.session.result) and not window.animating:
            break
        time.sleep(0.005)
    problem = f"the AI failed: {errors[0]}" if errors else kind.smoke_problem(window, turns)
    window.session.shutdown()
    if problem:
        print(f"towers --smoke-test FAILED ({kind.title}): {problem}", file=sys.stderr)
        return 1
    print(f"towers --smoke-test ok ({kind.title}): {len(window.session.log)} actions, board and log in step")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Open the window (or take the --screenshot / --smoke-test); the process's exit code."""
    argv = sys.argv[1:] if argv is None else argv
    args = parse_args(argv)
    if (args.screenshot or args.smoke_test) and "QT_QPA_PLATFORM" not in os.environ:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    app = make_app([sys.argv[0]])
    from towers_qt.shell.settings import Settings

    if args.smoke_test:
        return smoke_test(app, args.turns, 7 if args.seed is None else args.seed)
    settings = Settings()
    if not args.screenshot:
        from towers_qt.shell import sound

        sound.install()  # the audio device, on its own thread (the checks above stay silent)
    kind = game_kind(args.game or (DEFAULT if args.screenshot else first_game(settings, args.new)))
    window = kind.window(settings, autosave=not args.screenshot)
    window.show()
    if args.screenshot:
        window.resize(1400, 900)
        app.processEvents()
        code = kind.screenshot(window, args.screenshot, 11 if args.seed is None else args.seed)
        window.session.shutdown()
        if code:
            print(f"towers: --screenshot: the PNG could not be written to {args.screenshot!r}", file=sys.stderr)
        return code
    if args.new or not window.resume_autosave():
        kind.start_default(window, args.seed)
    window = window.current()  # the autosave may have been the other game's
    welcome(window, settings)
    if not args.new:
        resume_run(window, settings)
    return app.exec()


def first_game(settings: Settings, new: bool) -> str:
    """The game whose window opens first: the autosaved game's (so resuming shows no other window
    first), else the last one started."""
    from towers_qt.shell.frame import autosaved_game

    saved = None if new else autosaved_game()
    return saved if saved in KEYS else settings.last_game(KEYS)


def resume_run(window: GameFrame, settings: Settings) -> None:
    """The Gauntlet run's window over the main one when the run was the last thing played."""
    from towers_qt.gauntlet.run.window import open_run, run_was_last

    if run_was_last():
        open_run(window, settings)


def welcome(window: GameFrame, settings: Settings) -> None:
    """The first start of each game only: which side you are and what to do first."""
    from towers_qt.shell.welcome import show_welcome

    kind = game_kind(window.GAME)
    if settings.welcomed(kind):
        return
    s = window.session
    side = s.humans()[0] if s.humans() else "S"
    window.welcome_box = show_welcome(window, kind.welcome_text(side, s.mode()))
    settings.set_welcomed(kind)


if __name__ == "__main__":
    sys.exit(main())
