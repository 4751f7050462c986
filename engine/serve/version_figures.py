"""The figures of each version a store keeps, side by side (``prompter versions``, the studio's
*Tools ▸ Live versions*): turns, completion rate, fallbacks, contract violations, drop-off per
step and cost per conversation, over the conversations that run on it now (a migrated
conversation counts for the version it moved to)."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.serve.store import SessionStore
from engine.serve.versions_store import Live, VersionRow
from engine.stats import StatsReport, collect_logs


@dataclass
class VersionFigures:
    """One version: the store's row, whether new conversations start on it, and its figures."""

    row: VersionRow
    #: The share of new conversations that start on it, in per cent (0: none).
    share: int
    report: StatsReport = field(default_factory=StatsReport)

    @property
    def conversations(self) -> int:
        return len(self.report.conversations)

    @property
    def turns_per_conversation(self) -> float:
        count = self.conversations
        return sum(c.user_messages for c in self.report.conversations) / count if count else 0.0

    @property
    def completion_rate(self) -> float:
        count = self.conversations
        return self.report.finished / count if count else 0.0

    @property
    def fallbacks(self) -> int:
        return sum(c.fallbacks for c in self.report.conversations)

    @property
    def violations(self) -> int:
        return sum(c.violations for c in self.report.conversations)

    @property
    def cost_per_conversation(self) -> float | None:
        """``None`` when a call's price is unknown (never a made-up 0)."""
        costs = [c.totals.cost_usd for c in self.report.conversations]
        if not costs:
            return 0.0
        known = [cost for cost in costs if cost is not None]
        return sum(known) / len(costs) if len(known) == len(costs) else None

    @property
    def dropped(self) -> dict[str, int]:
        """Unfinished conversations by the step they are on."""
        return {step: s.dropped for step, s in sorted(self.report.steps.items()) if s.dropped}


def share_of(live: Live, version: str) -> int:
    """The per cent of new conversations that start on ``version``."""
    if version == live.version:
        return live.rollout if live.previous is not None else 100
    if version == live.previous:
        return 100 - live.rollout
    return 0


async def version_figures(store: SessionStore) -> list[VersionFigures]:
    """Every version of the store, oldest first, with its figures (see the module docstring)."""
    live = await store.live()
    figures = {
        row.version: VersionFigures(row, share_of(live, row.version))
        for row in await store.versions()
    }
    logs: dict[str, list[tuple[str, list[bytes]]]] = {}
    for conversation_id in await store.conversation_ids():
        stored = await store.read(conversation_id)
        lines = await store.log(conversation_id)
        if stored is None or lines is None:
            continue  # deleted meanwhile
        logs.setdefault(stored.version, []).append(
            (conversation_id, [line.encode("utf-8") for line in lines])
        )
    for version, held in logs.items():
        if version in figures:
            figures[version].report = collect_logs(held)
    return list(figures.values())


__all__ = ["VersionFigures", "share_of", "version_figures"]
