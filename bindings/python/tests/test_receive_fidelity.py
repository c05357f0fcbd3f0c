"""The wire format's receive side (README "The wire format"): markdown from other clients, in the
supported subset, parses (``parse_markdown``) into a document that shows what cmark-gfm shows: the
same lines in the same blocks, the same characters with the same formats.

MC_RECEIVE_MESSAGES (default 5000) messages from seed MC_RECEIVE_SEED, written by
receive_generator.py (which says what it leaves out and why), and MC_RECEIVE_SOUP (default 20000)
soup messages of random pieces, those in the subset; a long run, with shrinking (``--soup`` for
soup):

    python3 bindings/python/tests/receive_generator.py --seed 7 --count 1000000

A failure prints the markdown, the parsed document, cmark-gfm's HTML and the difference.
"""

import os
import re

import pytest
import receive_generator as rg
import wire_generator as wg

MESSAGES = int(os.environ.get("MC_RECEIVE_MESSAGES", "5000"))
SOUP = int(os.environ.get("MC_RECEIVE_SOUP", "20000"))
SEED = int(os.environ.get("MC_RECEIVE_SEED", str(rg.DEFAULT_SEED)))
SHOWN = 3


@pytest.fixture(autouse=True)
def cmark():
    """Both cmark-gfm versions are test dependencies (receive_generator's docstring): without one
    these tests fail, they are not skipped."""
    if wg.cmarkgfm is None:
        pytest.fail("the receive-side check needs cmark-gfm, a test dependency: pip install cmarkgfm", pytrace=False)
    if rg.SYSTEM_CMARK is None:
        pytest.fail("the receive-side check needs the system's cmark-gfm: apt-get install libcmark-gfm-dev",
                    pytrace=False)


@pytest.fixture(scope="module")
def messages():
    return [rg.generate(SEED, i) for i in range(MESSAGES)]


def test_received_markdown_reads_as_cmark_gfm_reads_it(messages):
    outcomes = [rg.check(m) for m in messages]
    failing = [(i, o) for i, o in enumerate(outcomes) if o.difference is not None]
    versions = sum(o.versions_differ is not None for o in outcomes)
    print(f"\n{len(messages)} received messages: {len(failing)} differ; {versions} read as only the system's "
          f"cmark-gfm ({rg.SYSTEM_CMARK.version if rg.SYSTEM_CMARK else 'absent'}) reads them")
    shown = "\n\n".join(f"seed {SEED} index {i}, shrunk to:\n" + rg.check(rg.shrink(o.markdown)).report()
                        for i, o in failing[:SHOWN])
    assert not failing, (
        f"{len(failing)} of {len(messages)} received messages read otherwise than cmark-gfm reads them "
        f"(indexes {' '.join(str(i) for i, _ in failing[:50])})\n\n{shown}"
    )


def test_soup_in_the_subset_reads_as_cmark_gfm_reads_it():
    soup = [m for m in (rg.soup(SEED, i) for i in range(SOUP)) if rg.outside_subset(m) is None]
    checked = [rg.check(m) for m in soup]
    failing = [o for o in checked if o.difference is not None]
    print(f"\n{SOUP} soup messages, {len(soup)} in the subset: {len(failing)} differ")
    # Most soup is in the subset: a filter grown too wide would leave nothing to check. Nor may it
    # leave out the links only soup writes: destinations in angle brackets, titles, other schemes.
    assert len(soup) > SOUP // 2
    # (In the subset, a destination in <> is a link's: where the link fails, cmark-gfm shows an autolink.)
    for name, where, pattern in [("a destination in <>", "md", r"\]\(<https://"), ("a link title", "html", r"<a [^>]*title="),
                                 ("an http:// or mailto: link", "html", r'<a href="(?:http://|mailto:)')]:
        held = sum(1 for o in checked if re.search(pattern, o.markdown if where == "md" else o.html))
        assert held > len(soup) // 200, f"{name}: in {held} of {len(soup)} soup messages in the subset"
    assert not failing, f"{len(failing)} of {len(soup)} soup messages read otherwise than cmark-gfm reads them\n\n" + (
        "\n\n".join(rg.check(rg.shrink(o.markdown)).report() for o in failing[:SHOWN]))


