"""Animating one played action on the scene: arrival, reveal flips, the fight caption, removals,
advance and posture turns. Built from the entry's squares and the before/after views only."""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import (
    QAbstractAnimation,
    QEasingCurve,
    QParallelAnimationGroup,
    QPointF,
    QPropertyAnimation,
    QSequentialAnimationGroup,
)
from PySide6.QtGui import QColor

from towers_qt.skirmish.board import palette
from towers_qt.skirmish.board.items import Banner, CardItem
from towers_qt.skirmish.board.scene import BoardScene, face_for

OUTCOME_TEXT = {
    "captured": "captured", "routed": "routed", "hold": "both hold",
    "attacker_routed": "attacker routed", "attacker_captured": "attacker captured",
    "revealed": "revealed", "king_captured": "King captured!",
}


def _prop(item, name: bytes, end, ms: int, start=None, curve=QEasingCurve.InOutCubic) -> QPropertyAnimation:
    anim = QPropertyAnimation(item, name)
    anim.setDuration(ms)
    if start is not None:
        anim.setStartValue(start)
    anim.setEndValue(end)
    anim.setEasingCurve(curve)
    return anim


def _parallel(*anims) -> QParallelAnimationGroup:
    group = QParallelAnimationGroup()
    for anim in anims:
        if anim is not None:
            group.addAnimation(anim)
    return group


