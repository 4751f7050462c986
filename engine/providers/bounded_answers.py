"""An answer's body read under a size cap *after* decompression: a gzip bomb stops at the cap.

A model's reply is a few kilobytes; a hostile or broken server (or a proxy in between) may
send a megabyte of gzip that inflates to a gigabyte. httpx would inflate it whole into memory.
:func:`bound_answer`, an httpx response hook run before any of the body is read, takes the
decoding over: only ``gzip`` and ``deflate`` are accepted (:func:`ask_for_accepted_encodings`
asks for nothing else), zlib inflates each chunk to at most what the cap still allows, and the
first byte past the cap raises :class:`~engine.errors.ProviderServerError` (not retryable: the
same server would send the same answer). Streamed answers are bounded the same way, since a
stream is the same body read chunk by chunk.

Only the OpenAI providers use it; it knows httpx, not the SDK.
"""

from __future__ import annotations

import zlib
from collections.abc import AsyncIterator
from typing import Any

import httpx2

from engine.errors import ProviderServerError

__all__ = [
    "ACCEPTED_ENCODINGS",
    "DEFAULT_MAX_ANSWER_BYTES",
    "BoundedStream",
    "ask_for_accepted_encodings",
    "bound_answer",
]

#: Bytes an answer may hold after decompression (a reply is a few kilobytes).
DEFAULT_MAX_ANSWER_BYTES = 16 * 1024 * 1024
#: The encodings decoded here, under the cap; asked for on every request.
ACCEPTED_ENCODINGS = "gzip, deflate"


def refused(message: str) -> ProviderServerError:
    error = ProviderServerError(message)
    error.retryable = False
    return error


class BoundedStream(httpx2.AsyncByteStream):
    """An answer's body, decompressed here (``gzip``, ``deflate``), at most ``cap`` bytes."""

    def __init__(self, raw: Any, encodings: list[str], cap: int, host: str) -> None:
        self._raw = raw
        self._cap = cap
        self._host = host
        self._decoders = [
            zlib.decompressobj(zlib.MAX_WBITS | 16 if name == "gzip" else zlib.MAX_WBITS)
            for name in reversed(encodings)
        ]
        self._size = 0

    async def __aiter__(self) -> AsyncIterator[bytes]:
        async for chunk in self._raw:
            data = chunk
            for decoder in self._decoders:
                # At most cap + 1 bytes out of any chunk: a bomb never inflates in memory.
                data = decoder.decompress(data, self._cap - self._size + 1)
                if decoder.unconsumed_tail:
                    raise self._too_large()
            self._size += len(data)
            if self._size > self._cap:
                raise self._too_large()
            if data:
                yield data

    def _too_large(self) -> ProviderServerError:
        return refused(
            f"the answer from {self._host} is larger than {self._cap:,} bytes (decompressed); "
            "it was not read further"
        )

    async def aclose(self) -> None:
        await self._raw.aclose()


def bound_answer(response: httpx2.Response, cap: int, host: str) -> None:
    """Make ``response`` read its body through a :class:`BoundedStream` (httpx then sees an
    uncompressed body); refuse an encoding that was not asked for."""
    encodings = [
        value.strip().lower()
        for value in response.headers.get_list("content-encoding", split_commas=True)
    ]
    encodings = [name for name in encodings if name != "identity"]
    unknown = [name for name in encodings if name not in ("gzip", "deflate")]
    if unknown:
        raise refused(
            f"the answer from {host} is encoded as {', '.join(unknown)!r}, which was not asked "
            f"for ({ACCEPTED_ENCODINGS})"
        )
    if "content-encoding" in response.headers:
        del response.headers["content-encoding"]
    response.stream = BoundedStream(response.stream, encodings, cap, host)


async def ask_for_accepted_encodings(request: httpx2.Request) -> None:
    """Ask only for what :class:`BoundedStream` decodes (an httpx request hook)."""
    request.headers["accept-encoding"] = ACCEPTED_ENCODINGS
