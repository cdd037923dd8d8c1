"""Gauntlet of Crowns' main window: the HUD, the battle board with its action bar and roster, the
Log dock, the Draft before each Battle, and the flow (an action, the autosave, the computer's turn,
the hot-seat curtain, the end). Files, autosave, the thinking indicator and the game switch are the
shell's (shell/frame.py).

Everything on screen is drawn from one side's view (`api.view`) and that side's log (`log_view`):
the viewer is the human in a solo Battle and the player holding the device in hot-seat, so a hidden
enemy unit or an unopened enemy slot never reaches a widget. In hot-seat the curtain comes down
before each Draft and whenever the turn passes, and while it is down nothing is drawn at all.
"""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog

from towers_core.errors import TowersError
from towers_core.gauntlet import api
from towers_core.gauntlet.position import raw_view
from towers_qt.gauntlet.board.animation import beats, shooter
from towers_qt.gauntlet.board.hud import ActionBar, GauntletHud, RosterBar
from towers_qt.gauntlet.board.last_turn import last_turn
from towers_qt.gauntlet.board.picking import Picker, origin_of
from towers_qt.gauntlet.board.style import SIDE, apply_scheme
from towers_qt.gauntlet.board.view import GauntletBoard
from towers_qt.gauntlet.curtain import LOOK_AWAY, GauntletCurtain
from towers_qt.gauntlet.dialogs.draft import DraftDialog
from towers_qt.gauntlet import sounds
from towers_qt.gauntlet.session import SIDES, GauntletSession, ai_seed
from towers_qt.gauntlet.words import REASON, SIDE_WORD, action_words, entry_words, event_words
from towers_qt.shell.frame import GameFrame
from towers_qt.shell.log_dock import LogWidget
from towers_qt.shell.new_game import GameSetup
from towers_qt.shell.palette import scheme_name
from towers_qt.shell.players import Player
from towers_qt.shell.settings import ANIMATION_MS, AnimationSpeed, Settings
from towers_qt.shell.sound import Sound, ending

PLACE_HINT = ("On your first turn, place your King on any Home Row tile, then two Depots beside him — all free of "
              "charge.")
PICK_HINT = "Select one of your pieces: its moves and targets light up. Or deploy from the roster below."
UNSEEN = "Something unseen blocks the path. No AP was spent; the unit may still act."
GOLD_NEXT = "Crimson has sealed their army. Gold drafts second, and scouts one Crimson unit first."
BOARD_KEYS = (("Click a piece", "select it: its moves and targets light up"),
              ("Click a lit tile", "move there, or act on it"), ("Arrows", "move the cursor over the board"),
              ("Enter / Space", "act on the cursor's tile, as a click does"), ("1–9", "deploy the unit type of that "
                                                                                  "roster button"),
              ("E", "end your turn"), ("Escape", "cancel the selection"))


def result_words(result: dict, names: dict[str, str]) -> str:
    """Why the Battle ended, naming who did it."""
    winner, reason = result.get("winner"), result["reason"]
    if winner is None:
        return "The Battle ended without a winner."
    loser = next(side for side in SIDES if side != winner)
    if reason == "resign":
        return f"{names[loser]} resigned."
    return f"{names[winner]} {REASON.get(reason, reason)}."


def side_of_setup(seat: str | None) -> str | None:
    """The options dialog's seats: S is Crimson (moves first), N is Gold."""
    return {"S": "C", "N": "G"}.get(seat or "")


