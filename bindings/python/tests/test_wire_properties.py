"""The two properties of the wire format (README "The wire format") on generated adversarial documents, the
smallest documents each known failure shrinks to, and pathological inputs for the parser.

Property 1 (exact): a Draft (rich text on) loaded with the document serializes to markdown that
parse_markdown, given the draft's mention names, reads back as the draft's canonical document().
Property 2 (faithful): cmark-gfm renders that markdown as HTML showing the same characters with the
same formats and blocks (colours and mentions compared as documented exclusions: see
wire_generator.document_view), once as GitHub renders (every GFM extension) and once as a CommonMark
renderer with only the strikethrough extension.

MC_WIRE_DOCS (default 10000) documents from seed MC_WIRE_SEED; a long run:

    MC_WIRE_DOCS=1000000 MC_WIRE_SEED=7 python3 -m pytest -q bindings/python/tests/test_wire_properties.py

or, with progress, classification and shrinking, ``python3 bindings/python/tests/wire_generator.py``.
A failure prints the seed, the index, the document JSON, the markdown, the HTML and the difference;
``wire_generator.py --seed S --replay I --shrink`` replays and shrinks it.
"""

import json
import os

import pytest
import wire_generator as wg

import message_composer as mc

DOCS = int(os.environ.get("MC_WIRE_DOCS", "10000"))
SEED = int(os.environ.get("MC_WIRE_SEED", str(wg.DEFAULT_SEED)))
RENDERERS = list(wg.RENDERERS) if wg.cmarkgfm is not None else []
SHOWN = 3  # failures printed in full per property

#: cmarkgfm is a test dependency (pyproject.toml's "test" extra): without it property 2 fails, it is
#: not skipped, so that a run without it cannot pass as a full one.
CMARK_MISSING = "property 2 needs cmark-gfm, a test dependency: pip install cmarkgfm"


@pytest.fixture
def cmark():
    if wg.cmarkgfm is None:
        pytest.fail(CMARK_MISSING, pytrace=False)


needs_cmark = pytest.mark.usefixtures("cmark")


@pytest.fixture(scope="module")
def wire_run():
    """One pass over every document: property 1, and property 2 with each renderer."""
    result = wg.run(SEED, DOCS, RENDERERS, keep=SHOWN)
    print("\n" + result.summary())
    return result


def failure_message(result, which, title):
    failing = result.indexes[which]
    indexes = " ".join(map(str, failing[:100])) + (" ..." if len(failing) > 100 else "")
    parts = [
        f"{title}: {len(failing)} of {result.checked} documents fail (seed {result.seed}; indexes {indexes})",
        result.summary(),
    ]
    parts += [wg.report(outcome, which) for outcome in result.failures(which)[:SHOWN]]
    return "\n\n".join(parts)


def test_the_generator_makes_only_documents_the_engine_loads(wire_run):
    assert not wire_run.failed("refused"), failure_message(
        wire_run, "refused", "generator bug: the engine refused generated documents"
    )
    assert wire_run.checked == DOCS


# fmt: off
COVERED = [
    "block: bullet_list", "block: code_block", "block: ordered_list", "block: quote",
    "blocks: two kinds in one document",
    *(f"char: {c}" for c in "*_`~[]()<>#-+=|!.\\&;"),
    "code block: fence-like line", "code: backtick at an edge", "code: holds a backtick", "code: space at an edge",
    "empty line: leading", "empty line: trailing", "empty lines: consecutive",
    "inline: bold", "inline: code", "inline: color", "inline: italic", "inline: link", "inline: mention",
    "inline: strike", "inline: underline",
    "line end: space or tab", "line start: block syntax", "line start: digits then . or )", "line start: space or tab",
    "link: holds code", "link: holds emphasis", "link: parenthesis in the URL",
    "mention: _ in the uid", "mention: formatted",
    "span: next to punctuation or space", "span: starts or ends at a space", "span: starts or ends at punctuation",
    "spans: adjacent, different formats", "spans: nested, different formats", "spans: overlapping, different formats",
    "text: Arabic", "text: CJK", "text: Hebrew", "text: Unicode punctuation and symbols", "text: ZWJ emoji",
    "text: backslash", "text: combining mark", "text: entity-like", "text: flag", "text: skin tone", "text: tag-like",
]
# fmt: on


@pytest.mark.skipif(DOCS < 2000, reason="too few documents to measure their variety")
def test_the_documents_are_adversarial(wire_run):
    """Every feature the properties must hold for shows up in at least 1% of the documents."""
    rare = {f: wire_run.coverage.get(f, 0) for f in COVERED if wire_run.coverage.get(f, 0) < DOCS / 100}
    assert not rare, "features too rare in the generated documents:\n" + wire_run.coverage_table()


def test_property_1_exact(wire_run):
    assert not wire_run.failed("exact"), failure_message(wire_run, "exact", "property 1 (exact)")


