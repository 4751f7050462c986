"""One daemon thread for a piece of work the studio runs off the UI thread.

The stats of many logs, a simulation, a test run, saving a simulated conversation as a test:
each starts its work once on its own thread and, when the studio closes (or a test ends),
waits a bounded time for it. A job reports back through Qt signals; this only owns the thread.
"""

from __future__ import annotations

import threading
from collections.abc import Callable


class WorkerThread:
    """``run`` on a daemon thread called ``name``, started by :meth:`start`."""

    def __init__(self, run: Callable[[], object], name: str) -> None:
        self._run, self._name = run, name
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name=self._name, daemon=True)
        self._thread.start()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait up to ``timeout`` seconds for the work to end; True when it has (or never
        started)."""
        if self._thread is None:
            return True
        self._thread.join(timeout)
        return not self._thread.is_alive()
