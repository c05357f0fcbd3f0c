"""Loading the library, the ABI check, versions."""

import ctypes
import ctypes.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import message_composer
from message_composer import _ffi, _library

PACKAGE = Path(message_composer.__file__).resolve().parent
SONAME = "libmessage_composer.so.1"


def _loaded_library_file() -> Path:
    """The file the dynamic loader mapped for libmessage_composer in this process."""
    for line in Path("/proc/self/maps").read_text().splitlines():
        fields = line.split()
        if len(fields) >= 6 and "libmessage_composer" in fields[5]:
            return Path(fields[5])
    raise AssertionError("libmessage_composer is not mapped")


def _load_in_child(tmp_path, setup: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    """Runs _library.load() in a fresh interpreter with only the loader module (not the package,
    which would load a library at import), after `setup` changes its module globals."""
    script = f"""
import importlib.util, sys
from pathlib import Path
spec = importlib.util.spec_from_file_location("loader", {str(PACKAGE / "_library.py")!r})
loader = importlib.util.module_from_spec(spec)
spec.loader.exec_module(loader)
{setup}
try:
    lib = loader.load()
except ImportError as error:
    print(error)
    sys.exit(3)
for line in Path("/proc/self/maps").read_text().splitlines():
    if "libmessage_composer" in line:
        print("mapped", line.split()[5])
        break
"""
    base = {k: v for k, v in os.environ.items() if k not in ("MESSAGE_COMPOSER_LIB", "LD_LIBRARY_PATH")}
    return subprocess.run(
        [sys.executable, "-c", script], cwd=str(tmp_path), env={**base, **env}, capture_output=True, text=True
    )


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


def test_the_public_names_are_listed_once_and_all_exist():
    names = message_composer.__all__
    assert len(names) == len(set(names))
    assert [name for name in names if not hasattr(message_composer, name)] == []


def test_the_environment_variable_is_the_only_candidate_when_set():
    assert _library.candidates({"MESSAGE_COMPOSER_LIB": "/x/libmc.so"}) == [("MESSAGE_COMPOSER_LIB", "/x/libmc.so")]


def test_without_the_variable_the_package_copy_then_the_system():
    found = _library.candidates({})
    assert found[:2] == [
        ("inside the package", str(PACKAGE / SONAME)),
        ("system (dynamic loader)", SONAME),
    ]
    system = ctypes.util.find_library("message_composer")
    expected_rest = [] if system == SONAME else [('system (find_library("message_composer"))', system)]
    assert found[2:] == expected_rest


def test_no_candidate_lies_in_a_repository_build():
    assert not any(name and "build/lib" in name for _, name in _library.candidates({}))


def test_an_empty_variable_counts_as_unset():
    assert _library.candidates({"MESSAGE_COMPOSER_LIB": ""}) == _library.candidates({})


def test_the_library_loaded_is_the_file_mapped():
    # The override when set, else the package's copy when it has one: what the import used.
    override = os.environ.get("MESSAGE_COMPOSER_LIB")
    if override:
        assert _loaded_library_file() == Path(override).resolve()
    elif (PACKAGE / SONAME).exists():
        assert _loaded_library_file() == (PACKAGE / SONAME).resolve()
    else:
        assert _ffi.lib._name in (SONAME, ctypes.util.find_library("message_composer"))


def test_the_package_copy_is_loaded_before_the_system(tmp_path):
    bundled = tmp_path / "package" / SONAME
    system = tmp_path / "system" / SONAME
    for path in (bundled, system):
        path.parent.mkdir()
        shutil.copyfile(_loaded_library_file(), path)
    result = _load_in_child(tmp_path, f"loader._BUNDLED = Path({str(bundled)!r})", {"LD_LIBRARY_PATH": str(system.parent)})
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.splitlines() == [f"mapped {bundled}"]


def test_without_a_package_copy_the_system_loader_finds_the_soname(tmp_path):
    system = tmp_path / "system" / SONAME
    system.parent.mkdir()
    shutil.copyfile(_loaded_library_file(), system)
    setup = f"loader._BUNDLED = Path({str(tmp_path / 'none' / SONAME)!r})"
    result = _load_in_child(tmp_path, setup, {"LD_LIBRARY_PATH": str(system.parent)})
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.splitlines() == [f"mapped {system}"]


def test_a_missing_override_fails_naming_it(tmp_path):
    path = str(tmp_path / "nowhere" / SONAME)
    with pytest.raises(ImportError) as caught:
        _library.load({"MESSAGE_COMPOSER_LIB": path})
    assert f"MESSAGE_COMPOSER_LIB: {path}: no such file" in str(caught.value)
    assert f"set MESSAGE_COMPOSER_LIB to the full path of {SONAME}" in str(caught.value)


def test_a_file_that_is_not_a_library_fails_with_the_loader_message(tmp_path):
    bogus = tmp_path / SONAME
    bogus.write_text("not an ELF file\n" * 300)
    with pytest.raises(ImportError) as caught:
        _library.load({"MESSAGE_COMPOSER_LIB": str(bogus)})
    assert f"MESSAGE_COMPOSER_LIB: {bogus}: " in str(caught.value)
    assert "invalid ELF header" in str(caught.value)


def test_when_nothing_loads_every_place_tried_is_listed(tmp_path):
    # A SONAME no system has, so the dynamic loader fails here whatever is installed.
    absent = "libmessage_composer_absent.so.1"
    setup = "\n".join(
        [
            f"loader._BUNDLED = Path({str(tmp_path / 'pkg' / SONAME)!r})",
            f"loader.SONAME = {absent!r}",
            "loader.ctypes.util.find_library = lambda name: None",
        ]
    )
    result = _load_in_child(tmp_path, setup, {})
    assert result.returncode == 3, result.stdout + result.stderr
    assert result.stdout.splitlines() == [
        "libmessage_composer could not be loaded; tried:",
        f"  inside the package: {tmp_path}/pkg/{SONAME}: no such file",
        f"  system (dynamic loader): {absent}: cannot open shared object file: No such file or directory",
        '  system (find_library("message_composer")): not found',
        "(install a wheel that carries the library (`make wheel`), install the library (`make install`), "
        f"or set MESSAGE_COMPOSER_LIB to the full path of {absent})",
    ]


def test_importing_the_package_without_a_library_raises_import_error(tmp_path):
    env = dict(os.environ, MESSAGE_COMPOSER_LIB=str(tmp_path / "missing.so"))
    result = subprocess.run(
        [sys.executable, "-c", "import message_composer"],
        cwd=str(tmp_path),
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


def test_the_loaded_library_has_every_header_function():
    # The suite runs against a library built from this tree, which exports every function of the
    # header. (An older library would load with stubs for what it lacks: the FakeLibrary tests above.)
    assert _ffi.MISSING == (), f"the loaded library lacks {', '.join(_ffi.MISSING)}"


def test_every_declaration_is_bound_on_the_loaded_library():
    # The table is generated with the header (make generated-check keeps it fresh); what only the
    # binding can get wrong is binding it: every row's types, and the errcheck on mc_status results.
    names = [d.name for d in _ffi.DECLARATIONS]
    assert len(names) == len(set(names)), "a function is declared twice"
    assert _ffi.DECLARATIONS
    for decl in _ffi.DECLARATIONS:
        function = getattr(_ffi.lib, decl.name)
        assert function.restype is decl.restype, decl.name
        assert tuple(function.argtypes) == decl.argtypes, decl.name
        assert (getattr(function, "errcheck", None) is _ffi._check) == decl.checked, decl.name
