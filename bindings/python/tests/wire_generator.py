"""Adversarial documents for the wire format, and its two properties (README "The wire format").

A seeded generator of valid document JSON full of markdown syntax, Unicode and awkward span
boundaries, and the two checks:

- exact: a Draft loaded with the document serializes to markdown that ``parse_markdown`` (with the
  draft's mention names) reads back as the draft's canonical ``document()``, exactly;
- faithful: cmark-gfm (the reference CommonMark/GFM renderer, raw HTML kept) renders that markdown
  as HTML that shows the same characters with the same formats and the same blocks.

Every document is replayable from ``(seed, index)``. Used by tests/test_wire_properties.py, and
runnable on its own for long runs, replays and shrinking (it imports the package from the source
tree; the library comes from MESSAGE_COMPOSER_LIB or the system)::

    export MESSAGE_COMPOSER_LIB=$PWD/build/lib/libmessage_composer.so.1
    python3 bindings/python/tests/wire_generator.py --seed 7 --count 1000000
    python3 bindings/python/tests/wire_generator.py --seed 7 --replay 4321 --shrink
"""

from __future__ import annotations

import argparse
import ctypes
import json
import random
import re
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, Callable

if __name__ == "__main__":  # run as a script from anywhere: import the package from the source tree
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from message_composer import ComposerError, Draft, parse_markdown_json

try:
    import cmarkgfm
    from cmarkgfm.cmark import Options as _CmarkOptions
except ImportError:  # property 2 fails without it in test_wire_properties.py; --exact-only here
    cmarkgfm = None

Document = dict[str, Any]

DEFAULT_SEED = 20260529

# ---------------------------------------------------------------------------------------------
# Text pieces, by category. Each category is a list of strings; a line is a random mix.

# fmt: off
SPECIALS = list("*_`~[]()<>#-+=|!.\\&;") + ["**", "__", "***", "___", "~~", "``", "```", "~~~", "\\\\", "**_", "_*"]
WORDS = ["a", "b", "Z", "word", "x1", "foo", "it's", "snake_case", "2*3", "a_b_c", "e.g.", "x~y"]
DIGIT_MARKERS = ["1.", "2)", "10.", "123456789.", "1234567890.", "0.", "1.5", "3", "99)"]
BACKSLASHES = ["\\", "\\\\", "\\*", "\\_", "\\n", "\\`", "a\\", "\\\\\\"]
SPACES = [" ", "  ", "   ", "    ", "\t", " \t", "\t\t"]
EMOJI = ["👨\u200d👩\u200d👧", "👩🏽\u200d💻", "🇫🇷", "🇯🇵", "👍🏽", "👍", "❤\ufe0f", "1\ufe0f\u20e3",
         "🏳\ufe0f\u200d🌈", "😀", "🫠"]
COMBINING = ["e\u0301", "a\u0308\u0323", "\u0301", "n\u0303", "\u0915\u094d\u0937", "\u200d"]
CJK = ["中文", "日本語", "한국어", "，", "。", "「引用」", "（括弧）", "ｗ"]
RTL = ["שלום", "مرحبا", "\u200f", "\u200e", "עברית.", "(عربى)"]
UNICODE_PUNCT = ["«", "»", "—", "–", "‘", "’", "“", "”", "€", "©", "™", "…", "¡", "¿", "§", "°", "±", "×", "←", "★",
                 "‰", "†", "¶", "\u00a0", "\u2003", "\u3000"]
ENTITY_LIKE = ["&amp;", "&#35;", "&lt;", "&gt;", "&copy;", "&#x41;", "&nbsp;", "&", "&;", "&#;", "&#xZZ;", "&amp",
               "&#32;", "&#0;", "&quot;", "AT&T"]
TAG_LIKE = ["<u>", "</u>", "<br>", "<p></p>", "<b>", "</i>", "<!-- x -->", '<a href="x">', "<http://x.y>", "<a@b.co>",
            "<color=#123456>", "</color>", "<@uid:u1>", "<@uid:>", "<del>"]
URL_LIKE = ["http://x.y", "https://e.com/a_(b)", "www.a.b", "a@b.co", "mailto:x@y.z", "[x](y.com)", "![i](j.png)",
            "[r]: /u"]
ODD = ["\x0b", "\x0c", "\x01", "\x7f", "\ufeff", "\u2028", "\u0085", "\ufffd", "\u200b"]

CATEGORIES: list[tuple[list[str], int]] = [
    (SPECIALS, 30), (WORDS, 22), (DIGIT_MARKERS, 4), (BACKSLASHES, 5), (SPACES, 12), (EMOJI, 5), (COMBINING, 3),
    (CJK, 4), (RTL, 3), (UNICODE_PUNCT, 6), (ENTITY_LIKE, 4), (TAG_LIKE, 3), (URL_LIKE, 2), (ODD, 1),
]

# What a line may start with: block syntax, list markers, indentation.
LINE_STARTS = ["#", "# ", "###### x", "#x", "- ", "* ", "+ ", "-", "1. ", "1) ", "2.", "> ", ">", "    ", "\t", "   ",
               "```", "~~~", "---", "***", "___", "===", "- [ ] ", "| a | b |", "<div>", "<p></p>", "[a]: b", "1.5"]
# Code-block lines: fences, indentation and everything else, written raw.
CODE_PIECES = ["```", "````", "~~~", "`", "``", " ", "    ", "\t", "x", "*a*", "<p></p>", "\\", "&amp;", "# h", "- i",
               "> q", "1. o", "中文", "👨\u200d👩\u200d👧", "e\u0301", "  ", "}", "{"]

LINK_URLS = [
    "https://example.com", "https://e.com/a_(b)", "https://e.com/a)b", "https://e.com/((x", "https://x.y/?q=1&amp;r=2",
    "https://x.y/?a=&lt;", "mailto:a@b.c", "HTTP://X.Y/Z", "e.com", "e.com:8080/x", "https://e.com/*a*_b_",
    "https://e.com/[x]", "https://e.com/%20%zz", "https://例え.jp/パス", "https://e.com/🙂", "https://e.com/'q'",
    "https://e.com/a~b|c{d}^", "https://e.com/#frag", "https://e.com/&#35;", "https://e.com/a&b",
    "https://e.com/" + "(" * 40, "https://e.com/" + ")" * 3, "https://e.com/a\u0301", "www.a.b/x_y",
]
COLORS = ["#f00", "#123456", "#ABCDEF", "#0a0b0c"]
MENTION_NAMES = ["Bob", "Al", "Bo b", "*x*", "李", "a_b", "[x](y)", "`", "🇫🇷", "O'Neil", "<u>", "\\", "x&amp;",
                 "  sp  ", "ש"]
UID_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-"
UID_RARE_CHARS = ":@=+"  # also documented as uid characters

INLINE_FORMATS = ["bold", "italic", "underline", "strike", "code", "link", "color"]
BLOCK_FORMATS = ["quote", "bullet_list", "ordered_list", "code_block"]
# fmt: on
STYLE_FLAGS = {"bold", "italic", "underline", "strike"}


@dataclass
class Features:
    """What a generated document may hold. Property 2 compares colours and mentions as documented
    exclusions (CommonMark has no syntax for them), so both properties use every feature."""

    colors: bool = True
    mentions: bool = True
    links: bool = True
    blocks: bool = True
    odd_controls: bool = True


