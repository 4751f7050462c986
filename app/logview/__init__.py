"""The log viewer: any conversation log as a chat with folded system events; follow, replay, fork.

Layers, each usable alone: ``describe`` (words for events) and ``projection`` (state derived
from events) are plain Python; ``event_rows``/``delegate``/``view`` show events in a lazy Qt list;
``variables_panel`` and ``replay`` are the side widgets; ``follow`` and ``window`` make the viewer.
The live test chat (``app.chat``) reuses the view, projection and variables panel.
"""
