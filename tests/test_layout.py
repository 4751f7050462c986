"""Saved node positions, and the automatic layered layout used when there are none."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from engine.scenario.definition import Scenario
from engine.scenario.layout import LAYOUT_FILE, Layout, auto_layout, routed_layout
from engine.scenario.loader import parse_scenario

NODE = (180.0, 60.0)


def chain_scenario(steps: int, *, back_every: int = 0, skip_every: int = 0) -> Scenario:
    """s0 → s1 → … → s{n-1} (final), with optional loops back and jumps ahead."""
    lines = ["name: generated", "start: s0", "steps:"]
    for index in range(steps):
        lines.append(f"  s{index}:")
        if index == steps - 1:
            lines.append("    final: true")
            continue
        lines.append("    transitions:")
        lines.append(f"      next: {{to: s{index + 1}}}")
        if back_every and index % back_every == back_every - 1:
            lines.append(f"      back: {{to: s{max(0, index - 4)}}}")
        if skip_every and index % skip_every == 1 and index + 3 < steps:
            lines.append(f"      skip: {{to: s{index + 3}}}")
    return parse_scenario("\n".join(lines) + "\n")


def overlapping(positions: dict[str, tuple[float, float]]) -> list[tuple[str, str]]:
    width, height = NODE
    return [
        (a, b)
        for (a, (ax, ay)), (b, (bx, by)) in itertools.combinations(positions.items(), 2)
        if abs(ax - bx) < width and abs(ay - by) < height
    ]


# --- the saved layout ----------------------------------------------------------------------------


def test_a_saved_layout_loads_back_equal(tmp_path: Path) -> None:
    layout = Layout()
    layout.set("greet", (10, 20.25))
    layout.set("done", (-5.5, 300))
    layout.save(tmp_path)
    assert Layout.load(tmp_path).positions == {"greet": (10.0, 20.2), "done": (-5.5, 300.0)}


def test_the_layout_file_is_sorted_stable_and_has_one_node_per_line(tmp_path: Path) -> None:
    layout = Layout()
    layout.set("zeta", (1, 2))
    layout.set("alpha", (3, 4))
    path = layout.save(tmp_path)
    first = path.read_bytes()
    assert first.decode().splitlines() == [
        "{",
        '  "version": 1,',
        '  "positions": {',
        '    "alpha": [3, 4],',
        '    "zeta": [1, 2]',
        "  }",
        "}",
    ]
    layout.save(tmp_path)
    assert path.read_bytes() == first
    layout.set("zeta", (1, 250))
    changed = set(layout.to_json().splitlines()) ^ set(first.decode().splitlines())
    assert changed == {'    "zeta": [1, 2]', '    "zeta": [1, 250]'}


def test_no_layout_file_means_an_empty_layout(tmp_path: Path) -> None:
    layout = Layout.load(tmp_path)
    assert layout.positions == {} and layout.problem is None


@pytest.mark.parametrize(
    "content", ["{not json", '{"positions": {"a": [1]}}', "[]", '{"positions": {"a": ["x", 1]}}']
)
def test_a_broken_layout_file_is_ignored_with_a_reason(tmp_path: Path, content: str) -> None:
    (tmp_path / LAYOUT_FILE).write_text(content, encoding="utf-8")
    layout = Layout.load(tmp_path)
    assert layout.positions == {}
    assert layout.problem is not None and LAYOUT_FILE in layout.problem


def test_rename_and_remove_keep_the_other_positions() -> None:
    layout = Layout({"a": (1.0, 1.0), "b": (2.0, 2.0)})
    layout.rename("a", "first")
    assert layout.remove("b") == (2.0, 2.0)
    assert layout.remove("missing") is None
    assert layout.positions == {"first": (1.0, 1.0)}


def test_completed_keeps_saved_positions_and_places_new_steps_below_them() -> None:
    scenario = chain_scenario(4)
    layout = Layout({"s0": (500.0, 0.0), "s1": (500.0, 100.0)})
    positions = layout.completed(scenario)
    assert positions["s0"] == (500.0, 0.0) and positions["s1"] == (500.0, 100.0)
    assert positions["s2"][1] > 100.0 + NODE[1] and positions["s3"][1] > positions["s2"][1]
    assert overlapping(positions) == []


# --- the automatic layout ------------------------------------------------------------------------


def test_every_step_is_placed_once_without_overlaps_and_the_start_on_top() -> None:
    scenario = chain_scenario(30, back_every=5, skip_every=4)
    positions = auto_layout(scenario)
    assert set(positions) == set(scenario.steps)
    assert overlapping(positions) == []
    assert positions["s0"][1] == min(y for _, y in positions.values())


def test_forward_transitions_point_down_and_back_edges_do_not_disturb_the_order() -> None:
    scenario = chain_scenario(12, back_every=3)
    positions = auto_layout(scenario)
    for index in range(11):
        assert positions[f"s{index}"][1] < positions[f"s{index + 1}"][1]


def test_left_to_right_puts_the_start_at_the_left() -> None:
    scenario = chain_scenario(6)
    positions = auto_layout(scenario, direction="LR")
    assert positions["s0"][0] == min(x for x, _ in positions.values())
    assert [positions[f"s{i}"][0] < positions[f"s{i + 1}"][0] for i in range(5)] == [True] * 5


def test_unconnected_parts_are_laid_out_side_by_side() -> None:
    scenario = parse_scenario(
        "name: islands\nstart: a\nsteps:\n"
        "  a: {transitions: {go: {to: b}}}\n  b: {final: true}\n"
        "  lonely: {final: true}\n  c: {transitions: {go: {to: d}}}\n  d: {final: true}\n"
    )
    positions = auto_layout(scenario)
    assert overlapping(positions) == []
    assert positions["a"][0] < min(positions[name][0] for name in ("lonely", "c", "d"))


def test_the_layout_is_deterministic() -> None:
    scenario = chain_scenario(40, back_every=6, skip_every=5)
    assert auto_layout(scenario) == auto_layout(scenario)


def test_long_edges_get_bend_points_that_avoid_the_nodes_in_between() -> None:
    scenario = chain_scenario(10, back_every=4)
    routed = routed_layout(scenario)
    # s3 → s0 (a back-edge) skips layers, so it is routed through bend points
    bends = routed.routes[("s3", "back")]
    assert bends
    width, height = NODE
    for x, y in bends:
        for step, (left, top) in routed.positions.items():
            inside = left < x < left + width and top < y < top + height
            assert not inside, f"bend point {(x, y)} lies inside {step}"


def test_an_unknown_direction_is_refused() -> None:
    with pytest.raises(ValueError, match="direction"):
        auto_layout(chain_scenario(2), direction="diagonal")
