"""Read a scenario folder as it was at a git revision, without checking anything out.

``REV:path/to/scenario`` names one side of a comparison. The files come straight from git's
object store — ``git rev-parse`` checks the revision, ``git ls-tree`` lists the folder and one
``git cat-file --batch`` process reads every file — so the working tree, the index and the
current branch are never touched, and a 1,000-step scenario costs three processes, not 1,000.

Every way this can fail (no git, not a repository, a revision that does not exist, a folder the
revision does not have) raises :class:`~engine.errors.ScenarioError` with a sentence saying which
and a hint, never a traceback or git's raw output alone.
"""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from engine.errors import ScenarioError
from engine.scenario.definition import SCENARIO_FILE

#: Files larger than this are not read (a scenario folder holds text; a stray video does not
#: need to go through a pipe to be ignored).
MAX_FILE_BYTES = 5 * 1024 * 1024

_GIT_ENV = {"GIT_OPTIONAL_LOCKS": "0", "LC_ALL": "C", "GIT_TERMINAL_PROMPT": "0"}


@dataclass(frozen=True)
class RevisionSpec:
    """``REV:PATH`` split: the revision as written and the folder as written."""

    revision: str
    path: str

    def __str__(self) -> str:
        return f"{self.revision}:{self.path}"


@dataclass(frozen=True)
class GitFolder:
    """The text files of one folder at one commit, by path relative to the folder (posix)."""

    spec: RevisionSpec
    repository: Path
    commit: str
    folder: str
    files: dict[str, str]


def parse_revision_spec(text: str) -> RevisionSpec | None:
    """``REV:PATH`` → its parts; ``None`` if ``text`` does not have that shape.

    A Windows drive (``C:\\scenarios``) is a path, not a revision called ``C``.
    """
    revision, colon, path = text.partition(":")
    if not colon or not revision:
        return None
    if len(revision) == 1 and revision.isalpha() and path[:1] in ("\\", "/"):
        return None
    return RevisionSpec(revision, path or ".")


def read_git_folder(spec: RevisionSpec, *, cwd: Path | None = None) -> GitFolder:
    """Every text file under ``spec.path`` at ``spec.revision`` (see the module docstring).

    ``spec.path`` is relative to ``cwd`` (default: the current directory), as a path typed in a
    shell would be, or absolute; a path to ``scenario.yaml`` itself means its folder.
    """
    base = (cwd or Path.cwd()).resolve()
    target = Path(spec.path)
    if target.name == SCENARIO_FILE:
        target = target.parent
    absolute = target if target.is_absolute() else base / target
    anchor = _existing_parent(absolute)
    top = Path(_git(["rev-parse", "--show-toplevel"], anchor, spec, what="repository")).resolve()
    folder = _inside_repository(absolute, anchor, top, spec)
    commit = _git(
        ["rev-parse", "--verify", "--quiet", "--end-of-options", f"{spec.revision}^{{commit}}"],
        top,
        spec,
        what="revision",
    )
    listing = _git(
        ["ls-tree", "-r", "-z", "--full-tree", "-l", commit, "--", folder or "."],
        top,
        spec,
        what="listing",
        strip=False,
    )
    blobs: dict[str, tuple[str, int]] = {}
    prefix = f"{folder}/" if folder else ""
    for entry in listing.split("\0"):
        if not entry:
            continue
        meta, _, path = entry.partition("\t")
        parts = meta.split()
        if len(parts) != 4 or parts[1] != "blob" or not path.startswith(prefix):
            continue
        size = int(parts[3]) if parts[3].isdigit() else 0
        blobs[path[len(prefix) :]] = (parts[2], size)
    if SCENARIO_FILE not in blobs:
        where = folder or "this folder"
        raise ScenarioError(
            f"{where} has no scenario at revision {spec.revision} ({commit[:10]}): the "
            "scenario was never committed there",
            path=Path(str(spec)),
            hint="commit the scenario first, or compare it with a folder",
        )
    wanted = {path: sha for path, (sha, size) in blobs.items() if size <= MAX_FILE_BYTES}
    return GitFolder(spec, top, commit, folder, _read_blobs(wanted, top, spec))


@dataclass(frozen=True)
class Revision:
    """A revision to offer for comparison: what to type, and a line to recognise it by."""

    name: str
    description: str


def list_revisions(folder: Path, *, limit: int = 30) -> list[Revision]:
    """Revisions worth comparing ``folder`` with: the commits that touched it (newest first),
    then branches and tags. Empty when ``folder`` is not in a git repository (or git is
    missing), and when no commit ever touched it (a scenario never committed: no revision has
    it): the caller then offers folders only (:func:`in_repository` tells the two apart)."""
    folder = folder.resolve()
    env = {**os.environ, **_GIT_ENV}
    try:
        log = subprocess.run(
            ["git", "log", f"-n{limit}", "--format=%h%x09%cr%x09%s", "--", "."],
            cwd=folder,
            capture_output=True,
            text=True,
            check=False,
            env=env,
        )
        refs = subprocess.run(
            ["git", "for-each-ref", "--format=%(refname:short)", "refs/heads", "refs/tags"],
            cwd=folder,
            capture_output=True,
            text=True,
            check=False,
            env=env,
        )
    except (FileNotFoundError, NotADirectoryError):
        return []
    if log.returncode != 0 or not log.stdout.strip():
        return []
    revisions = [Revision("HEAD", "the last commit (what is committed now)")]
    for line in log.stdout.splitlines():
        sha, _, rest = line.partition("\t")
        when, _, subject = rest.partition("\t")
        revisions.append(Revision(sha, f"{subject} ({when})"))
    for ref in refs.stdout.splitlines() if refs.returncode == 0 else []:
        if ref:
            revisions.append(Revision(ref, "branch or tag"))
    return revisions


