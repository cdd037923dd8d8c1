"""The executables' icons, rendered from towers.svg at build time (build.spec runs the renderer):
a Windows .ico and a macOS .icns holding every size, each a PNG drawn from the vector art; and the
window icon the app draws from the same SVG."""
from __future__ import annotations

import importlib.util
import struct
from pathlib import Path

from PySide6.QtGui import QIcon, QImage

from towers_qt.shell.paths import resource

RENDERER = Path(__file__).resolve().parent.parent / "resources" / "icon" / "render_icons.py"


def render_icons():
    spec = importlib.util.spec_from_file_location("render_icons", RENDERER)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def drawn(png: bytes | QImage, size: int) -> bool:
    """An image (or PNG) of size x size px, drawn at its centre (the tower) and clear in its corners."""
    image = png if isinstance(png, QImage) else QImage.fromData(png, "PNG")
    return (image.width(), image.height()) == (size, size) and image.pixelColor(size // 2, size // 2).alpha() > 0 \
        and image.pixelColor(0, 0).alpha() == 0


def test_the_windows_icon_holds_each_size_drawn_from_the_svg(qapp, tmp_path):
    ico, _ = render_icons().write_icons(str(tmp_path / "icon"))
    data = Path(ico).read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind, count) == (0, 1, 6)
    sizes = []
    for i in range(count):
        w, h, _, _, planes, bits, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        size = w or 256
        assert (w, planes, bits) == (h, 1, 32) and drawn(data[offset:offset + length], size), size
        sizes.append(size)
    assert sizes == [16, 32, 48, 64, 128, 256]


def test_the_macos_icon_holds_each_size_drawn_from_the_svg(qapp, tmp_path):
    _, icns = render_icons().write_icons(str(tmp_path))
    data = Path(icns).read_bytes()
    assert data[:4] == b"icns" and struct.unpack_from(">I", data, 4)[0] == len(data)
    found, at = {}, 8
    while at < len(data):
        kind, length = data[at:at + 4], struct.unpack_from(">I", data, at + 4)[0]
        found[kind] = data[at + 8:at + length]
        at += length
    expected = {b"icp4": 16, b"icp5": 32, b"icp6": 64, b"ic07": 128, b"ic08": 256, b"ic09": 512}
    assert at == len(data) and set(found) == set(expected)
    assert all(drawn(found[kind], size) for kind, size in expected.items())


def test_the_window_icon_is_drawn_from_the_svg_at_any_size(qapp):
    icon = QIcon(str(resource("icon/towers.svg")))
    for size in (16, 48, 256):
        assert icon.pixmap(size).width() == size and drawn(icon.pixmap(size).toImage(), size)

