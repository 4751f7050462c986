"""Fuzzing the three kinds of file that come from other people: scenario folders, draw.io
diagrams and conversation logs (issue 16, "Done when").

Whatever the input, every command and reader ends with a clear result — an exit status of 0, 1
or 2 and never a traceback, or a Prompter error — within a few seconds (a hang fails the
example), and a refused import leaves the scenario folder byte for byte as it was.

CI runs a bounded number of examples; a deliberate hunt runs more:

    PROMPTER_FUZZ_EXAMPLES=2000 ./dev test tests/test_fuzz_hostile.py
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import shutil
import signal
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.logview.describe import details, summary
from app.logview.projection import ConversationProjection
from engine.cli import main
from engine.conversation.session import session_from_events
from engine.drawio.export import scenario_to_drawio
from engine.errors import PrompterError
from engine.io.input_limits import MAX_LOG_LINE_BYTES
from engine.log.events import EventType
from engine.log.reader import LogFollower, parse_lines, read_log
from engine.log.schema import event_problem
from engine.log.writer import encode_event
from engine.scenario.loader import load_scenario

FIXTURES = Path(__file__).parent / "fixtures" / "scenarios"
PIZZA = FIXTURES / "pizza"
EXAMPLES = int(os.environ.get("PROMPTER_FUZZ_EXAMPLES", "30"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=EXAMPLES <= 30,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
#: Seconds any one example may take before it counts as a hang.
HANG_SECONDS = 20

pytestmark = pytest.mark.timeout(max(300, EXAMPLES * 10))


class Hung(AssertionError):
    """An example ran longer than HANG_SECONDS: a reader blocked or looped."""


@contextlib.contextmanager
def no_hang(seconds: float = HANG_SECONDS) -> Iterator[None]:
    """Fail with :class:`Hung` if the block takes longer than ``seconds`` (a blocked read of a
    FIFO is interrupted too)."""

    def expire(signum: int, frame: Any) -> None:
        raise Hung(f"no result after {seconds} s: a hang")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def run(*args: str | Path, stdin: str = "") -> tuple[int, str]:
    """``prompter ARGS`` in this process: its status and everything it printed."""
    out, err = io.StringIO(), io.StringIO()
    real_stdin = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), no_hang():
            code = main([str(arg) for arg in args])
    finally:
        sys.stdin = real_stdin
    return code, out.getvalue() + err.getvalue()


def snapshot(folder: Path) -> dict[str, bytes | str]:
    """Every entry under ``folder``: a file's bytes, or what else it is."""
    entries: dict[str, bytes | str] = {}
    for path in sorted(folder.rglob("*")):
        key = str(path.relative_to(folder))
        if path.is_symlink() or path.is_dir():
            entries[key] = "link" if path.is_symlink() else "folder"
        elif path.is_file():
            entries[key] = path.read_bytes()
        else:
            entries[key] = "special"
    return entries


# --- scenario folders ---------------------------------------------------------------------------

SEED = (PIZZA / "scenario.yaml").read_text(encoding="utf-8")

#: Pieces of hostile scenarios: what the issue found, and what YAML makes easy.
HOSTILE_YAML = [
    "a: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\n"
    "c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\n"
    "e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: [*e,*e,*e,*e,*e,*e,*e,*e,*e]\n",
    "deep: " + "[" * 5000 + "]" * 5000 + "\n",
    "deep: " + "[" * 100_000 + "\n",
    "title: 2024-13-45\n",
    'title: "\\ud800"\n',
    "start: nowhere\n",
    "persona: ../../etc/passwd\n",
    "persona: /dev/zero\n",
    "persona: fifo.md\n",
    "persona: huge.md\n",
    "  greet: {title: a, title: b}\n",
    "big: " + "9" * 5000 + "\n",
    "x: !!python/object/apply:os.system [echo]\n",
    "    transitions: {wants_to_order: {to: final, to: greet}}\n",
    "\t- tab\n",
    "\x00\x01\x02",
]
FRAGMENTS = [
    "[",
    "]",
    "{",
    "}",
    ":",
    ": ",
    "- ",
    "&a ",
    "*a",
    "!!str ",
    "? ",
    "|",
    ">",
    "#",
    "\n",
    "  ",
    "'",
    '"',
    "---\n",
    "\\ud800",
    "{{x}}",
    "é",
    "\r\n",
    ",",
    "~",
]


