#!/usr/bin/env python3
"""Benchmarks of libmessage_composer's release build (`make bench`), through ctypes.

    python3 tools/bench.py [--quick] [--only parse,document,editing]

The library: $MESSAGE_COMPOSER_LIB, else <repo>/build/lib/libmessage_composer.so (`make lib`).

A. Markdown parse (mc_markdown_parse, C call + mc_string_free; JSON decoding in Python not
   counted) of pathological inputs against plain prose of the same size, at ~100 KB and ~400 KB:
   time (median), MB/s, ratio to plain (best times, plain timed in turn with the input in the same
   process), growth when the size quadruples (linear is about 4x), and
   the ratio to cmark-gfm (the peer: cmarkgfm.github_flavored_markdown_to_html, parse + render,
   or the cmark-gfm CLI when the module is missing), and the peer's own ratio to plain prose (the
   module only: the CLI's times hold a process start-up). Every (input, size) runs in its own process
   with a time limit, so an input that crashes the parser or goes quadratic is reported, not fatal.
   SUSPECT: ratio to plain > 10x, or growth > 6x, or a crash / time-out.
B. mc_draft_load_document, mc_draft_restore of the draft's snapshot, mc_draft_serialize,
   mc_draft_document, parsing the serialized markdown back and bold over the whole draft (mc_draft_toggle_format twice: on, then off), on
   generated formatted drafts of ~10 KB, ~100 KB and ~1 MB of text; growth
   over 1.5x linear is SUSPECT on steps from GROWTH_CHECKED_FROM of text up (below, the caches).
C. Editing per call on drafts of ~1 KB, ~100 KB and ~1 MB: mc_draft_insert of one character,
   mc_draft_delete_backward, mc_draft_toggle_format(bold) on a word; each call timed on its own,
   nothing subtracted (the ctypes cost of one call, timed on mc_version, is printed separately).

Performance is measured here, never by timed tests. Exits 0 whatever it measures (SUSPECT lines
are findings to read, not failures), 2 when the library cannot be loaded.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any
from ctypes import POINTER, byref, c_char_p, c_int32, c_int64, c_uint32, c_void_p
from functools import partial
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DEFAULT_LIB = REPO / "build" / "lib" / "libmessage_composer.so"

MC_OK = 0
MC_FORMAT_BOLD = 0
MC_FLAG_PROTECT = 1

SUSPECT_RATIO = 10.0  # pathological / plain at the same size
SUSPECT_GROWTH = 6.0  # time(4x size) / time(size); linear is ~4x
DONE_RATIO = 5.0  # the goal for every pathological input (x plain): no input far costlier than prose

#: One measurement as the workers report it: {"times", "bytes"[, "plain_times"]} or {"error"[, "detail"]}.
Result = dict[str, Any]

KB = 1000
MB = 1000 * 1000
# Section B checks a step's growth only from drafts of this much text up. Below it, the draft and
# the JSON written from it fit the caches, and the step to a draft that does not measures them:
# mc_draft_document took 3.96 ns a byte at 11 KB and 4.6 at 43 KB (JSON 54-225 KB), then 6.3 at
# 87 KB and 6.5-7.0 from 174 KB to 1.1 MB (JSON 0.45-5.8 MB), the same with malloc never mapping
# pages, so the 10 KB -> 100 KB step read 15x for 10x the text with no superlinear cost in it. A
# superlinear one shows on the steps above as much (quadratic: 100x for 10x).
GROWTH_CHECKED_FROM = 64 * KB


# ---------------------------------------------------------------------------------------------
# The library


def lib_path() -> str:
    return os.environ.get("MESSAGE_COMPOSER_LIB") or str(DEFAULT_LIB)


def snapshot_library(path: str) -> str:
    """Copies the library to a private temp dir and returns the copy's path: a `make lib` running
    meanwhile rewrites the .so in place, which would crash (SIGBUS) or change what is measured."""
    tmp = tempfile.mkdtemp(prefix="mc-bench-")
    copy = os.path.join(tmp, os.path.basename(path))
    shutil.copy2(os.path.realpath(path), copy)
    return copy


class Lib:
    """The few C functions the benchmarks call, declared as in include/message_composer.h."""

    def __init__(self, path: str) -> None:
        self.path = path
        lib = ctypes.CDLL(path)
        out_str = POINTER(c_void_p)
        decl = {
            "mc_version": (c_char_p, []),
            "mc_last_error": (c_char_p, []),
            "mc_string_free": (None, [c_void_p]),
            "mc_markdown_parse": (c_int32, [c_char_p, out_str]),
            "mc_markdown_parse_with_mentions": (c_int32, [c_char_p, c_char_p, out_str]),
            "mc_draft_new": (c_int32, [c_char_p, POINTER(c_void_p)]),
            "mc_draft_free": (None, [c_void_p]),
            "mc_draft_load_document": (c_int32, [c_void_p, c_char_p]),
            "mc_draft_snapshot": (c_int32, [c_void_p, out_str]),
            "mc_draft_restore": (c_int32, [c_void_p, c_char_p]),
            "mc_draft_document": (c_int32, [c_void_p, out_str]),
            "mc_draft_serialize": (c_int32, [c_void_p, out_str]),
            "mc_draft_mentions": (c_int32, [c_void_p, out_str]),
            "mc_draft_set_selection": (c_int32, [c_void_p, c_int64, c_int64]),
            "mc_draft_insert": (c_int32, [c_void_p, c_char_p]),
            "mc_draft_delete_backward": (c_int32, [c_void_p]),
            "mc_draft_toggle_format": (c_int32, [c_void_p, c_int64, c_int64, c_int32, c_char_p, c_uint32]),
            "mc_draft_length": (c_int32, [c_void_p, POINTER(c_int64)]),
        }
        for name, (restype, argtypes) in decl.items():
            fn = getattr(lib, name)
            fn.restype = restype
            fn.argtypes = argtypes
        self.c = lib

    def check(self, status: int, what: str) -> None:
        if status != MC_OK:
            raise RuntimeError(f"{what}: status {status}: {self.c.mc_last_error().decode()}")

    def take(self, fn: Callable[..., int], *args: object) -> str:
        """Calls fn(*args, &out) and returns the string it stores, freeing it."""
        out = c_void_p()
        self.check(fn(*args, byref(out)), fn.__name__)
        try:
            assert out.value is not None, f"{fn.__name__} stored NULL"
            return ctypes.string_at(out.value).decode("utf-8")
        finally:
            self.c.mc_string_free(out)

    def new_draft(self) -> c_void_p:
        d = c_void_p()
        self.check(self.c.mc_draft_new(None, byref(d)), "mc_draft_new")
        return d


# ---------------------------------------------------------------------------------------------
# Timing


def measure(fn: Callable[[], object], budget: float, min_runs: int = 3, max_runs: int = 9) -> list[float]:
    """Runs fn at least min_runs times (once only when a run alone exceeds the budget), and more
    while within budget seconds, up to max_runs; returns the run times in seconds."""
    return measure_pair(fn, None, budget, min_runs, max_runs)[0]


def measure_pair(
    fn: Callable[[], object], other: Callable[[], object] | None, budget: float, min_runs: int, max_runs: int
) -> tuple[list[float], list[float]]:
    """`measure` of fn and, when given, other in turn, run for run (which goes first alternates):
    both see the machine alike. Returns both lists of run times in seconds."""
    times: list[float] = []
    other_times: list[float] = []
    start = time.perf_counter()
    while True:
        order = (fn, other) if len(times) % 2 == 0 else (other, fn)
        for f in order:
            if f is None:
                continue
            t0 = time.perf_counter()
            f()
            (times if f is fn else other_times).append(time.perf_counter() - t0)
        spent = time.perf_counter() - start
        if len(times) >= max_runs or (len(times) >= min_runs and spent >= budget):
            return times, other_times
        if times[0] > 3 * budget:  # very slow: that one run is the measurement
            return times, other_times


def per_call(fn: Callable[[], object], budget: float, max_calls: int, min_calls: int = 20) -> list[int]:
    """Times each call of fn on its own (perf_counter_ns around the call); returns nanoseconds."""
    times: list[int] = []
    clock = time.perf_counter_ns
    deadline = clock() + int(budget * 1e9)
    while len(times) < max_calls and (len(times) < min_calls or clock() < deadline):
        t0 = clock()
        fn()
        times.append(clock() - t0)
    return times


def fmt_time(seconds: float) -> str:
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.2f} ms"
    if seconds >= 1e-6:
        return f"{seconds * 1e6:.1f} us"
    return f"{seconds * 1e9:.0f} ns"


def fmt_size(n: int) -> str:
    if n >= MB:
        return f"{n / MB:.2f} MB"
    return f"{n / KB:.0f} KB"


# ---------------------------------------------------------------------------------------------
# A. Markdown parse: inputs


def fill(unit: str, size: int, prefix: str = "", suffix: str = "") -> str:
    """prefix + unit repeated + suffix, size bytes (UTF-8) or just under."""
    room = size - len(prefix.encode()) - len(suffix.encode())
    n = max(1, room // len(unit.encode()))
    return prefix + unit * n + suffix


def plain_prose(size: int) -> str:
    rng = random.Random(7)
    words = (
        "the quick brown fox jumps over lazy dog message composer engine draft text with some "
        "ordinary words and punctuation, nothing special here; plain prose only."
    ).split()
    out: list[str] = []
    n = 0
    line = 0
    while n < size:
        sentence = " ".join(rng.choice(words) for _ in range(rng.randint(6, 14))).capitalize() + ". "
        out.append(sentence)
        n += len(sentence)
        line += len(sentence)
        if line > 300:  # a paragraph every few sentences
            out.append("\n\n")
            n += 2
            line = 0
    return "".join(out)[:size]


def increasing_backticks(size: int) -> str:
    """cmark's pathological case: e`e``e```e````... (code-span openers of every length)."""
    out: list[str] = []
    n, i = 0, 1
    while n + i + 1 <= size:
        out.append("e" + "`" * i)
        n += i + 1
        i += 1
    return "".join(out)


