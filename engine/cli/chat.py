"""``prompter chat SCENARIO_DIR``: talk to a scenario from a terminal or a pipe.

Reads the user's messages line by line from stdin, prints each bot message to stdout, and on
end of input (or when the scenario finishes) writes the conversation's figures with
``--summary-json``. Prompts, notices and errors go to stderr, so stdout holds only what the bot
said and a pipe can be diffed.

``--session FILE`` resumes the conversation saved there (if the file exists) and saves it after
every turn, so an interrupted chat loses nothing (a scripted chat resumes its script where it
stood). ``--log FILE`` appends the JSON Lines log. Without an API key the command says how to
set one, or to chat without a model — ``--fake-model`` (replies made up from the scenario's own
steps) or ``--provider scripted`` — and exits with status 2, before anything else happens. A
scenario with validator errors is refused, its findings listed as ``validate`` lists them
(status 1). Replies no model made cost nothing: the summary says "no cost (scripted)".

On a terminal the bot's message is printed as the model writes it (the ``message_delta``
events); a reply taken back (``message_retracted``: it broke the contract, or its stream was cut
and is retried) is erased from the screen before the one that replaces it, so the terminal never
shows two answers to one message. In a pipe, stdout gets each message whole, once it stands, so
it can be diffed. ``--no-stream`` (or ``model.stream: false``) asks the model for whole replies.

The scenario's action steps run (the user ran the command on their folder, as ``python`` would
run its code); each one is noted on stderr with its outcome and time.

Ctrl-C is a normal way to stop. During a model call it cancels the turn: the conversation rolls
it back and logs an ``error`` event saying it was interrupted, so the log never holds half a
turn. Then, as on any exit, the session is saved, ``session_end`` is logged, the summary is
written, and the status is 130. A resumed session's log continues after the last ``seq``
actually in the log, so numbers never repeat, even when the previous run was killed before it
could save; a turn such a run left open is closed in the log with an ``error`` event.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import shutil
import sys
from pathlib import Path
from typing import Any, TextIO

from engine.cli._runnable import runnable_scenario
from engine.cli.exit_codes import ExitCode
from engine.cli.provider_options import (
    add_provider_arguments,
    key_missing,
    provider_from_args,
    say_provider,
    say_provider_notices,
)
from engine.cli.signal_wakeup import signals_wake
from engine.conversation.conversation_core import Conversation
from engine.conversation.turn import ActionRun
from engine.errors import PrompterError, ProviderAuthError, ProviderError, SessionError
from engine.io.atomic import atomic_write_text
from engine.io.redact import redact
from engine.io.resources import default_scenario
from engine.io.terminal import for_terminal, unfiltered
from engine.io.untrusted import replace_surrogates
from engine.log.events import ErrorData, Event, EventType
from engine.log.reader import read_log, unfinished_turn
from engine.log.writer import LogWriter
from engine.providers import PROVIDER_NAMES, Provider
from engine.providers.prices import user_price_path
from engine.providers.scripted import ScriptedProvider

QUIT_COMMANDS = frozenset({"/quit", "/exit"})

NO_KEY_HELP = """\
prompter chat: no OpenAI API key.
  Set one for this shell:   export OPENAI_API_KEY=sk-...      (Windows: set OPENAI_API_KEY=sk-...)
  For another OpenAI-compatible server, also set OPENAI_BASE_URL.
  Or try the scenario without a model:   --fake-model   (replies made up from its own steps)
                                   or:   --provider scripted --script REPLIES.yaml"""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "chat",
        help="chat with a scenario (stdin → bot messages on stdout)",
        description=__doc__.split("\n\n")[1] if __doc__ else None,
    )
    parser.add_argument(
        "scenario",
        nargs="?",
        type=Path,
        default=None,
        help="the scenario folder (default: the analyst bot)",
    )
    add_provider_arguments(
        parser,
        names=PROVIDER_NAMES,
        fake_model="no key, no cost: the key-free model answers, with replies made up from the "
        "scenario's own steps (through the API --provider names)",
    )
    parser.add_argument("--log", type=Path, help="append the conversation log (JSON Lines) here")
    parser.add_argument(
        "--session",
        type=Path,
        help="resume from this file if it exists; save to it after every turn",
    )
    parser.add_argument(
        "--summary-json",
        type=Path,
        dest="summary_json",
        help="write the conversation's figures here as JSON on exit",
    )
    parser.add_argument(
        "--script", type=Path, help="the replies of the scripted provider (YAML or JSON Lines)"
    )
    parser.add_argument(
        "--no-stream",
        dest="no_stream",
        action="store_true",
        help="ask the model for whole replies instead of showing the message as it is written",
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    openai = args.provider in ("responses", "chat")
    if key_missing(args):
        print(NO_KEY_HELP, file=sys.stderr)
        return ExitCode.USAGE
    scenario = runnable_scenario(args.scenario or default_scenario(), "chat")
    if scenario is None:
        return ExitCode.FAILED
    try:
        if args.fake_model:
            from engine.offline.fake_model import scenario_bot_model  # a server: only if asked

            api = "chat" if args.provider == "chat" else "responses"
            provider: Provider = scenario_bot_model(scenario, provider=api)
        else:
            provider = provider_from_args(
                args, scenario, script=args.script, stream=not args.no_stream
            )
    except ProviderAuthError as error:
        print(NO_KEY_HELP if openai else f"prompter chat: {error}", file=sys.stderr)
        return ExitCode.USAGE
    say_provider(provider, "chat")
    stream = scenario.model.stream and not args.no_stream
    resumed = args.session is not None and args.session.exists()
    if resumed:
        conversation = Conversation.resume(
            args.session, scenario, provider, model=args.model, stream=stream
        )
        if isinstance(provider, ScriptedProvider):  # the same script goes on where it stood
            provider.continue_after(call.response_id for call in conversation.ledger.calls)
    else:
        conversation = Conversation(scenario, provider, model=args.model, stream=stream)
    log = None
    if args.log is not None:
        log = LogWriter(
            args.log,
            on_error=lambda error: _notice(
                f"the log cannot be written any more ({error}); the chat goes on"
            ),
        )
        if resumed:
            _continue_log(conversation, log)
        log.attach(conversation.events)
    conversation.events.subscribe(say_provider_notices)
    printer = None
    if stream and sys.stdout.isatty():
        printer = StreamedMessages(sys.stdout, shutil.get_terminal_size().columns)
        conversation.events.subscribe(printer)
    # asyncio.Runner turns Ctrl-C during a model call into a cancellation of the turn (which
    # the conversation rolls back and logs), then a KeyboardInterrupt here.
    runner = asyncio.Runner()
    try:
        try:
            with signals_wake(runner.get_loop()):  # whichever thread the kernel picks
                code = _loop(runner, conversation, args, sys.stdin, shown=printer is not None)
        except KeyboardInterrupt:
            _notice("interrupted (Ctrl-C): a turn in progress was rolled back, nothing else lost")
            _save(conversation, args.session)
            code = ExitCode.INTERRUPTED
    finally:
        try:
            conversation.close("finished" if conversation.finished else "closed")
            runner.run(provider.aclose())
        finally:
            runner.close()
            if log is not None:
                log.close()
        if args.summary_json is not None:
            summary = json.dumps(conversation.summary(), ensure_ascii=False, indent=2)
            atomic_write_text(args.summary_json, redact(replace_surrogates(summary)) + "\n")
        _notice(_figures(conversation))
    return code


def _loop(
    runner: asyncio.Runner,
    conversation: Conversation,
    args: argparse.Namespace,
    stdin: TextIO,
    *,
    shown: bool = False,
) -> int:
    """The chat; ``shown``: the bot's messages are printed as they come (on a terminal)."""
    interactive = stdin.isatty()
    printed = _nothing if shown else _print_messages
    try:
        printed(runner.run(conversation.start()))
    except ProviderError as error:
        _notice(f"error: {error}")
        return ExitCode.FAILED
    _save(conversation, args.session)
    while not conversation.finished:
        if interactive:
            print("> ", end="", file=sys.stderr, flush=True)
        line = stdin.readline()
        if not line:
            break
        text = line.rstrip("\r\n")
        if not text.strip():
            continue
        if text.strip() in QUIT_COMMANDS:
            break
        try:
            result = runner.run(conversation.send(text))
        except ProviderError as error:
            _notice(f"error: {error}")
            if interactive and error.retryable:
                _notice("nothing was lost: send the message again")
                continue
            return ExitCode.FAILED
        except PrompterError as error:
            _notice(f"error: {error}")
            return ExitCode.FAILED
        for run in result.actions:
            _notice(_action_notice(run))
        printed(result.messages)
        _save(conversation, args.session)
    return ExitCode.OK


