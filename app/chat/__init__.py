"""The studio's live test chat: the engine running on the open scenario, off the UI thread.

``pane.ChatPane`` is the chat; ``runner`` moves engine calls to a worker loop and engine events
back to the UI thread; ``settings``/``keys``/``settings_dialog`` choose the provider and keep
the API key out of files; ``studio.install_chat(host)`` docks it into the studio window (the
studio's start-up calls it); ``window`` holds the chat in its own window and the stand-alone log
viewer that forks into one.
"""
