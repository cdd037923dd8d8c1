"""Skirmish's main window: the battlefield in the middle, Barrack/Dominance/Log docks, its menus,
the turn banner, the hot-seat curtain and the game's flow between them. Files, autosave, the
thinking indicator and the game switch are the shell's (shell/frame.py)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEventLoop, Qt, QTimer
from PySide6.QtGui import QActionGroup, QCursor, QFont, QFontMetrics, QIcon, QKeySequence
from PySide6.QtWidgets import QDockWidget

from towers_core.board import SIDE_NAMES
from towers_core.skirmish import api
from towers_qt.shell.elided import ElidedLabel
from towers_qt.shell.frame import GameFrame
from towers_qt.shell.log_dock import LogWidget
from towers_qt.shell.look import SERIF
from towers_qt.shell.names import turn_text, verb, with_names
from towers_qt.shell.palette import SIDE
from towers_qt.shell.paths import resource
from towers_qt.shell.players import other
from towers_qt.shell.save_file import SaveError
from towers_qt.shell.settings import Settings
from towers_qt.shell.sound import Sound, ending
from towers_qt.skirmish import sounds
from towers_qt.skirmish.board.action_bar import ActionBar, action_label
from towers_qt.skirmish.board.animations import EntryAnimator, run
from towers_qt.skirmish.board.controller import BoardController
from towers_qt.skirmish.board.keyboard import BOARD_KEYS
from towers_qt.skirmish.board.keyboard import BoardKeys
from towers_qt.skirmish.board.marks import LastAction, last_action
from towers_qt.skirmish.board.scene import BoardScene
from towers_qt.skirmish.board.view import BoardView
from towers_qt.skirmish.docks.barrack import BarrackWidget
from towers_qt.skirmish.docks.dominance import DominanceWidget
from towers_qt.skirmish.layout import fit_docks, start_widths
from towers_qt.skirmish.log_text import show_log
from towers_qt.skirmish.replay import Replay
from towers_qt.skirmish.review.menu import install as install_review
from towers_qt.skirmish.review.menu import review_session
from towers_qt.skirmish.session import Player, Session, new_game_id

if TYPE_CHECKING:
    from towers_qt.shell.new_game import GameSetup

REASON_TEXT = {"king": "the King is captured", "empty": "an empty board", "resign": "by resignation",
               "dominance": "by Dominance", "passes": "on the score after two passes",
               "long-game": "on the score after 400 actions"}
BANNER_PT, BANNER_SMALL_PT = 13, 10.5  # a turn in one line; a looked-back action in up to two


class MainWindow(GameFrame):
    """The Skirmish main window: the battlefield, the Barrack, Dominance and Log docks, the banner
    and, in hot-seat, the curtain."""
    GAME = "skirmish"

    def __init__(self, settings: Settings | None = None, session: Session | None = None,
                 autosave: bool = True) -> None:
        super().__init__(settings, autosave)
        self.session = session or Session(self)
        self.sound, self.cues = Sound(self.settings), []
        self.animation = None
        self.animator: EntryAnimator | None = None
        self.preview_dialog = None
        self.over_dialog = None
        self.curtain = None
        self.at_device: str | None = None  # the hot-seat player who last confirmed holding the device
        self._mustering = False
        self._tucked: list[QDockWidget] = []
        self.hinted: str | None = None  # the action the last hint suggested, until the next move
        self.shown_view: dict | None = None
        self.setWindowTitle("Towers")
        self.setObjectName("MainWindow")
        icon = resource("icon/towers.svg")
        if icon.is_file():
            self.setWindowIcon(QIcon(str(icon)))
        self._build_board()
        self._build_docks()
        self._build_menus()
        self.keys = BoardKeys(self.view, self.controller, self.barrack, lambda: self.decide(["pass"]))
        install_review(self)
        self._build_status()
        self._connect_session()
        self._keep_statistics()
        self.replay = Replay(self)
        self._restore_layout()

    # -- construction -----------------------------------------------------------------------
    def _build_board(self) -> None:
        self.scene = BoardScene(self)
        self.view = BoardView(self.scene)
        self.bar = ActionBar()
        self.banner = ElidedLabel(min_width=120, max_hint=400, wrap=True)  # a long look-back: two lines, then "…"
        self.banner.setObjectName("TurnBanner")
        self.banner.setAlignment(Qt.AlignCenter)
        self.banner.setFixedHeight(banner_height())  # a wrapped look-back line never moves the board
        self.controller = BoardController(self.scene, self.bar, self)
        self._set_field("Battlefield", (6, 3, 6, 0), self.banner, self.view, self.bar, grow=self.view)
        self.view.squareClicked.connect(self.controller.square_clicked)
        self.view.squareDragged.connect(self.controller.square_dragged)
        self.view.squareMenu.connect(self.controller.square_menu)
        self.controller.decided.connect(self.decide)
        self.controller.selectionChanged.connect(self._selection_changed)

    def _build_docks(self) -> None:
        self.barrack = BarrackWidget()
        self.dominance = DominanceWidget()
        self.log = LogWidget()
        self.barrack_dock = self._dock("Barrack", "BarrackDock", self.barrack, Qt.LeftDockWidgetArea)
        self.dominance_dock = self._dock("Dominance", "DominanceDock", self.dominance, Qt.RightDockWidgetArea)
        self.log_dock = self._dock("Log", "LogDock", self.log, Qt.RightDockWidgetArea)
        self.barrack.cardClicked.connect(self.controller.card_clicked)
        fit_docks(self)

    def _build_menus(self) -> None:
        game = self.menuBar().addMenu("&Game")
        self._file_actions(game)
        game.addSeparator()
        self.undo_action = self._menu_action(game, "&Undo move", self.undo, QKeySequence.Undo)
        self.hint_action = self._menu_action(game, "&Hint", self.ask_hint, "H")
        self.pass_action = self._menu_action(game, "&Pass", lambda: self.decide(["pass"]))
        self.resign_action = self._menu_action(game, "&Resign…", self.confirm_resign)
        game.addSeparator()
        self._statistics_action(game)
        self._quit_action(game)
        self._build_view_menu()
        help_ = self.menuBar().addMenu("&Help")
        self._menu_action(help_, "&Rules of Skirmish", self.show_rules, QKeySequence.HelpContents)
        self._menu_action(help_, "&Learn Skirmish…", self.show_learn)
        self._menu_action(help_, "&About Towers", self.show_about)
        self._escape_action(self.controller.cancel, "Cancel the selection")

    def _build_view_menu(self) -> None:
        view = self.menuBar().addMenu("&View")
        for dock in (self.barrack_dock, self.dominance_dock, self.log_dock):
            view.addAction(dock.toggleViewAction())
        self._game_toolbar(view, [self.undo_action, self.hint_action, self.pass_action, self.resign_action],
                           "Undo, Hint, Pass and Resign")
        view.addSeparator()
        orient = view.addMenu("Board &orientation")
        group = QActionGroup(self)
        for key, text in (("auto", "From the current player's side"), ("south", "Always South at the bottom"),
                          ("north", "Always North at the bottom")):
            action = orient.addAction(text)
            action.setCheckable(True)
            action.setChecked(self.settings.orientation() == key)
            action.triggered.connect(lambda _=False, k=key: self.set_orientation(k))
            group.addAction(action)
        self._speed_menu(view)
        self.sound_action = self.sound.add_to(view)
        self._palette_action(view)
        self._keys_action(view, BOARD_KEYS)

    def _default_layout(self) -> None:
        start_widths(self)

    # -- games ------------------------------------------------------------------------------
    def start_game(self, setup: GameSetup, musters: dict | None = None, ai_sides: set[str] | None = None) -> None:
        """Start from a dialogs.new_game.GameSetup (and the mustered barracks, if any).

        `ai_sides` overrides who the computer plays (both sides for a demo)."""
        ai_sides = ai_sides if ai_sides is not None else {setup.ai_side} - {None}
        players = {p: Player("ai" if p in ai_sides else "human", setup.names.get(p, SIDE_NAMES[p]),
                             setup.level) for p in ("S", "N")}
        musters = dict(musters or {})
        game_id = new_game_id()
        for side in ai_sides:   # drawn from the game's secret id: replaying the seed does not replay it
            if not musters.get(side):
                musters[side] = api.choose_muster(setup.level, int(game_id[:15], 16) + (side == "N"))
        position = None
        if setup.first in ("S", "N"):
            full = self.session._musters(setup.seed, musters) or api.new_position(setup.seed)["barrack"]
            position = api.new_position_with_terrain(api.random_terrain(setup.seed), full, setup.first, setup.seed)
        self.log.reset()
        self.session.new_game(players, setup.seed, musters or None, position, game_id)
        self.forget_file()
        self._show_new_game()

    def start_options(self, setup: GameSetup) -> None:
        """After the chooser and the options dialog: the musters, then the game."""
        musters = self._muster_dialogs(setup)
        if musters is not None:
            self.start_game(setup, musters)

    def _muster_dialogs(self, setup) -> dict | None:
        from towers_qt.skirmish.dialogs.muster import MusterDialog

        musters = {}
        hotseat = setup.mode == "hotseat"
        for side in ("S", "N"):
            if side == setup.ai_side:
                continue
            if hotseat:
                self._pass_device(side, setup.names.get(side))
            # A hot-seat muster is neither filled from nor kept in the settings: whoever musters next
            # on that side may be the other player.
            remembered = None if hotseat else self.settings
            dialog = MusterDialog(self, side, setup.names.get(side), None, remembered)
            if dialog.exec() != MusterDialog.Accepted:
                self._setup_abandoned()
                return None
            musters[side] = dialog.muster()
        return musters

    def _pass_device(self, side: str, name: str | None) -> None:
        """Hot-seat musters are secret: the curtain asks for the device before each one, then stays
        over the board (it shows the last game, or a barrack) while the muster dialog is open."""
        curtain = self._curtain()
        waiting = QEventLoop()
        curtain.continued.connect(waiting.quit)
        self._mustering = True
        self._cover(side, name, None, note="Muster your barrack in secret: the other player looks away.")
        waiting.exec()
        curtain.continued.disconnect(waiting.quit)
        self._mustering = False
        self.at_device = side
        curtain.hold(f"{name or SIDE_NAMES[side]} is mustering in secret…")

    def _setup_abandoned(self) -> None:
        """A cancelled hot-seat muster: the old game comes back, behind a curtain if it needs one."""
        if self.curtain_up() and self.curtain.holding:
            self.curtain.release()
            self._untuck()
            self.at_device = None
            self._guard_device()

    # -- refreshing the screen ---------------------------------------------------------------
    def recolour(self) -> None:
        """The board and docks in the new colours; the Log's lines take their side's colour when added."""
        self.scene.update()
        self.log.reset()
        self.refresh()
        self.barrack.rebuild()

    def refresh(self) -> None:
        """Bring every widget in line with the session (the board waits for animations)."""
        s = self.session
        if not s.position:
            return
        if self.looking_back():
            self.replay.redraw()  # e.g. new colours: the past position stays on the board until left
            return
        view = s.view()
        self._orient()
        names = self.names()
        if not self.animating:  # the docks too wait until the board has shown the action
            self.scene.history, self.scene.names = s.histories[s.viewer], names
            self.scene.show_view(view, s.viewer, s.seen[s.viewer])
            self.shown_view = view
            self.controller.viewer = s.viewer
            self.controller.set_actions(s.legal_actions(), self._wait_text())
            self.barrack.show_barrack(view, s.viewer, self.controller.chooser.deployable(), names,
                                      self.controller.chooser.card)
            self.dominance.show_view(view, names)
            show_log(self.log, s.log, s.viewer, names)
        self._update_banner()
        self.update_actions()

    def _orient(self) -> None:
        fixed = self.settings.orientation()
        flipped = fixed == "north" or (fixed == "auto" and self.session.viewer == "N")
        self.scene.set_flipped(flipped)

    def _wait_text(self) -> str:
        s = self.session
        if s.result is not None:
            return "The skirmish is over. Start a new game from the Game menu (Ctrl+N)."
        if s.players[s.to_move].is_ai:
            return f"{self.names()[s.to_move]} is thinking…"
        return f"Waiting for {self.names()[s.to_move]}."

    def _update_banner(self) -> None:
        s = self.session
        names = self.names()
        if s.result is not None:
            winner = s.result.get("winner")
            text = verb(names[winner], "wins") if winner else "Drawn skirmish"
            colour = SIDE[winner].name() if winner else "#8f7231"
            reason = REASON_TEXT.get(s.result.get("reason"), "")
            self._set_banner(f"{text} — {reason}" if reason else text, colour)
            return
        who = s.to_move
        you = not s.players[who].is_ai and s.viewer == who and s.mode() == "solo"
        self._set_banner(turn_text(names[who], you), SIDE[who].name())

    def _set_banner(self, text: str, colour: str, size: float = BANNER_PT) -> None:
        self.banner.set_full_text(text)
        self.banner.setStyleSheet(
            f"QLabel#TurnBanner {{ background: {colour}; color: #fff6e0; border: 1px solid #c9a24a;"
            f" border-radius: 6px; padding: 3px; font-size: {size}pt; font-weight: bold;"
            f" font-family: '{SERIF}'; }}")

    def show_past(self, text: str) -> None:
        """The banner while looking back: the action in the smaller size that fits two lines."""
        self._set_banner(text, "#5a4a33", BANNER_SMALL_PT)

    def update_actions(self) -> None:
        """The Game menu and its toolbar offer only what may be done now: nothing from a past board."""
        s = self.session
        solo = s.mode() == "solo"
        present = not self.animating and not self.looking_back()
        # a finished game is not taken back, nor one on the move or looked back at (its board is the past)
        refusal = s.undo_refusal()
        self.undo_action.setEnabled(present and refusal is None)
        self.undo_action.setToolTip(refusal or "Take back your move" + (" and the reply" if solo else ""))
        self.hint_action.setEnabled(present and solo and self.controller.active() and not s.ai.busy)
        self.pass_action.setEnabled(present and self.controller.chooser.has("pass"))
        self.resign_action.setEnabled(present and self.controller.chooser.has("resign"))

    def _clear_hint(self) -> None:
        """A hint names a move of one position: it goes when a move is played, undone or a game begins."""
        self.hinted = None
        self.barrack.set_hint(None)
        self.statusBar().clearMessage()

    def looking_back(self) -> bool:
        """The board shows a past position (replay.py): nothing may be played from it."""
        replay = getattr(self, "replay", None)  # built after the menus, which update first
        return replay is not None and replay.active

    def _selection_changed(self) -> None:
        if self.session.position and self.scene.shown is not None:  # the barrack of the board shown
            view, viewer, _ = self.scene.shown
            self.barrack.show_barrack(view, viewer,
                                      self.controller.chooser.deployable(), self.names(),
                                      self.controller.chooser.card)

    # -- playing ----------------------------------------------------------------------------
    def decide(self, actions: list[str]) -> None:
        """One action: confirm attacks with the preview, then play. Several: offer a menu."""
        if self.looking_back():
            return  # e.g. the P key or Game ▸ Pass while a past board is shown
        actions = [a for a in actions if self.controller.chooser.has(a) or a in self.session.legal_actions()]
        if len(actions) > 1:
            self.controller.offer(actions, QCursor.pos())
            return
        if not actions:
            return
        action = actions[0]
        parsed = api.parse_action(action)
        if parsed["kind"] == "attack" or parsed["follow"] == "attack":
            self.preview_attack(action, parsed)
        else:
            self.play(action)

    def preview_attack(self, action: str, parsed: dict) -> None:
        from towers_qt.skirmish.dialogs.attack_preview import AttackPreviewDialog

        view = self.session.view()
        preview = api.preview_attack(view, action)
        attacker = parsed["card"] or view["board"][parsed["from"]]["card"]
        target = view["board"][parsed["target"]]
        code = target["card"] if target["card"] != "?" else self.session.seen[self.session.viewer].get(parsed["target"])
        d_label = f"{api.card_name(code)} on {parsed['target']}"
        dialog = AttackPreviewDialog(preview, api.card_name(attacker), d_label, self, a_side=self.session.viewer)
        dialog.accepted.connect(lambda: self.play(action))
        dialog.finished.connect(lambda _=0: setattr(self, "preview_dialog", None))
        self.preview_dialog = dialog
        dialog.open()

    def play(self, action: str) -> None:
        self._clear_hint()
        try:
            self.session.play(action)
        except ValueError as exc:
            self.show_error("That action cannot be played", str(exc))

    def confirm_resign(self) -> None:
        if not self.controller.chooser.has("resign"):
            return
        self._ask_resign("Give up the skirmish?")

    def on_action_played(self, entry: dict) -> None:
        """Animate the entry on the board as the viewer may see it, then carry on."""
        s = self.session
        self.controller.set_actions([], "")
        old, new = self.shown_view, s.view()
        self.scene.set_last(last_squares(entry))
        self.cues = sounds.cues(entry) + ending(entry.get("result"), s.humans())
        ms = self.settings.animation_ms()
        if ms <= 0 or old is None or not self.isVisible() or not self.animations_enabled:
            self.sound.cue(self.cues)
            self.after_turn()
            return
        self.animating = True
        self.sound.cue(self.cues, "start")
        self.animator = EntryAnimator(self.scene, s.viewer, s.seen[s.viewer], ms,
                                      on_hit=lambda: self.sound.cue(self.cues, "hit"))
        self.animation = self.animator.build(old, new, api.entry_view(entry, s.viewer),
                                             api.parse_action(entry["action"]))
        self.animation.setParent(self)  # Qt owns it; deleted later, never inside its own signal
        run(self.animation, self._animation_done)

    def _animation_done(self) -> None:
        self._drop_animation()
        self.sound.cue(self.cues)
        self.after_turn()

    def take_over(self, state: dict, name: str) -> None:
        """A save of a game that has ended here is not played on: its end screen and review have
        shown every hidden card of it (Review a saved game still opens it once finished)."""
        if state["position"]["result"] is None and state.get("id") in self.settings.finished_games():
            raise SaveError(f"{name} is a save of a game that has already ended here: its review has shown "
                            "every hidden card, so it cannot be played on.")
        super().take_over(state, name)

    def _drop_animation(self) -> None:
        """Stop the move's animation where it is and clear its items (the next refresh draws the
        position); stopping emits no `finished`, so `_animation_done` does not run as well."""
        if self.animation is not None:
            self.animation.stop()
            self.animation.deleteLater()
        if self.animator:
            self.animator.cleanup()
            self.animator = None
        self.animation = None
        self.animating = False

    def settle_animation(self) -> None:
        """End a running animation at once, with everything that follows a move: a hand-over must
        never show the new player a board, dock or log still drawn for the previous one."""
        if self.animating:
            self._animation_done()

    def _show_new_game(self) -> None:
        """After a new game, a load or a resume: a fresh log and, in hot-seat, nobody has yet said
        they hold the device, so the curtain comes first."""
        log = self.session.log
        self._drop_animation()          # the old game's move, if one was still being shown
        self.log.reset()
        self._clear_hint()
        self.at_device = None
        self.scene.set_last(last_squares(log[-1]) if log else None)
        self.after_turn()

    # -- hot-seat curtain -------------------------------------------------------------------
    def device_side(self) -> str | None:
        """The hot-seat player whose view the screen must show now (None outside hot-seat)."""
        s = self.session
        if s.mode() != "hotseat" or not s.position:
            return None
        return s.to_move if s.result is None else s.viewer

    def _guard_device(self) -> None:
        """In hot-seat the screen shows one player's secrets only after that player said they
        hold the device; after a new game, a load or a resume nobody has said so yet."""
        side = self.device_side()
        if side is None and self.curtain_up():
            self.curtain.release()  # e.g. a solo game loaded over a hot-seat one
            self._untuck()
        elif side is not None and side != self.at_device:
            self.show_curtain(side)

    def show_curtain(self, player: str) -> None:
        """Hide everything (floating docks too) until `player` says they are ready."""
        s = self.session
        names = self.names()
        last = with_names(api.describe(public_entry(s.log[-1])), names) if s.log else None
        note = None if s.log else "The skirmish begins."
        self._cover(player, names[player], len(s.log) + 1, last, note)
        self.curtain.offer_undo(names[s.log[-1]["player"]] if s.can_undo() else None)

    def _cover(self, player: str, name: str | None, turn: int | None, last: str | None = None,
               note: str | None = None) -> None:
        curtain = self._curtain()
        self.controller.set_actions([], "")
        self._tucked += [d for d in self.docks() if d.isFloating() and d.isVisible()]
        for dock in self._tucked:
            dock.hide()
        curtain.present(player, name, turn, last, note)

    def _curtain(self):
        from towers_qt.shell.curtain import Curtain

        if self.curtain is None:
            self.curtain = Curtain(self)
            self.curtain.continued.connect(self._curtain_lifted)
            self.curtain.take_back.connect(self.undo)
        return self.curtain

    def _untuck(self) -> None:
        for dock in self._tucked:
            dock.show()
        self._tucked = []

    def _curtain_lifted(self) -> None:
        if self._mustering:
            return
        self._untuck()
        self.at_device = self.curtain.side
        self.session.viewer = self.curtain.side
        self.settle_animation()
        self.refresh()

    def docks(self) -> list[QDockWidget]:
        return [self.barrack_dock, self.dominance_dock, self.log_dock]

    def curtain_up(self) -> bool:
        return self.curtain is not None and self.curtain.isVisible()

    # -- undo, hint -------------------------------------------------------------------------
    def undo(self) -> None:
        """Take back a move (session.undo says which); in hot-seat the curtain it was behind goes."""
        if self.animating or not self.session.undo():
            return
        if self.curtain_up() and not self.curtain.holding:
            self.curtain.release()
            self._untuck()
        self.log.reset()
        self.scene.set_last(None)
        self._clear_hint()
        self.refresh()

    def ask_hint(self) -> None:
        if self.session.request_hint():
            self.statusBar().showMessage("Asking the computer for a hint…")

    def show_hint(self, action: str) -> None:
        self.hinted = action
        parsed = api.parse_action(action)
        marks = {sq: "selected" for sq in (parsed["from"], parsed["to"], parsed["target"]) if sq}
        if self.controller.active():
            self.controller.cancel()
            self.scene.set_highlights(marks)
            self.barrack.set_hint(parsed["card"] if parsed["kind"] == "deploy" else None)
        self.statusBar().showMessage(f"Hint: {hint_text(self.session.to_move, action)}")  # until the next action

    # -- end of game ------------------------------------------------------------------------
    def show_game_over(self) -> None:
        from towers_qt.skirmish.dialogs.game_over import GameOverDialog

        s = self.session
        self.settings.add_finished_game(s.game_id)
        view = api.view(s.position, s.viewer)
        score = api.score(view)
        summary = {"high": score["high"],
                   "captured": {p: list(view["captured"][p]) for p in ("S", "N")},
                   "value": score["value"], "names": self.names(), "actions": view["actions"]}
        viewer = s.humans()[0] if s.mode() == "solo" else None
        dialog = GameOverDialog(s.result, summary, self, viewer=viewer)
        dialog.finished.connect(lambda _=0: self._game_over_closed(dialog))
        dialog.review_requested.connect(lambda: review_session(self))
        self.over_dialog = dialog
        dialog.open()

    def _game_over_closed(self, dialog) -> None:
        self.over_dialog = None
        if getattr(dialog, "wants_new_game", False):
            QTimer.singleShot(0, self.new_game_dialog)

    # -- files ------------------------------------------------------------------------------

    # -- messages, help, settings -----------------------------------------------------------

    def show_rules(self) -> None:
        from towers_qt.shell.rules_window import RulesWindow

        self.rules_window = RulesWindow(self, title="Towers — Rules of Skirmish")
        self.rules_window.show()

    def show_learn(self) -> None:
        """Help ▸ Learn Skirmish: the explained sample game, beside the game."""
        from towers_qt.shell.fit import fit_to_screen
        from towers_qt.skirmish.dialogs.learn import LearnSkirmish

        self.learn_dialog = LearnSkirmish(self)
        self.learn_dialog.new_game_requested.connect(lambda: QTimer.singleShot(0, self.new_game_dialog))
        fit_to_screen(self.learn_dialog)  # no taller than the screen it opens on
        self.learn_dialog.open()

    def set_orientation(self, key: str) -> None:
        self.settings.set_orientation(key)
        self._orient()

def banner_height() -> int:
    """Room for one line at BANNER_PT or two at BANNER_SMALL_PT, padding and border included."""
    font = QFont(SERIF)
    font.setBold(True)
    font.setPointSizeF(BANNER_SMALL_PT)
    two = 2 * QFontMetrics(font).lineSpacing()
    font.setPointSizeF(BANNER_PT)
    return max(38, two + 8, QFontMetrics(font).lineSpacing() + 10)  # padding and border: 8 px


def public_entry(entry: dict) -> dict:
    """A log entry as both players may see it (the mover's opponent's view of it)."""
    return api.entry_view(entry, other(entry["player"]))


def last_squares(entry: dict) -> LastAction:
    """The last action's marks (arrow, squares, the square it hit), drawn above the cards."""
    return last_action(entry)


def hint_text(player: str, action: str) -> str:
    """The whole suggested action, follow-up included: "c2-c3xc4 — Move c2 to c3, then attack c4"."""
    parsed = api.parse_action(action)
    words = action_label(parsed)
    if parsed["kind"] in ("attack", "scout", "soulcast"):
        words += f" from {parsed['from']}"
    elif parsed["kind"] == "maneuver":
        words = words.replace("Move", f"Move {parsed['from']}", 1)
    elif parsed["kind"] == "deploy":
        words = words.replace("Deploy", f"Deploy {api.card_name(parsed['card'])}", 1)
    return f"{action} — {words}"
