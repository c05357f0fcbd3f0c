"""Draft: creation and configuration, text, selection, lifetime."""

import copy
import gc
import json
import pickle
import threading

import pytest

import message_composer as mc
from message_composer import Draft, _ffi

DEFAULT_CONFIG = {
    "rich_text": True,
    "mentions": True,
    "mention_limit": 10,
    "max_length": None,
    "trim": True,
    "typing_events": True,
    "multiple_attachments": True,
    "max_files": 10,
    "max_file_size": 104857600,
    "allowed_types": None,
    "undo_depth": 100,
    "slow_mode_seconds": 0,
    "commands": True,
    "stickers": True,
}


def loaded(document):
    d = Draft()
    d.load_document(document)
    return d


# Creation and configuration


@pytest.mark.parametrize("config", [None, {}, "{}", " { } "])
def test_a_new_draft_is_empty_with_the_default_config(config):
    with Draft(config) as d:
        assert d.text == ""
        assert len(d) == d.length == 0
        assert d.selection == (0, 0)
        assert d.document() == {"text": "", "spans": []}
        assert d.document_json() == '{"text":"","spans":[]}'
        assert d.config == DEFAULT_CONFIG
        assert bool(d) is True  # truthy although empty


def test_every_option_can_be_set_and_comes_back_normalised():
    config = {
        "rich_text": False,
        "mentions": False,
        "mention_limit": 0,
        "max_length": 500,
        "trim": False,
        "typing_events": False,
        "multiple_attachments": False,
        "max_files": 1,
        "max_file_size": 1,
        "allowed_types": ["Image/PNG", "video/*"],
        "undo_depth": 0,
        "slow_mode_seconds": 30,
        "commands": False,
        "stickers": False,
    }
    with Draft(config) as d:
        assert d.config == dict(config, allowed_types=["image/png", "video/*"])
    with Draft(
        json.dumps({"max_length": 1000000000, "max_file_size": 2**63 - 1, "slow_mode_seconds": 1000000000})
    ) as d:
        assert (d.config["max_length"], d.config["max_file_size"], d.config["slow_mode_seconds"]) == (
            1000000000,
            2**63 - 1,
            1000000000,
        )


def test_the_config_property_reports_json_key_order():
    with Draft() as d:
        assert list(d.config) == list(DEFAULT_CONFIG)


@pytest.mark.parametrize(
    "config, error, message",
    [
        ("", mc.InvalidJSONError, "invalid JSON: unexpected end of input at byte 0"),
        ("{", mc.InvalidJSONError, "invalid JSON: expected a string key at byte 1"),
        ("{} x", mc.InvalidJSONError, "invalid JSON: unexpected data after the JSON value at byte 3"),
        ('{"trim":true,"trim":false}', mc.InvalidJSONError, 'invalid JSON: duplicate key "trim" at byte 19'),
        ("[]", mc.InvalidArgumentError, "config must be a JSON object, not array"),
        ([], mc.InvalidArgumentError, "config must be a JSON object, not array"),
        ("null", mc.InvalidArgumentError, "config must be a JSON object, not null"),
        ({"colour": "red"}, mc.InvalidArgumentError, 'config: unknown key "colour"'),
        ({"rich_text": 1}, mc.InvalidArgumentError, 'config: "rich_text" must be a boolean, not number'),
        ({"mentions": "yes"}, mc.InvalidArgumentError, 'config: "mentions" must be a boolean, not string'),
        ({"max_length": 1.5}, mc.InvalidArgumentError, 'config: "max_length" must be an integer or null, not number'),
        ({"max_length": 0}, mc.InvalidArgumentError, 'config: "max_length" must be between 1 and 1000000000, not 0'),
        (
            {"max_length": 1000000001},
            mc.InvalidArgumentError,
            'config: "max_length" must be between 1 and 1000000000, not 1000000001',
        ),
        (
            {"mention_limit": -3},
            mc.InvalidArgumentError,
            'config: "mention_limit" must be between 0 and 1000000000, not -3',
        ),
        ({"max_files": 0}, mc.InvalidArgumentError, 'config: "max_files" must be between 1 and 1000000000, not 0'),
        ({"max_file_size": 0}, mc.InvalidArgumentError, 'config: "max_file_size" must be at least 1'),
        ({"undo_depth": -1}, mc.InvalidArgumentError, 'config: "undo_depth" must be between 0 and 1000000000, not -1'),
        (
            {"slow_mode_seconds": -1},
            mc.InvalidArgumentError,
            'config: "slow_mode_seconds" must be between 0 and 1000000000, not -1',
        ),
        (
            {"slow_mode_seconds": 1000000001},
            mc.InvalidArgumentError,
            'config: "slow_mode_seconds" must be between 0 and 1000000000, not 1000000001',
        ),
        (
            {"slow_mode_seconds": 1.5},
            mc.InvalidArgumentError,
            'config: "slow_mode_seconds" must be an integer, not number',
        ),
        (
            {"slow_mode_seconds": None},
            mc.InvalidArgumentError,
            'config: "slow_mode_seconds" must be an integer, not null',
        ),
        (
            {"allowed_types": "image/png"},
            mc.InvalidArgumentError,
            'config: "allowed_types" must be an array or null, not string',
        ),
        (
            {"allowed_types": [""]},
            mc.InvalidArgumentError,
            'config: "allowed_types" must be an array of non-empty strings',
        ),
        (
            {"allowed_types": [1]},
            mc.InvalidArgumentError,
            'config: "allowed_types" must be an array of non-empty strings',
        ),
        ({"max_length": 2**70}, mc.InvalidArgumentError, 'config: "max_length" must be an integer or null, not number'),
    ],
)
def test_bad_configs_are_refused_with_the_library_message(config, error, message):
    with pytest.raises(error) as caught:
        Draft(config)
    assert type(caught.value) is error
    assert caught.value.message == "mc_draft_new: " + message


