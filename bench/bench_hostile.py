"""How fast hostile files are refused, and what the safety costs on ordinary ones; prints medians.

    .venv/bin/python bench/bench_hostile.py [--runs 5] [--events 20000]

1. **invalid 5 MB scenario.yaml**: ``load_scenario`` refusing it, as shipped (libyaml's events
   alone decide above ``MAX_YAML_REPARSE_BYTES``) and with the old pure-Python re-parse forced,
   in the same run; then a valid 5 MB file of too many values. Target: under 1 s (the issue
   measured 16 s).
2. **60 MB instruction file**: ``check_folder`` on a scenario naming one (a sparse file).
3. **100 MB one-line log**: ``read_log`` time, and its peak of traced memory (target: a few MB,
   the issue measured a viewer at 3.9 GB).
4. **ordinary log, 20,000 events**: ``read_log`` with the schema check and chunked reading,
   against the reader of the commit before issue 16 (``git show faf0c3e:engine/log/reader.py``),
   in the same run: what checking every record costs. The target that matters is the log
   viewer's (``bench_logview.py``: every event of a 20,000-event log shown within 1 s).
5. **log writer**: encoding 20,000 events, against the old ``to_json`` + redaction.

The machine is shared: compare ratios within one run, not absolute numbers across runs.
"""

from __future__ import annotations

import argparse
import importlib.util
import shutil
import subprocess
import sys
import tempfile
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench/timing.py

from timing import median_ms

from app.logview.sample import write_sample_log
from engine.errors import ScenarioErrors
from engine.io import input_limits as limits
from engine.io.redact import redact
from engine.log.reader import read_log
from engine.log.writer import encode_event
from engine.scenario import loader, yaml_marks
from engine.scenario.validate import check_folder

REPO = Path(__file__).resolve().parent.parent
PIZZA = REPO / "tests" / "fixtures" / "scenarios" / "pizza"
BEFORE_ISSUE_16 = "faf0c3e"


def invalid_yaml(size: int) -> str:
    """``size`` bytes of YAML, invalid on its last line, with fewer values than the limit."""
    line = "key{}: " + "a long value, " * 6 + "\n"
    body = "".join(line.format(i) for i in range(size // len(line)))
    return body[: size - 10] + "\nbad: [\n"


def refuse(folder: Path) -> None:
    try:
        loader.load_scenario(folder)
    except ScenarioErrors:
        return
    raise AssertionError("the invalid file was accepted")


def old_logread() -> object:
    """The log reader as it was before issue 16, loaded as a separate module."""
    source = subprocess.run(
        ["git", "show", f"{BEFORE_ISSUE_16}:engine/log/reader.py"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    path = Path(tempfile.mkdtemp()) / "old_logread.py"
    path.write_text(source, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("old_logread", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["old_logread"] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--events", type=int, default=20_000)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-hostile-"))
    try:
        # 1. a 5 MB invalid scenario.yaml
        folder = work / "invalid"
        folder.mkdir()
        (folder / "scenario.yaml").write_text(
            invalid_yaml(limits.MAX_SCENARIO_BYTES - 100), encoding="utf-8"
        )
        shipped = median_ms(lambda: refuse(folder), runs=args.runs)
        threshold = yaml_marks.MAX_YAML_REPARSE_BYTES
        yaml_marks.MAX_YAML_REPARSE_BYTES = 10**9  # the old behaviour: always re-parse slowly
        try:
            forced = median_ms(lambda: refuse(folder), runs=max(1, min(args.runs, 3)))
        finally:
            yaml_marks.MAX_YAML_REPARSE_BYTES = threshold
        print(
            f"invalid 5 MB scenario.yaml refused: {shipped:,.0f} ms median "
            f"(pure-Python re-parse forced: {forced:,.0f} ms; {forced / shipped:.0f}x)"
        )
        many = "".join(f"k{i}: v{i}\n" for i in range(limits.MAX_SCENARIO_BYTES // 16))
        (folder / "scenario.yaml").write_text(many[: limits.MAX_SCENARIO_BYTES - 100], "utf-8")
        took = median_ms(lambda: refuse(folder), runs=args.runs)
        print(
            f"5 MB scenario.yaml of {many.count(chr(10)) * 2:,} values refused: "
            f"{took:,.0f} ms median"
        )

        # 2. a 60 MB instruction file
        scenario = work / "huge_instructions"
        shutil.copytree(PIZZA, scenario)
        with (scenario / "steps" / "greet.md").open("wb") as handle:
            handle.truncate(60 * limits.MIB)
        findings: list[object] = []
        took = median_ms(lambda: findings.extend(check_folder(scenario)), runs=args.runs)
        print(f"scenario with a 60 MB instruction file validated: {took:,.1f} ms median")

        # 3. a 100 MB one-line log
        huge = work / "huge.jsonl"
        with huge.open("wb") as handle:
            handle.write(b'{"type": "user_message", "seq": 1, "text": "')
            handle.truncate(100 * limits.MIB)
            handle.seek(100 * limits.MIB)
            handle.write(b'"}\n')
        took = median_ms(lambda: read_log(huge), runs=args.runs)
        tracemalloc.start()
        read_log(huge)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        print(
            f"100 MB one-line log read: {took:,.0f} ms median, peak traced memory "
            f"{peak / limits.MIB:.1f} MB"
        )

        # 4. an ordinary log, new reader against the old one
        log = work / "sample.jsonl"
        events = write_sample_log(log, args.events)
        old = old_logread()
        new_ms = median_ms(lambda: read_log(log), runs=args.runs)
        old_ms = median_ms(lambda: old.read_log(log), runs=args.runs)  # type: ignore[attr-defined]
        assert read_log(log).events == old.read_log(log).events  # type: ignore[attr-defined]
        print(
            f"{len(events):,}-event log read: {new_ms:,.0f} ms median "
            f"(before issue 16: {old_ms:,.0f} ms; ratio {new_ms / old_ms:.2f})"
        )

        # 5. the writer
        new_ms = median_ms(lambda: [encode_event(e) for e in events], runs=args.runs)
        old_ms = median_ms(lambda: [redact(e.to_json()) + "\n" for e in events], runs=args.runs)
        print(
            f"{len(events):,} events encoded for the log: {new_ms:,.0f} ms median "
            f"(to_json + redact alone: {old_ms:,.0f} ms; ratio {new_ms / old_ms:.2f})"
        )
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
