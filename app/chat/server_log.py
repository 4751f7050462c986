"""File ▸ Open Log from Server…: a served conversation's log, downloaded and opened in the viewer.

``prompter serve`` keeps each conversation's log in its store and answers ``GET
/v1/conversations/{id}/log`` with it — the same JSON Lines the log viewer opens. The dialog asks
for the server's address, the conversation id and, when the server wants one, an API token;
downloads the log on a worker thread (the window stays responsive); saves it under the chat's log
folder as ``from-server/<id>.jsonl``; and hands the file to the studio's log opener, so replay,
the graph and fork work as on any log. What goes wrong is said in the dialog in plain words, as
plain text (a server's message is never rendered). The server address is remembered, the token
never.
"""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from urllib.parse import quote, urlsplit

from PySide6.QtCore import QCoreApplication, QObject, QSettings, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from app.plain_text import PlainLabel
from app.widgets import retranslated
from app.worker_thread import WorkerThread
from engine.io.atomic import atomic_write_bytes

#: The QSettings key of the last server address.
SETTINGS_SERVER = "serve/server_url"
DEFAULT_SERVER = "http://127.0.0.1:8000"
#: What a conversation id looks like (as the server accepts it).
CONVERSATION_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
#: A log larger than this is not downloaded (the viewer reads logs of hundreds of megabytes).
MAX_LOG_BYTES = 512 * 1024 * 1024
TIMEOUT_S = 30.0
_UNPRINTABLE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


class ServerLogError(Exception):
    """Why a log could not be had, in words for the person who asked."""


def log_url(server: str, conversation: str) -> str:
    """The log's address on ``server``; :class:`ServerLogError` for what cannot be one."""
    server = server.strip().rstrip("/")
    parts = urlsplit(server)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ServerLogError(
            QCoreApplication.translate(
                "ServerLogDialog", "The server address must start with http:// or https://"
            )
        )
    if not CONVERSATION_ID.fullmatch(conversation.strip()):
        raise ServerLogError(
            QCoreApplication.translate(
                "ServerLogDialog", "A conversation id is letters, digits, - and _ (the server's id)"
            )
        )
    return f"{server}/v1/conversations/{quote(conversation.strip())}/log"


def fetch_log(url: str, token: str = "", timeout: float = TIMEOUT_S) -> bytes:
    """The log at ``url``; :class:`ServerLogError` says why not."""
    request = urllib.request.Request(url, headers={"Accept": "application/x-ndjson"})
    if token.strip():
        request.add_header("Authorization", f"Bearer {token.strip()}")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            body: bytes = answer.read(MAX_LOG_BYTES + 1)
    except urllib.error.HTTPError as error:
        raise ServerLogError(_http_problem(error)) from None
    except (urllib.error.URLError, OSError, ValueError) as error:
        reason = getattr(error, "reason", error)
        raise ServerLogError(
            QCoreApplication.translate(
                "ServerLogDialog", "The server could not be reached: {reason}"
            ).format(reason=_plain(str(reason)))
        ) from None
    if len(body) > MAX_LOG_BYTES:
        raise ServerLogError(
            QCoreApplication.translate(
                "ServerLogDialog", "The log is larger than 512 MB; download it with another tool"
            )
        )
    return body


def _http_problem(error: urllib.error.HTTPError) -> str:
    """The status and the server's own message (``{"error": {"message": …}}``), if it sent one."""
    message = ""
    try:
        body = json.loads(error.read(64 * 1024))
        message = str(body["error"]["message"])
    except (ValueError, KeyError, TypeError, OSError):
        pass
    if error.code == 401:
        lead = QCoreApplication.translate(
            "ServerLogDialog", "The server wants an API token (or another one)"
        )
    elif error.code == 404:
        lead = QCoreApplication.translate("ServerLogDialog", "The server has no such conversation")
    else:
        lead = QCoreApplication.translate("ServerLogDialog", "The server answered {status}").format(
            status=error.code
        )
    return f"{lead}: {_plain(message)}" if message else lead


def _plain(text: str) -> str:
    return _UNPRINTABLE.sub(" ", text)[:500]


class _Download(QObject):
    """Carries the worker thread's result to the UI thread."""

    done = Signal(object)  # bytes, or a ServerLogError


class ServerLogDialog(QDialog):
    """Asks for server, conversation and token; downloads, saves and opens the log."""

    def __init__(
        self,
        folder: Path,
        open_log: Callable[[Path], object],
        settings: QSettings,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.folder = folder
        self.open_log = open_log
        self.settings = settings
        self.saved: Path | None = None
        self._thread: WorkerThread | None = None
        self._download = _Download(self)
        self._download.done.connect(self._downloaded)

        self.server = QLineEdit(str(settings.value(SETTINGS_SERVER, DEFAULT_SERVER)), self)
        self.conversation = QLineEdit(self)
        self.token = QLineEdit(self)
        self.token.setEchoMode(QLineEdit.EchoMode.Password)
        form = QFormLayout()
        self.row_labels = [PlainLabel(self) for _ in range(3)]
        for label, field in zip(
            self.row_labels, (self.server, self.conversation, self.token), strict=True
        ):
            form.addRow(label, field)
        self.problem = PlainLabel(self)
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #b3261e;")
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Open | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.buttons.accepted.connect(self.download)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)
        retranslated(self, self.retranslate_ui)
        self.resize(520, self.sizeHint().height())

    def retranslate_ui(self) -> None:
        """Set the dialog's texts (again: on ``LanguageChange``)."""
        self.setWindowTitle(self.tr("Open Log from Server"))
        self.conversation.setPlaceholderText(self.tr("the id the server gave the conversation"))
        self.token.setPlaceholderText(self.tr("only if the server asks for one"))
        for label, text in zip(
            self.row_labels,
            (self.tr("Server"), self.tr("Conversation"), self.tr("API token")),
            strict=True,
        ):
            label.setText(text)

    def download(self) -> None:
        """Start the download (the Open button)."""
        try:
            url = log_url(self.server.text(), self.conversation.text())
        except ServerLogError as error:
            self.problem.setText(str(error))
            return
        self.problem.setText(self.tr("Downloading…"))
        self.buttons.setEnabled(False)
        token, done = self.token.text(), self._download.done

        def work() -> None:
            try:
                done.emit(fetch_log(url, token))
            except ServerLogError as error:
                done.emit(error)

        self._thread = WorkerThread(work, "prompter-server-log")
        self._thread.start()

    def _downloaded(self, result: object) -> None:
        self.buttons.setEnabled(True)
        if isinstance(result, ServerLogError):
            self.problem.setText(str(result))
            return
        assert isinstance(result, bytes)
        if not result.strip():
            self.problem.setText(self.tr("The server sent an empty log"))
            return
        path = self.folder / "from-server" / f"{self.conversation.text().strip()}.jsonl"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_bytes(path, result)
        except OSError as error:
            self.problem.setText(self.tr("The log could not be saved: {error}").format(error=error))
            return
        self.settings.setValue(SETTINGS_SERVER, self.server.text().strip())
        self.saved = path
        self.problem.setText("")
        self.open_log(path)
        self.accept()

    def done(self, result: int) -> None:
        if self._thread is not None:
            self._thread.wait(TIMEOUT_S + 1)
        super().done(result)


__all__ = ["ServerLogDialog", "ServerLogError", "fetch_log", "log_url"]
