"""What every command that *runs* a scenario checks first: the validator finds no error in it.

``chat`` and ``export-drawio`` used to run scenarios that ``validate`` rejects — a ``start``
naming no step reached the FSM as a ``KeyError``, a transition to a missing step cost ten
corrections in sixteen model calls before anyone noticed. Now they refuse such a scenario,
listing its findings exactly as ``validate`` prints them (on stderr, since stdout is the
command's output), and exit with status 1. Warnings alone never stop a run.
"""

from __future__ import annotations

import sys
from pathlib import Path

from engine.io.untrusted import replace_surrogates
from engine.scenario.definition import Scenario
from engine.scenario.validate import has_errors, load_and_check


def runnable_scenario(folder: Path, command: str) -> Scenario | None:
    """The scenario in ``folder`` if it has no error; else its findings go to stderr, ``None``."""
    scenario, findings = load_and_check(folder)
    if scenario is not None and not has_errors(findings):
        return scenario
    for finding in findings:
        print(replace_surrogates(finding.render()), file=sys.stderr)
    errors = sum(1 for finding in findings if finding.severity == "error")
    print(
        f"prompter {command}: {folder} has {errors} error{'' if errors == 1 else 's'}; "
        f"fix {'it' if errors == 1 else 'them'} first ('prompter validate {folder}' lists "
        "the same)",
        file=sys.stderr,
    )
    return None
