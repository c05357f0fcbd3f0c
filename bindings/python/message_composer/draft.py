"""``Draft``: one message being composed, owning an ``mc_draft *``."""

from __future__ import annotations

import itertools
import traceback
import warnings
import weakref
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from ctypes import byref, c_bool, c_int64, c_void_p
from typing import Any

from . import _ffi
from ._ffi import lib
from .constants import CaretUnit, Flag, Format, Unit, UploadEvent
from .layouts import (
    ActiveFormats,
    Config,
    Document,
    Event,
    Mention,
    OutgoingMessage,
    Span,
    StageResult,
    Tile,
    UIState,
    event_from_json,
    list_from_json,
    messages_from_json,
    spans_from_json,
)

#: A listener: ``callback(event)`` with one typed event (``message_composer.layouts``).
Listener = Callable[[Event], None]


class ListenerWarning(RuntimeWarning):
    """A listener raised; the exception was caught (it must not unwind into C) and is kept in
    ``Draft.listener_error``."""


#: The drafts with a listener, by the key the library hands back as user_data. Weak: a listener
#: that refers to its draft (``self.draft.set_listener(self.on_event)``) keeps nothing alive, and a
#: closed or collected draft's key finds nothing.
_listening: weakref.WeakValueDictionary[int, Draft] = weakref.WeakValueDictionary()
_keys = itertools.count(1)


def _dispatch(user_data: int | None, kind: int, payload_json: bytes | None) -> None:
    draft = _listening.get(user_data or 0)
    if draft is not None:
        draft._hear(kind, payload_json)


#: The one C callback of every Python listener, alive as long as the module: the library never
#: calls a freed ctypes object, whichever thread replaces a listener or closes a draft while
#: another thread's call is delivering events. Each draft's Python callable is looked up per event.
_TRAMPOLINE = _ffi.mc_listener(_dispatch)


