#!/usr/bin/env python3
"""Instructions per byte of mc_markdown_parse on the pathological inputs (`make profile-parse`).

    python3 tools/profile_parse.py --driver PATH [--size BYTES] [--cases a,b] [--top N]

The time ratios of `make bench` (tools/bench.py, section A) move by a fifth from run to run on a
shared machine; instruction counts do not. For every input of tools/bench.py's PARSE_CASES at one
size, valgrind's callgrind counts the instructions of one mc_markdown_parse (--toggle-collect: the
driver's start-up, its file reading and a first, warming parse of the same input are not counted:
the library's one-time costs are not a parse's) and prints them per byte of input and as a
multiple of plain prose of the same size, against the 5x goal that bench.py's DONE_RATIO states.
With --top N it also prints each input's N costliest functions (self cost): where to look first.

The driver is tools/bench/parse_once.c (one parse of a file), built against the release library by
the Makefile. Exits 0 whatever it measures, 2 when valgrind or the driver is missing or fails.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Callable, Hashable, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench  # noqa: E402  (the inputs and the goal are bench.py's, so the two cannot disagree)

TOTAL = re.compile(r"^summary:\s+(\d+)", re.MULTILINE)


def callgrind_total(what: str, function: str, command: list[str], out: Path) -> int:
    """The instructions `command` executes inside `function` (callgrind, Ir; --toggle-collect),
    its output written to `out`. Raises RuntimeError naming `what` when it fails."""
    run = subprocess.run(
        ["valgrind", "--tool=callgrind", f"--toggle-collect={function}", f"--callgrind-out-file={out}", *command],
        capture_output=True,
        text=True,
    )
    if run.returncode != 0:
        raise RuntimeError(f"{what}: driver exited {run.returncode}: {run.stderr.strip()[-400:]}")
    match = TOTAL.search(out.read_text())
    if match is None:
        raise RuntimeError(f"{what}: no summary line in {out}")
    return int(match.group(1))


Job = TypeVar("Job", bound=Hashable)


def count_all(jobs: list[Job], one: Callable[[Job], int], tool: str) -> dict[Job, int] | None:
    """`one` of every job, run side by side (a callgrind run per core); None, after saying why on
    stderr, when one fails."""
    try:
        with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
            return dict(zip(jobs, pool.map(one, jobs)))
    except RuntimeError as error:
        print(f"{tool}: {error}", file=sys.stderr)
        return None


def count(driver: str, path: Path, out: Path) -> int:
    """The instructions one mc_markdown_parse of `path` executes (callgrind, Ir)."""
    return callgrind_total(path.name, "measured_parse", [driver, str(path)], out)


def top_functions(out: Path, n: int) -> list[str]:
    """The `n` costliest functions (self cost) of a callgrind output, one line each."""
    run = subprocess.run(["callgrind_annotate", str(out)], capture_output=True, text=True)
    lines = run.stdout.splitlines()
    try:
        first = next(i for i, line in enumerate(lines) if line.rstrip().endswith("file:function")) + 2
    except StopIteration:
        return []
    rows = []
    for line in lines[first:]:
        if not line.strip():
            break
        # "1,234 (5.6%)  path/File.swift:mangledName [object]": keep the share and a short name.
        match = re.match(r"\s*([\d,]+)\s+\(\s*([\d.]+)%\)\s+(\S+)", line)
        if match is None:
            continue
        where = match.group(3)
        file, _, symbol = where.rpartition(":")
        rows.append(f"{match.group(2):>6}%  {Path(file).name or '?'}: {demangled(symbol)}")
        if len(rows) == n:
            break
    return rows


def demangled(symbol: str) -> str:
    """A Swift symbol made readable when swift-demangle is at hand (names only, no types)."""
    tool = shutil.which("swift-demangle")
    if tool is None or not symbol.startswith("$s"):
        return symbol[:100]
    run = subprocess.run([tool, "--simplified", "--compact", symbol], capture_output=True, text=True)
    text = run.stdout.strip() or symbol
    return re.sub(r"<[^<>]*>", "", text)[:100]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--driver", required=True, help="the built tools/bench/parse_once.c")
    ap.add_argument("--size", type=int, default=100 * bench.KB, help="bytes per input (default 100 KB)")
    ap.add_argument("--cases", default="", help="comma-separated inputs (default: all of bench.py's)")
    ap.add_argument("--top", type=int, default=0, help="also print each input's N costliest functions")
    args = ap.parse_args()

    if shutil.which("valgrind") is None:
        print("profile_parse.py: valgrind is not installed", file=sys.stderr)
        return 2
    names = [c for c in args.cases.split(",") if c] or list(bench.PARSE_CASES)
    unknown = [c for c in names if c not in bench.PARSE_CASES]
    if unknown:
        print(f"profile_parse.py: unknown inputs: {', '.join(unknown)}", file=sys.stderr)
        return 2
    if "plain" not in names:
        names.insert(0, "plain")

    work = Path(tempfile.mkdtemp(prefix="mc-profile-"))
    try:
        paths = {}
        sizes = {}
        for name in names:
            text = bench.PARSE_CASES[name][1](args.size).encode()
            paths[name], sizes[name] = work / f"{name}.md", len(text)
            paths[name].write_bytes(text)

        counts = count_all(names, lambda name: count(args.driver, paths[name], work / f"{name}.callgrind"), "profile_parse.py")
        if counts is None:
            return 2

        per_byte = {name: counts[name] / sizes[name] for name in names}
        plain = per_byte["plain"]
        print(f"== mc_markdown_parse, instructions per byte (callgrind), ~{args.size // bench.KB} KB inputs")
        print(f"   goal: every input <= {bench.DONE_RATIO:.0f}x plain, {bench.DONE_RATIO * plain:.1f} instructions per byte here\n")
        print(f"{'input':<17} {'instructions':>14} {'per byte':>9} {'x plain':>8}")
        print("-" * 52)
        over = []
        for name in names:
            ratio = per_byte[name] / plain
            mark = "  over" if name != "plain" and ratio > bench.DONE_RATIO else ""
            if mark:
                over.append((ratio, name))
            print(f"{name:<17} {counts[name]:>14,} {per_byte[name]:>9.1f} {ratio:>7.2f}x{mark}")
            if args.top:
                for row in top_functions(work / f"{name}.callgrind", args.top):
                    print(f"      {row}")
        over.sort(reverse=True)
        listed = ", ".join(f"{name} {ratio:.1f}x" for ratio, name in over)
        print(f"\n   {len(over)} of {len(names) - 1} inputs over {bench.DONE_RATIO:.0f}x plain" + (f": {listed}" if over else ""))
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
