"""Benchmark of the streamed-message reader (issue 34, item 8): linear in the reply's length.

    .venv/bin/python bench/bench_stream_reader.py [--runs 5]

:class:`engine.providers.streaming.MessageStream` is fed a reply word by word, as a model streams
it: a message of 3,000 and of 9,000 words (one delta each), then a 3 MB message in 3,000-character
deltas (a reply within the documented caps). It prints the median time of each and the
characters read per character of the reply. The reader it replaced parsed the whole reply again
at every delta: 0.41 s for 3,000 deltas, 3.94 s for 9,000 (quadratic), 50 s of CPU for 3 MB.
Target: every character read once (1.00 chars read per char), and 3 MB under a second. The
time still grows a little faster than the length: each delta hands the listener the whole
message so far (a new string, copied in C), as :data:`~engine.providers.base.MessageListener`
asks.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.timing import median_ms
from engine.providers.streaming import MessageStream, words


def reply(message: str) -> str:
    body = {"message": message, "transition": "stay", "results": {}, "summary": "s"}
    return json.dumps(body)


def read(deltas: list[str]) -> MessageStream:
    stream = MessageStream(lambda _: None)
    for delta in deltas:
        stream.feed(delta)
    return stream


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    cases = []
    for count in (3_000, 9_000):
        text = reply("".join(f"word{n} " for n in range(count)))
        cases.append((f"{count:,} word deltas ({len(text):,} chars)", text, words(text)))
    big = reply("x" * 3_000_000)
    cases.append(("a 3 MB message, 3,000-char deltas", big, [
        big[start : start + 3_000] for start in range(0, len(big), 3_000)
    ]))  # fmt: skip
    for name, text, deltas in cases:
        ms = median_ms(lambda deltas=deltas: read(deltas), runs=args.runs)
        scanned = read(deltas).scanned
        print(f"{name:45} median {ms:8.1f} ms, {scanned / len(text):.2f} chars read per char")


if __name__ == "__main__":
    main()
