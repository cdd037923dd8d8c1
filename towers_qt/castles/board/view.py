"""The QGraphicsView under the Castles board: fits the board, zooms (wheel, pinch), never drags.

A press is reported as the square under it (the tower drawn there, else the floor), so a click
always selects, whatever the rotation or the mode.
"""
from __future__ import annotations

from PySide6.QtCore import QEvent, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QMouseEvent,
    QPainter,
    QPixmapCache,
    QRadialGradient,
    QResizeEvent,
    QTransform,
    QWheelEvent,
)
from PySide6.QtWidgets import QFrame, QGraphicsItem, QGraphicsScene, QGraphicsView, QPinchGesture

from towers_qt.castles.board.items import BoardItem, TowerItem
from towers_qt.castles.board.projection import Projection

ZOOM_MIN, ZOOM_MAX = 0.6, 2.5
CACHE_MAX_KB = 256 * 1024  # the most Qt's pixmap cache may grow to hold the board's pictures
BOTTOM_ROOM = 56  # pixels kept free under the fitted board for the compass and the ⋮ button


SEE_THROUGH = 0.3  # the opacity of a stack the mouse looks through


class BoardView(QGraphicsView):
    """Shows the scene scaled to fit times `zoom`; emits the square under each press."""

    square_pressed = Signal(object)  # a square name, or None for a press off the board
    zoomed = Signal(float)
    square_hovered = Signal(object)  # the square under the mouse, or None

    def __init__(self, scene: QGraphicsScene, parent=None) -> None:
        super().__init__(scene, parent)
        self.proj = Projection()
        self.zoom = 1.0
        self.hovered: str | None = None
        self.bottom_room = BOTTOM_ROOM  # the action bar lies over the board: the board never jumps
        self.setRenderHints(QPainter.Antialiasing | QPainter.SmoothPixmapTransform)
        self.setDragMode(QGraphicsView.NoDrag)
        self.setFrameShape(QFrame.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.setTransformationAnchor(QGraphicsView.AnchorViewCenter)
        self.setFocusPolicy(Qt.NoFocus)
        self.setMouseTracking(True)
        self.setViewportUpdateMode(QGraphicsView.SmartViewportUpdate)
        self.viewport().grabGesture(Qt.PinchGesture)
        self.setStyleSheet("QGraphicsView { background: transparent; border: none; }")

    def fit_scale(self) -> float:
        """The scale at which the whole board just fits the viewport (above the corner buttons)."""
        r = self.proj.bounds()
        vw, vh = max(self.viewport().width(), 50), max(self.viewport().height() - self.bottom_room, 50)
        return min(vw / r.width(), vh / r.height())

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:
        """A dark table under the board, lit from the middle."""
        painter.save()
        painter.resetTransform()
        vr = self.viewport().rect()
        g = QRadialGradient(QPointF(vr.center()), max(vr.width(), vr.height()) * 0.75)
        g.setColorAt(0.0, QColor("#4a3e33"))
        g.setColorAt(1.0, QColor("#1c1713"))
        painter.fillRect(vr, g)
        painter.restore()

    def apply_zoom(self, zoom: float, anchor: QPointF | None = None) -> None:
        """Scale to fit × zoom, keeping the scene point under `anchor` (viewport) in place."""
        self.zoom = max(ZOOM_MIN, min(ZOOM_MAX, zoom))
        before = self.mapToScene(anchor.toPoint()) if anchor is not None else None
        s = self.fit_scale() * self.zoom
        self.setTransform(QTransform.fromScale(s, s))
        r = self.proj.bounds()
        margin = max(r.width(), r.height()) * 1.5
        self.setSceneRect(r.adjusted(-margin, -margin, margin, margin))
        if before is None or self.zoom <= 1.0:
            self.centerOn(r.center() + QPointF(0, self.bottom_room / 2 / s))
        else:
            after = self.mapToScene(anchor.toPoint())
            centre = self.mapToScene(self.viewport().rect().center())
            self.centerOn(centre + (before - after))
        self.fit_item_caches()

    def fit_item_caches(self) -> None:
        """The board's and towers' cached pictures must all fit Qt's pixmap cache, or they evict one
        another and each repaint redraws them all (slower than no cache): grow it, else stop caching."""
        items = [i for i in self.scene().items() if isinstance(i, (BoardItem, TowerItem))]
        area = sum(r.width() * r.height() for r in (self.transform().mapRect(i.sceneBoundingRect()) for i in items))
        need_kb = int(area * 4 / 1024 * 1.5)  # 32-bit pixels, room for taller towers
        fits = need_kb <= CACHE_MAX_KB
        if fits and need_kb > QPixmapCache.cacheLimit():
            QPixmapCache.setCacheLimit(need_kb)
        mode = QGraphicsItem.DeviceCoordinateCache if fits else QGraphicsItem.NoCache
        for item in items:
            item.setCacheMode(mode)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.apply_zoom(self.zoom)

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120.0
        if steps:
            self.apply_zoom(self.zoom * (1.15 ** steps), event.position())
            self.zoomed.emit(self.zoom)
        event.accept()

    def viewportEvent(self, event: QEvent) -> bool:
        if event.type() == QEvent.Gesture:
            pinch = event.gesture(Qt.PinchGesture)
            if isinstance(pinch, QPinchGesture):
                self.apply_zoom(self.zoom * pinch.scaleFactor(), pinch.centerPoint())
                self.zoomed.emit(self.zoom)
                return True
        if event.type() == QEvent.NativeGesture and event.gestureType() == Qt.ZoomNativeGesture:
            self.apply_zoom(self.zoom * (1.0 + event.value()), event.position())
            self.zoomed.emit(self.zoom)
            return True
        return super().viewportEvent(event)

    def square_at(self, viewport_point: QPointF) -> str | None:
        """The square drawn under a viewport point: a tower's silhouette first, else the floor."""
        scene_point = self.mapToScene(viewport_point.toPoint())
        for item in self.scene().items(scene_point):  # topmost first
            if isinstance(item, TowerItem) and item.shape().contains(item.mapFromScene(scene_point)):
                return item.square
        return self.proj.square_at(scene_point)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.LeftButton:
            self.square_pressed.emit(self.square_at(event.position()))
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        """No dragging, no rubber band: a move updates the hover text of the square, and a tall
        stack standing in front of the floor under the mouse turns see-through."""
        square = self.square_at(event.position())
        if square != self.hovered:
            self.hovered = square
            self.square_hovered.emit(square)
        self.see_through(self.mapToScene(event.position().toPoint()))
        event.accept()

    def leaveEvent(self, event: QEvent) -> None:
        self.see_through(None)
        super().leaveEvent(event)

    def see_through(self, scene_point: QPointF | None) -> None:
        """In 3D, every tower whose stack (not its own square) covers `scene_point` is drawn at
        SEE_THROUGH opacity, so the square behind it shows; the others, and all with None, solid.
        The tower stays the one a click picks."""
        floor = self.proj.square_at(scene_point) if scene_point is not None and self.proj.mode == "3d" else None
        for item in self.scene().items():
            if isinstance(item, TowerItem):
                covering = (floor is not None and item.tower and item.square != floor
                            and item.shape().contains(item.mapFromScene(scene_point)))
                item.setOpacity(SEE_THROUGH if covering else 1.0)
