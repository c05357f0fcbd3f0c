r"""Received markdown: seeded random messages in the parser's supported subset, and the fidelity check.

The wire format's receive side (README "The wire format"): on the supported subset (emphasis and
strong with ``*`` and ``_``, strike, code spans, fenced code, quotes, lists, inline links, backslash
escapes, entities, line breaks) ``parse_markdown`` reads what a CommonMark renderer reads. This module
writes markdown as another client could send it, dense in delimiter runs, brackets and escapes, and
checks that the parsed document shows the same lines, characters and formats as cmark-gfm's HTML of
the same markdown: the document seen through ``wire_generator.document_view``, the HTML through
``wire_generator.HTMLView``, compared by ``wire_generator.compare_views``, as property 2 of the
send side does.

Two versions of cmark-gfm: the one inside cmarkgfm (the suite's reference, 0.29.0.gfm.13 at this
writing) and, when installed, the system's (Debian's libcmark-gfm, 0.29.0.gfm.6, which .ci/run
installs). They read some emphasis differently: ``**_2*t_*`` is ``**<em>2*t</em>*`` for .13 and
``*<em><em>2*t</em></em>`` for .6, as for commonmark.js 0.29 and the parser (CommonMark's
"process emphasis": the closing ``*`` finds the opener the inner ``_`` pair left). A message the
document shows as one of the two versions shows it passes; ``Received.versions_differ`` says
when only the system's agrees, and the test counts them.

One rendering choice differs from ``wire_generator.render_commonmark``: cmark-gfm renders soft line
breaks as hard ones (CMARK_OPT_HARDBREAKS). The document has lines and no soft break: the parser
reads every line end inside a paragraph as a line (Sources/ComposerCore/Markdown/InlineParser.swift,
the line-end case), where a browser shows a soft break as a space. The option changes how cmark-gfm
renders, not how it parses.

What the document cannot hold, and only that, the comparison forgives in cmark-gfm's view
(``as_the_document_holds_blocks``): the start number of an ordered list (``3. a`` shows as a list
from 1), and the boundary between two blocks of one kind, one right after the other (``> a``,
blank, ``> b``; ``- a`` then ``+ b``; ``1. a`` then ``1) b``; two fenced codes), which the
document holds as one block since it merges adjacent lines of one block format: the second block
is compared as the continuation of the first. The kind of block of each line, the list items, the
lines, characters and formats are compared as they are. An empty list item (``-`` alone, ``1.``)
needs nothing forgiven: the document holds it as an empty line of the list, and ``HTMLView`` shows
an ``<li>`` without content as one empty line of its list. The generator writes all three, also
where a list marker cannot interrupt a paragraph and so continues it (an empty item, an ordered
item not from 1: ``a`` then ``1.``, or ``a`` then ``3. b``, is one paragraph of two lines), but
not ``-`` alone after paragraph text, which makes a setext heading.

It also writes lazy quote lines (a line without ``>`` that continues the quote's paragraph), with
leading spaces and tabs that a backslash break before them or a code span running into them shows;
a tab or several spaces after a list marker; and, after an empty item and a blank line less
indented than its content, an indented paragraph, which is not the item's (an item begins with at
most one blank line).

``soup`` writes messages of another kind: 1 to 18 random pieces (special characters, block
markers, indents, line ends, entities, link tails, with titles and in angle brackets too), what
no grammar foresees. Those ``outside_subset`` finds outside the subset are skipped; about three
in four are in it, and must read as cmark-gfm reads them all the same (``--soup``;
``test_receive_fidelity.py`` runs ``MC_RECEIVE_SOUP`` of them). It found what the structured
messages did not: a lazy line's kept whitespace, a tab in a fenced code line's indent and after
a list marker, an empty item ended by a blank line, a title in parentheses holding one.

Soup outside the subset only for nested blocks or items of several lines (``FLATTENED``) is
compared too, as the document flattens blocks (``check(markdown, flattened=True)``,
``as_the_document_flattens``): each line's containers reduced to the one block format the
document gives it (code in a fence, else the innermost list's kind, else quote), the grouping of
lines into items and blocks left out, the characters and formats compared as they are. It found
an item ended, not nested in, by a list marker inside its content, a blank line of code in an
item that kept the item's indent, and tabs that a container's marker or indent takes part of
counted whole.

What the generator leaves out, with the reason for each (an example of each is in
tests/test_receive_fidelity.py's OUTSIDE_THE_SUBSET, checked to differ or to be outside the subset):

- thematic breaks, a line of 3+ ``*``, ``_`` or ``-`` and spaces (``* * *``): not in the subset;
- indented code, a line starting with 4+ columns of whitespace or a tab, also right after a list or
  quote marker (``-     a``): not in the subset (only fenced code is);
- ATX and setext headings (``# a``, ``a`` over ``===`` or ``---``): not in the subset;
- images (``![a](https://e.com/x)``): not in the subset;
- ``<`` (raw HTML, autolinks) and the wire format's own tags: not what other clients' markdown
  means by them (cmark-gfm reads ``<u>`` as raw HTML, the parser as underline). Soup writes
  destinations in angle brackets (``[a](<https://e.com/x>)``), in the subset where they make a
  link (where the link fails, cmark-gfm shows an autolink, outside);
- reference links and definitions (``[a]: https://e.com`` then ``[a]``): not in the subset;
- link destinations other than ``https://`` URLs with balanced parentheses (soup writes
  ``http://`` and ``mailto:`` too): the parser completes a bare destination (``[a](e.com)``
  links to ``https://e.com``, cmark-gfm to ``e.com``), lower-cases a scheme, refuses what
  LinkPolicy refuses (a link's text stays, unlinked), and cmark-gfm 0.29.0.gfm.6 accepts an
  unbalanced ``(`` (``[a]([a](a  )``) that CommonMark refuses.
  Titles are written (``"t"``, ``'t'``, ``(t)``, with escapes): the document drops them, as the
  comparison does, but a title decides whether there is a link (``[a](https://e.com (t(x)))`` is
  none: a title in parentheses holds them only escaped);
- nested blocks (``> - a``, ``- > a``, a list inside a list): the document holds one block format
  per line;
- a list item holding more than one line (a lazy continuation ``- a`` then ``b``, a hard break
  inside an item, a second paragraph): the document's list item is one line;
- emphasis around a code span (``*`a`*``): inline code holds no other style (README "What the
  engine does"), so the comparison drops bold, italic and strike from code characters in
  cmark-gfm's view (``without_styles_in_code``) rather than leaving code spans out of emphasis;
- a link without text (``[](https://e.com/x)``): it shows nothing, and the document holds no
  empty span;
- a backtick run that closes nothing before code spans (``\`\` `a` `b```): cmark-gfm 0.29 (both
  0.29.0.gfm.6 and .13) shows the second span as text (its scan for closing backticks, after
  one that reached the end, forgets runs it already passed), where CommonMark reads two code
  spans (commonmark.js 0.29 does) and so does the parser. Code spans are always closed, with
  backtick runs of other lengths inside, and never follow a backslash (``outside_subset`` finds
  such a run as CommonMark pairs backtick runs, paragraph by paragraph);
- ``~`` and ``~~`` delimiters in one message (``~~_a~_``): cmark-gfm 0.29.0.gfm.13, in cmarkgfm,
  drops the emphasis delimiters between a ``~~`` opener and a ``~`` closer, 0.29.0.gfm.6 does
  not (nor does the parser); GFM says nothing of it. Each message uses one tilde length;
- a quote of empty quote lines only (``>`` alone): cmark-gfm shows an empty quote as no line,
  the document as an empty line of the quote. Empty quote lines in a quote with text are
  written: each ends the quote's paragraph and makes no line, and the quote goes on.
"""

