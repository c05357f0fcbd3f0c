"""Python binding of libmessage_composer, the headless engine of a chat message composer.

Offsets are Python ``str`` indices: the library counts Unicode scalars, as ``str`` does.

    >>> from message_composer import Draft
    >>> with Draft() as draft:
    ...     draft.replace(0, 0, "Hello")
    ...     draft.document()
    {'text': 'Hello', 'spans': []}
"""

from .constants import (
    ABI_VERSION,
    VERSION_MAJOR,
    VERSION_MINOR,
    VERSION_PATCH,
    VERSION_STRING,
    CaretUnit,
    Flag,
    Format,
    Status,
    Unit,
)
from .draft import Draft
from .errors import (
    ComposerError,
    InvalidArgumentError,
    InvalidColorError,
    InvalidHandleError,
    InvalidJSONError,
    InvalidUTF8Error,
    LimitExceededError,
    NotAllowedError,
    NullArgumentError,
    OutOfRangeError,
    UnsafeLinkError,
)
from .functions import abi_version, convert_offset, version

__version__ = VERSION_STRING

__all__ = [
    "ABI_VERSION",
    "VERSION_MAJOR",
    "VERSION_MINOR",
    "VERSION_PATCH",
    "VERSION_STRING",
    "CaretUnit",
    "ComposerError",
    "Draft",
    "Flag",
    "Format",
    "InvalidArgumentError",
    "InvalidColorError",
    "InvalidHandleError",
    "InvalidJSONError",
    "InvalidUTF8Error",
    "LimitExceededError",
    "NotAllowedError",
    "NullArgumentError",
    "OutOfRangeError",
    "Status",
    "Unit",
    "UnsafeLinkError",
    "abi_version",
    "convert_offset",
    "version",
]