def _action_notice(run: ActionRun) -> str:
    """``(action find_slots: ok, 12 ms)`` — control characters of an error message, which a
    server may have written, are shown as ``?``."""
    text = f"(action {run.step}: {run.outcome}, {run.duration_ms:.0f} ms"
    if run.mode != "live":
        text += f", {run.mode}"
    if run.error:
        text += f" — {run.error}"
    return "".join("?" if ord(c) < 32 or 127 <= ord(c) < 160 else c for c in text) + ")"


def _continue_log(conversation: Conversation, log: LogWriter) -> None:
    """Resume the log where it really stopped, not where the session file was last saved.

    A run killed during a turn wrote some of the turn's events but never saved the session:
    the numbering continues after the last ``seq`` in the log, and the unfinished turn is
    closed with an ``error`` event (the turn was lost, as a rolled-back turn is).
    """
    try:
        events = read_log(log.path).events
    except SessionError:
        return
    session = conversation.session_id
    data = conversation.data
    data.seq = max([data.seq, *(event.seq for event in events if event.session == session)])
    opened = unfinished_turn(events, session)
    if opened is not None:
        data.seq += 1
        log.write(
            Event(
                EventType.ERROR,
                session,
                data.seq,
                max(opened.turn - 1, 0),
                opened.step,
                ErrorData(
                    kind="Interrupted",
                    retryable=True,
                    message="the previous run stopped during this turn (it was "
                    "killed before it could finish); the turn was lost and is not "
                    "part of the conversation",
                ),
            )
        )


