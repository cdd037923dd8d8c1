"""What the shell needs from the Gauntlet of Crowns (shell/game.py): its window, options, save
checks, a seeded mid-battle for --screenshot and computer-against-computer play for --smoke-test."""
from __future__ import annotations

import random

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter, QPen, QPixmap
from PySide6.QtWidgets import QWidget

from towers_core.gauntlet import api, randomplay
from towers_qt.gauntlet.board.pieces import PieceItem
from towers_qt.gauntlet.board.style import CONTROL, SIDE, DARK_TILE, FRAME, HOME_TINT, LIGHT_TILE, TILE
from towers_qt.gauntlet.online.lobby import add_menu
from towers_qt.gauntlet.rules_text import welcome_text
from towers_qt.gauntlet.run.window import add_run_menu, open_run
from towers_qt.gauntlet.session import check_state
from towers_qt.gauntlet.window import GauntletWindow
from towers_qt.shell.game import save_grab
from towers_qt.shell.new_game import GameSetup, NewGameDialog, Sides, level_caps, random_seed
from towers_qt.shell.settings import Settings

HOTSEAT_NOTE = ("Crimson drafts and moves first. Pass the device between drafts and look away while the other side "
                "builds: a curtain asks for the device before each Draft and each turn.")
RUN_NOTE = ("The campaign: eleven Battles against the Royals, your banner growing with each one won. "
            "Start opens the run window: your current run continues, or a new one begins.")
SEAT_NOTE = "Against the computer you are Gold: it drafts and moves first, you scout one of its slots."


def gauntlet_sides() -> Sides:
    """The options dialog's words: Crimson (the first seat, moves first) and Gold, the human's seat
    against the computer (§18.1)."""
    try:
        from towers_core.gauntlet.ai.levels import LEVELS as CORE_LEVELS
    except ImportError:
        caps: tuple[tuple[str, int], ...] = ()
    else:
        caps = level_caps(CORE_LEVELS)
    return Sides(game="Gauntlet of Crowns", names=("Crimson", "Gold"), seeded=True, first_by_colour=True,
                 time_caps=caps, human_seats=("N",), seat_note=SEAT_NOTE, hotseat_note=HOTSEAT_NOTE,
                 colours=(SIDE["C"].lighter(140).name(), SIDE["G"].name()),
                 extra_modes=(("run", "Gauntlet run", RUN_NOTE),))


class Gauntlet:
    """The Gauntlet of Crowns as the shell sees it (shell/game.GameKind)."""
    key = "gauntlet"
    title = "Gauntlet of Crowns"
    blurb = "Draft an army in secret, then kill the enemy Royal or claim their Home Row. Hidden units."
    about = "the drafted Battle of the Gauntlet of Crowns: secret armies, hidden units, Royals to slay."
    legacy_keys: dict[str, str] = {}

    def picture(self, size: int) -> QPixmap:
        return picture(size)

    def options(self, parent: QWidget, settings: Settings) -> GameSetup | None:
        dialog = NewGameDialog(parent, settings, sides=gauntlet_sides())
        if dialog.exec() != NewGameDialog.Accepted:
            return None
        setup = dialog.setup()
        if setup.mode == "run":   # the run has its own window and its own save
            open_run(parent, settings)
            return None
        return setup

    def window(self, settings: Settings, autosave: bool) -> GauntletWindow:
        window = GauntletWindow(settings, autosave=autosave)
        add_menu(window)   # Game → Play online…
        add_run_menu(window)   # Game → Gauntlet run…
        return window

    def check_state(self, data: dict) -> dict:
        return check_state(data)

    def start_default(self, window: GauntletWindow, seed: int | None) -> None:
        s = window.settings
        seed = seed if seed is not None else random_seed()
        if s.mode() == "hotseat":
            setup = GameSetup("hotseat", s.level(), None, "S", seed, {"S": "Crimson", "N": "Gold"})
        else:
            setup = GameSetup("computer", s.level(), "N", "S", seed, {"N": s.human_name(), "S": "Computer"})
        window.start_options(setup)

    def screenshot(self, window: GauntletWindow, path: str, seed: int) -> int:
        window.session.restore(midbattle(seed))
        window._show_new_game()
        return save_grab(window, path)

    def start_demo(self, window: GauntletWindow, seed: int, time_ms: int) -> None:
        window.session.time_ms = time_ms
        window.start_demo(seed)

    def smoke_problem(self, window: GauntletWindow, turns: int) -> str | None:
        s = window.session
        if len(s.actions) < turns and s.result is None:
            return f"only {len(s.actions)} of {turns} actions played in time"
        shown = {item.tile for item in window.board.scene_.items() if isinstance(item, PieceItem)}
        if shown != set(s.view(window.viewer)["pieces"]):
            return "the board shows different pieces from the viewer's view"
        if len(window.log_view.texts()) != len(s.entries(window.viewer)):
            return "the Battle Log and the session disagree"
        return None

    def welcome_text(self, side: str, mode: str) -> str:
        return welcome_text(side, mode)


