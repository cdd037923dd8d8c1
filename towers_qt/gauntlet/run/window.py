"""The run's window: one screen per stage of the core's run (select, foe map, dossier and shop,
story cards) and the Battle in the battle window. Every step goes through `towers_core.gauntlet.run`
and the run is saved after each one (the run store); opening the window resumes the saved run."""
from __future__ import annotations

import time

from PySide6.QtWidgets import (QMainWindow, QMessageBox, QPushButton, QStackedWidget, QVBoxLayout,
                               QWidget)

from towers_core.errors import BadRun
from towers_core.gauntlet import run as R
from towers_qt.gauntlet.run.battle import RunBattleWindow
from towers_qt.gauntlet.run.foe_map import MapScreen
from towers_qt.gauntlet.run.prepare import PrepareScreen
from towers_qt.gauntlet.run.select import SelectScreen, text_label, title_label
from towers_qt.gauntlet.run.store import RunStore
from towers_qt.gauntlet.run.story import StoryCard
from towers_qt.gauntlet.run.words import refusal_words
from towers_qt.shell.settings import Settings

ERASE = "Start a new Gauntlet? The Board remembers only one run: your current run will be erased."
REFUSED = ("The saved Gauntlet run could not be resumed: {problem}\n\nIt was kept aside as {kept}; "
           "nothing was erased.")
PAUSED = "The Battle waits where you left it."


class RunWindow(QMainWindow):
    """The Gauntlet run: `screen()` names the screen shown (select, map, prepare, story, paused, battle)."""

    def __init__(self, settings: Settings | None = None, store: RunStore | None = None,
                 time_ms: int | None = None) -> None:
        super().__init__()
        self.settings = settings or Settings()
        self.store = store or RunStore()
        self.time_ms = time_ms
        self.run: dict | None = None
        self.battle: RunBattleWindow | None = None
        self.box: QMessageBox | None = None
        self._since = time.monotonic()
        self.setWindowTitle("Towers — Gauntlet of Crowns run")
        self.resize(1100, 720)
        self.stack = QStackedWidget()
        self.setCentralWidget(self.stack)
        self.select, self.map, self.prepare, self.story = SelectScreen(), MapScreen(), PrepareScreen(), StoryCard()
        self.paused = self._paused_screen()
        for w in (self.select, self.map, self.prepare, self.story, self.paused):
            self.stack.addWidget(w)
        self.select.chosen.connect(self.begin)
        self.select.back.connect(self.show_stage)
        self.map.picked.connect(lambda foe: self.step(R.choose_foe, foe))
        self.prepare.bought.connect(self.buy)
        self.prepare.fight.connect(lambda: self.step(R.start_battle))
        self.story.proceed.connect(self.go_on)
        menu = self.menuBar().addMenu("&Run")
        menu.addAction("&New Gauntlet run…").triggered.connect(self.ask_new_run)
        menu.addAction("&Close").triggered.connect(self.close)

    def _paused_screen(self) -> QWidget:
        w = QWidget()
        box = QVBoxLayout(w)
        box.addStretch(1)
        box.addWidget(title_label("A Battle in progress", 18))
        box.addWidget(text_label(PAUSED))
        self.return_button = QPushButton("Return to the Battle")
        self.return_button.clicked.connect(self.show_stage)
        box.addWidget(self.return_button)
        box.addStretch(2)
        return w

    # -- the run slot ---------------------------------------------------------------------------
    def resume(self) -> None:
        """Show the saved run, or the select screen; a refused save is kept aside and explained."""
        self.run = self.store.load()
        if self.store.problem is not None:
            self._notice(REFUSED.format(problem=self.store.problem, kept=self.store.kept or "it was"))
        self._since = time.monotonic()
        self.show_stage()

    def ask_new_run(self) -> None:
        """A new run; with a run under way, only after the player agrees to erase it."""
        if self.run is None or self.run["stage"] == "over":
            self._show_select(None)
            return
        box = QMessageBox(QMessageBox.Question, "New Gauntlet run", ERASE,
                          QMessageBox.Yes | QMessageBox.Cancel, self)
        box.button(QMessageBox.Yes).setText("Erase and start anew")
        box.setDefaultButton(QMessageBox.Cancel)
        box.finished.connect(lambda _: self._show_select(self.run) if box.clickedButton() is
                             box.button(QMessageBox.Yes) else None)
        self.box = box
        box.open()

    def begin(self, mode: str, seed: int) -> None:
        self._close_battle()
        self.store.erase()
        self.run = R.new_run(mode, seed)
        self.settings.set_run_time(self.run["run_seed"], 0)
        self._since = time.monotonic()
        self.keep(self.run)
        self.show_stage()

    def keep(self, run: dict) -> None:
        """The run after a step: saved at once (an ended run's slot is erased)."""
        self.run = run
        seconds = self.elapsed_seconds()
        self._since = time.monotonic()
        self.settings.set_run_time(run["run_seed"], seconds)
        if run["stage"] == "over":
            self.store.erase()
        else:
            self.store.save(run)

    def elapsed_seconds(self) -> int:
        if self.run is None:
            return 0
        return self.settings.run_time(self.run["run_seed"]) + int(time.monotonic() - self._since)

    # -- steps ----------------------------------------------------------------------------------
    def step(self, how, *args) -> None:
        self.keep(how(self.run, *args))
        self.show_stage()

    def buy(self, kind: str, slot: str, path: str) -> None:
        """A purchase; the core's refusal (its reason) is shown and nothing changes."""
        try:
            run = R.buy_perk(self.run, slot) if kind == "perk" else R.buy_research(self.run, slot, path)
        except BadRun as exc:
            self.prepare.show_run(self.run, refusal_words(self.run, kind, slot, path, str(exc)))
            return
        self.keep(run)
        self.prepare.show_run(run)

    def go_on(self) -> None:
        stage = self.run["stage"]
        if stage == "over":
            self.run = None
            self._show_select(None)
        elif stage == "crown":
            self.step(R.enter_endless)
        else:
            self.step(R.proceed)

    # -- screens --------------------------------------------------------------------------------
    def screen(self) -> str:
        if self.battle is not None and self.battle.isVisible():
            return "battle"
        return {self.select: "select", self.map: "map", self.prepare: "prepare", self.story: "story",
                self.paused: "paused"}[self.stack.currentWidget()]

    def show_stage(self) -> None:
        run = self.run
        if run is None:
            self._show_select(None)
        elif run["stage"] == "choose":
            self.map.show_run(run)
            self._show(self.map)
        elif run["stage"] == "prepare":
            self.prepare.show_run(run)
            self._show(self.prepare)
        elif run["stage"] == "battle":
            self._open_battle()
        else:
            self.story.show_run(run, clock(self.elapsed_seconds()))
            self._show(self.story)

    def _show_select(self, current: dict | None) -> None:
        """Select your Gauntlet; `current` is the run a new one would erase (None: none)."""
        self.select.show_current(current)
        self._show(self.select)

    def _show(self, widget: QWidget) -> None:
        self.stack.setCurrentWidget(widget)
        tested = " · tested" if self.run and self.run["tested"] else ""
        self.setWindowTitle(f"Towers — Gauntlet of Crowns run{tested}")
        if not self.isVisible():
            self.show()

    # -- the Battle -----------------------------------------------------------------------------
    def _open_battle(self) -> None:
        if self.battle is None:
            self.battle = RunBattleWindow(self.settings, self.time_ms)
            self.battle.session.runChanged.connect(self.keep)
            self.battle.battleOver.connect(self._battle_over)
            self.battle.left.connect(lambda: self._show(self.paused))
        self.battle.setGeometry(self.geometry())
        self.battle.begin(self.run)
        self.battle.show()
        self.hide()

    def _battle_over(self) -> None:
        self._close_battle()
        self.show_stage()

    def _close_battle(self) -> None:
        battle, self.battle = self.battle, None
        if battle is not None:
            battle.handed_back = True
            battle.close()
            battle.deleteLater()

    def _notice(self, text: str) -> None:
        box = QMessageBox(QMessageBox.Warning, "Gauntlet run", text, QMessageBox.Ok, self)
        self.box = box
        box.open()

    def closeEvent(self, event) -> None:
        if self.run is not None and self.run["stage"] != "over":
            self.keep(self.run)
        self._close_battle()
        super().closeEvent(event)


