"""Hidden cards stay hidden: the computer gets only its own view, and nothing the window shows
(status bar, tooltips, labels, log, docks, dialogs, title, actions, hint, curtain) names a card the
player at the device cannot see. In hot-seat the curtain comes up whenever the device changes hands.

The musters are disjoint (South: Spearmen, Archers, Squires; North: Shardbearer, Captainlord,
Lancers, Scouts, Soulcaster) and no card's rules text names a card of the other side (the King's
and the Squire's name the Knight, which nobody musters), so a hidden card's name or code anywhere
on screen can only have come from that hidden card."""
from __future__ import annotations

import copy
import random
import re

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QMessageBox,
    QProgressBar,
    QWidget,
)

from towers_core.skirmish import api
from towers_qt.shell.new_game import GameSetup

SQUARES = [f"{f}{r}" for f in "abcdefg" for r in range(1, 8)]

SOUTH = ["Sp", "Sp", "Sp", "Sp", "Ar", "Ar", "Ar", "Sq", "Sq"]
NORTH = ["Sh", "Cl", "La", "La", "Sc", "Sc", "So"]
MUSTERS = {"S": SOUTH, "N": NORTH}
# Lists every identity a face-down defender could still have (from the public pool), never which.
BELIEF_LABELS = {"unknownNote"}
BELIEF_HOVER = re.compile(r"Could be: [^<]*")  # the same, in a face-down card's hover text


# -- what a player may see ------------------------------------------------------------------------
def _entry_codes(entry: dict) -> set:
    fight = entry.get("fight") or {}
    soul = entry.get("soulcast") or {}
    acted = {"Sc" if entry.get("scouted") else None, "So" if soul else None}  # only a Scout scouts (decision 18)
    return ({entry.get("card"), entry.get("scouted_card"), fight.get("a_card"), fight.get("d_card"), soul.get("card")}
            | acted | set(entry["captured"]["S"]) | set(entry["captured"]["N"]))


def visible_codes(session, player: str) -> set:
    """Every card code `player` may know of: their view, the cards they saw, their view of the log."""
    view = api.view(session.position, player)
    codes = set(view["barrack"][player]) | {c["card"] for c in view["board"].values()}
    codes |= set(view["captured"]["S"]) | set(view["captured"]["N"]) | set(session.seen[player].values())
    for entry in session.log:
        codes |= _entry_codes(api.entry_view(entry, player))
    return codes - {None, "?"}


def hidden_codes(session, player: str | None) -> set:
    """Codes in the game that `player` cannot see (None: either player, i.e. only public is allowed)."""
    if player is None:
        return hidden_codes(session, "S") | hidden_codes(session, "N")
    pos = session.position
    codes = {c["card"] for c in pos["board"].values()} | set(pos["barrack"]["S"]) | set(pos["barrack"]["N"])
    return codes - visible_codes(session, player)


def naming(codes: set) -> list[re.Pattern]:
    """Patterns for a code as a token ("Sc@f7") or its card's name ("Scout")."""
    out = []
    for code in codes:
        out.append(re.compile(rf"(?<![A-Za-z]){re.escape(code)}(?![a-z])"))
        out.append(re.compile(rf"\b{re.escape(api.CARD_INFO[code]['name'])}\b"))
    return out


# -- what the window shows ----------------------------------------------------------------------------
def _ours(widget: QWidget, window) -> bool:
    top = widget.window()
    return top is window or (top.parentWidget() is not None and top.parentWidget().window() is window)


def _covered(widget: QWidget, window) -> bool:
    """Under the hot-seat curtain: inside the main window and not part of the curtain."""
    if not window.curtain_up() or widget.window() is not window:
        return False
    return widget is not window.curtain and not window.curtain.isAncestorOf(widget)