def rng_for(seed: int, index: int) -> random.Random:
    """The generator for document ``index`` of run ``seed`` (string seeding is stable across
    Python versions and processes)."""
    return random.Random(f"mc-wire/{seed}/{index}")


class _Builder:
    """Builds one document: lines of text with mentions, block formats per line, then inline spans
    applied only where the engine's rules allow them (kept per character)."""

    def __init__(self, rng: random.Random, features: Features) -> None:
        self.rng = rng
        self.f = features
        self.text: list[str] = []  # scalars
        self.mention_of: list[int] = []  # per scalar: mention index + 1, or 0
        self.mentions: list[tuple[int, int, str, str]] = []  # (start, end, uid, name)
        self.flags: list[set[str]] = []
        self.link: list[str | None] = []
        self.color: list[str | None] = []
        self.line_block: list[str | None] = []
        self.line_ranges: list[tuple[int, int]] = []
        self.spans: list[dict[str, Any]] = []
        self.names: dict[str, str] = {}  # uid -> name: one name per uid (the wire carries the uid only)

    # Text

    def piece(self) -> str:
        rng = self.rng
        categories = [(c, w) for c, w in CATEGORIES if self.f.odd_controls or c is not ODD]
        pool = rng.choices([c for c, _ in categories], weights=[w for _, w in categories])[0]
        return rng.choice(pool)

    def add(self, s: str, mention: int = 0) -> None:
        for ch in s:
            self.text.append(ch)
            self.mention_of.append(mention)
            self.flags.append(set())
            self.link.append(None)
            self.color.append(None)

    def mention_piece(self) -> None:
        rng = self.rng
        if self.names and rng.random() < 0.4:
            uid = rng.choice(sorted(self.names))
        else:
            n = rng.choice([1, 1, 2, 3, 8])
            chars = UID_CHARS + (UID_RARE_CHARS if rng.random() < 0.1 else "")
            uid = "".join(rng.choice(chars) for _ in range(n))
            if rng.random() < 0.01:
                uid = "u" * 255  # the longest uid
        name = self.names.setdefault(uid, rng.choice(MENTION_NAMES))
        start = len(self.text)
        self.mentions.append((start, start + 1 + len(name), uid, name))
        self.add("@" + name, mention=len(self.mentions))

    def inline_line(self) -> None:
        rng = self.rng
        count = rng.choice([1, 2, 3, 4, 6, 8, 12])
        if rng.random() < 0.25:
            self.add(rng.choice(LINE_STARTS))
        for _ in range(count):
            if self.f.mentions and rng.random() < 0.08:
                self.mention_piece()
            else:
                self.add(self.piece())
        if rng.random() < 0.12:
            self.add(rng.choice(SPACES))  # trailing whitespace

    def code_line(self) -> None:
        rng = self.rng
        for _ in range(rng.choice([0, 1, 2, 3, 5])):
            self.add(rng.choice(CODE_PIECES) if rng.random() < 0.6 else self.piece())

    def lines(self) -> None:
        rng = self.rng
        n = rng.choices([1, 2, 3, 4, 6, 10], weights=[25, 20, 20, 15, 12, 8])[0]
        blocks: list[str | None] = []
        while len(blocks) < n:
            kind = rng.choice([None, None, None, None, *BLOCK_FORMATS]) if self.f.blocks else None
            blocks += [kind] * rng.choice([1, 1, 2, 3])
        blocks = blocks[:n]
        for i, block in enumerate(blocks):
            if i > 0:
                self.add("\n")
            start = len(self.text)
            empty = rng.random() < (0.3 if i in (0, n - 1) else 0.15)
            if not empty:
                if block == "code_block":
                    self.code_line()
                else:
                    self.inline_line()
            self.line_ranges.append((start, len(self.text)))
            self.line_block.append(block)

    # Spans

    def boundary(self, lo: int, hi: int) -> int:
        """A position in [lo, hi], biased to the line's edges, spaces, punctuation and other spans'
        and mentions' edges."""
        rng = self.rng
        roll = rng.random()
        if roll < 0.15:
            return rng.choice([lo, hi])
        if roll < 0.6:
            interesting = [
                i
                for i in range(lo, hi + 1)
                if i in (lo, hi)
                or not self.text[i - 1].isalnum()
                or (i < hi and not self.text[i].isalnum())
                or (
                    i < hi
                    and (
                        self.flags[i] != self.flags[i - 1]
                        or self.link[i] != self.link[i - 1]
                        or self.mention_of[i] != self.mention_of[i - 1]
                    )
                )
            ]
            return rng.choice(interesting)
        return rng.randint(lo, hi)

    def allowed(self, i: int, fmt: str, value: str | None) -> bool:
        """Whether character i may take the format (the engine's load rules)."""
        if self.text[i] == "\n":
            return True  # inline spans skip line breaks
        flags, m = self.flags[i], self.mention_of[i]
        if fmt == "code":
            return not (flags & STYLE_FLAGS) and self.color[i] is None and not m
        if fmt in STYLE_FLAGS:
            return "code" not in flags
        if fmt == "link":
            return not m and self.link[i] in (None, value)
        if fmt == "color":
            return "code" not in flags and self.color[i] in (None, value)
        raise AssertionError(fmt)

    def apply(self, start: int, end: int, fmt: str, value: str | None) -> None:
        """Applies fmt over the allowed runs of [start, end), a mention covered whole or not at all."""
        # Grow or shrink to whole mentions.
        if (
            start < end
            and self.mention_of[start]
            and start > 0
            and self.mention_of[start - 1] == self.mention_of[start]
        ):
            s, e, _, _ = self.mentions[self.mention_of[start] - 1]
            start = s if self.rng.random() < 0.5 else e
        if (
            start < end
            and self.mention_of[end - 1]
            and end < len(self.text)
            and self.mention_of[end] == self.mention_of[end - 1]
        ):
            s, e, _, _ = self.mentions[self.mention_of[end - 1] - 1]
            end = e if self.rng.random() < 0.5 else s
        if start >= end:
            if start == end and self.rng.random() < 0.05:
                self.spans.append(self.span(start, end, fmt, value))  # empty inline span: dropped by the engine
            return
        run_start = None
        for i in range(start, end + 1):
            ok = i < end and self.allowed(i, fmt, value)
            if ok and run_start is None:
                run_start = i
            if not ok and run_start is not None:
                self.commit(run_start, i, fmt, value)
                run_start = None

    def commit(self, start: int, end: int, fmt: str, value: str | None) -> None:
        # A run that would cut a mention (possible after splitting around code) is trimmed to whole ones.
        while (
            start < end
            and self.mention_of[start]
            and start > 0
            and self.mention_of[start - 1] == self.mention_of[start]
        ):
            start += 1
        while (
            start < end
            and self.mention_of[end - 1]
            and end < len(self.text)
            and self.mention_of[end] == self.mention_of[end - 1]
        ):
            end -= 1
        if start >= end or all(self.text[i] == "\n" for i in range(start, end)):
            return
        for i in range(start, end):
            if self.text[i] == "\n":
                continue
            if fmt == "link":
                self.link[i] = value
            elif fmt == "color":
                self.color[i] = value
            else:
                self.flags[i].add(fmt)
        self.spans.append(self.span(start, end, fmt, value))

    @staticmethod
    def span(start: int, end: int, fmt: str, value: str | None) -> dict[str, Any]:
        s: dict[str, Any] = {"start": start, "end": end, "format": fmt}
        if fmt == "link":
            s["url"] = value
        elif fmt == "color":
            s["color"] = value
        return s

    def inline_spans(self) -> None:
        rng = self.rng
        formats = [f for f in INLINE_FORMATS if (f != "link" or self.f.links) and (f != "color" or self.f.colors)]
        inline_lines = [i for i, b in enumerate(self.line_block) if b != "code_block"]
        for line in inline_lines:
            lo, hi = self.line_ranges[line]
            if lo == hi:
                continue
            for _ in range(rng.choice([0, 1, 2, 3, 4, 6])):
                fmt = rng.choice(formats)
                value = rng.choice(LINK_URLS) if fmt == "link" else rng.choice(COLORS) if fmt == "color" else None
                a, b = self.boundary(lo, hi), self.boundary(lo, hi)
                if rng.random() < 0.1:  # a span over several lines (split at line breaks by the engine)
                    later = [
                        k
                        for k in inline_lines
                        if k > line and all(self.line_block[j] != "code_block" for j in range(line, k + 1))
                    ]
                    if later:
                        b = self.boundary(*self.line_ranges[rng.choice(later)])
                self.apply(min(a, b), max(a, b), fmt, value)
                if rng.random() < 0.1 and fmt not in ("link", "color"):  # the same span again, or adjacent
                    self.apply(max(a, b), min(hi, max(a, b) + rng.randint(0, 3)), fmt, value)
        for start, end, uid, name in self.mentions:
            self.spans.append({"start": start, "end": end, "format": "mention", "uid": uid, "name": name})

    def block_spans(self) -> None:
        rng = self.rng
        line = 0
        while line < len(self.line_block):
            block = self.line_block[line]
            last = line
            while last + 1 < len(self.line_block) and self.line_block[last + 1] == block:
                last += 1
            if block is not None:
                if rng.random() < 0.7:
                    self.spans.append(
                        {"start": self.line_ranges[line][0], "end": self.line_ranges[last][1], "format": block}
                    )
                else:  # one span per line (merged by the engine), sometimes twice
                    for k in range(line, last + 1):
                        for _ in range(rng.choice([1, 1, 2])):
                            self.spans.append(
                                {"start": self.line_ranges[k][0], "end": self.line_ranges[k][1], "format": block}
                            )
            line = last + 1

    def build(self) -> Document:
        self.lines()
        self.inline_spans()
        self.block_spans()
        self.rng.shuffle(self.spans)
        return {"text": "".join(self.text), "spans": self.spans}


