"""The wire format through the binding: Draft.markdown / serialize, load_markdown, normalize_markdown,
parse_markdown, markdown_to_plain_text, markdown_to_html. Expected outputs are the library's own."""

import json
from ctypes import byref, c_void_p

import pytest

import message_composer as mc
from message_composer import Draft, _ffi


def span(start, end, format, **values):
    return dict(start=start, end=end, format=format, **values)


DESIGN_EXAMPLE = {
    "text": "Hi @Bob, see docs\nline two",
    "spans": [
        span(0, 2, "bold"),
        span(3, 7, "mention", uid="u42", name="Bob"),
        span(13, 17, "link", url="https://example.com/docs"),
        span(18, 26, "quote"),
    ],
}
DESIGN_MARKDOWN = "**Hi** <@uid:u42>, see [docs](https://example.com/docs)\n\n> line two"

# (document, its wire markdown): each also reads back exactly (test_every_example_parses_back).
SERIALIZED = [
    pytest.param(DESIGN_EXAMPLE, DESIGN_MARKDOWN, id="design example"),
    pytest.param(
        {
            "text": "bold italic under strike code color",
            "spans": [
                span(0, 4, "bold"),
                span(5, 11, "italic"),
                span(12, 17, "underline"),
                span(18, 24, "strike"),
                span(25, 29, "code"),
                span(30, 35, "color", color="#F00"),
            ],
        },
        "**bold** *italic* <u>under</u> ~~strike~~ `code` <color=#ff0000>color</color>",
        id="every inline format",
    ),
    pytest.param(
        {
            "text": "one\ntwo\nthree\nfour\nx = 1\nq",
            "spans": [
                span(0, 7, "bullet_list"),
                span(8, 18, "ordered_list"),
                span(19, 24, "code_block"),
                span(25, 26, "quote"),
            ],
        },
        "- one\n- two\n\n1. three\n2. four\n\n```\nx = 1\n```\n\n> q",
        id="every block format",
    ),
    pytest.param(
        {"text": "a*b_c `d` [e] <f> ~g~ |h| & &amp; \\"},
        "a\\*b\\_c \\`d\\` \\[e\\] \\<f\\> \\~g\\~ \\|h\\| & \\&amp; \\\\",
        id="syntax characters escaped",
    ),
    pytest.param(
        {"text": "# title\n1. not a list\n- nor this\n> nor a quote\n  indented\n+ x\n="},
        "\\# title\\\n1\\. not a list\\\n\\- nor this\\\n\\> nor a quote\\\n&#32;&#32;indented\\\n\\+ x\\\n\\=",
        id="line starts escaped",
    ),
    pytest.param({"text": "\n\nx\n\n"}, "<p></p>\n<p></p>\n\nx\n\n<p></p>\n<p></p>", id="empty lines at the edges"),
    pytest.param({"text": "a\n\nb"}, "a\\\n\\\nb", id="empty line inside"),
    pytest.param({"text": ""}, "", id="empty"),
    pytest.param({"text": "", "spans": [span(0, 0, "quote")]}, "> <p></p>", id="empty quote line"),
    pytest.param(
        {"text": "bold and italic", "spans": [span(0, 15, "bold"), span(5, 15, "italic")]},
        "**bold _and italic_**",
        id="nested emphasis uses _",
    ),
    pytest.param({"text": "**", "spans": [span(0, 2, "bold")]}, "**\\*\\***", id="bold asterisks"),
    pytest.param({"text": "a `b` c", "spans": [span(0, 7, "code")]}, "``a `b` c``", id="code holding a backtick"),
    pytest.param(
        {"text": "see docs", "spans": [span(4, 8, "link", url="example.com/a_(b)"), span(4, 8, "bold")]},
        "see [**docs**](https://example.com/a_\\(b\\))",
        id="bold link, bare host",
    ),
    pytest.param(
        {"text": "x @Bob y", "spans": [span(2, 6, "mention", uid="u42", name="Bob"), span(0, 8, "italic")]},
        "*x <@uid:u42> y*",
        id="mention inside italic",
    ),
    pytest.param(
        {"text": "👨\u200d👩\u200d👧 שלום 中文", "spans": [span(0, 5, "bold"), span(6, 10, "italic")]},
        "**&#128104;\u200d👩\u200d&#128103;** *שלום* 中文",
        id="emoji next to a delimiter become entities",
    ),
    pytest.param(
        {"text": " lead and trail ", "spans": [span(0, 5, "bold")]},
        "**&#32;lead** and trail&#32;",
        id="edge spaces become entities",
    ),
    pytest.param(
        {"text": "2. x", "spans": [span(0, 4, "ordered_list")]}, "1. 2\\. x", id="list item that looks numbered"
    ),
]


