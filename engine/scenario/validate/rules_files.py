"""Rules on the files a scenario references: the persona and each step's instructions.

A file must be inside the folder, exist, be readable UTF-8 text and not be too large; the text
the studio holds unsaved counts as the file's (it is what the model would get).

The files that come with the scenario's tests — ``tests/`` itself, its test files and cassettes,
``tests/stubs.yaml`` and the simulated users' ``tests/personas/`` — must not lead out of the folder
either (git keeps symbolic links, so a shared scenario can hold one to ``/etc/passwd``). Where they
are read they are refused already (:mod:`engine.io.untrusted`); the validator says so first, each
at its own file, so that a shared folder is flagged before anything runs.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from engine.errors import UnreadableFile
from engine.io.input_limits import MAX_TEXT_FILE_BYTES, WARN_TEXT_FILE_BYTES
from engine.io.untrusted import confined, describe_size
from engine.scenario.loader import read_referenced, resolve_inside
from engine.scenario.validate.checker import Checker, Finding


def check_files(check: Checker) -> Iterator[Finding]:
    scenario = check.scenario
    if not scenario.persona and not scenario.persona_text.strip():
        yield check.at(
            "no-persona",
            "warning",
            "the scenario has no persona: the model gets no global instructions",
            "name",
            hint="add 'persona: persona.md' and describe the bot's role and tone there",
        )
    elif scenario.persona:
        yield from _check_file(check, scenario.persona, scenario.persona_text, ("persona",), None)
    for step_id, step in scenario.steps.items():
        if step.instructions:
            yield from _check_file(
                check,
                step.instructions,
                step.instructions_text,
                ("steps", step_id, "instructions"),
                step_id,
            )
    yield from check_linked_out(check)


#: The folders of a scenario whose files its tests and simulations read.
TEST_FOLDERS = ("tests", "tests/personas")


def check_linked_out(check: Checker) -> Iterator[Finding]:
    """``linked-outside-folder``: a test folder, or a file in one, that resolves outside."""
    root = check.scenario.root
    if root is None:
        return
    for folder in TEST_FOLDERS:
        place = root / folder
        if not place.is_symlink() and not place.is_dir():
            continue
        if not _leads_inside(place, root):
            yield _linked_out(place, root)
            return  # what is under a linked folder is the link's finding
        try:
            entries = sorted(place.iterdir())
        except OSError:
            continue
        for entry in entries:
            if entry.is_symlink() and not _leads_inside(entry, root):
                yield _linked_out(entry, root)


def _leads_inside(path: Path, root: Path) -> bool:
    """The engine's one inside-the-folder check (:func:`engine.io.untrusted.confined`)."""
    try:
        confined(path, root)
    except UnreadableFile:
        return False
    return True


def _linked_out(path: Path, root: Path) -> Finding:
    relative = path.relative_to(root).as_posix()
    return Finding(
        "linked-outside-folder",
        "error",
        f"{relative!r} is a link that leads outside the scenario folder: it is never read, "
        "and nothing is written through it",
        path=path,
        hint="replace the link by the file itself, or remove it",
    )


def _check_file(
    check: Checker, relative: str, text_in_memory: str, field: tuple[str, ...], step: str | None
) -> Iterator[Finding]:
    root = check.scenario.root
    if root is None:
        return
    target = resolve_inside(root, relative)
    if target is None:
        yield check.at(
            "file-outside-folder",
            "error",
            f"{relative!r} is outside the scenario folder",
            *field,
            hint="use a path relative to the folder, without '..'",
            step=step,
        )
        return
    if text_in_memory.strip():
        # The studio may hold text not saved yet: that text is what the model gets.
        size = len(text_in_memory.encode("utf-8", "surrogatepass"))
        yield from _check_size(check, relative, size, field, step)
        return
    try:
        text = read_referenced(root, relative)
    except UnreadableFile as error:
        yield _unreadable(check, relative, target, error, field, step)
        return
    if not text.strip():
        yield check.at("empty-file", "warning", f"file {relative!r} is empty", *field, step=step)
    yield from _check_size(check, relative, len(text.encode("utf-8")), field, step)


def _unreadable(
    check: Checker,
    relative: str,
    target: Path,
    error: UnreadableFile,
    field: tuple[str, ...],
    step: str | None,
) -> Finding:
    root = check.scenario.root
    assert root is not None
    if error.reason == "missing":
        return check.at(
            "missing-file",
            "error",
            f"file {relative!r} does not exist",
            *field,
            hint=f"create {target.relative_to(root.resolve())}",
            step=step,
        )
    if error.reason == "too-large":
        return check.at(
            "file-too-large",
            "error",
            f"{error.message}: it is not read, and never sent to the model",
            *field,
            hint="split the text, or keep only what the model needs at this step",
            step=step,
        )
    reason = "it is not UTF-8 text" if error.reason == "not-utf8" else error.message
    return check.at(
        "unreadable-file",
        "error",
        f"cannot read {relative!r}: {reason}",
        *field,
        hint=error.hint,
        step=step,
    )


def _check_size(
    check: Checker, relative: str, size: int, field: tuple[str, ...], step: str | None
) -> Iterator[Finding]:
    if size > WARN_TEXT_FILE_BYTES:
        yield check.at(
            "large-file",
            "warning",
            f"file {relative!r} is {describe_size(size)}: all of it is sent on every call "
            f"(about {size // 4:,} input tokens each time)",
            *field,
            hint=f"keep instruction files under {describe_size(WARN_TEXT_FILE_BYTES)}; "
            f"files over {describe_size(MAX_TEXT_FILE_BYTES)} are refused",
            step=step,
        )


__all__ = ["check_files"]
