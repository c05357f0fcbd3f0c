"""Offset conversion between Unicode scalars (str indices), UTF-16 code units and UTF-8 bytes."""

import pytest

import message_composer as mc
from message_composer import Draft, Unit, convert_offset

TEXT = "a😀é中"  # 1, 4 and 2 and 3 UTF-8 bytes; 😀 is a surrogate pair in UTF-16

# Every valid offset of TEXT, in each unit, at each scalar boundary.
BOUNDARIES = {Unit.SCALAR: [0, 1, 2, 3, 4], Unit.UTF16: [0, 1, 3, 4, 5], Unit.UTF8: [0, 1, 5, 7, 10]}


@pytest.mark.parametrize("source", list(Unit))
@pytest.mark.parametrize("target", list(Unit))
def test_every_boundary_converts_between_every_pair_of_units(source, target):
    for i, offset in enumerate(BOUNDARIES[source]):
        assert convert_offset(TEXT, offset, source, target) == BOUNDARIES[target][i]


@pytest.mark.parametrize(
    "offset, unit, message",
    [
        (2, Unit.UTF16, "UTF-16 offset 2 falls inside a character"),  # half a surrogate pair
        (2, Unit.UTF8, "UTF-8 offset 2 falls inside a character"),  # inside 😀
        (4, Unit.UTF8, "UTF-8 offset 4 falls inside a character"),
        (6, Unit.UTF8, "UTF-8 offset 6 falls inside a character"),  # inside é
        (9, Unit.UTF8, "UTF-8 offset 9 falls inside a character"),  # inside 中
        (5, Unit.SCALAR, "scalar offset 5 is past the end of the text (4)"),
        (6, Unit.UTF16, "UTF-16 offset 6 is past the end of the text (5)"),
        (11, Unit.UTF8, "UTF-8 offset 11 is past the end of the text (10)"),
        (-1, Unit.SCALAR, "offset -1 is negative"),
        (-1, Unit.UTF8, "offset -1 is negative"),
    ],
)
def test_offsets_inside_a_character_or_outside_the_text_are_refused(offset, unit, message):
    for target in Unit:
        with pytest.raises(mc.OutOfRangeError) as caught:
            convert_offset(TEXT, offset, unit, target)
        assert caught.value.message == "mc_convert_offset: " + message
    with Draft() as d:
        d.replace(0, 0, TEXT)
        with pytest.raises(mc.OutOfRangeError) as caught:
            d.convert_offset(offset, unit, Unit.SCALAR)
        assert caught.value.message == "mc_draft_convert_offset: " + message


@pytest.mark.parametrize("source, target", [(3, 0), (0, 3), (-1, 0), (0, 2**31 - 1)])
def test_unknown_units_are_refused(source, target):
    bad = source if source not in (0, 1, 2) else target
    with pytest.raises(mc.InvalidArgumentError, match=rf"^mc_convert_offset: unknown unit {bad}$"):
        convert_offset(TEXT, 0, source, target)
    with Draft() as d:
        with pytest.raises(mc.InvalidArgumentError, match=rf"^mc_draft_convert_offset: unknown unit {bad}$"):
            d.convert_offset(0, source, target)


def test_the_unit_is_checked_before_the_offset():
    with pytest.raises(mc.InvalidArgumentError, match=r"^mc_convert_offset: unknown unit 3$"):
        convert_offset(TEXT, 99, 3, 3)


def test_values_that_do_not_fit_the_c_types_are_refused_before_c():
    with pytest.raises(
        mc.InvalidArgumentError, match=r"^mc_convert_offset: from_unit 4294967296 does not fit in int32_t$"
    ):
        convert_offset(TEXT, 0, 2**32, 0)  # ctypes would wrap it to 0
    with pytest.raises(mc.OutOfRangeError, match=r"^mc_convert_offset: offset -9223372036854775809 does not fit"):
        convert_offset(TEXT, -(2**63) - 1, 0, 0)
    with pytest.raises(TypeError):
        convert_offset(TEXT, 1.0, 0, 0)


def test_the_empty_text_has_one_offset():
    for source in Unit:
        for target in Unit:
            assert convert_offset("", 0, source, target) == 0
    with pytest.raises(
        mc.OutOfRangeError, match=r"^mc_convert_offset: scalar offset 1 is past the end of the text \(0\)$"
    ):
        convert_offset("", 1, Unit.SCALAR, Unit.UTF8)


def test_text_that_cannot_be_passed_is_refused_before_c():
    with pytest.raises(mc.InvalidUTF8Error, match=r"^mc_convert_offset: text holds a lone surrogate at index 1"):
        convert_offset("a\ud83d", 0, Unit.SCALAR, Unit.UTF16)
    with pytest.raises(mc.InvalidUTF8Error, match=r"^mc_convert_offset: text holds U\+0000 at index 1$"):
        convert_offset("a\0b", 3, Unit.SCALAR, Unit.UTF8)  # C would see only "a"


SAMPLES = [
    "plain ascii",
    "👩‍👩‍👧 family",
    "🇫🇷🇩🇪",
    "e\u0301\u0323 combining",
    "中文 日本語 한국어",
    "שלום עולם \u200f مرحبا",
    "mixed: a😀é中\U0010ffff\n\tend",
]


@pytest.mark.parametrize("text", SAMPLES)
def test_every_offset_agrees_with_python_encodings(text):
    with Draft() as d:
        d.replace(0, 0, text)
        for i in range(len(text) + 1):
            utf16 = len(text[:i].encode("utf-16-le")) // 2
            utf8 = len(text[:i].encode("utf-8"))
            assert convert_offset(text, i, Unit.SCALAR, Unit.UTF16) == utf16
            assert convert_offset(text, i, Unit.SCALAR, Unit.UTF8) == utf8
            assert convert_offset(text, utf16, Unit.UTF16, Unit.SCALAR) == i
            assert convert_offset(text, utf8, Unit.UTF8, Unit.UTF16) == utf16
            assert d.convert_offset(i, Unit.SCALAR, Unit.UTF8) == utf8
            assert d.convert_offset(utf16, Unit.UTF16, Unit.UTF8) == utf8


def test_plain_ints_work_as_units():
    assert convert_offset(TEXT, 2, 0, 1) == convert_offset(TEXT, 2, Unit.SCALAR, Unit.UTF16) == 3