def _widget_texts(w: QWidget) -> list[str]:
    texts = [w.toolTip(), w.statusTip(), w.whatsThis(), w.accessibleName(), w.accessibleDescription()]
    if w.isWindow():
        texts.append(w.windowTitle())
    if isinstance(w, (QLabel, QAbstractButton, QLineEdit)) and w.objectName() not in BELIEF_LABELS:
        texts.append(w.text())
    if isinstance(w, QMessageBox):
        texts += [w.text(), w.informativeText(), w.detailedText()]
    if isinstance(w, QProgressBar):
        texts.append(w.text())
    if isinstance(w, QListWidget):
        for i in range(w.count()):
            texts += [w.item(i).text(), w.item(i).toolTip()]
    return texts


def shown_texts(window, hover: bool = True) -> list[str]:
    """Every text the window and its dialogs show now (nothing under a raised curtain); `hover`
    adds the board's hover text of every square (asked for only when shown, and slower)."""
    texts = [window.windowTitle(), window.statusBar().currentMessage()]
    for w in QApplication.allWidgets():
        if w.isVisible() and _ours(w, window) and not _covered(w, window):
            texts += _widget_texts(w)
    if not window.curtain_up():
        texts += [item.toolTip() for item in window.scene.items()]
        if hover:
            texts += [BELIEF_HOVER.sub("", window.scene.tip(sq) or "") for sq in SQUARES]
        for action in window.findChildren(QAction):
            texts += [action.text(), action.toolTip(), action.statusTip()]
    return [t for t in texts if t]


class Witness:
    """Checks what the window shows against what the player at the device may see."""

    def __init__(self, window, holder) -> None:
        self.window, self.holder = window, holder  # holder(): "S"/"N", or None when unknown
        self.problems: list[str] = []
        self.checks = 0
        self.texts: list[str] = []
        self.places: list[str] = []

    def allowed_for(self) -> str | None:
        return None if self.window.curtain_up() else self.holder()

    def text(self, text: str, where: str) -> None:
        """One text seen (e.g. a status-bar message at the moment it is shown)."""
        self._judge([text], where)

    def look(self, where: str, hover: bool = False) -> None:
        self._judge(shown_texts(self.window, hover), where)

    def _judge(self, texts: list[str], where: str) -> None:
        s = self.window.session
        if not s.position:
            return
        self.checks += 1
        self.texts += texts
        self.places.append(where)
        patterns = naming(hidden_codes(s, self.allowed_for()))
        for text in texts:
            for pattern in patterns:
                if pattern.search(text):
                    self.problems.append(f"{where}: {pattern.pattern!r} in {text[:160]!r}")


def watch_dialogs(window, witness, monkeypatch) -> None:
    """Look at the attack preview while it is open (it closes before the move is played)."""
    preview = window.preview_attack

    def preview_and_look(action, parsed):
        preview(action, parsed)
        witness.look(f"attack preview of {action}")

    monkeypatch.setattr(window, "preview_attack", preview_and_look)


# -- the computer gets a view ----------------------------------------------------------------------
@pytest.fixture
def searches(monkeypatch, window):
    """What the worker passes to the core's search, beside the full position when it was asked."""
    from towers_core.skirmish.ai.player import Searcher
    from towers_qt.shell import ai_worker

    asked, received = [], []
    think, start = ai_worker.AiRunner.think, Searcher.start

    def spy_think(runner, *args):
        asked.append(copy.deepcopy(window.session.position))
        return think(runner, *args)

    def spy_start(searcher, view, history, *args, **kwargs):
        received.append((copy.deepcopy(view), copy.deepcopy(history)))
        return start(searcher, view, history, *args, **kwargs)

    monkeypatch.setattr(ai_worker.AiRunner, "think", spy_think)
    monkeypatch.setattr(Searcher, "start", spy_start)
    return asked, received


def _assert_views(asked, received, side: str, histories=None) -> None:
    assert len(asked) == len(received) and received
    for full, (view, history) in zip(asked, received):
        assert view == api.view(full, side) and view != full
        assert all(item["view"]["barrack"][{"S": "N", "N": "S"}[side]].count("?") ==
                   len(item["view"]["barrack"][{"S": "N", "N": "S"}[side]]) for item in history)
        api.validate_history(history, side)


