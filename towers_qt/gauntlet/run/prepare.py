"""Before a Battle: the scout dossier (read from the core's sealed army and field, so it never
lies) beside the shop (Armory perks for Gold, Research for Tomes, the pledged structures), with
the running totals; a refusal shows the core's own reason."""
from __future__ import annotations

import html

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QGridLayout, QHBoxLayout, QLabel, QPushButton, QTextBrowser, QVBoxLayout,
                               QWidget)

from towers_core.gauntlet import run as R
from towers_qt.gauntlet.run.select import text_label, title_label
from towers_qt.gauntlet.run.status import banner_line, status_line
from towers_qt.gauntlet.run.words import CHESTS_TEXT, SCOUT_TEXT, SHOP_TEXT, path_words, perk_words
from towers_qt.gauntlet.words import NAME, PATH_NAME, PERK_NAME, slot_label
from towers_qt.shell.fit import scrolling


def dossier_html(d: dict) -> str:
    """The scout report as a page: every line read from `run.dossier`."""
    r = d["royal"]
    units = ", ".join(slot_label(s) for s in d["roster"]["units"])
    structures = ", ".join(slot_label(s) for s in d["roster"]["structures"]) or "none"
    research = ", ".join(f"{NAME[s]}: {PATH_NAME[p]}" for s, p in d["research"].items()) or "none"
    perks = ", ".join(PERK_NAME[p] for p in d["perks"]) or "none"
    chests = ", ".join(f"{kind} at {tile}" for tile, kind in sorted(d["field"]["chests"].items()))
    echo = f" — echo {d['foe']['echo']}" if d["foe"]["echo"] else ""
    rows = [("Royal", f"{slot_label(r['type'])} — {r['hp']} HP · {r['atk']} Atk · {r['arm']} Armor · "
                      f"{r['spd']} Speed · both Researches"),
            ("Trick", d["trick"]), ("Style", f"{d['style']} (plays at {d['level']})"),
            ("Treasury", f"{d['treasury']} Gold"), ("Units", units), ("Structures", structures),
            ("Research", research), ("Armory", perks), ("Supply", f"bank starts at {d['supply']}"),
            ("Field", f"Control Tiles {', '.join(d['field']['control_tiles'])}; War Chests: {chests}"),
            ("If beaten", d["joins"])]
    if d["lacks"]:
        rows.insert(1, ("You lack", NAME[d["lacks"]] + "s"))
    if d["pledge"]:
        rows.insert(2, ("Pledge", f"{NAME[d['pledge']]}s join your banner now, win or lose"))
    body = "".join(f"<tr><td><b>{html.escape(k)}</b></td><td>{html.escape(v)}</td></tr>" for k, v in rows)
    return (f"<h2>{html.escape(d['name'])}{echo} · Battle {d['battle']}</h2>"
            f"<table cellspacing=4>{body}</table><p><i>{html.escape(SCOUT_TEXT)}</i></p>")


class PrepareScreen(QWidget):
    """`bought(kind, slot, path)` for a purchase, `fight()` to start the Battle."""

    bought = Signal(str, str, str)
    fight = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        box = QVBoxLayout(self)
        box.setContentsMargins(16, 10, 16, 10)
        self.title = title_label("", 16)
        box.addWidget(self.title)
        self.status = QLabel()
        self.status.setAlignment(Qt.AlignCenter)
        box.addWidget(self.status)
        row = QHBoxLayout()
        self.dossier = QTextBrowser()
        self.dossier.setObjectName("dossier")
        row.addWidget(self.dossier, 5)
        right = QVBoxLayout()
        right.addWidget(QLabel("<b>The shop</b>"))
        right.addWidget(text_label(SHOP_TEXT))
        self.totals = QLabel()
        self.totals.setObjectName("totals")
        self.totals.setStyleSheet("font-size: 13pt; font-weight: 600;")
        right.addWidget(self.totals)
        self.offers = QWidget()
        self.offer_grid = QGridLayout(self.offers)
        right.addWidget(scrolling(self.offers), 1)
        self.refusal = text_label("")
        self.refusal.setStyleSheet("color: #e06060;")
        right.addWidget(self.refusal)
        row.addLayout(right, 6)
        box.addLayout(row, 1)
        self.banner = text_label("")
        box.addWidget(self.banner)
        box.addWidget(text_label(CHESTS_TEXT))
        self.fight_button = QPushButton("To Battle!")
        self.fight_button.setMinimumHeight(36)
        self.fight_button.clicked.connect(self.fight)
        box.addWidget(self.fight_button, 0, Qt.AlignRight)
        self.buttons: dict[tuple[str, str, str], QPushButton] = {}

    def show_run(self, run: dict, refusal: str = "") -> None:
        d = R.dossier(run)
        retry = f" · Pawnborn {run['pawnborn']} tries again" if run["pawnborn"] > 1 else ""
        self.title.setText(f"Battle {run['battle']}: {d['name']}{retry}")
        self.status.setText(status_line(run))
        self.dossier.setHtml(dossier_html(d))
        self.banner.setText(banner_line(run["banner"]) + ("  ·  pledged: " + ", ".join(
            NAME[s] + "s" for s in run["pledges"]) if run["pledges"] else ""))
        self.refusal.setText(refusal)
        self._show_shop(R.shop(run))

    def _show_shop(self, shop: dict) -> None:
        self.totals.setText(f"{shop['gold']} Gold · {shop['tomes']} Tome" + ("" if shop["tomes"] == 1 else "s"))
        grid = self.offer_grid
        while grid.count():
            old = grid.takeAt(0).widget()
            old.setParent(None)   # gone at once (a deferred delete would still be drawn)
            old.deleteLater()
        self.buttons = {}
        grid.addWidget(QLabel("<b>Armory (Gold)</b>"), 0, 0, 1, 2)
        row = 1
        for offer in shop["perks"]:
            row = self._offer(row, perk_words(offer["slot"]), [("perk", offer["slot"], "", "Buy", offer)])
        grid.addWidget(QLabel("<b>Research (Tomes, one path forever)</b>"), row, 0, 1, 2)
        row += 1
        for offer in shop["research"]:
            words = f"{slot_label(offer['slot'])} — {offer['price']} Tome" + ("" if offer["price"] == 1 else "s")
            buys = [("research", offer["slot"], p, PATH_NAME[p], offer) for p in offer["paths"]]
            row = self._offer(row, words, buys)
        if not shop["perks"] and not shop["research"]:
            grid.addWidget(QLabel("Nothing left to buy for this banner."), row, 0)

    def _offer(self, row: int, words: str, buys: list) -> int:
        label = text_label(words)
        self.offer_grid.addWidget(label, row, 0)
        cell = QHBoxLayout()
        holder = QWidget()
        holder.setLayout(cell)
        cell.setContentsMargins(0, 0, 0, 0)
        for kind, slot, path, text, offer in buys:
            button = QPushButton(text)
            button.setObjectName(f"buy_{kind}_{slot}_{path}")
            button.setToolTip(path_words(path) if path else "")
            if not offer["affordable"]:
                button.setStyleSheet("color: #888;")
            button.clicked.connect(lambda _=False, k=kind, s=slot, p=path: self.bought.emit(k, s, p))
            self.buttons[(kind, slot, path)] = button
            cell.addWidget(button)
        self.offer_grid.addWidget(holder, row, 1)
        return row + 1