def nested_emphasis(size: int) -> str:
    half = size // 2
    return fill("*a **a ", half) + "b" + fill(" a** a*", half)


def nested_brackets(size: int) -> str:
    half = size // 2 - 1
    return "[" * half + "a" + "]" * half


# name -> (description, generator(size) -> str)
PARSE_CASES: dict[str, tuple[str, Callable[[int], str]]] = {
    "plain": ("plain prose, paragraphs (the reference)", plain_prose),
    "nested_quotes": ("'>' x N (N nested quotes)", lambda s: fill(">", s, suffix=" x")),
    "nested_quotes_sp": ("'> ' x N", lambda s: fill("> ", s, suffix="x")),
    "open_brackets": ("'[' x N", lambda s: fill("[", s)),
    "nested_brackets": ("'[' x N 'a' ']' x N", nested_brackets),
    "link_openers": ("'[a](' x N", lambda s: fill("[a](", s)),
    "link_unclosed": ("'[a](b' x N", lambda s: fill("[a](b", s)),
    "star_run": ("'x' '*' x N 'x'", lambda s: fill("*", s, "x", "x")),
    "underscore_run": ("'x' '_' x N 'x'", lambda s: fill("_", s, "x", "x")),
    "tilde_run": ("'x' '~' x N 'x'", lambda s: fill("~", s, "x", "x")),
    "backtick_run": ("'x' '`' x N 'x'", lambda s: fill("`", s, "x", "x")),
    "backtick_a": ("'`a' x N", lambda s: fill("`a", s)),
    "backtick_incr": ("'e`e``e```...' (growing runs)", increasing_backticks),
    "unclosed_em": ("'*a ' x N", lambda s: fill("*a ", s)),
    "unclosed_strong": ("'**a' x N", lambda s: fill("**a", s)),
    "mismatched_em": ("'*a_ ' x N", lambda s: fill("*a_ ", s)),
    "nested_emph": ("'*a **a ' x N 'b' ' a** a*' x N", nested_emphasis),
    "strike_open": ("'~~a ' x N", lambda s: fill("~~a ", s)),
    "bold_then_link": ("'**a** [b](u) ' x N (one line: closed emphasis + links)", lambda s: fill("**a** [b](u) ", s)),
    "open_em_links": ("'*a [b](u) ' x N (one line: unclosed emphasis + links)", lambda s: fill("*a [b](u) ", s)),
    "links": ("'[b](https://e.com/p?q=(c)) ' x N (one line)", lambda s: fill("[b](https://e.com/p?q=(c)) ", s)),
    "entity_like": ("'&#' x N", lambda s: fill("&#", s)),
    "entity_digits": ("'&#9999999' x N (no ';')", lambda s: fill("&#9999999", s)),
    "underline_open": ("'<u>a' x N (unclosed)", lambda s: fill("<u>a", s)),
    "color_open": ("'<color=#abc>a' x N (unclosed)", lambda s: fill("<color=#abc>a", s)),
    "mention_open": ("'<@uid:' x N", lambda s: fill("<@uid:", s)),
    "nested_lists": ("'- ' x N 'x' (one line)", lambda s: fill("- ", s, suffix="x")),
    "nested_lists_ind": (
        "'- x' lines, indent +2 each",
        lambda s: "".join(" " * (2 * i) + "- x\n" for i in range(int((2 * s) ** 0.5 / 1.5)))[:s],
    ),
    "list_items": ("'- item\\n' x N (a long flat list)", lambda s: fill("- item\n", s)),
    "quote_lines": ("'> line\\n' x N", lambda s: fill("> line\n", s)),
    "fence_toggle": ("'```\\n' x N", lambda s: fill("```\n", s)),
    "hard_breaks": ("'a\\\\\\n' x N (one paragraph)", lambda s: fill("a\\\n", s)),
    "backslashes": ("'\\\\*' x N", lambda s: fill("\\*", s)),
}

