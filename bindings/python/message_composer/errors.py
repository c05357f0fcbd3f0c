"""``ComposerError`` and one subclass per ``mc_status`` error code."""

from __future__ import annotations

from .constants import Status


class ComposerError(Exception):
    """A call into libmessage_composer failed.

    ``status`` is the ``mc_status`` code (negative), ``message`` the library's explanation
    (``mc_last_error()``), e.g. ``"mc_draft_replace: range [3, 2) is outside the text (length 5)"``.
    """

    status: int = 0

    def __init__(self, message: str, status: int | None = None) -> None:
        super().__init__(message, type(self).status if status is None else status)
        self.message = message
        if status is not None:
            self.status = status

    def __str__(self) -> str:
        return self.message

    @property
    def status_name(self) -> str:
        """The status code's name as the library gives it (``mc_status_name``), e.g.
        ``"MC_ERR_INVALID_HANDLE"``; ``"(unknown mc_status)"`` for a code the library does not know."""
        from ._ffi import lib  # _ffi imports this module: bound at first use

        name: bytes = lib.mc_status_name(self.status)
        return name.decode("utf-8", "replace")


class InvalidArgumentError(ComposerError, ValueError):
    """MC_ERR_INVALID_ARGUMENT: an argument is malformed or ill-typed (config, document, option)."""

    status = Status.INVALID_ARGUMENT


class NullArgumentError(ComposerError, ValueError):
    """MC_ERR_NULL_ARGUMENT: a required pointer argument is NULL."""

    status = Status.NULL_ARGUMENT


class InvalidHandleError(ComposerError):
    """MC_ERR_INVALID_HANDLE: the draft is closed (freed) or was never issued."""

    status = Status.INVALID_HANDLE


class InvalidUTF8Error(ComposerError, ValueError):
    """MC_ERR_INVALID_UTF8: a string is not valid UTF-8 (a lone surrogate) or holds U+0000."""

    status = Status.INVALID_UTF8


class InvalidJSONError(ComposerError, ValueError):
    """MC_ERR_INVALID_JSON: a JSON argument does not parse."""

    status = Status.INVALID_JSON


class OutOfRangeError(ComposerError, ValueError):
    """MC_ERR_OUT_OF_RANGE: an offset or range lies outside the text or inside a character."""

    status = Status.OUT_OF_RANGE


class UnsafeLinkError(ComposerError, ValueError):
    """MC_ERR_UNSAFE_LINK: a link URL has a refused scheme or is malformed."""

    status = Status.UNSAFE_LINK


class InvalidColorError(ComposerError, ValueError):
    """MC_ERR_INVALID_COLOR: a colour is not an opaque #rgb / #rrggbb."""

    status = Status.INVALID_COLOR


class NotAllowedError(ComposerError):
    """MC_ERR_NOT_ALLOWED: the operation is not allowed in the draft's state or configuration."""

    status = Status.NOT_ALLOWED


class LimitExceededError(ComposerError):
    """MC_ERR_LIMIT_EXCEEDED: a limit would be exceeded: mention_limit, or a size limit
    (MAX_TEXT_LENGTH, MAX_INPUT_BYTES, MAX_JSON_DEPTH; docs/limits.md)."""

    status = Status.LIMIT_EXCEEDED


#: The class of each error status: every subclass above names its ``Status`` member (the enum is
#: generated with the header; tests/test_errors.py checks that every error status has its class).
ERRORS: dict[int, type[ComposerError]] = {cls.status: cls for cls in ComposerError.__subclasses__()}


def error_for(status: int, message: str) -> ComposerError:
    """The exception for a negative status; a code newer than this binding gives a plain ComposerError."""
    cls = ERRORS.get(status)
    return cls(message) if cls is not None else ComposerError(message, status)
