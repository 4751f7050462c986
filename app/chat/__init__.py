"""The studio's live test chat: the engine running on the open scenario, off the UI thread.

``pane.ChatPane`` is the chat; ``runner`` moves engine calls to a worker loop and engine events
back to the UI thread; ``settings``/``keys``/``settings_dialog`` choose the provider and keep
the API key out of files; ``studio.install_chat(window)`` puts it into the main window
(the studio calls :func:`install` below at start).
"""



def install(window: object) -> object:
    """What the studio calls at start: dock the test chat into ``window``."""
    from app.chat.studio import install_chat

    return install_chat(window)
