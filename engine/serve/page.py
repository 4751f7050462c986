"""The chat page at ``GET /``: one HTML file, no build step, locked down by its own hashes.

The page (``resources/serve/chat.html``) holds one inline ``<style>`` and one inline ``<script>``;
its ``Content-Security-Policy`` allows exactly those two, by their SHA-256, and requests to this
server only — no other script, no inline event handler, no image, no frame. Everything the bot
or the user says is put on the page as text (``textContent``), never as HTML.
"""

from __future__ import annotations

import base64
import hashlib
import re
from functools import lru_cache

from engine.io.resources import resource_path

PAGE = ("serve", "chat.html")
_INLINE = re.compile(r"<(script|style)>(.*?)</\1>", re.DOTALL)


def _digest(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


@lru_cache(maxsize=1)
def chat_page() -> tuple[str, dict[str, str]]:
    """The page's HTML and the headers that go with it."""
    html = resource_path(*PAGE).read_text(encoding="utf-8")
    sources: dict[str, list[str]] = {"script": [], "style": []}
    for tag, body in _INLINE.findall(html):
        sources[tag].append(_digest(body))
    policy = "; ".join(
        [
            "default-src 'none'",
            f"script-src {' '.join(sources['script']) or quote_none()}",
            f"style-src {' '.join(sources['style']) or quote_none()}",
            "connect-src 'self'",
            "base-uri 'none'",
            "form-action 'none'",
            "frame-ancestors 'none'",
        ]
    )
    headers = {
        "Content-Security-Policy": policy,
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
        "Cache-Control": "no-cache",
    }
    return html, headers


def quote_none() -> str:
    return "'none'"


__all__ = ["chat_page"]