@pytest.mark.parametrize("ai_side", ["S", "N"])
def test_the_computer_is_given_its_own_view_only(window, clicks, qtbot, searches, ai_side):
    asked, received = searches
    human = {"S": "N", "N": "S"}[ai_side]
    s = window.session
    window.start_game(GameSetup(mode="computer", level="easy", human_side=human, first=ai_side, seed=12,
                                names={human: "You", ai_side: "Computer"}))
    rng = random.Random(2)
    while len(received) < 4 and s.result is None:
        qtbot.waitUntil(lambda: s.result is not None or (window.controller.active() and not window.animating),
                        timeout=20000)
        if s.result is None:
            clicks.perform(rng.choice([a for a in api.legal_actions(s.view()) if a != "resign"]))
    qtbot.waitUntil(lambda: not s.ai.busy, timeout=20000)
    assert sum(e["player"] == ai_side for e in s.log) >= 3
    _assert_views(asked, received, ai_side)


def test_the_hint_is_asked_with_the_players_view_only(window, clicks, qtbot, searches):
    asked, received = searches
    window.start_game(GameSetup(mode="computer", level="easy", human_side="N", first="S", seed=8,
                                names={"N": "You", "S": "Computer"}))
    qtbot.waitUntil(lambda: window.controller.active() and not window.animating, timeout=20000)
    asked.clear()
    received.clear()
    clicks.button(window.game_button(window.hint_action))
    qtbot.waitUntil(lambda: window.hinted is not None, timeout=20000)
    _assert_views(asked, received, "N")


# -- nothing on screen names a hidden card ------------------------------------------------------------
def _pick(rng: random.Random, actions: list[str]) -> str:
    fights = [a for a in actions if "x" in a]
    moves = [a for a in actions if a not in ("pass", "resign")]
    return rng.choice(fights if fights and rng.random() < 0.5 else moves or actions)


def test_solo_game_never_names_the_computers_hidden_cards(window, clicks, qtbot, monkeypatch):
    s = window.session
    s.time_ms = 250  # the search runs this long: the thinking indication updates meanwhile
    witness = Witness(window, lambda: "S")
    watch_dialogs(window, witness, monkeypatch)
    window.statusBar().messageChanged.connect(lambda m: witness.text(m, "status bar message"))
    s.aiProgress.connect(lambda _: witness.look("while the computer thinks"))
    s.hintReady.connect(lambda _: QTimer.singleShot(0, lambda: witness.look("hint")))
    window.start_game(GameSetup(mode="computer", level="expert", human_side="S", first="N", seed=31,
                                names={"S": "You", "N": "Computer"}), MUSTERS)
    rng = random.Random(5)
    for turn in range(12):
        qtbot.waitUntil(lambda: s.result is not None or (window.controller.active() and not window.animating),
                        timeout=30000)
        witness.look(f"turn {turn}", hover=turn % 3 == 0)  # hover text is slow to ask for
        if s.result is not None:
            break
        if turn == 3:
            clicks.button(window.game_button(window.hint_action))
            qtbot.waitUntil(lambda: window.hinted is not None, timeout=30000)
            witness.look("hint shown")
        clicks.perform(_pick(rng, api.legal_actions(s.view())))
        witness.look(f"after move {turn}")
    if s.result is None:
        qtbot.waitUntil(lambda: s.result is not None or (window.controller.active() and not window.animating),
                        timeout=30000)
        clicks.perform("resign")
    qtbot.waitUntil(lambda: window.over_dialog is not None and window.over_dialog.isVisible(), timeout=30000)
    witness.look("game over", hover=True)
    hidden_deploys = [e for e in s.log if e["player"] == "N" and e["kind"] == "deploy"]
    assert hidden_deploys and all(api.entry_view(e, "S")["action"].startswith("?@") for e in hidden_deploys)
    assert witness.checks > 20
    assert witness.problems == []
    assert any("The computer is thinking" in t for t in witness.texts), "a plain progress indication"
    assert not any(re.search(r"\bdepth\b|\bnodes\b", t) for t in witness.texts)


