"""The chat page at ``GET /``: one HTML file, no build step, locked down by its own hashes.

The page (``resources/serve/chat.html``) holds one inline ``<style>`` and one inline ``<script>``;
its ``Content-Security-Policy`` allows exactly those two, by their SHA-256, and requests to this
server only — no other script, no inline event handler, no image, no frame. Everything the bot
or the user says is put on the page as text (``textContent``), never as HTML.

The page is titled with the scenario's title (escaped), in the scenario's language; it never
shows the internal step ids to the people chatting — only that a conversation has ended.
"""

from __future__ import annotations

import base64
import hashlib
import html as html_text
import re
from functools import lru_cache

from engine.io.resources import resource_path

PAGE = ("serve", "chat.html")
_INLINE = re.compile(r"<(script|style)>(.*?)</\1>", re.DOTALL)


def _digest(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


#: What the template says where the scenario's title and language go.
TEMPLATE_TITLE = "Prompter chat"
TEMPLATE_LANGUAGE = '<html lang="en">'


def chat_page(title: str = "", language: str = "en") -> tuple[str, dict[str, str]]:
    """The page's HTML, titled ``title`` in ``language``, and the headers that go with it."""
    html, headers = _template()
    shown = html_text.escape(title.strip() or TEMPLATE_TITLE)
    html = html.replace(f"<title>{TEMPLATE_TITLE}</title>", f"<title>{shown}</title>", 1)
    html = html.replace(f"<h1>{TEMPLATE_TITLE}</h1>", f"<h1>{shown}</h1>", 1)
    lang = html_text.escape(language, quote=True)
    html = html.replace(TEMPLATE_LANGUAGE, f'<html lang="{lang}">', 1)
    return html, headers


@lru_cache(maxsize=1)
def _template() -> tuple[str, dict[str, str]]:
    """The page's template and its headers (the hashes of its inline style and script)."""
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
