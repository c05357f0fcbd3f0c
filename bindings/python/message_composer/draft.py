"""``Draft``: one message being composed, owning an ``mc_draft *``."""

from __future__ import annotations

import json
import weakref
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from ctypes import byref, c_bool, c_int64, c_void_p
from typing import Any

from . import _ffi
from ._ffi import lib
from .constants import CaretUnit, Flag, Format, Unit


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
        config_json = None if config is None else _ffi.cstring(_ffi.json_text(config), "config", "mc_draft_new")
        handle = c_void_p()
        lib.mc_draft_new(config_json, byref(handle))
        self._handle: int = handle.value  # type: ignore[assignment]  # non-NULL on success
        self._finalizer = weakref.finalize(self, lib.mc_draft_free, self._handle)

    # Lifetime

    def close(self) -> None:
        """Frees the draft. Idempotent."""
        self._finalizer()

    @property
    def closed(self) -> bool:
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
            Flag.EXTEND if extend else 0,
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
        getattr(lib, name)(self._handle, *args, Flag.PROTECT if protect else 0)

    @property
    def active_formats(self) -> dict[str, Any]:
        """The formats active at the selection: ``{"formats": [names], "link": url or None,
        "color": "#rrggbb" or None}`` (at a caret, the typing attributes plus the line's block)."""
        result: dict[str, Any] = json.loads(_ffi.take_string(lib.mc_draft_active_formats, self._handle))
        return result

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
    def mentions(self) -> list[dict[str, Any]]:
        """The mentions in text order: ``[{"start", "end", "uid", "name"}, ...]``."""
        result: list[dict[str, Any]] = json.loads(_ffi.take_string(lib.mc_draft_mentions, self._handle))
        return result

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

    def document(self) -> dict[str, Any]:
        """The content as a document: ``{"text": str, "spans": [{"start", "end", "format", ...}]}``."""
        result: dict[str, Any] = json.loads(self.document_json())
        return result

    def load_document(self, document: Mapping[str, Any] | str) -> None:
        """Replaces the content with a document (a dict or its JSON text); the caret moves to the end.

        Raises InvalidJSONError, InvalidArgumentError (unknown key or format, missing field, block
        span not over whole lines, conflicting values), OutOfRangeError, UnsafeLinkError,
        InvalidColorError. On error the draft is unchanged.
        """
        where = "mc_draft_load_document"
        lib.mc_draft_load_document(self._handle, _ffi.cstring(_ffi.json_text(document), "document", where))

    # Configuration

    @property
    def config(self) -> dict[str, Any]:
        """The effective configuration: every option, defaults filled in."""
        result: dict[str, Any] = json.loads(_ffi.take_string(lib.mc_draft_config, self._handle))
        return result
