"""The constants of message_composer.h, as Python enums (tests/test_header.py checks every one)."""

from __future__ import annotations

from enum import IntEnum, IntFlag

VERSION_MAJOR = 0
VERSION_MINOR = 1
VERSION_PATCH = 0
VERSION_STRING = "0.1.0"
#: The SONAME's major number this binding was written against; checked against the library at import.
ABI_VERSION = 0


class Status(IntEnum):
    """``mc_status``: ``MC_OK`` or a negative error (``MC_ERR_*``). Values are never renumbered."""

    OK = 0
    INVALID_ARGUMENT = -1
    NULL_ARGUMENT = -2
    INVALID_HANDLE = -3
    INVALID_UTF8 = -4
    INVALID_JSON = -5
    OUT_OF_RANGE = -6
    UNSAFE_LINK = -7
    INVALID_COLOR = -8
    NOT_ALLOWED = -9
    LIMIT_EXCEEDED = -10


class Format(IntEnum):
    """``mc_format`` (``MC_FORMAT_*``): inline formats, then block formats over whole lines."""

    BOLD = 0
    ITALIC = 1
    UNDERLINE = 2
    STRIKE = 3
    CODE = 4
    LINK = 5
    COLOR = 6
    CODE_BLOCK = 7
    QUOTE = 8
    BULLET_LIST = 9
    ORDERED_LIST = 10


class Flag(IntFlag):
    """Flags (``MC_FLAG_*``)."""

    #: Format operations: carve mentions, links, inline code and code blocks out of the range.
    PROTECT = 1
    #: Caret movement: extend the selection instead of moving the caret.
    EXTEND = 2


class CaretUnit(IntEnum):
    """``mc_caret_unit`` (``MC_CARET_*``): how far one caret step goes."""

    GRAPHEME = 0  #: One grapheme cluster (a mention counts as one).
    WORD = 1  #: To the previous word start / the next word end.
    LINE = 2  #: To the start / end of the line.
    DOCUMENT = 3  #: To the start / end of the text.


class Unit(IntEnum):
    """``mc_unit`` (``MC_UNIT_*``): the unit an offset counts in."""

    #: Unicode scalar values: the unit of every offset in the API, and of Python ``str`` indices.
    SCALAR = 0
    UTF16 = 1
    UTF8 = 2
