"""Small pictures of a Castles board (3D or 2D) drawn with the board's own items, for the rules text."""
from __future__ import annotations

import base64

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsScene

from towers_core.board import SQUARES
from towers_core.castles import api

from towers_qt.castles.board.items import ArrowItem, BoardItem, TowerItem
from towers_qt.castles.board.projection import Projection


def _region_rect(proj: Projection, board: dict, region: list[str]) -> QRectF:
    """The scene rectangle around some squares and their towers (to crop a picture)."""
    rect = QRectF()
    for sq in region:
        rect = rect.united(proj.outline(sq).boundingRect())
        rect = rect.united(QRectF(proj.centre(sq, len(board.get(sq, "")) + 1.5), proj.centre(sq)).normalized())
    return rect.adjusted(-12, -12, 12, 12)


def render_board(board: dict, mode: str = "3d", width: int = 300, arrow: tuple[str, str] | None = None,
                 region: list[str] | None = None) -> QImage:
    """An image of a §8 board (square -> tower), `width` pixels wide, with an optional arrow, cropped
    to the squares of `region` when given."""
    proj = Projection(mode, 0)
    scene = QGraphicsScene()
    scene.addItem(BoardItem(proj))
    crowns = api.readings({**api.new_position(), "board": board})["crowned"]
    for sq in SQUARES:
        item = TowerItem(sq, proj)
        item.set_tower(board.get(sq, ""), sq in crowns)
        scene.addItem(item)
    if arrow:
        scene.addItem(ArrowItem(arrow[0], arrow[1], proj, QColor("#fff07a")))
    src = _region_rect(proj, board, region) if region else proj.bounds()
    img = QImage(width, int(width * src.height() / src.width()), QImage.Format_ARGB32_Premultiplied)
    img.fill(Qt.transparent)
    p = QPainter(img)
    p.setRenderHint(QPainter.Antialiasing)
    scene.render(p, QRectF(img.rect()), src)
    p.end()
    return img


def data_uri(img: QImage) -> str:
    """A PNG data URI of an image, for <img src> in rich text."""
    data = QByteArray()
    buf = QBuffer(data)
    buf.open(QIODevice.WriteOnly)
    img.save(buf, "PNG")
    return "data:image/png;base64," + base64.b64encode(bytes(data)).decode("ascii")
