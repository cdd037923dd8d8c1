"""The online Battle window: the Gauntlet window on this side's view only, fed by an `OnlineLink`.
The Draft opens when the core asks for it (Crimson first; Gold scouts, reads the report, then
drafts); the board, action bar and Log are the Gauntlet window's; a status item tells how the link
stands; a lost link covers the board with a countdown until it comes back and nothing can be played
meanwhile; a dispute or an abandonment is explained in a dialog. Leaving a Battle under way resigns
it (§13.8): the resignation crosses the link and the window closes once the finals are exchanged."""
from __future__ import annotations

import time
from collections import deque

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QDialog, QLabel, QMessageBox, QWidget

from towers_qt.gauntlet.dialogs.draft import DraftDialog, report_text
from towers_qt.gauntlet.online.link import OnlineLink
from towers_qt.gauntlet.online.session import OnlineSession
from towers_qt.gauntlet.online.words import LEAVE_ASK, ending, leaving_text, link_line, pause_text
from towers_qt.gauntlet.session import SIDES
from towers_qt.gauntlet.window import UNSEEN, GauntletWindow
from towers_qt.gauntlet.words import SIDE_WORD
from towers_qt.shell.look import INK, SERIF
from towers_qt.shell.settings import Settings

NOT_HERE = "An online Battle is played to its end (or resigned) in its own window; it is not saved."
LEAVE_WAIT = 5.0   # seconds for the ack and the finals once our resignation is applied


class OnlineDraft(DraftDialog):
    """Gold's Draft online: the scout goes to Crimson's machine and the report comes back."""

    def __init__(self, link: OnlineLink, parent: QWidget | None = None) -> None:
        super().__init__("G", parent, {}, "You")
        self.link = link
        self.asked = False

    def scout(self, slot: str) -> None:
        if self.scouted is not None or self.asked:
            return
        self.asked = True
        self.scout_choice.setEnabled(False)
        self.scout_button.setEnabled(False)
        self.report.setText("Asking Crimson's computer to open that slot…")
        self.link.give_scout(slot)

    def show_report(self, report: dict) -> None:
        if self.scouted is None:
            self.scouted = report["slot"]
            self.report.setText(report_text(report["slot"], report["entry"]))
            self.report.setStyleSheet(f"color: {INK}; font-weight: bold;")
            self._refresh()


