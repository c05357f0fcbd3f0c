"""Keyboard editing, formats, links, mentions and undo (the functions added with the rich-text engine)."""

import pytest

import message_composer as mc
from message_composer import CaretUnit, Draft, Format, _ffi

USED = [
    "mc_draft_insert_n", "mc_draft_enter", "mc_draft_delete_backward", "mc_draft_delete_forward",
    "mc_draft_move_caret", "mc_draft_select_all", "mc_draft_apply_format", "mc_draft_toggle_format",
    "mc_draft_remove_format", "mc_draft_active_formats", "mc_draft_set_link", "mc_draft_remove_link",
    "mc_draft_insert_link", "mc_draft_insert_mention", "mc_draft_mentions", "mc_draft_undo", "mc_draft_redo",
    "mc_draft_undo_state", "mc_draft_begin_batch", "mc_draft_commit_batch",
]  # fmt: skip
pytestmark = pytest.mark.skipif(
    bool(set(USED) & set(_ffi.MISSING)),
    reason="the loaded library predates the editing functions: " + ", ".join(sorted(set(USED) & set(_ffi.MISSING))),
)


def span(start, end, format, **values):
    return dict(start=start, end=end, format=format, **values)


NO_FORMATS = {"formats": [], "link": None, "color": None}


# Typing


def test_insert_types_at_the_selection(draft):
    draft.insert("Hello world")
    assert (draft.text, draft.selection) == ("Hello world", (11, 11))
    draft.set_selection(6, 11)
    draft.insert("there 👋")
    assert (draft.text, draft.selection) == ("Hello there 👋", (13, 13))


def test_insert_refuses_what_cannot_be_utf8(draft):
    with pytest.raises(mc.InvalidUTF8Error, match=r"^mc_draft_insert_n: text holds a lone surrogate at index 0"):
        draft.insert("\ud800")
    with pytest.raises(mc.InvalidUTF8Error, match=r"^mc_draft_insert_n: invalid UTF-8 in string argument$"):
        draft.insert("\0")
    assert draft.text == ""


@pytest.mark.parametrize(
    "typed, block",
    [("- ", "bullet_list"), ("* ", "bullet_list"), ("1. ", "ordered_list"), ("> ", "quote"), ("```", "code_block")],
)
def test_line_start_shortcuts_convert_the_line(typed, block):
    with Draft() as d:
        for ch in typed:
            d.insert(ch)
        assert d.document() == {"text": "", "spans": [span(0, 0, block)]}
        assert d.active_formats == {"formats": [block], "link": None, "color": None}
    with Draft({"rich_text": False}) as d:
        d.insert(typed)
        assert d.document() == {"text": typed, "spans": []}


def test_enter_continues_a_list_and_ends_it_on_an_empty_item(draft):
    draft.insert("- ")
    draft.insert("one")
    draft.enter()
    draft.insert("two")
    assert draft.document() == {"text": "one\ntwo", "spans": [span(0, 7, "bullet_list")]}
    draft.enter()
    draft.enter()
    assert draft.document() == {"text": "one\ntwo\n", "spans": [span(0, 7, "bullet_list")]}
    assert draft.selection == (8, 8)


def test_a_line_break_typed_acts_as_enter(draft):
    draft.insert("1. ")
    draft.insert("a\nb")
    assert draft.document() == {"text": "a\nb", "spans": [span(0, 3, "ordered_list")]}


def test_backspace_and_delete_remove_whole_grapheme_clusters(draft):
    draft.insert("a👩‍👩‍👧e\u0301🇫🇷")
    draft.delete_backward()
    assert draft.text == "a👩‍👩‍👧e\u0301"
    draft.delete_backward()
    assert draft.text == "a👩‍👩‍👧"
    draft.set_selection(1, 1)
    draft.delete_forward()
    assert (draft.text, draft.selection) == ("a", (1, 1))
    draft.delete_forward()  # at the end: nothing
    draft.set_selection(0, 0)
    draft.delete_backward()  # at the start of plain text: nothing
    assert (draft.text, draft.selection) == ("a", (0, 0))


