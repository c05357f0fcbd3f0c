"""The constants of message_composer.h, as Python enums (tests/test_header.py checks every one)."""

from __future__ import annotations

from enum import IntEnum, IntFlag

VERSION_MAJOR = 0
VERSION_MINOR = 2
VERSION_PATCH = 0
VERSION_STRING = "0.2.0"
#: The SONAME's major number this binding was written against; checked against the library at import.
ABI_VERSION = 1


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


class EventKind(IntEnum):
    """``mc_event`` (``MC_EVENT_*``): what a listener event reports; its payload is JSON, decoded."""

    #: Old ``[start, end)`` became ``text``: ``{"start", "end", "text", "length"}`` (length: the new total).
    TEXT = 0
    SELECTION = 1  #: The selection changed: ``[anchor, focus]``.
    FORMATS = 2  #: The active formats changed: as ``Draft.active_formats``.
    SEND_STATE = 3  #: Sendability changed: ``{"can_send", "reason"}``.
    TRAY = 4  #: The attachment tray changed: as ``Draft.attachments()``.
    MENTION_QUERY = 5  #: The mention query changed or ended: ``{"query", "start", "end"}`` or None.
    COMMAND_QUERY = 6  #: The command query changed or ended: ``{"query", "start", "end"}`` or None.
    TYPING = 7  #: Typing started or stopped: ``{"typing": bool}``.
    MODE = 8  #: The mode or command changed: the ``"mode"`` object of the UI state.
    BANNER = 9  #: The info banner changed: a string or None.
    ERROR = 10  #: A call on the draft was refused: ``{"function", "status", "message"}``.
    CANCEL_UPLOAD = 11  #: The host should stop uploading attachment ``{"id"}``.
    #: The formatting of ``[start, end)`` changed (new offsets): ``{"start", "end"}``; read it with
    #: ``Draft.spans(start, end)``.
    FORMATTING = 12
    #: Options changed (``Draft.update_config``): a dict of the changed options and their new values.
    CONFIG = 13
    THREAD = 14  #: The thread changed: ``{"parent_id", "also_send_to_channel"}``.


class UploadEvent(IntEnum):
    """``mc_upload_event`` (``MC_UPLOAD_*``): what the host reports about an upload."""

    START = 0  #: queued -> uploading(0).
    PROGRESS = 1  #: uploading(p) -> uploading(progress), progress in [0, 1] and never backwards.
    COMPLETE = 2  #: uploading -> uploaded; value = the remote reference.
    FAIL = 3  #: uploading -> failed (retryable); value = the message.
    RETRY = 4  #: failed -> queued.
    REJECT = 5  #: any -> error (not retryable); value = the message, None for "This file type isn't allowed.".
