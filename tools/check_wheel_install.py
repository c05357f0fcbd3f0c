"""Run by `make test-python` with the venv's interpreter, from outside the repository: the package
imported is the one installed in the venv, and the library it loaded is the copy inside it."""

import sys
from pathlib import Path

import message_composer
from message_composer import _ffi, _library

package = Path(message_composer.__file__).resolve().parent
venv = Path(sys.prefix).resolve()
loaded = Path(_ffi.lib._name).resolve()

if venv not in package.parents:
    sys.exit(f"check_wheel_install: imported {package}, not the package installed in {venv}")
if loaded != package / _library.SONAME:
    sys.exit(f"check_wheel_install: loaded {loaded}, not the library inside {package}")
print(f"check_wheel_install: message_composer {message_composer.__version__} from {package}, its own {loaded.name}")
