"""The declaration table and the constants match include/message_composer.h exactly."""

import ast
import re
from ctypes import (
    CFUNCTYPE,
    POINTER,
    c_bool,
    c_char_p,
    c_double,
    c_int32,
    c_int64,
    c_size_t,
    c_uint32,
    c_uint64,
    c_void_p,
)
from pathlib import Path

import pytest

import message_composer
from message_composer import CaretUnit, EventKind, Flag, Format, Status, Unit, UploadEvent, _ffi

HEADER = Path(__file__).resolve().parent / ".." / ".." / ".." / "include" / "message_composer.h"

# C type -> ctypes type. Pointers to these (other than the char ones) map to POINTER(...).
SCALARS = {
    "void": None,
    "bool": c_bool,
    "int64_t": c_int64,
    "int32_t": c_int32,
    "uint32_t": c_uint32,
    "uint64_t": c_uint64,
    "size_t": c_size_t,
    "double": c_double,
}
POINTERS = {
    "const char *": c_char_p,  # a string in, or a library-owned string out
    "char *": c_void_p,  # a caller-owned string (mc_string_free), never c_char_p
    "char **": POINTER(c_void_p),  # out-parameter for a caller-owned string
    "void *": c_void_p,
    "mc_draft *": c_void_p,
    "mc_draft **": POINTER(c_void_p),
}


def strip_comments(source):
    source = re.sub(r"/\*.*?\*/", " ", source, flags=re.S)
    return re.sub(r"//[^\n]*", " ", source)


def c_code(source):
    """The header as a C compiler sees it: no comments, no C++ block, no preprocessor lines."""
    source = strip_comments(source)
    source = re.sub(r"#ifdef __cplusplus.*?#endif", " ", source, flags=re.S)
    return "\n".join(line for line in source.splitlines() if not line.lstrip().startswith("#"))


def split_top_level(params):
    parts, depth, current = [], 0, ""
    for ch in params:
        if ch == "," and depth == 0:
            parts.append(current)
            current = ""
            continue
        depth += ch == "("
        depth -= ch == ")"
        current += ch
    parts.append(current)
    return [p.strip() for p in parts if p.strip()]


FUNCTION_POINTER = re.compile(r"^(.*?)\(\s*\*\s*(\w*)\s*\)\s*\((.*)\)$", re.S)
NAMED = re.compile(r"^(.*?[\s*])(\w+)$", re.S)