GAME = Gauntlet()


def midbattle(seed: int, turns: int = 9) -> dict:
    """A seeded mid-battle, Gold (you) to move against the computer, as a checked save state:
    random legal armies and random legal actions from the seed (no AI needed)."""
    rng = random.Random(seed)
    armies = {"C": randomplay.random_army(rng), "G": randomplay.random_army(rng)}
    pos = api.new_position(seed, armies, scout="Kn")
    actions: list[str] = []
    while pos["result"] is None and len(actions) < 400 and not (
            pos["turn"] >= turns and pos["to_move"] == "G" and pos["ap"] >= 2):
        action = randomplay.pick(rng, api.legal_actions(pos))
        if action == "resign":
            continue
        pos = api.apply(pos, action)
        actions.append(action)
    players = {"C": {"kind": "ai", "name": "Computer", "level": "normal"},
               "G": {"kind": "human", "name": "You", "level": "normal"}}
    return check_state({"format": "towers-save", "game": "gauntlet", "version": 1, "seed": seed,
                        "players": players, "armies": armies, "scout": "Kn", "actions": actions})


def picture(size: int) -> QPixmap:
    """The chooser's picture: a corner of the field, a Control Tile, a Gold King and a Crimson Queen."""
    pix = QPixmap(size * 2, size * 2)
    pix.fill(FRAME)
    p = QPainter(pix)
    p.setRenderHint(QPainter.Antialiasing)
    n = 4
    cell = size * 2 / n
    for x in range(n):
        for y in range(n):
            r = QRectF(x * cell, y * cell, cell, cell)
            p.fillRect(r, DARK_TILE if (x + y) % 2 == 0 else LIGHT_TILE)
            if y == n - 1:
                p.fillRect(r, HOME_TINT["G"])
            if y == 0:
                p.fillRect(r, HOME_TINT["C"])
    p.setPen(QPen(CONTROL, cell / 14, Qt.DashLine))
    p.drawEllipse(QRectF(1 * cell, 2 * cell, cell, cell).adjusted(cell / 10, cell / 10, -cell / 10, -cell / 10))
    scale = cell / TILE
    for (x, y), q in (((1, 3), _token("G", "Ki", royal=True)), ((2, 0), _token("C", "Qu", burn=[2, 2])),
                      ((3, 1), _token("C", "Kn")), ((2, 2), _token("G", "Rk", sieged=True))):
        p.save()
        p.translate(x * cell, y * cell)
        p.scale(scale, scale)
        PieceItem(f"{'abcd'[x]}{4 - y}", q, 4).paint(p, None)
        p.restore()
    p.end()
    return pix.scaled(size, size, Qt.KeepAspectRatio, Qt.SmoothTransformation)


def _token(side: str, code: str, royal: bool = False, sieged: bool = False, burn: list | None = None) -> dict:
    from towers_core.gauntlet.units import UNITS

    hp = UNITS[code].hp
    return {"side": side, "type": code, "royal": royal, "hp": hp - (1 if side == "C" else 0), "max": hp,
            "done": False, "hidden": False, "sieged": sieged,
            "aff": {"burn": burn or [], "poison": [], "shock": 0, "freeze": 0}, "fx": []}
