"""Before a Battle: the scout dossier (read from the core's sealed army and field, so it never
lies) beside the shop (Armory perks for Gold, Research for Tomes, the pledged structures), with
the running totals; a refusal is shown in players' words."""
from __future__ import annotations

import html

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from towers_core.errors import BadRun
from towers_core.gauntlet import run as R
from towers_core.gauntlet.units import PERKS
from towers_qt.gauntlet.run.art import YOU, BannerRow, TokenBrowser, token_html, token_label
from towers_qt.gauntlet.run.select import text_label, title_label
from towers_qt.gauntlet.run.status import status_line
from towers_qt.gauntlet.run.words import CHESTS_TEXT, SCOUT_TEXT, SHOP_TEXT, path_words, refusal_words
from towers_qt.gauntlet.words import NAME, PATH_NAME, PERK_NAME, PERK_TEXT
from towers_qt.shell.fit import scrolling

TOTALS_STYLE = "font-size: 14pt; font-weight: 600; color: #e0bf6c;"
REFUSAL_STYLE = "color: #f08a80; font-weight: 600;"
PAGE_STYLE = "td { padding: 2px 6px 2px 0; } h2 { color: #e0bf6c; }"


def dossier_html(d: dict) -> str:
    """The scout report as a page: every line read from `run.dossier`, units as their tokens."""
    r = d["royal"]
    units = " ".join(token_html(s) for s in d["roster"]["units"])
    structures = " ".join(token_html(s) for s in d["roster"]["structures"]) or "none"
    research = ", ".join(f"{NAME[s]}: {PATH_NAME[p]}" for s, p in d["research"].items()) or "none"
    perks = ", ".join(PERK_NAME[p] for p in d["perks"]) or "none"
    chests = ", ".join(f"{kind} at {tile}" for tile, kind in sorted(d["field"]["chests"].items()))
    echo = f" — echo {d['foe']['echo']}" if d["foe"]["echo"] else ""
    e = html.escape
    rows = [("Royal", f"{token_html(r['type'])} — {r['hp']} HP · {r['atk']} Atk · {r['arm']} Armor · "
                      f"{r['spd']} Speed · both Researches"),
            ("Trick", e(d["trick"])), ("Style", e(f"{d['style']} (plays at {d['level']})")),
            ("Treasury", f"{d['treasury']} Gold"), ("Units", units), ("Structures", structures),
            ("Research", e(research)), ("Armory", e(perks)), ("Supply", f"bank starts at {d['supply']}"),
            ("Field", e(f"Control Tiles {', '.join(d['field']['control_tiles'])}; War Chests: {chests}")),
            ("If beaten", e(d["joins"]))]
    if d["lacks"]:
        rows.insert(1, ("You lack", token_html(d["lacks"], YOU) + "s"))
    if d["pledge"]:
        rows.insert(2, ("Pledge", f"{token_html(d['pledge'], YOU)}s join your banner now, win or lose"))
    body = "".join(f"<tr><td><b>{k}</b></td><td>{v}</td></tr>" for k, v in rows)
    return (f"<style>{PAGE_STYLE}</style><h2>{e(d['name'])}{echo} · Battle {d['battle']}</h2>"
            f"<table cellspacing=3>{body}</table><p><i>{e(SCOUT_TEXT)}</i></p>")


def refusal_for(run: dict, kind: str, slot: str, path: str) -> str:
    """Why the core would refuse this purchase, in players' words; "" when it would sell. Asking the
    core itself keeps the shop's disabled buttons and its rules one and the same."""
    try:
        R.buy_perk(run, slot) if kind == "perk" else R.buy_research(run, slot, path)
    except BadRun as exc:
        return refusal_words(run, kind, slot, path, str(exc))
    return ""


def offer_label(title: str, detail: str) -> QLabel:
    label = QLabel(f"<b>{html.escape(title)}</b><br><span style='color:#b9ab95'>{html.escape(detail)}</span>")
    label.setWordWrap(True)
    return label


