"""The C surface in one place: the declaration table, the loaded library, the marshalling helpers.

Every C function is declared exactly once, in ``DECLARATIONS`` (tests/test_header.py checks the
table against include/message_composer.h). A new C function is one row; a callback parameter is a
``CFUNCTYPE`` type defined here and used in its row, e.g. for a listener
``void (*)(void *user_data, int32_t kind, const char *json)``::

    mc_listener = CFUNCTYPE(None, c_void_p, c_int32, c_char_p)
    _status("mc_draft_set_listener", mc_draft_p, mc_listener, c_void_p),
"""

from __future__ import annotations

import json
import operator
from collections.abc import Mapping
from ctypes import (
    CDLL,
    CFUNCTYPE,
    POINTER,
    byref,
    c_bool,
    c_char_p,
    c_double,
    c_int32,
    c_int64,
    c_size_t,
    c_uint32,
    c_uint64,
    c_void_p,
    string_at,
)
from typing import Any, Callable, NamedTuple

from . import _library
from .constants import ABI_VERSION
from .errors import InvalidArgumentError, InvalidUTF8Error, OutOfRangeError, error_for

# C types, named as in the header.
mc_status = c_int32
mc_format = c_int32
mc_unit = c_int32
mc_caret_unit = c_int32
mc_event = c_int32
mc_upload_event = c_int32
#: void (*)(void *user_data, int32_t kind, const char *payload_json): the payload is valid only
#: during the call. A Draft keeps its instance referenced for as long as C may call it.
mc_listener = CFUNCTYPE(None, c_void_p, c_int32, c_char_p)
mc_draft_p = c_void_p  #: mc_draft *, an opaque handle
mc_draft_pp = POINTER(c_void_p)  #: mc_draft **
out_string = POINTER(c_void_p)  #: char **: a string the caller frees with mc_string_free (never c_char_p)
out_int64 = POINTER(c_int64)  #: int64_t *
out_bool = POINTER(c_bool)  #: bool *


class Decl(NamedTuple):
    """One C function: name, result type, argument types, and whether it returns mc_status."""

    name: str
    restype: Any
    argtypes: tuple[Any, ...]
    #: Returns mc_status: a negative result raises the matching ComposerError subclass.
    checked: bool


def _status(name: str, *argtypes: Any) -> Decl:
    return Decl(name, mc_status, argtypes, True)


def _plain(name: str, restype: Any, *argtypes: Any) -> Decl:
    return Decl(name, restype, argtypes, False)