@st.composite
def scenario_texts(draw: st.DrawFn) -> str:
    lines = SEED.splitlines(keepends=True)
    for _ in range(draw(st.integers(0, 4))):
        where = draw(st.integers(0, len(lines)))
        piece = draw(
            st.sampled_from(HOSTILE_YAML)
            | st.lists(st.sampled_from(FRAGMENTS) | st.text(max_size=6), max_size=8).map("".join)
        )
        lines.insert(where, piece)
    if draw(st.booleans()) and len(lines) > 1:
        del lines[draw(st.integers(0, len(lines) - 1))]
    return "".join(lines)


def scenario_folder(root: Path, text: str) -> Path:
    folder = root / "scenario"
    if folder.exists():
        shutil.rmtree(folder)
    shutil.copytree(PIZZA, folder)
    (folder / "scenario.yaml").write_text(text, encoding="utf-8", errors="surrogatepass")
    os.mkfifo(folder / "fifo.md")
    with (folder / "huge.md").open("wb") as handle:
        handle.truncate(64 * 1024 * 1024)
    return folder


@FUZZ
@given(text=scenario_texts())
def test_hostile_scenarios_get_a_clear_answer_from_every_command(tmp_path: Path, text: str) -> None:
    folder = scenario_folder(tmp_path, text)
    script = tmp_path / "replies.jsonl"
    script.write_text(
        '{"message": "Hi", "transition": "stay", "results": {}, "summary": ""}\n', encoding="utf-8"
    )
    for args, stdin in (
        (("validate", folder), ""),
        (("export-drawio", folder, "-o", tmp_path / "out.drawio"), ""),
        (
            (
                "chat",
                folder,
                "--provider",
                "scripted",
                "--script",
                script,
                "--log",
                tmp_path / "chat.jsonl",
            ),
            "hi\nhello\n",
        ),
    ):
        code, printed = run(*args, stdin=stdin)
        assert code in (0, 1), (args[0], code, printed)
        assert "Traceback" not in printed, printed
    if (tmp_path / "chat.jsonl").exists():
        assert read_log(tmp_path / "chat.jsonl").skipped == []


# --- draw.io diagrams ---------------------------------------------------------------------------

DIAGRAM = scenario_to_drawio(load_scenario(PIZZA)).decode("utf-8")

HOSTILE_XML = [
    '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>',
    '<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>',
    "&b;",
    "<diagram>",
    "</mxGraphModel>",
    '<mxCell id="x" edge="1" source="nowhere"/>',
    '<mxCell id="step:greet" vertex="1"/>',
    'value="(1x)"',
    'x="1e999"',
    'y="NaN"',
    'x="' + "9" * 5000 + '"',
    "\x00",
    "\ud800",
    "<diagram>7VpbT+M4FP41",
    '<mxCell id="e" edge="1" source="step:greet" target="step:greet" value="stay"/>',
]


@st.composite
def diagram_texts(draw: st.DrawFn) -> str:
    text = DIAGRAM
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        if draw(st.booleans()):
            piece = draw(st.sampled_from(HOSTILE_XML))
        else:
            piece = draw(st.text(max_size=12))
        cut = draw(st.integers(0, 20))
        text = text[:at] + piece + text[at + cut :]
    return text


@FUZZ
@given(text=diagram_texts(), dry_run=st.booleans())
def test_a_refused_import_leaves_the_folder_exactly_as_it_was(
    tmp_path: Path, text: str, dry_run: bool
) -> None:
    folder = tmp_path / "scenario"
    if folder.exists():
        shutil.rmtree(folder)
    shutil.copytree(PIZZA, folder)
    diagram = tmp_path / "edited.drawio"
    diagram.write_text(text, encoding="utf-8", errors="surrogatepass")
    before = snapshot(folder)

    code, printed = run("import-drawio", diagram, folder, *(["--dry-run"] if dry_run else []))

    assert code in (0, 1), printed
    assert "Traceback" not in printed, printed
    if code == 1 or dry_run:
        assert snapshot(folder) == before
    else:
        load_scenario(folder)  # what an import saves always loads


