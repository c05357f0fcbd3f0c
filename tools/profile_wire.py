#!/usr/bin/env python3
"""Instructions per byte of the wire format's three directions, ours and cmark-gfm's (`make profile-wire`).

    python3 tools/profile_wire.py --driver PATH --corpus FILE [FILE...] [--messages N] [--top N]

The time ratios of `make bench` (tools/wire_bench.c) move by a tenth or more from run to run on a
shared machine, the 1 MB message's by a third; instruction counts do not. For receive
(mc_markdown_to_html against cmark-gfm's parse and HTML render), parse (mc_markdown_parse against
cmark-gfm's parse) and send (mc_draft_serialize against cmark_render_commonmark of the message's
tree), valgrind's callgrind counts the instructions of each side over the first N messages of the
chat corpus (tools/chat_corpus.py), inside the calls only: the driver is tools/wire_bench.c in its
--count mode, which warms each side with one uncounted call first. It prints instructions per byte
of markdown and how many times fewer ours runs than cmark-gfm's (the instruction counterpart of
wire_bench's "ours/cmark" column; time also depends on memory and branches, so the two differ).
With --top N it also prints our N costliest functions per direction (self cost). Each corpus
given (`make profile-wire`: the chat corpus, then the same mix in Russian) gets its own table.

Exits 0 whatever it measures, 2 when valgrind or the driver is missing or fails.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from profile_parse import callgrind_total, count_all, top_functions  # noqa: E402  (one reading of callgrind's output)

DIRECTIONS = ("receive", "parse", "send")
SIDES = ("ours", "cmark")


def count(driver: str, direction: str, side: str, corpus: Path, messages: int, out: Path) -> int:
    """The instructions `side` runs in `direction` over the corpus's first `messages` (callgrind, Ir)."""
    command = [driver, "--count", direction, side, str(corpus), str(messages)]
    return callgrind_total(f"{direction} {side}", "counted_call", command, out)


def corpus_bytes(corpus: Path, messages: int) -> int:
    """The markdown bytes of the corpus's first `messages` (NUL-separated)."""
    return sum(len(m) for m in corpus.read_bytes().split(b"\0")[:messages])


def main() -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--driver", required=True, help="the built tools/wire_bench.c")
    ap.add_argument("--corpus", required=True, nargs="+", help="chat corpora tools/chat_corpus.py writes")
    ap.add_argument("--messages", type=int, default=4000, help="messages counted (default 4000)")
    ap.add_argument("--top", type=int, default=0, help="also print our N costliest functions per direction")
    args = ap.parse_args()

    if shutil.which("valgrind") is None:
        print("profile_wire.py: valgrind is not installed", file=sys.stderr)
        return 2
    corpora = [Path(c) for c in args.corpus]
    work = Path(tempfile.mkdtemp(prefix="mc-profile-wire-"))
    try:
        jobs = [(c, direction, side) for c in range(len(corpora)) for direction in DIRECTIONS for side in SIDES]

        def one(job: tuple[int, str, str]) -> int:
            c, direction, side = job
            return count(args.driver, direction, side, corpora[c], args.messages, work / f"{c}-{direction}-{side}.callgrind")

        counts = count_all(jobs, one, "profile_wire.py")
        if counts is None:
            return 2

        for c, corpus in enumerate(corpora):
            size = corpus_bytes(corpus, args.messages)
            if c > 0:
                print()
            print(f"== the wire format, instructions per byte of markdown (callgrind), {args.messages} chat messages of "
                  f"{corpus.name}, {size / 1e6:.2f} MB")
            print(f"{'direction':<10} {'cmark-gfm':>10} {'ours':>8} {'cmark/ours':>11}")
            print("-" * 42)
            for direction in DIRECTIONS:
                ours, peer = counts[(c, direction, "ours")] / size, counts[(c, direction, "cmark")] / size
                print(f"{direction:<10} {peer:>10.1f} {ours:>8.1f} {peer / ours:>10.2f}x")
                if args.top:
                    for row in top_functions(work / f"{c}-{direction}-ours.callgrind", args.top):
                        print(f"      {row}")
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
