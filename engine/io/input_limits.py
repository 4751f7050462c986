"""The limits every reader of untrusted input shares, in one place.

Scenarios, draw.io files, conversation logs, sessions, scripts, personas, test files: all of them
come from other people, and all of them are read by code that must neither hang, nor grow
without bound, nor crash on them. Each limit below is named after what it protects, with the
reason for its value; a reader never writes a number of its own. ``docs/security.md`` lists
them for users.

The limits are far above anything a person writes by hand (a shipped scenario is 12 KB, an
instruction file 2 KB, a log line of a model request 10 KB) and far below what would hurt
(memory in gigabytes, minutes of parsing, dollars of tokens).
"""

from __future__ import annotations

KIB = 1024
MIB = 1024 * KIB

# --- files -----------------------------------------------------------------------------------

#: ``scenario.yaml`` larger than this is refused before parsing. A 1,000-step scenario is about
#: 400 KB; 5 MB of YAML would take seconds to parse and is never written by hand.
MAX_SCENARIO_BYTES = 5 * MIB

#: A persona or instruction file (any text file a scenario references) larger than this is not
#: read at all: it is reported as an error, never sent. The whole of it would be sent on every
#: call of its step, so anything near this size would cost dollars per conversation.
MAX_TEXT_FILE_BYTES = 2 * MIB

#: Above this, a persona or instruction file gets a validator warning: at about four characters
#: per token it adds some 16,000 input tokens to every call of its step.
WARN_TEXT_FILE_BYTES = 64 * KIB

#: The studio's ``scenario.layout.json`` larger than this is ignored (1,000 steps take 40 KB).
MAX_LAYOUT_BYTES = 5 * MIB

#: A session file larger than this is refused (a long conversation saves in well under 1 MB).
MAX_SESSION_BYTES = 64 * MIB

#: A draw.io file larger than this is refused before parsing.
MAX_DRAWIO_BYTES = 20 * MIB

#: A compressed draw.io page may not inflate to more than this (a "zip bomb" stops here).
MAX_DRAWIO_INFLATED_BYTES = 50 * MIB

# --- YAML ------------------------------------------------------------------------------------

#: Aliases can make a small file expand enormously ("billion laughs"): a YAML document may not
#: expand to more values than this. A 1,000-step scenario has about 30,000.
MAX_YAML_NODES = 200_000

#: Nesting deeper than this is never a scenario (and a self-referring alias is infinitely deep).
#: A scenario nests about 8 levels (steps → step → results → field → values).
MAX_YAML_DEPTH = 40

#: An invalid ``scenario.yaml`` up to this size is parsed a second time by pyyaml's pure-Python
#: loader, whose error messages are clearer than libyaml's. Above it, libyaml's message (with
#: the same line and column) is shown, and the file is first checked from libyaml's events
#: alone, before any node is built: the pure-Python loader needs about 2 s per megabyte and
#: composing nodes about 0.4 s, where a 5 MB invalid file must fail in well under a second.
MAX_YAML_REPARSE_BYTES = 128 * KIB

# --- conversation logs -----------------------------------------------------------------------

#: A log line longer than this is skipped and reported without being held in memory (a 100 MB
#: one-line log must not grow a viewer to gigabytes). A model request with 64 KB of instructions
#: and its schema is about 80 KB; a line this long is never written by the engine unless a
#: prompt or a reply is itself that large.
MAX_LOG_LINE_BYTES = 8 * MIB

#: A log record nesting deeper than this is skipped: no event nests more than about 10 levels,
#: and deep values make every later ``json.dumps`` (copy as JSON, the inspector) slow or fail.
MAX_LOG_DEPTH = 64

#: Integers in a log record (``seq``, ``turn``, token counts) must fit in this: JSON readers in
#: other languages lose precision above 2**53, and Qt's views overflow above 2**63.
MAX_LOG_INT = 2**53

#: Bytes read per system call while scanning a log: bounds memory while a huge line is skipped.
LOG_READ_CHUNK_BYTES = 1 * MIB

