"""The composer as a chat UI drives it: mentions, formats, sending, reply, edit, slow mode, limits,
commands (SPEC sections 4, 5, 6, 8 and the UI state of section 10). Exact values are the library's."""

import pytest

import message_composer as mc
from message_composer import Draft, Format


def message(**fields):
    """An outgoing message with the defaults of a plain text message."""
    base = {
        "type": "text",
        "text": "",
        "mentions": [],
        "attachment_kind": None,
        "attachments": [],
        "command": None,
        "args": None,
        "quoted_id": None,
        "edited_id": None,
        "parent_id": None,
        "sticker": None,
        "also_send_to_channel": False,
    }
    assert set(fields) <= set(base), set(fields) - set(base)
    return dict(base, **fields)


def type_text(draft, text):
    """Types text one character at a time, as a keyboard does."""
    for ch in text:
        draft.insert(ch)


# Mentions, formats, send


def test_typing_a_mention_query_inserting_the_mention_formatting_and_sending_in_a_thread():
    with Draft() as d:
        d.tick(1_000)
        type_text(d, "Hi @bo")
        state = d.ui_state()
        assert state["mention_query"] == {"query": "bo", "start": 3, "end": 6}
        assert state["length"] == 6 and state["typing"] is True and state["can_send"] is True

        d.insert_mention("u42", "Bob")
        assert d.text == "Hi @Bob "
        assert d.selection == (8, 8)
        assert d.mentions == [{"start": 3, "end": 7, "uid": "u42", "name": "Bob"}]
        assert d.ui_state()["mention_query"] is None

        d.insert("there")
        d.apply_format(8, 13, Format.BOLD)
        d.set_thread("thread-1")
        assert d.ui_state()["thread_parent_id"] == "thread-1"
        assert d.send(2_000) == [
            message(text="Hi <@uid:u42> **there**", mentions=[{"uid": "u42", "name": "Bob"}], parent_id="thread-1")
        ]
        # The draft clears; the thread stays.
        assert d.text == "" and d.document() == {"text": "", "spans": []}
        state = d.ui_state()
        assert state["thread_parent_id"] == "thread-1"
        assert (state["can_send"], state["send_blocked"]) == (
            False,
            {"reason": "empty", "message": "the message is empty"},
        )
        d.insert("next")
        assert d.send(3_000) == [message(text="next", parent_id="thread-1")]
        d.set_thread(None)
        d.insert("main")
        assert d.send(4_000) == [message(text="main")]


def test_hand_typed_markdown_is_converted_and_whitespace_trimmed_on_send():
    with Draft() as d:
        d.insert("  **bold** and _it_  ")
        assert d.send(0) == [message(text="**bold** and *it*")]


def test_a_new_draft_ui_state():
    with Draft() as d:
        assert d.ui_state() == {
            "can_send": False,
            "send_blocked": {"reason": "empty", "message": "the message is empty"},
            "mode": {"kind": "new"},
            "thread_parent_id": None,
            "also_send_to_channel": False,
            "selection": [0, 0],
            "active_formats": {"formats": [], "link": None, "color": None},
            "tray": [],
            "attachments_available": True,
            "mic_available": True,
            "sticker_available": True,
            "info_banner": None,
            "mention_query": None,
            "command_query": None,
            "command": None,
            "cooldown_remaining_ms": 0,
            "length": 0,
            "max_length": None,
            "typing": False,
            "can_undo": False,
            "can_redo": False,
        }
        assert d.can_send is False


def test_whitespace_only_is_not_sendable():
    with Draft() as d:
        d.insert("  \n ")
        assert d.can_send is False
        assert d.ui_state()["send_blocked"]["reason"] == "empty"


def test_typed_carriage_returns_become_line_feeds():
    with Draft() as d:
        d.insert("a\r\nb\rc")
        assert d.text == "a\nb\nc"
        assert d.selection == (5, 5)


# Reply


def test_reply_carries_the_quoted_id_and_shows_a_preview():
    with Draft() as d:
        d.insert("ok")
        d.begin_reply("m1", "Alice", "**Long** message with <@uid:u1>", {"u1": "Bob"})
        assert d.ui_state()["mode"] == {
            "kind": "reply",
            "message_id": "m1",
            "preview": {"sender": "Alice", "snippet": "Long message with @Bob"},
        }
        assert d.text == "ok"  # the text being written stays
        assert d.send(10) == [message(text="ok", quoted_id="m1")]
        assert d.ui_state()["mode"] == {"kind": "new"}