@pytest.mark.parametrize("document, markdown", SERIALIZED)
def test_a_document_serializes_to_its_wire_markdown(draft, document, markdown):
    draft.load_document(document)
    assert draft.markdown == markdown
    assert draft.serialize() == markdown


@pytest.mark.parametrize("document, markdown", SERIALIZED)
def test_every_example_parses_back(draft, document, markdown):
    draft.load_document(document)
    assert mc.parse_markdown(markdown, draft.mention_names or None) == draft.document()


def test_mention_names_maps_each_uid_to_its_name(draft):
    assert draft.mention_names == {}
    draft.load_document(DESIGN_EXAMPLE)
    assert draft.mention_names == {"u42": "Bob"}


def test_rich_text_off_serializes_plain_text_keeping_mentions():
    with Draft({"rich_text": False}) as draft:
        draft.load_document(
            {"text": "**a** @Bob", "spans": [span(0, 5, "bold"), span(6, 10, "mention", uid="u42", name="Bob")]}
        )
        assert draft.markdown == "\\*\\*a\\*\\* <@uid:u42>"
        assert mc.parse_markdown(draft.markdown, {"u42": "Bob"}) == {
            "text": "**a** @Bob",
            "spans": [span(6, 10, "mention", uid="u42", name="Bob")],
        }


# parse_markdown


EVERY_FORMAT = "**b** *i* _i_ __b__ <u>u</u> ~~s~~ `c` [l](https://x.y) <color=#ff0000>r</color> <@uid:u1>"


def test_parse_reads_every_format():
    assert mc.parse_markdown(EVERY_FORMAT) == {
        "text": "b i i b u s c l r @u1",
        "spans": [
            span(0, 1, "bold"),
            span(2, 3, "italic"),
            span(4, 5, "italic"),
            span(6, 7, "bold"),
            span(8, 9, "underline"),
            span(10, 11, "strike"),
            span(12, 13, "code"),
            span(14, 15, "link", url="https://x.y"),
            span(16, 17, "color", color="#ff0000"),
            span(18, 21, "mention", uid="u1", name="u1"),
        ],
    }


def test_parse_reads_every_block():
    assert mc.parse_markdown("> q1\n> q2\n\n- b1\n- b2\n\n3. o1\n4. o2\n\n```\ncode *x*\n```\n\ntext") == {
        "text": "q1\nq2\nb1\nb2\no1\no2\ncode *x*\ntext",
        "spans": [
            span(0, 5, "quote"),
            span(6, 11, "bullet_list"),
            span(12, 17, "ordered_list"),
            span(18, 26, "code_block"),
        ],
    }


@pytest.mark.parametrize(
    "markdown, text",
    [
        ("&amp; &#35; &copy; \\* \\_ a\\\nb  \nc\nd", "& # © * _ a\nb\nc\nd"),  # entities, escapes, line breaks
        ("[x](javascript:alert(1)) <b>x</b> # h\n\n---\n\n| a |", "x <b>x</b> # h\n---\n| a |"),  # outside the subset
        ("", ""),
        ("\n\n", ""),
    ],
)
def test_parse_reads_plain_text(markdown, text):
    assert mc.parse_markdown(markdown) == {"text": text, "spans": []}


def test_parse_names_mentions_from_the_mentions_given():
    assert mc.parse_markdown("<@uid:u1> <@uid:u2>", {"u1": "Bob"}) == {
        "text": "@Bob @u2",
        "spans": [span(0, 4, "mention", uid="u1", name="Bob"), span(5, 8, "mention", uid="u2", name="u2")],
    }
    # The mentions may be given as JSON text; no mentions and {} read the same.
    assert mc.parse_markdown("<@uid:u1>", '{"u1": "Bob"}') == mc.parse_markdown("<@uid:u1>", {"u1": "Bob"})
    assert (
        mc.parse_markdown("<@uid:u1>", {})
        == mc.parse_markdown("<@uid:u1>")
        == {
            "text": "@u1",
            "spans": [span(0, 3, "mention", uid="u1", name="u1")],
        }
    )


