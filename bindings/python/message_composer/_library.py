"""Finding and loading libmessage_composer.

Order: the ``MESSAGE_COMPOSER_LIB`` environment variable (a full path; when set it is the only
candidate, so a wrong override fails loudly instead of silently loading another build), then the
repository's build output (``<repo>/build/lib``), then a copy bundled beside this package, then
``ctypes.util.find_library``. Failure raises ``ImportError`` listing every candidate and why it failed.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
from collections.abc import Mapping
from pathlib import Path

ENV_VAR = "MESSAGE_COMPOSER_LIB"
SONAME = "libmessage_composer.so.1"

_PACKAGE_DIR = Path(__file__).resolve().parent
# bindings/python/message_composer -> <repo>/build/lib
_REPO_BUILD = _PACKAGE_DIR.parents[2] / "build" / "lib" / SONAME
_BUNDLED = _PACKAGE_DIR / SONAME


def candidates(environ: Mapping[str, str] | None = None) -> list[tuple[str, str | None]]:
    """The places to look, in order: (where, path or loader name, or None when there is none)."""
    env = os.environ if environ is None else environ
    override = env.get(ENV_VAR)
    if override:
        return [(ENV_VAR, override)]
    return [
        ("repository build", str(_REPO_BUILD)),
        ("bundled with the package", str(_BUNDLED)),
        ('find_library("message_composer")', ctypes.util.find_library("message_composer")),
    ]


def load(environ: Mapping[str, str] | None = None) -> ctypes.CDLL:
    """Loads the first candidate that loads; raises ImportError naming every one tried."""
    tried = []
    for where, name in candidates(environ):
        if name is None:
            tried.append(f"  {where}: not found")
            continue
        if os.sep in name and not os.path.exists(name):
            tried.append(f"  {where}: {name}: no such file")
            continue
        try:
            return ctypes.CDLL(name)
        except OSError as error:
            tried.append(f"  {where}: {name}: {error}")
    hint = f"set {ENV_VAR} to the full path of {SONAME}, or build it with `make`"
    raise ImportError("libmessage_composer could not be loaded; tried:\n" + "\n".join(tried) + f"\n({hint})")
