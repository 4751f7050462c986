"""Render the hand-drawn ``resources/icon.svg`` to the PNG files the desktop needs.

The SVG is the source; PNGs are derived from it so that the icon is changed in one place:

* ``resources/icon.png`` (256 px) — shipped with the studio, which uses it as its window icon;
* with ``--theme DIR``: ``DIR/hicolor/NxN/apps/prompter.png`` for the usual freedesktop sizes
  (16 … 512), which ``install_desktop_entry.sh`` copies into ``~/.local/share/icons``;
* with ``--ico FILE``: a multi-size Windows ``.ico`` (for a Windows build of the bundle).

Qt renders the SVG (QtSvg ships with PySide6), so no other tool is needed. Run it as
``.venv/bin/python packaging/render_icon.py`` — ``build.sh`` does when the SVG is newer.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "resources" / "icon.svg"
APP_ICON = ROOT / "resources" / "icon.png"
APP_ICON_SIZE = 256
THEME_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICON_NAME = "prompter"


def render(renderer: QSvgRenderer, size: int) -> QImage:
    """The icon at ``size`` × ``size`` pixels on a transparent background, antialiased."""
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter, QRectF(0, 0, size, size))
    painter.end()
    return image


def save_png(image: QImage, path: Path) -> None:
    """Write ``image`` as PNG via a temporary file, so a failed run never leaves half a PNG."""
    path.parent.mkdir(parents=True, exist_ok=True)
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise SystemExit(f"render_icon: Qt could not encode {path.name} as PNG")
    buffer.close()
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_bytes(bytes(data.data()))
    temporary.replace(path)


def save_ico(renderer: QSvgRenderer, path: Path) -> None:
    """A Windows icon holding every size in ``ICO_SIZES`` (PNG-compressed entries, Vista+)."""
    entries: list[tuple[int, bytes]] = []
    for size in ICO_SIZES:
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        render(renderer, size).save(buffer, "PNG")
        buffer.close()
        entries.append((size, bytes(data.data())))
    header = (0).to_bytes(2, "little") + (1).to_bytes(2, "little")
    header += len(entries).to_bytes(2, "little")
    directory, images = b"", b""
    offset = 6 + 16 * len(entries)
    for size, png in entries:
        side = size if size < 256 else 0  # 0 means 256 in the ICO format
        directory += bytes([side, side, 0, 0]) + (1).to_bytes(2, "little")
        directory += (32).to_bytes(2, "little") + len(png).to_bytes(4, "little")
        directory += offset.to_bytes(4, "little")
        images += png
        offset += len(png)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(header + directory + images)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--svg", type=Path, default=SOURCE, help="the source SVG")
    parser.add_argument("--out", type=Path, default=APP_ICON, help="the studio's PNG icon")
    parser.add_argument("--theme", type=Path, help="also write a hicolor icon theme here")
    parser.add_argument("--ico", type=Path, help="also write a Windows .ico file here")
    args = parser.parse_args(argv)

    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    renderer = QSvgRenderer(str(args.svg))
    if not renderer.isValid():
        print(f"render_icon: {args.svg} is not an SVG Qt can draw", file=sys.stderr)
        return 1
    save_png(render(renderer, APP_ICON_SIZE), args.out)
    written = [args.out]
    if args.theme:
        for size in THEME_SIZES:
            target = args.theme / "hicolor" / f"{size}x{size}" / "apps" / f"{ICON_NAME}.png"
            save_png(render(renderer, size), target)
            written.append(target)
        scalable = args.theme / "hicolor" / "scalable" / "apps" / f"{ICON_NAME}.svg"
        scalable.parent.mkdir(parents=True, exist_ok=True)
        scalable.write_bytes(args.svg.read_bytes())
        written.append(scalable)
    if args.ico:
        save_ico(renderer, args.ico)
        written.append(args.ico)
    del app
    for path in written:
        print(f"render_icon: wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
