"""The exit statuses of every ``prompter`` command: one meaning per number.

Every module of :mod:`engine.cli` returns one of these; the table users read is README.md's
"Exit statuses", and ``tests/test_cli_exit_codes.py`` fails when it and this enum disagree, or
when a command module defines its own ``EXIT_*`` constant or returns a bare number. The numbers
are the ones the commands documented before they shared this table: scripts and CI steps rely
on them, so a new meaning gets a new number rather than a changed one.
"""

from __future__ import annotations

from enum import IntEnum

__all__ = ["ExitCode"]


class ExitCode(IntEnum):
    """What a ``prompter`` command's exit status says."""

    #: Done: the check passed, the versions are the same, every test passed.
    OK = 0
    #: The answer is no, or the work stopped: findings with an error, a difference (``diff``), a
    #: failed or stale test, a scenario refused for its validator errors, a failed conversation,
    #: a model or Prompter error, a file that cannot be written.
    FAILED = 1
    #: The command cannot start: wrong arguments (argparse's own 2), no API key, the serve extra
    #: missing, no input it can read (``diff``: a side; ``stats``: any log).
    USAGE = 2
    #: An unexpected error (``EX_SOFTWARE`` of sysexits.h): a bug, its traceback printed
    #: (redacted) as a crash report.
    BUG = 70
    #: Stopped by Ctrl-C (128 + SIGINT, as shells report it).
    INTERRUPTED = 130