class GauntletWindow(GameFrame):
    """The Gauntlet main window: HUD, board, action bar, roster, the Log dock, Draft and curtain."""
    GAME = "gauntlet"

    def __init__(self, settings: Settings | None = None, session: GauntletSession | None = None,
                 autosave: bool = True) -> None:
        super().__init__(settings, autosave)
        self.session = session or GauntletSession(self)
        self.sound = Sound(self.settings)
        self.at_device: str | None = None   # hot-seat: the player holding the device
        self.picker = Picker()
        self._picked_on: dict | None = None  # the position the selection belongs to
        self.curtain: GauntletCurtain | None = None
        self._after_curtain: Callable[[], None] | None = None
        self.draft_dialog: DraftDialog | None = None
        self.rules_window = None
        self.news = ""
        self.pending: dict | None = None  # a Draft under way: players, seed, the sealed armies
        self.setWindowTitle("Towers — Gauntlet of Crowns")
        apply_scheme(scheme_name())
        self.setObjectName("GauntletWindow")
        self._build_centre()
        self.log_view = LogWidget()
        self.log_view.setMinimumWidth(240)
        self.log_dock = self._dock("Battle Log", "GauntletLogDock", self.log_view, Qt.RightDockWidgetArea)
        self._build_menus()
        self._build_status()
        self._connect_session()
        self._restore_layout()

    # -- construction -------------------------------------------------------------------------
    def _build_centre(self) -> None:
        self.hud = GauntletHud()
        self.board = GauntletBoard()
        self.bar = ActionBar()
        self.roster = RosterBar()
        self._set_field("GauntletField", (6, 6, 6, 2), self.hud, self.board, self.bar, self.roster, grow=self.board)
        self.board.tile_clicked.connect(self.click_tile)
        self.board.tile_hovered.connect(self._hover_tile)
        self.bar.chosen.connect(self.play)
        self.bar.hovered.connect(self.preview)
        self.roster.picked.connect(self._deploy_picked)
        self.hud.token_clicked.connect(lambda: self.play("+ap"))
        self.hud.end_clicked.connect(lambda: self.play("end"))
        self.hud.resign_clicked.connect(self.confirm_resign)

    def _build_menus(self) -> None:
        game = self.menuBar().addMenu("&Game")
        self._file_actions(game)
        game.addSeparator()
        self.end_action = self._menu_action(game, "&End turn", lambda: self.play("end"), "E")
        self.hint_action = self._menu_action(game, "&Hint", self.ask_hint, "H")
        self.hint_action.setToolTip("The computer's suggestion for your next action, from your side's view only")
        self.resign_action = self._menu_action(game, "&Resign…", self.confirm_resign)
        self._quit_action(game)
        view = self.menuBar().addMenu("&View")
        view.addAction(self.log_dock.toggleViewAction())
        self.sound_action = self.sound.add_to(view)
        self._speed_menu(view)
        self._palette_action(view)
        self._keys_action(view, BOARD_KEYS)
        help_ = self.menuBar().addMenu("&Help")
        self._menu_action(help_, "&Rules of the Gauntlet of Crowns", self.show_rules, QKeySequence.HelpContents)
        self._menu_action(help_, "&About Towers", self.show_about)
        self._escape_action(self.cancel_selection, "Cancel the selection")
        for number in range(1, 10):
            key = QAction(self)
            key.setShortcut(QKeySequence(str(number)))
            key.triggered.connect(lambda _=False, n=number: self.roster.pick_number(n) if self.picker.legal else None)
            self.addAction(key)

    def _default_layout(self) -> None:
        self.resizeDocks([self.log_dock], [max(260, self.width() // 4)], Qt.Horizontal)

    # -- who is looking -----------------------------------------------------------------------
    @property
    def viewer(self) -> str:
        """Whose eyes the screen is: the solo human, the hot-seat player at the device, else Gold."""
        s = self.session
        if s.mode() == "solo":
            return s.humans()[0]
        if s.mode() == "hotseat":
            return self.at_device or s.to_move
        return "G"

    def names(self) -> dict[str, str]:
        s = self.session
        out = {}
        for side in SIDES:
            p = s.players[side]
            if p.is_ai and s.mode() != "demo":
                out[side] = f"Computer · {p.level}"
            else:
                out[side] = (p.name or "").strip() or SIDE_WORD[side]
        return out

    def curtain_up(self) -> bool:
        return self.curtain is not None and self.curtain.isVisible()

    # -- new Battles: the Draft ----------------------------------------------------------------
    def start_options(self, setup: GameSetup) -> None:
        """The Draft, then the Battle. Solo: the computer (Crimson) seals first, you scout and draft
        as Gold. Hot-seat: Crimson drafts behind the curtain, then Gold."""
        names = {side_of_setup(seat): name for seat, name in setup.names.items() if side_of_setup(seat)}
        if setup.mode == "computer":  # §18.1: the Player vs AI human is always Gold
            players = {"C": Player("ai", "Computer", setup.level), "G": Player("human", names.get("G") or "You")}
        else:
            players = {s: Player("human", names.get(s) or SIDE_WORD[s], setup.level) for s in SIDES}
        self.pending = {"players": players, "seed": setup.seed, "armies": {}}
        if setup.mode == "computer":
            crimson = api.choose_army(setup.level, ai_seed(setup.seed), "C")
            self.pending["armies"]["C"] = crimson
            self._open_draft("G", crimson)
        else:
            self._curtain_then("C", None, LOOK_AWAY, lambda: self._open_draft("C", None))

    def _open_draft(self, side: str, crimson: dict | None) -> None:
        name = self.pending["players"][side].name
        dialog = DraftDialog(side, self, crimson, name)
        dialog.finished.connect(lambda code: self._draft_done(side, dialog, code))
        self.draft_dialog = dialog
        dialog.open()

    def _draft_done(self, side: str, dialog: DraftDialog, code: int) -> None:
        self.draft_dialog = None
        if code != QDialog.Accepted:
            self.pending = None
            if self.curtain_up():
                self.curtain.release()
            self.refresh()
            self._guard_device()
            return
        self.pending["armies"][side] = dialog.army
        if side == "G":
            self.pending["scout"] = dialog.scouted
            self._begin_battle()
        else:
            crimson = dialog.army
            self._curtain_then("G", None, GOLD_NEXT, lambda: self._open_draft("G", crimson))

    def _begin_battle(self) -> None:
        p, self.pending = self.pending, None
        self.at_device = None
        self.picker.clear()
        self.session.new_battle(p["players"], p["seed"], p["armies"], p.get("scout"))
        self.forget_file()
        self._show_new_game()
        self._welcome()

    def _welcome(self) -> None:
        """A first Battle of this game (also when it was chosen from another game's window)."""
        from towers_qt.games import game_kind
        from towers_qt.shell.welcome import show_welcome

        kind = game_kind(self.GAME)
        if self.settings.welcomed(kind) or not self.isVisible():
            return
        self.welcome_box = show_welcome(self, kind.welcome_text(self.viewer, self.session.mode()))
        self.settings.set_welcomed(kind)

    def start_demo(self, seed: int, level: str = "easy") -> None:
        """Computer against computer (the smoke test): both armies and the scout from the AI."""
        players = {s: Player("ai", SIDE_WORD[s], level) for s in SIDES}
        aiseed = ai_seed(seed)
        crimson = api.choose_army(level, aiseed, "C")
        slot = api.choose_scout(level, aiseed, crimson)
        gold = api.choose_army(level, aiseed, "G", {"slot": slot, "entry": api.scout(crimson, slot)})
        self.session.new_battle(players, seed, {"C": crimson, "G": gold}, slot)
        self._show_new_game()

    def _show_new_game(self) -> None:
        """After a new Battle, a load or a resume: the present board, then whatever comes next."""
        self.animating = False
        self.at_device = None
        self.news = ""
        self.statusBar().clearMessage()
        self.after_turn()

    # -- the curtain ------------------------------------------------------------------------------
    def _curtain_then(self, side: str, turn: int | None, note: str | None, then: Callable[[], None]) -> None:
        if self.curtain is None:
            self.curtain = GauntletCurtain(self)
            self.curtain.continued.connect(self._curtain_lifted)
        self._after_curtain = then
        self.at_device = None
        name = (self.pending or {}).get("players", self.session.players)[side].name
        self.curtain.present(side, name or SIDE_WORD[side], turn, None, note)
        self.refresh()

    def _curtain_lifted(self) -> None:
        then, self._after_curtain = self._after_curtain, None
        if then is not None:
            then()

    def _guard_device(self) -> None:
        """Hot-seat: the turn passed to the other player: the curtain comes down before they look."""
        s = self.session
        if s.mode() != "hotseat" or not s.position or self.pending is not None:
            return
        if s.result is None and s.to_move != self.at_device and not self.curtain_up():
            side = s.to_move
            self._curtain_then(side, s.position["turn"], None, lambda: self._hand_to(side))

    def _hand_to(self, side: str) -> None:
        self.at_device = side
        self.refresh()

    # -- refreshing -------------------------------------------------------------------------------
    def refresh(self) -> None:
        """The HUD, board, bars and Log from the viewer's view, or nothing while the curtain is down."""
        s = self.session
        nobody = s.mode() == "hotseat" and self.at_device is None  # the device is between players
        if not s.position or self.curtain_up() or self.pending is not None or nobody:
            self._blank()
            return
        if self.animating:  # the board plays the last action; the rest follows when it ends
            return
        viewer = self.viewer
        view = s.view(viewer)
        legal = s.legal_actions(viewer) if s.mode() != "hotseat" or self.at_device == viewer else []
        if legal != self.picker.legal or self._picked_on is not s.position:
            self.picker.reset(legal)  # a new position: the selection was for the old one
            self._picked_on = s.position
        names = self.names()
        thinking = s.ai.busy and s.asking == "move"
        self.board.flipped = viewer == "C"
        self.board.show_view(view)
        self.board.show_last_turn(*last_turn(s.entries(viewer), viewer))
        self._show_selection(view)
        self.hud.update_from(view, viewer, names, legal, thinking)
        self.roster.update_from(view["armies"][viewer], legal)
        lines = [(i, e) for i, per_action in enumerate(s.logs) for e in per_action[viewer]]
        self.log_view.show_lines(len(lines), viewer, lambda k: self._log_line(*lines[k], viewer))
        self.update_actions()

    def _blank(self) -> None:
        self.board.show_view({})
        self.bar.set_actions([], {}, "")
        self.bar.news.setText("")
        self.hud.turn_label.setText("")
        self.hud.economy.setText("")
        self.log_view.reset()
        self.roster.update_from({}, [])

    def _log_line(self, index: int, entry: dict, viewer: str) -> tuple:
        """One Log line, its pieces named from what `viewer` saw before the action."""
        seen = raw_view(self.session.positions[index], viewer)["pieces"]
        return entry_words(entry, seen), SIDE[entry["side"]].lighter(150), None

    def _show_selection(self, view: dict) -> None:
        p = self.picker
        p_legal = bool(p.legal)
        chosen = ([p.moved_to] if p.moved_to else []) + p.placing
        self.board.set_marks(p.origin, p.moves(), p.targets() if p_legal else [], chosen)
        listed = [] if p.placements() else p.current()
        hint = PLACE_HINT if p.placements() else PICK_HINT if p_legal else ""
        self.bar.set_actions(listed, view["pieces"], hint)
        self.bar.news.setText(self.news)

    def recolour(self) -> None:
        apply_scheme(scheme_name())
        self.refresh()

    def update_actions(self) -> None:
        mine = bool(self.picker.legal)
        self.end_action.setEnabled(mine and "end" in self.picker.legal)
        self.hint_action.setEnabled(mine and not self.session.ai.busy and not self.animating)
        self.resign_action.setEnabled(mine)

    # -- the board --------------------------------------------------------------------------------
    def click_tile(self, tile: str) -> None:
        if not self.picker.legal or self.animating:
            return
        self.news = ""
        action = self.picker.click(tile)
        if action is not None:
            self.play(action)
        else:
            self._show_selection(self.session.view(self.viewer))

    def _hover_tile(self, tile: str) -> None:
        self.preview(self.picker.hover_action(tile) if tile and self.picker.legal else "")

    def _deploy_picked(self, code: str) -> None:
        self.picker.deploy(code)
        self._show_selection(self.session.view(self.viewer))

    def cancel_selection(self) -> None:
        self.picker.clear()
        if self.session.position and not self.curtain_up():
            self._show_selection(self.session.view(self.viewer))

    def preview(self, action: str) -> None:
        """Show what `action` would do, as the viewer can know it (api.preview on their view)."""
        if not action or not self.picker.legal or action not in self.picker.legal:
            self.board.show_preview(None)
            self.bar.news.setText(self.news)
            return
        shown = api.preview(self.session.view(self.viewer), action)
        if "refused" in shown:
            self.board.show_preview(None)
            self.bar.news.setText(shown["refused"])
            return
        self.board.show_preview(shown["events"])
        words = [event_words(ev) for ev in shown["events"]]
        if shown["result"]:
            words.append(f"{SIDE_WORD[shown['result']['winner']]} wins: {REASON[shown['result']['reason']]}")
        self.bar.news.setText("Preview: " + ("; ".join(words) if words else "nothing else changes") + ".")

    # -- playing ----------------------------------------------------------------------------------
    def play(self, action: str) -> None:
        """An action chosen on the board (or End turn, the token, Resign); the core refuses anything illegal."""
        s = self.session
        if self.animating or not s.human_to_move() or self.curtain_up() or s.to_move != self.viewer:
            return
        if self.session.mode() == "hotseat" and self.at_device != s.to_move:
            return
        self.news = ""
        self.picker.clear()
        try:
            s.play(action)
        except TowersError as exc:
            self.show_error("That action cannot be played", str(exc))
            return
        if s.last_refused(self.viewer):
            self.news = UNSEEN
            self.bar.news.setText(UNSEEN)

    def on_action_played(self, action: str, before: dict) -> None:
        """Animate what the viewer saw of the action (their log events), then carry on."""
        s, viewer = self.session, self.viewer
        speed = ANIMATION_MS[self.settings.animation_speed()] / ANIMATION_MS[AnimationSpeed.NORMAL]
        seen = s.logs[-1][viewer] if s.logs else []
        self.sound.cue(sounds.cues(action, seen) + ending(s.result, s.humans()))
        events = [ev for entry in seen for ev in entry.get("ev", [])]
        nobody = s.mode() == "hotseat" and self.at_device is None
        if speed <= 0 or not self.isVisible() or not self.animations_enabled or self.curtain_up() or nobody \
                or not beats(events):
            self.after_turn()
            return
        shown = api.view(before, viewer)
        origin = shooter(seen[0]["a"], [])[0]
        sieged = bool(origin and shown["pieces"].get(origin, {}).get("sieged"))
        self.animating = True
        self.board.flipped = viewer == "C"
        self.board.show_preview(None)
        animation = self.board.animate(shown, seen[0]["a"], events, speed, sieged)
        animation.finished.connect(self._animation_done)
        animation.start()

    def _animation_done(self) -> None:
        if self.animating:
            self.animating = False
            self.after_turn()

    def confirm_resign(self) -> None:
        if self.picker.legal:
            self._ask_resign("Give up this Battle?")

    def show_game_over(self) -> None:
        from towers_qt.shell.game_over import GameOverDialog

        s = self.session
        names = self.names()
        winner = s.result.get("winner")
        viewer = s.humans()[0] if s.mode() == "solo" else None
        turn = s.position["turn"]
        dialog = GameOverDialog("Battle over", winner, viewer, names, result_words(s.result, names), None,
                                f"Round {(turn + 1) // 2}, turn {turn} · {len(s.actions)} actions played", self)
        dialog.review_button.hide()  # a review needs an evaluation the Gauntlet's core does not expose yet
        self._open_game_over(dialog)

    def ask_hint(self) -> None:
        s = self.session
        if self.animating or not self.picker.legal or s.to_move != self.viewer:
            return
        if s.request_hint():
            self.statusBar().showMessage("The computer is looking for a hint…")

    def show_hint(self, action: str) -> None:
        """The suggested action: in words in the status bar, previewed on the board, its piece selected."""
        if action not in self.picker.legal:
            self.statusBar().showMessage("The hint came for a position that has changed.", 5000)
            return
        pieces = self.session.view(self.viewer)["pieces"]
        self.statusBar().showMessage(f"Hint: {action_words(action, pieces)}")
        origin = origin_of(action)
        if origin and origin in self.picker.origins():
            self.picker.clear()
            self.picker.click(origin)
            self._show_selection(self.session.view(self.viewer))
        self.preview(action)

    # -- help -------------------------------------------------------------------------------------
    def show_rules(self) -> None:
        from towers_qt.gauntlet.rules_text import add_art, rules_html
        from towers_qt.shell.rules_window import RulesWindow

        html = rules_html()
        self.rules_window = RulesWindow(self, html, "Towers — Rules of the Gauntlet of Crowns")
        add_art(self.rules_window.browser.document())
        self.rules_window.browser.setHtml(html)  # again, now that the art is there
        self.rules_window.show()
