"""The request inspector: what one model call sent, what it cost, and why it changed.

The rebuilding is the engine's (:mod:`engine.request_view`); these widgets only show it. The
log pane, the log viewer and the test chat all open calls here.
"""
