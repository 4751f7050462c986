"""``prompter test`` and ``prompter serve`` take ``--provider anthropic|gemini`` as ``chat`` and
``simulate`` do: a cassette recorded through Anthropic's SDK replays with no key, and a served
conversation answers through Gemini's SDK (each against its vendor's fake); ``prompter matrix``
names the key a vendor's model needs."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import httpx2
import pytest
from plugins.cli import Prompter
from plugins.serve import ServeProcess

from engine.cli.exit_codes import ExitCode
from engine.io.resources import scenarios_dir
from engine.offline.fake_anthropic import FAKE_ANTHROPIC_KEY, FakeAnthropicServer
from engine.offline.fake_gemini import FAKE_GEMINI_KEY, FakeGeminiServer
from engine.offline.scenario_bot import ScenarioBot
from engine.scenario.loader import load_scenario

pytestmark = pytest.mark.xdist_group("vendor_sdks")

SUPPORT = scenarios_dir() / "support_desk"
UNDERSTOOD = {
    "message": "Understood.",
    "transition": "understood",
    "summary": "-",
    "results": {"issue_summary": "Downloaded invoice PDFs are blank.", "category": "invoices"},
}
SOLVED = {
    "message": "Great.",
    "transition": "solved",
    "summary": "-",
    "results": {"steps_tried": ["Cleared the browser cache - fixed"]},
}


@pytest.fixture(autouse=True)
def private_temp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Run logs go to the system's temporary folder by default: here, the test's own."""
    temp = tmp_path / "tmp"
    temp.mkdir()
    monkeypatch.setenv("TMPDIR", str(temp))
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    return temp


@pytest.fixture
def desk(tmp_path: Path) -> Path:
    folder = tmp_path / "support_desk"
    shutil.copytree(SUPPORT, folder)
    return folder


def test_test_records_through_anthropic_and_the_cassette_replays(
    desk: Path, fake_anthropic: FakeAnthropicServer, prompter: Prompter
) -> None:
    test = desk / "tests" / "solved_on_first_fix.test.yaml"
    cassette = desk / "tests" / "solved_on_first_fix.replies.jsonl"
    fake_anthropic.queue(UNDERSTOOD, SOLVED)
    env = {"ANTHROPIC_API_KEY": FAKE_ANTHROPIC_KEY, "ANTHROPIC_BASE_URL": fake_anthropic.base_url}

    recorded = prompter(
        "test", str(desk), str(test), "--record", "--provider", "anthropic",
        "--model", "claude-sonnet-4-5", env=env,
    )  # fmt: skip

    assert recorded.returncode == 0, recorded.stdout + recorded.stderr
    assert "cassette written" in recorded.stdout
    sent = fake_anthropic.model_requests()
    assert len(sent) == 2
    assert all(r.path == "/v1/messages" and r.body["model"] == "claude-sonnet-4-5" for r in sent)
    assert '"text":"{\\"message\\": \\"Great.\\"' in cassette.read_text(encoding="utf-8")
    # The replay needs no key and no server: the cassette answers, for the model recorded.
    replayed = prompter("test", str(desk), str(test), "--model", "claude-sonnet-4-5")
    assert replayed.returncode == 0, replayed.stdout + replayed.stderr
    assert len(fake_anthropic.model_requests()) == 2


def test_serve_answers_a_conversation_through_gemini(tmp_path: Path) -> None:
    bot = ScenarioBot(load_scenario(SUPPORT))
    with FakeGeminiServer(responder=bot) as gemini:
        # The key from the SDK's own variable, the server from --base-url.
        env = {"GEMINI_API_KEY": FAKE_GEMINI_KEY}
        extra = ("--provider", "gemini", "--model", "gemini-2.5-flash")
        extra += ("--base-url", gemini.base_url)
        with ServeProcess(
            f"sqlite:///{tmp_path / 's.db'}",
            "http://127.0.0.1:9/v1",  # no OpenAI server: a call there would fail
            folder=tmp_path,
            extra=extra,
            env=env,
        ) as served:
            created = httpx2.post(f"{served.url}/v1/conversations", json={}, timeout=30)
            assert created.status_code == 201, created.text
            body = created.json()
            answer = httpx2.post(
                f"{served.url}/v1/conversations/{body['id']}/messages",
                json={"text": "I cannot log in, my password is refused"},
                timeout=60,
            )
        assert answer.status_code == 200, answer.text
        reply = answer.json()
        assert reply["calls"] == 1 and reply["messages"] and all(reply["messages"])
        sent = gemini.model_requests()
        assert sent and all("/models/gemini-2.5-flash:" in r.path for r in sent)


def test_matrix_names_the_key_a_vendor_without_one_needs(
    tmp_path: Path, prompter: Prompter, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN"):
        monkeypatch.delenv(name, raising=False)
    ran = prompter(
        "matrix", SUPPORT, "--models", "anthropic:claude-sonnet-4-5", "--out", tmp_path / "out"
    )
    assert ran.returncode == ExitCode.USAGE
    assert "ANTHROPIC_API_KEY" in ran.stderr
