"""Castles's main window: the HUD and the board in the middle, the Moves dock, its menus, and the
game's flow (a move, its animation, the autosave, the computer's turn, the end). Files, autosave,
the thinking indicator and the game switch are the shell's (shell/frame.py).

Castles hides nothing, so there is no curtain: in hot-seat the board simply serves whoever is to
move. Clicking a move in the Moves dock shows the board after it, read-only, until "Back to the
game" (or Escape).
"""
from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QPushButton

from towers_core.board import PLAYERS
from towers_qt.castles.board.describe import action_words
from towers_qt.castles.board.widget import CastlesBoard
from towers_qt.castles.board.hud import CastlesHud
from towers_qt.castles.board.keys import BOARD_KEYS
from towers_qt.castles.docks.move_list import MoveList
from towers_qt.castles.rules_text import game_over_text, rules_html
from towers_qt.castles.session import CastlesSession
from towers_qt.castles import sounds
from towers_qt.shell.frame import GameFrame
from towers_qt.shell.new_game import GameSetup
from towers_qt.shell.palette import SCHEMES, colour_word
from towers_qt.shell.players import Player
from towers_qt.shell.settings import ANIMATION_MS, AnimationSpeed, Settings
from towers_qt.shell.sound import Sound, ending


def side_names() -> dict[str, str]:
    """Castles's sides are called by their pieces' colour ("Red", "Blue"; the colour-blind palette's
    words with it)."""
    return {p: colour_word(p).capitalize() for p in PLAYERS}


def shown_name(side: str, name: str) -> str:
    """A player named by their side's colour in some scheme (hot-seat's default, "Red") is called by the
    colour in use ("Amber" once the colour-blind scheme is on); any other name stays."""
    words = {scheme.words[side].capitalize() for scheme in SCHEMES.values()}
    return side_names()[side] if name in words else name


