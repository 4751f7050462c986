"""Interrupted saves leave no litter (issue 16, item 9): the next save or open removes the stale
temporaries of our own naming, and never anything else."""

from __future__ import annotations

import fcntl
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.io.atomic import atomic_write_text, remove_stale_temporaries, temporary_pattern
from engine.io.input_limits import STALE_TEMPORARY_SECONDS
from engine.scenario.loader import load_scenario

REPO = Path(__file__).resolve().parent.parent
PIZZA = Path(__file__).parent / "fixtures" / "scenarios" / "pizza"


def make_old(path: Path, text: str = "half a save") -> Path:
    path.write_text(text, encoding="utf-8")
    past = time.time() - STALE_TEMPORARY_SECONDS - 60
    os.utime(path, (past, past))
    return path


def names(folder: Path) -> list[str]:
    return sorted(entry.name for entry in folder.iterdir())


def test_a_save_removes_the_stale_temporaries_of_its_file_and_nothing_else(
    tmp_path: Path,
) -> None:
    stale = [make_old(tmp_path / f".scenario.yaml.{code}.tmp") for code in ("k3j9_x2a", "00000000")]
    others = [
        make_old(tmp_path / name)
        for name in (
            ".scenario.yaml.abc.tmp",  # not tempfile's eight characters
            ".scenario.yaml.ABCDEFGH.tmp",  # not tempfile's alphabet
            ".scenario.yaml.k3j9_x2a.tmp~",  # an editor's backup of it
            "scenario.yaml.k3j9_x2a.tmp",  # no leading dot
            ".persona.md.k3j9_x2a.tmp",  # a temporary of another file
            ".scenario.yaml.swp",
            "notes.tmp",
        )
    ]
    young = tmp_path / ".scenario.yaml.young123.tmp"
    young.write_text("a save in progress", encoding="utf-8")

    atomic_write_text(tmp_path / "scenario.yaml", "name: x\n")

    assert not any(path.exists() for path in stale)
    assert all(path.exists() for path in others) and young.exists()
    assert (tmp_path / "scenario.yaml").read_text(encoding="utf-8") == "name: x\n"


def test_a_temporary_a_live_writer_holds_is_never_removed(tmp_path: Path) -> None:
    held = make_old(tmp_path / ".scenario.yaml.held0000.tmp")
    with held.open("rb") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        assert remove_stale_temporaries(tmp_path, ["scenario.yaml"]) == []
        assert held.exists()
    assert remove_stale_temporaries(tmp_path, ["scenario.yaml"]) == [held]


def test_links_and_folders_of_our_naming_are_left_alone(tmp_path: Path) -> None:
    target = make_old(tmp_path / "precious.txt")
    (tmp_path / ".scenario.yaml.link0000.tmp").symlink_to(target)
    (tmp_path / ".scenario.yaml.fold0000.tmp").mkdir()
    os.mkfifo(tmp_path / ".scenario.yaml.fifo0000.tmp")
    before = names(tmp_path)
    assert remove_stale_temporaries(tmp_path, ["scenario.yaml"]) == []
    assert names(tmp_path) == before and target.read_text(encoding="utf-8") == "half a save"


def test_opening_a_scenario_cleans_its_folder(tmp_path: Path) -> None:
    folder = tmp_path / "pizza"
    shutil.copytree(PIZZA, folder)
    make_old(folder / ".scenario.yaml.a1b2c3d4.tmp")
    make_old(folder / ".scenario.layout.json.a1b2c3d4.tmp")
    keep = make_old(folder / ".unrelated.a1b2c3d4.tmp")

    load_scenario(folder)

    assert names(folder) == sorted(
        [".unrelated.a1b2c3d4.tmp", "persona.md", "scenario.yaml", "steps"]
    )
    assert keep.exists()


def test_the_pattern_matches_exactly_what_mkstemp_makes(tmp_path: Path) -> None:
    import tempfile

    for _ in range(50):
        fd, name = tempfile.mkstemp(prefix=".scenario.yaml.", suffix=".tmp", dir=tmp_path)
        os.close(fd)
        assert temporary_pattern("scenario.yaml").fullmatch(Path(name).name)
    assert not temporary_pattern("a.b").fullmatch(".aXb.12345678.tmp")  # dots are literal


SAVER = """
import sys
from engine.io.atomic import atomic_write_text
path, size = sys.argv[1], int(sys.argv[2])
print("ready", flush=True)
n = 0
while True:
    n += 1
    atomic_write_text(path, f"name: v{n}\\n" + "#" * size)
"""


@pytest.mark.timeout(120)
def test_saves_killed_at_random_leave_whole_files_and_the_next_save_cleans_up(
    tmp_path: Path,
) -> None:
    target = tmp_path / "scenario.yaml"
    atomic_write_text(target, "name: v0\n")
    for kill in range(10):
        process = subprocess.Popen(
            [sys.executable, "-c", SAVER, str(target), str(2_000_000)],
            stdout=subprocess.PIPE,
            cwd=REPO,
        )
        assert process.stdout is not None and process.stdout.readline() == b"ready\n"
        time.sleep(0.05 + 0.03 * kill)
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
        process.stdout.close()
        assert target.read_text(encoding="utf-8").startswith("name: v")
    left = [path for path in tmp_path.iterdir() if path.name.endswith(".tmp")]
    assert left, "no kill landed during a save: the test proved nothing"
    for path in left:  # what the kills left, made old enough to be stale
        os.utime(path, (time.time() - 3600, time.time() - 3600))

    atomic_write_text(target, "name: after\n")

    assert names(tmp_path) == ["scenario.yaml"]
    assert target.read_text(encoding="utf-8") == "name: after\n"