class PauseCover(QLabel):
    """Covers the board while the link is down: what happened and the time left."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("onlinePause")
        self.setAlignment(Qt.AlignCenter)
        self.setWordWrap(True)
        self.setTextFormat(Qt.RichText)
        self.setStyleSheet(f"background: rgba(12, 14, 20, 235); color: {INK}; font-family: '{SERIF}';"
                           " font-size: 17pt; padding: 40px;")
        parent.installEventFilter(self)   # it follows every resize of what it covers
        self.hide()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.parentWidget() and event.type() == QEvent.Resize:
            self.setGeometry(self.parentWidget().rect())
        return False

    def show_for(self, text: str) -> None:
        if text != self.text():
            self.setText(text)
        self.setGeometry(self.parentWidget().rect())
        self.raise_()
        self.show()


class OnlineWindow(GauntletWindow):
    """One side of an online Battle; closing it leaves the Battle."""

    def __init__(self, link: OnlineLink, settings: Settings | None = None) -> None:
        names = {s: "You" if s == link.side else "Opponent" for s in SIDES}
        super().__init__(settings, OnlineSession(link.side, names), autosave=False)
        self.session.setParent(self)
        self.link = link
        self.snap: dict = {}
        self.told = False
        self.sealed = False
        self.refused_seen = 0
        self.leaving: float | None = None   # when our resignation was applied (0: not yet), None: staying
        self.leave_timer = QTimer(self)
        self.leave_timer.setInterval(100)
        self.leave_timer.timeout.connect(self._leave_tick)
        self.setWindowTitle(f"Towers — Gauntlet of Crowns online — you are {SIDE_WORD[link.side]}")
        self.link_label = QLabel()
        self.link_label.setObjectName("onlineLink")
        self.statusBar().addWidget(self.link_label, 1)
        self.cover = PauseCover(self.centralWidget())
        self.session.wants.connect(link.give_action)
        self.arrivals: deque[tuple] = deque()   # applied actions held back while the board animates
        link.applied.connect(self._arrived)
        link.changed.connect(self.take)
        link.failed.connect(lambda why: self.show_error("The link failed", why))
        if link.last:
            self.take(link.last)

    # -- what the link says ------------------------------------------------------------------------
    def take(self, snap: dict) -> None:
        """A new snapshot of the link: status, pause, the Draft when asked, the Battle's view, the end."""
        self.snap = snap
        self.link_label.setText(link_line(snap))
        self._cover(snap)
        self._draft_asked(snap)
        if snap["view"] is not None and not self.session.positions:
            self.session.begin(snap["view"])
            self._show_new_game()
        if snap["refused"] > self.refused_seen:     # our action met something unseen (§9): nothing was sent
            self.refused_seen = snap["refused"]
            self.news = UNSEEN
            self.bar.news.setText(UNSEEN)
        self._tell_ending(snap)

    def _arrived(self, *applied: object) -> None:
        """An action the core applied (the peer's or ours): animated from this side's Log entries by
        the Gauntlet window, one after another, so acts arriving in a burst never overlap."""
        self.arrivals.append(applied)
        self._next_arrival()

    def _next_arrival(self) -> None:
        while self.arrivals and not self.animating:
            self.session.add(*self.arrivals.popleft())

    def _animation_done(self) -> None:
        super()._animation_done()
        self._next_arrival()

    def _cover(self, snap: dict) -> None:
        """The pause (or the leaving) cover over the board; every input is off until it lifts."""
        if self.leaving is not None:
            self.cover.show_for(leaving_text(snap))
        elif snap["left"] is not None:
            self.cover.show_for(pause_text(snap))
        else:
            self.cover.hide()
        paused = self.cover.isVisible()
        if paused != self.session.paused:
            self.session.paused = paused
            self.picker.clear()
            self.board.show_preview(None)
            self.refresh()

    def _draft_asked(self, snap: dict) -> None:
        asking = snap["asking"]
        if asking in ("army", "scout") and self.draft_dialog is None and not self.sealed:
            dialog = OnlineDraft(self.link, self) if self.link.side == "G" else DraftDialog("C", self, None, "You")
            dialog.finished.connect(lambda code: self._sealed(dialog, code))
            self.draft_dialog = dialog
            dialog.open()
        if isinstance(self.draft_dialog, OnlineDraft) and snap["report"] is not None:
            self.draft_dialog.show_report(snap["report"])

    def _sealed(self, dialog: DraftDialog, code: int) -> None:
        self.draft_dialog = None
        if code == QDialog.Accepted:
            self.sealed = True
            self.link.give_army(dialog.army)
            self.news = "Army sealed. Waiting for the other side…"
            self.bar.news.setText(self.news)
        else:
            self.close()

    def _tell_ending(self, snap: dict) -> None:
        said = ending(snap)
        if said is None or self.told:
            return
        self.told = True
        if self.draft_dialog is not None:
            self.draft_dialog.hide()
        box = QMessageBox(QMessageBox.Warning, said[0], said[1], QMessageBox.Ok, self)
        box.setObjectName("onlineEnding")
        self.message_box = box
        box.open()

    # -- leaving ----------------------------------------------------------------------------------
    def battle_on(self) -> bool:
        """A Battle under way here: leaving it means resigning it."""
        view = self.snap.get("view")
        return view is not None and view["result"] is None and self.snap["outcome"] is None

    def ask_leave(self) -> None:
        """Leave the Battle? No is the default: a stray Enter never gives it away."""
        box = QMessageBox(QMessageBox.Question, "Leave the Battle", LEAVE_ASK, QMessageBox.Yes | QMessageBox.No, self)
        box.setObjectName("onlineLeave")
        box.setDefaultButton(QMessageBox.No)
        box.finished.connect(lambda code: self.leave() if code == QMessageBox.Yes else None)
        self.message_box = box
        box.open()

    def leave(self) -> None:
        """Resign through the link, then close once the finals are in (or LEAVE_WAIT after it went)."""
        if self.leaving is not None or not self.battle_on():
            self.close()
            return
        self.leaving = 0.0
        self.link.resign()
        self._cover(self.snap)
        self.leave_timer.start()

    def _leave_tick(self) -> None:
        snap = self.snap
        if self.leaving == 0.0 and snap["view"] is not None and snap["view"]["result"] is not None:
            self.leaving = time.monotonic()
        if snap["outcome"] is not None or (self.leaving and time.monotonic() - self.leaving >= LEAVE_WAIT):
            self.leave_timer.stop()
            self.close()

    # -- the Gauntlet window's parts that do not apply online ---------------------------------------
    def new_game_dialog(self) -> None:
        """A new game means leaving this Battle first: the player's own Gauntlet window stays open."""
        self.close()

    def open_dialog(self) -> None:
        self.show_notice("Online Battle", NOT_HERE)

    def save_to(self, path) -> bool:
        self.show_notice("Online Battle", NOT_HERE)
        return False

    def save(self) -> None:
        self.save_to(None)

    def closeEvent(self, event) -> None:
        if self.leaving is None and self.battle_on():
            event.ignore()
            self.ask_leave()
            return
        self.leave_timer.stop()
        self.link.stop()
        super().closeEvent(event)