def test_the_caret_moves_by_grapheme_word_line_and_document(draft):
    draft.insert("one two\n👩‍👩‍👧 x")
    draft.move_caret(CaretUnit.GRAPHEME, -3)
    assert draft.selection == (8, 8)  # past "x", " " and the family, one step for five scalars
    draft.move_caret(CaretUnit.DOCUMENT, -1)
    assert draft.selection == (0, 0)
    draft.move_caret(CaretUnit.WORD, 1)
    assert draft.selection == (3, 3)
    draft.move_caret(CaretUnit.WORD, 1, extend=True)
    assert draft.selection == (3, 7)
    draft.move_caret(CaretUnit.LINE, 1)
    assert draft.selection == (7, 7)
    draft.move_caret(CaretUnit.GRAPHEME, 2**62)  # far counts just stop at the end
    assert draft.selection == (len(draft), len(draft))
    with pytest.raises(mc.InvalidArgumentError, match=r"^mc_draft_move_caret: unknown caret unit 9$"):
        draft.move_caret(9, 1)


def test_select_all(draft):
    draft.insert("abc")
    draft.select_all()
    assert draft.selection == (0, 3)


# Formats


def test_apply_toggle_and_remove_inline_formats(draft):
    draft.insert("Hello world")
    draft.apply_format(0, 5, Format.BOLD)
    assert draft.document()["spans"] == [span(0, 5, "bold")]
    draft.toggle_format(0, 5, Format.BOLD)
    assert draft.document()["spans"] == []
    draft.toggle_format(0, 11, Format.ITALIC)
    draft.remove_format(6, 11, Format.ITALIC)
    assert draft.document()["spans"] == [span(0, 6, "italic")]


def test_values_are_normalised(draft):
    draft.insert("Hello world")
    draft.apply_format(0, 5, Format.LINK, "example.com")
    draft.apply_format(6, 11, Format.COLOR, "#F0A")
    assert draft.document()["spans"] == [span(0, 5, "link", url="https://example.com"), span(6, 11, "color", color="#ff00aa")]


def test_protect_carves_links_out_unless_switched_off(draft):
    draft.insert("Hello world")
    draft.apply_format(0, 5, Format.LINK, "https://a.org")
    draft.apply_format(0, 11, Format.BOLD)
    draft.apply_format(0, 11, Format.UNDERLINE, protect=False)
    assert draft.document()["spans"] == [
        span(0, 5, "link", url="https://a.org"),
        span(0, 11, "underline"),
        span(5, 11, "bold"),
    ]


def test_inline_code_holds_no_other_style(draft):
    draft.insert("ab")
    draft.apply_format(0, 2, Format.CODE)
    draft.apply_format(0, 2, Format.BOLD, protect=False)
    assert draft.document()["spans"] == [span(0, 2, "code")]


def test_a_format_at_the_caret_changes_the_typing_attributes(draft):
    draft.insert("ab")
    draft.apply_format(1, 1, Format.BOLD)  # not at the caret: nothing
    assert (draft.document()["spans"], draft.active_formats) == ([], NO_FORMATS)
    draft.apply_format(2, 2, Format.BOLD)
    assert (draft.document()["spans"], draft.active_formats["formats"]) == ([], ["bold"])
    draft.insert("c")
    assert draft.document() == {"text": "abc", "spans": [span(2, 3, "bold")]}


def test_block_formats_cover_the_touched_lines(draft):
    draft.insert("ab\ncd\nef")
    draft.apply_format(1, 4, Format.QUOTE)
    assert draft.document()["spans"] == [span(0, 5, "quote")]
    draft.apply_format(4, 4, Format.CODE_BLOCK)  # replaces the quote on that line
    assert draft.document()["spans"] == [span(0, 2, "quote"), span(3, 5, "code_block")]


@pytest.mark.parametrize(
    "args, error, message",
    [
        ((0, 5, Format.LINK), mc.InvalidArgumentError, "link needs a value to apply"),
        ((0, 5, Format.BOLD, "x"), mc.InvalidArgumentError, "bold takes no value"),
        ((0, 5, 42), mc.InvalidArgumentError, "unknown format 42"),
        (
            (0, 5, Format.LINK, "javascript:x"),
            mc.UnsafeLinkError,
            'link scheme "javascript:" is not allowed (allowed: http, https, mailto)',
        ),
        ((0, 5, Format.COLOR, "red"), mc.InvalidColorError, 'colour "red" must be #rgb or #rrggbb'),
        ((0, 99, Format.BOLD), mc.OutOfRangeError, "range [0, 99) is outside the text (length 11)"),
        ((3, 2, Format.BOLD), mc.OutOfRangeError, "range [3, 2) is outside the text (length 11)"),
        ((-1, 2, Format.BOLD), mc.OutOfRangeError, "range [-1, 2) is outside the text (length 11)"),
    ],
)
def test_bad_format_operations_are_refused_and_change_nothing(draft, args, error, message):
    draft.insert("Hello world")
    before = draft.document_json()
    with pytest.raises(error) as caught:
        draft.apply_format(*args)
    assert caught.value.message == "mc_draft_apply_format: " + message
    if len(args) == 3:
        with pytest.raises(error) as caught:
            draft.toggle_format(*args)
        assert caught.value.message == "mc_draft_toggle_format: " + message
    assert draft.document_json() == before