DECLARATIONS: tuple[Decl, ...] = (
    # Library. The two const char * results are owned by the library, so c_char_p is right for them.
    _plain("mc_version", c_char_p),
    _plain("mc_abi_version", c_uint32),
    _plain("mc_last_error", c_char_p),
    _plain("mc_string_free", None, c_void_p),
    _status("mc_convert_offset", c_char_p, c_int64, mc_unit, mc_unit, out_int64),
    # Draft lifetime and configuration.
    _status("mc_draft_new", c_char_p, mc_draft_pp),
    _plain("mc_draft_free", None, mc_draft_p),
    _status("mc_draft_config", mc_draft_p, out_string),
    # Text and selection.
    _status("mc_draft_replace", mc_draft_p, c_int64, c_int64, c_char_p),
    _status("mc_draft_replace_n", mc_draft_p, c_int64, c_int64, c_char_p, c_size_t),
    _status("mc_draft_text", mc_draft_p, out_string),
    _status("mc_draft_length", mc_draft_p, out_int64),
    _status("mc_draft_selection", mc_draft_p, out_int64, out_int64),
    _status("mc_draft_set_selection", mc_draft_p, c_int64, c_int64),
    _status("mc_draft_select_all", mc_draft_p),
    _status("mc_draft_convert_offset", mc_draft_p, c_int64, mc_unit, mc_unit, out_int64),
    # Editing as a keyboard does.
    _status("mc_draft_insert", mc_draft_p, c_char_p),
    _status("mc_draft_insert_n", mc_draft_p, c_char_p, c_size_t),
    _status("mc_draft_enter", mc_draft_p),
    _status("mc_draft_delete_backward", mc_draft_p),
    _status("mc_draft_delete_forward", mc_draft_p),
    _status("mc_draft_move_caret", mc_draft_p, mc_caret_unit, c_int64, c_uint32),
    # Formats, links, mentions.
    _status("mc_draft_apply_format", mc_draft_p, c_int64, c_int64, mc_format, c_char_p, c_uint32),
    _status("mc_draft_remove_format", mc_draft_p, c_int64, c_int64, mc_format, c_uint32),
    _status("mc_draft_toggle_format", mc_draft_p, c_int64, c_int64, mc_format, c_char_p, c_uint32),
    _status("mc_draft_active_formats", mc_draft_p, out_string),
    _status("mc_draft_set_link", mc_draft_p, c_char_p),
    _status("mc_draft_remove_link", mc_draft_p),
    _status("mc_draft_insert_link", mc_draft_p, c_char_p, c_char_p),
    _status("mc_draft_insert_mention", mc_draft_p, c_char_p, c_char_p),
    _status("mc_draft_mentions", mc_draft_p, out_string),
    # Undo.
    _status("mc_draft_undo", mc_draft_p),
    _status("mc_draft_redo", mc_draft_p),
    _status("mc_draft_undo_state", mc_draft_p, out_bool, out_bool),
    _status("mc_draft_begin_batch", mc_draft_p),
    _status("mc_draft_commit_batch", mc_draft_p),
    # Document JSON.
    _status("mc_draft_document", mc_draft_p, out_string),
    _status("mc_draft_load_document", mc_draft_p, c_char_p),
    _status("mc_draft_spans", mc_draft_p, c_int64, c_int64, out_string),
    # Wire format (markdown). mentions_json: {"uid": "name"} or NULL.
    _status("mc_draft_serialize", mc_draft_p, out_string),
    _status("mc_draft_load_markdown", mc_draft_p, c_char_p, c_char_p),
    _status("mc_draft_normalize_markdown", mc_draft_p),
    _status("mc_markdown_parse", c_char_p, out_string),
    _status("mc_markdown_parse_with_mentions", c_char_p, c_char_p, out_string),
    _status("mc_markdown_to_plain_text", c_char_p, c_char_p, c_int64, out_string),
    _status("mc_markdown_to_html", c_char_p, c_char_p, out_string),
    # UI state, events, clock.
    _status("mc_draft_ui_state", mc_draft_p, out_string),
    _status("mc_draft_set_listener", mc_draft_p, mc_listener, c_void_p),
    _status("mc_draft_tick", mc_draft_p, c_int64),
    _status("mc_draft_start_cooldown", mc_draft_p, c_int64, c_int64),
    _status("mc_draft_dismiss_banner", mc_draft_p),
    _status("mc_draft_update_config", mc_draft_p, c_char_p),
    # Sending, modes, thread, commands.
    _status("mc_draft_can_send", mc_draft_p, out_bool),
    _status("mc_draft_send", mc_draft_p, c_int64, out_string),
    _status("mc_draft_clear", mc_draft_p),
    _status("mc_draft_begin_edit", mc_draft_p, c_char_p, c_char_p, c_char_p, c_bool),
    _status("mc_draft_begin_reply", mc_draft_p, c_char_p, c_char_p, c_char_p, c_char_p),
    _status("mc_draft_cancel_mode", mc_draft_p),
    _status("mc_draft_set_thread", mc_draft_p, c_char_p),
    _status("mc_draft_set_also_send_to_channel", mc_draft_p, c_bool),
    _status("mc_draft_set_command", mc_draft_p, c_char_p, c_char_p),
    _status("mc_draft_clear_command", mc_draft_p),
    # Persistence.
    _status("mc_draft_snapshot", mc_draft_p, out_string),
    _status("mc_draft_restore", mc_draft_p, c_char_p),
    # Attachments. Ids are uint64_t.
    _status("mc_draft_stage_files", mc_draft_p, c_char_p, out_string),
    _status("mc_draft_upload_event", mc_draft_p, c_uint64, mc_upload_event, c_double, c_char_p),
    _status("mc_draft_remove_attachment", mc_draft_p, c_uint64),
    _status("mc_draft_attachments", mc_draft_p, out_string),
    _status("mc_draft_voice_note", mc_draft_p, c_char_p, c_char_p, c_int64, c_char_p, out_string),
    _status("mc_draft_send_sticker", mc_draft_p, c_char_p, c_char_p, c_char_p, out_string),
)


def _check(result: int, func: Any, args: tuple[Any, ...]) -> int:
    """errcheck for mc_status functions: a negative status plus mc_last_error() becomes an exception."""
    if result < 0:
        raise error_for(result, last_error())
    return result


