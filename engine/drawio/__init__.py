"""draw.io export and import: scenarios as diagrams for people who never open the studio.

:func:`scenario_to_drawio` / :func:`write_drawio` / :func:`export_drawio` (the studio's call)
write a diagram; :func:`read_drawio` parses one safely; :func:`plan_import` maps an edited
diagram onto a :class:`ScenarioDocument` as a list of document edits (so the studio can push them
as undoable commands), and :func:`import_drawio` applies and saves them. See ``docs/drawio.md``.
"""

from engine.drawio.export import (
    compress_model,
    export_drawio,
    exported_positions,
    scenario_to_drawio,
    write_drawio,
)
from engine.drawio.import_ import Edit, ImportPlan, import_drawio, plan_import
from engine.drawio.read import Cell, Diagram, read_drawio

__all__ = [
    "Cell",
    "Diagram",
    "Edit",
    "ImportPlan",
    "compress_model",
    "export_drawio",
    "exported_positions",
    "import_drawio",
    "plan_import",
    "read_drawio",
    "scenario_to_drawio",
    "write_drawio",
]