def generate(seed: int, index: int, features: Features | None = None) -> Document:
    """Document ``index`` of run ``seed``: valid by construction (the engine must load it)."""
    return _Builder(rng_for(seed, index), features or Features()).build()


# ---------------------------------------------------------------------------------------------
# Property 1: exact.


def mention_names(document: Document) -> dict[str, str]:
    names: dict[str, str] = {}
    for s in document["spans"]:
        if s["format"] == "mention":
            names.setdefault(s["uid"], s["name"])
    return names


@dataclass
class Outcome:
    """What checking one document found: ``refused`` (the engine refused a generated document: a
    generator bug), ``exact`` (property 1's failure, or None), ``faithful`` (property 2's failures
    by renderer name) and the HTML each renderer made."""

    seed: int
    index: int
    document: Document
    refused: str | None = None
    canonical: Document | None = None
    markdown: str | None = None
    exact: str | None = None
    faithful: dict[str, str] = field(default_factory=dict)
    html: dict[str, str] = field(default_factory=dict)

    def failure(self, which: str) -> str | None:
        """``which``: "refused", "exact", or "faithful:<renderer>"."""
        if which.startswith("faithful:"):
            return self.faithful.get(which[len("faithful:") :])
        return getattr(self, which)


def new_draft() -> Draft:
    return Draft({"rich_text": True, "mention_limit": 1000, "undo_depth": 1})


def check_exact(draft: Draft, outcome: Outcome) -> None:
    """Loads the document, serializes it, parses it back with the draft's mention names and compares
    with the draft's canonical document."""
    try:
        draft.load_document(outcome.document)
    except ComposerError as error:
        outcome.refused = f"{type(error).__name__}: {error}"
        return
    outcome.canonical = json.loads(draft.document_json())
    outcome.markdown = draft.markdown
    back = json.loads(parse_markdown_json(outcome.markdown, draft.mention_names or None))
    if back != outcome.canonical:
        outcome.exact = document_difference(outcome.canonical, back)


def document_difference(expected: Document, actual: Document) -> str:
    lines = []
    if expected["text"] != actual["text"]:
        lines.append(f"text     {expected['text']!r}\nparsed   {actual['text']!r}")
    exp = [json.dumps(s, ensure_ascii=False) for s in expected["spans"]]
    act = [json.dumps(s, ensure_ascii=False) for s in actual["spans"]]
    missing = [s for s in exp if s not in act]
    extra = [s for s in act if s not in exp]
    if missing:
        lines.append("spans lost:  " + ", ".join(missing))
    if extra:
        lines.append("spans added: " + ", ".join(extra))
    return "\n".join(lines) or "documents differ"


# ---------------------------------------------------------------------------------------------
# Property 2: faithful. HTML (cmark-gfm) -> lines of (character, formats), compared with the same
# view of the document.

Char = tuple[str, frozenset]


@dataclass
class Line:
    #: The containers around the line: ("blockquote", id), ("ul", id), ("li", id), ("ol", id, start),
    #: ("pre", id), or anything unexpected (a heading, a table...) by its tag. Ids are renumbered by
    #: first appearance before comparing, so they compare the grouping of lines into elements.
    path: tuple
    chars: list[Char] = field(default_factory=list)


class _Element:
    __slots__ = ("tag", "attrs", "children")

    def __init__(self, tag: str, attrs: dict[str, str | None]) -> None:
        self.tag = tag
        self.attrs = attrs
        self.children: list[_Element | str] = []


class _TreeBuilder(HTMLParser):
    VOID = {
        "br",
        "hr",
        "img",
        "input",
        "wbr",
        "meta",
        "link",
        "area",
        "base",
        "col",
        "embed",
        "source",
        "track",
        "param",
    }

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = _Element("#root", {})
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = _Element(tag, dict(attrs))
        self.stack[-1].children.append(element)
        if tag not in self.VOID:
            self.stack.append(element)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.stack[-1].children.append(_Element(tag, dict(attrs)))

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.stack) - 1, 0, -1):
            if self.stack[i].tag == tag:
                del self.stack[i:]
                return
        if tag == "color":
            return  # the wire format's </color> is valid raw HTML: a stray end tag, which browsers ignore
        self.stack[-1].children.append(_Element("/" + tag, {}))  # any other stray end tag shows as a difference

    def handle_data(self, data: str) -> None:
        children = self.stack[-1].children
        if children and isinstance(children[-1], str):
            children[-1] += data
        else:
            children.append(data)

    def handle_comment(self, data: str) -> None:
        self.stack[-1].children.append(_Element("#comment", {}))

    def handle_decl(self, decl: str) -> None:
        self.stack[-1].children.append(_Element("#decl", {}))

    def handle_pi(self, data: str) -> None:
        self.stack[-1].children.append(_Element("#pi", {}))

    def unknown_decl(self, data: str) -> None:
        self.stack[-1].children.append(_Element("#decl", {}))


