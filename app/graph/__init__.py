"""The graph editor: a scene mirroring the scenario graph, its node/edge items and the view."""