class CastlesWindow(GameFrame):
    """The Castles main window: HUD, the board and its action bar, the Moves dock."""
    GAME = "castles"

    def __init__(self, settings: Settings | None = None, session: CastlesSession | None = None,
                 autosave: bool = True) -> None:
        super().__init__(settings, autosave)
        self.session = session or CastlesSession(self)
        self.sound, self.cues = Sound(self.settings), []
        self.looking: int | None = None  # the move whose board is shown read-only
        self.review_dialog = None
        self.rules_window = None
        self.learn_dialog = None
        self.setWindowTitle("Towers — Castles")
        self.setObjectName("CastlesWindow")
        self._build_centre()
        self.moves = MoveList()
        self.moves_dock = self._dock("Moves", "CastlesMovesDock", self.moves, Qt.RightDockWidgetArea)
        self.moves.move_clicked.connect(self.look_back)
        self._build_menus()
        self._build_status()
        self._connect_session()
        self._keep_statistics()
        self._restore_layout()

    # -- construction -----------------------------------------------------------------------
    def _build_centre(self) -> None:
        self.hud = CastlesHud()
        self.board = CastlesBoard(self.settings.store)
        self.back_button = QPushButton("Back to the game")
        self.back_button.setObjectName("BackToGame")
        self.back_button.clicked.connect(self.back_to_game)
        self.back_button.hide()
        self._set_field("CastlesField", (6, 6, 6, 0), self.hud, self.back_button, self.board, grow=self.board)
        self.board.action_chosen.connect(self.play)
        self.board.animation_finished.connect(self._animation_done)

    def _build_menus(self) -> None:
        game = self.menuBar().addMenu("&Game")
        self._file_actions(game)
        game.addSeparator()
        self.undo_action = self._menu_action(game, "&Undo move", self.undo, QKeySequence.Undo)
        self.hint_action = self._menu_action(game, "&Hint", self.ask_hint, "H")
        self.resign_action = self._menu_action(game, "&Resign…", self.confirm_resign)
        game.addSeparator()
        self._statistics_action(game)
        self.review_action = self._menu_action(game, "Re&view game", self.review_game)
        game.aboutToShow.connect(lambda: self.review_action.setEnabled(self.session.result is not None))
        self._quit_action(game)
        view = self.menuBar().addMenu("&View")
        view.addAction(self.moves_dock.toggleViewAction())
        self._game_toolbar(view, [self.undo_action, self.hint_action, self.resign_action],
                           "Undo, Hint and Resign")
        self._speed_menu(view)
        self.sound_action = self.sound.add_to(view)
        self._palette_action(view)
        self._keys_action(view, BOARD_KEYS)
        help_ = self.menuBar().addMenu("&Help")
        self._menu_action(help_, "&Rules of Castles", self.show_rules, QKeySequence.HelpContents)
        self._menu_action(help_, "&Learn Castles…", self.show_learn)
        self._menu_action(help_, "&About Towers", self.show_about)
        self._escape_action(self.back_to_game, "Cancel the selection, or end a look-back")
        self.step_actions = [self._step_action("Previous move", Qt.Key_Left, -1),
                             self._step_action("Next move", Qt.Key_Right, 1)]

    def _step_action(self, text: str, key: Qt.Key, step: int) -> QAction:
        """← / → while looking back: the move before or after (off otherwise: the board's cursor keys)."""
        action = QAction(text, self)
        action.setShortcut(QKeySequence(key))
        action.setEnabled(False)
        action.triggered.connect(lambda: self.look_back(self.looking + step) if self.looking is not None else None)
        self.addAction(action)
        return action

    def _default_layout(self) -> None:
        self.resizeDocks([self.moves_dock], [max(250, self.width() // 5)], Qt.Horizontal)

    # -- games ------------------------------------------------------------------------------
    def start_options(self, setup: GameSetup) -> None:
        """Start the game the options dialog settled (Light always moves first)."""
        ai = setup.ai_side
        default = side_names()
        players = {p: Player("ai" if p == ai else "human", setup.names.get(p, default[p]), setup.level)
                   for p in PLAYERS}
        self.looking = None  # before the session changes: a review of the old game has no place in the new
        self.session.new_game(players, setup.seed)
        self.forget_file()
        self._show_new_game()

    def take_over(self, state: dict, name: str) -> None:
        """An opened game replaces the one under review: the review ends before the session changes."""
        self.looking = None
        super().take_over(state, name)

    def _show_new_game(self) -> None:
        """After a new game, a load or a resume: the present board, then whatever comes next."""
        self.looking = None
        self.animating = False
        self.statusBar().clearMessage()
        self.after_turn()

    # -- refreshing -------------------------------------------------------------------------
    def names(self) -> dict[str, str]:
        """The players' names, a side's colour word following the scheme in use (shown_name)."""
        return {p: shown_name(p, n) for p, n in super().names().items()}

    def recolour(self) -> None:
        """Each tower keeps a cached picture: all are drawn again in the new colours."""
        for item in self.board.scene.items():
            item.update()
        self.moves.recolour()
        self.refresh()

    def refresh(self) -> None:
        """Bring the HUD, the board and the Moves dock in line with the session."""
        s = self.session
        if not s.position:
            return
        names = self.names()
        thinking = s.ai.busy and s.asking == "move"
        if self.looking is not None:
            i = self.looking
            self.board.show_position(s.positions[i + 1], s.actions[i], [], False, s.positions[i])
            self.hud.update_from(s.positions[i + 1], names, False,
                                 past=f"Looking back: after move {i + 1} of {len(s.actions)} (← → step, Esc returns)")
        elif not self.animating:
            last, before = (s.actions[-1], s.positions[-2]) if s.actions else (None, None)
            self.board.show_position(s.position, last, s.legal_actions(), s.human_to_move(), before)
            self.hud.update_from(s.position, names, thinking, self._your_turn())
        self.moves.set_moves(s.actions, names, s.positions[0]["to_move"], self.looking)
        self.back_button.setVisible(self.looking is not None)
        self.update_actions()

    def update_actions(self) -> None:
        s = self.session
        present = self.looking is None and not self.animating
        for action in self.step_actions:
            action.setEnabled(self.looking is not None)
        refusal = s.undo_refusal()
        self.undo_action.setEnabled(present and refusal is None)
        self.undo_action.setToolTip(refusal or "Take back your move" + (" and the reply" if s.mode() == "solo" else ""))
        self.hint_action.setEnabled(present and s.human_to_move() and not s.ai.busy)
        self.resign_action.setEnabled(present and s.human_to_move())

    def _show_thinking(self, on: bool) -> None:
        super()._show_thinking(on)
        if self.session.position and self.looking is None and not self.animating:
            self.hud.update_from(self.session.position, self.names(), on and self.session.asking == "move",
                                 self._your_turn())

    def _your_turn(self) -> bool:
        """The one human of a solo game is to move: "Your turn" rather than "<name> to move"."""
        return self.session.human_to_move() and self.session.mode() == "solo"

    # -- playing ----------------------------------------------------------------------------
    def play(self, action: str) -> None:
        """A move chosen on the board (or Resign); the core refuses anything illegal."""
        if self.looking is not None or not self.session.human_to_move():
            return
        self.statusBar().clearMessage()
        try:
            self.session.play(action)
        except ValueError as exc:
            self.show_error("That move cannot be played", str(exc))

    def on_action_played(self, action: str, before: dict) -> None:
        """Animate the move on the board, then carry on."""
        s = self.session
        self.cues = sounds.cues(before, action, s.position) + ending(s.result, s.humans())
        speed = ANIMATION_MS[self.settings.animation_speed()] / ANIMATION_MS[AnimationSpeed.NORMAL]
        if speed <= 0 or not self.isVisible() or not self.animations_enabled or self.looking is not None:
            self.sound.cue(self.cues)
            self.after_turn()
            return
        self.animating = True
        self.sound.cue(self.cues, "start")
        self.board.set_animation_speed(speed)
        self.board.animate(before, action, self.session.position)

    def _animation_done(self) -> None:
        if self.animating:
            self.animating = False
            self.sound.cue(self.cues)
            self.after_turn()

    def confirm_resign(self) -> None:
        if not self.session.human_to_move():
            return
        self._ask_resign("Give up this game of Castles?")

    def show_game_over(self) -> None:
        """Who won and why, castles and crowns side by side, then New game, Review game or Close."""
        from towers_core.castles import api
        from towers_qt.shell.game_over import GameOverDialog, ScoreTable

        s = self.session
        names = self.names()
        readings = api.readings(s.position)
        winner = s.result.get("winner")
        table = ScoreTable([("Castles held", readings["castles"]), ("Crowns", readings["crowns"])], names, winner)
        viewer = s.humans()[0] if s.mode() == "solo" else None
        dialog = GameOverDialog("Castles over", winner, viewer, names, game_over_text(s.position, names), table,
                                f"{len(s.actions)} moves played", self,
                                "Step through the game with the computer's view of who was ahead")
        dialog.review_requested.connect(self.review_game)
        self._open_game_over(dialog)

    def review_game(self) -> None:
        """Game ▸ Review game: the finished game, move by move, with the computer's evaluation."""
        from towers_qt.castles.review import CastlesReview

        s = self.session
        if s.result is None or not s.actions:
            return
        self.review_dialog = CastlesReview(list(s.positions), list(s.actions), self.names(), self.settings.store, self)
        self.review_dialog.open()

    # -- undo, hint, looking back -----------------------------------------------------------
    def undo(self) -> None:
        """Against the computer: your last move and its reply (or its search); hot-seat: one move."""
        if self.animating or self.looking is not None or not self.session.undo():
            return
        self.statusBar().clearMessage()
        self.refresh()

    def ask_hint(self) -> None:
        if self.looking is None and self.session.request_hint():
            self.statusBar().showMessage("Asking the computer for a hint…")

    def show_hint(self, action: str) -> None:
        if self.session.human_to_move() and self.looking is None:
            self.board.suggest(action)
        self.statusBar().showMessage(f"Hint: {action} — {action_words(action)}")  # until the next move

    def look_back(self, index: int) -> None:
        """Show the board after move `index`, read-only; the game itself waits."""
        if self.animating or not 0 <= index < len(self.session.actions):
            return
        self.looking = index
        self.refresh()

    def back_to_game(self) -> None:
        if self.looking is not None:
            self.looking = None
            self.refresh()
        else:
            self.board.cancel_selection()

    # -- help -------------------------------------------------------------------------------
    def show_rules(self) -> None:
        from towers_qt.shell.rules_window import RulesWindow

        self.rules_window = RulesWindow(self, rules_html(), "Towers — Rules of Castles")
        self.rules_window.show()

    def show_learn(self) -> None:
        """Help → Learn Castles: the guided tour, beside the game."""
        from towers_qt.castles.dialogs.learn import LearnDialog
        from towers_qt.shell.fit import fit_to_screen

        self.learn_dialog = LearnDialog(self, self.settings.store)
        self.learn_dialog.new_game_requested.connect(lambda: QTimer.singleShot(0, self.new_game_dialog))
        fit_to_screen(self.learn_dialog)  # no taller than the screen it opens on
        self.learn_dialog.open()