def test_a_config_that_cannot_be_utf8_is_refused_before_c():
    with pytest.raises(mc.InvalidUTF8Error, match=r"^mc_draft_new: config holds a lone surrogate at index 19"):
        Draft({"allowed_types": ["\ud800"]})
    with pytest.raises(mc.InvalidUTF8Error, match=r"^mc_draft_new: config holds U\+0000 at index 2$"):
        Draft("{}\0 trailing bytes C would never see")


def test_a_config_json_cannot_encode_is_a_type_error():
    with pytest.raises(TypeError):
        Draft({"max_length": object()})


# Text


def test_replace_inserts_replaces_and_deletes(draft):
    draft.replace(0, 0, "Hello")
    draft.replace(5, 5, " world")
    assert (draft.text, len(draft), draft.selection) == ("Hello world", 11, (11, 11))
    draft.replace(0, 5, "Goodbye")
    assert (draft.text, draft.selection) == ("Goodbye world", (7, 7))
    draft.replace(7, 13, "")
    assert (draft.text, draft.selection) == ("Goodbye", (7, 7))
    draft.replace(0, 7, "")
    assert (draft.text, len(draft), draft.selection) == ("", 0, (0, 0))


UNICODE = [
    "👩‍👩‍👧",  # ZWJ sequence: 5 scalars, 8 UTF-16 units, 18 bytes
    "🇫🇷",  # flag: two regional indicators
    "e\u0301",  # e + combining acute
    "中文字",  # CJK
    "שלום עולם",  # Hebrew, RTL
    "مرحبا",  # Arabic, RTL
    "a\u200fb",  # right-to-left mark
    "😀",
    "\U0010ffff",
]


@pytest.mark.parametrize("text", UNICODE)
def test_offsets_are_python_str_indices(draft, text):
    draft.replace(0, 0, "<>")
    draft.replace(1, 1, text)
    assert draft.text == "<" + text + ">"
    assert len(draft) == len(text) + 2
    assert draft.selection == (1 + len(text), 1 + len(text))
    draft.replace(1, 1 + len(text), "")
    assert draft.text == "<>"


def test_replace_works_on_scalars_inside_a_grapheme_cluster(draft):
    draft.replace(0, 0, "a👩‍👩‍👧b")
    draft.replace(2, 3, "")  # the first ZWJ: replace is scalar-exact
    assert draft.text == "a👩👩‍👧b"
    draft.replace(1, 1, "\u0301")  # a combining mark on its own
    assert draft.text == "a\u0301👩👩‍👧b"


