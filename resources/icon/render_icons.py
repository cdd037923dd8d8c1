#!/usr/bin/env python3
"""Render the app icon (towers.svg) to the containers the executables carry: build.spec runs this
into its build folder, so the .ico and .icns are made at build time, never tracked.

    python resources/icon/render_icons.py OUT_DIR

* towers.ico  - Windows icon holding 16, 32, 48, 64, 128 and 256 px images
* towers.icns - macOS icon holding 16, 32, 64, 128, 256 and 512 px PNG
  entries (icp4/icp5/icp6/ic07/ic08/ic09)

Uses only PySide6 (QtSvg + QtGui), runs headless (QT_QPA_PLATFORM=offscreen).
Each size is rendered straight from the vector art (no downscaling of a
bitmap), so small sizes stay crisp. The app itself draws towers.svg.
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


def write_icons(out_dir: str) -> tuple[str, str]:
    """Write towers.ico and towers.icns into out_dir (made if missing); their paths."""
    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # noqa: F841
    renderer = QSvgRenderer(SVG)
    if not renderer.isValid():
        raise SystemExit(f"render_icons: cannot read {SVG}")
    os.makedirs(out_dir, exist_ok=True)
    ico, icns = os.path.join(out_dir, "towers.ico"), os.path.join(out_dir, "towers.icns")
    write_ico([render(renderer, s) for s in ICO_SIZES], ico)
    write_icns(renderer, icns)
    return ico, icns


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__.split("\n\n")[1].strip())
    for path in write_icons(sys.argv[1]):
        print("wrote", path)
