"""The conversation log: its events, what a well-formed record is, its writer, reader and fold.

    events   the events the engine emits and a log line holds (typed payloads, the event bus)
    schema   what a well-formed record is, field by field (the reader's half of ``events``)
    writer   one JSON line per event, appended and flushed (``LogWriter``)
    reader   logs read back into events, tolerating damage (``read_log``)
    fold     how a log adds up to the conversation's state after any turn (``LogFold``)

``events``, ``schema``, ``writer`` and ``reader`` import only :mod:`engine.io` and
:mod:`engine.errors`: anything may log. ``fold`` adds a log up into the parts of a dialogue, so
it also reads :mod:`engine.dialogue`'s types (the ledger's records, the transcript entries).
"""
