"""The one safe way to read a file someone else gave us: regular files only, with a size cap.

Every file Prompter reads on a user's behalf — ``scenario.yaml``, persona and instruction files,
sessions, logs, draw.io diagrams — may have been made by someone else. ``Path.read_text`` on such
a file can

* **block forever**: a FIFO (named pipe) named as an instruction file waits for a writer that
  never comes; a character device (``/dev/zero``, a terminal) never ends or waits for input;
* **exhaust memory**: a 60 MB instruction file is read whole, then sent to the model on every
  call.

So every reader goes through here:

* :func:`read_bytes` / :func:`read_text` — a whole file, refused above a limit (the named
  limits of :mod:`engine.io.input_limits`);
* :func:`open_regular` — a binary handle for readers that stream (the log reader, ``stats``),
  which apply their own per-line limit.

One rule, for every one of them:

* **regular files only**: a file is opened with ``O_NONBLOCK`` after checking that it is a
  regular file, and checked again on the open descriptor, so swapping a FIFO in between cannot
  block either;
* **the size before the bytes**: the size of the open file is checked against the limit before
  anything is read, and at most ``limit + 1`` bytes are ever read (a 3 GB sparse file costs
  nothing);
* **inside its folder**: a file that came with a scenario (a test, a cassette, a persona found
  in ``tests/personas/``, a log found in a folder) is read with ``inside=`` that folder. Its
  path is resolved (every symlink followed) and must stay inside the folder, resolved too; the
  resolved path is then opened with ``O_NOFOLLOW``, so a link swapped in afterwards is refused
  rather than followed. ``tests/personas/x.md`` as a link to ``/etc/passwd`` is never read.

Every refusal is an :class:`~engine.errors.UnreadableFile` (a
:class:`~engine.errors.ScenarioError`) naming the path, with a stable ``reason`` code
(``missing``, ``not-a-file``, ``outside``, ``too-large``, ``not-utf8``, ``os-error``); text that
is not UTF-8 is located by line and column. ``tests/test_architecture.py`` fails on any other
``open``/``read_bytes``/``read_text`` of such a file in ``engine/`` and ``app/``.
"""

from __future__ import annotations

import errno
import os
import re
import stat
from pathlib import Path
from typing import BinaryIO

from engine.errors import UnreadableFile

#: Flags of every open: no blocking on a FIFO, never becoming a controlling terminal.
_OPEN_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_BINARY", 0)
)

_NOT_REGULAR_HINT = "name a regular text file: pipes and devices are never read"


Folder = Path | str | None


def open_regular(path: Path | str, *, inside: Folder = None) -> BinaryIO:
    """A binary handle on ``path`` if it is a regular file; :class:`UnreadableFile` if not.

    With ``inside``, ``path`` must also lead (after resolving every link) to a file inside that
    folder: reason ``outside`` otherwise. The caller closes the handle
    (``with open_regular(path) as handle:``).
    """
    file = Path(path)
    target, flags = file, _OPEN_FLAGS
    if inside is not None:
        target, flags = confined(file, inside), _OPEN_FLAGS | getattr(os, "O_NOFOLLOW", 0)
    try:
        before = os.stat(target)
    except (FileNotFoundError, NotADirectoryError):
        raise UnreadableFile(f"{file} does not exist", reason="missing", path=file) from None
    except OSError as error:
        raise _os_error(file, error) from None
    if not stat.S_ISREG(before.st_mode):
        raise _not_regular(file, before.st_mode)
    try:
        fd = os.open(target, flags)
    except (FileNotFoundError, NotADirectoryError):
        raise UnreadableFile(f"{file} does not exist", reason="missing", path=file) from None
    except OSError as error:
        if error.errno == errno.ELOOP:  # the last part became a link after it was resolved
            raise _outside(file, inside, target) from None
        raise _os_error(file, error) from None
    try:
        after = os.fstat(fd)
        if not stat.S_ISREG(after.st_mode):
            raise _not_regular(file, after.st_mode)
        handle = os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
    return handle


def confined(path: Path | str, folder: Path | str) -> Path:
    """``path`` resolved (every link followed), if that stays inside ``folder`` (resolved too);
    :class:`UnreadableFile` with reason ``outside`` if it leads anywhere else.

    The one inside-the-folder check of the engine: the readers here apply it with ``inside=``,
    and :mod:`engine.io.atomic` before writing into a scenario's folder.
    """
    file = Path(path)
    try:
        root = os.path.realpath(folder)
        target = os.path.realpath(file)
    except (OSError, ValueError) as error:
        raise UnreadableFile(f"cannot resolve: {error}", reason="os-error", path=file) from None
    if target != root and not target.startswith(root.rstrip(os.sep) + os.sep):
        raise _outside(file, folder, Path(target))
    return Path(target)


