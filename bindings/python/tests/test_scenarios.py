"""A few end-to-end flows through the binding, as a chat client drives it, read through typed
results. The rules they touch are the engine's and tested there; these prove the pieces fit."""

import pytest

import message_composer as mc
from message_composer import Draft, Format, UploadEvent


def test_a_reply_in_a_thread_with_a_mention_and_a_bold_word():
    heard: list[mc.Event] = []
    with Draft({"mention_limit": 5}) as d:
        d.set_listener(heard.append)
        d.set_thread("thread-1")
        d.begin_reply("m-7", "Ann", "Are we **shipping**?")
        d.insert("Yes @bo")
        query = d.ui_state().mention_query
        assert query == mc.Query("bo", 4, 7)
        d.set_selection(query.start, query.end)
        d.insert_mention("u42", "Bob")
        d.insert("will merge today")
        start = d.text.index("today")
        d.apply_format(start, start + 5, Format.BOLD)
        (message,) = d.send(now_ms=1_000)
        state = d.ui_state()
    assert message.text == "Yes <@uid:u42> will merge **today**"
    assert (message.type, message.quoted_id, message.parent_id) == ("text", "m-7", "thread-1")
    assert message.mentions == (mc.MessageMention("u42", "Bob"),)
    assert (state.mode.kind, state.thread_parent_id, state.length) == ("new", "thread-1", 0)
    assert mc.MentionQueryEvent(None) in heard


def test_an_edit_sends_an_edit_and_gives_the_draft_back():
    with Draft() as d:
        d.insert("half-written")
        d.begin_edit("m-1", "old *text*", None)
        assert d.ui_state().mode == mc.Mode("edit", message_id="m-1", media=False)
        assert d.document() == mc.Document("old text", (mc.Span(4, 8, "italic"),))
        d.replace(0, 3, "new")
        (edit,) = d.send(now_ms=5)
        assert (edit.type, edit.edited_id, edit.text) == ("edit", "m-1", "new *text*")
        assert d.text == "half-written"


def test_attachments_upload_fail_retry_and_go_out_with_slow_mode():
    files = [
        {"name": "cat.png", "mime": "image/png", "size": 52_311, "ref": "content://1"},
        {"name": "notes.pdf", "mime": "application/pdf", "size": 48_213},
    ]
    with Draft({"slow_mode_seconds": 10}) as d:
        d.insert("Look")
        cat, notes = d.stage_files(files).staged
        for i in (cat, notes):
            d.upload_event(i, UploadEvent.START)
        d.upload_event(cat, UploadEvent.PROGRESS, 0.5)
        d.upload_event(notes, UploadEvent.FAIL, value="network down")
        state = d.ui_state()
        assert state.send_blocked is not None and state.send_blocked.reason == "failed_uploads"
        assert [(t.state, t.progress, t.retryable) for t in state.tray] == [
            ("uploading", 0.5, False),
            ("failed", None, True),
        ]
        d.upload_event(notes, UploadEvent.RETRY)
        d.upload_event(notes, UploadEvent.START)
        for i in (cat, notes):
            d.upload_event(i, UploadEvent.COMPLETE, value=f"https://cdn/{i}")
        image, document = d.send(now_ms=1_000)
        assert [(m.attachment_kind, m.text) for m in (image, document)] == [("image", "Look"), ("file", "")]
        assert image.attachments[0].ref == "content://1" and document.attachments[0].remote == f"https://cdn/{notes}"
        d.insert("again")
        assert d.ui_state().send_blocked == mc.SendBlocked("cooldown", "slow mode: wait 10 s")
        d.tick(11_000)
        assert d.can_send


def test_a_snapshot_moves_a_draft_to_another_and_interrupts_uploads():
    with Draft() as a:
        a.insert("keep ")
        a.insert_mention("u1", "Ann")
        (i,) = a.stage_files([{"name": "a.png", "mime": "image/png", "size": 1}]).staged
        a.upload_event(i, UploadEvent.START)
        snapshot = a.snapshot()
        document = a.document()
    with Draft() as b:
        b.restore(snapshot)
        assert b.document() == document
        (tile,) = b.attachments()
        assert (tile.id, tile.state, tile.retryable, tile.error) == (i, "failed", True, "Upload interrupted.")
        with pytest.raises(mc.InvalidArgumentError):
            b.restore('{"version": 999}')
        assert b.document() == document