from __future__ import annotations

import ctypes.util
import json
import random
import re
import unicodedata
from dataclasses import dataclass
from html import unescape as html_unescape

import wire_generator as wg
from message_composer import parse_markdown_json

DEFAULT_SEED = 20261202

# fmt: off
DELIMITERS = "*_~"
WORDS_ASCII = ["a", "b", "Z", "word", "x1", "foo", "it's", "snake_case", "2*3", "a_b", "x~y", "e.g."]
WORDS_OTHER = ["é", "naïve", "Straße", "Ωμέγα", "Привет", "中文", "日本語", "한국어", "שלום", "مرحبا", "ü", "ﬁ", "𝔸",
               "👍🏽", "e\u0301", "（括弧）", "«»", "—", "…"]
SPACES = [" ", " ", " ", "  ", "\t", " \t", "   "]
PUNCTUATION = list(".,!?;:'\"()-+=#/%$@^{}|") + ["...", "--", "#1", "a.", "(x)", "]", "["]
ESCAPES = ["\\*", "\\_", "\\~", "\\`", "\\[", "\\]", "\\\\", "\\(", "\\)", "\\a", "\\é", "\\#", "\\!", "\\&", "\\"]
ENTITIES = ["&amp;", "&copy;", "&#35;", "&#x41;", "&#42;", "&#95;", "&lt;", "&quot;", "&nbsp;", "&#0;", "AT&T", "&",
            "&foo;", "&#x2A;", "&ast;", "&lowbar;"]
LINK_URLS = ["https://e.com/x", "https://e.com/a_b_", "https://e.com/*x*", "https://e.com/(a)", "https://e.com/~y~",
             "https://e.com/%20", "https://例え.jp/x", "https://e.com/a\\_b"]
#: Titles after a destination, dropped by the parser but deciding whether there is a link: one in
#: parentheses holds `(` or `)` only escaped, so the last two make none.
LINK_TITLES = [' "t"', " 't'", " (t)", ' "a \\"b\\" (c)"', " 'it\\'s'", " (x \\(y\\))", ' "t" ', " ()", ' "*a*"',
               " (t(x))", " ((t)"]
