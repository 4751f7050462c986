"""The library's manual is executable: every Python example in ``docs/library.md`` runs, as
written, against the project's fake OpenAI server reached through ``OPENAI_BASE_URL``."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

from engine.offline.fake_openai import FakeOpenAIServer
from engine.offline.persona_model import PersonaModel, RoleRouter
from engine.offline.scenario_bot import ScenarioBot
from engine.scenario.loader import load_scenario

ROOT = Path(__file__).resolve().parent.parent
MANUAL = ROOT / "docs" / "library.md"
EXAMPLES = re.findall(r"```python\n(.*?)```", MANUAL.read_text(encoding="utf-8"), re.S)


def test_the_manual_has_its_examples() -> None:
    assert len(EXAMPLES) >= 3
    assert 'engine.SyncConversation.resume("session.json"' in EXAMPLES[0]
    assert "asyncio.run(main())" in EXAMPLES[1]


@pytest.mark.parametrize("index", range(len(EXAMPLES)), ids=lambda i: f"example-{i + 1}")
def test_an_example_runs_as_written(
    index: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = EXAMPLES[index]
    scenario_dir = re.search(r'load_scenario\("([^"]+)"\)', source)
    assert scenario_dir, "every example loads a shipped scenario"
    bot = ScenarioBot(load_scenario(ROOT / scenario_dir.group(1)))
    (tmp_path / "scenarios").symlink_to(ROOT / "scenarios")
    monkeypatch.chdir(tmp_path)
    with FakeOpenAIServer(responder=RoleRouter(bot, PersonaModel(0))) as server:
        monkeypatch.setenv("OPENAI_API_KEY", "sk-docs-example")
        monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(source, f"{MANUAL}:example {index + 1}", "exec"), {"__name__": "__main__"})
        calls = len(server.requests)
    assert printed.getvalue().strip(), "the example prints what it shows"
    assert calls >= 1, "the example reached the model through OPENAI_BASE_URL"
    if index == 0:
        assert (tmp_path / "session.json").is_file()
    if index == 1:
        logs = sorted(path.name for path in tmp_path.glob("*.jsonl"))
        assert logs == ["ada.jsonl", "bob.jsonl", "cy.jsonl"]
