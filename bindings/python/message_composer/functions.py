"""Module-level functions: library version and offset conversion."""

from __future__ import annotations

from . import _ffi
from ._ffi import lib
from .constants import Unit


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