# fmt: on


def rng_for(seed: int, index: int) -> random.Random:
    return random.Random(f"mc-receive/{seed}/{index}")


# A line whose content (after any container marker) starts one of these is outside the subset or
# would nest blocks (see the module's docstring).
_THEMATIC = re.compile(r"[ \t]*([-*_])[ \t]*(?:\1[ \t]*){2,}")
_SETEXT = re.compile(r"[ \t]*(?:=+|-+)[ \t]*")
_BLOCK_START = re.compile(r"[ \t]*(?:#{1,6}(?:[ \t]|$)|[-+*](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$)|>|```|~~~|\[)")


def _bad_content(content: str) -> bool:
    """Whether inline content would start a block, or be one, at the start of a line."""
    return (
        content.strip(" \t") == ""
        or content[:1] in (" ", "\t")
        or bool(_THEMATIC.fullmatch(content) or _SETEXT.fullmatch(content) or _BLOCK_START.match(content))
    )


class _Writer:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        # One length of tilde delimiter per message (see the docstring): runs of 3 or more are
        # no delimiter, and stay.
        self.tildes = rng.choice([1, 2])

    def run(self) -> str:
        rng = self.rng
        c = rng.choice(DELIMITERS)
        n = rng.choice([1, 1, 1, 2, 2, 2, 3, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
        if c == "~" and n <= 2:
            n = self.tildes
        return c * n

    def code_span(self) -> str:
        """A closed code span; inside, backtick runs of another length, between other characters."""
        rng = self.rng
        n = rng.choice([1, 1, 1, 2, 3])
        inner = "".join(rng.choice(["a", " ", "*", "_", "~", "`", "``", "\\", "[", "]", "中"]) for _ in range(rng.randint(0, 4)))
        inner = re.sub("`+", lambda m: m.group() if len(m.group()) != n else m.group() + "`", inner)
        if inner.startswith("`") or inner == "":
            inner = "a" + inner
        if inner.endswith("`"):
            inner += "a"
        return "`" * n + inner + "`" * n

    def link(self, depth: int) -> str:
        rng = self.rng
        text = self.inline(rng.choice([1, 2, 3, 5]), depth + 1)
        if text.endswith("["):  # "[[](...)": a link without text (see the docstring)
            text += "a"
        return "[" + text + "](" + rng.choice(LINK_URLS) + (rng.choice(LINK_TITLES) if rng.random() < 0.3 else "") + ")"

    def piece(self, depth: int) -> str:
        rng = self.rng
        roll = rng.random()
        if roll < 0.30:
            return self.run()
        if roll < 0.48:
            return rng.choice(WORDS_ASCII).replace("~", "~" * self.tildes)
        if roll < 0.55:
            return rng.choice(WORDS_OTHER)
        if roll < 0.68:
            return rng.choice(SPACES)
        if roll < 0.77:
            return rng.choice(PUNCTUATION)
        if roll < 0.83:
            return rng.choice(ESCAPES)
        if roll < 0.89:
            return self.code_span()
        if roll < 0.95 and depth < 1:
            return self.link(depth)
        return rng.choice(ENTITIES)

    def inline(self, count: int, depth: int = 0) -> str:
        out = ""
        for _ in range(count):
            p = self.piece(depth)
            # No image ("![") and no link made of random pieces ("](" outside the generated links,
            # whose destinations are the only ones: see the docstring).
            if out.endswith("!") and p.startswith("["):
                p = " " + p
            if out.endswith("]") and p.startswith("("):
                p = " " + p
            if out.endswith("~") and p.startswith("~"):  # one tilde length per message
                p = " " + p
            if out.endswith("\\") and p.startswith("`"):  # no escaped backtick before a code span
                p = " " + p
            if out.endswith("\\") and p.startswith("\\`"):  # "\\`": an escaped backslash, then a bare backtick
                p = " " + p
            if out.endswith("`") and p.startswith("`"):  # two code spans, not one run of backticks
                p = " " + p
            out += p
        return out.replace("]:", "] :")  # no link reference definition

    def content(self) -> str:
        """A line's inline content that neither starts nor makes a block."""
        for _ in range(100):
            c = self.inline(self.rng.choice([1, 2, 3, 4, 6, 8, 12]))
            if not _bad_content(c):
                return c
        return "x"

    def code_line(self) -> str:
        rng = self.rng
        line = "".join(rng.choice(["a", " ", "  ", "\t", "*x*", "_", "`", "\\", "&amp;", "# h", "- i", "> q", "中"])
                       for _ in range(rng.choice([0, 1, 2, 3, 5])))
        return "x" + line if re.match(r"[ \t]*(```|~~~)", line) else line

    def number(self, n: int) -> str:
        """The number of item ``n`` of an ordered list. The first is mostly 1, else another start
        (0, leading zeros, up to 9 digits): the comparison forgives the start number, which the
        document does not hold (see the docstring)."""
        rng = self.rng
        if n > 0:
            return str(rng.choice([n + 1, 1, 7]))
        return rng.choice(["1"] * 8 + ["0", "2", "3", "9", "10", "01", "007", "000000001", "123456789"])

    def message(self) -> str:
        rng = self.rng
        lines: list[str] = []
        previous = None
        # Whether the last line is paragraph text: a list marker that cannot interrupt a paragraph
        # (an empty item, an ordered one not from 1) continues it there.
        paragraph = False
        # Whether the last list's last item is empty: a blank line less indented than its content
        # ends it (an item begins with at most one blank line), so a paragraph after that blank
        # line may be indented.
        empty_last = False
        for _ in range(rng.choices([1, 2, 3, 4, 6], weights=[30, 20, 20, 15, 15])[0]):
            kind = rng.choice(["paragraph", "paragraph", "paragraph", "quote", "bullet", "ordered", "fence"])
            # A paragraph right after a quote or a list item would continue it lazily. Two blocks of
            # one kind may follow each other (see the docstring): two quotes need a blank line
            # between, which they get more often than other blocks.
            if previous is not None and (kind == "paragraph" and previous in ("quote", "bullet", "ordered")
                                         or rng.random() < (0.6 if kind == previous == "quote" else 0.3)):
                lines.append(rng.choice(["", "", " ", "\t"]))
                paragraph = False
            ends_empty_item = previous in ("bullet", "ordered") and empty_last and lines[-1] in ("", " ")
            if kind == "paragraph":
                for k in range(rng.choice([1, 1, 2, 3])):
                    # Indented after a list, a paragraph would continue its last item, but for an
                    # empty one that a blank line ended.
                    after_list = k == 0 and previous in ("bullet", "ordered") and not ends_empty_item
                    indent = "" if after_list else rng.choice(["", " ", "  ", "   "] if ends_empty_item and k == 0
                                                              else ["", "", "", " ", "   "])
                    lines.append(indent + self.content() + rng.choice(["", "", "", "  ", "\\", " ", "\t"]))
                paragraph = True
            elif kind == "quote":
                count = rng.choice([1, 1, 2, 3, 4])
                after_empty = False
                texts = 0
                for k in range(count):
                    # An empty quote line (`>` alone) ends a paragraph and makes no line; the quote
                    # goes on. Not a quote of those only (see the docstring).
                    if (texts > 0 or k < count - 1) and rng.random() < 0.2:
                        lines.append(rng.choice([">", "> ", " >", ">  "]))
                        after_empty = True
                        continue
                    # After the first, a line may be lazy: no `>`, its paragraph continuing the
                    # quote's, with leading whitespace (which it keeps after a backslash break and
                    # in a code span running into it), 4 columns of it too (no indented code). Not
                    # after an empty quote line: there is no paragraph to continue.
                    if k > 0 and not after_empty and rng.random() < 0.4:
                        line = rng.choice(["", "", " ", "  ", "   ", "\t", "    "]) + self.content()
                    else:
                        line = rng.choice(["> ", ">", " > "]) + self.content()
                    lines.append(line + rng.choice(["", "", "", "  ", "\\", "\\"]))
                    after_empty = False
                    texts += 1
                paragraph = False
            elif kind in ("bullet", "ordered"):
                marker = rng.choice(["-", "+", "*"]) if kind == "bullet" else rng.choice([".", ")"])
                items = rng.choice([1, 1, 2, 3])
                for n in range(items):
                    number = "" if kind == "bullet" else self.number(n)
                    prefix = number + marker
                    # An empty item; not "-" after paragraph text, which makes a setext heading.
                    empty = rng.random() < 0.15 and not (paragraph and prefix == "-")
                    if empty:
                        line = prefix + rng.choice(["", "", " ", "  ", "\t"])
                    else:
                        # Mostly one space after the marker; a tab counts from the marker's end.
                        gap = rng.choice([" ", " ", " ", " ", "  ", "   ", "\t"])
                        line = prefix + gap + self.content()
                        while _THEMATIC.fullmatch(line):  # "* **" is a thematic break, not an item
                            line = prefix + gap + self.content()
                    lines.append(line)
                    empty_last = empty
                    # An item interrupts a paragraph only if it has content and, ordered, starts at 1.
                    if not (empty or number and int(number) != 1):
                        paragraph = False
                    if n + 1 < items and rng.random() < 0.15:
                        lines.append("")  # a loose list
                        paragraph = False
            else:
                fence = rng.choice(["```", "~~~", "````"])
                lines.append(fence + rng.choice(["", "", "py", " x"]))
                for _ in range(rng.choice([0, 1, 2, 3])):
                    lines.append(self.code_line())
                if rng.random() < 0.85:
                    lines.append(fence)
                else:
                    break  # an unclosed fence runs to the end
                paragraph = False
            previous = kind
        return "\n".join(lines)


def generate(seed: int, index: int) -> str:
    """Message ``index`` of run ``seed``."""
    return _Writer(rng_for(seed, index)).message()


#: The pieces of ``soup`` messages: markdown's special characters and short constructs, block
#: markers, indents and line ends, in any order.
# fmt: off
SOUP = ["*", "*", "**", "_", "__", "~", "~~", "`", "``", "[", "]", "(", ")", "](https://e.com/x)",
        "](https://e.com/(a))", "](<https://e.com/x>)", "](https://e.com/x\\))", "](https://e.com/&amp;)",
        "](  https://e.com/x  )", "](http://e.com/x)", "](mailto:a@b.c)", "](HTTPS://E.COM/x)", "](mailto:@b)", "](https://e.com/x", '](https://e.com/x "t")', "](https://e.com/x 't')", "](https://e.com/x (t))",
        "](https://e.com/x (t(x)))", '](https://e.com/x "a\\"b")', "\n't')",
        "\\", "\\*", "\\`", "\\\n", "a", "b", "a", "x", " ", " ", "\t", "\n", "\n",
        "\n\n", "\n ", "\n  ", "\n   ", "\n\t", "\n\n  ", "> ", "- ", "-\n", "*\n", "1. ", "1.\n", "2. ", "+ ",
        "1) ", "```\n", " ```\n", "  ```\n", "\n ```", "~~~\n", "&amp;", "&#42;", "&ast;", "&nbsp;", "&#x2014;",
        "&#0;", ".", ",", "!", "'", '"', "é", "\u00a0", "\u3002", "\u00ab", "\u2014", "\u2000", "\u0301",
        "\U0001F600", "[b", "]]", "((", "\r\n", "\r", "*a*", "**a**", "_a_", "a_b", "2*3", "***", "~~a~~",
        "&#X41;", "&AMP;", "&amp", "&#65", "&#1234567;", "&#xD800;", "&#x110000;", "&#x;", "&#;", "&ngE;", "&ThickSpace;",
        "10. ", "1234567890. ", "0) ", ">a", "   > ", "\n  - ", "\n   1. ", "> - ", "- > ", "\n  > ", "\f", "\v", "\u2028", "\ufeff", "\x7f", "\x01"]
# fmt: on


def soup(seed: int, index: int) -> str:
    """Message ``index`` of soup run ``seed``: 1 to 18 pieces of ``SOUP`` in random order. Where
    ``generate`` writes what another client would send, this writes what no grammar foresees;
    many are outside the subset (``outside_subset`` tells), the rest must read as cmark-gfm reads
    them all the same."""
    rng = random.Random(f"mc-receive-soup/{seed}/{index}")
    return "".join(rng.choice(SOUP) for _ in range(rng.randint(1, 18)))


def render(markdown: str) -> str:
    """cmark-gfm as ``wire_generator.render_commonmark`` (CommonMark with the strikethrough
    extension), soft line breaks rendered as hard ones (see the docstring)."""
    return wg._render(
        markdown, wg._CmarkOptions.CMARK_OPT_UNSAFE | wg._CmarkOptions.CMARK_OPT_HARDBREAKS, ["strikethrough"]
    )


def _system_cmark() -> wg._Cmark | None:
    """The system's cmark-gfm library (Debian's libcmark-gfm-dev, which .ci/run installs for
    ``make bench``), or None."""
    path = ctypes.util.find_library("cmark-gfm-extensions")
    if path is None:
        return None
    try:
        return wg._Cmark(path)
    except (OSError, AttributeError):
        return None


SYSTEM_CMARK = _system_cmark()


def render_system(markdown: str) -> str | None:
    """As ``render``, with the system's cmark-gfm (None without it)."""
    if SYSTEM_CMARK is None:
        return None
    options = wg._CmarkOptions.CMARK_OPT_UNSAFE | wg._CmarkOptions.CMARK_OPT_HARDBREAKS
    return SYSTEM_CMARK.render(markdown, options, ["strikethrough"])


def _differences(document: wg.Document, html: str, flattened: bool = False) -> str | None:
    shown_lines = as_the_document_holds_blocks(without_styles_in_code(wg.HTMLView.of(html)))
    expected, shown = wg.compare_views(wg.document_view(document), shown_lines)
    if flattened:
        expected, shown = as_the_document_flattens(expected), as_the_document_flattens(shown)
    return None if expected == shown else wg.view_difference(expected, shown, "commonmark")


def as_the_document_flattens(lines: list) -> list:
    """Compared lines (``wire_generator.compare_views``) with each line's containers reduced to the
    one block format the document gives it (docs/wire-format.md, "Blocks"): code in a fence, else
    the innermost list's kind, else quote, else none; what is neither (a heading, text at block
    level outside an item) stays by its tag. The grouping of lines into items and blocks goes:
    a document's list item is one line, and its blocks do not nest."""
    out = []
    for path, chars in lines:
        tags = [part[0] for part in path]
        lists = [t for t in tags if t in ("ul", "ol")]
        others = [t for t in tags if t not in ("ul", "ol", "li", "blockquote", "pre") and not (t == "#stray" and "li" in tags)]
        kind = "pre" if "pre" in tags else lists[-1] if lists else "blockquote" if "blockquote" in tags else ""
        out.append((tuple((tag,) for tag in [kind, *others] if tag), chars))
    return out


@dataclass
class Received:
    markdown: str
    document: wg.Document
    html: str
    difference: str | None
    #: Set when the two cmark-gfm versions read the markdown differently and the document shows
    #: what the system's one shows.
    versions_differ: str | None = None

    def report(self) -> str:
        return "\n".join(
            [
                "markdown: " + json.dumps(self.markdown, ensure_ascii=False),
                "parsed:   " + json.dumps(self.document, ensure_ascii=False),
                "html:     " + json.dumps(self.html, ensure_ascii=False),
                str(self.difference),
            ]
        )


STYLES = frozenset({"bold", "italic", "strike", "underline"})


def without_styles_in_code(lines: list[wg.Line]) -> list[wg.Line]:
    """The view with no style on code characters: inline code holds no other style (README "What
    the engine does"), so the parser drops emphasis over a code span (``*`a`*`` is code only)."""
    return [
        wg.Line(line.path, [(ch, f - STYLES if "code" in f else f) for ch, f in line.chars]) for line in lines
    ]


#: The blocks of one kind that the document merges when one follows another (the outermost
#: container of a line in ``wire_generator.HTMLView``: quotes, bullet and ordered lists, code).
MERGED_BLOCKS = ("blockquote", "ul", "ol", "pre")


def as_the_document_holds_blocks(lines: list[wg.Line]) -> list[wg.Line]:
    """cmark-gfm's view with what the document cannot hold taken out (see the docstring), and
    nothing else: every ordered list starts at 1 (``("ol", id, start)`` becomes ``("ol", id,
    "1")``), and a block whose first line comes right after the last line of a block of the same
    kind is that block (``("ul", 3)`` after ``("ul", 1)`` becomes ``("ul", 1)``), as the
    document's adjacent lines of one block format are one block. Only the outermost container
    merges, since the document's blocks do not nest; the items of a list, the kind of each block,
    the lines and characters stay as they are."""
    merged: dict[tuple[str, int], tuple[str, int]] = {}  # a block -> the block it continues
    previous: tuple[str, int] | None = None  # the outermost block of the previous line
    out: list[wg.Line] = []
    for line in lines:
        path = list(line.path)
        outer = path[0][:2] if path and path[0][0] in MERGED_BLOCKS else None
        if outer is not None:
            if outer not in merged:  # the block's first line
                adjacent = previous is not None and previous != outer and previous[0] == outer[0]
                merged[outer] = merged[previous] if adjacent and previous is not None else outer
            path[0] = (*merged[outer], *path[0][2:])
        path = [("ol", part[1], "1") if part[0] == "ol" else part for part in path]
        out.append(wg.Line(tuple(path), line.chars))
        previous = outer
    return out


def check(markdown: str, flattened: bool = False) -> Received:
    """Parses the markdown and compares what the document shows with what cmark-gfm shows: the
    cmark-gfm inside cmarkgfm, or, where that differs, the system's cmark-gfm if it is another
    version (``versions_differ`` then says so: see the docstring). ``flattened``: each line's
    blocks compared as the document holds them (``as_the_document_flattens``), for nested blocks
    and items of several lines."""
    document = json.loads(parse_markdown_json(markdown))
    html = render(markdown)
    difference = _differences(document, html, flattened)
    outcome = Received(markdown, document, html, difference)
    if difference is not None and SYSTEM_CMARK is not None and SYSTEM_CMARK.version != _package_version():
        other = render_system(markdown)
        assert other is not None
        if other != html and _differences(document, other, flattened) is None:
            outcome.difference = None
            outcome.versions_differ = f"{_package_version()}: {html!r}; {SYSTEM_CMARK.version}: {other!r}"
    return outcome


def _package_version() -> str:
    wg._render("", 0, [])  # loads the library
    return wg._cmark_lib.version if wg._cmark_lib is not None else "?"


_NESTED = re.compile(r"<(?:blockquote|li)>\s*<(?:blockquote|ul|ol|pre)")
# A fence's first line: a backtick fence's info string holds no backtick (```` ``` ` ```` is text).
#: What cmark-gfm writes in an href for the ASCII characters of a destination that LinkPolicy
#: refuses (`"`, `<`, `>`, `\\`, a backtick) or that ends a destination (a control character, which
#: CommonMark allows in none and cmark-gfm 0.29 takes but for tab and line ends); `%` itself it
#: keeps, so these come from the source.
_REFUSED_ASCII = re.compile(r"%(?:22|3C|3E|5C|60|[01][0-9A-F]|7F)", re.I)
#: A percent-encoded non-ASCII character (cmark-gfm encodes every byte above 0x7F).
_ENCODED_SCALAR = re.compile(r"(?:%[CDcd][0-9A-Fa-f]|%[Ee][0-9A-Fa-f]%[89ABab][0-9A-Fa-f]|%[Ff][0-7]%[89ABab][0-9A-Fa-f]%[89ABab][0-9A-Fa-f])%[89ABab][0-9A-Fa-f]")


def _refused_destination(href: str) -> bool:
    """Whether an href cmark-gfm wrote is one LinkPolicy refuses or the parser does
    not read as a destination (docs/wire-format.md, "Which destinations become links"): one holding
    a character it refuses (whitespace, controls, format characters, ``" < > \\`` and a backtick,
    which cmark-gfm percent-encodes) or a host starting with ``/``."""
    if _REFUSED_ASCII.search(href) or re.match(r"https?:///", href):
        return True
    for encoded in _ENCODED_SCALAR.findall(href):
        c = bytes.fromhex(encoded.replace("%", "")).decode("utf-8", "replace")
        if c.isspace() or unicodedata.category(c) in ("Cc", "Cf", "Zs", "Zl", "Zp"):
            return True
    return False


def _unbalanced_destination(markdown: str) -> bool:
    """Whether a bare link destination after some ``](`` ends, at a space, with a ``(`` still
    open (escaped parentheses not counted): cmark-gfm 0.29 takes it (its scan has no test of the
    count at the end), CommonMark and the parser do not."""
    for m in re.finditer(r"\]\([ \t]*\n?[ \t]*", markdown):
        i, depth = m.end(), 0
        if markdown[i : i + 1] == "<":
            continue
        while i < len(markdown):
            c = markdown[i]
            if c == "\\" and i + 1 < len(markdown) and markdown[i + 1] in _ASCII_PUNCTUATION:
                i += 2
                continue
            if c == "(":
                depth += 1
            elif c == ")":
                if depth == 0:
                    break
                depth -= 1
            elif c in " \t\n\r\f\v":
                break
            i += 1
        if depth > 0 and i < len(markdown):
            return True
    return False


_ASCII_PUNCTUATION = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")

_FENCE = re.compile(r" {0,3}(`{3,}(?=[^`]*$)|~{3,})")


_ASCII_PUNCTUATION = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")


def _unclosed_backticks_before_code(text: str) -> bool:
    """Whether a backtick run that closes nothing comes before a code span in ``text`` (lines
    that may be one paragraph or item), where cmark-gfm 0.29 misses code spans (see the
    docstring). Code spans pair as CommonMark pairs them: a run opens, the next run of its length
    closes it, a backslash escapes a backtick outside code."""
    literal = False
    i, n = 0, len(text)
    while i < n:
        if text[i] == "\\" and i + 1 < n and text[i + 1] in _ASCII_PUNCTUATION:
            i += 2
            continue
        if text[i] != "`":
            i += 1
            continue
        end = i
        while end < n and text[end] == "`":
            end += 1
        close = next((m.start() for m in re.finditer(r"(?<!`)`+(?!`)", text[end:]) if len(m.group()) == end - i), None)
        if close is None:
            literal = True
            i = end
            continue
        if literal:
            return True
        i = end + close + (end - i)
    return False


#: What ``outside_subset`` names only because the document holds one block format a line and a
#: list item as one line: what ``check(markdown, flattened=True)`` compares all the same.
FLATTENED = ("nested blocks", "list item of several paragraphs", "list item of several lines")



def outside_subset(markdown: str, flattened: bool = False) -> str | None:
    """Why the markdown is outside what the generator writes (see the docstring), as far as
    cmark-gfm's HTML and a look at the lines tell; None when it is not. Keeps the shrinker in the
    subset, and checks the generator. ``flattened``: outside what ``check(markdown,
    flattened=True)`` compares, which takes nested blocks and items of several lines (the reasons
    in ``FLATTENED``)."""
    html = render(markdown)
    for pattern, why in [
        (r"<hr", "thematic break"),
        (r"<h[1-6]", "heading"),
        (r"<img", "image"),
        (r'<a href="(?!https?://[^"]|mailto:[^"@]+@)', "link destination not https://, http:// or mailto:"),
        (r"<(?:ul|ol|blockquote)>\s*</", "empty block"),
        (r"<a [^>]*></a>", "link without text"),
        (r"<li>\s*<p>(?:(?!</li>).)*</p>\s*<p>", "list item of several paragraphs"),
    ]:
        if re.search(pattern, html, re.S) and not (flattened and why in FLATTENED):
            return why
    if any(_refused_destination(html_unescape(href)) for href in re.findall(r'<a href="([^"]*)"', html)):
        return "link destination LinkPolicy refuses"
    if _unbalanced_destination(markdown):
        return "link destination with an unclosed ("
    if not flattened and (_NESTED.search(html) or re.search(r"<(?:li|blockquote)>(?:(?!</(?:li|blockquote)>).)*<(?:ul|ol|blockquote|pre)",
                                                            html, re.S)):
        return "nested blocks"
    # A `<` opening a link destination (`](<https://e.com/x>)`) is the link's; any other is raw
    # HTML, an autolink or a wire tag, and so is one after a `](` that closes no link (cmark-gfm
    # then shows an autolink, a link whose text is its URL, or a tag of its own).
    if (re.search(r"(?<!\]\()<", markdown)
            or re.search(r'<a href="([^"]*)">\1</a>', html)
            or re.search(r"<(?!/?(?:p|em|strong|del|code|a|ul|ol|li|blockquote|pre|br)\b)[a-zA-Z/!?]", html)):
        return "< (raw HTML, autolinks)"
    if "]:" in markdown:
        return "link reference definition"
    fences = 0
    in_fence = None
    outside: list[str] = []  # the lines outside fenced code
    for line in re.split(r"\r\n?|\n", markdown):  # a line ends at \n, \r\n or \r
        m = _FENCE.match(line)
        if in_fence is None and m:
            in_fence, fences = m.group(1), fences + 1
            outside.append("")  # fenced code interrupts a paragraph, as a blank line does
        elif in_fence is not None and re.fullmatch(r" {0,3}" + re.escape(in_fence[0]) + "{%d,}[ \t]*" % len(in_fence), line):
            in_fence = None  # a run of the fence's character, at least as long, and nothing else
        elif in_fence is None:
            outside.append(line)
    if html.count("<pre") != fences:
        return "indented code"
    # Any run of lines might be one paragraph or item (block markers are not taken off).
    runs_of_lines = [lines[i:j] for lines in (chunk.split("\n") for chunk in re.split(r"\n[ \t]*\n", "\n".join(outside)))
                     for i in range(len(lines)) for j in range(i + 1, len(lines) + 1)]
    if any(_unclosed_backticks_before_code("\n".join(run)) for run in runs_of_lines):
        return "a backtick run that closes nothing before code spans"
    # Tildes outside code and link destinations.
    text = "\n".join(outside)
    text = re.sub(r"\]\(https://[^\s)]*", " ", re.sub(r"(?<![`\\])(`+)(?!`).*?(?<!`)\1(?!`)", " ", text))
    if len({len(run) for run in re.findall(r"(?<![~\\])~+", text) if len(run) <= 2}) > 1:
        return "tilde delimiters of two lengths"
    # A block holding more than one line: a list item or a quote paragraph with a line break.
    if not flattened and re.search(r"<li>(?:(?!</li>).)*<br />", html, re.S):
        return "list item of several lines"
    return None


def shrink(markdown: str, budget_steps: int = 2000, flattened: bool = False) -> str:
    """A shorter markdown, still in the subset, that still differs (deleting runs of characters,
    greedily); ``flattened``: as ``check(markdown, flattened=True)`` compares."""
    best = markdown
    steps = 0
    size = max(1, len(best) // 2)
    while size >= 1 and steps < budget_steps:
        progress = False
        for start in range(0, len(best) - size + 1):
            steps += 1
            candidate = best[:start] + best[start + size :]
            if outside_subset(candidate, flattened) is None and check(candidate, flattened).difference is not None:
                best, progress = candidate, True
                break
        if not progress:
            size //= 2
    return best


if __name__ == "__main__":
    import argparse
    import sys
    import time

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--show", type=int, default=10)
    parser.add_argument("--soup", action="store_true",
                        help="soup messages (random pieces, see soup()); those outside the subset are skipped")
    parser.add_argument("--flattened", action="store_true",
                        help="with --soup: the messages outside the subset for nesting only (FLATTENED), "
                             "compared as the document flattens blocks (check(flattened=True))")
    args = parser.parse_args()
    began = time.perf_counter()
    failing = []
    seen: set[str] = set()
    versions = 0
    inside = 0
    for i in range(args.count):
        markdown = soup(args.seed, i) if args.soup else generate(args.seed, i)
        if args.flattened and (outside_subset(markdown) not in FLATTENED or outside_subset(markdown, True) is not None):
            continue
        if args.soup and not args.flattened and outside_subset(markdown) is not None:
            continue
        inside += 1
        outcome = check(markdown, args.flattened)
        versions += outcome.versions_differ is not None
        if outcome.difference is not None:
            failing.append(i)
            if len(seen) < args.show:
                small = shrink(outcome.markdown, flattened=args.flattened)
                if small not in seen:
                    seen.add(small)
                    print(f"== index {i}, shrunk:\n" + check(small, args.flattened).report() + "\n")
    print(
        f"{args.count} {f'soup messages ({inside} in the subset)' if args.soup else 'messages'}, {len(failing)} differ, "
        f"{versions} read as only the system's cmark-gfm reads them, {time.perf_counter() - began:.1f} s"
    )
    sys.exit(1 if failing else 0)