def clock(seconds: int) -> str:
    """"1 h 04 min" or "12 min"."""
    hours, minutes = divmod(seconds // 60, 60)
    return f"{hours} h {minutes:02d} min" if hours else f"{minutes} min"


def open_run(parent: QWidget, settings: Settings) -> RunWindow:
    """Game ▸ Gauntlet run…: the run window, resuming the saved run (kept referenced by `parent`)."""
    window = getattr(parent, "run_window", None)
    if window is None:
        window = RunWindow(settings)
        parent.run_window = window
    window.resume()
    window.show()
    window.raise_()
    return window


def add_run_menu(window: QMainWindow) -> None:
    """Game ▸ Gauntlet run… in a Gauntlet window, after the file actions."""
    from PySide6.QtGui import QAction

    game = window.menuBar().actions()[0].menu()
    action = QAction("&Gauntlet run… (new or continue)", window)
    action.triggered.connect(lambda: open_run(window, window.settings))
    game.insertAction(next((a for a in game.actions() if a.isSeparator()), None), action)


def run_was_last(store: RunStore | None = None) -> bool:
    """Whether the run was the last thing played: its slot saved after the app's autosave."""
    from towers_qt.shell.frame import autosave_path

    store = store or RunStore()
    if not store.exists():
        return False
    autosave = autosave_path()
    return not autosave.exists() or store.path.stat().st_mtime >= autosave.stat().st_mtime