def test_remove_format_refuses_what_apply_refuses(draft):
    with pytest.raises(mc.InvalidArgumentError, match=r"^mc_draft_remove_format: unknown format 11$"):
        draft.remove_format(0, 0, 11)
    with pytest.raises(mc.OutOfRangeError, match=r"^mc_draft_remove_format: range \[0, 1\) is outside"):
        draft.remove_format(0, 1, Format.BOLD)
    with pytest.raises(mc.InvalidUTF8Error, match=r"^mc_draft_apply_format: value holds U\+0000 at index 1$"):
        draft.apply_format(0, 0, Format.COLOR, "#\0")


def test_active_formats_over_a_selection(draft):
    draft.insert("Hello world")
    draft.apply_format(0, 11, Format.ITALIC)
    draft.apply_format(6, 11, Format.COLOR, "#123456")
    draft.apply_format(6, 11, Format.LINK, "https://a.org")
    draft.apply_format(6, 11, Format.BOLD)  # protected: the link is carved out
    draft.set_selection(7, 9)
    assert draft.active_formats == {"formats": ["italic", "link", "color"], "link": "https://a.org", "color": "#123456"}
    draft.select_all()
    assert draft.active_formats == {"formats": ["italic"], "link": None, "color": None}


# Links and mentions


def test_set_link_retargets_at_a_caret_and_remove_link_removes_it_whole(draft):
    draft.insert("see docs")
    draft.set_selection(4, 8)
    draft.set_link("example.com/docs")
    assert draft.document()["spans"] == [span(4, 8, "link", url="https://example.com/docs")]
    draft.set_selection(6, 6)
    draft.set_link("https://b.org")
    assert draft.document()["spans"] == [span(4, 8, "link", url="https://b.org")]
    with pytest.raises(mc.UnsafeLinkError, match=r'^mc_draft_set_link: link scheme "file:" is not allowed'):
        draft.set_link("file:///etc/passwd")
    draft.remove_link()
    assert draft.document() == {"text": "see docs", "spans": []}


def test_insert_link(draft):
    draft.insert("read ")
    draft.insert_link("the docs", "example.org/x")
    assert draft.document() == {"text": "read the docs", "spans": [span(5, 13, "link", url="https://example.org/x")]}
    assert draft.selection == (13, 13)
    for text, url, error, message in [
        ("", "https://a.b", mc.InvalidArgumentError, "link text must be non-empty and on one line"),
        ("a\nb", "https://a.b", mc.InvalidArgumentError, "link text must be non-empty and on one line"),
        ("a", "ftp://x", mc.UnsafeLinkError, 'link scheme "ftp:" is not allowed (allowed: http, https, mailto)'),
    ]:
        with pytest.raises(error) as caught:
            draft.insert_link(text, url)
        assert caught.value.message == "mc_draft_insert_link: " + message
    assert draft.text == "read the docs"


def test_insert_mention_and_list_mentions(draft):
    draft.insert("hi ")
    draft.insert_mention("u42", "Bob")
    assert draft.document() == {"text": "hi @Bob ", "spans": [span(3, 7, "mention", uid="u42", name="Bob")]}
    assert draft.selection == (8, 8)
    assert draft.mentions == [{"start": 3, "end": 7, "uid": "u42", "name": "Bob"}]
    draft.delete_backward()  # the space
    draft.delete_backward()  # the whole mention
    assert (draft.text, draft.mentions) == ("hi ", [])