def test_parse_markdown_json_is_the_canonical_json():
    text = mc.parse_markdown_json(EVERY_FORMAT)
    assert text == json.dumps(mc.parse_markdown(EVERY_FORMAT), ensure_ascii=False, separators=(",", ":"))
    assert mc.parse_markdown_json("<@uid:u1>", {"u1": "Bob"}) == (
        '{"text":"@Bob","spans":[{"start":0,"end":4,"format":"mention","uid":"u1","name":"Bob"}]}'
    )


def test_a_parsed_document_loads_as_is(draft):
    document = mc.parse_markdown(DESIGN_MARKDOWN, {"u42": "Bob"})
    assert document == DESIGN_EXAMPLE
    draft.load_document(document)
    assert draft.document() == document


# load_markdown


def test_load_markdown_replaces_the_content_in_one_undo_step(draft):
    draft.insert("draft")
    draft.load_markdown(DESIGN_MARKDOWN, {"u42": "Bob"})
    assert draft.document() == DESIGN_EXAMPLE
    assert draft.selection == (26, 26)  # the caret moves to the end
    assert draft.markdown == DESIGN_MARKDOWN
    draft.undo()
    assert draft.document() == {"text": "draft", "spans": []}


def test_load_markdown_without_names_shows_uids(draft):
    draft.load_markdown("hi <@uid:u42>")
    assert draft.document() == {"text": "hi @u42", "spans": [span(3, 7, "mention", uid="u42", name="u42")]}


# normalize_markdown


@pytest.mark.parametrize(
    "text, document",
    [
        (
            "**x** _y_ `z` [a](b.com) and ~~s~~",
            {
                "text": "x y z a and s",
                "spans": [
                    span(0, 1, "bold"),
                    span(2, 3, "italic"),
                    span(4, 5, "code"),
                    span(6, 7, "link", url="https://b.com"),
                    span(12, 13, "strike"),
                ],
            },
        ),
        (
            "- item\n> q\n1. one",
            {
                "text": "item\nq\none",
                "spans": [span(0, 4, "bullet_list"), span(5, 6, "quote"), span(7, 10, "ordered_list")],
            },
        ),
        ("a\n- b", {"text": "a\nb", "spans": [span(2, 3, "bullet_list")]}),
        ("a\n```\nx\n```", {"text": "a\nx", "spans": [span(2, 3, "code_block")]}),
        ("plain text, # and 1) stay", {"text": "plain text, # and 1) stay", "spans": []}),
    ],
)
def test_normalize_converts_markdown_typed_by_hand(draft, text, document):
    draft.load_document({"text": text})
    draft.normalize_markdown()
    assert draft.document() == document
    if document["text"] != text:  # one undo step, when something changed
        draft.undo()
        assert draft.document() == {"text": text, "spans": []}


def test_normalize_leaves_formatted_text_literal(draft):
    draft.load_document({"text": "**x** and **y**", "spans": [span(0, 5, "italic")]})
    draft.normalize_markdown()
    assert draft.document() == {"text": "**x** and y", "spans": [span(0, 5, "italic"), span(10, 11, "bold")]}


def test_normalize_does_nothing_with_rich_text_off():
    with Draft({"rich_text": False}) as draft:
        draft.load_document({"text": "**x** _y_"})
        draft.normalize_markdown()
        assert draft.document() == {"text": "**x** _y_", "spans": []}


def test_normalize_keeps_empty_lines(draft):
    draft.load_document({"text": "x\n\ny"})
    draft.normalize_markdown()
    assert draft.document() == {"text": "x\n\ny", "spans": []}


# Plain text and HTML


def test_plain_text_drops_formatting_and_names_mentions():
    markdown = "**Hi** <@uid:u42>, see [docs](https://e.com)\n\n> quoted"
    assert mc.markdown_to_plain_text(markdown, {"u42": "Bob"}) == "Hi @Bob, see docs\nquoted"
    assert mc.markdown_to_plain_text("<@uid:u42> x") == "@u42 x"
    assert mc.markdown_to_plain_text("- a\n- b\n\n1. c\n\n```\nx\n```") == "a\nb\nc\nx"