class Header:
    def __init__(self, text):
        self.defines = {}
        for name, value in re.findall(r"^#define\s+(MC_\w+)\s+(.+)$", strip_comments(text), re.M):
            self.defines[name] = self.parse_value(value.strip())
        self.typedefs = {}
        self.functions = {}
        for statement in c_code(text).split(";"):
            statement = " ".join(statement.split())
            if not statement:
                continue
            if statement.startswith("typedef "):
                self.add_typedef(statement[len("typedef ") :])
                continue
            match = re.match(r"^(.*?)\b(mc_\w+)\s*\((.*)\)$", statement)
            assert match, f"unrecognised declaration in the header: {statement!r}"
            ret, name, params = match.groups()
            self.functions[name] = (
                self.ctype(ret),
                self.ctype_list(params),
                self.resolve(ret) == "int32_t" and ret.strip() == "mc_status",
            )

    @staticmethod
    def parse_value(value):
        if value.startswith('"'):
            return ast.literal_eval(value)
        return int(value.strip("()").rstrip("uUlL"), 0)

    def add_typedef(self, body):
        fp = FUNCTION_POINTER.match(body)
        if fp:
            ret, name, params = fp.groups()
            self.typedefs[name] = ("fn", self.ctype(ret), self.ctype_list(params))
            return
        if body.startswith("struct "):
            self.typedefs[body.split()[-1]] = "struct"
            return
        target, name = NAMED.match(body).groups()
        self.typedefs[name] = " ".join(target.split())

    def resolve(self, c_type):
        c_type = " ".join(c_type.replace("*", " * ").split()).replace("* *", "**")
        base = c_type.rstrip(" *")
        stars = c_type[len(base) :].replace(" ", "")
        alias = self.typedefs.get(base)
        if isinstance(alias, str) and alias != "struct":
            return self.resolve(alias + " " + stars)
        return (base + " " + stars).strip()

    def ctype_list(self, params):
        params = split_top_level(params)
        if params == ["void"]:
            return ()
        return tuple(self.ctype(self.drop_name(p)) for p in params)

    @staticmethod
    def drop_name(param):
        """`const char *utf8` -> `const char *`; a function pointer keeps its shape, minus the name."""
        fp = FUNCTION_POINTER.match(param)
        if fp:
            return f"{fp.group(1)}(*)({fp.group(3)})"
        match = NAMED.match(param)
        if match and match.group(1).strip() not in ("", "const", "struct"):
            return match.group(1)
        return param

    def ctype(self, c_type):
        fp = FUNCTION_POINTER.match(c_type.strip())
        if fp:
            ret, _, params = fp.groups()
            return ("fn", self.ctype(ret), self.ctype_list(params))
        resolved = self.resolve(c_type)
        alias = self.typedefs.get(resolved)
        if isinstance(alias, tuple):
            return alias
        if resolved in SCALARS:
            return SCALARS[resolved]
        if resolved in POINTERS:
            return POINTERS[resolved]
        base = resolved.rstrip(" *")
        if resolved == base + " *" and SCALARS.get(base) is not None:
            return POINTER(SCALARS[base])
        raise AssertionError(f"no ctypes mapping for the C type {c_type!r} (add one to test_header.py)")


def ctypes_shape(t):
    """A CFUNCTYPE class as ("fn", restype, argtypes), comparable with Header.ctype's result."""
    if isinstance(t, type) and hasattr(t, "_argtypes_") and hasattr(t, "_restype_"):
        return ("fn", ctypes_shape(t._restype_), tuple(ctypes_shape(a) for a in t._argtypes_))
    return t


@pytest.fixture(scope="module")
def header():
    return Header(HEADER.read_text(encoding="utf-8"))


def test_the_parser_reads_every_kind_of_declaration():
    h = Header(
        "typedef struct mc_draft mc_draft;\ntypedef int32_t mc_status;\n"
        "typedef void (*mc_listener)(void *user_data, int32_t kind, const char *json);\n"
        "/// doc comment mentioning mc_fake(void);\n"
        "mc_status mc_a(mc_draft *d, mc_listener cb, void *user_data);\n"
        "mc_status mc_b(mc_draft *d,\n    void (*cb)(void *, int32_t, const char *), uint32_t flags);\n"
        "const char *mc_c(void);\nvoid mc_d(char *s);\n#define MC_X (-12) /**< x */\n#define MC_Y 3u\n"
    )
    listener = ("fn", None, (c_void_p, c_int32, c_char_p))
    assert h.functions == {
        "mc_a": (c_int32, (c_void_p, listener, c_void_p), True),
        "mc_b": (c_int32, (c_void_p, listener, c_uint32), True),
        "mc_c": (c_char_p, (), False),
        "mc_d": (None, (c_void_p,), False),
    }
    assert h.defines == {"MC_X": -12, "MC_Y": 3}
    assert ctypes_shape(CFUNCTYPE(None, c_void_p, c_int32, c_char_p)) == listener


def test_the_parser_maps_the_new_scalar_types():
    h = Header(
        "typedef struct mc_draft mc_draft;\ntypedef int32_t mc_status;\ntypedef int32_t mc_upload_event;\n"
        "mc_status mc_e(mc_draft *d, uint64_t id, mc_upload_event e, double p, bool b, bool *out);\n"
    )
    assert h.functions == {"mc_e": (c_int32, (c_void_p, c_uint64, c_int32, c_double, c_bool, POINTER(c_bool)), True)}