@pytest.mark.parametrize(
    "start, end, message",
    [
        (-1, 0, "range [-1, 0) is outside the text (length 5)"),
        (3, 2, "range [3, 2) is outside the text (length 5)"),
        (0, 6, "range [0, 6) is outside the text (length 5)"),
        (6, 6, "range [6, 6) is outside the text (length 5)"),
        (-(2**63), 2**63 - 1, f"range [{-(2**63)}, {2**63 - 1}) is outside the text (length 5)"),
    ],
)
def test_replace_refuses_ranges_outside_the_text(draft, start, end, message):
    draft.replace(0, 0, "hello")
    with pytest.raises(mc.OutOfRangeError) as caught:
        draft.replace(start, end, "x")
    assert caught.value.message == "mc_draft_replace_n: " + message
    assert caught.value.status == -6
    assert (draft.text, draft.selection) == ("hello", (5, 5))


def test_offsets_beyond_int64_are_refused_before_c(draft):
    # ctypes would silently wrap 2**64 + 1 to 1.
    with pytest.raises(mc.OutOfRangeError, match=r"^mc_draft_replace_n: end 18446744073709551617 does not fit"):
        draft.replace(0, 2**64 + 1, "x")
    with pytest.raises(TypeError):
        draft.replace(0.0, 0, "x")
    assert draft.text == ""


def test_replace_refuses_text_that_is_not_utf8_and_changes_nothing(draft):
    draft.replace(0, 0, "ok")
    with pytest.raises(mc.InvalidUTF8Error) as caught:
        draft.replace(0, 0, "a\udc00b")
    assert caught.value.message == "mc_draft_replace_n: text holds a lone surrogate at index 1 (not valid UTF-8)"
    assert caught.value.status == -4
    with pytest.raises(mc.InvalidUTF8Error, match=r"^mc_draft_replace_n: invalid UTF-8 in string argument$"):
        draft.replace(0, 0, "a\0b")  # U+0000: refused by the library itself
    with pytest.raises(TypeError, match="^text must be str, not bytes$"):
        draft.replace(0, 0, b"bytes")
    assert (draft.text, draft.selection) == ("ok", (2, 2))


def test_new_text_takes_the_formats_of_the_first_replaced_character():
    with loaded({"text": "hello world", "spans": [{"start": 0, "end": 5, "format": "bold"}]}) as d:
        d.replace(5, 5, "X")  # at a caret: the character before
        d.replace(0, 0, "Y")  # at the start: nothing before
        d.replace(2, 4, "ZZZ")  # over a range: its first character
        assert d.document_json() == '{"text":"YhZZZloX world","spans":[{"start":1,"end":8,"format":"bold"}]}'


def test_links_never_extend_at_their_end_but_edits_inside_stay_linked():
    link = {"start": 4, "end": 8, "format": "link", "url": "https://a.b"}
    with loaded({"text": "see docs now", "spans": [link]}) as d:
        d.replace(8, 8, "X")
        d.replace(5, 6, "Q")
        assert d.document() == {"text": "see dQcsX now", "spans": [link]}
        d.replace(7, 9, "M")  # crosses the link's end: not linked
        assert d.document() == {"text": "see dQcM now", "spans": [dict(link, end=7)]}


def test_a_range_that_cuts_into_a_mention_removes_it_whole():
    mention = {"start": 3, "end": 7, "format": "mention", "uid": "u1", "name": "Bob"}
    with loaded({"text": "hi @Bob there", "spans": [mention]}) as d:
        d.replace(7, 7, "x")  # at its end: the mention does not extend
        assert d.document() == {"text": "hi @Bobx there", "spans": [mention]}
        d.replace(5, 9, "Z")  # [5, 9) grows to [3, 9)
        assert d.document() == {"text": "hi Zthere", "spans": []}
        assert d.selection == (4, 4)


def test_inline_formats_split_at_line_breaks_and_blocks_grow():
    spans = [{"start": 0, "end": 5, "format": "quote"}, {"start": 0, "end": 2, "format": "bold"}]
    with loaded({"text": "ab\ncd", "spans": spans}) as d:
        d.replace(2, 2, "\nxy")
        assert d.document_json() == (
            '{"text":"ab\\nxy\\ncd","spans":[{"start":0,"end":2,"format":"bold"},'
            '{"start":0,"end":8,"format":"quote"},{"start":3,"end":5,"format":"bold"}]}'
        )