# --- conversation logs --------------------------------------------------------------------------

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats()
    | st.text(max_size=10)
    | st.sampled_from(["\ud800", "sk-test-0123456789abcdefghijkl"]),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=6), children, max_size=3)
    ),
    max_leaves=12,
)
FIELD_NAMES = [
    "text",
    "usage",
    "latency_ms",
    "cost_usd",
    "input_tokens",
    "to",
    "from",
    "name",
    "new",
    "old",
    "results",
    "totals",
    "attempt",
    "response_id",
    "raw_text",
    "kind",
    "message",
    "retryable",
    "summary",
    "reason",
    "start_step",
    "scenario",
]


@st.composite
def records(draw: st.DrawFn) -> dict[str, Any]:
    record: dict[str, Any] = {
        "v": 1,
        "seq": draw(st.integers(0, 40) | json_values),
        "ts": "2026-01-01T00:00:00Z",
        "session": draw(st.sampled_from(["s1", "s2"])),
        "turn": draw(st.integers(0, 4) | json_values),
        "step": draw(st.sampled_from(["greet", "take_order", "delivery", "done", None])),
        "type": draw(st.sampled_from([kind.value for kind in EventType]) | st.text(max_size=5)),
    }
    for name in draw(st.lists(st.sampled_from(FIELD_NAMES), max_size=5)):
        record[name] = draw(json_values)
    if draw(st.booleans()):
        record["usage"] = {
            "input_tokens": draw(st.integers(0, 99) | json_values),
            "output_tokens": draw(st.integers(0, 99)),
        }
    return record


def line_of(draw: st.DrawFn) -> bytes:
    kind = draw(st.integers(0, 9))
    if kind < 7:
        text = json.dumps(draw(records()), ensure_ascii=draw(st.booleans()))
        return text.encode("utf-8", errors="surrogatepass")
    if kind == 7:
        return draw(st.binary(max_size=40))
    if kind == 8:
        return ('{"type": "x", "seq": 1, "deep": ' + "[" * 3000 + "]" * 3000 + "}").encode()
    return b'{"type": "bot_message", "seq": 1e999, "n": ' + b"7" * 5000 + b"}"


@st.composite
def logs(draw: st.DrawFn) -> bytes:
    lines = [line_of(draw) for _ in range(draw(st.integers(1, 12)))]
    return b"\n".join(lines) + (b"\n" if draw(st.booleans()) else b"")


@FUZZ
@given(data=logs(), chunks=st.lists(st.integers(1, 64), min_size=1, max_size=8))
def test_any_log_reads_into_well_typed_events_every_reader_can_use(
    tmp_path: Path, data: bytes, chunks: list[int]
) -> None:
    path = tmp_path / "log.jsonl"
    path.write_bytes(data)
    scenario = load_scenario(PIZZA)
    with no_hang():
        read = read_log(path)
        # the follower, fed in random pieces, sees the same complete lines
        path.write_bytes(b"")
        follower = LogFollower(path)
        followed = []
        position, rng = 0, random.Random(len(data))
        while position < len(data):
            size = chunks[rng.randrange(len(chunks))]
            with path.open("ab") as handle:
                handle.write(data[position : position + size])
            position += size
            followed.extend(follower.poll())

        complete_lines = data.split(b"\n")[:-1]
        assert followed == parse_lines(complete_lines)[0]
        projection = ConversationProjection()
        for event in read.events:
            assert event_problem(event) is None
            encode_event(event).decode("utf-8")
            summary(event), details(event)
            projection.feed(event)
        with contextlib.suppress(PrompterError):
            session_from_events(read.events, scenario)
        read.problems()


# --- the files that come with a scenario (issue 27) ----------------------------------------------

DESK = Path(__file__).resolve().parent.parent / "scenarios" / "support_desk"
#: The one test (and its cassette) and the one persona each example keeps, to stay quick.
DESK_TEST = "solved_on_first_fix"
DESK_PERSONA = "locked_out_freelancer.md"
#: Text that must never reach a terminal or a widget as anything but characters.
ESCAPES = "\x1b]52;c;cm0gLXJm\x07\x1b[2J\x1b]0;pwned\x07\x9b31m\r"
HTML = "<b>bold</b><img src='/dev/zero'>"
SECRET = "root:x:0:0:secret-line"

#: What a file of the scenario may be turned into.
KINDS = ["as is", "link out", "/dev/zero", "fifo", "sparse", "hostile text", "surrogate"]


