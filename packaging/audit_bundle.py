"""Check a built bundle for secrets and local settings before anyone ships it.

Nothing in the bundle may contain an API key or a developer's local settings. A plain ``grep``
is not enough: PyInstaller stores the Python modules zlib-compressed inside the executables, and
the standard library in a zip. So this looks everywhere a string can hide:

* every file, byte by byte (libraries, data, the scenarios);
* every member of every zip archive (``base_library.zip``);
* every entry of every PyInstaller archive appended to an executable, and every module of the
  PYZ inside it, decompressed.

It reports OpenAI-style keys (``sk-…``, ``sk-proj-…``) and assignments of ``OPENAI_API_KEY``
to a value, plus files that are settings rather than software: QSettings files
(``Prompter.conf``, ``*.ini``), ``.env`` files, keyring files and ``.config`` folders. A found
key is shown masked (first and last characters), never whole.

Usage: ``.venv/bin/python packaging/audit_bundle.py dist/prompter`` — exit 0 when clean, 1 with
one line per finding otherwise. ``build.sh`` and ``smoke_test.sh`` both run it.
"""

from __future__ import annotations

import argparse
import marshal
import re
import sys
import types
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

#: OpenAI secret keys: ``sk-`` (optionally ``proj-``, ``svcacct-``, ``admin-``) and a long tail.
#: The lookbehind keeps words like ``task-…`` or ``disk-…`` from matching.
KEY_PATTERN = re.compile(rb"(?<![A-Za-z0-9_\-])sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_\-]{32,}")
#: ``OPENAI_API_KEY=...`` / ``"OPENAI_API_KEY": "..."`` with something that looks like a value.
ASSIGNMENT_PATTERN = re.compile(
    rb"OPENAI_API_KEY['\"]?\s*[:=]\s*['\"]?(?!\s|\$|<|\{|%|['\"]|your|YOUR|My |\.\.\.)"
    rb"[A-Za-z0-9_\-]{16,}"
)
#: File names that are settings, not software (checked case-insensitively).
SETTINGS_NAMES = re.compile(
    r"^(\.env(\..*)?|.*prompter.*\.(conf|ini|plist)|.*\.ini|keyring_pass\.cfg|"
    r".*\.keyring|trolltech\.conf|qtproject\.conf)$",
    re.IGNORECASE,
)
#: Prompter's own data that legitimately matches ``SETTINGS_NAMES`` (none so far).
ALLOWED_SETTINGS_NAMES: frozenset[str] = frozenset()
#: Folders that only exist because someone ran something on their machine.
SETTINGS_FOLDERS = frozenset({".config", ".local", ".cache", ".prompter"})

CHUNK = 4 * 1024 * 1024
OVERLAP = 512


@dataclass(frozen=True)
class Finding:
    where: str
    what: str

    def __str__(self) -> str:
        return f"{self.where}: {self.what}"


def mask(secret: bytes) -> str:
    text = secret.decode("ascii", "replace")
    return f"{text[:7]}…{text[-2:]} ({len(text)} characters)"


#: Keys that are public and open nothing: the key-free model's fake server accepts this one
#: (``engine.offline.fake_openai.FAKE_API_KEY``), and it ships with the bundle.
PUBLIC_FAKE_KEYS = frozenset({b"sk-test-FAKEKEY0123456789abcdefABCDEF"})


def scan_bytes(data: bytes, where: str) -> Iterator[Finding]:
    for match in KEY_PATTERN.finditer(data):
        # In a frozen module the bytes after a string can extend the match by a character or two.
        if match.group().startswith(tuple(PUBLIC_FAKE_KEYS)):
            continue
        yield Finding(where, f"looks like an API key: {mask(match.group())}")
    for match in ASSIGNMENT_PATTERN.finditer(data):
        yield Finding(where, f"assigns OPENAI_API_KEY a value: {mask(match.group())}")


def scan_file(path: Path, where: str) -> Iterator[Finding]:
    """Scan a file in overlapping chunks, so a large library never has to fit in memory."""
    seen: set[tuple[str, str]] = set()
    with path.open("rb") as handle:
        tail = b""
        while chunk := handle.read(CHUNK):
            for finding in scan_bytes(tail + chunk, where):
                key = (finding.where, finding.what)
                if key not in seen:
                    seen.add(key)
                    yield finding
            tail = chunk[-OVERLAP:]