INLINE_FORMAT_TAGS = {
    "strong": "bold",
    "b": "bold",
    "em": "italic",
    "i": "italic",
    "del": "strike",
    "s": "strike",
    "strike": "strike",
    "u": "underline",
    "ins": "underline",
    "code": "code",
}
BLOCK_TAGS = {
    "p",
    "blockquote",
    "ul",
    "ol",
    "li",
    "pre",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "hr",
    "table",
    "div",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "dl",
    "section",
    "details",
}
OBJECT = "\ufffc"  # stands for an inline element without text (an image, a checkbox)


class HTMLView:
    """cmark's HTML as lines: <p> and <li> content split at <br>, <pre> content split at line
    ends, the containers of each line in ``path``. A soft line break (a plain line end inside a
    paragraph) shows as the space a browser shows."""

    def __init__(self) -> None:
        self.lines: list[Line] = []
        self.next_id = 0

    def new_id(self) -> int:
        self.next_id += 1
        return self.next_id

    @classmethod
    def of(cls, html: str) -> list[Line]:
        builder = _TreeBuilder()
        builder.feed(html)
        builder.close()
        view = cls()
        view.blocks(builder.root, ())
        return view.lines

    def blocks(self, element: _Element, path: tuple) -> None:
        pending: list[_Element | str] = []
        has_blocks = any(isinstance(c, _Element) and c.tag in BLOCK_TAGS for c in element.children)
        for child in element.children:
            if isinstance(child, _Element) and child.tag in BLOCK_TAGS:
                self.inline_group(pending, path, has_blocks or element.tag != "li")
                pending = []
                self.block(child, path)
            else:
                pending.append(child)
        self.inline_group(pending, path, has_blocks or element.tag != "li")

    def inline_group(self, nodes: list[_Element | str], path: tuple, stray: bool) -> None:
        """Inline content outside a paragraph: a tight list item's content, or (``stray``) text at
        block level, which only whitespace between blocks should be."""
        if not nodes:
            return
        if not stray:  # a tight list item's whole content, spaces included
            self.paragraph(nodes, path)
            return
        if all(isinstance(n, str) and not n.strip(" \t\n") for n in nodes):
            return  # line ends between blocks
        nodes = list(nodes)
        if isinstance(nodes[-1], str):
            nodes[-1] = nodes[-1].rstrip("\n")
        if isinstance(nodes[0], str):
            nodes[0] = nodes[0].lstrip("\n")
        self.paragraph(nodes, path + (("#stray",),))

    def block(self, element: _Element, path: tuple) -> None:
        tag = element.tag
        if tag == "p":
            self.paragraph(element.children, path)
        elif tag == "blockquote":
            start = len(self.lines)
            self.blocks(element, path + (("blockquote", self.new_id()),))
            if len(self.lines) == start:  # an empty quote shows as one empty quote line
                self.lines.append(Line(path + (("blockquote", self.next_id),)))
        elif tag in ("ul", "ol"):
            container = (
                ("ul", self.new_id()) if tag == "ul" else ("ol", self.new_id(), element.attrs.get("start") or "1")
            )
            for child in element.children:
                if isinstance(child, _Element) and child.tag == "li":
                    item = path + (container, ("li", self.new_id()))
                    start = len(self.lines)
                    self.blocks(child, item)
                    if len(self.lines) == start:
                        self.lines.append(Line(item))
                elif isinstance(child, _Element) or child.strip():
                    self.paragraph([child], path + (container, ("#stray",)))
        elif tag == "pre":
            content = "".join(_text_of(element))
            if content.endswith("\n"):
                content = content[:-1]
            pre = path + (("pre", self.new_id()),)
            for text in content.split("\n"):
                self.lines.append(Line(pre, [(ch, frozenset()) for ch in text]))
        elif tag == "li":  # an item outside a list
            self.blocks(element, path + (("li", self.new_id()),))
        else:  # headings, rules, tables...: their lines carry the tag, a difference to report
            start = len(self.lines)
            self.blocks(element, path + ((tag,),))
            if len(self.lines) == start:
                self.lines.append(Line(path + ((tag,),)))

    def paragraph(self, nodes: list[_Element | str], path: tuple) -> None:
        line = Line(path)
        self.lines.append(line)
        state = {"after_br": False}

        def walk(node: _Element | str, formats: frozenset) -> None:
            nonlocal line
            if isinstance(node, str):
                text = node
                if state["after_br"] and text.startswith("\n"):
                    text = text[1:]
                state["after_br"] = False
                for ch in text:
                    line.chars.append((" " if ch == "\n" else ch, formats))
                return
            state["after_br"] = False
            tag = node.tag
            if tag == "br":
                line = Line(path)
                self.lines.append(line)
                state["after_br"] = True
                return
            if tag in INLINE_FORMAT_TAGS:
                inner = formats | {INLINE_FORMAT_TAGS[tag]}
            elif tag == "a":
                inner = formats | {"link:" + (node.attrs.get("href") or "")}
            else:
                inner = formats | {f"<{tag}>"}
                if not node.children:
                    line.chars.append((OBJECT, inner))
            for child in node.children:
                walk(child, inner)

        for node in nodes:
            walk(node, frozenset())


def _text_of(element: _Element) -> Iterator[str]:
    for child in element.children:
        if isinstance(child, str):
            yield child
        else:
            yield from _text_of(child)