def test_nested_soup_reads_as_cmark_gfm_reads_it_flattened():
    """Soup outside the subset only for nested blocks or items of several lines, compared as the
    document flattens blocks (a line's one block format; receive_generator.as_the_document_flattens)."""
    nested = [m for m in (rg.soup(SEED, i) for i in range(SOUP))
              if rg.outside_subset(m) in rg.FLATTENED and rg.outside_subset(m, flattened=True) is None]
    failing = [o for o in (rg.check(m, flattened=True) for m in nested) if o.difference is not None]
    print(f"\n{SOUP} soup messages, {len(nested)} nested ones compared flattened: {len(failing)} differ")
    assert len(nested) > SOUP // 25
    assert not failing, f"{len(failing)} of {len(nested)} nested soup messages read otherwise than cmark-gfm reads them\n\n" + (
        "\n\n".join(rg.check(rg.shrink(o.markdown, flattened=True), flattened=True).report() for o in failing[:SHOWN]))


def test_the_generator_stays_in_the_subset(messages):
    outside = [(i, why) for i, m in enumerate(messages[:1000]) if (why := rg.outside_subset(m)) is not None]
    assert not outside, "\n".join(f"index {i}: {why}: {messages[i]!r}" for i, why in outside[:10])


#: What the messages are made of, each in at least 1% of them (a generator that lost one would
#: still pass the check above): a pattern searched in the markdown ("md") or in cmark-gfm's HTML.
FEATURES = {
    "a delimiter run of 4 or more": ("md", r"\*{4}|_{4}|~{4}"),
    "a delimiter run of 8 or more": ("md", r"\*{8}|_{8}|~{8}"),
    "emphasis": ("html", r"<em>"),
    "strong": ("html", r"<strong>"),
    "strike": ("html", r"<del>"),
    "code span": ("html", r"<code>"),
    "link": ("html", r'<a href="https://'),
    "a link title": ("html", r"<a [^>]*title="),
    # A title in parentheses with an unescaped one inside: no link at all.
    "a title that makes no link": ("md", r"\]\(https://\S* \((?:t\(x\)|\(t)\)\)"),
    "emphasis inside a link": ("html", r"<a [^>]*>(?:(?!</a>).)*<(?:em|strong|del)>"),
    "quote": ("html", r"<blockquote>"),
    "bullet list": ("html", r"<ul>"),
    "ordered list": ("html", r"<ol>"),
    "loose list": ("html", r"<li>\s*<p>"),
    "fenced code": ("html", r"<pre>"),
    "hard break": ("html", r"<br />"),
    "two paragraphs": ("html", r"</p>\s*<p>"),
    "an empty quote line in a quote": ("md", r"(?m)^ {0,3}>[ \t]*$\n {0,3}>|^ {0,3}>.*\S.*\n {0,3}>[ \t]*$"),
    "escaped punctuation": ("md", r"\\[*_~`\[\]]"),
    "entity": ("md", r"&[a-z#0-9]+;"),
    "non-ASCII letter": ("md", r"[éßΩП中]"),
    "tab": ("md", r"\t"),
    "unmatched bracket": ("html", r"\[(?:(?!\]).)*</p>"),
    "empty list item": ("html", r"<li></li>"),
    "ordered list not from 1": ("html", r'<ol start="'),
    "two blocks of one kind in a row": ("html", r"</(ul|ol|blockquote|pre)>\s*<\1[ >]"),
    "a list marker continuing a paragraph": ("html", r"<br />\n(?:[-+*]|\d{1,9}[.)])(?:[ \t]|<br />|</p>)"),
    # A quote line, then one without `>` that starts no block: the quote's paragraph goes on.
    "a lazy quote line": ("md", r"(?m)^ {0,3}>.*\S.*\n(?![ \t]*(?:>|[-+*](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$)|```|~~~))[ \t]*\S"),
    "an empty item a blank line ends, an indented paragraph after": ("md", r"(?m)^(?:[-+*]|\d{1,9}[.)])[ \t]*\n ?\n {1,3}\S"),
    "a lazy line's whitespace shown after a backslash break": ("html", r"<blockquote>(?:(?!</blockquote>).)*<br />\n[ \t]"),
}


def test_the_messages_are_adversarial(messages):

    counts = {name: 0 for name in FEATURES}
    for m in messages:
        html = rg.render(m)
        for name, (where, pattern) in FEATURES.items():
            if re.search(pattern, html if where == "html" else m, re.S):
                counts[name] += 1
    rare = {name: n for name, n in counts.items() if n < len(messages) / 100}
    assert not rare, f"features too rare in {len(messages)} messages: {rare} (all: {counts})"


# The check itself: a markdown and a document that differ are caught.


