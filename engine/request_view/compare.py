"""Comparing a call with the previous call of its conversation: which part changed first,
and how long a prefix both prompts share (what the cache could reuse)."""

from __future__ import annotations

import json

from engine.providers.tokens import encode
from engine.request_view.parts import (
    MARKER_TOKENS,
    PART_TITLES,
    PartChange,
    PartKind,
    PromptMessage,
    PromptPart,
    RequestDiff,
    RequestView,
    schema_text,
)


def compare(previous: RequestView, current: RequestView) -> RequestDiff:
    """How ``current`` differs from ``previous``, part by part, and how long a prefix they
    share (what the cache could reuse)."""
    changes: list[PartChange] = []
    for kind in ("schema", "instructions"):
        old, new = previous.part(kind), current.part(kind)
        changes.append(_text_change(kind, old, new))
    old_talk = _conversation(previous)
    new_talk = _conversation(current)
    same = _common_messages(old_talk, new_talk)
    if same == len(old_talk):
        status, detail = (
            "grew",
            f"the previous call's {len(old_talk)} message(s), then {len(new_talk) - same} new",
        )
    elif same == 0:
        status, detail = "restarted", "a new chain: none of the previous messages is re-read"
    else:
        status, detail = "changed", f"the first {same} message(s) are the same, then it differs"
    changes.append(PartChange("history", status, detail))
    common, where = _common_prefix(previous, current, old_talk, new_talk, same)
    return RequestDiff(previous, current, tuple(changes), common, where, same)


def _text_change(kind: PartKind, old: PromptPart | None, new: PromptPart | None) -> PartChange:
    if old is None and new is None:
        return PartChange(kind, "same", "none sent")
    if old is None:
        return PartChange(kind, "new")
    if new is None:
        return PartChange(kind, "gone")
    if old.text == new.text:
        return PartChange(kind, "same")
    delta = new.tokens - old.tokens
    return PartChange(kind, "changed", f"{delta:+,} tokens" if delta else "same length")


def _conversation(view: RequestView) -> list[PromptMessage]:
    """Everything after the instructions, in the order read: history, items, input."""
    messages: list[PromptMessage] = []
    for part in view.parts:
        if part.kind in ("history", "items", "input"):
            messages.extend(part.messages)
    return messages


def _common_messages(old: list[PromptMessage], new: list[PromptMessage]) -> int:
    count = 0
    for before, after in zip(old, new, strict=False):
        if (before.role, before.content) != (after.role, after.content):
            break
        count += 1
    return count


def _common_prefix(
    previous: RequestView,
    current: RequestView,
    old_talk: list[PromptMessage],
    new_talk: list[PromptMessage],
    same: int,
) -> tuple[int, str]:
    """Estimated tokens both prompts start with, and where they first differ."""
    common = 0
    for kind in ("schema", "instructions"):
        old, new = previous.part(kind), current.part(kind)
        if old is None and new is None:
            continue
        if old is None or new is None or old.text != new.text:
            shared = _shared_tokens(old.text if old else "", new.text if new else "", kind)
            return common + shared, f"the {PART_TITLES[kind].lower()}"
        common += new.tokens
    common += sum(message.tokens for message in new_talk[:same])
    if same < len(new_talk) and same < len(old_talk):
        before, after = old_talk[same], new_talk[same]
        if before.role == after.role:
            common += MARKER_TOKENS + _shared_word_count(before.content, after.content)
        restart = " (a new chain)" if same == 0 else ""
        return common, f"message {same + 1} of the conversation{restart}"
    if same < len(new_talk):
        return common, (
            f"message {same + 1} of the conversation (everything before it is the "
            "previous call's prompt)"
        )
    return common, "nowhere: the prompt is the previous one"


def _shared_tokens(old: str, new: str, kind: str) -> int:
    if not old or not new:
        return 0
    if kind == "schema":  # the service reads the compact form
        old, new = schema_text(json.loads(old)), schema_text(json.loads(new))
    return MARKER_TOKENS + _shared_word_count(old, new)


def _shared_word_count(old: str, new: str) -> int:
    """How many leading tokens two texts share (the engine's one count)."""
    count = 0
    for before, after in zip(encode(old), encode(new), strict=False):
        if before != after:
            break
        count += 1
    return count


__all__ = ["compare"]
