"""CastlesBoard: the whole Castles board area — the 3D/2D board, the compass with rotate buttons,
the ⋮ view menu and the action bar — showing positions, previews (api.preview) and animated moves.

The widget never applies rules itself: the legal actions come from the caller, previews and
animations from towers_core.castles.api.
"""
from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QFocusEvent, QResizeEvent, QShowEvent
from PySide6.QtWidgets import QGraphicsScene, QVBoxLayout, QWidget

from towers_core.board import SQUARES, step
from towers_core.castles import api

from towers_qt.castles.board.animation import MoveAnimation, reached
from towers_qt.castles.board.describe import move_text, square_text
from towers_qt.castles.board.items import (
    ArrowItem,
    BoardItem,
    CoordinatesItem,
    GhostItem,
    SquareMark,
    TowerItem,
)
from towers_qt.castles.board.keys import BoardKeys
from towers_qt.castles.board.overlays import ActionBar, RotatePanel, ViewMenuButton
from towers_qt.castles.board.projection import Projection
from towers_qt.castles.board.style import CURSOR, GOLD, LAST, NEUTRAL, SELECT, SIDE
from towers_qt.castles.board.view import BoardView

KEY_PREFIX = "castles/board/"


def _settings_store() -> QSettings:
    from towers_qt.shell.settings import make_qsettings

    return make_qsettings()


