"""The online Battle window: the Gauntlet window on this side's view only, fed by an `OnlineLink`.
The Draft opens when the core asks for it (Crimson first; Gold scouts, reads the report, then
drafts); the board, action bar and Log are the Gauntlet window's; a status item tells how the link
stands; a lost link covers the board with a countdown until it comes back; a dispute or an
abandonment is explained in a dialog."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QLabel, QMessageBox, QWidget

from towers_qt.gauntlet.dialogs.draft import DraftDialog, report_text
from towers_qt.gauntlet.online.link import OnlineLink
from towers_qt.gauntlet.online.session import OnlineSession
from towers_qt.gauntlet.online.words import ending, link_line, pause_text
from towers_qt.gauntlet.session import SIDES
from towers_qt.gauntlet.window import UNSEEN, GauntletWindow
from towers_qt.gauntlet.words import SIDE_WORD
from towers_qt.shell.look import INK, SERIF
from towers_qt.shell.settings import Settings

NOT_HERE = "An online Battle is played to its end (or resigned) in its own window; it is not saved."


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
        self.setStyleSheet(f"background: rgba(12, 14, 20, 225); color: {INK}; font-family: '{SERIF}';"
                           " font-size: 17pt; padding: 40px;")
        self.hide()

    def show_for(self, text: str) -> None:
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
        self.setWindowTitle(f"Towers — Gauntlet of Crowns online — you are {SIDE_WORD[link.side]}")
        self.link_label = QLabel()
        self.link_label.setObjectName("onlineLink")
        self.statusBar().addWidget(self.link_label, 1)
        self.cover = PauseCover(self.centralWidget())
        self.session.wants.connect(link.give_action)
        link.applied.connect(self.session.add)
        link.changed.connect(self.take)
        link.failed.connect(lambda why: self.show_error("The link failed", why))
        if link.last:
            self.take(link.last)

    # -- what the link says ------------------------------------------------------------------------
    def take(self, snap: dict) -> None:
        """A new snapshot of the link: status, pause, the Draft when asked, the Battle's view, the end."""
        self.snap = snap
        self.link_label.setText(link_line(snap))
        if snap["left"] is not None:
            self.cover.show_for(pause_text(snap))
        else:
            self.cover.hide()
        self._draft_asked(snap)
        if snap["view"] is not None and not self.session.positions:
            self.session.begin(snap["view"])
            self._show_new_game()
        if snap["refused"] > self.refused_seen:     # our action met something unseen (§9): nothing was sent
            self.refused_seen = snap["refused"]
            self.news = UNSEEN
            self.bar.news.setText(UNSEEN)
        self._tell_ending(snap)

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

    # -- the Gauntlet window's parts that do not apply online ---------------------------------------
    def new_game_dialog(self) -> None:
        self.show_notice("Online Battle", NOT_HERE)

    def open_dialog(self) -> None:
        self.show_notice("Online Battle", NOT_HERE)

    def save_to(self, path) -> bool:
        self.show_notice("Online Battle", NOT_HERE)
        return False

    def save(self) -> None:
        self.save_to(None)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self.cover.isVisible():
            self.cover.setGeometry(self.centralWidget().rect())

    def closeEvent(self, event) -> None:
        self.link.stop()
        super().closeEvent(event)
