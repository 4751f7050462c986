"""How long loading and validating a scenario takes: the studio re-validates after every edit.

    .venv/bin/python bench/bench_validate.py [--runs 9]

Prints medians for the shipped analyst bot and for generated 300- and 1,000-step scenarios
(each step sets a variable the next one requires, with a back-edge every step).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench/timing.py

from timing import median_ms

from engine.io.resources import default_scenario
from engine.scenario import load_scenario, parse_scenario
from engine.scenario.validate import validate


def generated_yaml(steps: int) -> str:
    lines = ["name: big", "start: s0", "variables:"]
    lines += [f"  v{i}: {{type: string}}" for i in range(steps)]
    lines.append("steps:")
    for i in range(steps):
        lines += [
            f"  s{i}:",
            f"    goal: Learn value {i}",
            "    results:",
            f"      v{i}: {{type: string, required: true}}",
            "    transitions:",
            f"      next: {{to: s{i + 1}, requires: [v{i}]}}",
        ]
        if i > 2:
            lines.append(f"      back: {{to: s{i - 3}}}")
    placeholders = " ".join(f"{{{{v{i}}}}}" for i in range(0, steps, 5))
    lines += [f"  s{steps}:", "    kind: message", f'    text: "{placeholders}"', "    final: true"]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    runs = parser.parse_args().runs
    analyst = load_scenario(default_scenario())
    load_ms = median_ms(lambda: load_scenario(default_scenario()), runs=runs)
    validate_ms = median_ms(lambda: validate(analyst), runs=runs)
    print(f"analyst_bot  load {load_ms:7.1f} ms   validate {validate_ms:7.1f} ms")
    for steps in (300, 1000):
        text = generated_yaml(steps)
        scenario = parse_scenario(text)
        parse_ms = median_ms(lambda t=text: parse_scenario(t), runs=runs)
        validate_ms = median_ms(lambda s=scenario: validate(s), runs=runs)
        print(f"{steps:>5} steps  parse {parse_ms:7.1f} ms   validate {validate_ms:7.1f} ms")


if __name__ == "__main__":
    main()
