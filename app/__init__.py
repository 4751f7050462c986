"""Prompter Studio: a desktop IDE for scenarios, a Qt view over the engine's plain-Python objects.

Everything Qt lives under this package; ``engine/`` never imports it. The studio's model is the
engine's :class:`~engine.scenario.document.ScenarioDocument`: every edit is a ``QUndoCommand``
(``app.commands``) calling one or two document methods, and the views only listen.
"""
