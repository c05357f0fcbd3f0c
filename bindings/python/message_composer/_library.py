"""Finding and loading libmessage_composer.

Order:

1. the ``MESSAGE_COMPOSER_LIB`` environment variable (a full path; when set it is the only
   candidate, so a wrong override fails loudly instead of silently loading another copy);
2. the copy inside this package (a wheel built by ``make wheel`` carries one);
3. the system: the SONAME through the dynamic loader (``LD_LIBRARY_PATH``, the ldconfig cache,
   the default directories), then ``ctypes.util.find_library("message_composer")`` when it names
   something else.

Failure raises ``ImportError`` listing every candidate and why it failed.
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
_BUNDLED = _PACKAGE_DIR / SONAME


def candidates(environ: Mapping[str, str] | None = None) -> list[tuple[str, str | None]]:
    """The places to look, in order: (where, path or loader name, or None when there is none)."""
    env = os.environ if environ is None else environ
    override = env.get(ENV_VAR)
    if override:
        return [(ENV_VAR, override)]
    found: list[tuple[str, str | None]] = [
        ("inside the package", str(_BUNDLED)),
        ("system (dynamic loader)", SONAME),
    ]
    # find_library also reads the linker's search path; on most systems it names the SONAME
    # already tried, which is not worth a second attempt.
    system = ctypes.util.find_library("message_composer")
    if system != SONAME:
        found.append(('system (find_library("message_composer"))', system))
    return found


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
            # dlerror's message usually starts with the name already.
            detail = str(error) if str(error).startswith(name) else f"{name}: {error}"
            tried.append(f"  {where}: {detail}")
    hint = (
        f"install a wheel that carries the library (`make wheel`), install the library "
        f"(`make install`), or set {ENV_VAR} to the full path of {SONAME}"
    )
    raise ImportError("libmessage_composer could not be loaded; tried:\n" + "\n".join(tried) + f"\n({hint})")
