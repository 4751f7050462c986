"""Every error Prompter raises on purpose, in one tree.

    PrompterError
    ├── ScenarioError            a scenario file is wrong; carries path, line, column
    │   ├── ScenarioErrors       several findings at once (``.errors`` lists them)
    │   ├── UnreadableFile       a file is missing, not a regular file, too large or not UTF-8
    │   └── PatternTooSlow       an author's /regex/ took too long to match and was stopped
    ├── ContractViolation        a model reply broke the four-field contract
    ├── TransitionRefused        the FSM refused a signal (unknown, guard not met, finished)
    ├── ProviderError            a model call failed (mapped from the SDK in one place)
    │   ├── ProviderAuthError        the key was rejected: retrying will not help
    │   ├── ProviderRateLimited      429; ``retry_after`` in seconds when the server said
    │   ├── ProviderTimeout          no answer in time
    │   ├── ProviderConnectionError  the connection failed or dropped
    │   ├── ProviderServerError      5xx from the server
    │   └── ProviderRequestError     4xx other than the above (bad model name, bad schema, …)
    ├── LimitExceeded            a call was not sent: it would break a limit of the scenario
    │   ├── PromptTooLarge           its prompt exceeds ``model.max_prompt_tokens``
    │   └── BudgetExceeded           it could take the conversation past ``model.max_cost_usd``
    ├── SessionError             a saved session or log cannot be read or does not fit
    └── DiagramError             a draw.io file cannot be mapped onto a scenario

Callers catch ``PrompterError`` at the edge (CLI, studio) and show ``str(error)``; a traceback
never reaches a user for bad input.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, replace
from pathlib import Path


class PrompterError(Exception):
    """Base of every error Prompter raises on purpose."""


@dataclass(frozen=True)
class SourceLocation:
    """Where in a file something is: 1-based line and column, as editors count."""

    path: Path | None
    line: int | None = None
    column: int | None = None

    def __str__(self) -> str:
        parts = [str(self.path) if self.path else "<scenario>"]
        if self.line is not None:
            parts.append(str(self.line))
            if self.column is not None:
                parts.append(str(self.column))
        return ":".join(parts)


class ScenarioError(PrompterError):
    """A scenario is wrong in a way its author must fix.

    ``location`` says where (the studio jumps there), ``field`` is the dotted path of the offending
    YAML key (``steps.greet.transitions.next.to``) when one is known, ``hint`` what was expected.
    """

    def __init__(
        self,
        message: str,
        *,
        path: Path | str | None = None,
        line: int | None = None,
        column: int | None = None,
        field: str | None = None,
        hint: str | None = None,
        severity: str = "error",
    ) -> None:
        self.message = message
        self.location = SourceLocation(Path(path) if path else None, line, column)
        self.field = field
        self.hint = hint
        self.severity = severity
        super().__init__(self.render())

    @property
    def path(self) -> Path | None:
        return self.location.path

    @property
    def line(self) -> int | None:
        return self.location.line

    @property
    def column(self) -> int | None:
        return self.location.column

    def render(self) -> str:
        """``PATH:LINE:COL: error: MESSAGE (HINT)`` — the line editors and CI understand."""
        text = f"{self.location}: {self.severity}: {self.message}"
        if self.hint:
            text += f" ({self.hint})"
        return text

    def in_file(self, path: Path) -> ScenarioError:
        """This error naming ``path``: one found in a text before the file it came from was
        known (a parse shared by every copy of the same text)."""
        named = copy.copy(self)
        named.location = replace(self.location, path=path)
        named.args = (named.render(),)
        return named


class ScenarioErrors(ScenarioError):
    """Several scenario errors found in one pass, so the author sees them all at once."""

    def __init__(self, errors: list[ScenarioError]) -> None:
        if not errors:
            raise ValueError("ScenarioErrors needs at least one error")
        self.errors = list(errors)
        first = self.errors[0]
        super().__init__(
            first.message,
            path=first.path,
            line=first.line,
            column=first.column,
            field=first.field,
            hint=first.hint,
        )

    def render(self) -> str:
        return "\n".join(error.render() for error in self.errors)

    def in_file(self, path: Path) -> ScenarioErrors:
        return ScenarioErrors([error.in_file(path) for error in self.errors])


class UnreadableFile(ScenarioError):
    """A file Prompter was asked to read cannot be read safely (see :mod:`engine.io.untrusted`).

    ``reason`` is a stable code: ``missing``, ``not-a-file`` (a folder, a FIFO, a device),
    ``outside`` (it leads out of the folder it belongs to), ``too-large``, ``not-utf8`` or
    ``os-error``. A ``not-utf8`` error carries the line and
    column of the first bad byte.
    """

    def __init__(
        self,
        message: str,
        *,
        reason: str,
        path: Path | str | None = None,
        line: int | None = None,
        column: int | None = None,
        hint: str | None = None,
    ) -> None:
        self.reason = reason
        super().__init__(message, path=path, line=line, column=column, hint=hint)


class PatternTooSlow(ScenarioError):
    """An author's ``/regex/`` (a test's expectation, a persona's fact) took longer than its
    limit to match a text and was stopped: it backtracks catastrophically (``/(a+)+$/``).

    ``pattern`` is the pattern as written, ``chars`` the length of the text it searched.
    """

    def __init__(self, pattern: str, chars: int, seconds: float) -> None:
        self.pattern = pattern
        self.chars = chars
        super().__init__(
            f"the pattern {pattern} took more than {seconds:g} s to search {chars:,} characters "
            "and was stopped",
            hint="it backtracks without end: avoid nested repeats such as (a+)+ or (a|a)*",
        )

    def describe(self) -> str:
        """One sentence for a test's failure or a fact's note: what happened, and the fix."""
        return f"{self.message} ({self.hint})"


class ContractViolation(PrompterError):
    """A model reply broke the contract.

    ``kind`` is a stable machine name (``invalid_json``, ``unknown_signal``, …), ``detail`` a
    sentence for people, ``correction`` the text sent back to the model to fix it.
    """

    def __init__(self, kind: str, detail: str, correction: str | None = None) -> None:
        self.kind = kind
        self.detail = detail
        self.correction = correction or detail
        super().__init__(f"{kind}: {detail}")


class TransitionRefused(PrompterError):
    """The FSM will not take a signal from the current step; ``reason`` says why."""

    def __init__(self, step: str, signal: str, reason: str) -> None:
        self.step = step
        self.signal = signal
        self.reason = reason
        super().__init__(f"transition {signal!r} from step {step!r} refused: {reason}")


class ProviderError(PrompterError):
    """A model call failed. ``retryable`` says whether sending the same turn again may work."""

    retryable: bool = True

    def __init__(self, message: str, *, status: int | None = None) -> None:
        self.status = status
        super().__init__(message)


class ProviderAuthError(ProviderError):
    retryable = False


class ProviderRateLimited(ProviderError):
    def __init__(
        self, message: str, *, status: int | None = 429, retry_after: float | None = None
    ) -> None:
        self.retry_after = retry_after
        super().__init__(message, status=status)


class ProviderTimeout(ProviderError):
    pass


class ProviderConnectionError(ProviderError):
    pass


class ProviderServerError(ProviderError):
    pass


class ProviderRequestError(ProviderError):
    retryable = False


class LimitExceeded(PrompterError):
    """A model call was not sent because it would break a limit the scenario sets.

    Nothing was spent and the turn is rolled back. ``limit`` is the setting's value, ``needed``
    what the call would have taken (tokens or US dollars).
    """

    def __init__(self, message: str, *, limit: float, needed: float) -> None:
        self.limit = limit
        self.needed = needed
        super().__init__(message)


class PromptTooLarge(LimitExceeded):
    """One call's prompt is larger than ``model.max_prompt_tokens`` (a pasted book, say)."""


class BudgetExceeded(LimitExceeded):
    """The next call could take the conversation past its budget, ``model.max_cost_usd``."""


class SessionError(PrompterError):
    """A saved session or a conversation log cannot be read, or does not fit the scenario."""


class DiagramError(PrompterError):
    """A draw.io file cannot be mapped onto a scenario; names the offending cell."""

    def __init__(self, message: str, *, cell_id: str | None = None) -> None:
        self.cell_id = cell_id
        super().__init__(f"cell {cell_id!r}: {message}" if cell_id else message)


#: The whole tree, which ``import engine`` offers as it is.
__all__ = [
    "BudgetExceeded",
    "ContractViolation",
    "DiagramError",
    "LimitExceeded",
    "PatternTooSlow",
    "PromptTooLarge",
    "PrompterError",
    "ProviderAuthError",
    "ProviderConnectionError",
    "ProviderError",
    "ProviderRateLimited",
    "ProviderRequestError",
    "ProviderServerError",
    "ProviderTimeout",
    "ScenarioError",
    "ScenarioErrors",
    "SessionError",
    "SourceLocation",
    "TransitionRefused",
    "UnreadableFile",
]
