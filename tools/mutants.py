#!/usr/bin/env python3
"""Operator mutants of the sources against the Swift suite or the C suite (`make mutants`).

    python3 tools/mutants.py [--paths DIR_OR_FILE,...] [--count N] [--seed S] [--filter REGEX]
                             [--suite swift|c]

A test suite that passes proves little until it is seen failing. This takes the committed sources
(HEAD, in a worktree of its own under the system's temporary directory: the checkout it runs from
is never written), picks `--count` mutants at random (seeded) among every place of the chosen files
where one operator can become another (`<` and `<=`, `>` and `>=`, `==` and `!=`, `&&` and `||`,
`true` and `false`, a `+ 1` or `- 1` dropped; not in comments or string literals), and for each
builds the tests and runs `swift test` (`--filter` to run part of the suite): a mutant the suite
fails is killed, one it passes SURVIVED. `--suite c` judges a mutant by the C suite and the
bad-input matrix against the release library instead (`make lib`, bindings/c/tests and
bindings/c/matrix, plain builds; the C suite again under valgrind when both pass):
Sources/ComposerCAPI's argument checks are held there, not by the Swift suite, which never calls
them. A survivor is either a behaviour no test holds (write the test) or an equivalent mutant (the
two codes cannot differ: say why where it is useful). A mutant that does not compile is replaced
by another; one whose tests run past `--timeout` (a loop made endless) counts as killed.

Each mutant costs an incremental build and a suite run: about a minute on two cores. The worktree
and its build are removed at the end, also after Ctrl-C. Exits 0 whatever it finds, 2 when the
worktree cannot be made or the unmutated suite fails.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

#: (pattern, replacement): each match of a pattern is one candidate.
OPERATORS: list[tuple[str, str]] = [
    (r" < ", " <= "),
    (r" <= ", " < "),
    (r" > ", " >= "),
    (r" >= ", " > "),
    (r" == ", " != "),
    (r" != ", " == "),
    (r" && ", " || "),
    (r" \|\| ", " && "),
    (r"\btrue\b", "false"),
    (r"\bfalse\b", "true"),
    (r" \+ 1\b", ""),
    (r" - 1\b", ""),
]


@dataclass(frozen=True)
class Mutant:
    path: str  # relative to the repository
    line: int  # 0-based
    start: int
    end: int
    replacement: str

    def apply(self, text: str) -> str:
        lines = text.split("\n")
        old = lines[self.line]
        lines[self.line] = old[: self.start] + self.replacement + old[self.end :]
        return "\n".join(lines)

    def describe(self, text: str) -> tuple[str, str]:
        """The line before and after the mutation."""
        return text.split("\n")[self.line].strip(), self.apply(text).split("\n")[self.line].strip()


def candidates(path: str, text: str) -> list[Mutant]:
    """Every operator place of a Swift file, outside comments and string literals (a quote count
    before the match: the sources write no multi-line literals where operators are)."""
    found = []
    for n, line in enumerate(text.split("\n")):
        stripped = line.strip()
        if stripped.startswith("//"):
            continue
        for pattern, replacement in OPERATORS:
            for match in re.finditer(pattern, line):
                before = line[: match.start()]
                if before.count('"') % 2 == 1 or "//" in before:
                    continue
                found.append(Mutant(path, n, match.start(), match.end(), replacement))
    return found


def swift_files(worktree: Path, paths: list[str]) -> list[str]:
    files: list[str] = []
    for p in paths:
        target = worktree / p
        if target.is_dir():
            files += sorted(str(f.relative_to(worktree)) for f in target.rglob("*.swift"))
        elif target.suffix == ".swift" and target.exists():
            files.append(p)
        else:
            raise SystemExit(f"mutants.py: no Swift file or directory {p}")
    return files


def run(cmd: list[str], cwd: Path, timeout: float | None = None) -> subprocess.CompletedProcess[str]:
    """`cmd` in a process group of its own: on a time-out or an interrupt the whole group is
    stopped (`swift test` runs the tests in a child process, which killing `swift test` alone
    leaves spinning)."""
    # errors="replace": a mutant may make a program print bytes that are not UTF-8.
    process = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, errors="replace",
                               start_new_session=True)
    try:
        out, err = process.communicate(timeout=timeout)
    except BaseException:
        # SIGINT first: SwiftPM then cancels its build and stops the compilers it started, which
        # run in process groups of their own; what is left after ten seconds is killed. The
        # group may be gone already (the failure was ours, after the program ended).
        try:
            os.killpg(process.pid, signal.SIGINT)
            process.wait(timeout=10)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            pass
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        process.wait()
        raise
    return subprocess.CompletedProcess(cmd, process.returncode, out, err)


def interrupted(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def suite(worktree: Path, filter_: str, timeout: float) -> str:
    """The Swift suite's verdict: one of "built-failed", "passed", "failed (N issues)",
    "failed (exit N)" and "failed (timeout)"."""
    if run(["swift", "build", "--build-tests"], worktree).returncode != 0:
        return "built-failed"
    cmd = ["swift", "test", "--skip-build"] + (["--filter", filter_] if filter_ else [])
    try:
        result = run(cmd, worktree, timeout)
    except subprocess.TimeoutExpired:
        return "failed (timeout)"
    if result.returncode == 0:
        return "passed"
    issues = re.search(r"with (\d+) issues?", result.stdout + result.stderr)
    return f"failed ({issues.group(1)} issues)" if issues else f"failed (exit {result.returncode})"


#: The C suite under valgrind, as `make test-c-valgrind` runs it.
VALGRIND = ["valgrind", "-q", "--error-exitcode=99", "--leak-check=full", "--errors-for-leak-kinds=definite,indirect"]


def c_suite(worktree: Path, filter_: str, timeout: float) -> str:
    """The C suite's and the bad-input matrix's verdict, in `suite`'s words ("failed (c-tests: N
    tests)" from the C suite's count; the matrix counts failing cells as tests too). A mutant both
    let through runs the C suite again under valgrind, as `make test` does: a read past a buffer
    inside the library (a bound check made one too loose) passes a plain run. `filter_` is
    unused: the suites run whole."""
    if run(["make", "-s", "lib", "build/c-tests", "build/matrix"], worktree).returncode != 0:
        return "built-failed"
    for name, command in (("c-tests", ["build/c-tests"]), ("matrix", ["build/matrix"]),
                          ("c-tests under valgrind", VALGRIND + ["build/c-tests"])):
        try:
            result = run(command, worktree, timeout)
        except subprocess.TimeoutExpired:
            return "failed (timeout)"
        if result.returncode != 0:
            failed = re.search(r"(\d+) failed", result.stdout)
            count = failed.group(1) if failed and failed.group(1) != "0" else None
            return f"failed ({name}: {count} tests)" if count else f"failed ({name}: exit {result.returncode})"
    return "passed"


SUITES = {"swift": suite, "c": c_suite}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--paths", default="Sources/ComposerCore", help="comma-separated files or directories (default: the engine)")
    ap.add_argument("--count", type=int, default=20, help="mutants to run (default 20)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--suite", choices=sorted(SUITES), default="swift", help="what judges a mutant (default: the Swift suite)")
    ap.add_argument("--filter", default="", help="swift test --filter for each run (default: the whole suite)")
    ap.add_argument("--timeout", type=float, default=300, help="seconds a mutant's test run may take")
    ap.add_argument("--json", help="also write every result to this file, one JSON object a line")
    args = ap.parse_args()

    # SIGTERM ends the run as Ctrl-C does, through the cleanup below.
    signal.signal(signal.SIGTERM, interrupted)
    worktree = Path(tempfile.mkdtemp(prefix="mc-mutants-")) / "tree"
    if run(["git", "worktree", "add", "--detach", str(worktree), "HEAD"], REPO).returncode != 0:
        print("mutants.py: could not make a worktree of HEAD", file=sys.stderr)
        return 2
    results: list[dict[str, object]] = []
    try:
        files = swift_files(worktree, [p for p in args.paths.split(",") if p])
        texts = {f: (worktree / f).read_text() for f in files}
        pool = [m for f in files for m in candidates(f, texts[f])]
        random.Random(args.seed).shuffle(pool)
        print(f"mutants.py: {len(pool)} candidate mutants in {len(files)} files; running {min(args.count, len(pool))} (seed {args.seed})")
        judge = SUITES[args.suite]
        baseline = judge(worktree, args.filter, args.timeout)
        if baseline != "passed":
            print(f"mutants.py: the unmutated suite did not pass ({baseline})", file=sys.stderr)
            return 2
        for mutant in pool:
            if len(results) >= args.count:
                break
            source = worktree / mutant.path
            original = texts[mutant.path]
            source.write_text(mutant.apply(original))
            started = time.monotonic()
            try:
                outcome = judge(worktree, args.filter, args.timeout)
            finally:
                source.write_text(original)
            if outcome == "built-failed":
                continue
            before, after = mutant.describe(original)
            result = {"file": mutant.path, "line": mutant.line + 1, "from": before, "to": after,
                      "result": "SURVIVED" if outcome == "passed" else "killed", "detail": outcome,
                      "seconds": round(time.monotonic() - started)}
            results.append(result)
            print(f"{len(results):>3}. {result['result']:<8} {mutant.path}:{mutant.line + 1}  {outcome}", flush=True)
            if args.json:
                with open(args.json, "a") as out:
                    out.write(json.dumps(result) + "\n")
    except KeyboardInterrupt:
        print("mutants.py: interrupted", file=sys.stderr)
    finally:
        run(["git", "worktree", "remove", "--force", str(worktree)], REPO)
        run(["git", "worktree", "prune"], REPO)
        shutil.rmtree(worktree.parent, ignore_errors=True)
        # SwiftPM's lock files for the worktree's build, which it leaves in the temporary
        # directory, named after the paths they lock.
        for lock in Path(tempfile.gettempdir()).glob(str(worktree).replace("/", "_") + "_*.lock"):
            lock.unlink(missing_ok=True)

    survivors = [r for r in results if r["result"] == "SURVIVED"]
    print(f"\nmutants.py: {len(results)} mutants, {len(results) - len(survivors)} killed, {len(survivors)} survived")
    for r in survivors:
        print(f"  {r['file']}:{r['line']}\n      {r['from']}\n   => {r['to']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