def test_hotseat_screen_shows_only_the_holders_cards(window, clicks, qtbot, monkeypatch, choose_game):
    """New game with two secret musters, then turns: the curtain is up whenever the device changes
    hands, and with it down the screen shows only what the holder may see."""
    choose_game("skirmish")
    from towers_qt.shell.curtain import Curtain
    from towers_qt.shell.new_game import NewGameDialog
    from towers_qt.skirmish.dialogs.muster import MusterDialog

    s = window.session
    holder: list[str | None] = [None]
    witness = Witness(window, lambda: holder[0])
    watch_dialogs(window, witness, monkeypatch)
    setup = GameSetup(mode="hotseat", human_side=None, seed=9, names={"S": "Ann", "N": "Bea"})
    present = Curtain.present

    def present_and_hand_over(curtain, side, *args, **kwargs):
        present(curtain, side, *args, **kwargs)
        if window._mustering:  # the muster's curtain: the named player takes the device
            def take():
                witness.look(f"curtain before {side}'s muster")
                holder[0] = side
                curtain.proceed()
            QTimer.singleShot(0, take)

    def muster_exec(dialog):
        assert window.curtain_up() and window.curtain.holding, "the board stays covered during a muster"
        witness.look(f"{dialog.side}'s muster")
        return QDialog.Accepted

    monkeypatch.setattr(Curtain, "present", present_and_hand_over)
    monkeypatch.setattr(NewGameDialog, "exec", lambda dialog: QDialog.Accepted)
    monkeypatch.setattr(NewGameDialog, "setup", lambda dialog: setup)
    monkeypatch.setattr(MusterDialog, "exec", muster_exec)
    monkeypatch.setattr(MusterDialog, "muster", lambda dialog: list(MUSTERS[dialog.side]))
    window.new_game_dialog()
    assert holder[0] == "N" and window.curtain_up(), "a curtain between the last muster and the first turn"
    witness.look("after the musters")
    rng = random.Random(4)
    for ply in range(40):
        assert window.curtain_up() and window.curtain.side == s.to_move
        witness.look(f"curtain before ply {ply}")
        clicks.button(window.curtain.button)
        holder[0] = s.to_move
        witness.look(f"ply {ply}", hover=ply % 6 == 0)  # hover text is slow to ask for
        clicks.perform(_pick(rng, api.legal_actions(s.view())))
        witness.look(f"after ply {ply}")
        if s.result is not None:
            break
    assert witness.checks > 80
    assert witness.problems == []
    assert any(p.startswith("attack preview") for p in witness.places), "dialogs were read too"


def test_hotseat_load_and_resume_raise_the_curtain(window, tmp_path):
    """Whoever opens a hot-seat game is not yet known to be the player whose view it is."""
    s = window.session
    window.start_game(GameSetup(mode="hotseat", human_side=None, seed=5, names={"S": "Ann", "N": "Bea"}),
                      MUSTERS)
    window.curtain.proceed()
    assert not window.curtain_up()
    path = tmp_path / "hot.json"
    assert window.save_to(path)
    assert window.open_path(path)
    assert window.curtain_up() and window.curtain.side == s.to_move
    window.curtain.proceed()
    window.start_game(GameSetup(mode="computer", level="easy", human_side="S", first="S", seed=5,
                                names={"S": "You", "N": "Computer"}))
    assert not window.curtain_up()
    assert window.open_path(path) and window.curtain_up()
    window.start_game(GameSetup(mode="computer", level="easy", human_side="S", first="S", seed=5,
                                names={"S": "You", "N": "Computer"}))
    assert not window.curtain_up(), "a solo game needs no curtain"