class EntryAnimator:
    """Builds the animation for one entry. `ms` is one step's duration (settings.animation_ms);
    `on_hit` runs when a fight's blow lands (its sound)."""

    def __init__(self, scene: BoardScene, viewer: str, seen: dict[str, str], ms: int,
                 on_hit: Callable[[], None] | None = None) -> None:
        self.scene = scene
        self.on_hit = on_hit
        self.viewer = viewer
        self.seen = seen
        self.ms = ms
        self.temp: list = []  # items to remove when done

    def build(self, old: dict, new: dict, entry: dict, parsed: dict) -> QSequentialAnimationGroup:
        """`entry` is the viewer's entry_view; `parsed` is api.parse_action of the full action."""
        seq = QSequentialAnimationGroup()
        mover = entry["player"]
        at = self._arrive(seq, parsed, mover, new)
        fight = entry.get("fight")
        if fight:
            self._fight(seq, fight, new)
        elif entry.get("soulcast"):
            self._flash(seq, entry["soulcast"].get("target"), "Soulcast", palette.SOULCAST)
        elif entry.get("scouted"):
            self._flash(seq, entry["scouted"], "Scouted", palette.SCOUT)
        self._reveals(seq, new)
        self._removals(seq, new)
        self._advance(seq, fight, at, new)
        self._postures(seq, new)
        self._arrivals(seq, new)
        return seq

    # -- steps --------------------------------------------------------------------------------
    def _arrive(self, seq, parsed: dict, mover: str, new: dict) -> str | None:
        cards = self.scene.cards
        if parsed["kind"] == "maneuver" and parsed["from"] in cards:
            item = cards.pop(parsed["from"])
            cards[parsed["to"]] = item
            item.setZValue(20)
            seq.addAnimation(_prop(item, b"pos", self.scene.center(parsed["to"]), self.ms * 2))
            return parsed["to"]
        if parsed["kind"] == "deploy" and parsed["to"] not in cards:
            cell = {"owner": mover, "card": parsed["card"] if mover == self.viewer else "?",
                    "up": False, "posture": "ready", "spent": False}
            item = CardItem(face_for(cell, self.viewer, self.seen, parsed["to"]))
            self.scene.addItem(item)
            cards[parsed["to"]] = item
            target = self.scene.center(parsed["to"])
            edge = 1 if (mover == "S") != self.scene.flipped else -1
            item.setPos(target + QPointF(0, 140 * edge))
            item.setOpacity(0.0)
            seq.addAnimation(_parallel(_prop(item, b"pos", target, self.ms * 2, curve=QEasingCurve.OutCubic),
                                       _prop(item, b"opacity", 1.0, self.ms * 2, 0.0)))
            return parsed["to"]
        return parsed.get("from")

    def _fight(self, seq, fight: dict, new: dict) -> None:
        a, d = fight.get("attacker"), fight.get("defender")
        for sq, code in ((a, fight.get("a_card")), (d, fight.get("d_card"))):
            item = self.scene.cards.get(sq)
            if item and code and item.face.code != code:
                self._flip_to(seq, item, code)
        if d in self.scene.cards and a in self.scene.cards:
            item = self.scene.cards[a]
            home, target = item.pos(), self.scene.center(d)
            lunge = home + (target - home) * 0.35
            blow = _prop(item, b"pos", lunge, self.ms, curve=QEasingCurve.OutQuad)
            seq.addAnimation(blow)
            seq.addAnimation(_prop(item, b"pos", home, self.ms, curve=QEasingCurve.InQuad))
        else:
            blow = seq.addPause(0)  # no lunge (a card not on the scene): the blow lands with the caption
        if self.on_hit is not None:
            blow.finished.connect(self.on_hit)
        self._flash(seq, d, fight_caption(fight), palette.GOLD_LIGHT, width=360, hold=4)

    def _flip_to(self, seq, item: CardItem, code: str) -> None:
        half = max(1, self.ms // 2)
        close = _prop(item, b"flip", 0.02, half, 1.0, QEasingCurve.InQuad)
        close.finished.connect(lambda it=item, c=code: it.set_face(_with_code(it.face, c)))
        seq.addAnimation(close)
        seq.addAnimation(_prop(item, b"flip", 1.0, half, 0.02, QEasingCurve.OutQuad))

    def _flash(self, seq, square: str | None, text: str, colour: QColor, width: float = 230,
               hold: int = 3) -> None:
        if not square:
            return
        banner = Banner(text, colour, width, 48)
        banner.setPos(self.scene.center(square) + QPointF(0, -62))
        banner.setOpacity(0.0)
        self.scene.addItem(banner)
        self.temp.append(banner)
        seq.addAnimation(_prop(banner, b"opacity", 1.0, self.ms, 0.0))
        seq.addPause(self.ms * hold)
        seq.addAnimation(_prop(banner, b"opacity", 0.0, self.ms, 1.0))

    def _reveals(self, seq, new: dict) -> None:
        group = _parallel()
        for sq, cell in new["board"].items():
            item = self.scene.cards.get(sq)
            face = face_for(cell, self.viewer, self.seen, sq)
            if item and item.face.owner == face.owner and item.face.code != face.code and face.code != "?":
                flip = QSequentialAnimationGroup()
                self._flip_to(flip, item, face.code)
                group.addAnimation(flip)
        if group.animationCount():
            seq.addAnimation(group)

    def _removals(self, seq, new: dict) -> None:
        group = _parallel()
        board = new["board"]
        for sq in list(self.scene.cards):
            cell = board.get(sq)
            item = self.scene.cards[sq]
            if cell is None or cell["owner"] != item.face.owner:
                del self.scene.cards[sq]
                self.temp.append(item)
                group.addAnimation(_prop(item, b"opacity", 0.0, self.ms * 2, 1.0))
                group.addAnimation(_prop(item, b"scale", 0.6, self.ms * 2, 1.0))
        if group.animationCount():
            seq.addAnimation(group)

    def _advance(self, seq, fight: dict | None, at: str | None, new: dict) -> None:
        if not fight:
            return
        a, d = fight.get("attacker") or at, fight.get("defender")
        item = self.scene.cards.get(a)
        cell = new["board"].get(d)
        if item and cell and a not in new["board"] and d not in self.scene.cards:
            del self.scene.cards[a]
            self.scene.cards[d] = item
            seq.addAnimation(_prop(item, b"pos", self.scene.center(d), self.ms * 2))

    def _postures(self, seq, new: dict) -> None:
        group = _parallel()
        for sq, cell in new["board"].items():
            item = self.scene.cards.get(sq)
            if item is None:
                continue
            want = 90.0 if cell.get("posture") == "defensive" else 0.0  # a spent King stays upright
            if abs(item.turn - want) > 1:
                group.addAnimation(_prop(item, b"turn", want, self.ms * 2, item.turn))
        if group.animationCount():
            seq.addAnimation(group)

    def _arrivals(self, seq, new: dict) -> None:
        """Cards that appear without a deploy we animated (e.g. the board after an undo)."""
        group = _parallel()
        for sq, cell in new["board"].items():
            if sq in self.scene.cards:
                continue
            item = CardItem(face_for(cell, self.viewer, self.seen, sq))
            item.setPos(self.scene.center(sq))
            item.setOpacity(0.0)
            self.scene.addItem(item)
            self.scene.cards[sq] = item
            group.addAnimation(_prop(item, b"opacity", 1.0, self.ms * 2, 0.0))
        if group.animationCount():
            seq.addAnimation(group)

    def cleanup(self) -> None:
        for item in self.temp:
            if item.scene() is self.scene:
                self.scene.removeItem(item)
        self.temp.clear()


def _with_code(face, code: str):
    from dataclasses import replace

    return replace(face, code=code, up=True, hidden_own=False, known=False)


def fight_caption(fight: dict) -> str:
    """'Kn 5 : 3 Sp — captured' (pulls shown when drawn)."""
    a, d = fight.get("a_card", "?"), fight.get("d_card", "?")
    outcome = OUTCOME_TEXT.get(fight.get("outcome"), fight.get("outcome", ""))
    if fight.get("a_might") is None or a == "K" or d == "K":
        return f"{a} ⚔ {d} — {outcome}"
    return f"{a} {fight['a_might']} : {fight['d_might']} {d} — {outcome}"


def run(anim: QAbstractAnimation, on_done: Callable[[], None]) -> None:
    """Start `anim`; the caller keeps a reference until `on_done` (Python owns the group)."""
    anim.finished.connect(on_done)
    anim.start()