def folder_of(path: Path | str, folder: Path | str) -> Path | None:
    """The folder a file the user named must stay in: ``folder`` when ``path`` is written as a
    path in it (``tests/x.test.yaml``, ``scenario/tests/personas/x.md``), else ``None``.

    A file named outside the scenario is the user's own choice and is read wherever it is (still
    a regular file, still within its limit); one named inside it must not lead out of it.
    """
    inner = os.path.abspath(path)
    root = os.path.abspath(folder)
    return Path(folder) if inner == root or inner.startswith(root.rstrip(os.sep) + os.sep) else None


def read_bytes(
    path: Path | str, *, limit: int, what: str = "the file", inside: Folder = None
) -> bytes:
    """The whole of ``path`` if it is a regular file of at most ``limit`` bytes (inside the
    folder ``inside``, when given).

    ``what`` names the file in the message (``"the instruction file"``).
    """
    file = Path(path)
    with open_regular(file, inside=inside) as handle:
        return read_bytes_of(handle, file, os.fstat(handle.fileno()).st_size, limit, what)


def read_bytes_of(handle: BinaryIO, path: Path, size: int, limit: int, what: str) -> bytes:
    """The whole of an open regular file (``size`` from its ``fstat``), at most ``limit`` bytes;
    for readers that need the stat of the same open too (the studio fingerprints what it read).
    """
    if size > limit:
        raise _too_large(path, size, limit, what)
    try:
        data = handle.read(limit + 1)
    except OSError as error:
        raise _os_error(path, error) from None
    if len(data) > limit:  # it grew between the check and the read
        raise _too_large(path, len(data), limit, what)
    return data


def read_text(
    path: Path | str, *, limit: int, what: str = "the file", inside: Folder = None
) -> str:
    """:func:`read_bytes` decoded as UTF-8; a bad byte is reported by line and column."""
    file = Path(path)
    return decode_utf8(read_bytes(file, limit=limit, what=what, inside=inside), file)


def decode_utf8(data: bytes, path: Path | str | None) -> str:
    """``data`` as UTF-8 text, or :class:`UnreadableFile` locating the first bad byte."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        raise UnreadableFile(
            f"not UTF-8 text (byte {error.start})",
            reason="not-utf8",
            path=path,
            line=line,
            column=column,
            hint="save it as UTF-8",
        ) from None


#: Lone UTF-16 surrogates: a Python string may hold them (from a JSON ``"\\ud800"`` escape),
#: UTF-8 cannot.
_SURROGATES = re.compile("[\ud800-\udfff]")


def replace_surrogates(text: str) -> str:
    """``text`` with every lone surrogate replaced by U+FFFD, so it can be written as UTF-8.

    A model (or a log, or a YAML escape) can put ``"\\ud800"`` into a string; printing or saving
    it would raise ``UnicodeEncodeError``. Every writer of text from outside passes it through
    here; text without surrogates (nearly all) is returned as is, after one fast check.
    """
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return _SURROGATES.sub("\ufffd", text)
    return text


def describe_size(size: int) -> str:
    """``2.0 MB``, ``640 KB``, ``12 bytes``: a size as people read it."""
    if size >= 1024 * 1024:
        return f"{size / (1024 * 1024):.1f} MB"
    if size >= 1024:
        return f"{size / 1024:.0f} KB"
    return f"{size} bytes"


def _too_large(path: Path, size: int, limit: int, what: str) -> UnreadableFile:
    return UnreadableFile(
        f"{what} is too large: {size:,} bytes; the limit is {describe_size(limit)}",
        reason="too-large",
        path=path,
    )


def _outside(path: Path, folder: Folder, target: Path) -> UnreadableFile:
    return UnreadableFile(
        f"leads outside {folder} (to {target}): files of a scenario must stay in its folder",
        reason="outside",
        path=path,
        hint="replace the link by the file itself",
    )


def _not_regular(path: Path, mode: int) -> UnreadableFile:
    return UnreadableFile(
        f"not a regular file: it is {_kind_of(mode)}",
        reason="not-a-file",
        path=path,
        hint=None if stat.S_ISDIR(mode) else _NOT_REGULAR_HINT,
    )


def _os_error(path: Path, error: OSError) -> UnreadableFile:
    return UnreadableFile(f"cannot read: {error.strerror or error}", reason="os-error", path=path)


def _kind_of(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a file"


__all__ = [
    "confined",
    "decode_utf8",
    "describe_size",
    "folder_of",
    "open_regular",
    "read_bytes",
    "read_bytes_of",
    "read_text",
    "replace_surrogates",
]
