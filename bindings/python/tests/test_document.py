"""Document JSON: loading, canonical output, refusals."""

import json

import pytest

import message_composer as mc
from message_composer import Draft


def span(start, end, format, **values):
    return dict(start=start, end=end, format=format, **values)


def canonical(text, *spans):
    return json.dumps({"text": text, "spans": list(spans)}, ensure_ascii=False, separators=(",", ":"))


DESIGN_EXAMPLE = canonical(
    "Hi @Bob, see docs\nline two",
    span(0, 2, "bold"),
    span(3, 7, "mention", uid="u42", name="Bob"),
    span(13, 17, "link", url="https://example.com/docs"),
    span(18, 26, "quote"),
)


def test_the_design_example_loads_in_any_order_and_comes_back_canonical(draft):
    spans = json.loads(DESIGN_EXAMPLE)["spans"]
    draft.load_document({"text": "Hi @Bob, see docs\nline two", "spans": spans[::-1]})
    assert draft.document_json() == DESIGN_EXAMPLE
    assert draft.document() == json.loads(DESIGN_EXAMPLE)
    assert draft.text == "Hi @Bob, see docs\nline two"


def test_a_document_string_and_a_dict_load_the_same(draft):
    draft.load_document(DESIGN_EXAMPLE)
    from_string = draft.document_json()
    draft.load_document(json.loads(DESIGN_EXAMPLE))
    assert draft.document_json() == from_string == DESIGN_EXAMPLE


def test_the_document_round_trips(draft):
    draft.load_document(DESIGN_EXAMPLE)
    document = draft.document()
    with Draft() as other:
        other.load_document(document)
        assert other.document_json() == DESIGN_EXAMPLE


@pytest.mark.parametrize(
    "document, expected",
    [
        ({"text": "abc"}, canonical("abc")),  # spans may be left out
        (
            {"text": "abcdef", "spans": [span(0, 3, "bold"), span(3, 6, "bold")]},
            canonical("abcdef", span(0, 6, "bold")),
        ),
        (
            {"text": "abcdef", "spans": [span(0, 4, "bold"), span(2, 6, "bold")]},
            canonical("abcdef", span(0, 6, "bold")),
        ),
        ({"text": "abcdef", "spans": [span(2, 2, "bold")]}, canonical("abcdef")),  # empty inline span dropped
        ({"text": "", "spans": [span(0, 0, "quote")]}, canonical("", span(0, 0, "quote"))),  # empty block kept
        ({"text": "ab\n\ncd", "spans": [span(3, 3, "bullet_list")]}, canonical("ab\n\ncd", span(3, 3, "bullet_list"))),
        (
            {"text": "abcdef", "spans": [span(0, 2, "italic"), span(0, 2, "bold"), span(0, 1, "underline")]},
            canonical("abcdef", span(0, 1, "underline"), span(0, 2, "bold"), span(0, 2, "italic")),
        ),
        (  # an inline span never covers a line break
            {"text": "ab\ncd", "spans": [span(0, 5, "bold")]},
            canonical("ab\ncd", span(0, 2, "bold"), span(3, 5, "bold")),
        ),
        (
            {"text": "ab\ncd", "spans": [span(0, 2, "quote"), span(3, 5, "quote")]},
            canonical("ab\ncd", span(0, 5, "quote")),
        ),
        ({"text": "ab\n", "spans": [span(0, 3, "quote")]}, canonical("ab\n", span(0, 3, "quote"))),
        (
            {"text": "ab", "spans": [span(0, 2, "color", color="#ABC")]},
            canonical("ab", span(0, 2, "color", color="#aabbcc")),
        ),
        (
            {"text": "abc", "spans": [span(0, 2, "color", color="#FfF"), span(1, 3, "color", color="#ffffff")]},
            canonical("abc", span(0, 3, "color", color="#ffffff")),
        ),
        (
            {"text": "ab", "spans": [span(0, 2, "link", url="example.com")]},
            canonical("ab", span(0, 2, "link", url="https://example.com")),
        ),
        (
            {"text": "ab", "spans": [span(0, 2, "link", url="HTTPS://Example.com/A")]},
            canonical("ab", span(0, 2, "link", url="https://Example.com/A")),
        ),
        (
            {"text": "ab", "spans": [span(0, 2, "link", url="mailto:a@b.c")]},
            canonical("ab", span(0, 2, "link", url="mailto:a@b.c")),
        ),
        (
            {
                "text": "@n@n",
                "spans": [span(0, 2, "mention", uid="u", name="n"), span(2, 4, "mention", uid="v", name="n")],
            },
            canonical("@n@n", span(0, 2, "mention", uid="u", name="n"), span(2, 4, "mention", uid="v", name="n")),
        ),
        ({"text": "ab", "spans": [span(-0, 1, "bold")]}, canonical("ab", span(0, 1, "bold"))),
    ],
)
def test_documents_are_canonicalised(draft, document, expected):
    draft.load_document(document)
    assert draft.document_json() == expected