_HREF_SAFE = set(b"-_.+!*'(),%#@?=;:/,+&$~") | set(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")


def cmark_href(url: str) -> str:
    """The href cmark writes for a link destination (houdini_escape_href: bytes outside a safe set
    percent-encoded), as the HTML parser gives it back."""
    return "".join(chr(b) if b in _HREF_SAFE else f"%{b:02X}" for b in url.encode("utf-8"))


COLOR_TAG = re.compile(r"<color=#[0-9a-f]{6}>")


#: Marks the characters of a mention's wire text in ``document_view``; ``compare_views`` removes it.
MENTION_TEXT = "mention text"


def _same_char(expected: Char, shown: Char) -> bool:
    """Whether a rendered character shows the expected one. In a mention's wire text (not HTML),
    GitHub's autolink extension may link an address in the uid (``<@uid:bob@x.io>``), which no
    escape can prevent since a uid cannot be split: a link the renderer added there is part of the
    mention's exclusion."""
    if expected[0] != shown[0]:
        return False
    formats = expected[1]
    if MENTION_TEXT not in formats:
        return formats == shown[1]
    formats = formats - {MENTION_TEXT}
    return formats == {f for f in shown[1] if f in formats or not f.startswith("link:")}


def _without_color_tags(expected: list[Char], shown: list[Char]) -> list[Char]:
    """``shown`` without the colour tags cmark shows as text (``<color=#rrggbb>`` is not HTML; its
    ``</color>`` is a stray end tag that shows nothing), when it is ``expected`` with such tags
    inserted between characters; else ``shown`` unchanged (the difference gets reported). Literal
    ``<color=...>`` text of the document stays: only inserted tags go."""
    text = "".join(ch for ch, _ in shown)
    if "<color=#" not in text:
        return shown
    tags = {m.start(): m.end() for m in COLOR_TAG.finditer(text)}
    # Breadth-first over (i in expected, j in shown): consume a matching character, or skip a tag.
    start = (0, 0)
    parent: dict[tuple[int, int], tuple[int, int] | None] = {start: None}
    frontier = [start]
    goal = (len(expected), len(shown))
    while frontier and goal not in parent:
        following = []
        for i, j in frontier:
            steps = []
            if j in tags:
                steps.append((i, tags[j]))
            if i < len(expected) and j < len(shown) and _same_char(expected[i], shown[j]):
                steps.append((i + 1, j + 1))
            for step in steps:
                if step not in parent:
                    parent[step] = (i, j)
                    following.append(step)
        frontier = following
    if goal not in parent:
        return shown
    kept = []
    state = goal
    while parent[state] is not None:
        previous = parent[state]
        if previous is not None and state[0] == previous[0] + 1:
            kept.append(shown[previous[1]])
        state = previous  # type: ignore[assignment]
    return kept[::-1]


def document_view(document: Document) -> list[Line]:
    """The lines a faithful rendering of a (canonical) document shows. Documented exclusions:
    colours are dropped (``<color=#rrggbb>`` is not HTML: a CommonMark renderer shows it as text,
    which ``compare_views`` removes where the serializer put it), and a mention shows as its wire
    text ``<@uid:UID>`` (not HTML either), with the mention's other formats."""
    text = document["text"]
    spans = document["spans"]
    if text == "" and not spans:
        return []  # the empty message
    formats: list[set[str]] = [set() for _ in text]
    mentions: dict[int, tuple[int, str]] = {}
    blocks: list[tuple[int, int, str]] = []
    for s in spans:
        f = s["format"]
        if f in BLOCK_FORMATS:
            blocks.append((s["start"], s["end"], f))
        elif f == "mention":
            mentions[s["start"]] = (s["end"], s["uid"])
        elif f == "link":
            for i in range(s["start"], s["end"]):
                formats[i].add("link:" + cmark_href(s["url"]))
        elif f != "color":
            for i in range(s["start"], s["end"]):
                formats[i].add(f)
    lines: list[Line] = []
    offset = 0
    ids: dict[tuple[int, int], int] = {}
    for number, line_text in enumerate(text.split("\n")):
        start, end = offset, offset + len(line_text)
        offset = end + 1
        block = next(((b, s, e) for s, e, b in blocks if s <= start and end <= e), None)
        path: tuple = ()
        if block is not None:
            kind, s, e = block
            run = ids.setdefault((s, e), len(ids) + 1)
            path = {
                "quote": (("blockquote", run),),
                "bullet_list": (("ul", run), ("li", number)),
                "ordered_list": (("ol", run, "1"), ("li", number)),
                "code_block": (("pre", run),),
            }[kind]
        chars: list[Char] = []
        i = start
        while i < end:
            if i in mentions:
                m_end, uid = mentions[i]
                chars += [(ch, frozenset(formats[i] | {MENTION_TEXT})) for ch in f"<@uid:{uid}>"]
                i = m_end
            else:
                chars.append((text[i], frozenset(formats[i])))
                i += 1
        lines.append(Line(path, chars))
    return lines


def _normalized(lines: list[Line]) -> list[tuple[tuple, tuple[Char, ...]]]:
    """Container ids renumbered by first appearance: only the grouping of lines counts."""
    numbering: dict[tuple, int] = {}
    out = []
    for line in lines:
        path = []
        for part in line.path:
            if len(part) >= 2 and isinstance(part[1], int):
                key = (part[0], part[1])
                part = (part[0], numbering.setdefault(key, len(numbering) + 1), *part[2:])
            path.append(part)
        out.append((tuple(path), tuple(line.chars)))
    return out


def compare_views(expected_lines: list[Line], shown_lines: list[Line]) -> tuple[list, list]:
    """Both views normalized, colour tags inserted by the serializer removed from the rendered one,
    and links the renderer added inside a mention's wire text removed (``_same_char``)."""
    if len(expected_lines) == len(shown_lines):
        shown_lines = [Line(s.path, _in_mentions_as_expected(e.chars, _without_color_tags(e.chars, s.chars)))
                       for e, s in zip(expected_lines, shown_lines)]
    expected_lines = [Line(e.path, [(ch, f - {MENTION_TEXT}) for ch, f in e.chars]) for e in expected_lines]
    return _normalized(expected_lines), _normalized(shown_lines)


def _in_mentions_as_expected(expected: list[Char], shown: list[Char]) -> list[Char]:
    """``shown`` with each character of a mention's wire text that ``_same_char`` accepts replaced
    by the expected one (without its marker), when the two lines are as long."""
    if len(expected) != len(shown):
        return shown
    return [(e[0], e[1] - {MENTION_TEXT}) if MENTION_TEXT in e[1] and _same_char(e, s) else s
            for e, s in zip(expected, shown)]


GFM_EXTENSIONS = ["table", "autolink", "tagfilter", "strikethrough", "tasklist"]


class _Cmark:
    """cmark-gfm (the C library inside the cmarkgfm package), called through ctypes so that every
    tree and string is freed: cmarkgfm's own wrappers leak both (about 15 KB a call), which a run of a
    million documents cannot afford. Falls back to the wrappers where the symbols are not exported."""

    def __init__(self, path: str | None = None) -> None:
        """``path``: another cmark-gfm library with its extensions (one that links both, or the
        extensions library, which links the core); default: the one inside cmarkgfm."""
        if path is None:
            from cmarkgfm.cmark import _cmark

            path = _cmark.__file__
        so = ctypes.CDLL(path)
        p = ctypes.c_void_p
        self.so = so
        for name, restype, argtypes in [
            ("cmark_gfm_core_extensions_ensure_registered", None, []),
            ("cmark_find_syntax_extension", p, [ctypes.c_char_p]),
            ("cmark_parser_new", p, [ctypes.c_int]),
            ("cmark_parser_attach_syntax_extension", ctypes.c_int, [p, p]),
            ("cmark_parser_feed", None, [p, ctypes.c_char_p, ctypes.c_size_t]),
            ("cmark_parser_finish", p, [p]),
            ("cmark_parser_get_syntax_extensions", p, [p]),
            ("cmark_render_html", p, [p, ctypes.c_int, p]),
            ("cmark_node_free", None, [p]),
            ("cmark_parser_free", None, [p]),
            ("cmark_get_default_mem_allocator", ctypes.POINTER(_CmarkMem), []),
        ]:
            function = getattr(so, name)
            function.restype = restype
            function.argtypes = argtypes
        so.cmark_gfm_core_extensions_ensure_registered()
        self.free = so.cmark_get_default_mem_allocator().contents.free
        so.cmark_version_string.restype = ctypes.c_char_p
        self.version = so.cmark_version_string().decode()

    def render(self, markdown: str, options: int, extensions: list[str]) -> str:
        so = self.so
        parser = so.cmark_parser_new(options)
        try:
            for name in extensions:
                extension = so.cmark_find_syntax_extension(name.encode())
                if not extension:
                    raise ValueError(f"unknown cmark-gfm extension {name}")
                so.cmark_parser_attach_syntax_extension(parser, extension)
            data = markdown.encode("utf-8")
            so.cmark_parser_feed(parser, data, len(data))
            root = so.cmark_parser_finish(parser)
            try:
                html = so.cmark_render_html(root, options, so.cmark_parser_get_syntax_extensions(parser))
                try:
                    return ctypes.string_at(html).decode("utf-8")
                finally:
                    self.free(html)
            finally:
                so.cmark_node_free(root)
        finally:
            so.cmark_parser_free(parser)


class _CmarkMem(ctypes.Structure):
    _fields_ = [
        ("calloc", ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.c_size_t, ctypes.c_size_t)),
        ("realloc", ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t)),
        ("free", ctypes.CFUNCTYPE(None, ctypes.c_void_p)),
    ]


