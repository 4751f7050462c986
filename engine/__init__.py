"""Prompter's engine: a library that runs a scenario's dialogue graph over an LLM.

It never imports Qt or the studio (``app``); ``tests/test_architecture.py`` enforces that.
"""

__version__ = "0.1.0"