# Selection


def test_the_selection_keeps_its_direction_and_is_clamped(draft):
    draft.replace(0, 0, "hello")
    draft.set_selection(3, 1)
    assert draft.selection == (3, 1)
    draft.set_selection(-5, 100)
    assert draft.selection == (0, 5)
    draft.set_selection(-(2**63), 2**63 - 1)
    assert draft.selection == (0, 5)
    draft.set_selection(2, 2)
    assert draft.selection == (2, 2)


def test_selection_ends_inside_a_mention_snap_to_its_nearer_edge():
    mention = {"start": 3, "end": 7, "format": "mention", "uid": "u1", "name": "Bob"}
    with loaded({"text": "hi @Bob there", "spans": [mention]}) as d:
        for (anchor, focus), expected in [
            ((5, 5), (3, 3)),  # equally near: the start
            ((6, 6), (7, 7)),
            ((4, 6), (3, 7)),
            ((5, 9), (3, 9)),
            ((3, 7), (3, 7)),
        ]:
            d.set_selection(anchor, focus)
            assert d.selection == expected, (anchor, focus)


def test_loading_a_document_puts_the_caret_at_the_end(draft):
    draft.load_document({"text": "日本語", "spans": []})
    assert draft.selection == (3, 3)


# Lifetime


def test_close_is_idempotent_and_the_context_manager_closes():
    with Draft() as d:
        assert not d.closed
        assert repr(d).startswith("<Draft 0x")
    assert d.closed
    assert repr(d) == "<Draft closed>"
    d.close()
    d.close()
    assert d.closed


CLOSED_CALLS = [
    ("replace", lambda d: d.replace(0, 0, "x")),
    ("text", lambda d: d.text),
    ("length", lambda d: d.length),
    ("len", len),
    ("selection", lambda d: d.selection),
    ("set_selection", lambda d: d.set_selection(0, 0)),
    ("convert_offset", lambda d: d.convert_offset(0, mc.Unit.SCALAR, mc.Unit.UTF8)),
    ("document", lambda d: d.document()),
    ("document_json", lambda d: d.document_json()),
    ("load_document", lambda d: d.load_document({"text": "x", "spans": []})),
    ("config", lambda d: d.config),
]


@pytest.mark.parametrize("name, call", CLOSED_CALLS, ids=[c[0] for c in CLOSED_CALLS])
def test_a_closed_draft_raises_invalid_handle_error(name, call):
    d = Draft()
    d.close()
    with pytest.raises(mc.InvalidHandleError) as caught:
        call(d)
    assert caught.value.status == -3
    assert caught.value.message.endswith(": draft handle is invalid (freed, double-freed or never issued)")


def test_a_closed_handle_stays_invalid_when_its_slot_is_reused():
    old = Draft()
    old.close()
    fresh = [Draft() for _ in range(4)]
    try:
        with pytest.raises(mc.InvalidHandleError):
            old.replace(0, 0, "x")
        assert all(d.text == "" for d in fresh)
    finally:
        for d in fresh:
            d.close()


def test_an_unreferenced_draft_is_freed_by_its_finalizer():
    d = Draft()
    finalizer = d._finalizer
    handle = d._handle
    del d
    gc.collect()
    assert not finalizer.alive
    with pytest.raises(mc.InvalidHandleError):
        _ffi.take_int64(_ffi.lib.mc_draft_length, handle)


def test_a_draft_cannot_be_copied_or_pickled(draft):
    for attempt in (copy.copy, copy.deepcopy, pickle.dumps):
        with pytest.raises(TypeError, match="^a Draft owns a C handle and cannot be copied or pickled$"):
            attempt(draft)


def test_one_draft_can_be_edited_from_many_threads(draft):
    def typist(letter):
        for _ in range(200):
            draft.replace(0, 0, letter)

    threads = [threading.Thread(target=typist, args=(letter,)) for letter in "abcdefgh"]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(draft) == 1600
    assert sorted(draft.text) == sorted("abcdefgh" * 200)