class CastlesBoard(BoardKeys, QWidget):
    """The Castles board with its overlays; emits `action_chosen` when the player commits a move."""

    action_chosen = Signal(str)
    view_changed = Signal()
    animation_finished = Signal()

    def __init__(self, settings: QSettings | None = None, parent: QWidget | None = None,
                 key_prefix: str = KEY_PREFIX) -> None:
        super().__init__(parent)
        self.settings = settings if settings is not None else _settings_store()
        self.key_prefix = key_prefix  # where rotation, zoom and mode are kept (Learn keeps its own)
        self.pos_: dict = api.new_position()
        self.crowns: dict[str, str] = {}  # crowned castle -> its tower, as drawn (see crowns())
        self.last_action: str | None = None
        self.last_before: dict | None = None  # the position last_action was played from, when known
        self.last_path: list[str] = []  # the squares last_action reached (a push's whole path)
        self.legal: list[str] = []
        self.interactive = False
        self.selected: str | None = None
        self.cursor: str = "d4"
        self.keyboard_used = False  # the cursor shows once keys are used, until the next click
        self.previewing: str | None = None
        self.speed = 1.0
        self.animation: MoveAnimation | None = None
        self._transient: list = []  # marks, arrows and ghosts redrawn with each state
        self.proj = Projection(self._stored_mode(), self._stored_rotation())
        self.scene = QGraphicsScene(self)
        self.view = BoardView(self.scene, self)
        self.view.proj = self.proj
        self.view.zoom = self._stored_zoom()
        self.board_item = BoardItem(self.proj)
        self.scene.addItem(self.board_item)
        self.coordinates = CoordinatesItem(self.proj)
        self.scene.addItem(self.coordinates)
        self.towers = {sq: TowerItem(sq, self.proj) for sq in SQUARES}
        for item in self.towers.values():
            self.scene.addItem(item)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view)
        self.rotate_panel = RotatePanel(self)
        self.menu_button = ViewMenuButton(self)
        self.bar = ActionBar(self)
        self._connect()
        self.setFocusPolicy(Qt.StrongFocus)
        self.setAccessibleName("Castles board")
        self.setMinimumSize(360, 300)
        self.menu_button.show_mode(self.proj.mode)
        self._reproject()

    def _connect(self) -> None:
        self.view.square_pressed.connect(self._pressed)
        self.view.zoomed.connect(self._zoomed)
        self.view.square_hovered.connect(self._hover_text)
        self.rotate_panel.rotate_left.connect(lambda: self.set_rotation(self.proj.rotation + 1))
        self.rotate_panel.rotate_right.connect(lambda: self.set_rotation(self.proj.rotation - 1))
        self.menu_button.mode_chosen.connect(self.set_mode)
        self.bar.previewed.connect(self._preview)
        self.bar.chosen.connect(self._commit)
        self.bar.cancelled.connect(self.cancel_selection)

    # -- stored view ---------------------------------------------------------------------
    def _stored_rotation(self) -> int:
        try:
            return int(self.settings.value(self.key_prefix + "rotation", 0)) % 4
        except (TypeError, ValueError):
            return 0

    def _stored_zoom(self) -> float:
        try:
            return max(0.6, min(2.5, float(self.settings.value(self.key_prefix + "zoom", 1.0))))
        except (TypeError, ValueError):
            return 1.0

    def _stored_mode(self) -> str:
        mode = str(self.settings.value(self.key_prefix + "mode", "3d"))
        return mode if mode in ("3d", "2d") else "3d"

    # -- public API ----------------------------------------------------------------------
    def show_position(self, pos: dict, last_action: str | None, legal: list[str], interactive: bool,
                      before: dict | None = None) -> None:
        """Show `pos`; the player at the device may choose among `legal` when `interactive`. With
        `before` (the position `last_action` was played from) a push is marked to its last square."""
        self._stop_animation()
        same = pos == self.pos_
        self.pos_, self.last_action = pos, last_action
        self.last_before, self.last_path = before, reached(before, last_action)
        self.legal, self.interactive = list(legal), bool(interactive)
        if same and self.selected is not None and self.interactive and self._actions_of(self.selected):
            self._refresh()  # a redraw of the same position keeps the open bar and its preview
            return
        self.selected = None
        self._hide_bar()
        self._refresh()

    def animate(self, before: dict, action: str, after: dict) -> None:
        """Play `action` from `before`, then show `after`; emits animation_finished."""
        self._stop_animation()
        if action == "resign":
            self.show_position(after, action, [], False, before)
            QTimer.singleShot(0, self, self.animation_finished.emit)
            return
        self.show_position(before, self.last_action, [], False, self.last_before)
        self._clear_transient()
        for item in self.towers.values():
            item.set_glow(None)
        if self.speed <= 0:
            self.show_position(after, action, [], False, before)
            QTimer.singleShot(0, self, self.animation_finished.emit)
            return
        self.crowns = crowns(after)
        self.animation = MoveAnimation(self, before, action, self.speed, self._set_tower)
        self.animation.finished.connect(lambda: self._animation_done(before, after, action))
        self.animation.start()

    def is_animating(self) -> bool:
        return self.animation is not None

    def set_animation_speed(self, factor: float) -> None:
        """Duration multiplier for animations (0 = no animation, 1 = normal, 2 = slow)."""
        self.speed = max(0.0, float(factor))

    def rotation(self) -> int:
        return self.proj.rotation

    def set_rotation(self, quarter_turns: int) -> None:
        """Turn the board to `quarter_turns` (mod 4, anticlockwise) and remember it."""
        self.proj = Projection(self.proj.mode, quarter_turns % 4)
        self.settings.setValue(self.key_prefix + "rotation", self.proj.rotation)
        self._reproject()
        self.view_changed.emit()

    def zoom(self) -> float:
        return self.view.zoom

    def set_zoom(self, f: float) -> None:
        """Zoom relative to the fitted board (clamped to 0.6–2.5) and remember it."""
        self.view.apply_zoom(f)
        self._zoomed(self.view.zoom)

    def mode(self) -> str:
        return self.proj.mode

    def set_mode(self, mode: str) -> None:
        """Switch between the 3D board and the flat 2D grid, and remember it."""
        if mode not in ("3d", "2d"):
            raise ValueError(f"mode must be '3d' or '2d', not {mode!r}")
        self.proj = Projection(mode, self.proj.rotation)
        self.settings.setValue(self.key_prefix + "mode", mode)
        self.menu_button.show_mode(mode)
        self._reproject()
        self.view_changed.emit()

    def select_square(self, name: str) -> None:
        """Select the tower on `name` when it has legal moves (opening the action bar), else clear."""
        self.cursor = name
        actions = self._actions_of(name) if self.interactive else []
        self.selected = name if actions else None
        self._clear_preview()
        if actions:
            self.bar.set_options(name, self.pos_["board"].get(name, ""), actions)
            self._slide_bar()
        else:
            self._hide_bar()
        self._refresh()

    def suggest(self, action: str) -> None:
        """Show a suggested legal action (a hint): select its tower and preview it in the bar."""
        self.select_square(action[:2])
        if action in self.bar.buttons:
            self.bar.arm(action)

    def cancel_selection(self) -> None:
        """Esc / a click away from the bar: close the bar and the preview."""
        self.selected = None
        self._hide_bar()
        self._refresh()

    # -- what tests and the shell may read -------------------------------------------------
    def square_point(self, name: str) -> QPoint:
        """The viewport point where `name` is drawn (its tower's top in 3D) — to click it."""
        tower = self.pos_["board"].get(name, "")
        height = max(len(tower) - 0.5, 0) if self.proj.mode == "3d" else 0
        return self.view.mapFromScene(self.proj.centre(name, height))

    def ghosts(self) -> dict[str, str]:
        """The previewed pieces by square, lowest first (empty without a preview)."""
        out: dict[str, str] = {}
        for item in sorted((i for i in self._transient if isinstance(i, GhostItem)), key=lambda g: g.level):
            out[item.square] = out.get(item.square, "") + item.piece
        return out

    def shown_towers(self) -> dict[str, str]:
        """The towers currently drawn, as a §8 board."""
        return {sq: item.tower for sq, item in self.towers.items() if item.tower}

    # -- internals -----------------------------------------------------------------------
    def _actions_of(self, square: str) -> list[str]:
        return [a for a in self.legal if a[:2] == square]

    def _set_tower(self, square: str, tower: str) -> None:
        self.towers[square].set_tower(tower, self.crowns.get(square) == tower)

    def _reproject(self) -> None:
        """Re-place every item for the current mode and rotation (re-sorting depth)."""
        self.view.proj = self.proj
        self.board_item.set_projection(self.proj)
        self.coordinates.set_projection(self.proj)
        for item in self.towers.values():
            item.set_projection(self.proj)
        if self.animation is not None:
            self.animation.stack.proj = self.proj
        self.view.apply_zoom(self.view.zoom)
        a, b = self.view.mapFromScene(self.proj.centre("d4")), self.view.mapFromScene(self.proj.centre("d5"))
        self.rotate_panel.compass.set_north(QPointF(b - a))
        self._refresh()

    def _refresh(self) -> None:
        """Redraw towers and the marks: last move, movable towers, selection, cursor, preview."""
        if self.animation is not None:
            return
        board = self.pos_["board"]
        self.crowns = crowns(self.pos_)
        for sq, item in self.towers.items():
            item.set_tower(board.get(sq, ""), self.crowns.get(sq) == board.get(sq, ""))
        self._clear_transient()
        glows = {}  # square -> outline colour, set once so an unchanged tower keeps its cached picture
        self._mark_last_move(glows)
        if self.interactive and self.selected is None:
            for sq in sorted({a[:2] for a in self.legal}):
                self._add(SquareMark(sq, self.proj, SELECT, 35, dashed=True, width=1.6))
        if self.selected is not None:
            self._add(SquareMark(self.selected, self.proj, SELECT, 110, width=3.5))
            glows[self.selected] = SELECT
        if self.hasFocus() and self.keyboard_used and self.cursor != self.selected:
            self._add(SquareMark(self.cursor, self.proj, CURSOR, 40, dashed=True, width=3.0))
            if self.towers[self.cursor].tower:
                glows[self.cursor] = CURSOR
        for sq, item in self.towers.items():
            item.set_glow(glows.get(sq))
        if self.previewing is not None:
            self._show_preview(self.previewing)

    def _mark_last_move(self, glows: dict) -> None:
        """Outline the last move's origin (its tower's glow into `glows`) and the squares it
        reached, with an arrow for a push."""
        action = self.last_action
        if not action or len(action) != 3 or action[:2] not in self.towers:
            return
        origin = action[:2]
        self._add(SquareMark(origin, self.proj, LAST, 80, width=3.0))
        glows[origin] = LAST
        if action[2] == "+":
            return
        path = self.last_path
        if not path:  # the position it came from is not known: the direction is still worth an arrow
            nxt = step(origin, action[2])
            path = [nxt] if nxt else []
        for sq in path:
            self._add(SquareMark(sq, self.proj, LAST, 45, width=2.0))
        if path:
            self._add(ArrowItem(origin, path[-1], self.proj, LAST))

    def _add(self, item) -> None:
        self.scene.addItem(item)
        self._transient.append(item)

    def _clear_transient(self) -> None:
        for item in self._transient:
            if item.scene() is not None:
                self.scene.removeItem(item)
        self._transient = []

    def _preview(self, action: str | None) -> None:
        self.previewing = action
        self._refresh()

    def _clear_preview(self) -> None:
        self.previewing = None

    def _show_preview(self, action: str) -> None:
        """Ghost pieces where each travelling piece lands, the origin's leavers faded, castle changes."""
        info = api.preview(self.pos_, action)
        board = self.pos_["board"]
        origin = info["from"]
        if info["kind"] == "push":
            self.towers[origin].set_tower(board[origin], self.crowns.get(origin) == board[origin], len(info["stays"]))
        for sq, pieces in info["gains"].items():
            for i, piece in enumerate(pieces):
                self._add(GhostItem(sq, len(board.get(sq, "")) + i, piece, self.proj))
        for castle, change in info["castles"].items():
            colour = SIDE[change["to"]] if change["to"] else NEUTRAL
            self._add(SquareMark(castle, self.proj, colour, 150, width=4.0))
        for castle in info["crowns"]:
            self._add(SquareMark(castle, self.proj, GOLD, 120, width=5.0))
        self.bar.describe(move_text(info))

    def _commit(self, action: str) -> None:
        if action not in self.legal or not self.interactive:
            return
        self.selected = None
        self.previewing = None
        self._hide_bar()
        self._refresh()
        self.action_chosen.emit(action)

    def _hide_bar(self) -> None:
        self.previewing = None
        self.bar.slide_out()

    def _pressed(self, square: str | None) -> None:
        self.setFocus(Qt.MouseFocusReason)
        self.keyboard_used = False
        if square is not None and square != self.selected and self._actions_of(square) and self.interactive:
            self.select_square(square)
        elif self.selected is not None:
            self.cancel_selection()
        elif square is not None:
            self.cursor = square
            self._refresh()

    def _hover_text(self, square: str | None) -> None:
        """The hover text: the square's stack, bottom to top, in colour words."""
        self.view.viewport().setToolTip(self.describe_square(square) if square else "")

    def describe_square(self, square: str) -> str:
        """What stands on `square`, in words (the hover text)."""
        return square_text(self.pos_, square)

    def _zoomed(self, zoom: float) -> None:
        self.settings.setValue(self.key_prefix + "zoom", zoom)
        self.view_changed.emit()

    def _stop_animation(self) -> None:
        if self.animation is not None:
            anim, self.animation = self.animation, None
            anim.stop()

    def _animation_done(self, before: dict, after: dict, action: str) -> None:
        self.animation = None
        self.show_position(after, action, [], False, before)
        self.animation_finished.emit()

    # -- layout and keys -------------------------------------------------------------------
    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place_overlays()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._place_overlays()
        self._reproject()

    def _place_overlays(self) -> None:
        self.rotate_panel.adjustSize()
        self.menu_button.adjustSize()
        h = self.height()
        self.rotate_panel.move(10, h - self.rotate_panel.height() - 10)
        self.menu_button.move(self.width() - self.menu_button.width() - 10, h - self.menu_button.height() - 10)
        self.rotate_panel.raise_()
        self.menu_button.raise_()
        if self.bar.isVisible():
            self._slide_bar()

    def _slide_bar(self) -> None:
        """Slide the action bar over the board, never shrinking it (the board must not jump): at the
        bottom between the compass and the ⋮ button (over them when narrow), or at the top when the
        selected tower stands in the lower half, so the bar never hides it."""
        left, right = self.rotate_panel.geometry().right() + 10, self.menu_button.geometry().left() - 10
        self.bar.layout().activate()
        if right - left < self.bar.sizeHint().width():
            left, right = 10, self.width() - 10
        self.bar.slide_in(self.height(), left, right, self._selected_low())

    def _selected_low(self) -> bool:
        """The selected tower is drawn in the lower half of the board area."""
        return self.selected is not None and self.square_point(self.selected).y() > self.height() / 2

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        self._refresh()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self._refresh()


def crowns(pos: dict) -> dict[str, str]:
    """The castles the core reads as crowned in `pos`, with their towers. A square is drawn crowned
    while it shows that tower, so a move's animation (towards `pos`) rings a castle as the crowning
    piece lands; a crown, once won, never changes."""
    return {c: pos["board"][c] for c in api.readings(pos)["crowned"]}
