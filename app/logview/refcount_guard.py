"""A guard against a reference-counting bug of PySide6 6.12 on CPython 3.11.

PySide6/shiboken6 6.12.0 returns ``None``, ``True`` and ``False`` to Python without taking a new
reference — harmless on CPython 3.12+, where those objects are immortal, but on 3.11 every
``Signal.emit()`` (returns ``True``) and every void call such as ``QLabel.setText()`` (returns
``None``) takes one reference away. After a few thousand calls the interpreter aborts with
"Fatal Python error: bool_dealloc" (or ``none_dealloc``) — mid-conversation, or at exit.

:func:`guard` gives the three singletons so many references (2**40) that no session can use
them up, which is what CPython 3.12 does by design. It is a no-op elsewhere. It belongs at the
studio's start (and in the tests' conftest); until it is there, the chat and log viewer
packages call it on import, because they emit a signal per engine event.
"""

from __future__ import annotations

import ctypes
import sys

_EXTRA_REFERENCES = 1 << 40
_done = False


def needed() -> bool:
    return sys.implementation.name == "cpython" and sys.version_info < (3, 12)


def guard() -> None:
    """Make ``None``, ``True`` and ``False`` effectively immortal (once per process)."""
    global _done
    if _done or not needed():
        return
    for singleton in (None, True, False):
        # ob_refcnt is the first field of every object in a release build of CPython 3.11.
        ctypes.c_ssize_t.from_address(id(singleton)).value += _EXTRA_REFERENCES
    _done = True
