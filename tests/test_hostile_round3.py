"""Hostile input, round 3 (issue 27): what a shared scenario, a strange file or a careless user
did to the engine's readers and writers, each reproduced, each refused at once with a message.

The studio's side (plain text, saves) is in ``test_studio_plain_text.py`` and
``test_studio_saving.py``; terminal output in ``test_terminal_text.py``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
from plugins.cli import Prompter

from engine.errors import ScenarioErrors, UnreadableFile
from engine.io.atomic import atomic_write_text
from engine.io.input_limits import MAX_CASSETTE_BYTES, MIB
from engine.io.resources import scenarios_dir
from engine.io.untrusted import read_text
from engine.scenario_tests import parse_test
from engine.scenario_tests.cassette_file import Cassette, CassetteError, CassetteHeader
from engine.scenario_tests.from_chat import SavedChat
from engine.scenario_tests.loader import load_test
from engine.scenario_tests.suite import load_suite
from engine.simulate.persona import load_personas

REPO = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).parent / "fixtures" / "scenarios"
SUPPORT = scenarios_dir() / "support_desk"
PERSONA = "---\nname: Ana\ngoal: Order a pizza\n---\nAna is hungry.\n"

#: Every test here hung (or grew without bound) on the old readers: fail instead.
pytestmark = pytest.mark.timeout(90)


@pytest.fixture
def pizza(tmp_path: Path) -> Path:
    folder = tmp_path / "pizza"
    shutil.copytree(FIXTURES / "pizza", folder)
    (folder / "tests" / "personas").mkdir(parents=True)
    (folder / "tests" / "personas" / "ana.md").write_text(PERSONA, encoding="utf-8")
    return folder


@pytest.fixture
def desk(tmp_path: Path) -> Path:
    folder = tmp_path / "support_desk"
    shutil.copytree(SUPPORT, folder)
    return folder


@pytest.fixture
def secret(tmp_path: Path) -> Path:
    """A file outside every scenario folder that a link in a shared scenario points at."""
    path = tmp_path / "outside" / "passwd"
    path.parent.mkdir()
    path.write_text("root:x:0:0:root:/root:/bin/bash\n", encoding="utf-8")
    return path


def run_engine(*args: str | Path, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """The real command, as a user types it, with no key in the environment: for what a hang
    would block (a FIFO given for a file), where only a process can be stopped by a timeout."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("OPENAI_")}
    return subprocess.run(
        [sys.executable, "-m", "engine", *map(str, args)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        env=env,
        stdin=subprocess.DEVNULL,
    )


def peak_memory_mb(code: str) -> float:
    """How much the resident memory of a fresh interpreter grew while running ``code``."""
    script = textwrap.dedent(
        f"""
        import resource, sys
        import engine.scenario_tests, engine.simulate, engine.stats
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        {code}
        after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        print((after - before) / 1024)
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=REPO, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return float(done.stdout.split()[-1])


# --- item 1: a shared scenario reaches outside its folder -----------------------------------------


def test_a_persona_linked_outside_the_folder_is_refused_not_sent(pizza: Path, secret: Path) -> None:
    (pizza / "tests" / "personas" / "x.md").symlink_to(secret)

    with pytest.raises(ScenarioErrors) as caught:
        load_personas(pizza)

    [error] = caught.value.errors
    assert isinstance(error, UnreadableFile) and error.reason == "outside"
    assert error.path == pizza / "tests" / "personas" / "x.md"
    assert "leads outside" in error.render() and "root:x:0" not in error.render()
    # named by its name, or by its path in the folder, it is refused the same way
    for given in ("x", pizza / "tests" / "personas" / "x.md"):
        with pytest.raises(ScenarioErrors, match="leads outside"):
            load_personas(pizza, [given])


def test_validate_flags_every_link_out_of_the_test_folders_at_its_file(
    pizza: Path, secret: Path, tmp_path: Path, prompter: Prompter
) -> None:
    """The issue's first finding: a linked persona passed ``validate``."""
    (pizza / "tests" / "personas" / "x.md").symlink_to(secret)
    (pizza / "tests" / "stubs.yaml").symlink_to(secret)
    (pizza / "tests" / "inside.test.yaml").symlink_to(pizza / "scenario.yaml")  # stays inside

    done = prompter("validate", pizza)

    assert done.returncode == 1, done.stdout + done.stderr
    flagged = [line for line in done.stdout.splitlines() if "is a link that leads outside" in line]
    assert len(flagged) == 2, done.stdout
    assert any("tests/personas/x.md" in line for line in flagged)
    assert any("tests/stubs.yaml" in line for line in flagged)
    assert "inside.test.yaml" not in done.stdout and "root:x:0" not in done.stdout

    # a whole tests/ folder linked elsewhere is one finding, its files not listed one by one
    (pizza / "tests" / "personas" / "x.md").unlink()
    (pizza / "tests" / "stubs.yaml").unlink()
    (pizza / "tests" / "inside.test.yaml").unlink()
    shutil.move(pizza / "tests", tmp_path / "elsewhere")
    (pizza / "tests").symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    again = prompter("validate", pizza)
    assert again.returncode == 1
    flagged = [line for line in again.stdout.splitlines() if "is a link that leads outside" in line]
    assert len(flagged) == 1 and "'tests' is a link" in flagged[0]


def test_the_studios_simulate_dialog_lists_a_linked_persona_as_refused(
    pizza: Path, secret: Path
) -> None:
    pytest.importorskip("PySide6")
    from app.simulate.personas import read_personas

    (pizza / "tests" / "personas" / "x.md").symlink_to(secret)

    entries = {entry.path.name: entry for entry in read_personas(pizza)}

    assert entries["ana.md"].persona is not None
    refused = entries["x.md"]
    assert refused.persona is None and "leads outside" in refused.errors[0].render()


def test_simulate_refuses_a_linked_persona_before_anything_runs(
    pizza: Path, secret: Path, prompter: Prompter
) -> None:
    (pizza / "tests" / "personas" / "ana.md").unlink()
    (pizza / "tests" / "personas" / "ana.md").symlink_to(secret)

    done = prompter("simulate", pizza, "--fake-model", "--out", pizza.parent / "out")

    assert done.returncode == 1, done.stdout + done.stderr
    assert "ana.md" in done.stderr and "leads outside" in done.stderr
    assert "root:x:0" not in done.stdout + done.stderr
    assert not (pizza.parent / "out" / "report.json").exists()


def test_a_linked_tests_folder_is_neither_read_nor_written_through(
    desk: Path, tmp_path: Path
) -> None:
    shipped = len(list((desk / "tests").glob("*.test.yaml")))
    elsewhere = tmp_path / "elsewhere"
    shutil.move(desk / "tests", elsewhere)
    (desk / "tests").symlink_to(elsewhere, target_is_directory=True)
    before = sorted(path.name for path in elsewhere.iterdir())

    suite = load_suite(desk)  # what `test` and `test --record` run
    assert suite.tests == [] and len(suite.broken) == shipped
    assert all("leads outside" in finding.render() for finding in suite.findings)

    saved = SavedChat(
        parse_test("turns:\n  - user: hi\n", path=None),
        "turns:\n  - user: hi\n",
        Cassette(CassetteHeader("support_desk", "x", "responses", True, "m")),
    )
    with pytest.raises(UnreadableFile, match="leads outside"):  # `simulate --save-test`
        saved.save(desk, "sim_x")
    assert sorted(path.name for path in elsewhere.iterdir()) == before


def test_a_write_confined_to_a_folder_never_goes_through_a_link(tmp_path: Path) -> None:
    folder, elsewhere = tmp_path / "scenario", tmp_path / "elsewhere"
    folder.mkdir()
    elsewhere.mkdir()
    (folder / "tests").symlink_to(elsewhere, target_is_directory=True)

    with pytest.raises(UnreadableFile) as caught:
        atomic_write_text(folder / "tests" / "a.test.yaml", "x", inside=folder)

    assert caught.value.reason == "outside"
    assert list(elsewhere.iterdir()) == []
    atomic_write_text(folder / "steps" / "a.md", "fine", inside=folder)
    assert read_text(folder / "steps" / "a.md", limit=10, inside=folder) == "fine"


# --- item 4: cassettes that are devices, pipes or links -------------------------------------------


@pytest.mark.parametrize("kind", ["dev-zero", "fifo", "link-out"])
def test_replay_refuses_a_cassette_that_is_not_a_file_of_the_folder(
    desk: Path, secret: Path, kind: str, prompter: Prompter
) -> None:
    others = len(list((desk / "tests").glob("*.test.yaml"))) - 1
    cassette = desk / "tests" / "solved_on_first_fix.replies.jsonl"
    cassette.unlink()
    if kind == "dev-zero":
        cassette.symlink_to("/dev/zero")
    elif kind == "fifo":
        os.mkfifo(cassette)
    else:
        cassette.symlink_to(secret)

    done = prompter("test", desk, "--logs", desk.parent / "logs")

    assert done.returncode == 1, done.stdout + done.stderr
    line = next(line for line in done.stdout.splitlines() if "solved_on_first_fix" in line)
    assert line.startswith("ERROR"), done.stdout
    expected = {"dev-zero": "leads outside", "fifo": "named pipe", "link-out": "leads outside"}
    assert expected[kind] in done.stdout
    assert f"{others} passed" in done.stdout  # the other tests still ran


def test_a_cassette_is_refused_on_its_size_before_a_byte_is_read(tmp_path: Path) -> None:
    cassette = tmp_path / "big.replies.jsonl"
    with cassette.open("wb") as handle:  # sparse: no disk space, but a size over the limit
        handle.truncate(MAX_CASSETTE_BYTES + 1)

    with pytest.raises(CassetteError, match="too large"):
        Cassette.load(cassette, inside=tmp_path)


# --- item 5: huge test and persona files, pipes named on the command line -------------------------


def test_a_sparse_3_gb_test_or_persona_file_is_refused_without_reading_it(tmp_path: Path) -> None:
    for name in ("huge.test.yaml", "huge.md"):
        with (tmp_path / name).open("wb") as handle:
            handle.truncate(3 * 1024 * MIB)

    grew = peak_memory_mb(
        f"""
        from pathlib import Path
        from engine.errors import ScenarioErrors
        from engine.scenario_tests.loader import load_test
        from engine.simulate.persona import load_persona
        for load, name in ((load_test, "huge.test.yaml"), (load_persona, "huge.md")):
            try:
                load(Path({str(tmp_path)!r}) / name, inside=None)
            except ScenarioErrors as errors:
                assert "too large" in str(errors), errors
            else:
                sys.exit("read a 3 GB file")
        """
    )

    assert grew < 50  # megabytes: nothing of the 3 GB was read


def test_a_fifo_named_on_the_command_line_is_refused_at_once(pizza: Path, tmp_path: Path) -> None:
    test_fifo, persona_fifo = tmp_path / "pipe.test.yaml", tmp_path / "pipe.md"
    os.mkfifo(test_fifo)
    os.mkfifo(persona_fifo)

    tested = run_engine("test", pizza, test_fifo, timeout=30)
    simulated = run_engine("simulate", pizza, "--fake-model", "--persona", persona_fifo, timeout=30)

    assert tested.returncode == 1 and "named pipe (FIFO)" in tested.stdout + tested.stderr
    assert simulated.returncode == 1 and "named pipe (FIFO)" in simulated.stderr
    with pytest.raises(ScenarioErrors, match="named pipe"):
        load_test(test_fifo, inside=None)


# --- item 6: stats reads logs as the log reader does ----------------------------------------------


def test_stats_skips_a_huge_one_line_log_in_flat_memory(tmp_path: Path) -> None:
    log = tmp_path / "one_line.jsonl"
    with log.open("wb") as handle:
        chunk = b"x" * MIB
        for _ in range(100):
            handle.write(chunk)
        handle.write(b"\n")

    grew = peak_memory_mb(
        f"""
        from engine.stats import collect_stats
        report = collect_stats([{str(log)!r}])
        assert len(report.damaged) == 1 and "lines over" in report.damaged[0].reason, report
        """
    )

    assert grew < 60  # megabytes, for a 100 MB line: never held whole, never copied over and over


@pytest.mark.parametrize("kind", ["dev-zero", "fifo"])
def test_stats_refuses_a_device_or_a_pipe_at_once(tmp_path: Path, kind: str) -> None:
    path = Path("/dev/zero") if kind == "dev-zero" else tmp_path / "pipe.jsonl"
    if kind == "fifo":
        os.mkfifo(path)

    done = run_engine("stats", path, timeout=30)

    assert done.returncode == 2, done.stdout + done.stderr
    assert "not a regular file" in done.stdout + done.stderr


# --- item 13: a cassette holding a number Python will not read ------------------------------------


def test_a_cassette_with_a_5000_digit_number_is_a_located_error(
    desk: Path, prompter: Prompter
) -> None:
    cassette = desk / "tests" / "solved_on_first_fix.replies.jsonl"
    lines = cassette.read_text(encoding="utf-8").splitlines()
    record = json.loads(lines[-1])
    lines[-1] = json.dumps(record).replace('"input_tokens": ', '"input_tokens": ' + "9" * 5000, 1)
    cassette.write_text("\n".join(lines) + "\n", encoding="utf-8")

    done = prompter("test", desk, "--logs", desk.parent / "logs")

    assert done.returncode == 1, done.stdout + done.stderr
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr
    assert f"solved_on_first_fix.replies.jsonl:{len(lines)}: " in done.stdout
    assert "too many digits" in done.stdout


# --- item 16: a lone surrogate written as a YAML escape -------------------------------------------


def test_a_lone_surrogate_escape_is_a_validator_error_at_its_line(
    pizza: Path, prompter: Prompter
) -> None:
    yaml_file = pizza / "scenario.yaml"
    text = yaml_file.read_text(encoding="utf-8")
    lines = text.splitlines()
    number = next(index for index, line in enumerate(lines) if line.startswith("title:"))
    lines[number] = 'title: "Probe \\ud800"'
    yaml_file.write_text("\n".join(lines) + "\n", encoding="utf-8")

    validated = prompter("validate", pizza)
    chatted = prompter("chat", pizza, "--provider", "scripted", "--script", yaml_file)

    assert validated.returncode == 1
    assert f"scenario.yaml:{number + 1}:8: error: the text holds a lone surrogate" in (
        validated.stdout
    )
    assert chatted.returncode == 1 and "lone surrogate" in chatted.stdout + chatted.stderr
    assert "Traceback" not in chatted.stderr and "UnicodeEncodeError" not in chatted.stderr


def test_a_lone_surrogate_in_a_test_file_is_located_too() -> None:
    with pytest.raises(ScenarioErrors) as caught:
        parse_test('turns:\n  - user: "hi \\udc00"\n', path=Path("tests/x.test.yaml"))
    assert caught.value.errors[0].render().startswith("tests/x.test.yaml:2:11: error: the text")


# --- item 17: diff's exit codes -------------------------------------------------------------------


def test_diff_exits_2_on_a_name_too_long(pizza: Path, prompter: Prompter) -> None:
    done = prompter("diff", "a" * 5000, pizza)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "File name too long" in done.stderr and done.stdout == ""


def test_diff_exits_2_naming_an_instruction_file_it_cannot_read(
    pizza: Path, prompter: Prompter
) -> None:
    other = pizza.parent / "other"
    shutil.copytree(pizza, other)
    with (other / "steps" / "greet.md").open("wb") as handle:
        handle.truncate(3 * MIB)  # over the read limit: not "emptied"

    done = prompter("diff", pizza, other)

    assert done.returncode == 2, done.stdout + done.stderr
    assert "greet.md" in done.stderr and "too large" in done.stderr
    assert "emptied" not in done.stdout


# --- item 19: the test suite never reaches the system keyring -------------------------------------


def test_the_suite_never_reaches_the_system_keyring() -> None:
    keyring = pytest.importorskip("keyring")
    from app.chat.keys import KEYRING_SERVICE, KEYRING_USER, ApiKeyStore

    store = ApiKeyStore(environ={})  # what the studio builds: falls back to keyring.get_keyring()

    assert type(keyring.get_keyring()).__name__ == "SuiteKeyring"
    assert store.store("sk-suite-only-0123456789abcdef") == "keyring"
    assert keyring.get_keyring().get_password(KEYRING_SERVICE, KEYRING_USER) == (
        "sk-suite-only-0123456789abcdef"
    )
    child = subprocess.run(
        [sys.executable, "-c", "import keyring; print(type(keyring.get_keyring()).__module__)"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert child.stdout.strip() == "keyring.backends.fail"


# --- item 7: author regexes are bounded -----------------------------------------------------------


def _observed(reply: str) -> Any:
    from engine.scenario_tests.expectations import Observed

    return Observed(1, "hi", "greet", (), reply, {"customer_name": reply}, {})


def test_the_issues_catastrophic_pattern_no_longer_hangs_a_replay(
    pizza: Path, regex_limit: float
) -> None:
    from engine.dialogue.vars_memory import VarsMemory
    from engine.scenario.loader import load_scenario
    from engine.scenario_tests.definition import Expect
    from engine.scenario_tests.expectations import check_turn

    scenario = load_scenario(pizza)
    failures = check_turn(
        scenario,
        VarsMemory(scenario.variables),
        Expect(bot_says="/(a+)+$/"),
        _observed("a" * 34 + "!"),
    )

    assert [failure.what for failure in failures] == ["bot_says"]


def test_a_pattern_that_backtracks_without_end_is_stopped_and_named(
    pizza: Path, regex_limit: float
) -> None:
    from engine.dialogue.vars_memory import VarsMemory
    from engine.scenario.loader import load_scenario
    from engine.scenario_tests.definition import Expect
    from engine.scenario_tests.expectations import check_turn

    scenario = load_scenario(pizza)
    expect = Expect(bot_says="/(a|aa)+$/", variables={"customer_name": "/(a|aa)+$/"})

    failures = check_turn(
        scenario, VarsMemory(scenario.variables), expect, _observed("a" * 40 + "!")
    )

    assert [failure.what for failure in failures] == ["variables.customer_name", "bot_says"]
    for failure in failures:
        took = f"took more than {regex_limit:g} s to search 41 "
        assert failure.actual.startswith(f"the pattern /(a|aa)+$/ {took}")
        assert "characters and was stopped (it backtracks without end" in failure.actual


def test_a_personas_slow_pattern_against_the_models_text_is_a_noted_disagreement(
    pizza: Path, regex_limit: float
) -> None:
    from engine.scenario.loader import load_scenario
    from engine.simulate.facts import check_facts

    scenario = load_scenario(pizza)
    [check] = check_facts(
        scenario, {"customer_name": "/(a|aa)+$/"}, {"customer_name": "a" * 40 + "!"}, ["greet"]
    )

    assert check.verdict == "disagrees"
    assert check.note is not None and "/(a|aa)+$/" in check.note
    assert check.to_dict()["note"] == check.note


# --- item 15: simulate stops on the first failed write --------------------------------------------


def _small_files(limit: int) -> Any:
    """For a child process: files may not grow past ``limit`` bytes (writes past it fail with
    EFBIG, as on a full disk), without the signal that would kill the process."""

    def apply() -> None:
        import resource
        import signal

        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return apply


def test_simulate_stops_with_a_clear_message_on_the_first_failed_write(pizza: Path) -> None:
    out = pizza.parent / "out"
    env = {key: value for key, value in os.environ.items() if not key.startswith("OPENAI_")}
    command = [sys.executable, "-m", "engine", "simulate", str(pizza), "--fake-model"]
    done = subprocess.run(
        [*command, "--runs", "9", "--jobs", "1", "--out", str(out)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        preexec_fn=_small_files(16 * 1024),
    )

    assert done.returncode == 1, done.stdout + done.stderr
    said = done.stdout + done.stderr
    assert "stopped at the first failed write: cannot write " in said
    assert "0001-ana-1.jsonl: File too large" in said
    logs = sorted((out / "conversations").glob("*.jsonl"))
    assert [log.name for log in logs] == ["0001-ana-1.jsonl"]  # no other log was started
