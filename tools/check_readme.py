"""Runs README.md's quick start, the three programs as a reader copies them, and checks what
they print against what the README says they print (`make test-readme`).

The README shows one program per language doing the same thing: a draft with a mention and a bold
phrase, its wire markdown printed, then sent. Each block is taken from the "## Quick start"
section as it stands, written to a file under the work directory and built the way the README
says (C: `cc -Iinclude app.c -Lbuild/lib -lmessage_composer`; Python: the package in
bindings/python; Rust: a crate outside the bindings' workspace that depends on `message-composer`
by path). Every program must exit 0, and the first line each prints must be the markdown the
README's comments give (the Python block's `print(draft.markdown)  # …` and the C block's
`mc_draft_serialize` comment, which must agree). Without this, nothing kept the quick start true
when the API under it changed.

    python3 tools/check_readme.py --lib-dir build/lib --work build/readme

Exits 1 with the failing program's output when one does not build, fails or prints something else.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def quick_start_blocks(readme: str) -> dict[str, str]:
    """The fenced code blocks of the "## Quick start" section, by language."""
    start = readme.index("## Quick start\n")
    end = readme.find("\n## ", start + 1)
    section = readme[start : end if end >= 0 else len(readme)]
    blocks: dict[str, str] = {}
    for language, code in re.findall(r"^```(\w+)\n(.*?)^```", section, re.S | re.M):
        if language in blocks:
            raise SystemExit(f"check_readme: two {language} blocks in the quick start")
        blocks[language] = code
    missing = {"c", "python", "rust"} - blocks.keys()
    if missing:
        raise SystemExit(f"check_readme: the quick start has no {', '.join(sorted(missing))} block")
    return blocks


def promised_markdown(blocks: dict[str, str]) -> str:
    """The markdown the README's comments say the programs print (the C and Python ones agree)."""
    python = re.search(r"print\(draft\.markdown\)\s*#\s*(.+?)\s*$", blocks["python"], re.M)
    c = re.search(r"mc_draft_serialize\(.*?/\*\s*(.+?)\s*\*/", blocks["c"])
    if python is None or c is None:
        raise SystemExit("check_readme: the C and Python blocks no longer say what the markdown is")
    if python.group(1) != c.group(1):
        raise SystemExit(f"check_readme: the C block says {c.group(1)!r}, the Python block {python.group(1)!r}")
    return python.group(1)


def run(what: str, command: list[str], cwd: Path, env: dict[str, str]) -> str:
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        sys.stdout.write(done.stdout + done.stderr)
        raise SystemExit(f"check_readme: the {what} failed (exit {done.returncode}): {' '.join(command)}")
    return done.stdout


def check_first_line(language: str, output: str, markdown: str) -> None:
    first = output.splitlines()[0] if output else ""
    if first != markdown:
        sys.stdout.write(output)
        raise SystemExit(f"check_readme: the {language} quick start printed {first!r}, the README says {markdown!r}")


RUST_MANIFEST = """\
# Written by tools/check_readme.py: README.md's Rust quick start as a user's crate.
[package]
name = "readme-quick-start"
version = "0.1.0"
edition = "2021"
publish = false

[dependencies]
message-composer = {{ path = "{binding}" }}

[workspace]
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lib-dir", type=Path, required=True, help="the directory of libmessage_composer.so")
    parser.add_argument("--work", type=Path, required=True, help="where the programs are written and built")
    parser.add_argument("--cc", default=os.environ.get("CC", "cc"))
    parser.add_argument("--cflags", default="", help="extra C compiler flags (the Makefile's strict ones)")
    args = parser.parse_args()
    lib_dir = args.lib_dir.resolve()
    work = args.work.resolve()
    work.mkdir(parents=True, exist_ok=True)

    blocks = quick_start_blocks((ROOT / "README.md").read_text())
    markdown = promised_markdown(blocks)
    env = dict(os.environ)

    # C, built against the build tree as the README's line under the block says.
    (work / "app.c").write_text(blocks["c"])
    run("C build", [args.cc, *args.cflags.split(), f"-I{ROOT / 'include'}", str(work / "app.c"), f"-L{lib_dir}",
                    "-lmessage_composer", f"-Wl,-rpath,{lib_dir}", "-o", str(work / "app")], work, env)
    check_first_line("C", run("C program", [str(work / "app")], work, env), markdown)

    # Python, the package from the repository and the library named by MESSAGE_COMPOSER_LIB.
    (work / "app.py").write_text(blocks["python"])
    python_env = dict(env, PYTHONPATH=str(ROOT / "bindings" / "python"),
                      MESSAGE_COMPOSER_LIB=str(lib_dir / "libmessage_composer.so"))
    check_first_line("Python", run("Python program", [sys.executable, str(work / "app.py")], work, python_env), markdown)

    # Rust, a crate of its own depending on the binding by path; it runs through LD_LIBRARY_PATH
    # (README, "Finding the library at run time"), as it has no rpath.
    crate = work / "rust"
    (crate / "src").mkdir(parents=True, exist_ok=True)
    (crate / "Cargo.toml").write_text(RUST_MANIFEST.format(binding=ROOT / "bindings" / "rust"))
    (crate / "src" / "main.rs").write_text(blocks["rust"])
    rust_env = dict(env, MESSAGE_COMPOSER_LIB_DIR=str(lib_dir), LD_LIBRARY_PATH=str(lib_dir))
    run("Rust build", ["cargo", "build", "--quiet", "--target-dir", str(crate / "target")], crate, rust_env)
    binary = crate / "target" / "debug" / "readme-quick-start"
    check_first_line("Rust", run("Rust program", [str(binary)], crate, rust_env), markdown)

    print(f"check_readme: the C, Python and Rust quick starts build, run and print {markdown!r} as the README says")
    return 0


if __name__ == "__main__":
    sys.exit(main())
