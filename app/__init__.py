"""Prompter Studio: a desktop IDE for scenarios, a Qt view over the engine's plain-Python objects.

Everything Qt lives under this package; ``engine/`` never imports it. The studio's model is the
engine's :class:`~engine.scenario.document.ScenarioDocument`: every edit is a ``QUndoCommand``
(``app.commands``) calling one or two document methods, and the views only listen.

The studio is not an embedding program: ``import engine`` (``engine.__all__``) is the API for a
program that runs conversations, and the studio does much more with the engine's parts — edits a
scenario's document, draws its diagram, replays logs, rebuilds requests, runs tests and
simulations — so it imports the engine's modules themselves. It imports from each only what the
module exports in its ``__all__`` (``tests/test_architecture.py`` checks it), never a private
name: a module's ``__all__`` is the interface the studio may rely on.
"""
