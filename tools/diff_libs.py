#!/usr/bin/env python3
"""Differential check of two builds of libmessage_composer: the same inputs through both, every
output compared byte for byte. For work that must not change what the library answers (making the
parser faster, say): build the reference from the commit before (`git worktree add /tmp/ref HEAD~1
&& make -C /tmp/ref lib`), then

    python3 tools/diff_libs.py /tmp/ref/build/lib/libmessage_composer.so build/lib/libmessage_composer.so

Inputs (seeded, the same on every run): the chat corpus of tools/chat_corpus.py, the committed
markdown fuzz corpus, every parse input of tools/bench.py at four sizes, and generated strings of
markdown tokens (random, delimiter-dense and line-shaped). Each input goes through
mc_markdown_parse, mc_markdown_to_html and mc_draft_load_markdown + mc_draft_document +
mc_draft_serialize; status and output are compared. Each library runs in its own process (two
libraries of one SONAME in one process could resolve to one). Exits 1 on the first difference,
printing the input, 0 when every output agrees.
"""

from __future__ import annotations

import argparse
import ctypes
import hashlib
import random
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))

TOKENS = [
    "*", "**", "***", "_", "__", "~", "~~", "`", "``", "[", "]", "](", "(", ")", "](https://e.com)",
    "\\", "\\*", "\\\n", "\n", "\n\n", "\r\n", "\r", " ", "  ", "\t", "> ", ">", "- ", "* ", "+ ", "1. ",
    "2) ", "```\n", "```", "~~~\n", "    ", "<u>", "</u>", "<color=#123456>", "<color=#abc>", "</color>",
    "<@uid:", "<@uid:u1>", "<p></p>", "&amp;", "&#1", "&#10;", "&#x41;", "&", "#", "!", "!", "\"",
    "a", "b", "word", "x y", "é", "漢", "😀", "\u0301", "\u00a0", "www.e.com", "a@b.co", "http://x.y",
]
LINE_STARTS = ["", "> ", "- ", "1. ", "* ", "> - ", "  ", "```", "", ""]


def generated_inputs(seed: int, random_count: int, dense_count: int, line_count: int) -> list[bytes]:
    rng = random.Random(seed)
    inputs = []
    for _ in range(random_count):
        inputs.append("".join(rng.choice(TOKENS) for _ in range(rng.randint(1, 40))).encode())
    delimiters = ["*", "**", "_", "~~", "`", "[", "](u)", "a", " ", "b"]
    for _ in range(dense_count):
        inputs.append("".join(rng.choice(delimiters) for _ in range(rng.randint(1, 120))).encode())
    words = ["a", "b\\", "c  ", "d\\", "*e*", "`f`", "g", "h i", "é"]
    for _ in range(line_count):
        lines = []
        for _ in range(rng.randint(1, 12)):
            lines.append(rng.choice(LINE_STARTS) + " ".join(rng.choice(words) for _ in range(rng.randint(0, 4))))
        inputs.append(rng.choice(["\n", "\n", "\r\n"]).join(lines).encode())
    return inputs


def all_inputs(seed: int, scale: int) -> list[bytes]:
    import bench  # tools/bench.py: its parse inputs
    import chat_corpus

    chat = chat_corpus.Gen(1)
    inputs: list[bytes] = [chat.message().encode() for _ in range(5000 * scale // 10)]
    inputs.append(chat_corpus.Gen(2).long_message(1_000_000).encode())
    for path in sorted((REPO / "Tests" / "fuzz-corpus" / "markdown").iterdir()):
        inputs.append(path.read_bytes().split(b"\0")[0])
    for _, make in bench.PARSE_CASES.values():
        for size in (100, 1000, 10_000, 100_000):
            inputs.append(make(size).encode())
    inputs += generated_inputs(seed, 2000 * scale, 600 * scale, 600 * scale)
    return inputs


def worker(lib_path: str, inputs_path: str, out_path: str) -> None:
    """Writes a digest of each input's outputs."""
    lib = ctypes.CDLL(lib_path)
    p = ctypes.c_void_p
    s = ctypes.c_char_p
    lib.mc_markdown_parse.argtypes = [s, ctypes.POINTER(p)]
    lib.mc_markdown_to_html.argtypes = [s, s, ctypes.POINTER(p)]
    lib.mc_draft_new.argtypes = [s, ctypes.POINTER(p)]
    lib.mc_draft_load_markdown.argtypes = [p, s, s]
    lib.mc_draft_document.argtypes = [p, ctypes.POINTER(p)]
    lib.mc_draft_serialize.argtypes = [p, ctypes.POINTER(p)]
    lib.mc_string_free.argtypes = [p]
    lib.mc_draft_free.argtypes = [p]
    draft = p()
    assert lib.mc_draft_new(b'{"rich_text": true, "mention_limit": 100000}', ctypes.byref(draft)) == 0

    def text(status: int, out: ctypes.c_void_p) -> bytes:
        value = ctypes.string_at(out.value) if out.value else b""
        lib.mc_string_free(out)
        return struct.pack("<i", status) + value

    data = Path(inputs_path).read_bytes()
    digests = []
    at = 0
    while at < len(data):
        (n,) = struct.unpack_from("<I", data, at)
        markdown = data[at + 4 : at + 4 + n]
        at += 4 + n
        h = hashlib.sha256()
        out = p()
        h.update(text(lib.mc_markdown_parse(markdown, ctypes.byref(out)), out))
        out = p()
        h.update(text(lib.mc_markdown_to_html(markdown, None, ctypes.byref(out)), out))
        h.update(struct.pack("<i", lib.mc_draft_load_markdown(draft, markdown, None)))
        out = p()
        h.update(text(lib.mc_draft_document(draft, ctypes.byref(out)), out))
        out = p()
        h.update(text(lib.mc_draft_serialize(draft, ctypes.byref(out)), out))
        digests.append(h.digest())
    lib.mc_draft_free(draft)
    Path(out_path).write_bytes(b"".join(digests))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("reference")
    parser.add_argument("candidate")
    parser.add_argument("--seed", type=int, default=20261203)
    parser.add_argument("--scale", type=int, default=30, help="generated inputs: 3,200 and chat messages: 500 per unit (default 30)")
    args = parser.parse_args()
    inputs = [m.replace(b"\0", b"") for m in all_inputs(args.seed, args.scale)]
    with tempfile.TemporaryDirectory() as tmp:
        packed = Path(tmp) / "inputs.bin"
        packed.write_bytes(b"".join(struct.pack("<I", len(m)) + m for m in inputs))
        outs = []
        for k, lib in enumerate((args.reference, args.candidate)):
            out = Path(tmp) / f"out{k}.bin"
            subprocess.run([sys.executable, __file__, "--worker", lib, str(packed), str(out)], check=True)
            outs.append(out.read_bytes())
    a, b = outs
    for i in range(len(inputs)):
        if a[32 * i : 32 * i + 32] != b[32 * i : 32 * i + 32]:
            print(f"input {i} of {len(inputs)} differs: {inputs[i][:300]!r}")
            return 1
    print(f"{len(inputs):,} inputs: every output agrees (parse, HTML, load + document + serialize)")
    return 0


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--worker":
        worker(*sys.argv[2:5])
    else:
        sys.exit(main())
