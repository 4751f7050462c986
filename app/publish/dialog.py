"""*File ▸ Publish…*: put the open scenario live on a server's store, as ``prompter publish`` does.

The author gives the store (its URL is kept for the scenario, the password in the keyring: see
:mod:`app.publish.store`), then **Check** runs, off the UI thread, the validator, the scenario's
tests (replayed), the graph diff against the live version and the migration report — how many
conversations sit on which step, and what happens to each group — and shows them. **Publish**
then writes the version, in one transaction of the store, in the background; a scenario whose
tests fail is published only when *publish even though tests fail* is ticked. The scenario is
published as saved: unsaved edits are asked to be saved first.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.plain_text import PlainLabel
from app.publish.jobs import Checked, StoreJob, check, publish
from app.publish.store import PublishStores, connect_url, without_password
from engine.serve.publish import PublishPlan, PublishRefused, parse_maps


class PublishDialog(QDialog):
    """See the module docstring."""

    def __init__(self, folder: Path, stores: PublishStores, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.folder = folder
        self.stores = stores
        self.plan: PublishPlan | None = None
        self.tests_failed = False
        self.published: str | None = None
        self.job: StoreJob | None = None
        self.setWindowTitle(self.tr("Publish {name}").format(name=folder.name))
        self.resize(820, 640)

        self.url = QLineEdit(stores.url_for(folder), self)
        self.url.setObjectName("storeUrl")
        self.url.setPlaceholderText("postgresql://bot@db.example:5432/bots")
        self.password = QLineEdit(self)
        self.password.setObjectName("storePassword")
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.password.setPlaceholderText(self.tr("kept in the system keyring"))
        self.password.setText(stores.password_for(self.url.text()) or "")
        self.rollout = QSpinBox(self)
        self.rollout.setRange(0, 100)
        self.rollout.setValue(100)
        self.rollout.setSuffix(" %")
        self.maps = QLineEdit(self)
        self.maps.setPlaceholderText(self.tr("old_step=new_step, … (renamed steps are found)"))
        self.force = QCheckBox(self.tr("Publish even though tests fail"), self)
        form = QFormLayout()
        form.addRow(self.tr("Store URL"), self.url)
        form.addRow(self.tr("Password"), self.password)
        form.addRow(self.tr("New conversations on it"), self.rollout)
        form.addRow(self.tr("Step map"), self.maps)
        form.addRow("", self.force)

        self.report = QPlainTextEdit(self)
        self.report.setObjectName("publishReport")
        self.report.setReadOnly(True)
        self.report.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.status = PlainLabel(self)
        self.status.setWordWrap(True)
        self.check_button = QPushButton(self.tr("Check"), self)
        self.check_button.setObjectName("checkButton")
        self.publish_button = QPushButton(self.tr("Publish"), self)
        self.publish_button.setObjectName("publishButton")
        self.publish_button.setEnabled(False)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.addButton(self.check_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.publish_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        self.check_button.clicked.connect(self.check)
        self.publish_button.clicked.connect(self.publish)
        self.force.toggled.connect(lambda _on: self._update_buttons())
        for edit in (self.url, self.maps):
            edit.textEdited.connect(lambda _text: self._forget_plan())
        self.rollout.valueChanged.connect(lambda _value: self._update_buttons())

        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.report, 1)
        layout.addWidget(self.status)
        layout.addWidget(buttons)

    # --- the two steps -------------------------------------------------------------------------

    def check(self) -> None:
        """Validator, tests, graph diff and migration report, in the background."""
        try:
            maps = parse_maps([part for part in self.maps.text().split(",") if part.strip()])
        except PublishRefused as error:
            self._say(str(error))
            return
        url = self.url.text().strip()
        if not url:
            self._say(self.tr("Give the store's URL: sqlite:///PATH or postgresql://…"))
            return
        self.stores.remember(self.folder, url, self.password.text() or None)
        self.url.setText(without_password(url))
        self._forget_plan()
        self._say(self.tr("Checking: the validator, the tests, the live version…"))
        self._run(check(self.folder, maps), self._checked)

    def publish(self) -> None:
        """Publish the checked plan, in the background."""
        if self.plan is None:
            return
        self._say(self.tr("Publishing…"))
        self._run(publish(self.plan, self.rollout.value()), self._published)

    # --- results -------------------------------------------------------------------------------

    def _checked(self, checked: Checked) -> None:
        self.plan, self.tests_failed = checked.plan, checked.tests_failed
        self.report.setPlainText("\n".join(checked.lines))
        if self.tests_failed:
            self._say(self.tr("The scenario's tests fail: fix them, or tick the box to publish."))
        else:
            version = self.plan.version if self.plan is not None else ""
            self._say(self.tr("Ready to publish version {version}.").format(version=version))
        self._update_buttons()

    def _published(self, version: str) -> None:
        self.published = version
        self.plan = None
        self._say(
            self.tr("Published {version}: new conversations start on it within a second.").format(
                version=version
            )
        )
        self._update_buttons()

    def _failed(self, message: str) -> None:
        self._say(self.tr("Not published: {reason}").format(reason=message))
        self._update_buttons()

    # --- plumbing ------------------------------------------------------------------------------

    def _run(self, work: object, done: object) -> None:
        url = connect_url(self.url.text().strip(), self.password.text() or None)
        self.job = StoreJob(url, work, self)  # type: ignore[arg-type]
        self.job.finished.connect(done)
        self.job.failed.connect(self._failed)
        self.check_button.setEnabled(False)
        self.publish_button.setEnabled(False)
        self.job.start()

    def _forget_plan(self) -> None:
        self.plan = None
        self._update_buttons()

    def _update_buttons(self) -> None:
        self.check_button.setEnabled(True)
        ready = self.plan is not None and (not self.tests_failed or self.force.isChecked())
        self.publish_button.setEnabled(ready)

    def _say(self, text: str) -> None:
        self.status.setText(text)

    def done(self, result: int) -> None:
        if self.job is not None:
            self.job.wait(10)
        super().done(result)


__all__ = ["PublishDialog"]