_cmark_lib: _Cmark | None = None


def _render(markdown: str, options: int, extensions: list[str]) -> str:
    global _cmark_lib
    if _cmark_lib is None:
        try:
            _cmark_lib = _Cmark()
        except (AttributeError, OSError, ImportError):  # symbols not exported: cmarkgfm's leaking wrapper
            return cmarkgfm.markdown_to_html_with_extensions(markdown, options=options, extensions=extensions)
    return _cmark_lib.render(markdown, options, extensions)


def render_gfm(markdown: str) -> str:
    """cmark-gfm as GitHub renders (cmarkgfm.github_flavored_markdown_to_html): every GFM extension
    (tables, autolinks, tag filter, strikethrough, task lists), raw HTML kept."""
    options = _CmarkOptions.CMARK_OPT_UNSAFE | _CmarkOptions.CMARK_OPT_GITHUB_PRE_LANG
    return _render(markdown, options, GFM_EXTENSIONS)


def render_commonmark(markdown: str) -> str:
    """cmark-gfm as a CommonMark renderer with only the strikethrough extension (the syntax the
    wire format itself uses), raw HTML kept."""
    return _render(markdown, _CmarkOptions.CMARK_OPT_UNSAFE, ["strikethrough"])


#: The renderers property 2 runs against, by name.
RENDERERS: dict[str, Callable[[str], str]] = {"gfm": render_gfm, "commonmark": render_commonmark}


def check_faithful(outcome: Outcome, renderers: list[str] | None = None) -> None:
    """Renders the markdown with each renderer (default: all of RENDERERS) and compares what the
    HTML shows with what the document holds."""
    assert outcome.canonical is not None and outcome.markdown is not None
    document_lines = document_view(outcome.canonical)
    for name in renderers or list(RENDERERS):
        html = outcome.html[name] = RENDERERS[name](outcome.markdown)
        expected, shown = compare_views(document_lines, HTMLView.of(html))
        if expected != shown:
            outcome.faithful[name] = view_difference(expected, shown, name)


def describe_line(line: tuple[tuple, tuple[Char, ...]]) -> str:
    path, chars = line
    parts = []
    k = 0
    while k < len(chars):
        formats = chars[k][1]
        j = k
        while j < len(chars) and chars[j][1] == formats:
            j += 1
        text = "".join(c for c, _ in chars[k:j])
        parts.append(repr(text) + (("{" + ",".join(sorted(formats)) + "}") if formats else ""))
        k = j
    where = "/".join(":".join(str(p) for p in part) for part in path) or "p"
    return f"[{where}] " + " ".join(parts)


def view_difference(expected: list, shown: list, renderer: str) -> str:
    lines = [f"the document shows {len(expected)} line(s), cmark-gfm ({renderer}) {len(shown)}"]
    for k in range(max(len(expected), len(shown))):
        e = expected[k] if k < len(expected) else None
        s = shown[k] if k < len(shown) else None
        if e == s:
            continue
        lines.append(f"line {k}:")
        lines.append("  document: " + (describe_line(e) if e else "(none)"))
        lines.append("  rendered: " + (describe_line(s) if s else "(none)"))
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------
# Coverage: what the generated documents hold, to show they are as adversarial as meant.

_PUNCTUATION_OR_SPACE = set(" \t") | set("*_`~[]()<>#-+=|!.\\&;,:?'\"") | set("«»—–‘’“”…¡¿§")


def _chars(text: str, chars: str) -> bool:
    return any(c in text for c in chars)


def document_features(document: Document) -> set[str]:
    """The adversarial features a (canonical) document shows, by name."""
    text: str = document["text"]
    spans = document["spans"]
    lines = text.split("\n")
    found: set[str] = set()
    inline = [s for s in spans if s["format"] not in BLOCK_FORMATS]
    blocks = [s for s in spans if s["format"] in BLOCK_FORMATS]
    for s in blocks:
        found.add("block: " + s["format"])
    if len({s["format"] for s in blocks}) >= 2:
        found.add("blocks: two kinds in one document")
    if len(lines) > 1 and lines[0] == "":
        found.add("empty line: leading")
    if len(lines) > 1 and lines[-1] == "":
        found.add("empty line: trailing")
    if any(a == b == "" for a, b in zip(lines, lines[1:])):
        found.add("empty lines: consecutive")
    for line in lines:
        if re.match(r"\d+[.)]", line):
            found.add("line start: digits then . or )")
        if line[:1] in (" ", "\t"):
            found.add("line start: space or tab")
        if line[-1:] in (" ", "\t"):
            found.add("line end: space or tab")
        if re.match(r"[#>+=|-]|[*_]{3}|```|~~~", line):
            found.add("line start: block syntax")
    for c in "*_`~[]()<>#-+=|!.\\&;":
        if c in text:
            found.add(f"char: {c}")
    checks = {
        "text: ZWJ emoji": "\u200d" in text and _chars(text, "👨👩🏳"),
        "text: flag": _chars(text, "🇫🇯"),
        "text: skin tone": _chars(text, "🏽"),
        "text: combining mark": _chars(text, "\u0301\u0308\u0323\u0303\u094d"),
        "text: CJK": _chars(text, "中日本한，。「"),
        "text: Hebrew": _chars(text, "שלוםעברית"),
        "text: Arabic": _chars(text, "مرحباعربى"),
        "text: Unicode punctuation and symbols": _chars(text, "«»—–‘’“”€©™…"),
        "text: entity-like": "&amp;" in text or "&#" in text,
        "text: backslash": "\\" in text,
        "text: tag-like": bool(re.search(r"<[a-z/@!]", text)),
    }
    found.update(k for k, v in checks.items() if v)
    for s in inline:
        a, b = s["start"], s["end"]
        if text[a] in " \t" or text[b - 1] in " \t":
            found.add("span: starts or ends at a space")
        if text[a] in _PUNCTUATION_OR_SPACE or text[b - 1] in _PUNCTUATION_OR_SPACE:
            found.add("span: starts or ends at punctuation")
        if (a > 0 and text[a - 1] in _PUNCTUATION_OR_SPACE) or (b < len(text) and text[b] in _PUNCTUATION_OR_SPACE):
            found.add("span: next to punctuation or space")
        f = s["format"]
        found.add("inline: " + f)
        if f == "code":
            content = text[a:b]
            if "`" in content:
                found.add("code: holds a backtick")
            if content[:1] == "`" or content[-1:] == "`":
                found.add("code: backtick at an edge")
            if content[:1] == " " or content[-1:] == " ":
                found.add("code: space at an edge")
        if f == "link":
            inside = [t for t in inline if t is not s and a <= t["start"] and t["end"] <= b]
            if any(t["format"] == "code" for t in inside):
                found.add("link: holds code")
            if any(t["format"] in ("bold", "italic", "strike", "underline") for t in inside):
                found.add("link: holds emphasis")
            if "(" in s["url"] or ")" in s["url"]:
                found.add("link: parenthesis in the URL")
        if f == "mention":
            covering = [t for t in inline if t is not s and t["start"] <= a and b <= t["end"]]
            if covering:
                found.add("mention: formatted")
            if "_" in s["uid"]:
                found.add("mention: _ in the uid")
    for s in inline:
        for t in inline:
            if s is t or s["format"] == t["format"]:
                continue
            if s["end"] == t["start"]:
                found.add("spans: adjacent, different formats")
            if s["start"] < t["start"] and t["end"] < s["end"]:
                found.add("spans: nested, different formats")
            if s["start"] < t["start"] < s["end"] < t["end"]:
                found.add("spans: overlapping, different formats")
    line_start = 0
    for line in lines:
        if any(s["format"] == "code_block" and s["start"] <= line_start <= s["end"] for s in blocks):
            if re.match(r"\s*(```|~~~)", line):
                found.add("code block: fence-like line")
        line_start += len(line) + 1
    return found