def in_repository(folder: Path) -> bool:
    """Whether ``folder`` is inside a git repository (False when git is missing)."""
    try:
        done = subprocess.run(
            ["git", "rev-parse", "--is-inside-work-tree"],
            cwd=_existing_parent(folder.resolve()),
            capture_output=True,
            text=True,
            check=False,
            env={**os.environ, **_GIT_ENV},
        )
    except (FileNotFoundError, NotADirectoryError):
        return False
    return done.returncode == 0 and done.stdout.strip() == "true"


def _existing_parent(path: Path) -> Path:
    """The nearest folder of ``path`` that exists now (the scenario may exist only in git)."""
    for candidate in (path, *path.parents):
        if candidate.is_dir():
            return candidate
    return Path.cwd()


def _inside_repository(absolute: Path, anchor: Path, top: Path, spec: RevisionSpec) -> str:
    """The folder's path from the repository's top, in git's spelling (posix, ``""`` = top)."""
    real = anchor.resolve() / absolute.relative_to(anchor)
    try:
        relative = PurePosixPath(*real.relative_to(top).parts)
    except ValueError:
        raise ScenarioError(
            f"{spec.path} is outside the git repository at {top}",
            path=Path(str(spec)),
        ) from None
    parts: list[str] = []
    for part in relative.parts:
        if part == "..":
            if not parts:
                raise ScenarioError(
                    f"{spec.path} is outside the git repository at {top}", path=Path(str(spec))
                )
            parts.pop()
        elif part not in ("", "."):
            parts.append(part)
    return "/".join(parts)


def _git(args: list[str], cwd: Path, spec: RevisionSpec, *, what: str, strip: bool = True) -> str:
    try:
        done = subprocess.run(
            ["git", *args],
            cwd=cwd,
            capture_output=True,
            check=False,
            env={**os.environ, **_GIT_ENV},
        )
    except FileNotFoundError:
        raise ScenarioError(
            "git is not installed (or not on PATH)",
            path=Path(str(spec)),
            hint="install git, or compare two folders",
        ) from None
    if done.returncode != 0:
        raise _git_error(what, spec, cwd, done.stderr.decode("utf-8", "replace").strip())
    text = done.stdout.decode("utf-8", "replace")
    return text.strip() if strip else text


def _git_error(what: str, spec: RevisionSpec, cwd: Path, stderr: str) -> ScenarioError:
    if what == "repository":
        return ScenarioError(
            f"{cwd} is not inside a git repository, so {str(spec)!r} cannot be read",
            path=Path(str(spec)),
            hint="compare two folders, or run from inside the repository",
        )
    if what == "revision":
        return ScenarioError(
            f"unknown git revision {spec.revision!r}",
            path=Path(str(spec)),
            hint="git log --oneline lists commits; branch and tag names work too",
        )
    detail = stderr.splitlines()[-1] if stderr else "no message"
    return ScenarioError(f"git could not read {str(spec)!r}: {detail}", path=Path(str(spec)))


def _read_blobs(blobs: dict[str, str], top: Path, spec: RevisionSpec) -> dict[str, str]:
    """The blobs' texts through one ``git cat-file --batch``; non-UTF-8 files are left out."""
    if not blobs:
        return {}
    paths = list(blobs)
    request = "".join(f"{blobs[path]}\n" for path in paths).encode()
    try:
        done = subprocess.run(
            ["git", "cat-file", "--batch"],
            cwd=top,
            input=request,
            capture_output=True,
            check=False,
            env={**os.environ, **_GIT_ENV},
        )
    except FileNotFoundError:
        raise ScenarioError("git is not installed (or not on PATH)", path=Path(str(spec))) from None
    if done.returncode != 0:
        raise _git_error("blobs", spec, top, done.stderr.decode("utf-8", "replace"))
    out = done.stdout
    texts: dict[str, str] = {}
    position = 0
    for path in paths:
        header_end = out.index(b"\n", position)
        header = out[position:header_end].split()
        position = header_end + 1
        if len(header) < 3 or header[1] == b"missing":
            continue
        size = int(header[2])
        content = out[position : position + size]
        position += size + 1  # the content is followed by a newline
        try:
            texts[path] = content.decode("utf-8")
        except UnicodeDecodeError:
            continue
    return texts


__all__ = [
    "GitFolder",
    "Revision",
    "RevisionSpec",
    "in_repository",
    "list_revisions",
    "parse_revision_spec",
    "read_git_folder",
]