PREVIEW = "👨\u200d👩\u200d👧e\u0301🇫🇷 abc"  # 8 grapheme clusters


@pytest.mark.parametrize(
    "max_graphemes, text",
    [
        (None, PREVIEW),
        (-1, PREVIEW),
        (0, "…"),
        (1, "👨\u200d👩\u200d👧…"),
        (3, "👨\u200d👩\u200d👧e\u0301🇫🇷…"),
        (4, "👨\u200d👩\u200d👧e\u0301🇫🇷 …"),
        (5, "👨\u200d👩\u200d👧e\u0301🇫🇷 a…"),
        (7, "👨\u200d👩\u200d👧e\u0301🇫🇷 abc"),
        (100, PREVIEW),
    ],
)
def test_plain_text_is_cut_on_grapheme_boundaries(max_graphemes, text):
    assert mc.markdown_to_plain_text(PREVIEW, None, max_graphemes) == text
    assert mc.markdown_to_plain_text(PREVIEW, max_graphemes=max_graphemes) == text


def test_html_is_safe():
    assert mc.markdown_to_html(
        "**Hi** <@uid:u42>, see [docs](https://e.com/?a=1&b=2)\n\n> quoted", {"u42": "Bob <script>"}
    ) == (
        '<p><strong>Hi</strong> <span class="mention" data-uid="u42">@Bob &lt;script&gt;</span>, see '
        '<a href="https://e.com/?a=1&amp;b=2" rel="nofollow noopener noreferrer">docs</a></p>'
        "<blockquote><p>quoted</p></blockquote>"
    )
    assert mc.markdown_to_html("[x](javascript:alert(1)) <script>alert(1)</script> \"q\" 's'") == (
        "<p>x &lt;script&gt;alert(1)&lt;/script&gt; &quot;q&quot; &#39;s&#39;</p>"
    )


def test_html_renders_every_block_and_format():
    markdown = (
        "- a\n- b\n\n1. c\n\n```\n<x>\n```\n\n<color=#00ff00>c</color> <color=#12345g>n</color> <u>u</u> ~~s~~ *i* `c`"
    )
    assert mc.markdown_to_html(markdown) == (
        "<ul><li>a</li><li>b</li></ul><ol><li>c</li></ol><pre><code>&lt;x&gt;</code></pre>"
        '<p><span style="color:#00ff00">c</span> &lt;color=#12345g&gt;n&lt;/color&gt; <u>u</u> <del>s</del> '
        "<em>i</em> <code>c</code></p>"
    )


# Refusals


def _parse(markdown, mentions):
    return mc.parse_markdown(markdown, mentions)


def _plain(markdown, mentions):
    return mc.markdown_to_plain_text(markdown, mentions, 10)


def _html(markdown, mentions):
    return mc.markdown_to_html(markdown, mentions)


def _load(markdown, mentions):
    with Draft() as draft:
        draft.load_document(DESIGN_EXAMPLE)
        try:
            draft.load_markdown(markdown, mentions)
        except mc.ComposerError:
            assert draft.document() == DESIGN_EXAMPLE  # a refused load changes nothing
            raise


FUNCTIONS = [
    pytest.param(_parse, "mc_markdown_parse_with_mentions", id="parse_markdown"),
    pytest.param(_plain, "mc_markdown_to_plain_text", id="markdown_to_plain_text"),
    pytest.param(_html, "mc_markdown_to_html", id="markdown_to_html"),
    pytest.param(_load, "mc_draft_load_markdown", id="Draft.load_markdown"),
]

OBJECT_MESSAGE = 'mentions_json must be a JSON object {"uid": "name"}'
UID_MESSAGE = "must be 1-255 characters of A-Z a-z 0-9 _ - . : @ = +"
NAME_MESSAGE = "mention name must be non-empty, on one line and free of U+0000"