def scan_code(marshalled: bytes, where: str) -> Iterator[Finding]:
    """Scan compiled Python: every string constant of the code object, and the raw bytes.

    Byte-scanning alone is not enough: marshal writes a string's length right before it, and
    a length byte can look like the end of a word, hiding a key from the pattern.
    """
    yield from scan_bytes(marshalled, where)
    try:
        code = marshal.loads(marshalled)
    except (EOFError, ValueError, TypeError):
        return
    for constant in _constants(code):
        data = constant.encode("utf-8", "replace") if isinstance(constant, str) else constant
        yield from scan_bytes(data, where)


def _constants(value: object) -> Iterator[str | bytes]:
    if isinstance(value, str | bytes):
        yield value
    elif isinstance(value, types.CodeType):
        for item in value.co_consts:
            yield from _constants(item)
    elif isinstance(value, tuple | frozenset | list):
        for item in value:
            yield from _constants(item)


def scan_zip(path: Path, where: str) -> Iterator[Finding]:
    try:
        archive = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError):
        return
    with archive:
        for member in archive.namelist():
            data = archive.read(member)
            if member.endswith(".pyc"):
                yield from _unique(scan_code(data[16:], f"{where}!{member}"))
            else:
                yield from scan_bytes(data, f"{where}!{member}")


def _unique(found: Iterator[Finding]) -> Iterator[Finding]:
    seen: set[Finding] = set()
    for finding in found:
        if finding not in seen:
            seen.add(finding)
            yield finding


def scan_pyinstaller_archive(path: Path, where: str) -> Iterator[Finding]:
    """The archive PyInstaller appends to an executable, and the compressed modules in it."""
    try:
        from PyInstaller.archive.readers import CArchiveReader, NotAnArchiveError
    except ImportError:  # pragma: no cover - the build needs PyInstaller anyway
        return
    try:
        package = CArchiveReader(str(path))
    except NotAnArchiveError:
        return
    except Exception:  # a file that merely looks like an archive: PyInstaller raises any kind
        return
    for name, entry in package.toc.items():
        typecode = entry[-1]
        if typecode == "z":  # the PYZ: one compressed entry per module
            pyz = package.open_embedded_archive(name)
            for module in pyz.toc:
                data = pyz.extract(module, raw=True)
                if isinstance(data, bytes):
                    yield from _unique(scan_code(data, f"{where}!{name}!{module}"))
        else:
            yield from scan_bytes(package.extract(name), f"{where}!{name}")


def audit(bundle: Path) -> list[Finding]:
    """Every finding in ``bundle`` (a folder), in a stable order."""
    findings: list[Finding] = []
    for path in sorted(bundle.rglob("*")):
        where = str(path.relative_to(bundle))
        if path.is_dir():
            if path.name in SETTINGS_FOLDERS:
                findings.append(Finding(where, "a settings folder does not belong in a bundle"))
            continue
        if not path.is_file():
            continue
        if SETTINGS_NAMES.match(path.name) and path.name not in ALLOWED_SETTINGS_NAMES:
            findings.append(Finding(where, "a settings file does not belong in a bundle"))
        findings.extend(scan_file(path, where))
        if path.suffix.lower() == ".zip":
            findings.extend(scan_zip(path, where))
        elif _is_executable_candidate(path):
            findings.extend(scan_pyinstaller_archive(path, where))
    return findings


def _is_executable_candidate(path: Path) -> bool:
    """Programs PyInstaller builds: no suffix on Linux/macOS, ``.exe`` on Windows."""
    return path.suffix.lower() in {"", ".exe"} and path.stat().st_size > 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Check a bundle for API keys and settings.")
    parser.add_argument("bundle", type=Path, help="the bundle folder, e.g. dist/prompter")
    args = parser.parse_args(argv)
    if not args.bundle.is_dir():
        print(f"audit: {args.bundle} is not a folder (build the bundle first)", file=sys.stderr)
        return 2
    findings = audit(args.bundle)
    for finding in findings:
        print(f"audit: {finding}", file=sys.stderr)
    if findings:
        print(f"audit: {len(findings)} problem(s) in {args.bundle}", file=sys.stderr)
        return 1
    files = sum(1 for path in args.bundle.rglob("*") if path.is_file())
    print(f"audit: {args.bundle} is clean ({files} files: no API key, no settings file)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