@pytest.mark.parametrize("old_mode", ["computer", "hotseat"])
def test_a_cancelled_hotseat_muster_brings_the_old_game_back_safely(window, monkeypatch, old_mode):
    """Cancel North's muster: the old game is untouched; a hot-seat one comes back behind the curtain
    (whoever holds the device now is not known to be its player to move), a solo one without."""
    from towers_qt.shell.curtain import Curtain
    from towers_qt.skirmish.dialogs.muster import MusterDialog

    s = window.session
    window.start_game(GameSetup(mode=old_mode, level="easy", human_side="S" if old_mode == "computer" else None,
                                first="S", seed=6, names={"S": "Ann", "N": "Bea"}), MUSTERS)
    s.ai.cancel()
    if window.curtain_up():
        window.curtain.proceed()
    before = copy.deepcopy(s.to_dict())
    present = Curtain.present

    def present_and_lift(curtain, side, *args, **kwargs):
        present(curtain, side, *args, **kwargs)
        if window._mustering:
            QTimer.singleShot(0, curtain.proceed)

    monkeypatch.setattr(Curtain, "present", present_and_lift)
    monkeypatch.setattr(MusterDialog, "exec", lambda d: QDialog.Accepted if d.side == "S" else QDialog.Rejected)
    monkeypatch.setattr(MusterDialog, "muster", lambda d: list(MUSTERS[d.side]))
    setup = GameSetup(mode="hotseat", human_side=None, seed=9, names={"S": "Cy", "N": "Di"})
    assert window._muster_dialogs(setup) is None
    assert s.to_dict() == before
    if old_mode == "hotseat":
        assert window.curtain_up() and not window.curtain.holding and window.curtain.side == s.to_move
    else:
        assert not window.curtain_up()


def test_a_failing_computer_is_reported_in_plain_words(window, qtbot, monkeypatch):
    """The core's message may quote the computer's own view; the player never sees it."""
    from towers_core.errors import BadHistory
    from towers_core.skirmish.ai.player import Searcher

    def fail(searcher, view, *args, **kwargs):
        raise BadHistory("history[0].view.board.f7.card: 'Sc@f7' is the Scout")

    monkeypatch.setattr(Searcher, "start", fail)
    window.start_game(GameSetup(mode="computer", level="easy", human_side="S", first="N", seed=3,
                                names={"S": "You", "N": "Computer"}), MUSTERS)
    qtbot.waitUntil(lambda: window.message_box is not None and window.message_box.isVisible(), timeout=20000)
    text = window.message_box.text()
    assert "has not moved" in text and "Sc" not in text and "Scout" not in text and "history" not in text


# -- across games: musters remembered, saves of ended games, replayed seeds, hand-over mid-animation --
def test_a_hotseat_muster_is_neither_remembered_nor_offered(window, monkeypatch):
    """The muster dialog may start from the last muster only in solo play: in hot-seat, whoever musters
    next on a side may be the other player, so their dialogs open from the preset and keep nothing."""
    from towers_qt.skirmish.dialogs.muster import MusterDialog

    opened = []
    monkeypatch.setattr(MusterDialog, "exec", lambda d: opened.append((d.side, sorted(d.selected()))) or True)
    monkeypatch.setattr(window, "_pass_device", lambda side, name: None)
    window.settings.set_last_muster("S", SOUTH)
    window.settings.set_last_muster("N", NORTH)
    assert window._muster_dialogs(GameSetup(mode="hotseat", seed=3, names={"S": "Ann", "N": "Bea"})) is not None
    assert [side for side, _ in opened] == ["S", "N"]
    assert opened[0][1] != sorted(SOUTH) and opened[1][1] != sorted(NORTH)
    assert window.settings.last_muster("S") == SOUTH and window.settings.last_muster("N") == NORTH
    opened.clear()
    window._muster_dialogs(GameSetup(mode="computer", level="easy", human_side="S", seed=3))
    assert opened == [("S", sorted(SOUTH))], "a solo player gets their own last muster back"


