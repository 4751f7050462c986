"""Prompter's version, in one place: the package's (``pyproject.toml`` reads it from here), the
``engine_version`` every log records, the studio's About box and ``prompter --version``."""

__version__ = "0.1.0"


__all__ = ["__version__"]