def test_the_listener_typedef_is_the_ffi_callback_type(header):
    assert header.typedefs["mc_listener"] == ("fn", None, (c_void_p, c_int32, c_char_p))
    assert ctypes_shape(_ffi.mc_listener) == header.typedefs["mc_listener"]
    assert header.resolve("mc_event") == header.resolve("mc_upload_event") == "int32_t"


def test_the_table_declares_exactly_the_header_functions(header):
    names = [d.name for d in _ffi.DECLARATIONS]
    assert len(names) == len(set(names)), "a function is declared twice"
    assert sorted(names) == sorted(header.functions)


@pytest.mark.parametrize("decl", _ffi.DECLARATIONS, ids=lambda d: d.name)
def test_each_declaration_matches_its_prototype(header, decl):
    restype, argtypes, returns_status = header.functions[decl.name]
    assert ctypes_shape(decl.restype) == restype
    assert tuple(ctypes_shape(a) for a in decl.argtypes) == argtypes
    assert decl.checked == returns_status, "mc_status functions (and only they) get the errcheck"


@pytest.mark.parametrize("decl", _ffi.DECLARATIONS, ids=lambda d: d.name)
def test_each_declaration_is_bound_on_the_loaded_library(decl):
    if decl.name in _ffi.MISSING:
        pytest.skip(f"the loaded library is older than the header: it lacks {decl.name}")
    function = getattr(_ffi.lib, decl.name)
    assert function.restype is decl.restype
    assert tuple(function.argtypes) == decl.argtypes
    assert (getattr(function, "errcheck", None) is _ffi._check) == decl.checked


def python_constant(name):
    """The Python object for a header constant, by naming rule."""
    prefixes = [
        ("MC_ERR_", Status),
        ("MC_FORMAT_", Format),
        ("MC_UNIT_", Unit),
        ("MC_FLAG_", Flag),
        ("MC_CARET_", CaretUnit),
        ("MC_EVENT_", EventKind),
        ("MC_UPLOAD_", UploadEvent),
    ]
    if name == "MC_OK":
        return Status.OK
    for prefix, enum in prefixes:
        if name.startswith(prefix):
            return enum[name[len(prefix) :]]
    if name in ("MC_VERSION_MAJOR", "MC_VERSION_MINOR", "MC_VERSION_PATCH", "MC_VERSION_STRING", "MC_ABI_VERSION") or name.startswith(
        "MC_MAX_"
    ):
        return getattr(message_composer, name[len("MC_") :])
    raise AssertionError(f"{name} has no Python counterpart (add it to constants.py and this mapping)")


def test_every_header_constant_has_its_python_value(header):
    assert len(header.defines) >= 35
    for name, value in header.defines.items():
        constant = python_constant(name)
        assert type(constant.value if hasattr(constant, "value") else constant) is type(value), name
        assert constant == value, name


@pytest.mark.parametrize(
    "enum, prefix",
    [
        (Status, "MC_ERR_"),
        (Format, "MC_FORMAT_"),
        (Unit, "MC_UNIT_"),
        (Flag, "MC_FLAG_"),
        (CaretUnit, "MC_CARET_"),
        (EventKind, "MC_EVENT_"),
        (UploadEvent, "MC_UPLOAD_"),
    ],
)
def test_every_enum_member_is_in_the_header(header, enum, prefix):
    expected = {k[len(prefix) :]: v for k, v in header.defines.items() if k.startswith(prefix)}
    if enum is Status:
        expected["OK"] = header.defines["MC_OK"]
    assert {m.name: m.value for m in enum} == expected


def test_every_error_status_has_its_exception_class(header):
    errors = {k: v for k, v in header.defines.items() if k.startswith("MC_ERR_")}
    assert set(message_composer.errors.ERRORS) == set(errors.values())
    for name, value in errors.items():
        camel = "".join(part.capitalize() for part in name[len("MC_ERR_") :].split("_")) + "Error"
        camel = camel.replace("Utf8", "UTF8").replace("Json", "JSON")
        cls = getattr(message_composer, camel)
        assert message_composer.errors.ERRORS[value] is cls
        assert cls.status == value