#: A scripted provider's file of replies (``--script``): a demo or test script is a few KB.
MAX_SCRIPT_BYTES = 16 * MIB

# --- a scenario's tests and simulated users --------------------------------------------------

#: A test file (``tests/*.test.yaml``) larger than this is refused before it is read: a long
#: hand-written test is a few KB.
MAX_TEST_BYTES = 2 * MIB

#: A cassette (``tests/*.replies.jsonl``) larger than this is refused before it is read: a
#: recording holds each request once (long values as blobs), some 50 KB per call.
MAX_CASSETTE_BYTES = 64 * MIB

#: A persona file (``tests/personas/*.md``) larger than this is refused before it is read: it is
#: sent whole to the simulated user's model on every call.
MAX_PERSONA_BYTES = 256 * KIB

#: How long one match of an author's ``/regex/`` (a test's expectation, a persona's fact) may
#: take before it is stopped and reported: a sane pattern matches a reply in microseconds, while
#: ``/(a+)+$/`` on 34 letters would backtrack for hours.
REGEX_MATCH_SECONDS = 1.0

# --- what one conversation may send and accept (defaults of ``model:`` in a scenario) ----------

#: The largest prompt one call may send, in estimated tokens (``model.max_prompt_tokens``). A
#: step of the shipped scenarios sends about 1,500; 60,000 is a long conversation in one step,
#: and about $0.02 per call at gpt-4.1-mini prices: above it, something is wrong (a huge
#: instruction file, a runaway history) and the call is refused, not paid for.
DEFAULT_MAX_PROMPT_TOKENS = 60_000

#: The longest reply accepted from the model, in characters (``model.max_reply_chars``). A
#: contract reply is a few hundred characters; a longer one is corrected and never fed back
#: into later calls, where it would be paid for again on every turn.
DEFAULT_MAX_REPLY_CHARS = 20_000

# --- temporary files -------------------------------------------------------------------------

#: A temporary file of an atomic save younger than this is never treated as stale, even when no
#: writer holds its lock: its writer may be between creating and locking it.
STALE_TEMPORARY_SECONDS = 5.0

__all__ = [
    "DEFAULT_MAX_PROMPT_TOKENS",
    "DEFAULT_MAX_REPLY_CHARS",
    "KIB",
    "LOG_READ_CHUNK_BYTES",
    "MAX_CASSETTE_BYTES",
    "MAX_DRAWIO_BYTES",
    "MAX_DRAWIO_INFLATED_BYTES",
    "MAX_LAYOUT_BYTES",
    "MAX_LOG_DEPTH",
    "MAX_LOG_INT",
    "MAX_LOG_LINE_BYTES",
    "MAX_PERSONA_BYTES",
    "MAX_SCENARIO_BYTES",
    "MAX_SCRIPT_BYTES",
    "MAX_SESSION_BYTES",
    "MAX_TEST_BYTES",
    "MAX_TEXT_FILE_BYTES",
    "MAX_YAML_DEPTH",
    "MAX_YAML_NODES",
    "MAX_YAML_REPARSE_BYTES",
    "MIB",
    "REGEX_MATCH_SECONDS",
    "STALE_TEMPORARY_SECONDS",
    "WARN_TEXT_FILE_BYTES",
]

# --- served conversations (prompter serve) ---------------------------------------------------

#: A request body larger than this is refused with 413 before it is parsed: a message and a
#: conversation's starting variables take a few kilobytes.
MAX_SERVED_BODY_BYTES = 256 * KIB

#: A user message longer than this many characters is refused with 413: a person typing writes
#: a few hundred; 8,000 characters are about 2,000 tokens, sent again on every later call.
MAX_SERVED_MESSAGE_CHARS = 8_000

#: An ``Idempotency-Key`` longer than this is refused with 400 (a UUID is 36 characters).
MAX_IDEMPOTENCY_KEY_CHARS = 255