# ---------------------------------------------------------------------------------------------
# Runs, shrinking, reports.


@dataclass
class RunResult:
    """A run's counts. Every failing index is kept; the failing outcomes themselves (document,
    markdown, HTML, difference) only for the first ``keep`` of each kind, so a run of millions of
    documents stays small."""

    seed: int
    start: int
    count: int
    renderers: list[str]
    keep: int = 1000
    checked: int = 0  #: documents the engine loaded: each checked for property 1 and every renderer
    #: Failing document indexes by kind: "refused", "exact", "faithful:<renderer>".
    indexes: dict[str, list[int]] = field(default_factory=dict)
    samples: dict[str, list[Outcome]] = field(default_factory=dict)
    #: Documents (loaded) showing each feature of ``document_features``.
    coverage: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0

    def __post_init__(self) -> None:
        for kind in self.kinds:
            self.indexes.setdefault(kind, [])
            self.samples.setdefault(kind, [])

    def add(self, kind: str, outcome: Outcome) -> None:
        self.indexes[kind].append(outcome.index)
        if len(self.samples[kind]) < self.keep:
            self.samples[kind].append(outcome)

    def failed(self, kind: str) -> int:
        return len(self.indexes[kind])

    def failures(self, kind: str) -> list[Outcome]:
        """The first ``keep`` failing outcomes of a kind."""
        return self.samples[kind]

    @property
    def kinds(self) -> list[str]:
        return ["refused", "exact"] + [f"faithful:{r}" for r in self.renderers]

    def summary(self) -> str:
        lines = [
            f"seed {self.seed}, documents {self.start}..{self.start + self.count - 1}: {self.seconds:.1f} s",
            f"  refused (generator bugs): {self.failed('refused')}",
            f"  property 1 (exact): {self.checked} checked, {self.failed('exact')} failed",
        ]
        for r in self.renderers:
            lines.append(f"  property 2 (faithful, {r}): {self.checked} checked, {self.failed('faithful:' + r)} failed")
        return "\n".join(lines)

    def coverage_table(self) -> str:
        rows = sorted(self.coverage.items(), key=lambda kv: kv[0])
        return "\n".join(f"  {count:8d}  {100 * count / max(1, self.checked):5.1f}%  {name}" for name, count in rows)


def check(
    draft: Draft, seed: int, index: int, renderers: list[str] | None = None, features: Features | None = None
) -> Outcome:
    """Checks document ``index`` of run ``seed``: property 1, then property 2 with each renderer
    (None: all; []: none)."""
    outcome = Outcome(seed, index, generate(seed, index, features))
    check_exact(draft, outcome)
    if outcome.refused is None and (renderers is None or renderers):
        check_faithful(outcome, renderers)
    return outcome


def run(
    seed: int,
    count: int,
    renderers: list[str] | None = None,
    start: int = 0,
    features: Features | None = None,
    progress: Callable[[RunResult, int], None] | None = None,
    keep: int = 1000,
) -> RunResult:
    renderers = list(RENDERERS) if renderers is None else renderers
    result = RunResult(seed, start, count, renderers, keep)
    began = time.perf_counter()
    with new_draft() as draft:
        for index in range(start, start + count):
            outcome = check(draft, seed, index, renderers, features)
            if outcome.refused is not None:
                result.add("refused", outcome)
                continue
            result.checked += 1
            for feature in document_features(outcome.canonical):  # type: ignore[arg-type]
                result.coverage[feature] = result.coverage.get(feature, 0) + 1
            if outcome.exact is not None:
                result.add("exact", outcome)
            for r in outcome.faithful:
                result.add("faithful:" + r, outcome)
            if progress is not None and (index - start + 1) % 10000 == 0:
                progress(result, index - start + 1)
    result.seconds = time.perf_counter() - began
    return result


def report(outcome: Outcome, which: str) -> str:
    """Everything needed to replay one failure: seed, index, document, markdown, the difference."""
    lines = [
        f"seed {outcome.seed} index {outcome.index}  (replay: python3 bindings/python/tests/wire_generator.py "
        f"--seed {outcome.seed} --replay {outcome.index} --shrink)",
        "document: " + json.dumps(outcome.canonical or outcome.document, ensure_ascii=False),
    ]
    if outcome.markdown is not None:
        lines.append("markdown: " + json.dumps(outcome.markdown, ensure_ascii=False))
    if which == "refused":
        lines.append("refused:  " + str(outcome.refused))
    elif which == "exact":
        lines.append("parsed back:\n" + str(outcome.exact))
    else:
        renderer = which[len("faithful:") :]
        lines.append(f"cmark-gfm ({renderer}) html: " + json.dumps(outcome.html.get(renderer), ensure_ascii=False))
        lines.append(str(outcome.faithful.get(renderer)))
    return "\n".join(lines)


def _delete(document: Document, start: int, end: int) -> Document:
    """The document without text[start:end], spans shifted (possibly invalid: then it fails to load)."""
    n = end - start
    spans = []
    for s in document["spans"]:
        a, b = s["start"], s["end"]
        a = a if a <= start else max(start, a - n)
        b = b if b <= start else max(start, b - n)
        if b > a or (s["format"] in BLOCK_FORMATS and b == a):
            spans.append({**s, "start": a, "end": b})
    return {"text": document["text"][:start] + document["text"][end:], "spans": spans}


