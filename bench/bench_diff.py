"""How long ``prompter diff`` takes on two 1,000-step versions with 50 changes (target ≤ 1 s).

    .venv/bin/python bench/bench_diff.py [--runs 7] [--steps 1000]

The old version is a generated scenario: every step has a Markdown instruction file of a few
distinct lines, a required result, a forward transition guarded by it and a back-edge. The new
version makes 50 changes of every kind the diff reports: 8 steps renamed (their files too, one
line edited), 8 transitions retargeted, 8 guards changed, 8 instruction files edited, 6 results
added, 6 steps added and 6 removed (their neighbours re-linked). Printed medians:

* folders: both folders loaded (YAML + 1,000 instruction files each) and compared
  (:func:`engine.compare.compare`) — what ``prompter diff OLD NEW`` does apart from starting
  Python;
* git revisions: the same two versions as two commits, read from git's object store;
* compare only: the diff of two already loaded versions (what the studio pays after loading).

The machine is shared (2 cores, several engineers): compare the ratios within one run.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench/timing.py

from timing import median_ms

from engine.compare import compare, diff_sides, load_side
from engine.compare.changes import StepStatus

WORDS = (
    "budget",
    "address",
    "delivery",
    "payment",
    "refund",
    "warranty",
    "invoice",
    "schedule",
    "contract",
    "account",
    "password",
    "language",
    "shipping",
    "discount",
    "loyalty",
    "feedback",
    "complaint",
    "appointment",
    "voucher",
    "pickup",
    "size",
    "colour",
    "quantity",
    "subscription",
    "upgrade",
    "cancel",
    "return",
    "exchange",
    "tracking",
    "insurance",
    "deposit",
    "balance",
    "receipt",
    "reminder",
    "confirmation",
    "postcode",
)


def old_version(steps: int, rng: random.Random) -> tuple[dict[str, Any], dict[str, str]]:
    data: dict[str, Any] = {"name": "big", "start": "s0", "variables": {}, "steps": {}}
    texts: dict[str, str] = {}
    for i in range(steps):
        data["variables"][f"v{i}"] = {"type": "string"}
        transitions: dict[str, Any] = {"next": {"to": f"s{i + 1}", "requires": [f"v{i}"]}}
        if i > 2:
            transitions["back"] = {"to": f"s{i - 3}"}
        data["steps"][f"s{i}"] = {
            "goal": f"Learn value {i}",
            "instructions": f"steps/s{i}.md",
            "results": {f"v{i}": {"type": "string", "required": True}},
            "transitions": transitions,
        }
        topic = " ".join(rng.sample(WORDS, 4))
        texts[f"steps/s{i}.md"] = (
            f"Step {i}: ask about the {topic}.\n"
            f"Record v{i} in the customer's own words ({rng.randrange(10**6)}).\n"
            "Ask one question at a time and confirm before moving on.\n"
        )
    data["steps"][f"s{steps}"] = {"kind": "message", "text": "Done.", "final": True}
    return data, texts


def new_version(
    old: dict[str, Any], texts: dict[str, str], steps: int, rng: random.Random
) -> tuple[dict[str, Any], dict[str, str], int]:
    """The old version with 50 changes (see the module docstring); returns the count too."""
    data = yaml.safe_load(yaml.safe_dump(old))
    texts = dict(texts)
    chosen = rng.sample(range(10, steps - 10, 2), 50)
    renames, retargets, guards, edits, results, added, removed = (
        chosen[0:8],
        chosen[8:16],
        chosen[16:24],
        chosen[24:32],
        chosen[32:38],
        chosen[38:44],
        chosen[44:50],
    )
    changes = 0
    for i in retargets:
        data["steps"][f"s{i}"]["transitions"]["back"]["to"] = f"s{i - 5}"
        changes += 1
    for i in guards:
        data["steps"][f"s{i}"]["transitions"]["next"]["requires"].append(f"v{i - 1}")
        changes += 1
    for i in edits:
        texts[f"steps/s{i}.md"] += "If the customer hesitates, offer to come back to it later.\n"
        changes += 1
    for i in results:
        data["steps"][f"s{i}"]["results"][f"extra{i}"] = {"type": "integer"}
        changes += 1
    for i in added:
        data["steps"][f"n{i}"] = {
            "goal": f"New check {i}",
            "instructions": f"steps/n{i}.md",
            "transitions": {"next": {"to": f"s{i + 1}"}},
        }
        texts[f"steps/n{i}.md"] = f"A new check before step {i + 1}.\n"
        data["steps"][f"s{i}"]["transitions"]["side"] = {"to": f"n{i}"}
        changes += 1
    for i in removed:
        gone = data["steps"].pop(f"s{i}")
        texts.pop(f"steps/s{i}.md")
        for step in data["steps"].values():
            for transition in step.get("transitions", {}).values():
                if transition["to"] == f"s{i}":
                    transition["to"] = gone["transitions"]["next"]["to"]
        changes += 1
    for i in renames:
        step = data["steps"].pop(f"s{i}")
        step["instructions"] = f"steps/r{i}.md"
        texts[f"steps/r{i}.md"] = texts.pop(f"steps/s{i}.md").replace(
            "Ask one question", "Ask only one question"
        )
        data["steps"][f"r{i}"] = step
        for other in data["steps"].values():
            for transition in other.get("transitions", {}).values():
                if transition["to"] == f"s{i}":
                    transition["to"] = f"r{i}"
        changes += 1
    return data, texts, changes


def write(folder: Path, data: dict[str, Any], texts: dict[str, str]) -> None:
    (folder / "steps").mkdir(parents=True, exist_ok=True)
    (folder / "scenario.yaml").write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    for relpath, text in texts.items():
        (folder / relpath).write_text(text, encoding="utf-8")


def git(repo: Path, *args: str) -> None:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "b",
        "GIT_AUTHOR_EMAIL": "b@b",
        "GIT_COMMITTER_NAME": "b",
        "GIT_COMMITTER_EMAIL": "b@b",
    }
    subprocess.run(["git", *args], cwd=repo, env=env, check=True, capture_output=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--steps", type=int, default=1000)
    args = parser.parse_args()
    rng = random.Random(15)
    old_data, old_texts = old_version(args.steps, rng)
    new_data, new_texts, changes = new_version(old_data, old_texts, args.steps, rng)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        old_dir, new_dir = root / "old", root / "new"
        write(old_dir, old_data, old_texts)
        write(new_dir, new_data, new_texts)
        repo = root / "repo"
        repo.mkdir()
        git(repo, "init", "-q")
        write(repo / "big", old_data, old_texts)
        git(repo, "add", "-A")
        git(repo, "commit", "-qm", "old")
        subprocess.run(["rm", "-rf", str(repo / "big")], check=True)
        write(repo / "big", new_data, new_texts)
        git(repo, "add", "-A")
        git(repo, "commit", "-qm", "new")

        diff = diff_sides(load_side(str(old_dir)), load_side(str(new_dir)))
        counts = diff.counts()
        transitions = sum(len(step.transitions) for step in diff.steps)
        print(
            f"{args.steps} steps, {changes} changes made: steps {counts}, "
            f"{transitions} transition changes, renames found {len(diff.renames)}/8"
        )
        assert counts[StepStatus.RENAMED.value] == 8, "every rename must be recognised"

        folders_ms = median_ms(lambda: compare(str(old_dir), str(new_dir)), runs=args.runs)
        git_ms = median_ms(lambda: compare("HEAD~1:big", "HEAD:big", cwd=repo), runs=args.runs)
        old_side, new_side = load_side(str(old_dir)), load_side(str(new_dir))
        compare_ms = median_ms(lambda: diff_sides(old_side, new_side), runs=args.runs)
    print(f"folders (load both + compare):        median {folders_ms:7.1f} ms   (target 1000)")
    print(f"git revisions (read both + compare):  median {git_ms:7.1f} ms   (target 1000)")
    print(f"compare only (both already loaded):   median {compare_ms:7.1f} ms")
    print(f"({args.runs} runs each; a shared 2-core machine: compare ratios within one run)")
    return 0 if max(folders_ms, git_ms) <= 1000 else 1


if __name__ == "__main__":
    raise SystemExit(main())
