"""*Tools ▸ Simulate…*: which personas, how many conversations, which models, which limits.

The dialog lists the scenario's personas (``tests/personas/*.md``) with a preview of the one
selected — its goal, behaviours, the facts it knows and which of them the report will check —
and marks a file that does not parse with its ``PATH:LINE:COL`` errors. *Run* reads the chosen
files again with the engine's :func:`~engine.simulate.load_personas`: if one has errors, they
are listed here and nothing runs (as the command line refuses to start).

The numbers are the command line's (runs per persona, max turns, jobs); the models default to
the test chat's settings and the scenario's model; the rate limits to the model's entry in
``resources/prices.yaml`` (shown), unless overridden for this run (0: no limit). Without an API
key the dialog says how to add one — and, where the project's fake model is installed, offers to
try the simulation on it (see :mod:`app.simulate.source`).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from app.chat.keys import ApiKeyStore
from app.chat.settings import ChatSettings
from app.i18n.locale_text import number
from app.plain_text import PlainLabel, RichLabel
from app.simulate.personas import (
    PersonaEntry,
    PersonaList,
    PersonaPreview,
    errors_html,
    read_personas,
)
from app.simulate.setup import SimulationSetup, default_out_dir
from app.simulate.source import (
    ModelSource,
    chat_source,
    fake_model_available,
    fake_source,
    no_key_help,
)
from app.simulate.tables import tone_color
from app.widgets import size_for_screen
from engine.errors import ScenarioError, ScenarioErrors
from engine.scenario.definition import Scenario
from engine.simulate import (
    DEFAULT_JOBS,
    DEFAULT_MAX_TURNS,
    DEFAULT_RUNS,
    PERSONAS_DIR,
    Persona,
    RateLimit,
    RateLimitTable,
    SimulationSettings,
    load_personas,
)

MAX_RUNS = 10_000
MAX_TURNS = 500
MAX_JOBS = 1_000
MAX_RPM = 10_000_000
MAX_TPM = 2_000_000_000


class SimulateDialog(QDialog):
    """See the module docstring. After ``exec()`` returns Accepted, :attr:`setup` holds the run.

    Tests drive it without ``exec()``: set the fields, then :meth:`run` (what *Run* does)."""

    def __init__(
        self,
        scenario: Scenario,
        *,
        chat_settings: ChatSettings,
        keys: ApiKeyStore,
        limits: RateLimitTable | None = None,
        out_dir: Path | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        if scenario.root is None:
            raise ValueError("a scenario without a folder has no personas to simulate")
        self.scenario = scenario
        self.folder = scenario.root
        self.setup: SimulationSetup | None = None
        self.limits, limits_problem = _limits(limits)
        self.chat = chat_source(chat_settings, keys)
        self.keys = keys
        self._offer_fake = False
        self._built = False
        self.setWindowTitle(self.tr("Simulate"))
        size_for_screen(self, 980, 720)
        intro = RichLabel(
            self.tr(
                "Simulated users play personas against <b>{scenario}</b> as it is open in the "
                "editor (unsaved edits included), many conversations at once, and the report "
                "shows where the script breaks."
            ).format(scenario=_html(scenario.name)),
            self,
        )
        intro.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self._personas_box(), 1)
        numbers, models = self._numbers_box(), self._models_box(chat_settings, limits_problem)
        row = QHBoxLayout()
        row.addWidget(numbers, 2)
        row.addWidget(models, 3)
        layout.addLayout(row)
        layout.addLayout(self._output_row(out_dir))
        self.problem = RichLabel(self)
        self.problem.setObjectName("simulateProblem")
        self.problem.setWordWrap(True)
        self.problem.setTextFormat(Qt.TextFormat.RichText)
        self.problem.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.problem)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.run_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.run_button.setText(self.tr("Run simulation"))
        self.buttons.accepted.connect(self.run)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self._built = True
        self.reload_personas()
        self._update()

    # --- building ----------------------------------------------------------------------------

    def _personas_box(self) -> QGroupBox:
        box = QGroupBox(
            self.tr("Personas ({folder}/ in {scenario})").format(
                folder=PERSONAS_DIR, scenario=self.folder.name
            ),
            self,
        )
        self.personas = PersonaList(box)
        self.preview = PersonaPreview(box)
        self.preview.scenario = self.scenario
        self.personas.entryChanged.connect(self.preview.show_entry)
        self.personas.checksChanged.connect(self._update)
        reload_button = QPushButton(self.tr("Read again"), box)
        reload_button.setToolTip(self.tr("Read the persona files again (after editing them)"))
        reload_button.clicked.connect(self.reload_personas)
        self.no_personas = RichLabel(
            self.tr(
                "No personas yet. Write <code>{file}</code> in the scenario's folder: who the "
                "user is, what they want, how they behave, and the facts they know (see "
                "docs/simulation.md)."
            ).format(file=f"{PERSONAS_DIR}/NAME.md"),
            box,
        )
        self.no_personas.setWordWrap(True)
        left = QWidget(box)
        column = QVBoxLayout(left)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.personas, 1)
        column.addWidget(self.no_personas)
        column.addWidget(reload_button, 0, Qt.AlignmentFlag.AlignLeft)
        splitter = QSplitter(Qt.Orientation.Horizontal, box)
        splitter.addWidget(left)
        splitter.addWidget(self.preview)
        splitter.setSizes([330, 620])
        layout = QVBoxLayout(box)
        layout.addWidget(splitter)
        return box

    def _numbers_box(self) -> QGroupBox:
        box = QGroupBox(self.tr("Conversations"), self)
        self.runs = _spin(1, MAX_RUNS, DEFAULT_RUNS, "runs")
        self.runs.setToolTip(self.tr("Conversations each chosen persona plays"))
        self.max_turns = _spin(1, MAX_TURNS, DEFAULT_MAX_TURNS, "maxTurns")
        self.max_turns.setToolTip(
            self.tr(
                "User messages after which a conversation that has not reached a final step "
                "counts as stuck"
            )
        )
        self.jobs = _spin(1, MAX_JOBS, DEFAULT_JOBS, "jobs")
        self.jobs.setToolTip(
            self.tr("Conversations run at the same time (the rate limits pace them)")
        )
        self.total = PlainLabel(box)
        self.total.setObjectName("simulateTotal")
        for spin in (self.runs, self.max_turns, self.jobs):
            spin.valueChanged.connect(lambda _value: self._update())
        form = QFormLayout(box)
        form.addRow(self.tr("Runs per persona"), self.runs)
        form.addRow(self.tr("Max turns (then: stuck)"), self.max_turns)
        form.addRow(self.tr("Conversations at once"), self.jobs)
        form.addRow("", self.total)
        return box

    def _models_box(self, chat_settings: ChatSettings, limits_problem: str) -> QGroupBox:
        box = QGroupBox(self.tr("Models and rate limits"), self)
        scenario_model = self.scenario.model.name
        self._build_who_answers(box, chat_settings, scenario_model)
        self._build_model_fields(box, chat_settings, scenario_model)
        self._build_limit_fields(box, limits_problem)
        self.override.toggled.connect(lambda _on: self._update())
        self.bot_model.textChanged.connect(lambda _text: self._update())
        self.user_model.textChanged.connect(lambda _text: self._update())
        self._limits_problem = limits_problem
        grid = QGridLayout(box)
        grid.addWidget(self.use_chat, 0, 0, 1, 4)
        grid.addWidget(self.use_fake, 1, 0, 1, 4)
        grid.addWidget(self.key_help, 2, 0, 1, 4)
        grid.addWidget(PlainLabel(self.tr("Bot's model"), box), 3, 0)
        grid.addWidget(self.bot_model, 3, 1)
        grid.addWidget(PlainLabel(self.tr("Simulated user's"), box), 3, 2)
        grid.addWidget(self.user_model, 3, 3)
        grid.addWidget(PlainLabel(self.tr("Rate limits"), box), 4, 0)
        grid.addWidget(self.rpm, 4, 1)
        grid.addWidget(self.tpm, 4, 2, 1, 2)
        grid.addWidget(self.override, 5, 1)
        grid.addWidget(self.limits_note, 6, 0, 1, 4)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(3, 1)
        return box

    def _build_who_answers(
        self, box: QGroupBox, chat_settings: ChatSettings, scenario_model: str
    ) -> None:
        """Who plays the bot: the test chat's model, or the fake model when there is no key."""
        self.use_chat = QRadioButton(box)
        self.use_chat.setObjectName("useChatModel")
        self.use_fake = QRadioButton(
            self.tr(
                "The project's fake model: no key, no cost — it plays the script and the "
                "personas by rule, so it tries the simulation out but does not judge your "
                "instructions"
            ),
            box,
        )
        self.use_fake.setObjectName("useFakeModel")
        group = QButtonGroup(box)
        group.addButton(self.use_chat)
        group.addButton(self.use_fake)
        group.buttonToggled.connect(lambda _button, _on: self._update())
        self.key_help = RichLabel(box)
        self.key_help.setObjectName("keyHelp")
        self.key_help.setWordWrap(True)
        self.key_help.setTextFormat(Qt.TextFormat.RichText)
        if self.chat is not None:
            self.use_chat.setText(
                self.tr("The test chat's: {model} ({key})").format(
                    model=self.chat.describe(scenario_model), key=self.keys.describe()
                )
            )
            self.use_chat.setChecked(True)
            self.use_fake.hide()
            self.key_help.setText(_html(self.chat.note))
            self.key_help.setVisible(bool(self.chat.note))
        else:
            self.use_chat.setText(
                self.tr("The test chat's: {model} (no API key)").format(
                    model=chat_settings.describe(scenario_model)
                )
            )
            self.use_chat.setEnabled(False)
            offer = self._offer_fake = fake_model_available()
            self.use_fake.setVisible(offer)
            self.use_fake.setChecked(offer)
            color = tone_color("warn").name()
            self.key_help.setText(
                f"<span style='color:{color}'>{no_key_help()}</span>"
                + (" " + self.tr("Or try it now with the fake model below.") if offer else "")
            )

    def _build_model_fields(
        self, box: QGroupBox, chat_settings: ChatSettings, scenario_model: str
    ) -> None:
        """The bot's model and the simulated user's, each empty for its default."""
        self.bot_model = QLineEdit(chat_settings.model, box)
        self.bot_model.setObjectName("botModel")
        self.bot_model.setPlaceholderText(
            self.tr("the scenario's ({model})").format(model=scenario_model)
        )
        self.user_model = QLineEdit(box)
        self.user_model.setObjectName("userModel")
        self.user_model.setPlaceholderText(self.tr("each persona's own, else the bot's"))

    def _build_limit_fields(self, box: QGroupBox, limits_problem: str) -> None:
        """The rate limits (0: none), their override, and a note when they could not be read."""
        self.override = QCheckBox(self.tr("Override for this run"), box)
        self.override.setObjectName("overrideLimits")
        self.rpm = _spin(0, MAX_RPM, 0, "rpm")
        self.tpm = _spin(0, MAX_TPM, 0, "tpm")
        for spin, unit in (
            (self.rpm, " " + self.tr("requests/min")),
            (self.tpm, " " + self.tr("tokens/min")),
        ):
            spin.setSpecialValueText(self.tr("no limit"))
            spin.setSuffix(unit)
            spin.setGroupSeparatorShown(True)
        self.limits_note = PlainLabel(box)
        self.limits_note.setObjectName("limitsNote")
        self.limits_note.setWordWrap(True)
        if limits_problem:
            self.limits_note.setText(limits_problem)

    def _output_row(self, out_dir: Path | None) -> QHBoxLayout:
        self.out_dir = QLineEdit(str(out_dir or default_out_dir(self.scenario.name)), self)
        self.out_dir.setObjectName("outDir")
        self.out_dir.setToolTip(
            self.tr("report.json, summary.txt and every conversation's log go here")
        )
        browse = QPushButton(self.tr("Browse…"), self)
        browse.clicked.connect(self._browse)
        row = QHBoxLayout()
        row.addWidget(PlainLabel(self.tr("Report and logs in"), self))
        row.addWidget(self.out_dir, 1)
        row.addWidget(browse)
        return row

    # --- behaviour ---------------------------------------------------------------------------

    def reload_personas(self) -> None:
        kept = {entry.path for entry in self.personas.checked()} if self.personas.entries else None
        entries = read_personas(self.folder)
        self.personas.set_entries(entries, kept)
        self.personas.setVisible(bool(entries))
        self.no_personas.setVisible(not entries)

    @property
    def source(self) -> ModelSource | None:
        """The test chat's model when there is a key; else the fake model if offered and
        chosen; else ``None`` (nothing can run)."""
        if self.chat is not None:
            return self.chat
        return fake_source() if self._offer_fake and self.use_fake.isChecked() else None

    @property
    def on_fake_model(self) -> bool:
        """The run would be played by the key-free model, which has no rate limit to respect."""
        source = self.source
        return source is not None and source.is_fake

    def settings(self) -> SimulationSettings:
        override = self.override.isChecked()
        # The key-free model answers at once and bills nothing: pacing it at a real model's
        # limits (500 requests a minute) only makes the author wait. 0 is "no limit".
        unpaced = 0.0 if self.on_fake_model else None
        return SimulationSettings(
            runs=self.runs.value(),
            max_turns=self.max_turns.value(),
            jobs=self.jobs.value(),
            model=self.bot_model.text().strip() or None,
            user_model=self.user_model.text().strip() or None,
            rpm=float(self.rpm.value()) if override else unpaced,
            tpm=float(self.tpm.value()) if override else unpaced,
        )

    def run(self) -> bool:
        """What *Run* does: read the chosen personas again; run only if all of them parse."""
        chosen = self.personas.checked()
        if not chosen:
            self._say(self.tr("Choose at least one persona."))
            return False
        source = self.source
        if source is None:
            self._say(no_key_help())
            return False
        out = self.out_dir.text().strip()
        if not out:
            self._say(self.tr("Choose a folder for the report and the logs."))
            return False
        try:
            personas = load_personas(self.folder, [entry.path for entry in chosen])
        except ScenarioErrors as errors:
            self._refuse(errors.errors)
            return False
        self.setup = SimulationSetup(
            self.scenario, tuple(personas), self.settings(), source, Path(out).expanduser()
        )
        self.accept()
        return True

    def _refuse(self, errors: list[ScenarioError]) -> None:
        """A persona does not parse: say which and where, show it, run nothing."""
        self.reload_personas()
        files = sorted({error.path.name for error in errors if error.path is not None})
        color = tone_color("bad").name()
        lines = "<br>".join(_html(error.render()) for error in errors)
        self._say(
            f"<span style='color:{color}'>"
            + self.tr(
                "<b>{count} persona file(s) with errors; nothing was run.</b> Fix them or "
                "leave them out:"
            ).format(count=number(len(files) or 1))
            + f"</span><br><span style='font-family:monospace'>{lines}</span>"
        )
        broken = next(
            (
                row
                for row, entry in enumerate(self.personas.entries)
                if entry.broken and entry.path.name in files
            ),
            None,
        )
        if broken is not None:
            self.personas.setCurrentRow(broken)
        elif errors and errors[0].path is not None:
            self.preview.setHtml(errors_html(errors[0].path, errors))

    def _say(self, html: str) -> None:
        self.problem.setText(html)
        self.problem.setVisible(bool(html))

    def _update(self) -> None:
        if not self._built:
            return
        chosen = self.personas.checked()
        runs = self.runs.value()
        total = runs * len(chosen)
        self.total.setText(
            self.tr("= {total} conversation(s), {personas} persona(s) × {runs}").format(
                total=number(total), personas=number(len(chosen)), runs=number(runs)
            )
        )
        broken = [entry for entry in chosen if entry.broken]
        if broken:
            color = tone_color("bad").name()
            self._say(
                f"<span style='color:{color}'>"
                + self.tr(
                    "{count} chosen persona file(s) do not parse (see the preview): fix them "
                    "or leave them out, or nothing will run."
                ).format(count=number(len(broken)))
                + "</span>"
            )
        elif not chosen and self.personas.entries:
            self._say(self.tr("Choose at least one persona."))
        else:
            self._say("")
        self._show_limits(chosen)
        self.run_button.setEnabled(bool(self.personas.entries) and self.source is not None)

    def _show_limits(self, chosen: list[PersonaEntry]) -> None:
        override = self.override.isChecked()
        self.rpm.setEnabled(override)
        self.tpm.setEnabled(override)
        bot = self.bot_model.text().strip() or self.scenario.model.name
        fake = self.on_fake_model
        if not override:
            limit = self.limits.limit(bot)
            self.rpm.setValue(0 if fake else int(limit.rpm or 0))
            self.tpm.setValue(0 if fake else int(limit.tpm or 0))
        if self._limits_problem:
            return
        if fake and not override:
            self.limits_note.setText(
                self.tr("The fake model has no rate limit: the conversations are not paced.")
            )
            return
        user = self.user_model.text().strip()
        models = {bot} | {
            user or _persona_model(entry.persona) or bot
            for entry in chosen
            if entry.persona is not None
        }
        if override:
            self.limits_note.setText(
                self.tr(
                    "These limits apply to every model of this run, each apart; 0 means no limit."
                )
            )
        else:
            shown = "; ".join(
                f"{model}: {self._limit_text(self.limits.limit(model))}" for model in sorted(models)
            )
            self.limits_note.setText(
                self.tr(
                    "Per model, from {file} (edit it for your organisation's limits): {limits}."
                ).format(file=self.limits.source.name, limits=shown)
                if self.limits.source is not None
                else self.tr("Per model, the defaults: {limits}.").format(limits=shown)
            )

    def _limit_text(self, limit: RateLimit) -> str:
        """A model's limits as the studio's language writes them (the engine's ``str``)."""
        rpm = (
            self.tr("{count} requests/min").format(count=number(round(limit.rpm)))
            if limit.rpm
            else self.tr("no request limit")
        )
        tpm = (
            self.tr("{count} tokens/min").format(count=number(round(limit.tpm)))
            if limit.tpm
            else self.tr("no token limit")
        )
        return f"{rpm}, {tpm}"

    def _browse(self) -> None:
        folder = QFileDialog.getExistingDirectory(
            self,
            self.tr("Folder for the report and the logs"),
            str(Path(self.out_dir.text()).parent),
        )
        if folder:
            self.out_dir.setText(folder)


def _persona_model(persona: Persona | None) -> str | None:
    return persona.spec.model if persona is not None else None


def _limits(given: RateLimitTable | None) -> tuple[RateLimitTable, str]:
    if given is not None:
        return given, ""
    try:
        return RateLimitTable.load(), ""
    except ScenarioError as error:
        return RateLimitTable({}), QCoreApplication.translate(
            "SimulateDialog",
            "The rate limits cannot be read: {error} — the simulation will not start until it "
            "is fixed, or override them here.",
        ).format(error=error.render())


def _spin(low: int, high: int, value: int, name: str) -> QSpinBox:
    spin = QSpinBox()
    spin.setObjectName(name)
    spin.setRange(low, high)
    spin.setValue(value)
    spin.setAccelerated(True)
    return spin


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


__all__ = ["SimulateDialog"]
