"""The packaging tools, without building: what goes in the bundle, what must never, the icon.

Building takes minutes, so it is not part of the test run (``packaging/build.sh`` then
``packaging/smoke_test.sh`` do that); these tests cover the pieces a build relies on.
"""

from __future__ import annotations

import base64
import configparser
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import urllib.parse
import zipfile
import zlib
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"


def load(name: str) -> ModuleType:
    """A script of ``packaging/`` as a module (the folder is not a package)."""
    spec = importlib.util.spec_from_file_location(f"packaging_{name}", PACKAGING / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


audit_bundle = load("audit_bundle")
bundle_data = load("bundle_data")
check_drawio = load("check_drawio")


def fake_key() -> str:
    """Shaped like an OpenAI project key; built at run time so no key-like text is in the repo."""
    return "sk-" + "proj-" + "Zx9_" * 12


def findings(bundle: Path) -> list[str]:
    return [str(finding) for finding in audit_bundle.audit(bundle)]


class TestBundleData:
    def test_the_shipped_folders_are_copied_to_the_same_place_in_the_bundle(self) -> None:
        pairs = bundle_data.data_files(ROOT)
        copied = {Path(source).relative_to(ROOT): Path(folder) for source, folder in pairs}
        assert copied[Path("resources/prices.yaml")] == Path("resources")
        assert copied[Path("resources/icon.png")] == Path("resources")
        assert copied[Path("scenarios/analyst_bot/scenario.yaml")] == Path("scenarios/analyst_bot")
        assert all(folder == source.parent for source, folder in copied.items())

    def test_the_manual_goes_into_the_bundle_for_the_studios_help(self) -> None:
        pairs = bundle_data.data_files(ROOT)
        copied = {Path(source).relative_to(ROOT): Path(folder) for source, folder in pairs}
        assert copied[Path("README.md")] == Path(".")
        assert copied[Path("docs/studio.md")] == Path("docs")
        assert copied[Path("docs/screenshots/studio.png")] == Path("docs/screenshots")
        assert Path("docs/screenshots/take.py") not in copied  # the scripts stay out
        # and its translations, under the same names, beside the English pages
        assert copied[Path("docs/fr/README.md")] == Path("docs/fr")
        assert copied[Path("docs/fr/studio.md")] == Path("docs/fr")

    def test_what_a_developer_machine_adds_stays_out(self, tmp_path: Path) -> None:
        wanted = [
            "resources/prices.yaml",
            "scenarios/bot/scenario.yaml",
            "scenarios/bot/steps/greet.md",
            "scenarios/bot/demo.jsonl",
        ]
        unwanted = [
            "resources/.env",
            "scenarios/bot/.scenario.yaml.x1y2.tmp",
            "scenarios/bot/scenario.yaml~",
            "scenarios/bot/steps/.greet.md.swp",
            "scenarios/bot/logs/2026-11-30.jsonl",
            "scenarios/bot/sessions/s1.json",
            "scenarios/bot/__pycache__/x.pyc",
            "scenarios/bot/.idea/workspace.xml",
            "scenarios/bot/chat.log",
        ]
        for relative in wanted + unwanted:
            path = tmp_path / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text("x", encoding="utf-8")
        copied = sorted(
            str(Path(source).relative_to(tmp_path))
            for source, _ in bundle_data.data_files(tmp_path)
        )
        assert copied == sorted(wanted)


class TestAudit:
    @pytest.fixture
    def bundle(self, tmp_path: Path) -> Path:
        """A bundle-like folder with the kinds of files a real one holds, all clean."""
        bundle = tmp_path / "prompter"
        (bundle / "_internal" / "resources").mkdir(parents=True)
        (bundle / "_internal" / "resources" / "prices.yaml").write_text("models: {}\n")
        (bundle / "_internal" / "libQt6Core.so.6").write_bytes(os.urandom(4096) + b"task-" * 20)
        (bundle / "_internal" / "help.txt").write_text(
            'client = OpenAI(api_key="sk-...")\nexport OPENAI_API_KEY=$KEY\n'
            'OPENAI_API_KEY="your key here"\nOPENAI_API_KEY=<your key>\n'
        )
        with zipfile.ZipFile(bundle / "_internal" / "base_library.zip", "w") as archive:
            archive.writestr("os.pyc", b"\x00" * 64)
        return bundle

    def test_a_clean_bundle_has_no_finding(self, bundle: Path) -> None:
        assert findings(bundle) == []

    def test_a_key_in_a_data_file_is_found_and_shown_masked(self, bundle: Path) -> None:
        key = fake_key()
        (bundle / "_internal" / "resources" / "notes.md").write_text(f"key: {key}\n")
        found = findings(bundle)
        where = "_internal/resources/notes.md"
        assert found == [f"{where}: looks like an API key: sk-proj…9_ ({len(key)} characters)"]
        assert key not in "".join(found)

    def test_the_key_free_models_public_fake_key_is_not_a_finding(self, bundle: Path) -> None:
        """The fake server's key ships with engine.offline; it opens nothing, anywhere."""
        from engine.offline.fake_openai import FAKE_API_KEY

        assert FAKE_API_KEY.encode() in audit_bundle.PUBLIC_FAKE_KEYS
        (bundle / "_internal" / "offline.py").write_text(f"FAKE_API_KEY = {FAKE_API_KEY!r}\n")
        (bundle / "_internal" / "offline.pyc").write_bytes(b"\xe3" + FAKE_API_KEY.encode() + b"Fc)")
        assert findings(bundle) == []

    def test_a_key_assigned_to_the_environment_variable_is_found(self, bundle: Path) -> None:
        (bundle / "_internal" / "run.sh").write_text("OPENAI_API_KEY=abcdefghijklmnop1234\n")
        assert findings(bundle) == [
            "_internal/run.sh: assigns OPENAI_API_KEY a value: OPENAI_…34 (35 characters)"
        ]

    def test_a_key_inside_a_zip_is_found(self, bundle: Path) -> None:
        with zipfile.ZipFile(bundle / "_internal" / "extra.zip", "w", zipfile.ZIP_DEFLATED) as zf:
            zf.writestr("pkg/config.py", f"KEY = {fake_key()!r}\n")
        assert any(
            finding.startswith("_internal/extra.zip!pkg/config.py: looks like an API key")
            for finding in findings(bundle)
        )

    def test_a_key_compiled_into_a_frozen_module_is_found(self, bundle: Path) -> None:
        from PyInstaller.archive.writers import CArchiveWriter, ZlibArchiveWriter

        source = bundle.parent / "leaky.py"
        source.write_text(f"API_KEY = {fake_key()!r}\n")
        pyz = bundle.parent / "PYZ.pyz"
        ZlibArchiveWriter(
            str(pyz),
            [("leaky", str(source), "PYMODULE")],
            code_dict={"leaky": compile(source.read_text(), "leaky.py", "exec")},
        )
        program = bundle / "prompter"
        CArchiveWriter(str(program), [("PYZ.pyz", str(pyz), False, "z")], "libpython3.11.so")
        assert fake_key().encode() not in program.read_bytes(), "the module must be compressed"
        assert findings(bundle) == [
            f"prompter!PYZ.pyz!leaky: looks like an API key: sk-proj…9_ ({len(fake_key())} "
            "characters)"
        ]

    @pytest.mark.parametrize(
        "relative",
        [
            "_internal/.env",
            "_internal/Prompter Studio.conf",
            "_internal/Prompter/settings.ini",
            "_internal/keyring_pass.cfg",
        ],
    )
    def test_settings_files_are_found(self, bundle: Path, relative: str) -> None:
        path = bundle / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("[General]\nmodel=gpt-4.1-mini\n")
        assert findings(bundle) == [f"{relative}: a settings file does not belong in a bundle"]

    def test_a_settings_folder_is_found(self, bundle: Path) -> None:
        (bundle / "_internal" / ".config").mkdir()
        assert findings(bundle) == [
            "_internal/.config: a settings folder does not belong in a bundle"
        ]

    def test_the_command_exits_1_and_names_each_problem(self, bundle: Path) -> None:
        (bundle / ".env").write_text(f"OPENAI_API_KEY={fake_key()}\n")
        result = subprocess.run(
            [sys.executable, str(PACKAGING / "audit_bundle.py"), str(bundle)],
            capture_output=True,
            text=True,
            check=False,
        )
        assert result.returncode == 1
        assert "audit: .env: a settings file does not belong in a bundle" in result.stderr
        assert "audit: 3 problem(s)" in result.stderr
        assert fake_key() not in result.stderr + result.stdout


SCENARIO = """
name: tiny
start: greet
steps:
  greet:
    title: Say hello
    transitions:
      next: {to: done}
      again: {to: greet}
  done: {final: true}
"""


def drawio(cells: str) -> str:
    return (
        '<mxfile><diagram id="d" name="tiny"><mxGraphModel><root>'
        '<mxCell id="0"/><mxCell id="1" parent="0"/>' + cells + "</root></mxGraphModel>"
        "</diagram></mxfile>"
    )


FULL = (
    '<mxCell id="greet" value="Say hello" vertex="1" parent="1"/>'
    '<object id="done" label="Done"><mxCell vertex="1" parent="1"/></object>'
    '<mxCell id="e1" value="next" edge="1" source="greet" target="done" parent="1"/>'
    '<mxCell id="e2" value="again" edge="1" source="greet" target="greet" parent="1"/>'
)


class TestCheckDrawio:
    @pytest.fixture
    def scenario(self, tmp_path: Path) -> Path:
        folder = tmp_path / "tiny"
        folder.mkdir()
        (folder / "scenario.yaml").write_text(SCENARIO, encoding="utf-8")
        return folder

    def test_a_diagram_showing_every_step_and_transition_fits(
        self, tmp_path: Path, scenario: Path
    ) -> None:
        export = tmp_path / "tiny.drawio"
        export.write_text(drawio(FULL), encoding="utf-8")
        assert check_drawio.problems(export, scenario) == []

    def test_a_compressed_diagram_is_inflated_as_draw_io_does(
        self, tmp_path: Path, scenario: Path
    ) -> None:
        model = f'<mxGraphModel><root><mxCell id="0"/>{FULL}</root></mxGraphModel>'
        deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
        packed = deflate.compress(urllib.parse.quote(model).encode()) + deflate.flush()
        export = tmp_path / "tiny.drawio"
        export.write_text(
            f'<mxfile><diagram id="d">{base64.b64encode(packed).decode()}</diagram></mxfile>'
        )
        assert check_drawio.problems(export, scenario) == []

    def test_a_missing_step_and_missing_edges_are_named(
        self, tmp_path: Path, scenario: Path
    ) -> None:
        export = tmp_path / "tiny.drawio"
        export.write_text(drawio('<mxCell id="greet" value="Say hello" vertex="1"/>'))
        assert check_drawio.problems(export, scenario) == [
            "1 vertices for 2 steps",
            "0 edges for 2 transitions",
            "step 'done' ('Done') is not in the diagram",
        ]

    def test_a_file_that_is_not_draw_io_is_refused(self, tmp_path: Path, scenario: Path) -> None:
        export = tmp_path / "tiny.drawio"
        export.write_text("<svg/>")
        assert check_drawio.problems(export, scenario) == [
            f"{export} is not a draw.io file (root element <svg>)"
        ]


class TestIcon:
    def test_the_icon_is_rendered_at_every_desktop_size_with_a_transparent_background(
        self, tmp_path: Path
    ) -> None:
        from PySide6.QtGui import QImage

        render_icon = load("render_icon")
        code = render_icon.main(
            [
                "--out",
                str(tmp_path / "icon.png"),
                "--theme",
                str(tmp_path),
                "--ico",
                str(tmp_path / "prompter.ico"),
            ]
        )
        assert code == 0
        for size in render_icon.THEME_SIZES:
            image = QImage(str(tmp_path / "hicolor" / f"{size}x{size}" / "apps" / "prompter.png"))
            assert (image.width(), image.height()) == (size, size)
            assert image.pixelColor(0, size - 1).alpha() == 0, "corners stay transparent"
            assert image.pixelColor(size // 2, size // 2).alpha() == 255, "the bubble is opaque"
        ico = (tmp_path / "prompter.ico").read_bytes()
        assert ico[:4] == b"\x00\x00\x01\x00"
        assert int.from_bytes(ico[4:6], "little") == len(render_icon.ICO_SIZES)

    def test_the_shipped_png_is_the_rendered_svg(self) -> None:
        """Within what another Qt release may draw differently (antialiased edges), not
        pixel for pixel: a PySide6 patch release must not fail a fresh clone."""
        render_icon = load("render_icon")
        shipped = icon_pixels(ROOT / "resources" / "icon.png")
        fresh = rendered_pixels(render_icon, SVG.read_text(encoding="utf-8"))
        assert drawn_alike(fresh, shipped), (
            f"resources/icon.png is stale ({difference(fresh, shipped)}): "
            "run packaging/render_icon.py"
        )

    @pytest.mark.parametrize(
        ("what", "old", "new"),
        [
            ("one transition fewer", '<line x1="94" y1="76" x2="144" y2="76"/>', ""),
            ("the final step grey, not amber", "#FFC247", "#C0C0C0"),
            ("a step moved by four pixels", 'cx="184" cy="76"', 'cx="180" cy="76"'),
        ],
    )
    def test_the_comparison_tells_a_png_of_another_svg(self, what: str, old: str, new: str) -> None:
        render_icon = load("render_icon")
        source = SVG.read_text(encoding="utf-8")
        assert old in source, what
        other = rendered_pixels(render_icon, source.replace(old, new))
        shipped = icon_pixels(ROOT / "resources" / "icon.png")
        assert not drawn_alike(other, shipped), f"{what}: {difference(other, shipped)}"


SVG = ROOT / "resources" / "icon.svg"
#: A channel differing by more than this is a pixel drawn differently (antialiasing moves less).
VISIBLE_DIFFERENCE = 48
#: How many pixels of the 256 × 256 icon may be drawn differently (edges a renderer rounds
#: otherwise), and by how much all channels may differ on average (0-255).
MAX_CHANGED_PIXELS = 40
MAX_MEAN_DIFFERENCE = 0.5


def icon_pixels(path: Path) -> Any:
    from PySide6.QtGui import QImage

    return image_array(QImage(str(path)))


def rendered_pixels(render_icon: ModuleType, svg: str) -> Any:
    from PySide6.QtCore import QByteArray
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(QByteArray(svg.encode()))
    assert renderer.isValid()
    return image_array(render_icon.render(renderer, render_icon.APP_ICON_SIZE))


def image_array(image: Any) -> Any:
    """The image as an array of (height, width, 4) 8-bit channels, not premultiplied."""
    import numpy as np
    from PySide6.QtGui import QImage

    image = image.convertToFormat(QImage.Format.Format_RGBA8888)
    width, height = image.width(), image.height()
    rows = np.frombuffer(image.constBits(), dtype=np.uint8).reshape(height, image.bytesPerLine())
    return rows[:, : width * 4].reshape(height, width, 4).astype(np.int16)


def drawn_alike(one: Any, other: Any) -> bool:
    if one.shape != other.shape:
        return False
    changed, mean = changes(one, other)
    return changed <= MAX_CHANGED_PIXELS and mean <= MAX_MEAN_DIFFERENCE


def changes(one: Any, other: Any) -> tuple[int, float]:
    delta = abs(one - other)
    return int((delta.max(axis=2) > VISIBLE_DIFFERENCE).sum()), float(delta.mean())


def difference(one: Any, other: Any) -> str:
    if one.shape != other.shape:
        return f"sizes {one.shape[:2]} and {other.shape[:2]}"
    changed, mean = changes(one, other)
    return f"{changed} pixels drawn differently, mean difference {mean:.2f}"


class TestDesktopEntry:
    def entry(self, path: Path) -> configparser.SectionProxy:
        parser = configparser.ConfigParser(interpolation=None, strict=True)
        parser.optionxform = str  # type: ignore[assignment,method-assign]
        parser.read(path, encoding="utf-8")
        return parser["Desktop Entry"]

    def test_the_entry_starts_the_studio_the_spec_builds(self) -> None:
        entry = self.entry(PACKAGING / "prompter.desktop")
        spec = (PACKAGING / "prompter.spec").read_text(encoding="utf-8")
        program = entry["Exec"].split()[0]
        assert re.search(rf'executable\(studio, "{re.escape(program)}"', spec)
        assert (entry["Type"], entry["Name"], entry["Icon"], entry["Terminal"]) == (
            "Application",
            "Prompter",
            "prompter",
            "false",
        )
        assert entry["Categories"].endswith(";")

    @pytest.mark.skipif(
        shutil.which("desktop-file-validate") is None, reason="needs desktop-file-utils"
    )
    def test_the_entry_follows_the_desktop_entry_specification(self) -> None:
        result = subprocess.run(
            ["desktop-file-validate", str(PACKAGING / "prompter.desktop")],
            capture_output=True,
            text=True,
            check=False,
        )
        assert (result.returncode, result.stdout + result.stderr) == (0, "")

    @pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
    def test_installing_points_the_menu_at_this_bundle_even_with_odd_characters(
        self, tmp_path: Path
    ) -> None:
        bundle = tmp_path / 'My $Apps "x"' / "prompter"
        (bundle / "share" / "applications").mkdir(parents=True)
        icon = bundle / "share" / "icons" / "hicolor" / "48x48" / "apps" / "prompter.png"
        icon.parent.mkdir(parents=True)
        icon.write_bytes(b"png")
        shutil.copy(PACKAGING / "prompter.desktop", bundle / "share" / "applications")
        shutil.copy(PACKAGING / "install_desktop_entry.sh", bundle / "install-desktop-entry.sh")
        studio = bundle / "prompter-studio"
        studio.write_text("#!/bin/sh\n")
        studio.chmod(0o755)
        data = tmp_path / "data"
        environment = {**os.environ, "XDG_DATA_HOME": str(data), "PATH": "/usr/bin:/bin"}
        script = bundle / "install-desktop-entry.sh"

        subprocess.run(["bash", str(script)], env=environment, check=True, capture_output=True)
        installed = self.entry(data / "applications" / "prompter.desktop")
        escaped = str(studio).replace("$", r"\\$").replace('"', r'\\"')
        assert installed["Exec"] == f'"{escaped}" %f'
        assert installed["TryExec"] == str(studio)
        assert (data / "icons" / "hicolor" / "48x48" / "apps" / "prompter.png").is_file()

        subprocess.run(
            ["bash", str(script), "--uninstall"], env=environment, check=True, capture_output=True
        )
        assert not (data / "applications" / "prompter.desktop").exists()
        assert not (data / "icons" / "hicolor" / "48x48" / "apps" / "prompter.png").exists()
