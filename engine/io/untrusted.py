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
* :func:`open_regular` — a binary handle for readers that stream (the log reader), which apply
  their own per-line limit.

A file is opened with ``O_NONBLOCK`` after checking that it is a regular file, and checked again
on the open descriptor, so swapping a FIFO in between cannot block either. Every refusal is an
:class:`~engine.errors.UnreadableFile` (a :class:`~engine.errors.ScenarioError`) naming the path,
with a stable ``reason`` code; text that is not UTF-8 is located by line and column.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path, PurePosixPath
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


def open_regular(path: Path | str) -> BinaryIO:
    """A binary handle on ``path`` if it is a regular file; :class:`UnreadableFile` if not.

    The caller closes it (``with open_regular(path) as handle:``).
    """
    file = Path(path)
    try:
        before = os.stat(file)
    except (FileNotFoundError, NotADirectoryError):
        raise UnreadableFile(f"{file} does not exist", reason="missing", path=file) from None
    except OSError as error:
        raise _os_error(file, error) from None
    if not stat.S_ISREG(before.st_mode):
        raise _not_regular(file, before.st_mode)
    try:
        fd = os.open(file, _OPEN_FLAGS)
    except FileNotFoundError:
        raise UnreadableFile(f"{file} does not exist", reason="missing", path=file) from None
    except OSError as error:
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


def read_bytes(path: Path | str, *, limit: int, what: str = "the file") -> bytes:
    """The whole of ``path`` if it is a regular file of at most ``limit`` bytes.

    ``what`` names the file in the message (``"the instruction file"``).
    """
    file = Path(path)
    with open_regular(file) as handle:
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


def resolve_inside(root: Path, relative: str) -> Path | None:
    """The absolute path of ``relative`` if it stays inside ``root``; ``None`` if it escapes.

    The one check that a path a scenario names (an instruction file, a data file an action
    reads) is inside its folder; here, beside the reader, so that light callers (the worker
    process of actions) need not load the scenario machinery for it."""
    pure = PurePosixPath(relative.replace("\\", "/"))
    if pure.is_absolute() or ".." in pure.parts or (pure.parts and pure.parts[0].endswith(":")):
        return None
    candidate = (root / Path(*pure.parts)).resolve()
    try:
        candidate.relative_to(root.resolve())
    except ValueError:
        return None
    return candidate


def read_text(path: Path | str, *, limit: int, what: str = "the file") -> str:
    """:func:`read_bytes` decoded as UTF-8; a bad byte is reported by line and column."""
    file = Path(path)
    return decode_utf8(read_bytes(file, limit=limit, what=what), file)


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
    "decode_utf8",
    "describe_size",
    "open_regular",
    "read_bytes",
    "read_bytes_of",
    "read_text",
    "replace_surrogates",
    "resolve_inside",
]