def shrink(document: Document, fails: Callable[[Document], bool], budget: float = 20.0) -> Document:
    """A smaller document that still fails: drops spans, then runs of characters, greedily."""
    deadline = time.perf_counter() + budget
    best = document
    progress = True
    while progress and time.perf_counter() < deadline:
        progress = False
        for k in range(len(best["spans"])):
            candidate = {"text": best["text"], "spans": best["spans"][:k] + best["spans"][k + 1 :]}
            if fails(candidate):
                best, progress = candidate, True
                break
        if progress:
            continue
        size = max(1, len(best["text"]) // 2)
        while size >= 1 and not progress and time.perf_counter() < deadline:
            for start in range(0, len(best["text"]) - size + 1):
                candidate = _delete(best, start, start + size)
                if fails(candidate):
                    best, progress = candidate, True
                    break
            size //= 2
    return best


def evaluate(draft: Draft, document: Document, which: str, seed: int = 0, index: int = 0) -> Outcome:
    """Checks a given document for one kind of failure ("exact" or "faithful:<renderer>")."""
    outcome = Outcome(seed, index, document)
    check_exact(draft, outcome)
    if outcome.refused is None and which.startswith("faithful:"):
        check_faithful(outcome, [which[len("faithful:") :]])
    return outcome


def shrunk(outcome: Outcome, which: str, budget: float = 20.0) -> Outcome:
    """The failure shrunk to a small document failing the same way."""
    with new_draft() as draft:

        def fails(document: Document) -> bool:
            o = evaluate(draft, document, which)
            return o.refused is None and o.failure(which) is not None

        small = shrink(outcome.canonical or outcome.document, fails, budget)
        return evaluate(draft, small, which, outcome.seed, outcome.index)


def shrunk_report(outcome: Outcome, which: str, budget: float = 20.0) -> str:
    text = report(shrunk(outcome, which, budget), which)
    return text.replace(
        f"seed {outcome.seed} index {outcome.index}", f"shrunk from seed {outcome.seed} index {outcome.index}", 1
    )


# ---------------------------------------------------------------------------------------------
# Pathological parser inputs (README "The wire format": every input parses in linear time). 50,000 characters each.

PATHOLOGICAL_SIZE = 50_000


def pathological_inputs(size: int = PATHOLOGICAL_SIZE) -> dict[str, str]:
    def fill(unit: str) -> str:
        return (unit * (size // len(unit) + 1))[:size]

    return {
        "nested >": ">" * size,
        "nested > with spaces": fill("> ") + "x",
        "[ run": "[" * size,
        "] run": "]" * size,
        "[ then ]": "[" * (size // 2) + "]" * (size // 2),
        "* run": "*" * size,
        "_ run": "_" * size,
        "~ run": "~" * size,
        "backtick run": "`" * size,
        "backticks of every length": "".join("`" * k + "x" for k in range(1, 316)),
        "*a repeated": fill("*a"),
        "_a repeated": fill("_a"),
        "**a repeated": fill("**a"),
        "a* repeated": fill("a*"),
        "*a** repeated": fill("*a**"),
        "[a]( repeated": fill("[a]("),
        "[a]( unclosed": "[a](" * (size // 4),
        "[( repeated": fill("[("),
        "[a](b repeated": fill("[a](b "),
        "[[[a](x.io)](x.io) nesting": "[" * (size // 8) + "a" + "](x.io)" * (size // 8),
        "( in destination": "[a](" + "(" * size,
        "<u> unclosed": fill("<u>"),
        "</u> unmatched": fill("</u>"),
        "<color> unclosed": fill("<color=#123456>"),
        "<@uid: unclosed": fill("<@uid:"),
        "& unterminated": fill("&amp"),
        "&# unterminated": fill("&#1"),
        "\\ run": "\\" * size,
        "nested lists": "".join(" " * (2 * k) + "- x\n" for k in range(200)) + fill("- "),
        "1. markers": fill("1. "),
        "> - 1. mixed": fill("> - 1. "),
        "fence opener only": "```\n" + fill("x\n"),
        "many fences": fill("```\n"),
        "<p></p> lines": fill("<p></p>\n"),
        "hard breaks": fill("a\\\n"),
        "*a_ mixed": fill("*a_"),
        "~~a repeated": fill("~~a"),
        "emphasis in link text": fill("[*a]("),
        "code in brackets": fill("[`a]("),
        "newlines": "\n" * size,
        "spaces": " " * size,
    }


def classify(result: RunResult, limit: int, budget: float = 5.0) -> str:
    """The first ``limit`` failures of each kind (at most ``result.keep``) shrunk, grouped by the small
    document they shrink to, most frequent first: one report per distinct bug, more or less."""
    out = []
    for which in result.kinds[1:]:
        groups: dict[str, list[Outcome]] = {}
        for outcome in result.failures(which)[:limit]:
            small = shrunk(outcome, which, budget)
            key = json.dumps(small.canonical or small.document, ensure_ascii=False, sort_keys=True)
            groups.setdefault(key, []).append(small)
        for _key, items in sorted(groups.items(), key=lambda kv: -len(kv[1])):
            seeds = ", ".join(str(o.index) for o in items[:8]) + (", ..." if len(items) > 8 else "")
            out.append(f"\n== {which}: {len(items)} of the first {limit} failures shrink to this (indexes {seeds})")
            out.append(report(items[0], which))
    return "\n".join(out)


def _main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--start", type=int, default=0, help="first document index")
    parser.add_argument("--replay", type=int, help="check only document REPLAY of the seed, printing everything")
    parser.add_argument("--shrink", action="store_true", help="shrink failures to small documents")
    parser.add_argument(
        "--renderer", action="append", choices=sorted(RENDERERS), help="property 2 renderer (repeatable; default: all)"
    )
    parser.add_argument("--exact-only", action="store_true", help="skip property 2 (no cmark-gfm needed)")
    parser.add_argument("--show", type=int, default=3, help="failures to print per property")
    parser.add_argument("--coverage", action="store_true", help="print how many documents show each feature")
    parser.add_argument(
        "--classify",
        type=int,
        metavar="N",
        help="shrink the first N failures of each kind and print each distinct small document once",
    )
    args = parser.parse_args(argv)
    renderers: list[str] = [] if args.exact_only or cmarkgfm is None else (args.renderer or list(RENDERERS))

    if args.replay is not None:
        with new_draft() as draft:
            outcome = check(draft, args.seed, args.replay, renderers)
        print("document: " + json.dumps(outcome.document, ensure_ascii=False))
        print("markdown: " + json.dumps(outcome.markdown, ensure_ascii=False))
        kinds = ["refused", "exact"] + [f"faithful:{r}" for r in renderers]
        failed = [k for k in kinds if outcome.failure(k) is not None]
        for which in failed:
            print(f"\n== {which}\n" + report(outcome, which))
            if args.shrink and which != "refused":
                print(f"\n== {which}, shrunk\n" + shrunk_report(outcome, which))
        if not failed:
            print("both properties hold")
        return 1 if failed else 0

    def progress(result: RunResult, done: int) -> None:
        counts = ", ".join(f"{k} {result.failed(k)}" for k in result.kinds)
        print(f"  {done} documents: {counts}", file=sys.stderr, flush=True)

    result = run(
        args.seed, args.count, renderers, args.start, progress=progress, keep=max(args.show, args.classify or 0)
    )
    print(result.summary())
    if args.coverage:
        print("coverage (documents showing each feature):\n" + result.coverage_table())
    if args.classify:
        print(classify(result, args.classify))
        return 1 if any(result.failed(k) for k in result.kinds) else 0
    for which in result.kinds:
        indexes = result.indexes[which]
        if indexes:
            print(f"\n== {which}: indexes " + " ".join(map(str, indexes[:50])) + (" ..." if len(indexes) > 50 else ""))
        for outcome in result.failures(which)[: args.show]:
            print(
                "\n" + (shrunk_report(outcome, which) if args.shrink and which != "refused" else report(outcome, which))
            )
    return 1 if any(result.failed(k) for k in result.kinds) else 0


if __name__ == "__main__":
    sys.exit(_main())
