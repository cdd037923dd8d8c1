"""Game → Play online…: Host (you are Gold: a code in large letters, the address to type as a
fallback, the ways you are reachable, then waiting) or Join (you are Crimson: the code, and an
address if the code alone does not find the host). Once a link stands, the online Battle window
takes the link over and this dialog closes."""
from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from towers_core.errors import TowersError
from towers_core.online.codes import ALPHABET, PORT, check_code, parse_address
from towers_core.online.transport import Channels, _lan_addresses
from towers_qt.gauntlet.online.link import OnlineLink
from towers_qt.gauntlet.online.window import OnlineWindow
from towers_qt.gauntlet.online.words import NO_RELAY, ending
from towers_qt.shell.fit import fit_to_screen
from towers_qt.shell.look import GOLD, INK, SERIF, WARN, heading, muted, primary, secondary
from towers_qt.shell.settings import Settings

HOST_INTRO = ("You play Gold. Crimson drafts and moves first; you scout one of their slots, then draft. "
              "Tell your opponent the code; nobody without it can join, read or alter the Battle.")
JOIN_INTRO = "You play Crimson: you draft first, then move first. Type the host's four-letter code."


class OnlineLobby(QDialog):
    """Host or join; `lan`, `bind` and `port` are the network's (tests use 127.0.0.1 only)."""

    def __init__(self, parent: QWidget | None, settings: Settings, lan: bool = True, bind: str = "0.0.0.0",
                 port: int = PORT, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(parent)
        self.settings, self.bind, self.port, self.clock = settings, bind, port, clock
        self.link: OnlineLink | None = None
        self.window: OnlineWindow | None = None
        self.setObjectName("onlineLobby")
        self.setWindowTitle("Play online — Gauntlet of Crowns")
        box = QVBoxLayout(self)
        box.setContentsMargins(20, 16, 20, 14)
        box.addWidget(heading("Play the Gauntlet of Crowns online", 16))
        self.tabs = QTabWidget()
        self.tabs.addTab(self._host_page(lan), "Host a Battle")
        self.tabs.addTab(self._join_page(lan), "Join a Battle")
        box.addWidget(self.tabs, 1)
        self.relay_row(box)
        row = QHBoxLayout()
        row.addStretch(1)
        self.close_button = secondary(QPushButton("Cancel"))
        self.close_button.clicked.connect(self.reject)
        row.addWidget(self.close_button)
        box.addLayout(row)
        self._relay_shown()
        self.setMinimumWidth(640)
        fit_to_screen(self)

    # -- construction -------------------------------------------------------------------------------
    def _host_page(self, lan: bool) -> QWidget:
        page = QWidget()
        box = QVBoxLayout(page)
        box.addWidget(muted(HOST_INTRO))
        self.host_lan = QCheckBox("Local network: found by the code alone")
        self.host_lan.setChecked(lan)
        self.host_relay = QCheckBox("Internet, through the relay")
        self.host_relay_hint = muted(NO_RELAY)
        box.addWidget(self.host_lan)
        box.addWidget(self.host_relay)
        box.addWidget(self.host_relay_hint)
        box.addWidget(muted("Typed address: always (shown below once you host)."))
        self.host_button = primary(QPushButton("Host"))
        self.host_button.setObjectName("hostButton")
        self.host_button.clicked.connect(self.start_host)
        box.addWidget(self.host_button, 0, Qt.AlignLeft)
        self.code_label = QLabel("")
        self.code_label.setObjectName("hostCode")
        self.code_label.setAlignment(Qt.AlignCenter)
        self.code_label.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.code_label.setStyleSheet(f"color: {GOLD}; font-family: '{SERIF}'; font-size: 54pt; font-weight: bold;"
                                      " letter-spacing: 14px;")
        self.address_label = QLabel("")
        self.address_label.setObjectName("hostAddress")
        self.address_label.setAlignment(Qt.AlignCenter)
        self.address_label.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.address_label.setStyleSheet(f"color: {INK}; font-size: 13pt;")
        self.host_status = QLabel("")
        self.host_status.setObjectName("hostStatus")
        self.host_status.setAlignment(Qt.AlignCenter)
        self.host_status.setWordWrap(True)
        for w in (self.code_label, self.address_label, self.host_status):
            box.addWidget(w)
        box.addStretch(1)
        return page

    def _join_page(self, lan: bool) -> QWidget:
        page = QWidget()
        box = QVBoxLayout(page)
        box.addWidget(muted(JOIN_INTRO))
        grid = QGridLayout()
        self.code_edit = QLineEdit()
        self.code_edit.setObjectName("joinCode")
        self.code_edit.setMaxLength(4)
        self.code_edit.setPlaceholderText("ABCD")
        self.code_edit.setStyleSheet(f"font-family: '{SERIF}'; font-size: 26pt; letter-spacing: 8px;")
        self.code_edit.setFixedWidth(220)
        self.address_edit = QLineEdit()
        self.address_edit.setObjectName("joinAddress")
        self.address_edit.setPlaceholderText("host:port — only if the code alone does not find the host")
        grid.addWidget(QLabel("Code"), 0, 0)
        grid.addWidget(self.code_edit, 0, 1, Qt.AlignLeft)
        grid.addWidget(QLabel("Address"), 1, 0)
        grid.addWidget(self.address_edit, 1, 1)
        box.addLayout(grid)
        self.join_lan = QCheckBox("Look on the local network")
        self.join_lan.setChecked(lan)
        self.join_relay = QCheckBox("Look through the relay")
        self.join_relay_hint = muted(NO_RELAY)
        for w in (self.join_lan, self.join_relay, self.join_relay_hint):
            box.addWidget(w)
        self.join_button = primary(QPushButton("Join"))
        self.join_button.setObjectName("joinButton")
        self.join_button.clicked.connect(self.start_join)
        box.addWidget(self.join_button, 0, Qt.AlignLeft)
        self.join_status = QLabel("")
        self.join_status.setObjectName("joinStatus")
        self.join_status.setWordWrap(True)
        box.addWidget(self.join_status)
        box.addStretch(1)
        return page

    def relay_row(self, box: QVBoxLayout) -> None:
        row = QHBoxLayout()
        row.addWidget(QLabel("Relay (host:port)"))
        self.relay_edit = QLineEdit(self.settings.relay())
        self.relay_edit.setObjectName("relayEdit")
        self.relay_edit.setPlaceholderText("none — e.g. relay.example.org:4001")
        save = secondary(QPushButton("Save relay"))
        save.clicked.connect(self.save_relay)
        self.relay_problem = QLabel("")
        self.relay_problem.setStyleSheet(f"color: {WARN};")
        row.addWidget(self.relay_edit, 1)
        row.addWidget(save)
        box.addLayout(row)
        box.addWidget(self.relay_problem)

    # -- the relay setting --------------------------------------------------------------------------
    def save_relay(self) -> None:
        text = self.relay_edit.text().strip()
        try:
            if text:
                parse_address(text)
        except TowersError as exc:
            self.relay_problem.setText(f"Relay not saved: {exc}")
            return
        self.relay_problem.setText("")
        self.settings.set_relay(text)
        self._relay_shown()

    def _relay_shown(self) -> None:
        have = bool(self.settings.relay())
        for check, hint in ((self.host_relay, self.host_relay_hint), (self.join_relay, self.join_relay_hint)):
            check.setEnabled(have and self.link is None)
            check.setChecked(have)
            hint.setVisible(not have)

    def _channels(self, lan: QCheckBox, relay: QCheckBox) -> Channels:
        rel = parse_address(self.settings.relay()) if relay.isChecked() and self.settings.relay() else None
        only = None if self.bind == "0.0.0.0" else [self.bind]   # bound to one address: the LAN on it alone
        return Channels(relay=rel, lan=lan.isChecked(), lan_addresses=only, bind=self.bind, port=self.port)

    # -- host / join --------------------------------------------------------------------------------
    def start_host(self) -> None:
        self._start(OnlineLink("host", self._channels(self.host_lan, self.host_relay), clock=self.clock, parent=self))
        self.host_status.setText("Waiting for your opponent… Keep this open.")

    def start_join(self) -> None:
        try:
            code = check_code(self.code_edit.text().strip())
        except TowersError:
            self.join_status.setText(f"The code is 4 letters of {ALPHABET} (no I or O).")
            return
        channels = self._channels(self.join_lan, self.join_relay)
        try:
            address = self.address_edit.text().strip()
            channels.address = parse_address(address) if address else None
        except TowersError as exc:
            self.join_status.setText(f"That address cannot be used: {exc}.")
            return
        if channels.address is None and channels.relay is None and not channels.lan:
            self.join_status.setText("Give the host's address, or allow the local network or the relay.")
            return
        self._start(OnlineLink("join", channels, code, clock=self.clock, parent=self))
        self.join_status.setText("Looking for the host (for up to 30 seconds)…")

    def _start(self, link: OnlineLink) -> None:
        self.link = link
        self.tabs.tabBar().setEnabled(False)
        for w in (self.host_button, self.join_button, self.host_lan, self.join_lan, self.relay_edit):
            w.setEnabled(False)
        self._relay_shown()
        link.changed.connect(self._linked)
        link.failed.connect(lambda why: self._ended("The link failed", why))
        link.start()

    def _linked(self, snap: dict) -> None:
        if self.link is None or self.window is not None:
            return
        if snap["role"] == "host":
            self.code_label.setText(snap["code"])
            if snap["port"] is not None:
                where = [self.bind] if self.bind != "0.0.0.0" else _lan_addresses()
                self.address_label.setText("Or type: " + "  or  ".join(f"{a}:{snap['port']}" for a in where))
            if snap["failed_joins"]:
                self.host_status.setText(f"Waiting for your opponent… ({snap['failed_joins']} tries with a "
                                         "wrong code refused)")
        if snap["links"] > 0:
            self.link.changed.disconnect(self._linked)
            self.window = OnlineWindow(self.link, self.settings)
            self.link.setParent(self.window)
            keep(self.window)
            self.window.take(snap)
            self.window.show()
            self.accept()
        elif snap["outcome"] is not None:
            said = ending(snap) or ("The Battle ended", snap["reason"])
            self._ended(*said)

    def _ended(self, title: str, text: str) -> None:
        """The link ended before the Battle began: say why here, and let the player try again."""
        self.link = None
        status = self.join_status if self.tabs.currentIndex() == 1 else self.host_status
        status.setText(f"{title}. {text}")
        status.setStyleSheet(f"color: {WARN};")
        self.tabs.tabBar().setEnabled(True)
        for w in (self.host_button, self.join_button, self.host_lan, self.join_lan, self.relay_edit):
            w.setEnabled(True)
        self._relay_shown()

    def reject(self) -> None:
        if self.link is not None:
            self.link.stop()
        super().reject()


_OPEN: set[OnlineWindow] = set()   # top-level online windows live until closed, not as long as the lobby


def keep(window: OnlineWindow) -> None:
    window.setAttribute(Qt.WA_DeleteOnClose)
    _OPEN.add(window)
    window.destroyed.connect(lambda *_: _OPEN.discard(window))


def add_menu(window: QMainWindow) -> None:
    """Game → Play online… in a Gauntlet window, after the file actions."""
    game = window.menuBar().actions()[0].menu()
    action = QAction("Play &online…", window)
    action.triggered.connect(lambda: open_lobby(window, window.settings))
    game.insertAction(next((a for a in game.actions() if a.isSeparator()), None), action)


def open_lobby(parent: QWidget, settings: Settings) -> OnlineLobby:
    """Game → Play online… (the dialog stays referenced by its parent until closed)."""
    lobby = OnlineLobby(parent, settings)
    lobby.setAttribute(Qt.WA_DeleteOnClose)
    lobby.open()
    return lobby
