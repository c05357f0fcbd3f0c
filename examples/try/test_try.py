#!/usr/bin/env python3
"""test_try.py: drives the try program (examples/try) in a detached tmux session, as a user would.

Usage: test_try.py PATH_TO_TRY

It starts the program in a private tmux server (its own socket in a temporary directory, no user
configuration) on a fixed-size pane, sends keys, reads the screen with ``tmux capture-pane`` and
checks it: bold typed with Ctrl-B shows in the wire markdown and as an ANSI bold run in the draft, "@al" offers
suggestions and Tab inserts the mention, Enter sends and the outgoing message is printed, Ctrl-J
makes a new line and a digit picks a suggestion, and Ctrl-D ends the program with exit status 0,
the terminal back in cooked mode and the messages printed on the normal screen. Every wait polls
the pane until a condition holds or a timeout passes; no fixed sleeps.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import tempfile
import time
from typing import Callable

COLUMNS, ROWS = 200, 50
TIMEOUT_S = 15.0


class Failure(Exception):
    pass


class Pane:
    def __init__(self, binary: str, directory: str) -> None:
        # A private server: its socket lives in the test's temporary directory.
        self.tmux = ["tmux", "-S", os.path.join(directory, "tmux.socket"), "-u", "-f", "/dev/null"]
        self.stty_file = os.path.join(directory, "stty-after")
        self.status_file = os.path.join(directory, "status")
        # The wrapper records the terminal's settings after the program ends (restored or not) and
        # the program's exit status (tmux's pane_dead_status is sometimes left empty for a pane
        # that did exit); remain-on-exit keeps the dead pane so its last screen can be read.
        command = (
            f"{shlex.quote(binary)}; status=$?; stty -a > {shlex.quote(self.stty_file)}; "
            f"echo $status > {shlex.quote(self.status_file)}.tmp; mv {shlex.quote(self.status_file)}.tmp "
            f"{shlex.quote(self.status_file)}; exit $status"
        )
        self.run(
            "new-session", "-d", "-s", "try", "-x", str(COLUMNS), "-y", str(ROWS),
            f"env LANG=C.UTF-8 TERM=tmux-256color sh -c {shlex.quote(command)}",
            ";", "set-option", "-t", "try", "remain-on-exit", "on",
        )

    def run(self, *args: str) -> str:
        result = subprocess.run([*self.tmux, *args], capture_output=True, text=True, check=False)
        if result.returncode != 0:
            raise Failure(f"tmux {' '.join(args)}: {result.stderr.strip()}")
        return result.stdout

    def keys(self, *keys: str) -> None:
        self.run("send-keys", "-t", "try", *keys)

    def type(self, text: str) -> None:
        self.run("send-keys", "-t", "try", "-l", text)

    def screen(self, escapes: bool = False, history: bool = False) -> str:
        flags = (["-e"] if escapes else []) + (["-S", "-"] if history else [])
        return self.run("capture-pane", "-t", "try", "-p", *flags)

    def dead(self) -> tuple[bool, str]:
        """Whether the pane's program has ended, and its exit status ("" while it runs), as the
        wrapper recorded it."""
        dead = self.run("display-message", "-t", "try", "-p", "#{pane_dead}").strip() == "1"
        if not dead or not os.path.exists(self.status_file):
            return False, ""
        with open(self.status_file, encoding="utf-8") as file:
            return True, file.read().strip()

    def wait(self, what: str, condition: Callable[[str], bool], escapes: bool = False) -> str:
        deadline = time.monotonic() + TIMEOUT_S
        while True:
            screen = self.screen(escapes)
            if condition(screen):
                return screen
            if time.monotonic() > deadline:
                raise Failure(f"timed out waiting for {what}; the screen:\n{screen}")
            time.sleep(0.05)

    def close(self) -> None:
        subprocess.run([*self.tmux, "kill-server"], capture_output=True, check=False)


SGR = re.compile(r"\x1b\[[0-9;]*m")


def section(screen: str, title: str) -> str:
    """The rows under the heading that starts with title, up to the next heading (escapes, when
    captured, are kept in the rows and ignored in the headings)."""
    rows = screen.split("\n")
    for i, row in enumerate(rows):
        if SGR.sub("", row).startswith(f"── {title}"):
            body = []
            for following in rows[i + 1 :]:
                if SGR.sub("", following).startswith("── "):
                    break
                body.append(following)
            return "\n".join(body)
    return ""


def check(binary: str) -> None:
    with tempfile.TemporaryDirectory() as temporary:
        pane = Pane(binary, temporary)
        try:
            drive(pane)
        finally:
            pane.close()


def drive(pane: Pane) -> None:
    pane.wait("the empty draft", lambda s: "can_send: no — empty" in section(s, "Send state"))

    # Bold "world" with Ctrl-B around it, then a mention query.
    pane.type("Hello ")
    pane.keys("C-b")
    pane.type("world")
    pane.keys("C-b")
    pane.type(" cc @al")
    screen = pane.wait(
        'the markdown "Hello **world** cc @al" and the suggestions for "al"',
        lambda s: "Hello **world** cc @al" in section(s, "Wire markdown")
        and "1 Alice (alice)" in section(s, "Draft")
        and "2 Alan (alan)" in section(s, "Draft"),
    )
    colored = pane.screen(escapes=True)
    draft_row = next((row for row in section(colored, "Draft").split("\n") if "world" in row), "")
    if not re.search(r"\x1b\[(?:[0-9;]*;)?1(?:;[0-9;]*)?mworld", draft_row):
        raise Failure(f"the draft does not show 'world' in bold: {draft_row!r}")
    if "can_send: yes" not in section(screen, "Send state"):
        raise Failure(f"a typed draft should be sendable:\n{screen}")

    # Tab picks the highlighted (first) suggestion: the mention replaces the query.
    pane.keys("Tab")
    pane.wait(
        "the mention of Alice",
        lambda s: "Hello world cc @Alice" in section(s, "Draft")
        and "Hello **world** cc <@uid:alice>" in section(s, "Wire markdown")
        and "1 Alice (alice)" not in section(s, "Draft"),
    )

    # Enter sends: the outgoing message is printed and the draft is empty again.
    pane.keys("Enter")
    pane.wait(
        "the outgoing message",
        lambda s: '{"type":"text","text":"Hello **world** cc <@uid:alice>","mentions":[{"uid":"alice","name":"Alice"}]'
        in section(s, "Outgoing messages (1 sent)")
        and "can_send: no — empty" in section(s, "Send state"),
    )

    # Ctrl-J makes a new line (no send); "@b" then "1" picks Bob by number.
    pane.type("line one")
    pane.keys("C-j")
    pane.type("@b")
    pane.wait("the suggestion of Bob", lambda s: "1 Bob (bob)" in section(s, "Draft"))
    pane.type("1")
    pane.wait("the mention of Bob", lambda s: "<@uid:bob>" in section(s, "Wire markdown"))
    pane.keys("Enter")
    pane.wait(
        "the second message",
        lambda s: '"text":"line one\\\\\\n<@uid:bob>"' in section(s, "Outgoing messages (2 sent)"),
    )

    # Ctrl-D quits: the pane's program ends with status 0, on the normal screen, with the
    # messages printed, and the terminal back in cooked mode.
    pane.keys("C-d")
    deadline = time.monotonic() + TIMEOUT_S
    while not pane.dead()[0]:
        if time.monotonic() > deadline:
            raise Failure(f"the program did not end after Ctrl-D; the screen:\n{pane.screen()}")
        time.sleep(0.05)
    status = pane.dead()[1]
    if status != "0":
        raise Failure(f"the program ended with status {status}; the screen:\n{pane.screen()}")
    final = pane.screen(history=True)  # from the top: tmux may scroll when it marks the pane dead
    if "try: 2 messages sent" not in final or "── Draft" in final:
        raise Failure(f"after quitting, the normal screen should list the messages sent:\n{final}")
    with open(pane.stty_file, encoding="utf-8") as file:
        settings = file.read().split()
    for setting in ("icanon", "echo", "icrnl", "isig", "opost"):
        if setting not in settings:
            raise Failure(f"the terminal was not restored: {setting} is off after the program ended")


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        check(os.path.abspath(sys.argv[1]))
    except Failure as failure:
        print(f"test-try: FAILED: {failure}", file=sys.stderr)
        return 1
    print("test-try: typed, bolded, mentioned (Tab and by number), sent twice, quit; terminal restored")
    return 0


if __name__ == "__main__":
    sys.exit(main())
