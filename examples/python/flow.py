"""flow.py: one message written the way a chat client drives the composer, through the Python binding.

1. a draft with a configuration, and a listener (the events a UI redraws from)
2. typing text, then bolding one word of it
3. typing "@al": the engine reports a mention query; the host picks a person and inserts the mention
4. staging a file and driving its upload (start, progress, complete) while the send state follows
5. sending: the outgoing messages
6. a received message rendered as plain text (a notification) and as safe HTML

Every failure raises a ``ComposerError``; the program then exits 1 with the library's message.
Results and events are typed (``message_composer.layouts``): ``make test`` checks this file with
``mypy --strict``.

Run: ``make examples``, or ``MESSAGE_COMPOSER_LIB=$PWD/build/lib/libmessage_composer.so.1
PYTHONPATH=bindings/python python3 examples/python/flow.py``.
"""

from __future__ import annotations

import sys

import message_composer as mc

#: The host's people directory, which the mention query is matched against: uid -> display name.
DIRECTORY = {"u1": "Alice", "u2": "Bob", "u3": "Carol"}


class Host:
    """What the listener keeps for the host: the open mention query and a count of events."""

    def __init__(self) -> None:
        self.mention_query: str | None = None
        self.events = 0

    def on_event(self, event: mc.Event) -> None:
        self.events += 1
        if isinstance(event, mc.MentionQueryEvent):
            self.mention_query = event.query.query if event.query else None
            print(f"   event mention query: {event.payload_json}")
        elif isinstance(event, mc.SendStateEvent):
            print(f"   event send state:    can_send {event.can_send}, reason {event.reason}")
        elif isinstance(event, mc.TrayEvent):
            tiles = ", ".join(f"{t.name} {t.state}, progress {t.progress or 0:.0%}" for t in event.tiles)
            print(f"   event tray:          {tiles or 'empty'}")


def step(title: str) -> None:
    print(f"\n-- {title}")


def show_lines(label: str, text: str) -> None:
    print(f"   {label}")
    for line in text.split("\n"):
        print(f"     | {line}")


def report_send_state(draft: mc.Draft) -> None:
    blocked = draft.ui_state().send_blocked
    print("   can send: yes" if blocked is None else f"   can send: no ({blocked.reason}: {blocked.message})")


def flow() -> None:
    if mc.abi_version() != mc.ABI_VERSION:
        raise SystemExit(f"flow: the library's ABI {mc.abi_version()} is not the binding's {mc.ABI_VERSION}")
    print(f"libmessage_composer {mc.version()}")

    step("1. A draft and a listener")
    host = Host()
    with mc.Draft({"mention_limit": 5, "max_files": 3}) as draft:
        draft.set_listener(host.on_event)

        step("2. Type, and bold a word")
        draft.insert("The release notes are ready")
        start = draft.text.index("release")  # str indices are the library's offsets (Unicode scalars)
        draft.apply_format(start, start + len("release"), mc.Format.BOLD)
        print(f"   markdown: {draft.markdown}")

        step('3. A mention through the "@" query')
        draft.insert(", thanks @al")
        query = host.mention_query
        if query is None:
            raise SystemExit('flow: typing "@al" opened no mention query')
        matches = [(uid, name) for uid, name in DIRECTORY.items() if name.lower().startswith(query.lower())]
        if not matches:
            raise SystemExit(f'flow: nobody in the directory matches "{query}"')
        uid, name = matches[0]
        print(f'   the host suggests {name} ({uid}) for "{query}" and the user picks it')
        draft.insert_mention(uid, name)
        draft.insert("for the review.")  # the mention ends with a space
        print(f"   markdown: {draft.markdown}")

        step("4. Stage a file and upload it")
        result = draft.stage_files(
            [{"name": "notes.pdf", "mime": "application/pdf", "size": 48213, "ref": "file:///tmp/notes.pdf"}]
        )
        print(f"   staged: {result}")
        (attachment,) = result.staged
        report_send_state(draft)
        draft.upload_event(attachment, mc.UploadEvent.START)
        for progress in (0.25, 0.75, 1.0):
            draft.upload_event(attachment, mc.UploadEvent.PROGRESS, progress)
        report_send_state(draft)
        draft.upload_event(attachment, mc.UploadEvent.COMPLETE, value="https://cdn.example/notes.pdf")
        report_send_state(draft)

        step("5. Send")
        messages = draft.send(now_ms=1000)  # the host's clock, in ms
        print("   outgoing messages:")
        for message in messages:
            files = ", ".join(f"{a.name} at {a.remote} (host ref {a.ref})" for a in message.attachments)
            mentions = ", ".join(f"@{m.name} ({m.uid})" for m in message.mentions)
            print(f"     {message.type}: {message.text!r}; mentions: {mentions or 'none'}; files: {files or 'none'}")
        report_send_state(draft)  # the draft is empty again
        draft.set_listener(None)
        print(f"   {host.events} events heard")

    step("6. Render a received message")
    received = (
        "**Shipped** by <@uid:u2>: see [the notes](https://example.com/notes)\n\n> ~~draft~~ final\n\n- one\n- two"
    )
    names = {"u2": "Bob"}  # the host knows the display names
    show_lines("received markdown:", received)
    show_lines(
        "as a notification (plain text, 40 graphemes at most):",
        mc.markdown_to_plain_text(received, names, max_graphemes=40),
    )
    show_lines("as safe HTML:", mc.markdown_to_html(received, names))


def main() -> int:
    try:
        flow()
    except mc.ComposerError as error:
        print(f"flow: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