@needs_cmark
def test_property_2_faithful_commonmark(wire_run):
    assert not wire_run.failed("faithful:commonmark"), failure_message(
        wire_run, "faithful:commonmark", "property 2 (faithful, CommonMark + strikethrough)"
    )


@needs_cmark
def test_property_2_faithful_gfm(wire_run):
    assert not wire_run.failed("faithful:gfm"), failure_message(wire_run, "faithful:gfm", "property 2 (faithful, GFM)")


# The smallest documents the failures the properties found shrink to (wire_generator.py --classify),
# one per bug, each fixed since.


def span(start, end, format, **values):
    return dict(start=start, end=end, format=format, **values)


FIXED = [
    # Property 2, GitHub's renderer only: literal URL-like text became a link.
    pytest.param({"text": "see http://x.y"}, id="gfm-autolink-url"),
    pytest.param({"text": "www.a.b"}, id="gfm-autolink-www"),
    pytest.param({"text": "a@b.co"}, id="gfm-autolink-email"),
    pytest.param({"text": "x@.z"}, id="gfm-autolink-email-short"),
    # Fixed since: a link destination with an entity-like '&...;', emphasis next to a strike, a line
    # read as a link reference definition, a leading U+FEFF, '_' in a mention uid.
    pytest.param({"text": "T", "spans": [span(0, 1, "link", url="https://x.y/?q=1&amp;r=2")]}, id="entity in a link"),
    pytest.param(
        {"text": "]:", "spans": [span(0, 2, "code"), span(0, 2, "link", url="https://e.com")]}, id="link ref def"
    ),
    pytest.param({"text": ".a", "spans": [span(0, 1, "italic"), span(1, 2, "strike")]}, id="tilde after emphasis"),
    pytest.param({"text": "Z)", "spans": [span(0, 1, "strike"), span(1, 2, "bold")]}, id="emphasis after tilde"),
    pytest.param({"text": "\ufeffa"}, id="leading bom"),
    pytest.param({"text": "@Zed", "spans": [span(0, 4, "mention", uid="_z_", name="Zed")]}, id="underscores in a uid"),
    pytest.param({"text": "!x", "spans": [span(1, 2, "link", url="https://e.com")]}, id="bang before a link"),
    pytest.param({"text": "x z", "spans": [span(0, 1, "link", url="https://y.com")]}, id="text after a link"),
    pytest.param({"text": "x z *", "spans": [span(0, 1, "link", url="https://y.com")]}, id="escapes after a link"),
    pytest.param(
        {"text": "a_b c", "spans": [span(0, 1, "italic"), span(2, 3, "bold"), span(4, 5, "strike")]}, id="emphasis runs"
    ),
]


@pytest.fixture(scope="module")
def wire_draft():
    with wg.new_draft() as draft:
        yield draft


def _check(draft, document, which):
    if which.startswith("faithful:") and wg.cmarkgfm is None:
        pytest.fail(CMARK_MISSING, pytrace=False)
    outcome = wg.evaluate(draft, document, which)
    assert outcome.refused is None, outcome.refused
    return outcome


@pytest.mark.parametrize("which", ["exact", *(f"faithful:{r}" for r in wg.RENDERERS)])
@pytest.mark.parametrize("document", FIXED)
def test_fixed_failure(wire_draft, document, which):
    outcome = _check(wire_draft, document, which)
    assert outcome.failure(which) is None, wg.report(outcome, which)


# The checker itself: a faithful document passes, an unfaithful rendering is caught.


@needs_cmark
def test_the_html_view_reads_every_format_and_block():
    html = wg.render_gfm(
        "**b** *i* <u>u</u> ~~s~~ `c` [l](https://e.com/a_(b)) x\\\ny"
        "\n\n> q\n\n- a\n- b\n\n1. c\n\n```\nk\n```\n\n<p></p>"
    )
    lines = wg._normalized(wg.HTMLView.of(html))
    assert [wg.describe_line(line) for line in lines] == [
        "[p] 'b'{bold} ' ' 'i'{italic} ' ' 'u'{underline} ' ' 's'{strike} ' ' 'c'{code} ' ' "
        "'l'{link:https://e.com/a_(b)} ' x'",
        "[p] 'y'",
        "[blockquote:1] 'q'",
        "[ul:2/li:3] 'a'",
        "[ul:2/li:4] 'b'",
        "[ol:5:1/li:6] 'c'",
        "[pre:7] 'k'",
        "[p] ",
    ]


