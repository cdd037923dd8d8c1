"""The Gauntlet's rules for Help ▸ Rules and its first-start welcome: the player-facing text, with
each unit's and structure's token drawn beside its paragraph and a table of their printed numbers."""
from __future__ import annotations


from PySide6.QtCore import QUrl
from PySide6.QtGui import QTextDocument

from towers_core.gauntlet.units import DRAFT_UNITS, STRUCTURES, UNITS
from towers_qt.gauntlet.board.pieces import flame_icon, slot_icon
from towers_qt.gauntlet.words import GLYPH, NAME
from towers_qt.shell.paths import resource

ART = 36  # the tokens' size in the rules, in pixels
FLAME = "gauntlet-art:burn"


def art_url(code: str) -> str:
    return f"gauntlet-art:{code}"


def rules_html() -> str:
    """The player-facing rules of the drafted Battle (resources/gauntlet/rules.html), each slot's
    glyph at the head of its paragraph drawn as its token, 🔥 drawn, and the units table first."""
    html = resource("gauntlet/rules.html").read_text(encoding="utf-8")
    for code, glyph in GLYPH.items():
        html = html.replace(f"<p>{glyph} {NAME[code]}",
                            f"<p><img src='{art_url(code)}' width={ART} height={ART} style='vertical-align: middle'> "
                            f"<b>{NAME[code]}</b>", 1)
    html = html.replace("🔥", f"<img src='{FLAME}' width=14 height=14>")
    first_unit = html.find(f"<p><img src='{art_url('Ki')}'")
    return html[:first_unit] + units_table() + html[first_unit:] if first_unit >= 0 else html + units_table()


def units_table() -> str:
    """The King, the seven unit types and the four structures: token, HP, Attack, Armor, Speed, Supply."""
    head = "".join(f"<th align=left>{h}</th>" for h in ("", "", "HP", "Atk", "Armor", "Speed", "Supply"))
    rows = []
    for code in ("Ki", *DRAFT_UNITS):
        u = UNITS[code]
        cells = (u.hp, u.atk, u.arm, u.spd, "free" if code == "Ki" else u.supply)
        rows.append(_row(code, cells))
    for code, hp in STRUCTURES.items():
        rows.append(_row(code, (hp, "—", "—", "—", "free")))
    return (f"<h2>The units</h2><table cellspacing=0 cellpadding=3><tr>{head}</tr>{''.join(rows)}</table>")


def _row(code: str, cells: tuple) -> str:
    values = "".join(f"<td>{v}</td>" for v in cells)
    return f"<tr><td><img src='{art_url(code)}' width=28 height=28></td><td><b>{NAME[code]}</b></td>{values}</tr>"


def add_art(document: QTextDocument, side: str = "G") -> None:
    """The tokens the rules show, drawn into `document`'s resources (no image files needed)."""
    for code in GLYPH:
        image = slot_icon(code, side, ART).pixmap(ART, ART).toImage()
        document.addResource(QTextDocument.ImageResource, QUrl(art_url(code)), image)
    document.addResource(QTextDocument.ImageResource, QUrl(FLAME), flame_icon(14).pixmap(14, 14).toImage())


def welcome_text(side: str, mode: str) -> str:
    """The first start's welcome: your side, your first move, how to win."""
    you = "You are <b>Gold</b>: the enemy always moves first, and you hold a one-time +1 AP token."
    if mode == "hotseat":
        you = "Crimson drafts and moves first; Gold drafts second, scouts one Crimson unit and holds the +1 AP token."
    return (f"<p>{you}</p><p>Draft in secret: your King plus 5 of the 7 unit types, 100 Gold and 8 Tomes.</p>"
            "<p>On your first turn, place your King on any Home Row tile, then two Depots beside him. Slay the "
            "enemy Royal, or complete a Control Post on the enemy's Home Row, to win.</p>"
            "<p>Keys: arrows and Enter on the board, <b>1–9</b> deploy, <b>E</b> ends your turn, <b>H</b> asks a "
            "hint.</p>")


