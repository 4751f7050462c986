"""The Qt benches' application, offscreen and quiet.

Qt's offscreen platform warns on every window it cannot resize or raise ("This plugin does not
support propagateSizeHints()"), hundreds of lines that bury the figures a bench prints. Those
lines, and only those, are dropped; every other Qt message still reaches stderr.
"""

from __future__ import annotations

import os
import sys

from PySide6.QtCore import QMessageLogContext, QtMsgType, qInstallMessageHandler
from PySide6.QtWidgets import QApplication

#: How the offscreen plugin's "cannot do that here" warnings begin.
UNSUPPORTED_BY_PLUGIN = "This plugin does not support "


def bench_application() -> QApplication:
    """The running QApplication, or a new offscreen one, without the plugin's noise."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    qInstallMessageHandler(_without_plugin_noise)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    return app


def _without_plugin_noise(kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
    if not message.startswith(UNSUPPORTED_BY_PLUGIN):
        print(message, file=sys.stderr)
