"""The constants of message_composer.h: the version, the size limits (docs/limits.md), and each group of ``MC_*`` values as an enum.

They are generated with the header (_generated.py, ``make generated``) and re-exported here:
``Status`` (``mc_status``: ``OK`` and the ``MC_ERR_*`` codes), ``Format`` (``MC_FORMAT_*``, inline
formats then block formats), ``Flag`` (``MC_FLAG_*``), ``CaretUnit`` (``MC_CARET_*``), ``Unit``
(``MC_UNIT_*``; ``SCALAR`` is the unit of every offset, as of Python ``str`` indices), ``EventKind``
(``MC_EVENT_*``: what a listener event reports; its payload arrives decoded) and ``UploadEvent``
(``MC_UPLOAD_*``).
"""

from __future__ import annotations

from ._generated import (
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
    "EventKind",
    "Flag",
    "Format",
    "Status",
    "Unit",
    "UploadEvent",
]
