"""The log pane in the studio window: see :mod:`app.logpane.studio`."""

from app.logpane.studio import LOG_PANE, StudioLogPane, install_log_pane

__all__ = ["LOG_PANE", "StudioLogPane", "install_log_pane"]
