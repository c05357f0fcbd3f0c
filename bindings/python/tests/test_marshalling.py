"""Arguments in and results out: str offsets are code points (the library's scalars), what C cannot
take (a lone surrogate, U+0000 in a NUL-terminated string, an int past int64_t or uint64_t, a
non-str) is refused before C with the C function's name, JSON arguments go in as dicts, JSON text
or typed values, and the library's own refusals arrive as the matching ComposerError."""

import pytest

import message_composer as mc
from message_composer import Draft, UploadEvent

UNICODE = [
    "👩‍👩‍👧",  # ZWJ sequence: 5 scalars, 8 UTF-16 units, 18 bytes
    "🇫🇷",  # flag: two regional indicators
    "e\u0301",  # e + combining acute
    "中文字",
    "שלום",  # RTL
    "\U0010ffff",
]


@pytest.mark.parametrize("text", UNICODE)
def test_offsets_are_python_str_indices(draft, text):
    draft.replace(0, 0, "<>")
    draft.replace(1, 1, text)
    assert draft.text == "<" + text + ">"
    assert len(draft) == len(text) + 2
    assert draft.selection == (1 + len(text), 1 + len(text))
    draft.apply_format(1, 1 + len(text), mc.Format.BOLD)
    assert draft.document().spans == (mc.Span(1, 1 + len(text), "bold"),)
    draft.replace(1, 1 + len(text), "")
    assert draft.text == "<>"


def test_a_library_refusal_raises_its_class_with_status_and_message(draft):
    draft.replace(0, 0, "hello")
    with pytest.raises(mc.OutOfRangeError) as caught:
        draft.replace(3, 2, "x")
    assert (caught.value.status, caught.value.message) == (
        -6,
        "mc_draft_replace_n: range [3, 2) is outside the text (length 5)",
    )
    with pytest.raises(mc.UnsafeLinkError):
        draft.apply_format(0, 1, mc.Format.LINK, "javascript:x")
    with pytest.raises(mc.InvalidColorError):
        draft.apply_format(0, 1, mc.Format.COLOR, "red")
    assert (draft.text, draft.selection) == ("hello", (5, 5))


def test_ints_past_the_c_types_are_refused_before_c(draft):
    # ctypes would silently wrap 2**64 + 1 to 1, and -1 to 2**64 - 1.
    with pytest.raises(mc.OutOfRangeError, match=r"^mc_draft_replace_n: end 18446744073709551617 does not fit"):
        draft.replace(0, 2**64 + 1, "x")
    with pytest.raises(mc.InvalidArgumentError, match=r"^mc_draft_upload_event: id -1 does not fit in uint64_t$"):
        draft.upload_event(-1, UploadEvent.START)
    with pytest.raises(mc.InvalidArgumentError, match=r"^mc_draft_move_caret: unit 2147483648 does not fit"):
        draft.move_caret(2**31, 1)
    with pytest.raises(mc.OutOfRangeError, match="max_graphemes 9223372036854775808 does not fit in int64_t"):
        mc.markdown_to_plain_text("x", None, 2**63)
    with pytest.raises(TypeError):
        draft.replace(0.0, 0, "x")
    assert draft.text == ""


def test_the_receive_functions_take_mentions_as_a_dict_or_json_text_and_cut_on_graphemes():
    markdown = "**Hi** <@uid:u1> \U0001F469\u200d\U0001F469\u200d\U0001F467 x"  # a family: 5 code points, 1 cluster
    family = "\U0001F469\u200d\U0001F469\u200d\U0001F467"
    html = f'<p><strong>Hi</strong> <span class="mention" data-uid="u1">@Bob</span> {family} x</p>'
    assert mc.markdown_to_html(markdown, {"u1": "Bob"}) == html
    assert mc.markdown_to_html(markdown, '{"u1": "Bob"}') == html
    assert mc.markdown_to_plain_text(markdown, {"u1": "Bob"}) == f"Hi @Bob {family} x"
    assert mc.markdown_to_plain_text(markdown) == f"Hi @u1 {family} x"  # no names: the uid
    assert mc.markdown_to_plain_text(markdown, {"u1": "Bob"}, 9) == f"Hi @Bob {family}\u2026"


def test_undo_state_serialize_and_an_empty_draft_is_still_true(draft):
    # len() of an empty draft is 0; `if draft:` must not read that as "no draft".
    assert bool(draft) and len(draft) == 0
    assert draft.undo_state == (False, False)
    draft.replace(0, 0, "*a*")
    assert draft.undo_state == (True, False)
    assert draft.serialize() == draft.markdown == "\\*a\\*"
    draft.undo()
    assert draft.undo_state == (False, True)


