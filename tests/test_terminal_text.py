"""Terminal escape injection (issue 27, item 3): what ``diff``, ``chat`` and every other command
print never carries a control character other than newline and tab — an OSC 52 clipboard write,
a clear-screen or a window title in a step title, an instruction file or a model's reply is
printed as the harmless text around it."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from plugins.cli import Prompter

from engine.io.terminal import for_terminal

REPO = Path(__file__).resolve().parent.parent
PIZZA = Path(__file__).parent / "fixtures" / "scenarios" / "pizza"

#: A clipboard write (OSC 52), a clear-screen, a window title, a bell, a C1 CSI, a carriage return.
HOSTILE = "\x1b]52;c;cm0gLXJmIH4=\x07\x1b[2J\x1b]0;pwned\x07\x9b31m\rTitle"
#: What may remain of it: every control character gone.
LEFT = "]52;c;cm0gLXJmIH4=[2J]0;pwned31mTitle"
#: The colour codes diff writes itself, and nothing else that starts with ESC.
OWN_CODES = re.compile("\x1b\\[(?:0|1|3[1-6])m")


def controls_in(text: str) -> list[str]:
    return [
        char for char in text if (ord(char) < 32 and char not in "\n\t") or 127 <= ord(char) < 160
    ]


@pytest.fixture
def versions(tmp_path: Path) -> tuple[Path, Path]:
    old, new = tmp_path / "old", tmp_path / "new"
    shutil.copytree(PIZZA, old)
    shutil.copytree(PIZZA, new)
    yaml_file = new / "scenario.yaml"
    escaped = json.dumps(HOSTILE)  # a JSON string is a YAML double-quoted string
    yaml_file.write_text(
        yaml_file.read_text(encoding="utf-8").replace("title: Greeting", f"title: {escaped}"),
        encoding="utf-8",
    )
    with (new / "steps" / "greet.md").open("a", encoding="utf-8") as handle:
        handle.write(f"\nA new line {HOSTILE}\n")
    return old, new


def test_the_sanitiser_keeps_newlines_and_tabs_only() -> None:
    assert for_terminal(f"a\tb\n{HOSTILE}\x00\x7f\ud800") == f"a\tb\n{LEFT}\ufffd"


@pytest.mark.parametrize("color", ["never", "always"])
def test_diff_prints_titles_and_instruction_diffs_without_their_escapes(
    versions: tuple[Path, Path], color: str, prompter: Prompter
) -> None:
    done = prompter("diff", *versions, "--color", color)

    assert done.returncode == 1, done.stderr
    shown = OWN_CODES.sub("", done.stdout)
    assert controls_in(shown) == []
    assert f"'Greeting' → '{LEFT}'" in shown or LEFT in shown
    assert f"A new line {LEFT.removesuffix('Title')}" in shown  # the CR ended that line
    if color == "always":
        assert OWN_CODES.search(done.stdout)  # its own colours are still there


def test_chat_prints_a_models_message_without_its_escapes(
    tmp_path: Path, prompter: Prompter
) -> None:
    folder = tmp_path / "pizza"
    shutil.copytree(PIZZA, folder)
    script = tmp_path / "script.jsonl"
    reply = {"message": f"Hello {HOSTILE}", "transition": "stay", "results": {}, "summary": ""}
    script.write_text(json.dumps(reply) + "\n", encoding="utf-8")

    done = prompter("chat", folder, "--provider", "scripted", "--script", script, stdin="hi\n")

    assert done.returncode == 0, done.stderr
    assert f"Hello {LEFT}" in done.stdout
    assert controls_in(done.stdout + done.stderr) == []