class PrepareScreen(QWidget):
    """`bought(kind, slot, path)` for a purchase, `fight()` to start the Battle."""

    bought = Signal(str, str, str)
    fight = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        box = QVBoxLayout(self)
        box.setContentsMargins(16, 8, 16, 8)
        box.setSpacing(4)
        self.title = title_label("", 16)
        box.addWidget(self.title)
        self.status = QLabel()
        self.status.setAlignment(Qt.AlignCenter)
        self.status.setProperty("role", "muted")
        box.addWidget(self.status)
        row = QHBoxLayout()
        self.dossier = TokenBrowser()
        self.dossier.setObjectName("dossier")
        row.addWidget(self.dossier, 5)
        right = QVBoxLayout()
        head = QLabel("The shop")
        head.setProperty("role", "title")
        right.addWidget(head)
        shop_note = text_label(SHOP_TEXT)
        shop_note.setProperty("role", "muted")
        right.addWidget(shop_note)
        self.totals = QLabel()
        self.totals.setObjectName("totals")
        self.totals.setStyleSheet(TOTALS_STYLE)
        right.addWidget(self.totals)
        self.offers = QWidget()
        self.offer_grid = QGridLayout(self.offers)
        self.offer_grid.setColumnStretch(1, 1)
        self.offer_grid.setVerticalSpacing(6)
        right.addWidget(scrolling(self.offers), 1)
        self.refusal = text_label("")
        self.refusal.setStyleSheet(REFUSAL_STYLE)
        right.addWidget(self.refusal)
        row.addLayout(right, 6)
        box.addLayout(row, 1)
        self.banner = BannerRow()
        box.addWidget(self.banner)
        bottom = QHBoxLayout()
        chests = text_label(CHESTS_TEXT)
        chests.setProperty("role", "muted")
        bottom.addWidget(chests, 1)
        self.fight_button = QPushButton("To Battle!")
        self.fight_button.setProperty("role", "primary")
        self.fight_button.setMinimumSize(160, 40)
        self.fight_button.clicked.connect(self.fight)
        bottom.addWidget(self.fight_button, 0, Qt.AlignBottom)
        box.addLayout(bottom)
        self.buttons: dict[tuple[str, str, str], QPushButton] = {}
        self.run: dict | None = None

    def show_run(self, run: dict, refusal: str = "") -> None:
        self.run = run
        d = R.dossier(run)
        retry = f" · Pawnborn {run['pawnborn']} tries again" if run["pawnborn"] > 1 else ""
        self.title.setText(f"Battle {run['battle']}: {d['name']}{retry}")
        self.status.setText(status_line(run))
        self.dossier.setHtml(dossier_html(d))
        self.banner.show_banner(run["banner"], run["pledges"])
        self.refusal.setText(refusal)
        self._show_shop(R.shop(run))

    def _show_shop(self, shop: dict) -> None:
        self.totals.setText(f"Purse: {shop['gold']} Gold · {shop['tomes']} Tome" + ("" if shop["tomes"] == 1 else "s"))
        grid = self.offer_grid
        while grid.count():
            old = grid.takeAt(0).widget()
            old.setParent(None)   # gone at once (a deferred delete would still be drawn)
            old.deleteLater()
        self.buttons = {}
        row = self._heading(0, "Armory — Gold")
        for offer in shop["perks"]:
            name = PERKS[offer["slot"]][0]
            row = self._offer(row, offer["slot"], offer_label(f"{PERK_NAME[name]} · {NAME[offer['slot']]}",
                                                               PERK_TEXT[name]),
                              [("perk", offer["slot"], "", f"{offer['price']} Gold")])
        row = self._heading(row, "Research — Tomes, one path forever")
        for offer in shop["research"]:
            price = f"{offer['price']} Tome" + ("" if offer["price"] == 1 else "s")
            buys = [("research", offer["slot"], p, PATH_NAME[p]) for p in offer["paths"]]
            row = self._offer(row, offer["slot"], offer_label(f"{NAME[offer['slot']]} Research", price), buys)
        if not shop["perks"] and not shop["research"]:
            grid.addWidget(QLabel("Nothing left to buy for this banner."), row, 0, 1, 3)

    def _heading(self, row: int, text: str) -> int:
        label = QLabel(text)
        label.setProperty("role", "title")
        self.offer_grid.addWidget(label, row, 0, 1, 3)
        return row + 1

    def _offer(self, row: int, slot: str, label: QLabel, buys: list) -> int:
        self.offer_grid.addWidget(token_label(slot, YOU, 28), row, 0)
        self.offer_grid.addWidget(label, row, 1)
        holder = QWidget()
        cell = QHBoxLayout(holder)
        cell.setContentsMargins(0, 0, 0, 0)
        for kind, slot_, path, text in buys:
            button = QPushButton(text)
            button.setObjectName(f"buy_{kind}_{slot_}_{path}")
            refusal = refusal_for(self.run, kind, slot_, path)
            button.setEnabled(not refusal)   # never clickable into an error: the reason is the tooltip
            button.setToolTip("\n".join(x for x in (refusal, path_words(path) if path else "") if x))
            button.clicked.connect(lambda _=False, k=kind, s=slot_, p=path: self.bought.emit(k, s, p))
            self.buttons[(kind, slot_, path)] = button
            cell.addWidget(button)
        self.offer_grid.addWidget(holder, row, 2)
        return row + 1