def test_flags_take_bools_only(draft):
    # A truthy string would switch the flag on ("no" is truthy); ints are refused as well.
    draft.replace(0, 0, "ab")
    with pytest.raises(TypeError, match=r"^mc_draft_move_caret: extend must be a bool, not str$"):
        draft.move_caret(mc.CaretUnit.GRAPHEME, -1, extend="no")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^mc_draft_apply_format: protect must be a bool, not int$"):
        draft.apply_format(0, 1, mc.Format.BOLD, protect=0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^mc_draft_begin_edit: is_media must be a bool, not NoneType$"):
        draft.begin_edit("m1", "x", is_media=None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^mc_draft_set_also_send_to_channel: enabled must be a bool, not str$"):
        draft.set_also_send_to_channel("false")  # type: ignore[arg-type]
    assert (draft.text, draft.selection, draft.document().spans) == ("ab", (2, 2), ())
    draft.move_caret(mc.CaretUnit.GRAPHEME, -1, extend=True)
    assert draft.selection == (2, 1)


def test_strings_c_cannot_take_are_refused_before_c(draft):
    draft.replace(0, 0, "ok")
    with pytest.raises(mc.InvalidUTF8Error) as caught:
        draft.replace(0, 0, "a\udc00b")
    assert caught.value.message == "mc_draft_replace_n: text holds a lone surrogate at index 1 (not valid UTF-8)"
    with pytest.raises(mc.InvalidUTF8Error, match=r"^mc_draft_set_link: url holds U\+0000 at index 1$"):
        draft.set_link("a\0b")  # a NUL-terminated argument would be cut short
    # In a dict or list, the message names the string's place, not an index into json.dumps' text.
    with pytest.raises(mc.InvalidUTF8Error) as caught:
        draft.load_markdown("x", {"u1": "Bob", "u2": "Al\ud800"})
    assert caught.value.message == "mc_draft_load_markdown: mentions['u2'] holds a lone surrogate at index 2 (not valid UTF-8)"
    with pytest.raises(mc.InvalidUTF8Error) as caught:
        Draft({"allowed_types": ["image/png", "\ud800"]})
    assert caught.value.message == "mc_draft_new: config['allowed_types'][1] holds a lone surrogate at index 0 (not valid UTF-8)"
    with pytest.raises(mc.InvalidUTF8Error) as caught:
        draft.stage_files([{"name": "a.png", "size": 1, "extra": {"k\udc00": 1}}])
    assert caught.value.message == "mc_draft_stage_files: files[0]['extra']: key 'k\\udc00' holds a lone surrogate at index 1 (not valid UTF-8)"
    with pytest.raises(mc.InvalidUTF8Error, match=r"^mc_draft_new: config holds a lone surrogate at index 19"):
        Draft('{"allowed_types":["\ud800"]}')  # JSON text: an index into it
    with pytest.raises(TypeError, match="^text must be str, not bytes$"):
        draft.replace(0, 0, b"bytes")
    with pytest.raises(TypeError, match="markdown must be str"):
        mc.parse_markdown(None)  # type: ignore[arg-type]
    assert (draft.text, draft.selection) == ("ok", (2, 2))


def test_u0000_goes_through_the_length_taking_functions_to_the_library(draft):
    # replace and insert pass (pointer, length): the library itself refuses U+0000.
    with pytest.raises(mc.InvalidUTF8Error, match=r"^mc_draft_replace_n: utf8 holds U\+0000 at byte 1 \(a draft cannot hold it\)$"):
        draft.replace(0, 0, "a\0b")
    with pytest.raises(mc.InvalidUTF8Error, match=r"^mc_draft_insert_n: utf8 holds U\+0000 at byte 2 \(a draft cannot hold it\)$"):
        draft.insert("é\0b")


def test_json_arguments_go_in_as_dicts_json_text_or_typed_values():
    with Draft({"mention_limit": 2}) as a, Draft('{"mention_limit": 2}') as b:
        assert a.config == b.config and a.config.mention_limit == 2
        document = {"text": "ab", "spans": [{"start": 0, "end": 1, "format": "bold"}]}
        a.load_document(document)
        b.load_document(mc.Document("ab", (mc.Span(0, 1, "bold"),)))
        assert a.document_json() == b.document_json()
        b.load_document(a.document_json())
        assert a.document() == b.document()
        a.load_markdown("<@uid:u1>", {"u1": "Bob"})
        b.load_markdown("<@uid:u1>", '{"u1": "Bob"}')
        assert a.document() == b.document() == mc.Document("@Bob", (mc.Span(0, 4, "mention", uid="u1", name="Bob"),))
        a.restore(b.snapshot())
        assert a.document() == b.document()
    with pytest.raises(TypeError):
        Draft({"max_length": object()})
    with pytest.raises(mc.InvalidJSONError, match="^mc_draft_new: "):
        Draft("{")
    with pytest.raises(mc.InvalidArgumentError, match='^mc_draft_new: config: unknown key "nope"'):
        Draft({"nope": 1})


def test_enums_and_plain_ints_are_accepted_and_a_missing_value_is_a_null_argument(draft):
    draft.insert("ab cd")
    draft.move_caret(mc.CaretUnit.WORD, -1, extend=True)
    draft.move_caret(0, -1, extend=True)  # a plain int unit
    assert draft.selection == (5, 2)
    (i,) = draft.stage_files([{"name": "a.png", "mime": "image/png", "size": 1}]).staged
    draft.upload_event(i, UploadEvent.START)
    with pytest.raises(mc.NullArgumentError, match="^mc_draft_upload_event: "):
        draft.upload_event(i, UploadEvent.COMPLETE)  # value None is NULL
    with pytest.raises(mc.InvalidArgumentError, match="^mc_draft_upload_event: unknown upload event 99$"):
        draft.upload_event(i, 99)


def test_convert_offset_agrees_with_python_encodings():
    text = "a😀é中"
    for i in range(len(text) + 1):
        assert mc.convert_offset(text, i, mc.Unit.SCALAR, mc.Unit.UTF8) == len(text[:i].encode("utf-8"))
        assert mc.convert_offset(text, i, mc.Unit.SCALAR, mc.Unit.UTF16) == len(text[:i].encode("utf-16-le")) // 2
