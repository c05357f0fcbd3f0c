"""Module-level functions: library version, offset conversion, and the receive side of the wire
format (parsing markdown, rendering it as plain text or safe HTML)."""

from __future__ import annotations

from collections.abc import Mapping

from . import _ffi
from ._ffi import lib
from .constants import Unit
from .layouts import Document


def version() -> str:
    """The library's version, "MAJOR.MINOR.PATCH" (compare with VERSION_STRING)."""
    text: bytes = lib.mc_version()
    return text.decode("ascii")


def abi_version() -> int:
    """The library's ABI version, its SONAME's major number (compare with ABI_VERSION)."""
    return int(lib.mc_abi_version())


def convert_offset(text: str, offset: int, from_unit: Unit | int, to_unit: Unit | int) -> int:
    """Converts an offset into ``text`` from one unit to another (``Unit.SCALAR`` is a str index).

    Raises OutOfRangeError (negative, past the end, inside a character: half a surrogate pair, the
    middle of a UTF-8 sequence), InvalidArgumentError (unknown unit), InvalidUTF8Error (a lone
    surrogate, or U+0000, which a NUL-terminated string cannot carry).
    """
    where = "mc_convert_offset"
    return _ffi.take_int64(
        lib.mc_convert_offset,
        _ffi.cstring(text, "text", where),
        _ffi.int64(offset, "offset", where),
        _ffi.int32(from_unit, "from_unit", where),
        _ffi.int32(to_unit, "to_unit", where),
    )


# The wire format, receive side. ``mentions`` is ``{uid: name}`` (or its JSON text) for the display
# names of ``<@uid:UID>`` mentions; a uid without a name shows as "@uid". Every function raises
# InvalidUTF8Error (a lone surrogate, or U+0000: the markdown is a NUL-terminated C string),
# InvalidJSONError (mentions text that does not parse) and InvalidArgumentError (mentions not an
# object of uid -> name strings, a bad uid or name).


def parse_markdown_json(markdown: str, mentions: Mapping[str, str] | str | None = None) -> str:
    """Like ``parse_markdown``, returning the canonical document JSON text."""
    if mentions is None:
        where = "mc_markdown_parse"
        return _ffi.take_string(lib.mc_markdown_parse, _ffi.cstring(markdown, "markdown", where))
    where = "mc_markdown_parse_with_mentions"
    return _ffi.take_string(
        lib.mc_markdown_parse_with_mentions,
        _ffi.cstring(markdown, "markdown", where),
        _ffi.mentions_json(mentions, where),
    )


def parse_markdown(markdown: str, mentions: Mapping[str, str] | str | None = None) -> Document:
    """Parses wire markdown into a document (canonical, as ``Draft.document()``): the supported
    subset of CommonMark/GFM reads as a CommonMark renderer reads it, anything else stays literal
    text. Never refuses markdown for its content."""
    return Document.from_json(parse_markdown_json(markdown, mentions), "mc_markdown_parse")


def markdown_to_plain_text(
    markdown: str, mentions: Mapping[str, str] | str | None = None, max_graphemes: int | None = None
) -> str:
    """Renders wire markdown as plain text for notifications and reply previews: formatting dropped,
    mentions as "@Name". With ``max_graphemes``, text longer than that many grapheme clusters is cut
    there and "\u2026" appended (None, like a negative value, means no limit)."""
    where = "mc_markdown_to_plain_text"
    limit = -1 if max_graphemes is None else _ffi.int64(max_graphemes, "max_graphemes", where)
    return _ffi.take_string(
        lib.mc_markdown_to_plain_text,
        _ffi.cstring(markdown, "markdown", where),
        _ffi.mentions_json(mentions, where),
        limit,
    )


def markdown_to_html(markdown: str, mentions: Mapping[str, str] | str | None = None) -> str:
    """Renders wire markdown as safe HTML: every text escaped, links only with allowed schemes,
    colours validated, mentions as ``<span class="mention" data-uid="...">@Name</span>``."""
    where = "mc_markdown_to_html"
    return _ffi.take_string(
        lib.mc_markdown_to_html, _ffi.cstring(markdown, "markdown", where), _ffi.mentions_json(mentions, where)
    )