@pytest.mark.parametrize(
    "text, spans",
    [
        ("👩‍👩‍👧 family", [span(0, 5, "bold"), span(6, 12, "italic")]),
        ("🇫🇷 e\u0301 中文", [span(0, 2, "underline"), span(3, 5, "strike"), span(6, 8, "code")]),
        ("שלום עולם\nمرحبا", [span(0, 4, "bold"), span(10, 15, "quote")]),
        ("😀x", [span(1, 2, "link", url="https://x.org")]),
    ],
)
def test_span_offsets_are_str_indices_in_any_script(draft, text, spans):
    draft.load_document({"text": text, "spans": spans})
    assert draft.document() == {"text": text, "spans": spans}
    assert draft.text[spans[0]["start"] : spans[0]["end"]] == text[spans[0]["start"] : spans[0]["end"]]


@pytest.mark.parametrize(
    "document, error, message",
    [
        ("not json", mc.InvalidJSONError, "invalid JSON: invalid literal at byte 1"),
        (
            '{"text":"\\ud83dx","spans":[]}',
            mc.InvalidJSONError,
            "invalid JSON: unpaired surrogate in \\u escape at byte 15",
        ),
        (
            '{"text":"abc","spans":[{"start":0,"end":1,"format":"bold","format":"bold"}]}',
            mc.InvalidJSONError,
            'invalid JSON: duplicate key "format" at byte 66',
        ),
        ([], mc.InvalidArgumentError, "document must be a JSON object, not array"),
        ({"spans": []}, mc.InvalidArgumentError, 'document: "text" is required'),
        ({"text": 1}, mc.InvalidArgumentError, 'document: "text" must be a string, not number'),
        ({"text": "abc", "extra": 1}, mc.InvalidArgumentError, 'document: unknown key "extra"'),
        ({"text": "abc", "spans": {}}, mc.InvalidArgumentError, 'document: "spans" must be an array, not object'),
        ({"text": "abc", "spans": None}, mc.InvalidArgumentError, 'document: "spans" must be an array, not null'),
        ({"text": "abc", "spans": [1]}, mc.InvalidArgumentError, "spans[0] must be a JSON object, not number"),
        ({"text": "abc", "spans": [{"start": 0, "end": 1}]}, mc.InvalidArgumentError, 'spans[0]: "format" is required'),
        ({"text": "abc", "spans": [span(0, 2, "blink")]}, mc.InvalidArgumentError, 'spans[0]: unknown format "blink"'),
        ({"text": "abc", "spans": [span(0, 2, "Bold")]}, mc.InvalidArgumentError, 'spans[0]: unknown format "Bold"'),
        (
            {"text": "abc", "spans": [span(0, 2.0, "bold")]},
            mc.InvalidArgumentError,
            'spans[0]: "end" must be an integer, not number',
        ),
        (
            {"text": "abc", "spans": [span("0", 2, "bold")]},
            mc.InvalidArgumentError,
            'spans[0]: "start" must be an integer, not string',
        ),
        (
            {"text": "abc", "spans": [span(0, 2, "bold", url="https://x.com")]},
            mc.InvalidArgumentError,
            'spans[0]: unknown key "url"',
        ),
        ({"text": "abc", "spans": [span(0, 2, "link")]}, mc.InvalidArgumentError, 'spans[0]: "url" is required'),
        ({"text": "abc", "spans": [span(0, 2, "color")]}, mc.InvalidArgumentError, 'spans[0]: "color" is required'),
        (
            {"text": "abc", "spans": [span(0, 2, "mention", uid="u1")]},
            mc.InvalidArgumentError,
            'spans[0]: "name" is required',
        ),
        (
            {"text": "abc", "spans": [span(0, 2, "mention", uid="", name="")]},
            mc.InvalidArgumentError,
            'mention uid "" must be 1-255 characters of A-Z a-z 0-9 _ - . : @ = +',
        ),
        (
            {"text": "@n@n", "spans": [span(0, 2, "mention", uid="u", name="n"), span(1, 4, "bold")]},
            mc.InvalidArgumentError,
            "a format covers part of the mention at [0,2) (mentions are atomic)",
        ),
        (
            {"text": "ab", "spans": [span(0, 2, "link", url="https://a.com"), span(1, 2, "link", url="https://b.com")]},
            mc.InvalidArgumentError,
            "span link[1,2) overlaps another link with a different value",
        ),
        # Block spans must cover whole lines.
        (
            {"text": "ab\ncd", "spans": [span(1, 5, "quote")]},
            mc.InvalidArgumentError,
            "block span quote[1,5) does not cover whole lines",
        ),
        (
            {"text": "ab\ncd", "spans": [span(0, 4, "quote")]},
            mc.InvalidArgumentError,
            "block span quote[0,4) does not cover whole lines",
        ),
        (
            {"text": "ab\ncd", "spans": [span(0, 3, "code_block")]},
            mc.InvalidArgumentError,
            "block span code_block[0,3) does not cover whole lines",
        ),
        # Line breaks are "\n" only: a carriage return is refused wherever it is.
        (
            {"text": "a\r\nb", "spans": [span(0, 4, "quote")]},
            mc.InvalidArgumentError,
            'text holds a carriage return at offset 1; line breaks are "\\n" only',
        ),
        (
            {"text": "\r"},
            mc.InvalidArgumentError,
            'text holds a carriage return at offset 0; line breaks are "\\n" only',
        ),
        (
            {"text": "ab\ncd", "spans": [span(0, 5, "quote"), span(0, 2, "code_block")]},
            mc.InvalidArgumentError,
            "line 0 has two block formats (quote and code_block)",
        ),
        # Ranges.
        (
            {"text": "abc", "spans": [span(0, 4, "bold")]},
            mc.OutOfRangeError,
            "span bold[0,4) is outside the text (length 3)",
        ),
        ({"text": "abc", "spans": [span(-1, 2, "bold")]}, mc.OutOfRangeError, "spans[0]: invalid range [-1, 2)"),
        ({"text": "abc", "spans": [span(3, 2, "bold")]}, mc.OutOfRangeError, "spans[0]: invalid range [3, 2)"),
        (
            {"text": "abc", "spans": [span(0, 2**53 + 1, "bold")]},
            mc.OutOfRangeError,
            "span bold[0,9007199254740993) is outside the text (length 3)",
        ),
        # Links.
        (
            {"text": "abc", "spans": [span(0, 2, "link", url="javascript:alert(1)")]},
            mc.UnsafeLinkError,
            'link scheme "javascript:" is not allowed (allowed: http, https, mailto)',
        ),
        (
            {"text": "abc", "spans": [span(0, 2, "link", url="JavaScript:alert(1)")]},
            mc.UnsafeLinkError,
            'link scheme "JavaScript:" is not allowed (allowed: http, https, mailto)',
        ),
        (
            {"text": "abc", "spans": [span(0, 2, "link", url="data:text/html,x")]},
            mc.UnsafeLinkError,
            'link scheme "data:" is not allowed (allowed: http, https, mailto)',
        ),
        (
            {"text": "abc", "spans": [span(0, 2, "link", url="ftp://x.org")]},
            mc.UnsafeLinkError,
            'link scheme "ftp:" is not allowed (allowed: http, https, mailto)',
        ),
        (
            {"text": "abc", "spans": [span(0, 2, "link", url="java\tscript:alert(1)")]},
            mc.UnsafeLinkError,
            "link URL contains a forbidden character (U+9)",
        ),
        (
            {"text": "abc", "spans": [span(0, 2, "link", url=" javascript:alert(1)")]},
            mc.UnsafeLinkError,
            "link URL contains a forbidden character (U+20)",
        ),
        (
            {"text": "abc", "spans": [span(0, 2, "link", url="//evil.com")]},
            mc.UnsafeLinkError,
            'link "//evil.com" has no scheme and does not start with a host name',
        ),
        ({"text": "abc", "spans": [span(0, 2, "link", url="http://")]}, mc.UnsafeLinkError, "http link has no host"),
        ({"text": "abc", "spans": [span(0, 2, "link", url="")]}, mc.UnsafeLinkError, "link URL is empty"),
        # Colours.
        (
            {"text": "abc", "spans": [span(0, 2, "color", color="red")]},
            mc.InvalidColorError,
            'colour "red" must be #rgb or #rrggbb',
        ),
        (
            {"text": "abc", "spans": [span(0, 2, "color", color="#12345")]},
            mc.InvalidColorError,
            'colour "#12345" must be #rgb or #rrggbb',
        ),
        (
            {"text": "abc", "spans": [span(0, 2, "color", color="#aabbccdd")]},
            mc.InvalidColorError,
            'colour "#aabbccdd" must be #rgb or #rrggbb',
        ),
        (
            {"text": "abc", "spans": [span(0, 2, "color", color="#gggggg")]},
            mc.InvalidColorError,
            'colour "#gggggg" must be #rgb or #rrggbb',
        ),
    ],
)
def test_bad_documents_are_refused_and_the_draft_is_unchanged(draft, document, error, message):
    draft.load_document(DESIGN_EXAMPLE)
    draft.set_selection(1, 9)
    with pytest.raises(error) as caught:
        draft.load_document(document)
    assert type(caught.value) is error
    assert caught.value.message == "mc_draft_load_document: " + message
    assert draft.document_json() == DESIGN_EXAMPLE
    assert draft.selection == (1, 9)


def test_a_document_that_cannot_be_utf8_is_refused_before_c(draft):
    with pytest.raises(
        mc.InvalidUTF8Error, match=r"^mc_draft_load_document: document holds a lone surrogate at index 9"
    ):
        draft.load_document({"text": "\udcff"})
    with pytest.raises(mc.InvalidUTF8Error, match=r"^mc_draft_load_document: document holds U\+0000 at index 0$"):
        draft.load_document("\0")
    with pytest.raises(TypeError):
        draft.load_document({"text": b"bytes"})


def test_a_document_with_u0000_is_refused(draft):
    with pytest.raises(mc.InvalidArgumentError, match="U\\+0000"):
        draft.load_document({"text": "a\0b", "spans": []})
    assert draft.text == ""
