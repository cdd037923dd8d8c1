#!/usr/bin/env python3
"""Render the Towers app icon (towers.svg) to raster formats.

Usage (from anywhere; safe to rerun, files are overwritten):

    python resources/icon/render_icons.py

Produces, next to this script:

* towers.png  - 256x256 PNG
* towers.ico  - Windows icon holding 16, 32, 48, 64, 128 and 256 px images
* towers.icns - macOS icon holding 16, 32, 64, 128, 256 and 512 px PNG
  entries (icp4/icp5/icp6/ic07/ic08/ic09)

Uses only PySide6 (QtSvg + QtGui), runs headless (QT_QPA_PLATFORM=offscreen).
Each size is rendered straight from the vector art (no downscaling of a
bitmap), so small sizes stay crisp.
"""
import os
import sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF  # noqa: E402
from PySide6.QtGui import QGuiApplication, QImage, QPainter  # noqa: E402
from PySide6.QtSvg import QSvgRenderer  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SVG = os.path.join(HERE, "towers.svg")
ICO_SIZES = (16, 32, 48, 64, 128, 256)


def render(renderer: QSvgRenderer, size: int) -> QImage:
    img = QImage(size, size, QImage.Format_ARGB32_Premultiplied)
    img.fill(0)
    painter = QPainter(img)
    painter.setRenderHint(QPainter.Antialiasing)
    painter.setRenderHint(QPainter.SmoothPixmapTransform)
    renderer.render(painter, QRectF(0, 0, size, size))
    painter.end()
    return img.convertToFormat(QImage.Format_ARGB32)


def png_bytes(img: QImage) -> bytes:
    data = QByteArray()
    buf = QBuffer(data)
    buf.open(QIODevice.WriteOnly)
    img.save(buf, "PNG")
    buf.close()
    return bytes(data)


def write_ico(images, path):
    """Write a multi-size .ico (PNG-compressed entries, Vista+ format).

    Qt's own ICO writer stores one image per file, so the container is
    assembled here by hand: ICONDIR + ICONDIRENTRY[] + PNG payloads.
    """
    import struct

    payloads = [png_bytes(im) for im in images]
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    entries = b""
    for im, data in zip(images, payloads):
        w = im.width() if im.width() < 256 else 0   # 0 means 256
        h = im.height() if im.height() < 256 else 0
        entries += struct.pack("<BBBBHHII", w, h, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    with open(path, "wb") as fh:
        fh.write(header + entries + b"".join(payloads))


ICNS_TYPES = ((16, b"icp4"), (32, b"icp5"), (64, b"icp6"),
              (128, b"ic07"), (256, b"ic08"), (512, b"ic09"))


def write_icns(renderer, path):
    """Write a multi-size .icns with PNG entries (macOS 10.7+).

    Qt 6 can write ICNS too, but only a single image, and its own reader
    warns about the table of contents it writes; so the container is built
    here: 'icns' + total length, then one (type, length, PNG) block per size.
    """
    import struct

    blocks = b""
    for size, kind in ICNS_TYPES:
        data = png_bytes(render(renderer, size))
        blocks += kind + struct.pack(">I", 8 + len(data)) + data
    with open(path, "wb") as fh:
        fh.write(b"icns" + struct.pack(">I", 8 + len(blocks)) + blocks)


def main() -> int:
    app = QGuiApplication.instance() or QGuiApplication(sys.argv)  # noqa: F841
    renderer = QSvgRenderer(SVG)
    if not renderer.isValid():
        print(f"cannot read {SVG}", file=sys.stderr)
        return 1

    big = render(renderer, 256)
    big.save(os.path.join(HERE, "towers.png"), "PNG")
    print("wrote towers.png")

    write_ico([render(renderer, s) for s in ICO_SIZES], os.path.join(HERE, "towers.ico"))
    print("wrote towers.ico", ICO_SIZES)

    write_icns(renderer, os.path.join(HERE, "towers.icns"))
    print("wrote towers.icns", tuple(size for size, _ in ICNS_TYPES))
    return 0


if __name__ == "__main__":
    sys.exit(main())