PARSE_SIZES = (100 * KB, 400 * KB)
QUICK_CASES = (
    "plain",
    "nested_quotes",
    "open_brackets",
    "link_openers",
    "unclosed_em",
    "backtick_incr",
    "bold_then_link",
    "nested_lists",
)


def parse_worker(which: str, case: str, size: int) -> None:
    """Child process: times one input, prints {"times": [...], "bytes": n} and "plain_times" (the
    plain prose of its length, timed in turn; not for the cmark-gfm CLI)."""
    text = PARSE_CASES[case][1](size)
    data = text.encode("utf-8")
    timed: Callable[[bytes], Callable[[], None]]
    min_runs, max_runs = (5, 25) if which == "ours" else (3, 15)
    if which == "ours":
        lib = Lib(lib_path())
        parse, free = lib.c.mc_markdown_parse, lib.c.mc_string_free
        out = c_void_p()

        def parser(markdown: bytes) -> Callable[[], None]:
            def run() -> None:
                status = parse(markdown, byref(out))
                if status != MC_OK:
                    raise RuntimeError(f"mc_markdown_parse: {status}")
                free(out)

            return run

        timed = parser
    else:
        timed, in_process = peer_renderer()
        if not in_process:  # a process start-up in every time: no ratio to plain worth printing
            times = measure(timed(data), budget=1.0, min_runs=min_runs, max_runs=max_runs)
            print(json.dumps({"times": times, "bytes": len(data)}))
            return
    # Plain prose of the same length, timed in turn with the input in this process: the ratio
    # to plain compares two times taken under the same conditions, not two processes' medians
    # (a 100 KB parse of plain prose takes under 0.1 ms, and moved by half between processes).
    # For cmark-gfm it is its own ratio, how far the reference implementation is from the 5x goal
    # on the same input (a figure, not a goal).
    plain = plain_prose(len(data)).encode("utf-8")[: len(data)]
    times, plain_times = measure_pair(timed(data), timed(plain), budget=1.0, min_runs=min_runs, max_runs=max_runs)
    print(json.dumps({"times": times, "plain_times": plain_times, "bytes": len(data)}))