BAD_MENTIONS = [
    pytest.param([], mc.InvalidArgumentError, OBJECT_MESSAGE, id="a list"),
    pytest.param(["u1"], mc.InvalidArgumentError, OBJECT_MESSAGE, id="a list of uids"),
    pytest.param(42, mc.InvalidArgumentError, OBJECT_MESSAGE, id="a number"),
    pytest.param("[]", mc.InvalidArgumentError, OBJECT_MESSAGE, id="JSON text of a list"),
    pytest.param("null", mc.InvalidArgumentError, OBJECT_MESSAGE, id="JSON null"),
    pytest.param('"x"', mc.InvalidArgumentError, OBJECT_MESSAGE, id="JSON string"),
    pytest.param(
        {"u1": 5}, mc.InvalidArgumentError, 'mentions_json: the name of "u1" must be a string', id="a number name"
    ),
    pytest.param(
        {"u1": None}, mc.InvalidArgumentError, 'mentions_json: the name of "u1" must be a string', id="a null name"
    ),
    pytest.param(
        {"u1": ["Bob"]}, mc.InvalidArgumentError, 'mentions_json: the name of "u1" must be a string', id="a list name"
    ),
    pytest.param({"bad uid!": "x"}, mc.InvalidArgumentError, UID_MESSAGE, id="a bad uid"),
    pytest.param({"": "x"}, mc.InvalidArgumentError, UID_MESSAGE, id="an empty uid"),
    pytest.param({"u" * 256: "x"}, mc.InvalidArgumentError, UID_MESSAGE, id="a uid too long"),
    pytest.param({"u1": ""}, mc.InvalidArgumentError, NAME_MESSAGE, id="an empty name"),
    pytest.param({"u1": "a\nb"}, mc.InvalidArgumentError, NAME_MESSAGE, id="a name with a line feed"),
    pytest.param({"u1": "a\rb"}, mc.InvalidArgumentError, NAME_MESSAGE, id="a name with a carriage return"),
    pytest.param({"u1": "a\0b"}, mc.InvalidArgumentError, NAME_MESSAGE, id="a name with U+0000"),
    pytest.param("not json", mc.InvalidJSONError, "invalid JSON: invalid literal at byte 1", id="not JSON"),
    pytest.param('{"u1":"Bob"', mc.InvalidJSONError, "invalid JSON: unterminated object at byte 11", id="unterminated"),
    pytest.param(
        '{"u1":"Bob","u1":"Al"}', mc.InvalidJSONError, 'invalid JSON: duplicate key "u1" at byte 16', id="duplicate uid"
    ),
]


@pytest.mark.parametrize("function, where", FUNCTIONS)
@pytest.mark.parametrize("mentions, error, message", BAD_MENTIONS)
def test_bad_mentions_are_refused(function, where, mentions, error, message):
    with pytest.raises(error) as raised:
        function("<@uid:u1>", mentions)
    assert raised.value.message.startswith(where + ": ")
    assert message in raised.value.message


@pytest.mark.parametrize("function, where", FUNCTIONS)
def test_good_mentions_are_accepted(function, where):
    function("<@uid:u1>", {"u1": "Bob", "a-Z_0.9:x@y=z+w": "Al"})


@pytest.mark.parametrize("function, where", FUNCTIONS)
@pytest.mark.parametrize(
    "markdown, message",
    [
        ("a\ud800b", "markdown holds a lone surrogate at index 1 (not valid UTF-8)"),
        ("ab\udfff", "markdown holds a lone surrogate at index 2 (not valid UTF-8)"),
        ("a\0b", "markdown holds U+0000 at index 1"),
    ],
)
def test_markdown_that_is_not_utf8_is_refused(function, where, markdown, message):
    with pytest.raises(mc.InvalidUTF8Error) as raised:
        function(markdown, {"u1": "Bob"})
    assert raised.value.status == mc.Status.INVALID_UTF8
    assert raised.value.message == f"{where}: {message}"


@pytest.mark.parametrize("function, where", FUNCTIONS)
def test_mentions_that_are_not_utf8_are_refused(function, where):
    with pytest.raises(mc.InvalidUTF8Error) as raised:
        function("x", {"u1": "Bob\ud800"})
    assert raised.value.message == f"{where}: mentions holds a lone surrogate at index 10 (not valid UTF-8)"


@pytest.mark.parametrize("function", [mc.parse_markdown, mc.markdown_to_plain_text, mc.markdown_to_html])
@pytest.mark.parametrize("markdown", [None, b"x", 5])
def test_markdown_must_be_str(function, markdown):
    with pytest.raises(TypeError, match="markdown must be str"):
        function(markdown)