@pytest.mark.parametrize(
    "markdown, document",
    [
        ("**a**b", {"text": "ab", "spans": [{"start": 0, "end": 2, "format": "bold"}]}),  # a format added
        ("*a*", {"text": "a", "spans": []}),  # a format lost
        ("a\tb", {"text": "ab", "spans": []}),  # a character lost
        ("- a\nb", {"text": "a\nb", "spans": [{"start": 0, "end": 3, "format": "bullet_list"}]}),  # two items, not one
        # What as_the_document_holds_blocks forgives is the start number and the boundary between
        # two blocks of one kind only:
        ("> a\n\nb", {"text": "a\nb", "spans": [{"start": 0, "end": 3, "format": "quote"}]}),  # a paragraph, not quoted
        ("- a\n1. b", {"text": "a\nb", "spans": [{"start": 0, "end": 3, "format": "bullet_list"}]}),  # two kinds
        ("3. a", {"text": "a", "spans": [{"start": 0, "end": 1, "format": "bullet_list"}]}),  # an ordered list
        ("- a\n+ b", {"text": "a b", "spans": [{"start": 0, "end": 3, "format": "bullet_list"}]}),  # two items, not one
        ("- a\n-", {"text": "a", "spans": [{"start": 0, "end": 1, "format": "bullet_list"}]}),  # an empty item lost
        ("-", {"text": "", "spans": []}),  # an empty item lost
        ("a\n1.", {"text": "a\n", "spans": [{"start": 2, "end": 2, "format": "ordered_list"}]}),  # a paragraph's line
        ("[a](https://e.com/x)", {"text": "a", "spans": [{"start": 0, "end": 1, "format": "link", "url": "https://e.com/y"}]}),
        ("a\\\nb", {"text": "a b", "spans": []}),  # a break lost
    ],
)
def test_the_check_catches_differences(monkeypatch, markdown, document):
    import json

    monkeypatch.setattr(rg, "parse_markdown_json", lambda _markdown: json.dumps(document))
    assert rg.check(markdown).difference is not None


def _spans(*blocks):
    return [{"start": a, "end": b, "format": f} for a, b, f in blocks]


@pytest.mark.parametrize(
    "markdown, document",
    [
        # The item goes on after the list inside it: `c` is the ordered item's.
        ("1. a\n   - b\n\n   c", {"text": "a\nb\nc", "spans": _spans((0, 1, "ordered_list"), (2, 5, "bullet_list"))}),
        ("- a\n  1. b\n\n  c", {"text": "a\nb\nc", "spans": _spans((0, 1, "bullet_list"), (2, 3, "ordered_list"))}),
        ("-\n  - b", {"text": "\nb", "spans": _spans((0, 2, "bullet_list"))}),  # a line the item has not
        ("> - a\n>   b", {"text": "a\nb", "spans": _spans((0, 1, "bullet_list"), (2, 3, "quote"))}),  # the list wins
        ("- ```\n  a\n  ```", {"text": "a", "spans": _spans((0, 1, "bullet_list"))}),  # code wins
        ("- a\n  b", {"text": "a b", "spans": _spans((0, 3, "bullet_list"))}),  # a line lost
    ],
)
def test_the_flattened_check_catches_differences(monkeypatch, markdown, document):
    import json

    assert rg.outside_subset(markdown) in rg.FLATTENED and rg.outside_subset(markdown, flattened=True) is None
    assert rg.check(markdown, flattened=True).difference is None
    monkeypatch.setattr(rg, "parse_markdown_json", lambda _markdown: json.dumps(document))
    assert rg.check(markdown, flattened=True).difference is not None


def test_the_check_passes_a_faithful_parse():
    outcome = rg.check("*a* **b** ~~c~~ `d` [e *f*](https://e.com/x)\n> q\n\n- i\n- j\n\n1. k\n\n```\nl\n```")
    assert outcome.difference is None, outcome.report()


def test_code_holds_no_style_in_both_views():
    """Emphasis around a code span is dropped by the parser (inline code holds no other style) and
    by the comparison; emphasis around text next to it is kept by both."""
    outcome = rg.check("*a `b` c*")
    assert outcome.difference is None, outcome.report()
    assert [s["format"] for s in outcome.document["spans"]] == ["italic", "code", "italic"]


#: A list marker on a line that leaves an open quote or item starts a list as cmark-gfm reads it,
#: even empty and not from 1: the line does not continue the paragraph's containers, so the
#: paragraph is not interrupted (the comparison forgives the start number, receive_generator's
#: docstring).
LEAVING_CONTAINERS = ["> a\n-", "> a\n1.", "1. a\n-", "- a\n1)", "> a\n-\n- b", "- a\n2. b", "> a\n3."]


@pytest.mark.parametrize("markdown", LEAVING_CONTAINERS)
def test_a_list_marker_leaving_its_containers_starts_a_list(markdown):
    outcome = rg.check(markdown)
    assert outcome.difference is None, outcome.report()