def test_the_reply_snippet_is_cut_to_100_graphemes():
    with Draft() as d:
        d.begin_reply("m1", "Alice", "👍🏽" * 150)
        assert d.ui_state()["mode"]["preview"]["snippet"] == "👍🏽" * 100 + "\u2026"


def test_cancel_mode_dismisses_a_reply_and_keeps_the_text():
    with Draft() as d:
        d.insert("ok")
        d.begin_reply("m1", "Alice", "hey")
        d.cancel_mode()
        assert d.ui_state()["mode"] == {"kind": "new"}
        assert d.text == "ok"
        assert d.send(0) == [message(text="ok")]


def test_cancel_mode_does_nothing_for_a_new_message():
    with Draft() as d:
        d.insert("x")
        d.cancel_mode()
        assert (d.text, d.ui_state()["mode"]) == ("x", {"kind": "new"})


@pytest.mark.parametrize("message_id", ["", "a\nb", "a\tb"])
def test_bad_message_ids_are_refused(message_id):
    with Draft() as d:
        with pytest.raises(mc.InvalidArgumentError):
            d.begin_reply(message_id, "Alice", "hey")
        with pytest.raises(mc.InvalidArgumentError):
            d.begin_edit(message_id, "hey")
        assert d.ui_state()["mode"] == {"kind": "new"}


# Edit


def test_edit_then_cancel_brings_the_previous_draft_back():
    with Draft() as d:
        d.insert("my draft")
        d.apply_format(0, 2, Format.BOLD)
        d.begin_edit("m2", "*old* text")
        assert d.text == "old text"
        assert d.markdown == "*old* text"
        assert d.ui_state()["mode"] == {"kind": "edit", "message_id": "m2", "media": False}
        d.cancel_mode()
        assert d.text == "my draft"
        assert d.markdown == "**my** draft"
        assert d.ui_state()["mode"] == {"kind": "new"}


def test_edit_and_send_gives_an_edit_and_the_previous_draft_back():
    with Draft() as d:
        d.insert("my draft")
        d.begin_edit("m2", "*old* text")
        d.select_all()
        d.insert("new")  # takes the formats of the first replaced character
        assert d.send(4_000) == [message(type="edit", text="*new*", edited_id="m2")]
        assert d.text == "my draft"
        assert d.ui_state()["mode"] == {"kind": "new"}


def test_editing_a_media_message_edits_its_caption():
    with Draft() as d:
        d.begin_edit("m3", "cap <@uid:u1>", {"u1": "Ann"}, is_media=True)
        assert d.text == "cap @Ann"
        state = d.ui_state()
        assert state["mode"] == {"kind": "edit", "message_id": "m3", "media": True}
        assert (state["attachments_available"], state["mic_available"]) == (False, False)
        assert d.send(1) == [
            message(type="edit", text="cap <@uid:u1>", mentions=[{"uid": "u1", "name": "Ann"}], edited_id="m3")
        ]


# Refused sends


def test_a_refused_send_raises_not_allowed_and_changes_nothing():
    with Draft({"max_length": 5}) as d:
        d.insert("123456")
        before = (d.document(), d.selection, d.undo_state, d.ui_state())
        with pytest.raises(mc.NotAllowedError) as caught:
            d.send(0)
        assert caught.value.message == "mc_draft_send: cannot send: the message is 6 characters long; the limit is 5"
        assert (d.document(), d.selection, d.undo_state, d.ui_state()) == before


def test_max_length_blocks_with_too_long():
    with Draft({"max_length": 5}) as d:
        d.insert("12345")
        assert d.can_send is True
        d.insert("6")
        state = d.ui_state()
        assert (state["can_send"], state["length"], state["max_length"]) == (False, 6, 5)
        assert state["send_blocked"] == {
            "reason": "too_long",
            "message": "the message is 6 characters long; the limit is 5",
        }
        d.delete_backward()
        assert d.can_send is True
        assert d.send(0) == [message(text="12345")]


def test_an_empty_send_is_refused():
    with Draft() as d:
        with pytest.raises(mc.NotAllowedError, match=r"^mc_draft_send: cannot send: the message is empty$"):
            d.send(0)


def test_the_clock_never_goes_backwards():
    with Draft() as d:
        d.tick(1_000)
        d.insert("x")
        with pytest.raises(mc.OutOfRangeError, match=r"^mc_draft_send: clock went backwards \(900 < 1000\)$"):
            d.send(900)
        with pytest.raises(mc.OutOfRangeError):
            d.tick(999)
        assert d.text == "x"
        d.tick(1_000)  # the same time is fine