def _make(path: Path, kind: str, outside: Path, sparse_bytes: int = 3 * 1024**3) -> None:
    """Turn ``path`` into ``kind`` (its text, when it has one, kept readable)."""
    text = path.read_text(encoding="utf-8") if path.is_file() else ""
    if kind == "as is":
        return
    path.unlink()
    if kind == "link out":
        path.symlink_to(outside)
    elif kind == "/dev/zero":
        path.symlink_to("/dev/zero")
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "sparse":
        with path.open("wb") as handle:
            handle.truncate(sparse_bytes)
    elif kind == "hostile text":
        lines = text.splitlines()
        for index, line in enumerate(lines):
            if ": " in line and not line.rstrip().endswith(":") and "{" not in line:
                key, _value = line.split(": ", 1)
                lines[index] = f"{key}: {json.dumps(HTML + ESCAPES)}"
                break
        path.write_text("\n".join([*lines, ESCAPES + HTML]) + "\n", encoding="utf-8")
    elif kind == "surrogate":
        path.write_text(text.replace("name: ", 'name: "\\ud800"\nx_: ', 1), encoding="utf-8")


def _controls(text: str) -> list[str]:
    return [c for c in text if (ord(c) < 32 and c not in "\n\t") or 127 <= ord(c) < 160]


#: Each example runs five commands on a whole scenario (a replay, a simulation): fewer of them.
FOLDER_FUZZ = settings(FUZZ, max_examples=max(6, EXAMPLES // 5))


@FOLDER_FUZZ
@given(
    test_kind=st.sampled_from(KINDS),
    cassette_kind=st.sampled_from(KINDS),
    persona_kind=st.sampled_from(KINDS),
    step_kind=st.sampled_from(KINDS),
    log_kind=st.sampled_from(KINDS),
    tests_linked=st.booleans(),
)
def test_the_files_a_scenario_brings_are_confined_bounded_and_escaped(
    tmp_path: Path,
    test_kind: str,
    cassette_kind: str,
    persona_kind: str,
    step_kind: str,
    log_kind: str,
    tests_linked: bool,
) -> None:
    root = tmp_path / "example"
    if root.exists():
        shutil.rmtree(root)
    outside = root / "outside"
    outside.mkdir(parents=True)
    (outside / "passwd").write_text(SECRET + "\n", encoding="utf-8")
    folder = root / "desk"
    shutil.copytree(DESK, folder)
    tests = folder / "tests"
    for path in list(tests.glob("*.test.yaml")) + list(tests.glob("*.replies.jsonl")):
        if not path.name.startswith(DESK_TEST):
            path.unlink()
    for path in (tests / "personas").glob("*.md"):
        if path.name != DESK_PERSONA:
            path.unlink()
    _make(tests / f"{DESK_TEST}.test.yaml", test_kind, outside / "passwd")
    _make(tests / f"{DESK_TEST}.replies.jsonl", cassette_kind, outside / "passwd")
    _make(tests / "personas" / DESK_PERSONA, persona_kind, outside / "passwd")
    _make(folder / "steps" / "contact.md", step_kind, outside / "passwd")
    logs = root / "logs"
    logs.mkdir()
    (logs / "a.jsonl").write_text(
        json.dumps(
            {
                "v": 1,
                "type": "user_message",
                "seq": 1,
                "session": "s",
                "turn": 1,
                "text": HTML + ESCAPES,
            }
        )
        + "\n",
        encoding="utf-8",
    )
    # a log has no size limit, only a line limit: it is read through, past three times that
    # limit (the size of the file is not the point; 300 MB took seconds per example)
    _make(logs / "a.jsonl", log_kind, outside / "passwd", sparse_bytes=3 * MAX_LOG_LINE_BYTES)
    if tests_linked:
        elsewhere = outside / "tests"
        shutil.move(tests, elsewhere)
        tests.symlink_to(elsewhere, target_is_directory=True)
    before = snapshot(outside)

    for args in (
        ("validate", folder),
        ("test", folder, "--logs", root / "test-logs"),
        (
            "simulate",
            folder,
            "--fake-model",
            "--runs",
            "1",
            "--max-turns",
            "2",
            "-q",
            "--out",
            root / "simulated",
        ),
        ("stats", logs),
        ("diff", DESK, folder),
    ):
        code, printed = run(*args)
        assert code in (0, 1, 2), (args[0], code, printed)
        assert "Traceback" not in printed and "internal error" not in printed, printed
        assert SECRET not in printed, (args[0], printed)
        assert _controls(printed) == [], (args[0], printed[:400])
    assert snapshot(outside) == before  # nothing was written through a link