#: Where the two cmark-gfm versions read emphasis differently (receive_generator's docstring): the
#: document shows what the system's one shows (and what commonmark.js 0.29 shows).
VERSIONS_DIFFER = ["**_2*t_*", "__*_*_", "*_a**b_**", "**~f*x~*"]


@pytest.mark.parametrize("markdown", VERSIONS_DIFFER)
def test_where_cmark_gfm_versions_differ_the_parser_reads_as_one(markdown):
    outcome = rg.check(markdown)
    assert outcome.difference is None, outcome.report()
    if rg.SYSTEM_CMARK.version != rg._package_version():
        assert outcome.versions_differ is not None, outcome.report()


def test_a_difference_from_both_versions_fails():
    """The second version forgives only what it reads as the document shows."""
    import json

    document = {"text": "*2*t", "spans": [{"start": 0, "end": 4, "format": "bold"}]}
    original = rg.parse_markdown_json
    try:
        rg.parse_markdown_json = lambda _markdown: json.dumps(document)
        assert rg.check("**_2*t_*").difference is not None
    finally:
        rg.parse_markdown_json = original


def test_the_generator_is_deterministic():
    assert rg.generate(SEED, 123) == rg.generate(SEED, 123)
    assert rg.generate(SEED, 1) != rg.generate(SEED, 2)


#: Outside the subset (receive_generator's docstring): cmark-gfm reads each differently from the
#: parser, and outside_subset names each, so that the generator's exclusions are real and the
#: shrinker stays clear of them.
OUTSIDE_THE_SUBSET = [
    ("* * *", "thematic break"),
    ("a\n\n\tb", "indented code"),
    ("-     a", "nested blocks"),  # indented code in a list item
    ("# a", "heading"),
    ("a\n===", "heading"),
    ("![a](https://e.com/x)", "image"),
    ("<u>a</u>", "< (raw HTML, autolinks)"),
    ("a](<https://e.com/x>)", "< (raw HTML, autolinks)"),  # no link: an autolink
    ("a](<b>)", "< (raw HTML, autolinks)"),
    ("[a]: https://e.com/x\n\n[a]", "link reference definition"),
    ("[a](e.com)", "link destination not https://, http:// or mailto:"),
    ("[a](HTTPS://E.COM/x)", "link destination not https://, http:// or mailto:"),  # the scheme lower-cased
    ('[a](https://e.com/x"y)', "link destination LinkPolicy refuses"),
    ("[a](https://e.com/x&nbsp;)", "link destination LinkPolicy refuses"),
    ("[a](https://e.com/x\f)", "link destination LinkPolicy refuses"),  # a control character ends it here
    ('[a](https://e.com/x( "t")', "link destination with an unclosed ("),
    ("[a](https://e.com/(\\) )", "link destination with an unclosed ("),  # an escaped `)` closes nothing
    ("> - a", "nested blocks"),
    ("- a\n  - b", "nested blocks"),
    ("- a\\\nb", "list item of several lines"),
    ("- a\n\n  b", "list item of several paragraphs"),
    ("[](https://e.com/x)", "link without text"),
    ("~~a~ ~b~", "tilde delimiters of two lengths"),
    (">", "empty block"),
    ("`` `a` `b`", "a backtick run that closes nothing before code spans"),
    ("```\n```~\n```\n\ta", "indented code"),
    ("``\n`x` `\\`", "a backtick run that closes nothing before code spans"),
]


@pytest.mark.parametrize("markdown, why", OUTSIDE_THE_SUBSET)
def test_what_is_left_out_differs_or_is_named(markdown, why):
    assert rg.outside_subset(markdown) == why


#: In the subset, though the document cannot hold all cmark-gfm shows of them (receive_generator's
#: docstring): a start number, two blocks of one kind in a row; and empty list items, which both
#: views show as an empty line of the list, also where they continue a paragraph.
WHAT_THE_DOCUMENT_CANNOT_HOLD = [
    "3. a", "0. a\n7. b", "123456789) a", "> a\n\n> b", "> a\n \n> b\n\n> c", "- a\n+ b", "- a\n\n* b",
    "1. a\n1) b", "1. a\n\n-\n\n3) b", "~~~\n~~~\n~~~", "```\na\n```\n```\nb\n```", "-", "1.", "- a\n-\n- b",
    "-\t\n- a", "a\n1.", "a\n+", "a\n3. b\n4. c", "a\n01. b",
]


@pytest.mark.parametrize("markdown", WHAT_THE_DOCUMENT_CANNOT_HOLD)
def test_what_the_document_cannot_hold_is_in_the_subset_and_forgiven(markdown):
    assert rg.outside_subset(markdown) is None
    outcome = rg.check(markdown)
    assert outcome.difference is None, outcome.report()
