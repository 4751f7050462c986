"""Files that are not what they claim: FIFOs, devices, huge files, slow YAML (issue 16, items 3
and 10). Every reader refuses them at once, naming the file, and never blocks."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from plugins.cli import Prompter

from engine.conversation.session import load_session
from engine.errors import ScenarioErrors, SessionError, UnreadableFile
from engine.io.input_limits import (
    MAX_SCENARIO_BYTES,
    MAX_TEXT_FILE_BYTES,
    MAX_YAML_NODES,
    MAX_YAML_REPARSE_BYTES,
    MIB,
    WARN_TEXT_FILE_BYTES,
)
from engine.io.untrusted import open_regular, read_bytes, read_text, replace_surrogates
from engine.scenario import yaml_marks
from engine.scenario.layout import Layout
from engine.scenario.loader import load_scenario, unsafe_references
from engine.scenario.validate import check_folder

REPO = Path(__file__).resolve().parent.parent
PIZZA = Path(__file__).parent / "fixtures" / "scenarios" / "pizza"

#: Every test here would hang forever on the old readers: fail instead.
pytestmark = pytest.mark.timeout(60)


@pytest.fixture
def pizza(tmp_path: Path) -> Path:
    folder = tmp_path / "pizza"
    shutil.copytree(PIZZA, folder)
    return folder


def fifo_instead_of(path: Path) -> Path:
    path.unlink()
    os.mkfifo(path)
    return path


def run_cli(*args: str | Path) -> subprocess.CompletedProcess[str]:
    """A process of its own, for what a hang would block (a FIFO read): a timeout stops it."""
    return subprocess.run(
        [sys.executable, "-m", "engine", *map(str, args)],
        input="hi\n",
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=60,
    )


# --- the safe reader ----------------------------------------------------------------------------


def test_the_safe_reader_refuses_what_is_not_a_regular_file(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    cases = {
        fifo: "a named pipe (FIFO)",
        Path("/dev/zero"): "a character device",
        tmp_path: "a folder",
    }
    for path, kind in cases.items():
        with pytest.raises(UnreadableFile) as caught:
            read_text(path, limit=100)
        assert (caught.value.reason, caught.value.path) == ("not-a-file", path)
        assert caught.value.message == f"not a regular file: it is {kind}"
    with pytest.raises(UnreadableFile) as caught:
        open_regular(tmp_path / "missing")
    assert caught.value.reason == "missing"


def test_the_safe_reader_refuses_a_file_over_its_limit_without_reading_it(tmp_path: Path) -> None:
    path = tmp_path / "big.md"
    with path.open("wb") as handle:
        handle.truncate(60 * MIB)  # sparse: 60 MB on paper, nothing on disk
    with pytest.raises(UnreadableFile) as caught:
        read_bytes(path, limit=MAX_TEXT_FILE_BYTES, what="the instruction file")
    assert caught.value.reason == "too-large"
    assert caught.value.message == (
        "the instruction file is too large: 62,914,560 bytes; the limit is 2.0 MB"
    )
    path.write_bytes(b"x" * 100)
    assert read_bytes(path, limit=100) == b"x" * 100


def test_text_that_is_not_utf8_is_located_by_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "latin1.md"
    path.write_bytes(b"line one\nna\xefve\n")
    with pytest.raises(UnreadableFile) as caught:
        read_text(path, limit=100)
    assert (caught.value.reason, caught.value.line, caught.value.column) == ("not-utf8", 2, 3)


def test_lone_surrogates_become_replacement_characters() -> None:
    assert replace_surrogates("ok \ud800 and \udfff") == "ok \ufffd and \ufffd"
    text = "plain ünïcode 😀"
    assert replace_surrogates(text) is text


# --- a FIFO named as an instruction file (item 3) ----------------------------------------------


def test_a_fifo_instruction_file_is_a_located_validator_error(pizza: Path) -> None:
    fifo_instead_of(pizza / "steps" / "greet.md")

    findings = check_folder(pizza)

    assert [(f.code, f.severity, f.line) for f in findings] == [("unreadable-file", "error", 15)]
    assert (
        findings[0]
        .render()
        .endswith(
            "scenario.yaml:15:19: error: cannot read 'steps/greet.md': not a regular file: it is "
            "a named pipe (FIFO) (name a regular text file: pipes and devices are never read)"
        )
    )
    assert [e.reason for e in unsafe_references(load_scenario(pizza))] == ["not-a-file"]


@pytest.mark.parametrize("command", ["validate", "chat", "export-drawio"])
def test_no_command_blocks_on_a_fifo_instruction_file(
    pizza: Path, tmp_path: Path, command: str
) -> None:
    fifo_instead_of(pizza / "steps" / "greet.md")
    extra: list[str | Path] = {
        "validate": [],
        "chat": ["--provider", "scripted", "--script", tmp_path / "none.yaml"],
        "export-drawio": ["-o", tmp_path / "out.drawio"],
    }[command]

    done = run_cli(command, pizza, *extra)

    assert done.returncode == 1
    assert "scenario.yaml:15:19: error: cannot read 'steps/greet.md': not a regular file" in (
        done.stdout + done.stderr
    )
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "out.drawio").exists()


def test_import_drawio_refuses_a_folder_with_a_fifo_and_changes_nothing(
    pizza: Path, tmp_path: Path, prompter: Prompter
) -> None:
    diagram = tmp_path / "pizza.drawio"
    assert prompter("export-drawio", pizza, "-o", diagram).returncode == 0
    fifo_instead_of(pizza / "steps" / "delivery.md")
    before = sorted((p.name, p.stat().st_mtime_ns) for p in pizza.rglob("*"))

    done = prompter("import-drawio", diagram, pizza)

    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "fix the scenario before importing into it" in done.stderr
    assert "steps/delivery.md: error: not a regular file: it is a named pipe" in done.stderr
    assert sorted((p.name, p.stat().st_mtime_ns) for p in pizza.rglob("*")) == before


def test_a_fifo_the_scenario_does_not_name_does_not_stop_an_import(
    pizza: Path, tmp_path: Path, prompter: Prompter
) -> None:
    diagram = tmp_path / "pizza.drawio"
    assert prompter("export-drawio", pizza, "-o", diagram).returncode == 0
    os.mkfifo(pizza / "steps" / "unrelated.pipe")
    done = prompter("import-drawio", diagram, pizza)
    assert (done.returncode, done.stdout) == (0, "no changes\n")


def test_a_fifo_or_device_as_scenario_yaml_is_refused(tmp_path: Path, prompter: Prompter) -> None:
    os.mkfifo(tmp_path / "scenario.yaml")
    with pytest.raises(ScenarioErrors, match="named pipe"):
        load_scenario(tmp_path)
    done = prompter("validate", tmp_path)
    assert done.returncode == 1 and "not a regular file" in done.stdout


def test_a_fifo_as_layout_or_session_file_never_blocks(pizza: Path, tmp_path: Path) -> None:
    os.mkfifo(pizza / "scenario.layout.json")
    layout = Layout.load(pizza)
    assert layout.positions == {} and "named pipe" in (layout.problem or "")
    session = tmp_path / "session.json"
    os.mkfifo(session)
    with pytest.raises(SessionError, match="named pipe"):
        load_session(session, load_scenario(pizza))


# --- sizes (item 10) ----------------------------------------------------------------------------


def test_a_60_mb_instruction_file_is_an_error_and_is_never_read(pizza: Path) -> None:
    with (pizza / "steps" / "greet.md").open("wb") as handle:
        handle.truncate(60 * MIB)

    scenario = load_scenario(pizza)
    findings = check_folder(pizza)

    assert scenario.steps["greet"].instructions_text == ""
    assert [(f.code, f.severity) for f in findings] == [("file-too-large", "error")]
    assert findings[0].message == (
        "'steps/greet.md' is too large: 62,914,560 bytes; the limit is 2.0 MB: it is not "
        "read, and never sent to the model"
    )


def test_a_large_instruction_file_gets_a_warning_with_its_cost(pizza: Path) -> None:
    (pizza / "persona.md").write_text("a" * (WARN_TEXT_FILE_BYTES + 1), encoding="utf-8")
    findings = check_folder(pizza)
    assert [(f.code, f.severity, f.field) for f in findings] == [
        ("large-file", "warning", "persona")
    ]
    assert findings[0].message == (
        "file 'persona.md' is 64 KB: all of it is sent on every call (about 16,384 input "
        "tokens each time)"
    )


def test_text_held_by_the_studio_gets_the_same_warning(pizza: Path) -> None:
    from engine.scenario.validate import validate

    scenario = load_scenario(pizza)
    scenario.steps["greet"].instructions_text = "b" * (WARN_TEXT_FILE_BYTES + 100)
    assert [f.code for f in validate(scenario)] == ["large-file"]


@pytest.fixture
def composed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The loaders ``yaml.compose`` is called with by the scenario loader, in order."""
    loaders: list[str] = []
    real_compose = yaml.compose

    def compose(text: str, Loader: type) -> yaml.Node | None:
        loaders.append(Loader.__name__)
        return real_compose(text, Loader=Loader)

    monkeypatch.setattr(yaml_marks.yaml, "compose", compose)
    return loaders