def _missing(name: str, library: str) -> Callable[..., int]:
    def unavailable(*args: Any) -> int:
        raise NotImplementedError(f"{name} is not in {library}: the library is older than this binding")

    unavailable.__name__ = name
    return unavailable


def _bind(lib: CDLL) -> tuple[CDLL, tuple[str, ...]]:
    """Declares every function of the table on lib. A function the library lacks (a library older
    than the header, with the same ABI) becomes a stub raising NotImplementedError when called."""
    try:
        abi = lib.mc_abi_version()
    except AttributeError:
        raise ImportError(f"{lib._name} is not libmessage_composer (no mc_abi_version)") from None
    if abi != ABI_VERSION:
        raise ImportError(f"{lib._name} has ABI version {abi}; this binding needs {ABI_VERSION}")
    missing = []
    for d in DECLARATIONS:
        try:
            function = getattr(lib, d.name)
        except AttributeError:
            missing.append(d.name)
            setattr(lib, d.name, _missing(d.name, lib._name))
            continue
        function.argtypes = d.argtypes
        function.restype = d.restype
        if d.checked:
            function.errcheck = _check
    return lib, tuple(missing)


lib, MISSING = _bind(_library.load())


def last_error() -> str:
    """mc_last_error(): the message of this thread's last failed call."""
    message: bytes = lib.mc_last_error()
    return message.decode("utf-8", "replace")


# Marshalling. `where` names the C function in messages, as the library's own messages do.


def utf8(text: str, what: str, where: str) -> bytes:
    """Encodes a str; a lone surrogate (not encodable) raises InvalidUTF8Error without calling C."""
    if not isinstance(text, str):
        raise TypeError(f"{what} must be str, not {type(text).__name__}")
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError as error:
        raise InvalidUTF8Error(
            f"{where}: {what} holds a lone surrogate at index {error.start} (not valid UTF-8)"
        ) from None


def cstring(text: str, what: str, where: str) -> bytes:
    """Encodes a str for a NUL-terminated argument; U+0000 would cut it short, so it is refused."""
    data = utf8(text, what, where)
    if b"\0" in data:
        raise InvalidUTF8Error(f"{where}: {what} holds U+0000 at index {text.index(chr(0))}")
    return data


def int64(value: int, what: str, where: str) -> int:
    """An int that fits int64_t (ctypes would silently wrap a larger one)."""
    value = operator.index(value)
    if not -(2**63) <= value < 2**63:
        raise OutOfRangeError(f"{where}: {what} {value} does not fit in int64_t")
    return value


def uint64(value: int, what: str, where: str) -> int:
    """An int that fits uint64_t (attachment ids); ctypes would silently wrap a negative one."""
    value = operator.index(value)
    if not 0 <= value < 2**64:
        raise InvalidArgumentError(f"{where}: {what} {value} does not fit in uint64_t")
    return value


def int32(value: int, what: str, where: str) -> int:
    """An int that fits int32_t (units, formats)."""
    value = operator.index(value)
    if not -(2**31) <= value < 2**31:
        raise InvalidArgumentError(f"{where}: {what} {value} does not fit in int32_t")
    return value


def json_text(value: Any) -> str:
    """A JSON argument: a str passes as is, anything else is json.dumps'ed (compact)."""
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def mentions_json(mentions: Mapping[str, str] | str | None, where: str) -> bytes | None:
    """A mentions_json argument: None gives NULL; a mapping {uid: name} is json.dumps'ed; a str is
    passed as JSON text. The library validates it (an object of uid -> name strings)."""
    if mentions is None:
        return None
    return cstring(json_text(mentions), "mentions", where)


def take_string(function: Callable[..., int], *args: Any) -> str:
    """Calls a function whose last argument is a char ** out-parameter; copies, decodes and frees it."""
    out = c_void_p()
    function(*args, byref(out))
    if out.value is None:
        raise RuntimeError(f"{function.__name__} succeeded but returned NULL")
    try:
        return string_at(out.value).decode("utf-8")
    finally:
        lib.mc_string_free(out)


def take_int64(function: Callable[..., int], *args: Any) -> int:
    """Calls a function whose last argument is an int64_t * out-parameter and returns it."""
    out = c_int64()
    function(*args, byref(out))
    return out.value