class StreamedMessages:
    """Prints the bot's messages on a terminal as they come: a streamed one as it grows, erased
    again if it is taken back; every message ends with a blank line, as in a pipe."""

    def __init__(self, out: TextIO, columns: int) -> None:
        self._out = out
        self._columns = max(columns, 1)
        self._shown = ""

    def __call__(self, event: Event) -> None:
        if event.type == EventType.MESSAGE_DELTA:
            delta = for_terminal(str(event.data.get("delta", "")))
            self._shown += delta
            self._write(delta)
        elif event.type == EventType.MESSAGE_RETRACTED:
            self._erase()
        elif event.type == EventType.BOT_MESSAGE:
            text = for_terminal(str(event.data.get("text", "")))
            if self._shown != text:
                self._erase()
                self._write(text)
            self._shown = ""
            self._write("\n\n")

    def _write(self, text: str) -> None:
        self._out.write(text)
        self._out.flush()

    def _erase(self) -> None:
        """Take the shown text off the screen: back to its first row, clear to the end."""
        if not self._shown:
            return
        rows = sum(max(1, math.ceil(len(line) / self._columns)) for line in self._shown.split("\n"))
        self._shown = ""
        raw = unfiltered(self._out)
        raw.write("\r" + (f"\x1b[{rows - 1}F" if rows > 1 else "") + "\x1b[J")
        raw.flush()


def _nothing(messages: list[str]) -> None:
    """The messages were printed as they came (:class:`StreamedMessages`)."""


def _print_messages(messages: list[str]) -> None:
    for message in messages:
        print(replace_surrogates(message), flush=True)
        print(flush=True)


def _save(conversation: Conversation, path: Path | None) -> None:
    if path is not None:
        conversation.save(path)


def _figures(conversation: Conversation) -> str:
    summary = conversation.summary()
    state = "finished" if summary["finished"] else f"stopped at step {summary['final_step']}"
    return (
        f"{state}: {summary['user_messages']} messages, {summary['llm_calls']} model calls "
        f"({summary['calls_per_message']:.2f} per message, {summary['corrections']} corrections), "
        f"{conversation.ledger.totals().tokens_text()}, {summary['cost']}"
    ) + _unpriced(summary.get("unpriced", []))


def _unpriced(unpriced: list[dict[str, Any]]) -> str:
    """Which model, where, has no price (the summary says "price unknown"), and where to add
    one."""
    if not unpriced:
        return ""
    named = ", ".join(
        f"{item['model']} at {item['endpoint']}" if item["endpoint"] else str(item["model"])
        for item in unpriced
    )
    return for_terminal(
        f" (no price for {named}: add one to {user_price_path()} to count it; see "
        "docs/providers.md, Prices)"
    )


def _notice(text: str) -> None:
    print(text, file=sys.stderr, flush=True)