class Draft:
    """A message draft: rich text, selection and configuration.

    Offsets are Python ``str`` indices (Unicode scalars), ranges half-open ``[start, end)``.
    Use it as a context manager or call ``close()``; a draft that is garbage-collected unclosed is
    freed then. After ``close()`` every method raises ``InvalidHandleError``.

    A draft is always truthy, even with empty text (``len(draft)`` is the text's length).
    """

    def __init__(self, config: Mapping[str, Any] | str | None = None) -> None:
        """Creates a draft. ``config`` is a dict of options or its JSON text; None gives the defaults.

        Raises InvalidJSONError, InvalidArgumentError (unknown key, wrong type, value out of
        bounds), LimitExceededError (too many live drafts).
        """
        config_json = None if config is None else _ffi.json_argument(config, "config", "mc_draft_new")
        handle = c_void_p()
        lib.mc_draft_new(config_json, byref(handle))
        self._handle: int = handle.value  # type: ignore[assignment]  # non-NULL on success
        self._listener: Listener | None = None
        self._key = next(_keys)
        #: The last exception a listener raised (caught at the C boundary), or None.
        self.listener_error: BaseException | None = None
        self._finalizer = weakref.finalize(self, lib.mc_draft_free, self._handle)

    # Lifetime

    def close(self) -> None:
        """Frees the draft. Idempotent. May be called from its own listener (the events of that
        call not yet delivered are dropped) or from another thread."""
        _listening.pop(self._key, None)
        self._finalizer()

    @property
    def closed(self) -> bool:
        """Whether ``close()`` was called (then every method raises ``InvalidHandleError``)."""
        return not self._finalizer.alive

    def __enter__(self) -> Draft:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __bool__(self) -> bool:
        return True

    def __reduce__(self) -> Any:
        # A copy would share the handle: closing one would close both.
        raise TypeError("a Draft owns a C handle and cannot be copied or pickled")

    def __repr__(self) -> str:
        return "<Draft closed>" if self.closed else f"<Draft {self._handle:#x}>"

    # Text and selection

    def replace(self, start: int, end: int, text: str) -> None:
        """Replaces ``[start, end)`` with ``text``; the caret moves after it.

        New text takes the formats of the first replaced character (at a caret, of the character
        before it, without link or mention); a range cutting into a mention grows to the whole mention.
        Raises OutOfRangeError (start < 0, end < start, end > len), InvalidUTF8Error (a lone
        surrogate, or U+0000). On error nothing changes.
        """
        where = "mc_draft_replace_n"
        data = _ffi.utf8(text, "text", where)
        lib.mc_draft_replace_n(
            self._handle, _ffi.int64(start, "start", where), _ffi.int64(end, "end", where), data, len(data)
        )

    @property
    def text(self) -> str:
        """The plain text."""
        return _ffi.take_string(lib.mc_draft_text, self._handle)

    @property
    def length(self) -> int:
        """The text's length in Unicode scalars (``len(draft.text)``)."""
        return _ffi.take_int64(lib.mc_draft_length, self._handle)

    def __len__(self) -> int:
        return self.length

    @property
    def selection(self) -> tuple[int, int]:
        """``(anchor, focus)``; equal for a caret."""
        anchor, focus = c_int64(), c_int64()
        lib.mc_draft_selection(self._handle, byref(anchor), byref(focus))
        return anchor.value, focus.value

    def set_selection(self, anchor: int, focus: int) -> None:
        """Sets the selection. Both ends are clamped into ``[0, len]``; an end inside a mention snaps
        to the mention's nearer edge."""
        where = "mc_draft_set_selection"
        lib.mc_draft_set_selection(self._handle, _ffi.int64(anchor, "anchor", where), _ffi.int64(focus, "focus", where))

    def convert_offset(self, offset: int, from_unit: Unit | int, to_unit: Unit | int) -> int:
        """Converts an offset into the draft's text between units.

        Raises OutOfRangeError (negative, past the end, inside a character), InvalidArgumentError
        (unknown unit).
        """
        where = "mc_draft_convert_offset"
        return _ffi.take_int64(
            lib.mc_draft_convert_offset,
            self._handle,
            _ffi.int64(offset, "offset", where),
            _ffi.int32(from_unit, "from_unit", where),
            _ffi.int32(to_unit, "to_unit", where),
        )

    def select_all(self) -> None:
        """Selects the whole text."""
        lib.mc_draft_select_all(self._handle)

    # Editing as a keyboard does

    def insert(self, text: str) -> None:
        """Types ``text`` at the selection: the selection is replaced, the text takes the typing
        attributes, "\\n" acts as ``enter()``, and with rich text on a line-start shortcut ("- ",
        "* ", "1. ", "> ", three backticks) converts the line. Raises InvalidUTF8Error."""
        where = "mc_draft_insert_n"
        data = _ffi.utf8(text, "text", where)
        lib.mc_draft_insert_n(self._handle, data, len(data))

    def enter(self) -> None:
        """Enter: splits the line at the caret; continues or ends a list, quote or code block."""
        lib.mc_draft_enter(self._handle)

    def delete_backward(self) -> None:
        """Backspace: deletes the selection, or the grapheme cluster (a whole mention) before the caret."""
        lib.mc_draft_delete_backward(self._handle)

    def delete_forward(self) -> None:
        """Delete: deletes the selection, or the grapheme cluster (a whole mention) after the caret."""
        lib.mc_draft_delete_forward(self._handle)

    def move_caret(self, unit: CaretUnit | int, count: int, *, extend: bool = False) -> None:
        """Moves the focus ``count`` units (negative = backward); ``extend`` keeps the anchor
        (shift-selection). Raises InvalidArgumentError (unknown unit)."""
        where = "mc_draft_move_caret"
        lib.mc_draft_move_caret(
            self._handle,
            _ffi.int32(unit, "unit", where),
            _ffi.int64(count, "count", where),
            Flag.EXTEND if _ffi.boolean(extend, "extend", where) else 0,
        )

    # Formats, links, mentions

    def apply_format(
        self, start: int, end: int, format: Format | int, value: str | None = None, *, protect: bool = True
    ) -> None:
        """Applies ``format`` over ``[start, end)`` (one undo step); an empty range at the caret
        changes the typing attributes. ``value``: the URL for ``Format.LINK``, the colour for
        ``Format.COLOR``, None otherwise. ``protect`` carves mentions, links, inline code and code
        blocks out of the range.

        Raises OutOfRangeError, InvalidArgumentError (unknown format, missing or unexpected value),
        UnsafeLinkError, InvalidColorError. On error nothing changes.
        """
        self._format("mc_draft_apply_format", start, end, format, protect, value)

    def toggle_format(
        self, start: int, end: int, format: Format | int, value: str | None = None, *, protect: bool = True
    ) -> None:
        """Removes ``format`` when every touched character (line, for blocks) has it with this
        value, else applies it; at a caret, toggles the typing attributes. Errors as apply_format."""
        self._format("mc_draft_toggle_format", start, end, format, protect, value)

    def remove_format(self, start: int, end: int, format: Format | int, *, protect: bool = True) -> None:
        """Removes ``format`` (any value) from ``[start, end)``. Errors as apply_format."""
        self._format("mc_draft_remove_format", start, end, format, protect)

    def _format(self, name: str, start: int, end: int, format: Format | int, protect: bool, *value: str | None) -> None:
        """The three format functions: (draft, start, end, format[, value], flags)."""
        args: list[Any] = [
            _ffi.int64(start, "start", name),
            _ffi.int64(end, "end", name),
            _ffi.int32(format, "format", name),
        ]
        args += [None if v is None else _ffi.cstring(v, "value", name) for v in value]
        getattr(lib, name)(self._handle, *args, Flag.PROTECT if _ffi.boolean(protect, "protect", name) else 0)

    @property
    def active_formats(self) -> ActiveFormats:
        """The formats active at the selection: ``formats`` (names), ``link`` (the URL or None),
        ``color`` ("#rrggbb" or None); at a caret, the typing attributes plus the line's block."""
        where = "mc_draft_active_formats"
        return ActiveFormats.from_json(_ffi.take_string(lib.mc_draft_active_formats, self._handle), where)

    def set_link(self, url: str) -> None:
        """Links the selection to ``url``; with a caret in or at the edge of a link, retargets it.
        Raises UnsafeLinkError."""
        lib.mc_draft_set_link(self._handle, _ffi.cstring(url, "url", "mc_draft_set_link"))

    def remove_link(self) -> None:
        """Removes, whole, every link the selection or caret touches."""
        lib.mc_draft_remove_link(self._handle)

    def insert_link(self, text: str, url: str) -> None:
        """Replaces the selection with ``text`` linked to ``url``; the caret ends after it.
        Raises UnsafeLinkError, InvalidArgumentError (empty text, or a line break in it)."""
        where = "mc_draft_insert_link"
        lib.mc_draft_insert_link(self._handle, _ffi.cstring(text, "text", where), _ffi.cstring(url, "url", where))

    def insert_mention(self, uid: str, name: str) -> None:
        """Replaces the selection with the atomic mention "@name" for ``uid`` and a space.
        Raises InvalidArgumentError (bad uid or name), NotAllowedError (mentions disabled, caret in a
        code block), LimitExceededError (mention_limit reached)."""
        where = "mc_draft_insert_mention"
        lib.mc_draft_insert_mention(self._handle, _ffi.cstring(uid, "uid", where), _ffi.cstring(name, "name", where))

    @property
    def mentions(self) -> list[Mention]:
        """The mentions in text order."""
        where = "mc_draft_mentions"
        return list(list_from_json(_ffi.take_string(lib.mc_draft_mentions, self._handle), Mention.from_value, where))

    # Undo

    def undo(self) -> None:
        """Undoes the last step; does nothing when there is none or a batch is open."""
        lib.mc_draft_undo(self._handle)

    def redo(self) -> None:
        """Redoes the last undone step; does nothing when there is none or a batch is open."""
        lib.mc_draft_redo(self._handle)

    @property
    def undo_state(self) -> tuple[bool, bool]:
        """``(can_undo, can_redo)``."""
        can_undo, can_redo = c_bool(), c_bool()
        lib.mc_draft_undo_state(self._handle, byref(can_undo), byref(can_redo))
        return can_undo.value, can_redo.value

    def begin_batch(self) -> None:
        """Opens a batch: every change until the matching commit_batch() is one undo step. Nests."""
        lib.mc_draft_begin_batch(self._handle)

    def commit_batch(self) -> None:
        """Closes the innermost batch. Raises NotAllowedError when none is open."""
        lib.mc_draft_commit_batch(self._handle)

    @contextmanager
    def batch(self) -> Iterator[Draft]:
        """``with draft.batch(): ...``: the changes inside are one undo step (committed even when the
        block raises, so batches stay balanced)."""
        self.begin_batch()
        try:
            yield self
        finally:
            self.commit_batch()

    # Document

    def document_json(self) -> str:
        """The content as canonical document JSON (compact; spans sorted by start, end, format name)."""
        return _ffi.take_string(lib.mc_draft_document, self._handle)

    def document(self) -> Document:
        """The content as a document: its text and canonical spans."""
        return Document.from_json(self.document_json(), "mc_draft_document")

    def load_document(self, document: Document | Mapping[str, Any] | str) -> None:
        """Replaces the content with a document (a ``Document``, a dict or its JSON text); the caret
        moves to the end.

        Raises InvalidJSONError, InvalidArgumentError (unknown key or format, missing field, block
        span not over whole lines, conflicting values), OutOfRangeError, UnsafeLinkError,
        InvalidColorError. On error the draft is unchanged.
        """
        where = "mc_draft_load_document"
        value = document.to_json() if isinstance(document, Document) else document
        lib.mc_draft_load_document(self._handle, _ffi.json_argument(value, "document", where))

    def spans_json(self, start: int, end: int) -> str:
        """The canonical spans of ``[start, end)`` as JSON text (``spans()`` before decoding)."""
        where = "mc_draft_spans"
        return _ffi.take_string(
            lib.mc_draft_spans, self._handle, _ffi.int64(start, "start", where), _ffi.int64(end, "end", where)
        )

    def spans(self, start: int, end: int) -> list[Span]:
        """The canonical spans of ``[start, end)``: the ``"spans"`` of ``document()`` clipped to the
        range (a block span on one empty line counts when that line lies within the range, ends
        included). With ``TextEvent`` and ``FormattingEvent`` this keeps a host's copy of
        the document up to date: after a FORMATTING event ``{"start", "end"}``, read
        ``spans(start, end)`` again. Costs what the range costs, not the draft.

        Raises OutOfRangeError (start < 0, end < start, end > len).
        """
        return list(spans_from_json(self.spans_json(start, end)))

    # Wire format (markdown)

    @property
    def markdown(self) -> str:
        """The content as wire markdown (the same as ``serialize()``): with rich text on, every
        format; with rich text off, plain text with every markdown-significant character escaped
        (mentions kept). ``parse_markdown(draft.markdown, mentions)`` with the draft's mention names
        gives back ``draft.document()``."""
        return _ffi.take_string(lib.mc_draft_serialize, self._handle)

    def serialize(self) -> str:
        """The content as wire markdown: ``mc_draft_serialize``, the same as the ``markdown`` property."""
        return self.markdown

    @property
    def mention_names(self) -> dict[str, str]:
        """``{uid: name}`` for the draft's mentions (the first name of each uid), as
        ``parse_markdown`` wants them to read ``markdown`` back."""
        names: dict[str, str] = {}
        for mention in self.mentions:
            names.setdefault(mention.uid, mention.name)
        return names

    def load_markdown(self, markdown: str, mentions: Mapping[str, str] | str | None = None) -> None:
        """Replaces the content with a received message's markdown (one undo step); the caret moves
        to the end. ``mentions``: ``{uid: name}`` (or its JSON text) for the mentions' display
        names; a uid without one shows as "@uid".

        Raises InvalidUTF8Error (a lone surrogate, or U+0000), InvalidJSONError (mentions text that
        does not parse), InvalidArgumentError (mentions not an object of uid -> name strings, a bad
        uid or name). On error the draft is unchanged.
        """
        where = "mc_draft_load_markdown"
        lib.mc_draft_load_markdown(
            self._handle, _ffi.cstring(markdown, "markdown", where), _ffi.mentions_json(mentions, where)
        )

    def normalize_markdown(self) -> None:
        """Converts markdown typed by hand (``**x**``, ``_y_``, `` `z` ``, ``[a](b)``, "- item") into
        formatting (one undo step); already formatted text stays literal. Does nothing with rich
        text off. Sending does this; call it to show the result earlier."""
        lib.mc_draft_normalize_markdown(self._handle)

    # Configuration

    @property
    def config(self) -> Config:
        """The effective configuration: every option, defaults filled in."""
        return Config.from_json(self.config_json())

    def config_json(self) -> str:
        """The effective configuration as JSON text (``config`` before decoding)."""
        return _ffi.take_string(lib.mc_draft_config, self._handle)

    def update_config(self, changes: Mapping[str, Any] | str) -> None:
        """Changes options of the live draft (limits and switches the server sends at run time):
        ``changes`` holds any of the options of ``Draft(config)`` (a dict, or its JSON text), and
        only those change. The whole result is validated first: on any error nothing changes.
        Staged tiles are checked against new limits (a type no longer allowed or a file now too
        large becomes an error tile, its running upload gets CANCEL_UPLOAD; a tray over a lowered
        max_files is not sendable, reason "too_many_files", until enough are removed); a new
        slow_mode_seconds applies to a running cooldown. The listener hears ``EventKind.CONFIG``
        with the changed options.

        Raises InvalidArgumentError (unknown option, wrong type, value out of range),
        InvalidJSONError, InvalidUTF8Error."""
        where = "mc_draft_update_config"
        lib.mc_draft_update_config(self._handle, _ffi.json_argument(changes, "changes", where))

    # UI state, events, clock

    def ui_state(self) -> UIState:
        """The whole UI state (README "UI state"): can_send and send_blocked, mode and reply
        preview, thread, selection, active formats, tray, attachment and mic availability, banner,
        mention and command queries, command, cooldown, length and limit, typing, undo/redo."""
        return UIState.from_json(self.ui_state_json())

    def ui_state_json(self) -> str:
        """The UI state as JSON text (``ui_state()`` before decoding)."""
        return _ffi.take_string(lib.mc_draft_ui_state, self._handle)

    def set_listener(self, callback: Listener | None) -> None:
        """Registers ``callback(event)`` (None removes it): after each call that changes something,
        one event per changed aspect, on the calling thread, as a typed event (``TextEvent``,
        ``SelectionEvent``... of ``message_composer.layouts``; its ``payload_json`` is the JSON the
        library gave); a batch delivers one coalesced set at its outermost commit. The callback
        hears what changes after its registration: once this returns, the old one hears nothing
        more, not even the rest of a set it was hearing. The callback may call into the draft,
        replace itself or close the draft. An exception it raises does not reach C: it is caught,
        kept in ``listener_error`` and reported as a ``ListenerWarning``; a KeyboardInterrupt or
        SystemExit is raised again when the call that delivered the event returns. A refusal the
        binding makes before calling the library (a wrong Python type, a lone surrogate, an int
        too large for C) raises without an ``ErrorEvent``; refusals of the library give one.
        """
        if callback is not None and not callable(callback):
            raise TypeError(f"listener must be callable or None, not {type(callback).__name__}")
        # The callable first: a call on another thread delivering now finds the new one or none.
        self._listener = callback
        if callback is None:
            lib.mc_draft_set_listener(self._handle, _ffi.mc_listener(), None)
            _listening.pop(self._key, None)
        else:
            # Findable before the library can call: a call on another thread may deliver at once.
            _listening[self._key] = self
            try:
                lib.mc_draft_set_listener(self._handle, _TRAMPOLINE, self._key)
            except BaseException:
                _listening.pop(self._key, None)
                raise

    def _hear(self, kind: int, payload_json: bytes | None) -> None:
        """One event from the library (through ``_TRAMPOLINE``); nothing may unwind into C."""
        callback = self._listener
        if callback is None:
            return
        try:
            text = "null" if payload_json is None else payload_json.decode("utf-8")
            callback(event_from_json(kind, text))
        except (KeyboardInterrupt, SystemExit) as interrupt:
            _ffi.deferred.error = _ffi.deferred.error or interrupt
        except BaseException as error:  # noqa: BLE001 - nothing may unwind into C
            self.listener_error = error
            frames = traceback.extract_tb(error.__traceback__)
            where = f" at {frames[-1].filename}:{frames[-1].lineno}" if frames else ""
            try:
                warnings.warn(
                    f"a Draft listener raised {error!r}{where}; caught",
                    ListenerWarning,
                    stacklevel=1,
                )
            except BaseException:  # noqa: BLE001 - warnings turned into errors
                pass

    def tick(self, now_ms: int) -> None:
        """Advances the host clock to ``now_ms`` (milliseconds, any epoch, never backwards): typing
        stops after 5 s without edits and the slow-mode cooldown counts down.
        Raises OutOfRangeError (the clock went backwards)."""
        lib.mc_draft_tick(self._handle, _ffi.int64(now_ms, "now_ms", "mc_draft_tick"))

    def start_cooldown(self, last_message_ms: int, now_ms: int) -> None:
        """Starts with a slow-mode cooldown: the user's last message went out at
        ``last_message_ms`` as the host knows it (before this draft, or from another device); the
        clock is now ``now_ms`` (as ``tick``). The next new message waits slow_mode_seconds from
        that time. A time after ``now_ms`` counts as ``now_ms``; one before the last message the
        draft knows of changes nothing. Raises OutOfRangeError (a negative time, the clock going
        backwards)."""
        where = "mc_draft_start_cooldown"
        lib.mc_draft_start_cooldown(
            self._handle, _ffi.int64(last_message_ms, "last_message_ms", where), _ffi.int64(now_ms, "now_ms", where)
        )

    def dismiss_banner(self) -> None:
        """Dismisses the info banner (the user closed it); nothing happens without one. A banner
        also goes by itself once its cause is gone."""
        lib.mc_draft_dismiss_banner(self._handle)

    # Sending, modes, thread, commands

    @property
    def can_send(self) -> bool:
        """Whether ``send()`` would succeed now (why not: ``ui_state().send_blocked``)."""
        out = c_bool()
        lib.mc_draft_can_send(self._handle, byref(out))
        return out.value

    def send(self, now_ms: int) -> list[OutgoingMessage]:
        """Sends at the host time ``now_ms``: returns the outgoing messages (README "Outgoing
        messages") and clears the draft (the thread stays; an edit gives back the draft put aside).
        Raises NotAllowedError (not sendable; the message says why), OutOfRangeError (clock
        backwards). A refused send changes nothing."""
        return list(messages_from_json(self.send_json(now_ms)))

    def send_json(self, now_ms: int) -> str:
        """``send()``, returning the messages as the library's JSON text."""
        return _ffi.take_string(lib.mc_draft_send, self._handle, _ffi.int64(now_ms, "now_ms", "mc_draft_send"))

    def clear(self) -> None:
        """Clears text, command and attachments (running uploads get a CANCEL_UPLOAD event); typing
        stops. The mode and thread stay."""
        lib.mc_draft_clear(self._handle)

    def begin_edit(
        self,
        message_id: str,
        markdown: str,
        mentions: Mapping[str, str] | str | None = None,
        is_media: bool = False,
    ) -> None:
        """Starts editing message ``message_id`` whose markdown is ``markdown`` (``mentions``:
        ``{uid: name}``); with ``is_media`` only the caption is edited. The current draft is put
        aside and comes back when the edit is sent or cancelled.
        Raises InvalidArgumentError (empty id or control characters, bad mentions), InvalidJSONError."""
        where = "mc_draft_begin_edit"
        lib.mc_draft_begin_edit(
            self._handle,
            _ffi.cstring(message_id, "message_id", where),
            _ffi.cstring(markdown, "markdown", where),
            _ffi.mentions_json(mentions, where),
            _ffi.boolean(is_media, "is_media", where),
        )

    def begin_reply(
        self, message_id: str, sender: str, markdown: str, mentions: Mapping[str, str] | str | None = None
    ) -> None:
        """Starts a reply to ``message_id`` by ``sender``; the preview shows its plain text cut to
        100 grapheme clusters. The text being written stays. Errors as begin_edit."""
        where = "mc_draft_begin_reply"
        lib.mc_draft_begin_reply(
            self._handle,
            _ffi.cstring(message_id, "message_id", where),
            _ffi.cstring(sender, "sender", where),
            _ffi.cstring(markdown, "markdown", where),
            _ffi.mentions_json(mentions, where),
        )

    def cancel_mode(self) -> None:
        """Cancels an edit (the put-aside draft comes back) or dismisses a reply preview (the text
        stays). Does nothing for a new message."""
        lib.mc_draft_cancel_mode(self._handle)

    def set_thread(self, parent_id: str | None) -> None:
        """Sets the thread parent id every outgoing message carries (None clears it).
        Raises InvalidArgumentError."""
        where = "mc_draft_set_thread"
        lib.mc_draft_set_thread(
            self._handle, None if parent_id is None else _ffi.cstring(parent_id, "parent_id", where)
        )

    def set_also_send_to_channel(self, enabled: bool) -> None:
        """Sets whether the next new message, a thread reply, also goes to the channel ("also send
        in channel"): it goes out as ``also_send_to_channel`` and resets after that message (an edit
        neither carries nor resets it; another thread resets it). Raises NotAllowedError (turning
        it on without a thread)."""
        where = "mc_draft_set_also_send_to_channel"
        lib.mc_draft_set_also_send_to_channel(self._handle, _ffi.boolean(enabled, "enabled", where))

    def set_command(self, name: str, args: str | None = None) -> None:
        """Sets the slash command ``name`` (without "/") with ``args`` (None: "args" is null unless
        text is typed after): text and attachments are cleared and the draft now sends the
        command. Raises InvalidArgumentError, NotAllowedError (while editing, commands off)."""
        where = "mc_draft_set_command"
        lib.mc_draft_set_command(
            self._handle, _ffi.cstring(name, "name", where), None if args is None else _ffi.cstring(args, "args", where)
        )

    def clear_command(self) -> None:
        """Removes the command."""
        lib.mc_draft_clear_command(self._handle)

    # Persistence

    def snapshot(self) -> str:
        """The whole draft as versioned JSON text (text, formats, selection, mode with the
        put-aside draft, thread, command, tray, cooldown, clock), for ``restore()``."""
        return _ffi.take_string(lib.mc_draft_snapshot, self._handle)

    def restore(self, snapshot: str | Mapping[str, Any]) -> None:
        """Restores a ``snapshot()`` (its JSON text, or the decoded dict). Uploads in flight come
        back as retryable failures; the undo history starts empty. Raises InvalidJSONError,
        InvalidArgumentError (unknown version, malformed), OutOfRangeError, UnsafeLinkError,
        InvalidColorError; on error nothing changes."""
        where = "mc_draft_restore"
        lib.mc_draft_restore(self._handle, _ffi.json_argument(snapshot, "snapshot", where))

    # Attachments

    def stage_files(self, files: Sequence[Mapping[str, Any]] | str) -> StageResult:
        """Stages picked or pasted files ``[{"name", "mime", "size", "ref", "width", "height",
        "duration", "extra"}]`` ("ref": an opaque host reference handed back on send; the optional
        media metadata, pixels, seconds and a dict of the host's own, goes out on the message too).
        Returns the new tiles' ids (``staged``), how many picks were dropped (``dropped``), the
        banner raised for them (``notice``) and the messages sent at once (``messages``). Extra
        picks beyond max_files are dropped (banner "You can attach up to N files."); a file over
        max_file_size stages as the error tile "File exceeds 100 MB." (the limit in MB, KB or
        bytes). A dict's ``extra`` nests at most 64 levels. With multiple_attachments off there is
        no tray: the first file goes out at once as its own message, in ``messages`` (not uploaded
        yet: the host uploads its ``ref``).
        Raises NotAllowedError (editing, a command set; legacy: files left in the tray, slow mode,
        a refused type), InvalidArgumentError, InvalidJSONError, LimitExceededError (ids
        exhausted; legacy: the file is too large)."""
        where = "mc_draft_stage_files"
        result = _ffi.take_string(
            lib.mc_draft_stage_files, self._handle, _ffi.json_argument(files, "files", where)
        )
        return StageResult.from_json(result, where)

    def upload_event(self, id: int, event: UploadEvent | int, progress: float = 0.0, value: str | None = None) -> None:
        """Reports an upload event for attachment ``id``: ``progress`` for PROGRESS, ``value`` the
        remote reference for COMPLETE, the message for FAIL and REJECT (None for REJECT: "This file
        type isn't allowed."). Raises NotAllowedError (illegal transition, or an id the tray gave
        out and retired: nothing changes), InvalidArgumentError (unknown event or id, NaN),
        NullArgumentError (no value for COMPLETE or FAIL), OutOfRangeError (progress outside
        [0, 1])."""
        where = "mc_draft_upload_event"
        lib.mc_draft_upload_event(
            self._handle,
            _ffi.uint64(id, "id", where),
            _ffi.int32(event, "event", where),
            float(progress),
            None if value is None else _ffi.cstring(value, "value", where),
        )

    def remove_attachment(self, id: int) -> None:
        """Removes or cancels attachment ``id``; if it was uploading, the listener hears
        CANCEL_UPLOAD. Raises InvalidArgumentError (unknown id)."""
        lib.mc_draft_remove_attachment(self._handle, _ffi.uint64(id, "id", "mc_draft_remove_attachment"))

    def attachments(self) -> list[Tile]:
        """The tray's tiles in order."""
        return list(list_from_json(self.attachments_json(), Tile.from_value, "mc_draft_attachments"))

    def attachments_json(self) -> str:
        """The tiles as JSON text (``attachments()`` before decoding)."""
        return _ffi.take_string(lib.mc_draft_attachments, self._handle)

    def voice_note(self, name: str, mime: str, size: int, remote: str) -> OutgoingMessage:
        """Sends a recorded, already uploaded voice note at once as its own message and returns it
        (as in ``send()``); ``mime`` must be an audio type ("" takes the name's extension's).
        Raises NotAllowedError (editing, the tray holds anything, slow mode),
        InvalidArgumentError (not audio)."""
        return OutgoingMessage.from_json(self.voice_note_json(name, mime, size, remote), "mc_draft_voice_note")

    def voice_note_json(self, name: str, mime: str, size: int, remote: str) -> str:
        """``voice_note()``, returning the message as the library's JSON text."""
        where = "mc_draft_voice_note"
        return _ffi.take_string(
            lib.mc_draft_voice_note,
            self._handle,
            _ffi.cstring(name, "name", where),
            _ffi.cstring(mime, "mime", where),
            _ffi.int64(size, "size", where),
            _ffi.cstring(remote, "remote", where),
        )

    def send_sticker(self, sticker_id: str, url: str, pack: str | None = None) -> OutgoingMessage:
        """Sends a picked sticker at once as its own message and returns it (as in ``send()``:
        type ``"sticker"`` and its ``sticker``); the text stays. ``url`` must be http(s) (a bare
        host becomes https). ``ui_state().sticker_available`` says whether the button shows.
        Raises NotAllowedError (editing, a command set, stickers off, slow mode),
        InvalidArgumentError (id or pack), UnsafeLinkError (url)."""
        return OutgoingMessage.from_json(self.send_sticker_json(sticker_id, url, pack), "mc_draft_send_sticker")

    def send_sticker_json(self, sticker_id: str, url: str, pack: str | None = None) -> str:
        """``send_sticker()``, returning the message as the library's JSON text."""
        where = "mc_draft_send_sticker"
        return _ffi.take_string(
            lib.mc_draft_send_sticker,
            self._handle,
            _ffi.cstring(sticker_id, "sticker_id", where),
            _ffi.cstring(url, "url", where),
            None if pack is None else _ffi.cstring(pack, "pack", where),
        )
