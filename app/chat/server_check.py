"""*Check this server* in the chat settings: what a server does with a model, off the UI thread.

The check is the engine's (``engine.providers.profile.check_server``: at most six small calls,
the same as ``prompter providers check``); it runs in a thread of its own, with its own event
loop, so the dialog stays responsive for the seconds a cold local model takes, and the answer
comes back to the UI thread through a Qt signal. The profile found is saved (the same file the
command line saves, so every command and the studio then use it) and shown in words
(:func:`profile_words`).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Coroutine
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Signal

from engine.providers.profile import ProviderProfile, check_server, load_profile, save_profile

#: ``check(provider, model, base_url, api_key, timeout)`` → the profile (the engine's by default).
Checker = Callable[[str, str, str | None, str | None, float | None], Coroutine[Any, Any, Any]]

__all__ = ["Checker", "ServerCheck", "profile_words", "schema_mode_words"]


async def engine_check(
    provider: str, model: str, base_url: str | None, api_key: str | None, timeout: float | None
) -> ProviderProfile:
    """The engine's check, its profile saved where every command looks for it."""
    profile = await check_server(
        provider, model=model, base_url=base_url, api_key=api_key, timeout=timeout
    )
    save_profile(profile)
    return profile


def saved_profile(provider: str, base_url: str | None, model: str) -> ProviderProfile | None:
    """The profile saved for ``model`` behind ``base_url`` through ``provider`` (None: none)."""
    return load_profile(provider, base_url or None, model)


def schema_mode_words(profile: Any) -> str:
    """How the schema is held, in words: enforced by the server, or checked after the fact."""
    if profile.schema_enforced:
        return QCoreApplication.translate("ServerCheck", "schema enforced ({format})").format(
            format=profile.structured_output
        )
    return QCoreApplication.translate(
        "ServerCheck", "schema not enforced: replies checked after the fact"
    )


def profile_words(profile: Any) -> str:
    """What a profile says, one fact a line, in the studio's language."""
    yes, no = (
        QCoreApplication.translate("ServerCheck", "yes"),
        QCoreApplication.translate("ServerCheck", "no"),
    )
    context = (
        QCoreApplication.translate("ServerCheck", "{tokens} tokens").format(
            tokens=f"{profile.context_tokens:,}"
        )
        if profile.context_tokens
        else QCoreApplication.translate("ServerCheck", "unknown")
    )
    lines = [
        QCoreApplication.translate("ServerCheck", "Schema: {mode}").format(
            mode=schema_mode_words(profile)
        ),
        QCoreApplication.translate(
            "ServerCheck", "Chains replies (previous_response_id): {answer}"
        ).format(answer=yes if profile.chaining else no),
        QCoreApplication.translate("ServerCheck", "Usage when streaming: {answer}").format(
            answer=QCoreApplication.translate("ServerCheck", "reported")
            if profile.usage_when_streaming
            else QCoreApplication.translate(
                "ServerCheck", "not sent: counted here, marked estimated"
            )
        ),
        QCoreApplication.translate("ServerCheck", "Cached tokens reported: {answer}").format(
            answer=yes if profile.cached_tokens_reported else no
        ),
        QCoreApplication.translate("ServerCheck", "Context: {context}").format(context=context),
        QCoreApplication.translate("ServerCheck", "Output cap sent as: {parameter}").format(
            parameter=profile.output_cap_param
        ),
    ]
    return "\n".join(lines)


class ServerCheck(QObject):
    """One check at a time, in a thread; ``finished(profile)`` or ``failed(message)`` on the
    UI thread."""

    finished = Signal(object)
    failed = Signal(str)

    def __init__(self, checker: Checker | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.checker: Checker = checker or engine_check
        self.worker: threading.Thread | None = None

    @property
    def running(self) -> bool:
        return self.worker is not None and self.worker.is_alive()

    def start(
        self,
        provider: str,
        model: str,
        base_url: str | None,
        api_key: str | None,
        timeout: float | None,
    ) -> None:
        """Check the server in a thread of its own (the caller waits for a signal)."""

        def run() -> None:
            try:
                asked = self.checker(provider, model, base_url, api_key, timeout)
                profile: Any = asyncio.run(asked)
            except Exception as error:  # any failure is shown, never raised on a thread
                self.failed.emit(str(error) or type(error).__name__)
            else:
                self.finished.emit(profile)

        self.worker = threading.Thread(target=run, name="prompter-server-check", daemon=True)
        self.worker.start()