def test_a_save_of_a_game_that_has_ended_here_is_not_played_on(window, tmp_path):
    """Save, resign, review, open the save: the review showed every card of it, so the open is refused
    and the ended game stays; a save of another game still opens."""
    s = window.session
    window.start_game(GameSetup(mode="computer", level="easy", human_side="S", first="S", seed=5,
                                names={"S": "You", "N": "Computer"}), MUSTERS)
    s.ai.cancel()
    early = tmp_path / "early.json"
    assert window.save_to(early)
    s.play("resign")
    assert s.result is not None and s.game_id in window.settings.finished_games()
    ended = copy.deepcopy(s.to_dict())
    assert not window.open_path(early)
    assert s.to_dict() == ended
    window.start_game(GameSetup(mode="computer", level="easy", human_side="S", first="S", seed=5,
                                names={"S": "You", "N": "Computer"}), MUSTERS)
    s.ai.cancel()
    other = tmp_path / "other.json"
    assert window.save_to(other) and window.open_path(other) and s.result is None


def test_replaying_a_seed_replays_the_luck_not_the_computers_secrets(window, monkeypatch):
    """The same seed gives the same terrain and first player; the computer's muster and its search
    seeds come from each game's own secret id."""
    drawn, asked = [], []
    real = api.choose_muster
    monkeypatch.setattr(api, "choose_muster", lambda level, seed: drawn.append(seed) or real(level, seed))
    s = window.session
    monkeypatch.setattr(s, "_ask", lambda asking, args, budget: asked.append(args[3]))
    setup = GameSetup(mode="computer", level="easy", human_side="N", first="S", seed=77,
                      names={"S": "Computer", "N": "You"})
    games = []
    for _ in range(2):
        window.start_game(setup)
        s.start_ai()
        games.append((s.position["terrain"], s.game_id))
    assert games[0][0] == games[1][0] and games[0][1] != games[1][1]
    assert len(drawn) == 2 and drawn[0] != drawn[1]
    assert len(asked) == 2 and asked[0] != asked[1]


def test_a_hand_over_during_an_animation_shows_only_the_new_holders_screen(window, monkeypatch):
    """The board and docks wait for a move's animation; a curtain lifted for the other player before it
    ends (after a cancelled new game, say) ends it at once, so no frame of the last player's screen
    reaches the new one."""
    from towers_qt.shell.settings import AnimationSpeed

    s = window.session
    window.start_game(GameSetup(mode="hotseat", human_side=None, seed=9, first="S", names={"S": "Ann", "N": "Bea"}),
                      MUSTERS)
    rng = random.Random(2)
    for _ in range(4):
        window.curtain.proceed()
        window.play(_pick(rng, s.legal_actions()))
    window.curtain.proceed()
    window.settings.set_animation_speed(AnimationSpeed.SLOW)
    window.animations_enabled = True
    window.play(next(a for a in s.legal_actions() if a.startswith(("Sp@", "Ar@", "Sq@")) and len(a) == 5))
    assert window.animating
    window._cover("N", "Bea", None)
    window.curtain.proceed()
    assert not window.animating and s.viewer == "N"
    shown = {sq: item.face.code for sq, item in window.scene.cards.items() if item.face.owner == "S"}
    north = s.view("N")["board"]
    assert shown and all(code == north[sq]["card"] for sq, code in shown.items())
    assert not set(window.barrack.tile_codes()) & set(SOUTH)


def test_an_undone_move_meets_the_same_reply_seed(window, monkeypatch):
    """The computer's search seed is fixed per ply by the game's secret id, so taking a move back and
    playing it again asks the same question, not a fresh roll for another reply."""
    asked = []
    s = window.session
    window.start_game(GameSetup(mode="computer", level="easy", human_side="S", first="S", seed=12,
                                names={"S": "You", "N": "Computer"}), MUSTERS)
    monkeypatch.setattr(s, "_ask", lambda asking, args, budget: asked.append(args[3]))
    move = s.legal_actions()[0]
    window.play(move)
    s.start_ai()
    assert s.undo() and not s.log
    window.play(move)
    s.start_ai()
    assert len(asked) >= 2 and asked[0] == asked[-1]
