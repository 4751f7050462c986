"""Put the studio in the state the canvas screenshots of ``docs/studio.md`` show (under qt-shot):

    ../shared/tools/qt-shot -s 1600x1000x24 -d 6 -o docs/screenshots/palette.png -- \\
        .venv/bin/python docs/screenshots/shoot_canvas.py palette
    ../shared/tools/qt-shot -s 1600x1000x24 -d 6 -o docs/screenshots/palette-fr.png -- \\
        .venv/bin/python docs/screenshots/shoot_canvas.py palette fr
    ../shared/tools/qt-shot -s 1600x1000x24 -d 6 -o docs/screenshots/palette-hi.png -- \\
        .venv/bin/python docs/screenshots/shoot_canvas.py palette hi
    ../shared/tools/qt-shot -s 1366x768x24 -d 6 -o docs/screenshots/overview-map.png -- \\
        .venv/bin/python docs/screenshots/shoot_canvas.py overview
    ../shared/tools/qt-shot -s 1600x1000x24 -d 6 -o docs/screenshots/far-view.png -- \\
        .venv/bin/python docs/screenshots/shoot_canvas.py far

``palette``: a copy of a shipped scenario (the analyst bot; in French the restaurant, in Hindi
the clinic), a message step just placed from the palette below the selected step, its text on
the canvas. ``overview``: the support desk at 100 % on a laptop's screen, the overview map in
the corner. ``far``: the support desk zoomed out until its labels would be specks, drawn with
titles only. Settings go to a temporary folder: nothing of the user's is read or written.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

SCENARIOS = {"en": ("analyst_bot", "features"), "fr": ("reservation_restaurant", "preferences"),
             "hi": ("clinic_appointment", "symptoms")}


def main() -> int:
    mode = sys.argv[1] if len(sys.argv) > 1 else "palette"
    language = sys.argv[2] if len(sys.argv) > 2 else "en"
    temp = Path(tempfile.mkdtemp(prefix="prompter-shot-"))
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL"):
        os.environ.pop(name, None)

    from PySide6.QtCore import QCoreApplication, QSettings, QStandardPaths, QTimer
    from PySide6.QtWidgets import QApplication

    QStandardPaths.setTestModeEnabled(True)
    QCoreApplication.setOrganizationName("PrompterScreenshots")
    QCoreApplication.setApplicationName("Screenshots")
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(temp))
    app = QApplication([])
    from app.__main__ import assemble
    from app.i18n.fonts import register_fonts
    from app.i18n.languages import translations
    from app.main_window import MainWindow
    from engine.io.resources import default_scenario

    register_fonts()
    if language != "en":
        translations().apply(language)
    window = MainWindow()
    parts = assemble(window)
    window.move(0, 0)
    screen = app.primaryScreen().availableGeometry()
    window.resize(screen.width(), screen.height())
    window.show()
    name, step = SCENARIOS[language] if mode == "palette" else ("support_desk", "identify")
    folder = temp / name
    shutil.copytree(default_scenario().parent / name, folder)
    assert window.files.open_folder(folder)
    editor = window.scenario_editor
    view = editor.view

    def palette() -> None:
        editor.select_step(step)
        editor.add_kind_near("message")

    def overview() -> None:
        view.reset_zoom()
        view.centre_on(editor.scene.nodes["identify"].center())

    def far() -> None:
        from app.graph.far_view import far_scale

        editor.edit_actions.fit.trigger()
        view.zoom_by(far_scale() * 0.85 / view.zoom)
        view.centre_on(editor.scene.items_rect().center())

    QTimer.singleShot(800, {"palette": palette, "overview": overview, "far": far}[mode])
    code = int(app.exec())
    del parts
    return code


if __name__ == "__main__":
    sys.exit(main())