def test_max_graphemes_must_fit_int64():
    with pytest.raises(mc.OutOfRangeError, match="max_graphemes 9223372036854775808 does not fit in int64_t"):
        mc.markdown_to_plain_text("x", None, 2**63)
    with pytest.raises(TypeError):
        mc.markdown_to_plain_text("x", None, 1.5)


def _raw(name, *args):
    """Calls a C function with raw arguments and a char ** out-parameter (freed if set)."""
    out = c_void_p()
    try:
        return getattr(_ffi.lib, name)(*args, byref(out))
    finally:
        _ffi.lib.mc_string_free(out)


@pytest.mark.parametrize(
    "name, args",
    [
        ("mc_markdown_parse", (b"\xff",)),
        ("mc_markdown_parse_with_mentions", (b"x", b'{"u1":"\xff"}')),
        ("mc_markdown_parse_with_mentions", (b"\xc3", None)),
        ("mc_markdown_to_html", (b"a\xc3", None)),
        ("mc_markdown_to_plain_text", (b"\xed\xa0\x80", None, -1)),  # an encoded surrogate
        ("mc_markdown_to_plain_text", (b"x", b'{"u1":"\xc0\x80"}', -1)),  # an overlong NUL
    ],
)
def test_the_library_refuses_invalid_utf8(name, args):
    with pytest.raises(mc.InvalidUTF8Error, match=f"^{name}: invalid UTF-8 in string argument$"):
        _raw(name, *args)


def test_the_library_refuses_invalid_utf8_into_a_draft(draft):
    draft.load_document(DESIGN_EXAMPLE)
    with pytest.raises(mc.InvalidUTF8Error, match="^mc_draft_load_markdown: invalid UTF-8 in string argument$"):
        _ffi.lib.mc_draft_load_markdown(draft._handle, b"\xff", None)
    assert draft.document() == DESIGN_EXAMPLE


@pytest.mark.parametrize(
    "name, args, message",
    [
        ("mc_markdown_parse", (None,), "mc_markdown_parse: markdown is NULL"),
        ("mc_markdown_to_html", (None, None), "mc_markdown_to_html: markdown is NULL"),
        ("mc_markdown_to_plain_text", (None, None, -1), "mc_markdown_to_plain_text: markdown is NULL"),
        ("mc_markdown_parse_with_mentions", (None, None), "mc_markdown_parse_with_mentions: markdown is NULL"),
    ],
)
def test_the_library_refuses_null_markdown(name, args, message):
    with pytest.raises(mc.NullArgumentError) as raised:
        _raw(name, *args)
    assert raised.value.message == message


def test_the_library_refuses_a_null_out_parameter(draft):
    with pytest.raises(mc.NullArgumentError, match="^mc_markdown_parse: out_document_json is NULL$"):
        _ffi.lib.mc_markdown_parse(b"x", None)
    with pytest.raises(mc.NullArgumentError, match="^mc_draft_serialize: out_markdown is NULL$"):
        _ffi.lib.mc_draft_serialize(draft._handle, None)


@pytest.mark.parametrize(
    "call, where",
    [
        (lambda d: d.markdown, "mc_draft_serialize"),
        (lambda d: d.serialize(), "mc_draft_serialize"),
        (lambda d: d.load_markdown("x"), "mc_draft_load_markdown"),
        (lambda d: d.load_markdown("x", {"u1": "Bob"}), "mc_draft_load_markdown"),
        (lambda d: d.normalize_markdown(), "mc_draft_normalize_markdown"),
        (lambda d: d.mention_names, "mc_draft_mentions"),
    ],
)
def test_a_closed_draft_is_refused(call, where):
    draft = Draft()
    draft.close()
    with pytest.raises(mc.InvalidHandleError) as raised:
        call(draft)
    assert raised.value.message == f"{where}: draft handle is invalid (freed, double-freed or never issued)"


def test_the_markdown_functions_are_exported():
    for name in ("parse_markdown", "parse_markdown_json", "markdown_to_plain_text", "markdown_to_html"):
        assert name in mc.__all__
        assert callable(getattr(mc, name))