# Slow mode


def test_slow_mode_blocks_sending_until_the_deadline():
    with Draft({"slow_mode_seconds": 10}) as d:
        d.tick(1_000)
        d.insert("a")
        assert d.send(1_000) == [message(text="a")]
        d.insert("b")
        state = d.ui_state()
        assert (state["can_send"], state["cooldown_remaining_ms"]) == (False, 10_000)
        assert state["send_blocked"] == {"reason": "cooldown", "message": "slow mode: wait 10 s"}
        with pytest.raises(mc.NotAllowedError, match=r"^mc_draft_send: cannot send: slow mode: wait 6 s$"):
            d.send(5_000)
        assert d.text == "b"
        d.tick(10_999)
        assert (d.can_send, d.ui_state()["cooldown_remaining_ms"]) == (False, 1)
        assert d.ui_state()["send_blocked"]["reason"] == "cooldown"
        d.tick(11_000)
        assert (d.can_send, d.ui_state()["send_blocked"], d.ui_state()["cooldown_remaining_ms"]) == (True, None, 0)
        assert d.send(11_000) == [message(text="b")]
        assert d.ui_state()["cooldown_remaining_ms"] == 10_000


def test_without_slow_mode_sends_follow_each_other():
    with Draft() as d:
        for t in range(3):
            d.insert("x")
            assert d.send(t) == [message(text="x")]


# Commands


def test_a_slash_at_the_start_opens_a_command_query():
    with Draft() as d:
        d.insert("/gi")
        assert d.ui_state()["command_query"] == {"query": "gi", "start": 0, "end": 3}
        d.insert(" x")
        assert d.ui_state()["command_query"] is None


def test_a_slash_elsewhere_opens_no_command_query():
    with Draft() as d:
        d.insert("a /gi")
        assert d.ui_state()["command_query"] is None


def test_set_command_clears_the_text_and_sends_a_command():
    with Draft() as d:
        d.insert("/gi")
        d.set_command("giphy", "cats")
        state = d.ui_state()
        assert (d.text, state["command"], state["command_query"]) == ("", {"name": "giphy", "args": "cats"}, None)
        assert d.can_send is True
        assert d.send(10) == [message(type="command", command="giphy", args="cats")]
        assert d.ui_state()["command"] is None


def test_clear_command_removes_it():
    with Draft() as d:
        d.set_command("me")
        assert d.can_send is True
        d.clear_command()
        assert (d.ui_state()["command"], d.can_send) == (None, False)


def test_commands_are_refused_while_editing():
    with Draft() as d:
        d.begin_edit("m", "t")
        with pytest.raises(mc.NotAllowedError, match="^mc_draft_set_command: commands cannot be set while editing"):
            d.set_command("me")
        assert d.ui_state()["command"] is None


# Clear


def test_clear_keeps_mode_and_thread():
    with Draft() as d:
        d.set_thread("T")
        d.begin_reply("m1", "Al", "hi")
        d.insert("text")
        d.clear()
        state = d.ui_state()
        assert (d.text, state["thread_parent_id"], state["mode"]["kind"]) == ("", "T", "reply")


# Snapshot / restore of the composer state


def test_snapshot_and_restore_bring_back_text_formats_mode_and_thread():
    with Draft() as d, Draft() as e:
        d.insert("my draft")
        d.begin_edit("m9", "**x** y")
        d.set_thread("T")
        snapshot = d.snapshot()
        e.restore(snapshot)
        assert (e.document(), e.selection, e.ui_state()["mode"], e.ui_state()["thread_parent_id"]) == (
            d.document(),
            d.selection,
            {"kind": "edit", "message_id": "m9", "media": False},
            "T",
        )
        assert e.undo_state == (False, False)
        e.cancel_mode()
        assert e.text == "my draft"  # the put-aside draft travels with the snapshot


def test_an_unknown_snapshot_version_is_refused_and_nothing_changes():
    with Draft() as d:
        d.insert("keep")
        snapshot = d.snapshot()
        with pytest.raises(
            mc.InvalidArgumentError,
            match=r"^mc_draft_restore: snapshot version 99 is not supported \(this library reads versions 1 and 2\)$",
        ):
            d.restore(snapshot.replace('"version":2', '"version":99', 1))
        with pytest.raises(mc.InvalidArgumentError, match='"version" is required'):
            d.restore("{}")
        with pytest.raises(mc.InvalidJSONError):
            d.restore("{")
        assert d.text == "keep"