def test_a_large_invalid_yaml_is_refused_without_building_a_node(
    tmp_path: Path, composed: list[str]
) -> None:
    """A 5 MB invalid file took 16 s: pyyaml's pure-Python loader re-parsed it for a nicer
    message. Above MAX_YAML_REPARSE_BYTES, libyaml's events alone decide, in a fraction of a
    second (bench/bench_hostile.py times it)."""
    line = "key{}: " + "a long value, " * 6 + "\n"  # few values: within MAX_YAML_NODES
    body = "".join(line.format(i) for i in range(MAX_SCENARIO_BYTES // len(line)))
    (tmp_path / "scenario.yaml").write_text(
        body[: MAX_SCENARIO_BYTES - 10] + "\nbad: [\n", encoding="utf-8"
    )

    with pytest.raises(ScenarioErrors) as caught:
        load_scenario(tmp_path)

    assert composed == []
    error = caught.value.errors[0]
    assert error.message.startswith("invalid YAML:") and error.line is not None
    assert error.line > 50_000

    (tmp_path / "scenario.yaml").write_text("name: x\nbad: [\n", encoding="utf-8")
    with pytest.raises(ScenarioErrors):
        load_scenario(tmp_path)
    assert composed == ["CSafeLoader", "SafeLoader"]  # a small file gets the clearer message
    assert MAX_YAML_REPARSE_BYTES < MIB


def test_a_large_yaml_with_too_many_values_is_refused_before_composing(
    tmp_path: Path, composed: list[str]
) -> None:
    items = ", ".join(["x"] * (MAX_YAML_NODES + 1))
    (tmp_path / "scenario.yaml").write_text(f"name: x\nmany: [{items}]\n", encoding="utf-8")
    with pytest.raises(ScenarioErrors, match="expands to too many values"):
        load_scenario(tmp_path)
    assert composed == []


@pytest.mark.parametrize(
    "text, message",
    [
        ("a: " + "[" * 100_000, "the file nests deeper than 40 levels"),
        (
            "a: &a [x,x,x,x,x,x,x,x,x]\n"
            + "".join(
                f"{n}: &{n} [{', '.join([f'*{p}'] * 9)}]\n"
                for p, n in zip("abcdefg", "bcdefgh", strict=True)
            ),
            "the file expands to too many values (aliases?)",
        ),
        ("title: 2024-13-45\n", "invalid value '2024-13-45'"),
    ],
    ids=["deep-nesting", "alias-bomb", "impossible-date"],
)
def test_hostile_yaml_is_refused_at_once_with_a_location(
    tmp_path: Path, text: str, message: str
) -> None:
    (tmp_path / "scenario.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioErrors) as caught:
        load_scenario(tmp_path)
    error = caught.value.errors[0]
    assert error.message.startswith(message)
    assert (error.path, error.line is not None) == (tmp_path / "scenario.yaml", True)
