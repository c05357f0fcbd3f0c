"""Loading the library, the ABI check, versions."""

import ctypes
import ctypes.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

import message_composer
from message_composer import _ffi, _library

PACKAGE = Path(__file__).resolve().parents[1] / "message_composer"
REPO_BUILD = Path(__file__).resolve().parents[3] / "build" / "lib" / "libmessage_composer.so.1"


def test_versions_match_the_header_constants():
    assert message_composer.version() == message_composer.VERSION_STRING == "0.2.0"
    assert message_composer.abi_version() == message_composer.ABI_VERSION == 1
    assert message_composer.__version__ == "0.2.0"
    major, minor, patch = (int(part) for part in message_composer.version().split("."))
    assert (major, minor, patch) == (
        message_composer.VERSION_MAJOR,
        message_composer.VERSION_MINOR,
        message_composer.VERSION_PATCH,
    )


def test_the_environment_variable_is_the_only_candidate_when_set():
    assert _library.candidates({"MESSAGE_COMPOSER_LIB": "/x/libmc.so"}) == [("MESSAGE_COMPOSER_LIB", "/x/libmc.so")]


def test_without_the_variable_the_build_then_the_bundled_copy_then_find_library():
    found = _library.candidates({})
    assert found == [
        ("repository build", str(REPO_BUILD)),
        ("bundled with the package", str(PACKAGE / "libmessage_composer.so.1")),
        ('find_library("message_composer")', ctypes.util.find_library("message_composer")),
    ]


def test_an_empty_variable_counts_as_unset():
    assert _library.candidates({"MESSAGE_COMPOSER_LIB": ""}) == _library.candidates({})


def test_a_missing_override_fails_naming_it(tmp_path):
    path = str(tmp_path / "nowhere" / "libmessage_composer.so.1")
    with pytest.raises(ImportError) as caught:
        _library.load({"MESSAGE_COMPOSER_LIB": path})
    assert f"MESSAGE_COMPOSER_LIB: {path}: no such file" in str(caught.value)
    assert "set MESSAGE_COMPOSER_LIB to the full path of libmessage_composer.so.1" in str(caught.value)


def test_a_file_that_is_not_a_library_fails_with_the_loader_message(tmp_path):
    bogus = tmp_path / "libmessage_composer.so.1"
    bogus.write_text("not an ELF file\n" * 300)
    with pytest.raises(ImportError) as caught:
        _library.load({"MESSAGE_COMPOSER_LIB": str(bogus)})
    assert f"MESSAGE_COMPOSER_LIB: {bogus}: " in str(caught.value)
    assert "invalid ELF header" in str(caught.value)


def test_when_nothing_loads_every_place_tried_is_listed(monkeypatch, tmp_path):
    monkeypatch.setattr(_library, "_REPO_BUILD", tmp_path / "build" / "libmessage_composer.so.1")
    monkeypatch.setattr(_library, "_BUNDLED", tmp_path / "pkg" / "libmessage_composer.so.1")
    monkeypatch.setattr(ctypes.util, "find_library", lambda name: None)
    with pytest.raises(ImportError) as caught:
        _library.load({})
    assert str(caught.value).splitlines()[:4] == [
        "libmessage_composer could not be loaded; tried:",
        f"  repository build: {tmp_path}/build/libmessage_composer.so.1: no such file",
        f"  bundled with the package: {tmp_path}/pkg/libmessage_composer.so.1: no such file",
        '  find_library("message_composer"): not found',
    ]


def test_importing_the_package_without_a_library_raises_import_error(tmp_path):
    env = dict(os.environ, MESSAGE_COMPOSER_LIB=str(tmp_path / "missing.so"))
    result = subprocess.run(
        [sys.executable, "-c", "import message_composer"],
        cwd=str(PACKAGE.parent),
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 1
    assert "ImportError: libmessage_composer could not be loaded; tried:" in result.stderr
    assert str(tmp_path / "missing.so") in result.stderr


class FakeLibrary:
    """Stands in for a CDLL: only the functions given exist."""

    _name = "libfake.so"

    def __init__(self, abi=message_composer.ABI_VERSION, **functions):
        if abi is not None:
            functions["mc_abi_version"] = lambda: abi
        for name, function in functions.items():
            setattr(self, name, function)


def test_a_library_older_than_the_header_loads_and_its_missing_functions_raise_when_called():
    def mc_version():
        return b"0.0.1"

    lib, missing = _ffi._bind(FakeLibrary(mc_version=mc_version))
    declared = [d.name for d in _ffi.DECLARATIONS]
    assert list(missing) == [name for name in declared if name not in ("mc_version", "mc_abi_version")]
    assert mc_version.restype is ctypes.c_char_p and mc_version.argtypes == ()
    with pytest.raises(NotImplementedError) as caught:
        lib.mc_draft_new(None, None)
    assert str(caught.value) == "mc_draft_new is not in libfake.so: the library is older than this binding"


def test_a_library_with_another_abi_is_refused():
    with pytest.raises(ImportError, match=r"^libfake.so has ABI version 0; this binding needs 1$"):
        _ffi._bind(FakeLibrary(abi=0))
    with pytest.raises(ImportError, match=r"^libfake.so has ABI version 2; this binding needs 1$"):
        _ffi._bind(FakeLibrary(abi=2))


def test_a_library_that_is_not_libmessage_composer_is_refused():
    with pytest.raises(ImportError, match=r"^libfake.so is not libmessage_composer \(no mc_abi_version\)$"):
        _ffi._bind(FakeLibrary(abi=None))


def test_the_loaded_library_has_every_header_function_or_says_which_it_lacks():
    # With a library built from this tree MISSING is empty; an older snapshot lists what it lacks.
    assert set(_ffi.MISSING) <= {d.name for d in _ffi.DECLARATIONS}
    for name in _ffi.MISSING:
        with pytest.raises(NotImplementedError):
            getattr(_ffi.lib, name)()
