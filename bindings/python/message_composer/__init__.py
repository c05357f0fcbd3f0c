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
    MAX_INPUT_BYTES,
    MAX_JSON_DEPTH,
    MAX_TEXT_LENGTH,
    VERSION_MAJOR,
    VERSION_MINOR,
    VERSION_PATCH,
    VERSION_STRING,
    CaretUnit,
    EventKind,
    Flag,
    Format,
    Status,
    Unit,
    UploadEvent,
)
from .draft import Draft, Listener, ListenerWarning
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
from .functions import (
    abi_version,
    convert_offset,
    markdown_to_html,
    markdown_to_plain_text,
    parse_markdown,
    parse_markdown_json,
    version,
)

__version__ = VERSION_STRING

__all__ = [
    "ABI_VERSION",
    "MAX_INPUT_BYTES",
    "MAX_JSON_DEPTH",
    "MAX_TEXT_LENGTH",
    "VERSION_MAJOR",
    "VERSION_MINOR",
    "VERSION_PATCH",
    "VERSION_STRING",
    "CaretUnit",
    "ComposerError",
    "Draft",
    "EventKind",
    "Flag",
    "Format",
    "InvalidArgumentError",
    "InvalidColorError",
    "InvalidHandleError",
    "InvalidJSONError",
    "InvalidUTF8Error",
    "LimitExceededError",
    "Listener",
    "ListenerWarning",
    "NotAllowedError",
    "NullArgumentError",
    "OutOfRangeError",
    "Status",
    "Unit",
    "UnsafeLinkError",
    "UploadEvent",
    "abi_version",
    "convert_offset",
    "markdown_to_html",
    "markdown_to_plain_text",
    "parse_markdown",
    "parse_markdown_json",
    "version",
]
