"""Typed results: the JSON layouts of the library as frozen dataclasses.

One class per layout of docs/json-layouts.md (the engine writes them all in
Sources/ComposerCore/JSONLayouts/); field names are the JSON keys, so that page, the README's
"UI state", "Outgoing messages" and "The document JSON" sections and docs/events.md document them.
Lists are tuples, so every result is immutable and hashable.

Reading is forward compatible: a key this binding does not know (a newer library) is ignored, and
a string from a documented set (a message type, a tile state...) is kept as it comes, even a value
newer than the ``Literal`` that names the set. A key that is missing or of the wrong type raises
``InvalidJSONError`` naming the C function, as every other fault in what the library returns.

Every ``from_json`` takes the JSON text (as ``Draft.ui_state_json()`` and the other ``*_json``
methods give it); ``from_value`` takes it decoded.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal, TypeVar, Union

from .constants import EventKind
from .errors import InvalidJSONError

#: ``"type"`` of an outgoing message.
MessageType = Literal["text", "media", "command", "edit", "sticker"]
#: ``"kind"`` of a tile or an outgoing attachment, ``"attachment_kind"`` of a media message.
AttachmentKind = Literal["image", "video", "audio", "file"]
#: ``"state"`` of a tile.
TileState = Literal["queued", "uploading", "uploaded", "failed", "error"]
#: ``"reason"`` of ``send_blocked`` and of the send-state event.
SendBlockReason = Literal[
    "empty", "uploads_pending", "failed_uploads", "error_tiles", "too_many_files", "cooldown", "too_long",
    "too_many_mentions",
]
#: ``"kind"`` of the mode.
ModeKind = Literal["new", "edit", "reply"]
#: ``"format"`` of a span, and the names in ``ActiveFormats.formats``.
FormatName = Literal[
    "bold", "italic", "underline", "strike", "code", "link", "color", "mention",
    "code_block", "quote", "bullet_list", "ordered_list",
]  # fmt: skip

T = TypeVar("T")


def _unexpected(where: str, what: str) -> InvalidJSONError:
    # The JSON is the library's or the caller's own (``from_json`` of text kept): the message
    # names where it came from and blames neither.
    return InvalidJSONError(f"{where}: unexpected JSON: {what}")


def _loads(text: str, where: str) -> Any:
    try:
        return json.loads(text)
    except ValueError as error:
        raise _unexpected(where, str(error)) from None


class _Object:
    """A JSON object being read: typed getters by key; keys nobody asks for are ignored."""

    __slots__ = ("_members", "_where")

    def __init__(self, value: Any, where: str) -> None:
        if not isinstance(value, dict):
            raise _unexpected(where, f"expected an object, not {type(value).__name__}")
        self._members: dict[str, Any] = value
        self._where = where

    def _fail(self, key: str, expected: str) -> InvalidJSONError:
        return _unexpected(self._where, f'"{key}" is not {expected}')

    def integer(self, key: str) -> int:
        value = self._members.get(key)
        if type(value) is not int:  # bool is an int subclass: refused
            raise self._fail(key, "an integer")
        return value

    def opt_integer(self, key: str) -> int | None:
        return None if self._members.get(key) is None else self.integer(key)

    def number(self, key: str) -> float:
        value = self._members.get(key)
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            raise self._fail(key, "a number")
        return float(value)

    def opt_number(self, key: str) -> float | None:
        return None if self._members.get(key) is None else self.number(key)

    def boolean(self, key: str) -> bool:
        value = self._members.get(key)
        if type(value) is not bool:
            raise self._fail(key, "a boolean")
        return value

    def string(self, key: str) -> str:
        value = self._members.get(key)
        if type(value) is not str:
            raise self._fail(key, "a string")
        return value

    def opt_string(self, key: str) -> str | None:
        """A string, or None when null or absent (keys a layout writes only in some cases)."""
        return None if self._members.get(key) is None else self.string(key)

    def array(self, key: str, read: Callable[[Any, str], T]) -> tuple[T, ...]:
        return _list(self._members.get(key), read, self._where, f"{key}: ")

    def object(self, key: str, read: Callable[[Any, str], T]) -> T:
        return read(self._members.get(key), self._where)

    def opt_object(self, key: str, read: Callable[[Any, str], T]) -> T | None:
        value = self._members.get(key)
        return None if value is None else read(value, self._where)

    def is_null(self, key: str) -> bool:
        """Whether the member is null or absent."""
        return self._members.get(key) is None


def _list(value: Any, read: Callable[[Any, str], T], where: str, what: str = "") -> tuple[T, ...]:
    if not isinstance(value, list):
        raise _unexpected(where, f"{what}expected an array, not {type(value).__name__}")
    return tuple(read(item, where) for item in value)


def _int(value: Any, where: str) -> int:
    if type(value) is not int:
        raise _unexpected(where, f"expected an integer, not {type(value).__name__}")
    return value


def _str(value: Any, where: str) -> str:
    if type(value) is not str:
        raise _unexpected(where, f"expected a string, not {type(value).__name__}")
    return value


def _dict(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _unexpected(where, f"expected an object, not {type(value).__name__}")
    return value


# The document (README "The document JSON"; Document/Document+JSON.swift).


@dataclass(frozen=True, slots=True)
class Span:
    """A span of the document JSON: ``[start, end)`` in scalars with one format. ``url`` is set for
    ``"link"``, ``color`` for ``"color"``, ``uid`` and ``name`` for ``"mention"``; None otherwise."""

    start: int
    end: int
    format: FormatName
    url: str | None = None
    color: str | None = None
    uid: str | None = None
    name: str | None = None

    @classmethod
    def from_value(cls, value: Any, where: str = "span") -> Span:
        o = _Object(value, where)
        return cls(
            start=o.integer("start"),
            end=o.integer("end"),
            format=o.string("format"),  # type: ignore[arg-type]  # a newer name passes as is
            url=o.opt_string("url"),
            color=o.opt_string("color"),
            uid=o.opt_string("uid"),
            name=o.opt_string("name"),
        )

    def to_value(self) -> dict[str, Any]:
        """The span as the document JSON writes it (value keys only where the format has them)."""
        out: dict[str, Any] = {"start": self.start, "end": self.end, "format": self.format}
        for key in ("url", "color", "uid", "name"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        return out


@dataclass(frozen=True, slots=True)
class Document:
    """``{"text", "spans"}``: ``Draft.document()``, ``parse_markdown()``; ``Draft.load_document``
    takes one back."""

    text: str
    spans: tuple[Span, ...]

    @classmethod
    def from_value(cls, value: Any, where: str = "document") -> Document:
        """A document from its decoded JSON value; InvalidJSONError, prefixed with ``where``,
        names what does not fit the layout. The spans are read as given, not checked against the
        text (``Draft.load_document`` checks them)."""
        o = _Object(value, where)
        return cls(text=o.string("text"), spans=o.array("spans", Span.from_value))

    @classmethod
    def from_json(cls, text: str, where: str = "document") -> Document:
        """A document from its JSON text (``Draft.document_json()``, kept); as ``from_value``."""
        return cls.from_value(_loads(text, where), where)

    def to_json(self) -> str:
        """The document JSON text (for ``Draft.load_document``)."""
        value = {"text": self.text, "spans": [span.to_value() for span in self.spans]}
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def spans_from_json(text: str, where: str = "mc_draft_spans") -> tuple[Span, ...]:
    """Reads the array of spans ``Draft.spans_json()`` returns."""
    return _list(_loads(text, where), Span.from_value, where)


# Mentions and active formats (JSONLayouts/Mentions+JSON.swift, ActiveFormats+JSON.swift).


@dataclass(frozen=True, slots=True)
class Mention:
    """A mention in the draft (``Draft.mentions``): the atomic run ``[start, end)`` showing
    ``"@name"`` for the user ``uid``."""

    start: int
    end: int
    uid: str
    name: str

    @classmethod
    def from_value(cls, value: Any, where: str = "mention") -> Mention:
        o = _Object(value, where)
        return cls(start=o.integer("start"), end=o.integer("end"), uid=o.string("uid"), name=o.string("name"))


@dataclass(frozen=True, slots=True)
class ActiveFormats:
    """``{"formats", "link", "color"}``: the formats at the selection, for a toolbar
    (``Draft.active_formats``, the UI state's ``active_formats``, ``FormatsEvent``)."""

    formats: tuple[FormatName, ...]
    link: str | None
    color: str | None

    @classmethod
    def from_value(cls, value: Any, where: str = "active_formats") -> ActiveFormats:
        o = _Object(value, where)
        formats: tuple[Any, ...] = o.array("formats", _str)
        return cls(formats=formats, link=o.opt_string("link"), color=o.opt_string("color"))

    @classmethod
    def from_json(cls, text: str, where: str = "mc_draft_active_formats") -> ActiveFormats:
        return cls.from_value(_loads(text, where), where)


@dataclass(frozen=True, slots=True)
class Query:
    """``{"query", "start", "end"}``: an open ``@`` mention or ``/`` command query; ``[start, end)``
    covers the ``@`` or ``/`` and the typed text (JSONLayouts/ComposerQuery+JSON.swift)."""

    query: str
    start: int
    end: int

    @classmethod
    def from_value(cls, value: Any, where: str = "query") -> Query:
        o = _Object(value, where)
        return cls(query=o.string("query"), start=o.integer("start"), end=o.integer("end"))


# Tiles, staging (JSONLayouts/AttachmentTray+JSON.swift, PickedFile+JSON.swift).


@dataclass(frozen=True, slots=True)
class Tile:
    """A tile of the attachment tray (``Draft.attachments()``, the UI state's ``tray``,
    ``TrayEvent``). ``progress``: 0.0 queued, 0..1 uploading, 1.0 uploaded, None failed or error;
    ``error`` the message of a failed or error tile; ``retryable`` true for failed tiles;
    ``remote`` the remote reference of an uploaded tile."""

    id: int
    kind: AttachmentKind
    name: str
    mime: str
    size: int
    state: TileState
    progress: float | None
    error: str | None
    retryable: bool
    remote: str | None

    @classmethod
    def from_value(cls, value: Any, where: str = "tile") -> Tile:
        o = _Object(value, where)
        return cls(
            id=o.integer("id"),
            kind=o.string("kind"),  # type: ignore[arg-type]
            name=o.string("name"),
            mime=o.string("mime"),
            size=o.integer("size"),
            state=o.string("state"),  # type: ignore[arg-type]
            progress=o.opt_number("progress"),
            error=o.opt_string("error"),
            retryable=o.boolean("retryable"),
            remote=o.opt_string("remote"),
        )


# Outgoing messages (README "Outgoing messages"; JSONLayouts/OutgoingMessage+JSON.swift).


@dataclass(frozen=True, slots=True)
class MessageMention:
    """``{"uid", "name"}``: a user an outgoing message mentions."""

    uid: str
    name: str

    @classmethod
    def from_value(cls, value: Any, where: str = "mention") -> MessageMention:
        o = _Object(value, where)
        return cls(uid=o.string("uid"), name=o.string("name"))


@dataclass(frozen=True, slots=True)
class OutgoingAttachment:
    """An attachment of a media message: the tile's ``id``, ``name``, ``mime``, ``size``, ``kind``,
    its ``remote`` reference (None for a file a legacy pick sends before its upload) and the host's
    ``ref`` given when it was staged ("" for none), then the media metadata given with the pick
    (None when not given): ``width`` and ``height`` in pixels, ``duration`` in seconds, and
    ``extra``, the host's own JSON object, decoded (a dict: left out of the hash)."""

    id: int
    name: str
    mime: str
    size: int
    kind: AttachmentKind
    remote: str | None
    ref: str
    width: int | None
    height: int | None
    duration: float | None
    extra: dict[str, Any] | None = field(hash=False)

    @classmethod
    def from_value(cls, value: Any, where: str = "attachment") -> OutgoingAttachment:
        o = _Object(value, where)
        return cls(
            id=o.integer("id"),
            name=o.string("name"),
            mime=o.string("mime"),
            size=o.integer("size"),
            kind=o.string("kind"),  # type: ignore[arg-type]
            remote=o.opt_string("remote"),
            ref=o.string("ref"),
            width=o.opt_integer("width"),
            height=o.opt_integer("height"),
            duration=o.opt_number("duration"),
            extra=o.opt_object("extra", _dict),
        )


@dataclass(frozen=True, slots=True)
class Sticker:
    """``{"id", "url", "pack"}``: the sticker of a ``"sticker"`` message (``Draft.send_sticker``);
    ``url`` as normalized (a bare host became https), ``pack`` None when not given."""

    id: str
    url: str
    pack: str | None

    @classmethod
    def from_value(cls, value: Any, where: str = "sticker") -> Sticker:
        o = _Object(value, where)
        return cls(id=o.string("id"), url=o.string("url"), pack=o.opt_string("pack"))


@dataclass(frozen=True, slots=True)
class OutgoingMessage:
    """A message ``Draft.send()``, ``Draft.voice_note()``, ``Draft.send_sticker()`` or a legacy
    ``Draft.stage_files()`` returns. ``text`` is wire markdown (the caption of a media message);
    ``attachment_kind`` is set for media messages, ``command`` and ``args`` for a command (``args``
    None when set without), ``quoted_id`` for a reply, ``edited_id`` for an edit, ``parent_id`` in
    a thread, ``sticker`` for a sticker message; ``also_send_to_channel`` is true for a thread reply
    that also goes to the channel. Absent values are None, lists empty."""

    type: MessageType
    text: str
    mentions: tuple[MessageMention, ...]
    attachment_kind: AttachmentKind | None
    attachments: tuple[OutgoingAttachment, ...]
    command: str | None
    args: str | None
    quoted_id: str | None
    edited_id: str | None
    parent_id: str | None
    sticker: Sticker | None
    also_send_to_channel: bool

    @classmethod
    def from_value(cls, value: Any, where: str = "message") -> OutgoingMessage:
        o = _Object(value, where)
        return cls(
            type=o.string("type"),  # type: ignore[arg-type]
            text=o.string("text"),
            mentions=o.array("mentions", MessageMention.from_value),
            attachment_kind=o.opt_string("attachment_kind"),  # type: ignore[arg-type]
            attachments=o.array("attachments", OutgoingAttachment.from_value),
            command=o.opt_string("command"),
            args=o.opt_string("args"),
            quoted_id=o.opt_string("quoted_id"),
            edited_id=o.opt_string("edited_id"),
            parent_id=o.opt_string("parent_id"),
            sticker=o.opt_object("sticker", Sticker.from_value),
            also_send_to_channel=o.boolean("also_send_to_channel"),
        )

    @classmethod
    def from_json(cls, text: str, where: str = "message") -> OutgoingMessage:
        return cls.from_value(_loads(text, where), where)


def messages_from_json(text: str, where: str = "mc_draft_send") -> tuple[OutgoingMessage, ...]:
    """Reads the array of messages ``Draft.send_json()`` returns."""
    return _list(_loads(text, where), OutgoingMessage.from_value, where)


@dataclass(frozen=True, slots=True)
class StageResult:
    """``{"staged", "dropped", "notice", "messages"}`` (``Draft.stage_files``): the new tiles' ids
    in pick order, how many picks the files-per-message limit dropped, the banner raised for them,
    and the messages the pick went out as at once (with multiple_attachments off; else empty)."""

    staged: tuple[int, ...]
    dropped: int
    notice: str | None
    messages: tuple[OutgoingMessage, ...]

    @classmethod
    def from_value(cls, value: Any, where: str = "mc_draft_stage_files") -> StageResult:
        o = _Object(value, where)
        return cls(
            staged=o.array("staged", _int),
            dropped=o.integer("dropped"),
            notice=o.opt_string("notice"),
            messages=o.array("messages", OutgoingMessage.from_value),
        )

    @classmethod
    def from_json(cls, text: str, where: str = "mc_draft_stage_files") -> StageResult:
        return cls.from_value(_loads(text, where), where)


# The UI state (README "UI state"; JSONLayouts/UIState+JSON.swift).


@dataclass(frozen=True, slots=True)
class SendBlocked:
    """``{"reason", "message"}``: why the draft cannot be sent, and the text to show."""

    reason: SendBlockReason
    message: str

    @classmethod
    def from_value(cls, value: Any, where: str = "send_blocked") -> SendBlocked:
        o = _Object(value, where)
        return cls(reason=o.string("reason"), message=o.string("message"))  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class ReplyPreview:
    """``{"sender", "snippet"}``: who wrote the message being replied to, and its plain text cut
    to 100 grapheme clusters."""

    sender: str
    snippet: str

    @classmethod
    def from_value(cls, value: Any, where: str = "preview") -> ReplyPreview:
        o = _Object(value, where)
        return cls(sender=o.string("sender"), snippet=o.string("snippet"))


@dataclass(frozen=True, slots=True)
class Mode:
    """The mode: ``{"kind": "new"}``, ``{"kind": "edit", "message_id", "media"}`` or
    ``{"kind": "reply", "message_id", "preview"}``; keys a kind does not write read as None."""

    kind: ModeKind
    message_id: str | None = None
    media: bool | None = None
    preview: ReplyPreview | None = None

    @classmethod
    def from_value(cls, value: Any, where: str = "mode") -> Mode:
        o = _Object(value, where)
        media = None if value.get("media") is None else o.boolean("media")
        return cls(
            kind=o.string("kind"),  # type: ignore[arg-type]
            message_id=o.opt_string("message_id"),
            media=media,
            preview=o.opt_object("preview", ReplyPreview.from_value),
        )


@dataclass(frozen=True, slots=True)
class Command:
    """``{"name", "args"}``: the slash command the draft will send (``args`` None when it was set
    without and nothing was typed after)."""

    name: str
    args: str | None

    @classmethod
    def from_value(cls, value: Any, where: str = "command") -> Command:
        o = _Object(value, where)
        return cls(name=o.string("name"), args=o.opt_string("args"))


@dataclass(frozen=True, slots=True)
class UIState:
    """Everything a UI draws (``Draft.ui_state()``)."""

    can_send: bool
    send_blocked: SendBlocked | None
    mode: Mode
    thread_parent_id: str | None
    also_send_to_channel: bool
    selection: tuple[int, int]  #: (anchor, focus)
    active_formats: ActiveFormats
    tray: tuple[Tile, ...]
    attachments_available: bool
    mic_available: bool
    sticker_available: bool
    info_banner: str | None
    mention_query: Query | None
    command_query: Query | None
    command: Command | None
    cooldown_remaining_ms: int
    length: int
    max_length: int | None
    typing: bool
    can_undo: bool
    can_redo: bool

    @classmethod
    def from_value(cls, value: Any, where: str = "mc_draft_ui_state") -> UIState:
        o = _Object(value, where)
        return cls(
            can_send=o.boolean("can_send"),
            send_blocked=o.opt_object("send_blocked", SendBlocked.from_value),
            mode=o.object("mode", Mode.from_value),
            thread_parent_id=o.opt_string("thread_parent_id"),
            also_send_to_channel=o.boolean("also_send_to_channel"),
            selection=_pair(o.array("selection", _int), where),
            active_formats=o.object("active_formats", ActiveFormats.from_value),
            tray=o.array("tray", Tile.from_value),
            attachments_available=o.boolean("attachments_available"),
            mic_available=o.boolean("mic_available"),
            sticker_available=o.boolean("sticker_available"),
            info_banner=o.opt_string("info_banner"),
            mention_query=o.opt_object("mention_query", Query.from_value),
            command_query=o.opt_object("command_query", Query.from_value),
            command=o.opt_object("command", Command.from_value),
            cooldown_remaining_ms=o.integer("cooldown_remaining_ms"),
            length=o.integer("length"),
            max_length=o.opt_integer("max_length"),
            typing=o.boolean("typing"),
            can_undo=o.boolean("can_undo"),
            can_redo=o.boolean("can_redo"),
        )

    @classmethod
    def from_json(cls, text: str, where: str = "mc_draft_ui_state") -> UIState:
        return cls.from_value(_loads(text, where), where)


def _pair(values: tuple[int, ...], where: str) -> tuple[int, int]:
    if len(values) != 2:
        raise _unexpected(where, f"expected [anchor, focus], not {len(values)} numbers")
    return values[0], values[1]


# The configuration (README "Configuration"; Composer/DraftConfig.swift).


@dataclass(frozen=True, slots=True)
class Config:
    """The effective configuration (``Draft.config``), every option filled in. ``max_length``
    None: no limit; ``allowed_types`` None: every type."""

    rich_text: bool
    mentions: bool
    mention_limit: int
    max_length: int | None
    trim: bool
    typing_events: bool
    multiple_attachments: bool
    max_files: int
    max_file_size: int
    allowed_types: tuple[str, ...] | None
    undo_depth: int
    slow_mode_seconds: int
    commands: bool
    stickers: bool

    @classmethod
    def from_value(cls, value: Any, where: str = "mc_draft_config") -> Config:
        o = _Object(value, where)
        allowed = None if value.get("allowed_types") is None else o.array("allowed_types", _str)
        return cls(
            rich_text=o.boolean("rich_text"),
            mentions=o.boolean("mentions"),
            mention_limit=o.integer("mention_limit"),
            max_length=o.opt_integer("max_length"),
            trim=o.boolean("trim"),
            typing_events=o.boolean("typing_events"),
            multiple_attachments=o.boolean("multiple_attachments"),
            max_files=o.integer("max_files"),
            max_file_size=o.integer("max_file_size"),
            allowed_types=allowed,
            undo_depth=o.integer("undo_depth"),
            slow_mode_seconds=o.integer("slow_mode_seconds"),
            commands=o.boolean("commands"),
            stickers=o.boolean("stickers"),
        )

    @classmethod
    def from_json(cls, text: str, where: str = "mc_draft_config") -> Config:
        return cls.from_value(_loads(text, where), where)


# Events (docs/events.md): one class per kind. ``payload_json`` keeps the JSON text as delivered.


@dataclass(frozen=True, slots=True)
class TextEvent:
    """Old ``[start, end)`` became ``text``; ``length`` is the new total."""

    kind: ClassVar[EventKind] = EventKind.TEXT
    start: int
    end: int
    text: str
    length: int
    payload_json: str = field(default="", repr=False, compare=False)


@dataclass(frozen=True, slots=True)
class FormattingEvent:
    """The formatting of ``[start, end)`` (new offsets) changed: read ``Draft.spans(start, end)``."""

    kind: ClassVar[EventKind] = EventKind.FORMATTING
    start: int
    end: int
    payload_json: str = field(default="", repr=False, compare=False)


@dataclass(frozen=True, slots=True)
class SelectionEvent:
    """The selection changed."""

    kind: ClassVar[EventKind] = EventKind.SELECTION
    anchor: int
    focus: int
    payload_json: str = field(default="", repr=False, compare=False)


@dataclass(frozen=True, slots=True)
class FormatsEvent:
    """The active formats changed."""

    kind: ClassVar[EventKind] = EventKind.FORMATS
    formats: ActiveFormats
    payload_json: str = field(default="", repr=False, compare=False)


@dataclass(frozen=True, slots=True)
class SendStateEvent:
    """Sendability or its reason changed (``reason`` None: the draft can be sent)."""

    kind: ClassVar[EventKind] = EventKind.SEND_STATE
    can_send: bool
    reason: SendBlockReason | None
    payload_json: str = field(default="", repr=False, compare=False)


@dataclass(frozen=True, slots=True)
class TrayEvent:
    """The attachment tray changed: every tile."""

    kind: ClassVar[EventKind] = EventKind.TRAY
    tiles: tuple[Tile, ...]
    payload_json: str = field(default="", repr=False, compare=False)


@dataclass(frozen=True, slots=True)
class MentionQueryEvent:
    """The ``@`` query changed (None: it ended)."""

    kind: ClassVar[EventKind] = EventKind.MENTION_QUERY
    query: Query | None
    payload_json: str = field(default="", repr=False, compare=False)


@dataclass(frozen=True, slots=True)
class CommandQueryEvent:
    """The ``/`` query changed (None: it ended)."""

    kind: ClassVar[EventKind] = EventKind.COMMAND_QUERY
    query: Query | None
    payload_json: str = field(default="", repr=False, compare=False)


@dataclass(frozen=True, slots=True)
class TypingEvent:
    """A typing notice for the host to send: started (True) or stopped (False)."""

    kind: ClassVar[EventKind] = EventKind.TYPING
    typing: bool
    payload_json: str = field(default="", repr=False, compare=False)


@dataclass(frozen=True, slots=True)
class ModeEvent:
    """The mode or the command changed: the new mode."""

    kind: ClassVar[EventKind] = EventKind.MODE
    mode: Mode
    payload_json: str = field(default="", repr=False, compare=False)


@dataclass(frozen=True, slots=True)
class BannerEvent:
    """The info banner changed (None: dismissed)."""

    kind: ClassVar[EventKind] = EventKind.BANNER
    banner: str | None
    payload_json: str = field(default="", repr=False, compare=False)


@dataclass(frozen=True, slots=True)
class ErrorEvent:
    """A call on the draft was refused: the C ``function``, its ``status`` and ``message``."""

    kind: ClassVar[EventKind] = EventKind.ERROR
    function: str
    status: int
    message: str
    payload_json: str = field(default="", repr=False, compare=False)


@dataclass(frozen=True, slots=True)
class CancelUploadEvent:
    """The host should stop uploading attachment ``id`` (removed or cleared)."""

    kind: ClassVar[EventKind] = EventKind.CANCEL_UPLOAD
    id: int
    payload_json: str = field(default="", repr=False, compare=False)


@dataclass(frozen=True, slots=True)
class ConfigEvent:
    """A configuration update (``Draft.update_config``) changed options: ``changed`` names them in
    the configuration's order, and the field of each name holds its new value; the other fields
    are None (for ``max_length`` and ``allowed_types`` None is also a value: no limit, every
    type)."""

    kind: ClassVar[EventKind] = EventKind.CONFIG
    changed: tuple[str, ...]
    rich_text: bool | None = None
    mentions: bool | None = None
    mention_limit: int | None = None
    max_length: int | None = None
    trim: bool | None = None
    typing_events: bool | None = None
    multiple_attachments: bool | None = None
    max_files: int | None = None
    max_file_size: int | None = None
    allowed_types: tuple[str, ...] | None = None
    undo_depth: int | None = None
    slow_mode_seconds: int | None = None
    commands: bool | None = None
    stickers: bool | None = None
    payload_json: str = field(default="", repr=False, compare=False)


@dataclass(frozen=True, slots=True)
class ThreadEvent:
    """The thread parent or "also send to channel" changed: both, as they are now."""

    kind: ClassVar[EventKind] = EventKind.THREAD
    parent_id: str | None
    also_send_to_channel: bool
    payload_json: str = field(default="", repr=False, compare=False)


@dataclass(frozen=True, slots=True)
class UnknownEvent:
    """An event kind newer than this binding: its ``MC_EVENT_*`` value and decoded payload."""

    raw_kind: int
    payload: Any
    payload_json: str = field(default="", repr=False, compare=False)


#: What a listener hears; ``isinstance`` (or ``match``) tells the kinds apart.
Event = Union[
    TextEvent,
    FormattingEvent,
    SelectionEvent,
    FormatsEvent,
    SendStateEvent,
    TrayEvent,
    MentionQueryEvent,
    CommandQueryEvent,
    TypingEvent,
    ModeEvent,
    BannerEvent,
    ErrorEvent,
    CancelUploadEvent,
    ConfigEvent,
    ThreadEvent,
    UnknownEvent,
]


def _event_text(v: Any, w: str, raw: str) -> Event:
    o = _Object(v, w)
    return TextEvent(o.integer("start"), o.integer("end"), o.string("text"), o.integer("length"), raw)


def _event_formatting(v: Any, w: str, raw: str) -> Event:
    o = _Object(v, w)
    return FormattingEvent(o.integer("start"), o.integer("end"), raw)


def _event_selection(v: Any, w: str, raw: str) -> Event:
    anchor, focus = _pair(_list(v, _int, w), w)
    return SelectionEvent(anchor, focus, raw)


def _event_send_state(v: Any, w: str, raw: str) -> Event:
    o = _Object(v, w)
    return SendStateEvent(o.boolean("can_send"), o.opt_string("reason"), raw)  # type: ignore[arg-type]


def _optional(read: Callable[[Any, str], T]) -> Callable[[Any, str], T | None]:
    return lambda v, w: None if v is None else read(v, w)


def _event_banner(v: Any, w: str, raw: str) -> Event:
    return BannerEvent(None if v is None else _str(v, w), raw)


def _event_error(v: Any, w: str, raw: str) -> Event:
    o = _Object(v, w)
    return ErrorEvent(o.string("function"), o.integer("status"), o.string("message"), raw)


#: How ConfigEvent reads each option it knows (keys of a newer library are named in ``changed`` only).
_CONFIG_READERS: Mapping[str, Callable[[_Object, str], Any]] = {
    "rich_text": _Object.boolean,
    "mentions": _Object.boolean,
    "mention_limit": _Object.integer,
    "max_length": _Object.opt_integer,
    "trim": _Object.boolean,
    "typing_events": _Object.boolean,
    "multiple_attachments": _Object.boolean,
    "max_files": _Object.integer,
    "max_file_size": _Object.integer,
    "allowed_types": lambda o, key: None if o.is_null(key) else o.array(key, _str),
    "undo_depth": _Object.integer,
    "slow_mode_seconds": _Object.integer,
    "commands": _Object.boolean,
    "stickers": _Object.boolean,
}


def _event_config(v: Any, w: str, raw: str) -> Event:
    o = _Object(v, w)
    changed = tuple(v)
    values = {key: read(o, key) for key, read in _CONFIG_READERS.items() if key in v}
    return ConfigEvent(changed=changed, payload_json=raw, **values)


def _event_thread(v: Any, w: str, raw: str) -> Event:
    o = _Object(v, w)
    return ThreadEvent(o.opt_string("parent_id"), o.boolean("also_send_to_channel"), raw)


_EVENTS: Mapping[EventKind, Callable[[Any, str, str], Event]] = {
    EventKind.TEXT: _event_text,
    EventKind.FORMATTING: _event_formatting,
    EventKind.SELECTION: _event_selection,
    EventKind.FORMATS: lambda v, w, raw: FormatsEvent(ActiveFormats.from_value(v, w), raw),
    EventKind.SEND_STATE: _event_send_state,
    EventKind.TRAY: lambda v, w, raw: TrayEvent(_list(v, Tile.from_value, w), raw),
    EventKind.MENTION_QUERY: lambda v, w, raw: MentionQueryEvent(_optional(Query.from_value)(v, w), raw),
    EventKind.COMMAND_QUERY: lambda v, w, raw: CommandQueryEvent(_optional(Query.from_value)(v, w), raw),
    EventKind.TYPING: lambda v, w, raw: TypingEvent(_Object(v, w).boolean("typing"), raw),
    EventKind.MODE: lambda v, w, raw: ModeEvent(Mode.from_value(v, w), raw),
    EventKind.BANNER: _event_banner,
    EventKind.ERROR: _event_error,
    EventKind.CANCEL_UPLOAD: lambda v, w, raw: CancelUploadEvent(_Object(v, w).integer("id"), raw),
    EventKind.CONFIG: _event_config,
    EventKind.THREAD: _event_thread,
}


def event_from_json(kind: int, payload_json: str) -> Event:
    """The typed event for an ``MC_EVENT_*`` value and its payload JSON text (what the listener
    hears); a kind newer than this binding gives an ``UnknownEvent``."""
    value = _loads(payload_json, "listener payload")
    try:
        read = _EVENTS[EventKind(kind)]
    except (ValueError, KeyError):
        return UnknownEvent(kind, value, payload_json)
    return read(value, f"{EventKind(kind).name} event", payload_json)


def list_from_json(text: str, read: Callable[[Any, str], T], where: str) -> tuple[T, ...]:
    """Reads a JSON array of one layout (tiles, mentions...)."""
    return _list(_loads(text, where), read, where)


__all__: Sequence[str] = (
    "ActiveFormats",
    "AttachmentKind",
    "BannerEvent",
    "CancelUploadEvent",
    "Command",
    "CommandQueryEvent",
    "Config",
    "ConfigEvent",
    "Document",
    "ErrorEvent",
    "Event",
    "FormatName",
    "FormatsEvent",
    "FormattingEvent",
    "Mention",
    "MentionQueryEvent",
    "MessageMention",
    "MessageType",
    "Mode",
    "ModeEvent",
    "ModeKind",
    "OutgoingAttachment",
    "OutgoingMessage",
    "Query",
    "ReplyPreview",
    "SelectionEvent",
    "SendBlockReason",
    "SendBlocked",
    "SendStateEvent",
    "Span",
    "StageResult",
    "Sticker",
    "TextEvent",
    "ThreadEvent",
    "Tile",
    "TileState",
    "TrayEvent",
    "TypingEvent",
    "UIState",
    "UnknownEvent",
    "event_from_json",
    "messages_from_json",
    "spans_from_json",
)
