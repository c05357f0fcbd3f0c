"""The C surface in one place: the loaded library with every function declared, and the
marshalling helpers.

The declarations themselves are generated: ``DECLARATIONS`` in _generated.py, written from the Swift
sources by the tool that writes include/message_composer.h (``make generated``), one row per C
function with its ctypes result and argument types. This module binds them on the library.
"""

from __future__ import annotations

import json
import operator
import threading
from collections.abc import Mapping
from ctypes import CDLL, byref, c_int64, c_void_p, string_at
from typing import Any, Callable

from . import _library
from ._generated import DECLARATIONS as DECLARATIONS
from ._generated import Decl as Decl
from ._generated import mc_listener as mc_listener
from .constants import ABI_VERSION
from .errors import InvalidArgumentError, InvalidUTF8Error, OutOfRangeError, error_for


class _Deferred(threading.local):
    """Per thread: a KeyboardInterrupt or SystemExit that a listener raised, raised again when the C
    call that delivered the event returns (no exception may unwind through C)."""

    error: BaseException | None = None


deferred = _Deferred()


def _check(result: int, func: Any, args: tuple[Any, ...]) -> int:
    """errcheck for mc_status functions: a negative status plus mc_last_error() becomes an exception;
    an interrupt a listener raised during the call comes first."""
    if deferred.error is not None:
        error, deferred.error = deferred.error, None
        raise error
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


def boolean(value: bool, what: str, where: str) -> bool:
    """A bool, and only a bool: a truthy string such as "no" would otherwise switch a flag on."""
    if type(value) is not bool:
        raise TypeError(f"{where}: {what} must be a bool, not {type(value).__name__}")
    return value


def json_text(value: Any) -> str:
    """A JSON argument: a str passes as is, anything else is json.dumps'ed (compact)."""
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def json_argument(value: Any, what: str, where: str) -> bytes:
    """A JSON argument for C (``json_text``, encoded). A lone surrogate in a str of a dict or list
    is named by its place in the value (``files[0]["name"]``), not by an index into the text
    json.dumps made of it."""
    text = json_text(value)
    try:
        return cstring(text, what, where)
    except InvalidUTF8Error:
        found = None if isinstance(value, str) else _lone_surrogate(value, what)
        if found is None:
            raise
        path, index = found
        raise InvalidUTF8Error(f"{where}: {path} holds a lone surrogate at index {index} (not valid UTF-8)") from None


def _lone_surrogate(value: Any, path: str) -> tuple[str, int] | None:
    """The first str (key or value) in ``value`` that UTF-8 cannot encode: its path and the index
    of the surrogate; None if there is none. Iterative: the value may nest deeply."""
    stack: list[tuple[Any, str]] = [(value, path)]
    while stack:
        item, where = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError as error:
                return where, error.start
        elif isinstance(item, Mapping):
            for key, member in reversed(list(item.items())):
                stack.append((member, f"{where}[{key!r}]"))
                stack.append((key, f"{where}: key {key!r}"))
        elif isinstance(item, (list, tuple)):
            stack.extend((member, f"{where}[{i}]") for i, member in reversed(list(enumerate(item))))
    return None


def mentions_json(mentions: Mapping[str, str] | str | None, where: str) -> bytes | None:
    """A mentions_json argument: None gives NULL; a mapping {uid: name} is json.dumps'ed; a str is
    passed as JSON text. The library validates it (an object of uid -> name strings)."""
    if mentions is None:
        return None
    return json_argument(mentions, "mentions", where)


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