@needs_cmark
@pytest.mark.parametrize(
    "document, markdown",
    [
        ({"text": "ab", "spans": [span(0, 2, "bold")]}, "**a**b"),  # a format lost
        ({"text": "a\nb"}, "a\nb"),  # a soft break shows as a space
        ({"text": "a\nb", "spans": [span(0, 3, "bullet_list")]}, "- a\n+ b"),  # two lists, not one
        ({"text": "a\nb", "spans": [span(0, 3, "bullet_list")]}, "- a\\\nb"),  # one item of two lines
        ({"text": "a\nb", "spans": [span(0, 3, "ordered_list")]}, "3. a\n4. b"),  # numbered from 3
        ({"text": "a\nb", "spans": [span(0, 3, "quote")]}, "> a\n\n> b"),  # two quotes, not one
        ({"text": "a", "spans": [span(0, 1, "link", url="https://e.com/x")]}, "[a](https://e.com/y)"),  # another URL
        ({"text": "# a"}, "# a"),  # a heading
    ],
)
def test_the_faithful_check_catches_differences(document, markdown):
    with wg.new_draft() as draft:
        draft.load_document(document)
        outcome = wg.Outcome(0, 0, document, canonical=json.loads(draft.document_json()), markdown=markdown)
    wg.check_faithful(outcome, ["commonmark"])
    assert "commonmark" in outcome.faithful


@needs_cmark
def test_colour_tags_are_excluded_only_where_the_serializer_put_them():
    document = {"text": "<color=#123456> x", "spans": [span(16, 17, "color", color="#00ff00")]}
    with wg.new_draft() as draft:
        draft.load_document(document)
        outcome = wg.Outcome(0, 0, document, canonical=json.loads(draft.document_json()), markdown=draft.markdown)
    assert outcome.markdown == "\\<color=#123456\\> <color=#00ff00>x</color>"
    wg.check_faithful(outcome)
    assert outcome.faithful == {}
    outcome.markdown = "<color=#00ff00>x</color>"  # the literal text lost
    outcome.faithful = {}
    wg.check_faithful(outcome)
    assert set(outcome.faithful) == set(wg.RENDERERS)


@needs_cmark
def test_links_inside_a_mention_are_excluded_only_there():
    """GitHub links the address in ``<@uid:bob@x.io>``, which no escape can prevent: that link is part
    of the mention's exclusion, and an address linked next to the mention is still caught."""
    document = {"text": "@Bob a@b.co", "spans": [span(0, 4, "mention", uid="bob@x.io", name="Bob")]}
    with wg.new_draft() as draft:
        draft.load_document(document)
        outcome = wg.Outcome(0, 0, document, canonical=json.loads(draft.document_json()), markdown=draft.markdown)
    assert outcome.markdown == "<@uid:bob@x.io> a<u></u>@b.co"
    wg.check_faithful(outcome, ["gfm"])
    assert outcome.faithful == {}
    assert 'href="mailto:bob@x.io"' in outcome.html["gfm"]  # the exclusion was needed
    outcome.markdown = "<@uid:bob@x.io> a@b.co"  # the address next to it linked
    wg.check_faithful(outcome, ["gfm"])
    assert set(outcome.faithful) == {"gfm"}


def test_the_generator_is_deterministic():
    assert wg.generate(SEED, 12345) == wg.generate(SEED, 12345)
    assert wg.generate(SEED, 1) != wg.generate(SEED, 2)


# Pathological inputs for the parser: 50,000 characters each. They must parse; the result must be a
# sane document that loads and survives the wire format. (Their timing is measured elsewhere.)


@pytest.mark.parametrize("name, markdown", list(wg.pathological_inputs().items()), ids=list(wg.pathological_inputs()))
def test_pathological_input_parses(wire_draft, name, markdown):
    document = mc.parse_markdown(markdown)
    text, spans = document.text, document.spans
    assert len(text) <= len(markdown)
    for s in spans:
        assert 0 <= s.start <= s.end <= len(text)
    assert list(spans) == sorted(spans, key=lambda s: (s.start, s.end, s.format))
    wire_draft.load_document(document)
    assert wire_draft.document() == document
    assert mc.parse_markdown(wire_draft.markdown, wire_draft.mention_names or None) == document


@pytest.mark.parametrize(
    "name, text, spans",
    [
        ("[ run", "[" * 50_000, []),
        ("] run", "]" * 50_000, []),
        ("* run", "*" * 50_000, []),
        ("_ run", "_" * 50_000, []),
        ("\\ run", "\\" * 25_000, []),
        ("nested >", "", [span(0, 0, "quote")]),
        ("newlines", "", []),
        ("spaces", "", []),
        ("<u> unclosed", "<u>" * 16_666 + "<u", []),
        ("<@uid: unclosed", ("<@uid:" * 8_334)[:50_000], []),
    ],
)
def test_pathological_input_reads_as_literal_text(name, text, spans):
    assert json.loads(mc.parse_markdown_json(wg.pathological_inputs()[name])) == {"text": text, "spans": spans}


def test_nested_links_keep_the_innermost():
    depth = 16_000
    document = mc.parse_markdown("[" * depth + "a" + "](x.io)" * depth)
    assert document.spans == (mc.Span(depth - 1, depth, "link", url="https://x.io"),)
    assert document.text == "[" * (depth - 1) + "a" + "](x.io)" * (depth - 1)
