"""Figures over many conversation logs: where conversations struggle, and what they cost.

:func:`collect_stats` folds logs (files or folders; :func:`collect_logs`: logs held elsewhere,
a server's store) into a :class:`StatsReport` — per step,
per transition, per conversation — streaming, so memory stays flat; :mod:`.render` prints it
(``prompter stats``); :class:`TurnFigures` gives one conversation's per-turn figures (the
studio's per-turn chart); :mod:`.distribution` summarises a figure across conversations.

It may import the log (:mod:`engine.log`) and the scenario format; it never runs a
conversation.
"""

from engine.stats.collect import collect_logs, collect_stats, log_files
from engine.stats.figures import (
    MEASURES,
    ConversationStats,
    DamagedLine,
    Measure,
    StatsReport,
    StepStats,
    Struggle,
    Tokens,
)
from engine.stats.turns import TurnFigures, TurnRow

__all__ = [
    "MEASURES",
    "ConversationStats",
    "DamagedLine",
    "Measure",
    "StatsReport",
    "StepStats",
    "Struggle",
    "Tokens",
    "TurnFigures",
    "TurnRow",
    "collect_logs",
    "collect_stats",
    "log_files",
]