def peer_renderer() -> tuple[Callable[[bytes], Callable[[], None]], bool]:
    """For markdown bytes, a call that renders them with cmark-gfm: the cmarkgfm module (parse +
    HTML, GFM extensions), else the CLI (process start-up included); and whether it is the module
    (in this process)."""
    try:
        import cmarkgfm  # type: ignore[import-untyped, import-not-found, unused-ignore]
    except ImportError:

        def cli(markdown: bytes) -> Callable[[], None]:
            def run() -> None:
                subprocess.run(
                    ["cmark-gfm", "-e", "strikethrough", "-e", "table", "-e", "autolink"],
                    input=markdown,
                    stdout=subprocess.DEVNULL,
                    check=True,
                )

            return run

        return cli, False
    render = cmarkgfm.github_flavored_markdown_to_html

    def module(markdown: bytes) -> Callable[[], None]:
        text = markdown.decode("utf-8", "ignore")

        def run() -> None:
            render(text)

        return run

    return module, True


def run_parse_child(which: str, case: str, size: int, timeout: float) -> Result:
    cmd = [sys.executable, __file__, "--worker", which, case, str(size)]
    env = dict(os.environ, MESSAGE_COMPOSER_LIB=lib_path())
    try:
        proc = subprocess.run(cmd, check=False, capture_output=True, text=True, timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        return {"error": f"TIMEOUT >{timeout:.0f}s"}
    if proc.returncode != 0:
        sig = -proc.returncode if proc.returncode < 0 else None
        tail = (proc.stderr.strip().splitlines() or ["?"])[-1][:120]
        return {"error": f"CRASH (signal {sig})" if sig else f"FAILED rc={proc.returncode}", "detail": tail}
    result: Result = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


def parse_timings(case: str, sizes: tuple[int, ...]) -> dict[int, dict[str, Result]]:
    """{size: {"ours": result, "peer": result}}, each result {"times", "bytes"} or {"error"}."""
    results: dict[int, dict[str, Result]] = {}
    for i, size in enumerate(sizes):
        timeout = 30.0 if i == 0 else 45.0
        prev = results.get(sizes[i - 1]) if i else None
        if prev and "error" in prev["ours"]:
            ours: Result = {"error": "skipped (smaller size failed)"}
        else:
            ours = run_parse_child("ours", case, size, timeout)
        ours["timeout"] = timeout
        results[size] = {"ours": ours, "peer": run_parse_child("peer", case, size, timeout)}
    return results


def median_of(result: Result) -> float | None:
    return statistics.median(result["times"]) if "times" in result else None


def plain_ratio(result: Result) -> float | None:
    """The input's best time over that of plain prose of its length timed in turn with it (see
    `parse_worker`): best of each, since noise only ever adds time."""
    if "times" not in result or not result.get("plain_times"):
        return None
    return float(min(result["times"]) / min(result["plain_times"]))


def parse_flags(case: str, results: dict[int, dict[str, Result]], sizes: tuple[int, ...]) -> dict[int, list[str]]:
    """Why each size is SUSPECT: "error", "ratio" (to plain), "growth" (from the previous size)."""
    flags: dict[int, list[str]] = {}
    for i, size in enumerate(sizes):
        why = []
        t = median_of(results[size]["ours"])
        if t is None:
            why.append("error")
        else:
            ratio = plain_ratio(results[size]["ours"])
            if case != "plain" and ratio and ratio > SUSPECT_RATIO:
                why.append("ratio")
            t0 = median_of(results[sizes[i - 1]]["ours"]) if i else None
            if t0 and t / t0 > SUSPECT_GROWTH:
                why.append("growth")
        flags[size] = why
    return flags


def severity(case: str, results: dict[int, dict[str, Result]], sizes: tuple[int, ...]) -> float:
    """The worst ratio-to-plain / growth, as a multiple of its SUSPECT threshold."""
    worst = 0.0
    for i, size in enumerate(sizes):
        t = median_of(results[size]["ours"])
        if t is None:
            continue
        ratio = plain_ratio(results[size]["ours"]) if case != "plain" else None
        if ratio:
            worst = max(worst, ratio / SUSPECT_RATIO)
        t0 = median_of(results[sizes[i - 1]]["ours"]) if i else None
        if t0:
            worst = max(worst, t / t0 / SUSPECT_GROWTH)
    return worst


def merge_min(a: Result, b: Result) -> Result:
    """Two measurements of one input: keep the one with the lower median (noise only adds time)."""
    ma, mb = median_of(a), median_of(b)
    if ma is None or (mb is not None and mb < ma):
        return b
    return a


def bench_parse(quick: bool) -> list[str]:
    cases = [c for c in PARSE_CASES if not quick or c in QUICK_CASES]
    sizes = PARSE_SIZES
    print("\n== A. Markdown parse: pathological inputs vs plain prose of the same size")
    print("   ours = mc_markdown_parse (+ mc_string_free), median of 5-25 runs (1 when a run takes > 3 s),")
    print("   each input in its own process; x plain = its best time over the best time of plain prose of")
    print("   the same length, the two timed in turn in that process;")
    print("   peer = cmark-gfm (cmarkgfm.github_flavored_markdown_to_html: parse + HTML render, GFM extensions);")
    print("   peer x plain = the same for cmark-gfm against its own time on the plain prose (the goal is ours alone);")
    print(
        f"   SUSPECT: x plain > {SUSPECT_RATIO:.0f}, or 4x-size growth > {SUSPECT_GROWTH:.0f}x (linear ~4x),"
        " or crash/time-out;"
    )
    print(
        "   a case flagged on ratio or growth alone, by less than twice the threshold, is measured again (both sizes,"
    )
    print("   both parsers) and the lower median kept: noise from other processes only ever adds time\n")
    header = (
        f"{'input':<17} {'size':>7} {'ours':>10} {'MB/s':>8} {'x plain':>8} {'growth':>7}"
        f" {'cmark-gfm':>10} {'growth':>7} {'peer x plain':>12} {'ours/peer':>9}  flag"
    )
    print(header)
    print("-" * len(header))
    suspects: list[str] = []
    worst_ratio: dict[str, float] = {}  # case -> its largest "x plain" over the sizes
    peer_worst: dict[str, float] = {}  # the same for cmark-gfm against its own plain prose
    for case in cases:
        results = parse_timings(case, sizes)
        flags = parse_flags(case, results, sizes)
        remeasured = False
        borderline = severity(case, results, sizes) < 2
        if any(flags.values()) and not any("error" in f for f in flags.values()) and borderline:
            again = parse_timings(case, sizes)
            for size in sizes:
                for who in ("ours", "peer"):
                    results[size][who] = merge_min(results[size][who], again[size][who])
            flags = parse_flags(case, results, sizes)
            remeasured = True
        for i, size in enumerate(sizes):
            ours, peer = results[size]["ours"], results[size]["peer"]
            prev = results[sizes[i - 1]] if i else None
            cols = [f"{case:<17}", f"{fmt_size(size):>7}"]
            t = median_of(ours)
            if t is None:
                cols.append(f"{ours['error']:>28}")
                t0 = median_of(prev["ours"]) if prev else None
                if t0 and ours["error"].startswith("TIMEOUT"):
                    cols.append(f"{'>' + format(ours['timeout'] / t0, '.1f') + 'x':>7}")
                else:
                    cols.append(f"{'':>7}")
            else:
                cols += [f"{fmt_time(t):>10}", f"{ours['bytes'] / t / MB:>8.1f}"]
                ratio = plain_ratio(ours) if case != "plain" else None
                cols.append(f"{ratio:>7.2f}x" if ratio else f"{'-':>8}")
                if ratio:
                    worst_ratio[case] = max(worst_ratio.get(case, 0.0), ratio)
                t0 = median_of(prev["ours"]) if prev else None
                cols.append(f"{t / t0:>6.2f}x" if t0 else f"{'':>7}")
            tpeer = median_of(peer)
            if tpeer is None:
                cols.append(f"{peer['error']:>18}")
                cols.append(f"{'':>22}")
            else:
                cols.append(f"{fmt_time(tpeer):>10}")
                tpeer0 = median_of(prev["peer"]) if prev else None
                cols.append(f"{tpeer / tpeer0:>6.2f}x" if tpeer0 else f"{'':>7}")
                peer_ratio = plain_ratio(peer) if case != "plain" else None
                cols.append(f"{peer_ratio:>11.2f}x" if peer_ratio else f"{'-':>12}")
                if peer_ratio:
                    peer_worst[case] = max(peer_worst.get(case, 0.0), peer_ratio)
                cols.append(f"{t / tpeer:>8.3f}x" if t else f"{'':>9}")
            flag = ""
            if flags[size]:
                flag = " SUSPECT (" + ", ".join(flags[size]) + ")"
                suspects.append(f"parse {case} @ {fmt_size(size)}: " + ", ".join(flags[size]))
            elif remeasured:
                flag = " (re-measured: ok)"
            print(" ".join(cols) + flag)
    print()
    for case in cases:
        print(f"   {case:<17} {PARSE_CASES[case][0]}")
    within = [c for c, r in worst_ratio.items() if r <= DONE_RATIO]
    over = sorted(((r, c) for c, r in worst_ratio.items() if r > DONE_RATIO), reverse=True)
    print(
        f"\n   goal: every pathological input <= {DONE_RATIO:.0f}x plain at every size:"
        f" {len(within)} of {len(worst_ratio)} are within it"
    )
    if over:
        print(f"   {len(over)} over it (largest x plain): " + ", ".join(f"{c} {r:.1f}x" for r, c in over))
        if all(c in peer_worst for _, c in over):
            print("   cmark-gfm on the same inputs, x its own plain: " + ", ".join(f"{c} {peer_worst[c]:.1f}x" for _, c in over))
    return suspects


# ---------------------------------------------------------------------------------------------
# B / C. Formatted drafts

WORDS = (
    "hello world message composer draft engine format bold italic text line link code quote "
    "list item number 42 3.14 a*b snake_case [x] (y) #tag <tag> & 1. - + ~ \\ café naïve "
    "emoji\U0001f600 \u4e2d\u6587 \u05e9\u05dc\u05d5\u05dd end. comma, semi; colon:"
).split()
INLINE_CHOICES = ("bold", "italic", "underline", "strike", "code", "link", "color", "bold+italic", "mention")
BLOCK_CHOICES = (None, None, None, None, None, "quote", "bullet_list", "ordered_list", "code_block")


def formatted_document(target_chars: int, seed: int = 1, one_line: bool = False) -> dict[str, Any]:
    """A document of about target_chars characters: lines of words, ~40% of the words formatted
    (one inline format or bold+italic or a mention each), ~45% of the lines in a block format;
    with one_line, a single line of such words (no block formats)."""
    rng = random.Random(seed)
    names = {f"u{i}": f"User{i}" for i in range(20)}
    text_parts: list[str] = []
    spans: list[dict[str, Any]] = []
    pos = 0
    first_line = True
    while pos < target_chars:
        if not first_line:
            text_parts.append("\n")
            pos += 1
        first_line = False
        line_start = pos
        block = None if one_line else rng.choice(BLOCK_CHOICES)
        for w in range(target_chars if one_line else rng.randint(6, 16)):
            if one_line and pos >= target_chars:
                break
            if w:
                text_parts.append(" ")
                pos += 1
            word = rng.choice(WORDS)
            kind = rng.choice(INLINE_CHOICES) if block != "code_block" and rng.random() < 0.4 else None
            if kind == "mention":
                uid = f"u{rng.randrange(20)}"
                word = "@" + names[uid]
                spans.append(
                    {"start": pos, "end": pos + len(word), "format": "mention", "uid": uid, "name": names[uid]}
                )
            elif kind == "link":
                spans.append(
                    {
                        "start": pos,
                        "end": pos + len(word),
                        "format": "link",
                        "url": f"https://example.com/p/{rng.randrange(1000)}?q=a&b=(c)",
                    }
                )
            elif kind == "color":
                spans.append({"start": pos, "end": pos + len(word), "format": "color", "color": "#3a7bd5"})
            elif kind == "bold+italic":
                spans.append({"start": pos, "end": pos + len(word), "format": "bold"})
                spans.append({"start": pos, "end": pos + len(word), "format": "italic"})
            elif kind:
                spans.append({"start": pos, "end": pos + len(word), "format": kind})
            text_parts.append(word)
            pos += len(word)
        if block:
            spans.append({"start": line_start, "end": pos, "format": block})
    return {"text": "".join(text_parts), "spans": spans}


def bench_documents(lib: Lib, quick: bool) -> list[str]:
    print("\n== B. Documents: load_document / restore / serialize / document / parse(serialized) / bold all, formatted drafts")
    print("   median of 3-7 runs; MB/s over the text's UTF-8 bytes; growth = time / time at the previous size;")
    print("   '!' marks growth over 1.5x linear (15x for 10x the text, 6x for 4x) on a step from")
    print(f"   {fmt_size(GROWTH_CHECKED_FROM)} of text or more; a step from less reads the caches (see GROWTH_CHECKED_FROM)")
    suspects = []
    multi = (10 * KB, 100 * KB) if quick else (10 * KB, 100 * KB, 1 * MB)
    suspects += document_series(lib, "B1. many lines (6-16 words each), ~45% of lines in a block format", multi, False)
    single = (25 * KB, 100 * KB) if quick else (100 * KB, 400 * KB)
    suspects += document_series(lib, "B2. one long line of formatted words (no line break)", single, True)
    return suspects


def document_series(lib: Lib, title: str, sizes: tuple[int, ...], one_line: bool) -> list[str]:
    print(f"\n   {title}\n")
    header = (
        f"{'text':>8} {'spans':>7} {'wire':>8}  {'load_document':>22} {'restore':>22} {'serialize':>22} "
        f"{'document':>22} {'parse wire':>22} {'bold all (x2)':>22}  round trip"
    )
    print(header)
    print("-" * len(header))
    suspects = []
    prev: dict[str, float] = {}
    prev_size = 0
    for size in sizes:
        doc = formatted_document(size, one_line=one_line)
        doc_json = json.dumps(doc, ensure_ascii=False).encode("utf-8")
        text_bytes = len(doc["text"].encode("utf-8"))
        d = lib.new_draft()
        try:
            lib.check(lib.c.mc_draft_load_document(d, doc_json), "mc_draft_load_document")
            canonical = lib.take(lib.c.mc_draft_document, d)
            wire = lib.take(lib.c.mc_draft_serialize, d)
            mentions = json.loads(lib.take(lib.c.mc_draft_mentions, d))
            names = json.dumps({m["uid"]: m["name"] for m in mentions}).encode()
            wire_bytes = wire.encode("utf-8")
            back = lib.take(lib.c.mc_markdown_parse_with_mentions, wire_bytes, names)
            roundtrip = "ok" if json.loads(back) == json.loads(canonical) else "MISMATCH"
            load = partial(lib.c.mc_draft_load_document, d, doc_json)
            restore = partial(lib.c.mc_draft_restore, d, lib.take(lib.c.mc_draft_snapshot, d).encode("utf-8"))
            serialize = partial(call_and_free, lib, lib.c.mc_draft_serialize, d)
            document = partial(call_and_free, lib, lib.c.mc_draft_document, d)
            parse_wire = partial(call_and_free, lib, lib.c.mc_markdown_parse_with_mentions, wire_bytes, names)
            length = c_int64()
            lib.check(lib.c.mc_draft_length(d, byref(length)), "mc_draft_length")
            bold = partial(lib.c.mc_draft_toggle_format, d, 0, length.value, MC_FORMAT_BOLD, None, MC_FLAG_PROTECT)

            def bold_all() -> None:
                bold()
                bold()

            cols = [
                f"{fmt_size(text_bytes):>8}",
                f"{len(json.loads(canonical)['spans']):>7}",
                f"{fmt_size(len(wire_bytes)):>8}",
            ]
            steps = (("load", load), ("restore", restore), ("serialize", serialize), ("document", document), ("parse", parse_wire), ("bold all", bold_all))
            for name, fn in steps:
                t = statistics.median(measure(fn, budget=2.0, min_runs=3, max_runs=7))
                cell = f"{fmt_time(t)} {text_bytes / t / MB:5.1f}MB/s"
                if name in prev:
                    g = t / prev[name]
                    factor = text_bytes / prev_size
                    cell += f" {g:4.1f}x"
                    if g > 1.5 * factor and prev_size >= GROWTH_CHECKED_FROM:
                        suspects.append(
                            f"{name} growth {g:.1f}x for {factor:.0f}x the text at {fmt_size(text_bytes)}"
                            f"{' (one line)' if one_line else ''}"
                        )
                        cell += "!"
                else:
                    cell += "      "
                prev[name] = t
                cols.append(f"{cell:>22}")
            prev_size = text_bytes
            cols.append(f"  {roundtrip}")
            if roundtrip != "ok":
                suspects.append(f"round trip mismatch at {fmt_size(text_bytes)}")
            print(" ".join(cols))
        finally:
            lib.c.mc_draft_free(d)
    return suspects


def call_and_free(lib: Lib, fn: Callable[..., int], *args: object) -> None:
    """fn(*args, &out) then mc_string_free(out): one call as a host makes it, the string not read."""
    out = c_void_p()
    fn(*args, byref(out))
    lib.c.mc_string_free(out)


def word_near_middle(text: str) -> tuple[int, int]:
    i = len(text) // 2
    while i < len(text) and not text[i].isalpha():
        i += 1
    while i > 0 and text[i - 1].isalpha():
        i -= 1
    j = i
    while j < len(text) and text[j].isalpha():
        j += 1
    return i, max(j, i + 1)


def bench_editing(lib: Lib, quick: bool) -> list[str]:
    sizes = (1 * KB, 100 * KB) if quick else (1 * KB, 100 * KB, 1 * MB)
    print(
        "\n== C. Editing: time per call at the middle of a formatted draft (each call timed alone, nothing subtracted)"
    )
    version = lib.c.mc_version
    overhead = per_call(version, budget=0.3, max_calls=20000, min_calls=1000)
    timer = per_call(lambda: None, budget=0.1, max_calls=20000, min_calls=1000)
    print(
        f"   ctypes call overhead: mc_version() {statistics.median(overhead)} ns/call (median of {len(overhead)});"
        f" timer + empty Python call {statistics.median(timer)} ns\n"
    )
    header = f"{'text':>8} {'op':<26} {'calls':>6} {'median':>10} {'mean':>10} {'p90':>10} {'max':>10}"
    print(header)
    print("-" * len(header))
    suspects = []
    for size in sizes:
        doc = formatted_document(size, seed=2)
        text = doc["text"]
        doc_json = json.dumps(doc, ensure_ascii=False).encode("utf-8")
        d = lib.new_draft()
        try:
            lib.check(lib.c.mc_draft_load_document(d, doc_json), "mc_draft_load_document")
            mid = len(text) // 2
            ws, we = word_near_middle(text)
            max_calls = 2000 if size <= 100 * KB else 400
            budget = 1.5

            lib.check(lib.c.mc_draft_set_selection(d, mid, mid), "set_selection")
            t_insert = per_call(partial(lib.c.mc_draft_insert, d, b"x"), budget, max_calls)
            delete = partial(lib.c.mc_draft_delete_backward, d)
            t_delete = per_call(delete, budget, len(t_insert), min_calls=len(t_insert))
            length = c_int64()
            lib.check(lib.c.mc_draft_length(d, byref(length)), "length")
            toggle = partial(lib.c.mc_draft_toggle_format, d, ws, we, MC_FORMAT_BOLD, None, MC_FLAG_PROTECT)
            t_toggle = per_call(toggle, budget, max_calls)
            rows = [
                (f"insert 1 char (x{len(t_insert)})", t_insert),
                ("delete_backward", t_delete),
                (f"toggle bold [{ws},{we})", t_toggle),
            ]
            for label, times in rows:
                med = statistics.median(times)
                p90 = sorted(times)[int(0.9 * (len(times) - 1))]
                print(
                    f"{fmt_size(len(text.encode('utf-8'))):>8} {label:<26} {len(times):>6}"
                    f" {fmt_time(med / 1e9):>10} {fmt_time(statistics.fmean(times) / 1e9):>10}"
                    f" {fmt_time(p90 / 1e9):>10} {fmt_time(max(times) / 1e9):>10}"
                )
            if length.value != len(text):
                suspects.append(
                    f"editing at {fmt_size(size)}: length {length.value} after insert+delete, expected {len(text)}"
                )
        finally:
            lib.c.mc_draft_free(d)
    return suspects


# ---------------------------------------------------------------------------------------------


def main() -> int:
    if len(sys.argv) >= 2 and sys.argv[1] == "--worker":
        parse_worker(sys.argv[2], sys.argv[3], int(sys.argv[4]))
        return 0
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="fewer inputs and sizes (a smoke run)")
    ap.add_argument("--only", default="parse,document,editing", help="comma-separated sections")
    args = ap.parse_args()
    sections = set(args.only.split(","))
    original = lib_path()
    try:
        snapshot = snapshot_library(original)
        lib = Lib(snapshot)
    except OSError as e:
        print(f"bench.py: cannot load {original}: {e} (run `make lib`, or set MESSAGE_COMPOSER_LIB)", file=sys.stderr)
        return 2
    os.environ["MESSAGE_COMPOSER_LIB"] = snapshot  # the workers measure the same copy
    started = time.perf_counter()
    real = os.path.realpath(original)
    built = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(os.path.getmtime(real)))
    print(f"libmessage_composer {lib.c.mc_version().decode()}: {real} (built {built}; measured on a private copy)")
    try:
        import cmarkgfm  # type: ignore[import-untyped, import-not-found, unused-ignore]

        peer = f"cmarkgfm {getattr(cmarkgfm, '__version__', '?')} (Python module)"
    except ImportError:
        peer = "cmark-gfm CLI (process start-up included)"
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs, peer: {peer}")
    suspects: list[str] = []
    if "parse" in sections:
        suspects += bench_parse(args.quick)
    if "document" in sections:
        suspects += bench_documents(lib, args.quick)
    if "editing" in sections:
        suspects += bench_editing(lib, args.quick)
    shutil.rmtree(os.path.dirname(snapshot), ignore_errors=True)
    print(f"\nbench.py: done in {time.perf_counter() - started:.0f} s;", end=" ")
    if suspects:
        print(f"{len(suspects)} SUSPECT:")
        for s in suspects:
            print(f"   SUSPECT {s}")
    else:
        print("nothing SUSPECT")
    return 0


if __name__ == "__main__":
    sys.exit(main())
