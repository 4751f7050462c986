"""The versions part of a store: the scenario versions it keeps, and which one is live.

Beside the conversations, a store holds

* **versions**: every published version of the scenario, with its files
  (:func:`engine.scenario.content_version.version_files`), so that any worker, on any machine,
  after any restart, loads the version a conversation runs on;
* **the live pointer**, one row: the version new conversations start on (``version``), the one
  the others start on while it is rolled out to ``rollout`` per cent of them (``previous``, also
  where ``prompter rollback`` goes back to), and a ``generation`` that grows at every change, so
  a worker reads one small row to know whether anything changed;
* **migrations**: for an older version, the steps whose conversations move to a newer one, and
  under which name (``prompter publish``'s step map). A conversation moves at its next turn,
  by the worker that holds it (:mod:`engine.serve.versioned`): a publish never writes to a
  conversation, so it never races a turn.

A publish (:meth:`VersionStore.publish`) writes the version, its migrations and the live pointer
in one transaction: a process killed during it leaves the old version live, or the new one,
never half of one. Each conversation row carries its ``version``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Live:
    """What new conversations start on (see the module docstring); ``version`` is ``None`` in a
    store nothing was published to."""

    version: str | None = None
    previous: str | None = None
    rollout: int = 100
    generation: int = 0


@dataclass(frozen=True)
class Migration:
    """Conversations of ``from_version`` on one of ``steps``' keys move to ``to_version``, on
    the step it names."""

    from_version: str
    to_version: str
    steps: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class VersionRow:
    """A published version as the store lists it."""

    version: str
    scenario: str
    published: float
    #: Conversations on it that have not ended, and all of them.
    live_conversations: int
    conversations: int


@dataclass(frozen=True)
class Placement:
    """How many unfinished conversations sit on ``step`` of ``version``."""

    version: str
    step: str
    count: int


def next_live(current: Live, version: str, rollout: int) -> Live:
    """The live pointer once ``version`` is published for ``rollout`` per cent: the others
    start on the version established before (the live one, unless it was itself only rolled
    out to some, then the one before it)."""
    if version == current.version:
        previous = current.previous
    else:
        previous = current.version if current.rollout >= 100 else current.previous
    if previous == version:
        previous = None
    return Live(version, previous, rollout if previous is not None else 100, current.generation + 1)


def check_rollout(rollout: int) -> int:
    if not 0 <= rollout <= 100:
        raise ValueError(f"a rollout is a percentage from 0 to 100, not {rollout}")
    return rollout


class VersionStore(ABC):
    """What a store does with versions (see the module docstring)."""

    @abstractmethod
    async def publish(
        self,
        version: str,
        scenario: str,
        files: Mapping[str, str],
        migrations: Sequence[Migration] = (),
        *,
        rollout: int = 100,
        only_if_new: bool = False,
    ) -> bool:
        """Keep ``version`` (when new), its ``migrations``, and make it live for ``rollout`` per
        cent of new conversations, in one transaction. With ``only_if_new``, a version the store
        has already is left alone (``prompter serve``'s deploy). True when the live pointer
        changed."""

    @abstractmethod
    async def live(self) -> Live:
        """The live pointer (one small row: workers read it often)."""

    @abstractmethod
    async def set_live(self, version: str, previous: str | None, rollout: int) -> None:
        """Point new conversations elsewhere (``promote``, ``rollback``): a version the store
        keeps, or :class:`~engine.serve.store.StoreError`."""

    @abstractmethod
    async def version_files(self, version: str) -> dict[str, str] | None:
        """The files of ``version``; ``None`` when the store has no such version."""

    @abstractmethod
    async def migrations(self) -> list[Migration]:
        """Every migration, oldest publish first."""

    @abstractmethod
    async def versions(self) -> list[VersionRow]:
        """Every version, oldest first, with its conversations counted."""

    @abstractmethod
    async def placements(self) -> list[Placement]:
        """Unfinished conversations counted by version and step."""


__all__ = [
    "Live",
    "Migration",
    "Placement",
    "VersionRow",
    "VersionStore",
    "check_rollout",
    "next_live",
]