@pytest.mark.parametrize(
    "config, uid, name, error, message",
    [
        (
            {},
            "",
            "Bob",
            mc.InvalidArgumentError,
            'mention uid "" must be 1-255 characters of A-Z a-z 0-9 _ - . : @ = +',
        ),
        (
            {},
            "bad uid",
            "Bob",
            mc.InvalidArgumentError,
            'mention uid "bad uid" must be 1-255 characters of A-Z a-z 0-9 _ - . : @ = +',
        ),
        ({}, "u1", "", mc.InvalidArgumentError, "mention name must be non-empty, on one line and free of U+0000"),
        ({}, "u1", "a\nb", mc.InvalidArgumentError, "mention name must be non-empty, on one line and free of U+0000"),
        ({"mentions": False}, "u1", "Bob", mc.NotAllowedError, "mentions are disabled"),
        ({"mention_limit": 0}, "u1", "Bob", mc.LimitExceededError, "a message can hold at most 0 mentions"),
    ],
)
def test_bad_mentions_are_refused(config, uid, name, error, message):
    with Draft(config) as d:
        with pytest.raises(error) as caught:
            d.insert_mention(uid, name)
        assert caught.value.message == "mc_draft_insert_mention: " + message
        assert d.document_json() == '{"text":"","spans":[]}'


def test_no_mention_in_a_code_block(draft):
    draft.insert("```")
    with pytest.raises(mc.NotAllowedError, match=r"^mc_draft_insert_mention: mentions cannot go in a code block$"):
        draft.insert_mention("u1", "Bob")


# Undo


def test_typing_undoes_word_by_word(draft):
    assert draft.undo_state == (False, False)
    for ch in "hello world":
        draft.insert(ch)
    draft.undo()
    assert (draft.text, draft.undo_state) == ("hello ", (True, True))
    draft.undo()
    assert (draft.text, draft.undo_state) == ("", (False, True))
    draft.undo()  # nothing left: no error
    draft.redo()
    draft.redo()
    assert (draft.text, draft.undo_state) == ("hello world", (True, False))


def test_undo_restores_formats_and_selection(draft):
    draft.insert("see docs")
    draft.set_selection(4, 8)
    draft.set_link("https://a.org")
    draft.remove_link()
    draft.undo()
    assert draft.document()["spans"] == [span(4, 8, "link", url="https://a.org")]
    assert draft.selection == (4, 8)


def test_a_batch_is_one_undo_step(draft):
    with draft.batch() as same:
        assert same is draft
        draft.insert("a")
        draft.insert("b")
        draft.apply_format(0, 2, Format.BOLD)
    draft.undo()
    assert (draft.document_json(), draft.undo_state) == ('{"text":"","spans":[]}', (False, True))


def test_undo_does_nothing_inside_a_batch_and_batches_nest(draft):
    draft.begin_batch()
    draft.begin_batch()
    draft.insert("zz")
    draft.undo()
    assert draft.text == "zz"
    draft.commit_batch()
    draft.commit_batch()
    with pytest.raises(mc.NotAllowedError, match=r"^mc_draft_commit_batch: no batch is open$"):
        draft.commit_batch()
    draft.undo()
    assert draft.text == ""


def test_the_batch_context_commits_when_the_block_raises(draft):
    with pytest.raises(mc.OutOfRangeError):
        with draft.batch():
            draft.insert("a")
            draft.replace(5, 5, "x")
    with pytest.raises(mc.NotAllowedError):
        draft.commit_batch()  # the with block closed its batch
    draft.undo()
    assert draft.text == ""


def test_undo_depth_zero_keeps_no_history():
    with Draft({"undo_depth": 0}) as d:
        d.insert("a")
        assert d.undo_state == (False, False)
        d.undo()
        assert d.text == "a"


CLOSED_CALLS = [
    lambda d: d.insert("x"),
    lambda d: d.enter(),
    lambda d: d.delete_backward(),
    lambda d: d.delete_forward(),
    lambda d: d.move_caret(CaretUnit.WORD, 1),
    lambda d: d.select_all(),
    lambda d: d.apply_format(0, 0, Format.BOLD),
    lambda d: d.toggle_format(0, 0, Format.BOLD),
    lambda d: d.remove_format(0, 0, Format.BOLD),
    lambda d: d.active_formats,
    lambda d: d.set_link("https://a.org"),
    lambda d: d.remove_link(),
    lambda d: d.insert_link("a", "https://a.org"),
    lambda d: d.insert_mention("u1", "Bob"),
    lambda d: d.mentions,
    lambda d: d.undo(),
    lambda d: d.redo(),
    lambda d: d.undo_state,
    lambda d: d.begin_batch(),
    lambda d: d.commit_batch(),
]


@pytest.mark.parametrize("call", CLOSED_CALLS)
def test_a_closed_draft_raises_invalid_handle_error(call):
    d = Draft()
    d.close()
    with pytest.raises(
        mc.InvalidHandleError, match=r": draft handle is invalid \(freed, double-freed or never issued\)$"
    ):
        call(d)
