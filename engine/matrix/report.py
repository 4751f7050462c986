"""report.html placeholder (replaced below)."""

from __future__ import annotations

from typing import Any

from engine.scenario.definition import Scenario


def report_html(summary: dict[str, Any], scenario: Scenario) -> str:
    return "<!doctype html><title>matrix</title>"
