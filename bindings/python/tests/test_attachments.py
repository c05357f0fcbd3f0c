"""Attachments (SPEC section 7): staging, kinds, the upload state machine, limits, removal, voice
notes, legacy mode, snapshot/restore of the tray. Exact values are the library's."""

import json

import pytest

import message_composer as mc
from message_composer import Draft, EventKind, UploadEvent

U = UploadEvent
MB = 1024 * 1024


def pick(name, mime, size=1, ref=None):
    return {"name": name, "mime": mime, "size": size, "ref": ref or "ref-" + name}


def png(n, size=1):
    return pick(f"f{n}.png", "image/png", size, f"r{n}")


def tile(id, name, mime, size, kind, state="queued", progress=0.0, error=None, retryable=False, remote=None):
    return {
        "id": id,
        "kind": kind,
        "name": name,
        "mime": mime,
        "size": size,
        "state": state,
        "progress": progress,
        "error": error,
        "retryable": retryable,
        "remote": remote,
    }


def upload(draft, id, remote):
    draft.upload_event(id, U.START)
    draft.upload_event(id, U.PROGRESS, 0.5)
    draft.upload_event(id, U.COMPLETE, value=remote)


# Staging and sending


def test_a_mixed_pick_goes_out_as_one_message_per_kind_in_order_with_the_caption_first():
    with Draft() as d:
        d.set_thread("T")
        picks = [
            pick("a.pdf", "application/pdf", 10),
            pick("song.mp3", "audio/mpeg", 20),
            pick("b.png", "image/png", 30),
            pick("clip.mp4", "video/mp4", 40),
            pick("c.jpg", "", 50),  # the extension decides
            pick("noext", "", 60),
        ]
        assert d.stage_files(picks) == {"staged": [1, 2, 3, 4, 5, 6], "dropped": 0, "notice": None, "messages": []}
        assert d.attachments() == [
            tile(1, "a.pdf", "application/pdf", 10, "file"),
            tile(2, "song.mp3", "audio/mpeg", 20, "audio"),
            tile(3, "b.png", "image/png", 30, "image"),
            tile(4, "clip.mp4", "video/mp4", 40, "video"),
            tile(5, "c.jpg", "image/jpeg", 50, "image"),
            tile(6, "noext", "application/octet-stream", 60, "file"),
        ]
        state = d.ui_state()
        assert state["tray"] == d.attachments()
        assert state["send_blocked"] == {"reason": "uploads_pending", "message": "6 uploads are still in progress"}
        assert (state["mic_available"], state["attachments_available"]) == (False, True)
        for i in range(1, 7):
            upload(d, i, f"remote{i}")
        d.insert("**look**")
        assert d.can_send

        def sent(id, name, mime, size, kind):
            return {
                "id": id,
                "name": name,
                "mime": mime,
                "size": size,
                "kind": kind,
                "remote": f"remote{id}",
                "ref": f"ref-{name}",
                "width": None,
                "height": None,
                "duration": None,
                "extra": None,
            }

        def media(kind, attachments, text=""):
            return {
                "type": "media",
                "text": text,
                "mentions": [],
                "attachment_kind": kind,
                "attachments": attachments,
                "command": None,
                "args": None,
                "quoted_id": None,
                "edited_id": None,
                "parent_id": "T",
                "sticker": None,
                "also_send_to_channel": False,
            }

        assert d.send(100) == [
            media(
                "image",
                [sent(3, "b.png", "image/png", 30, "image"), sent(5, "c.jpg", "image/jpeg", 50, "image")],
                "**look**",
            ),
            media("video", [sent(4, "clip.mp4", "video/mp4", 40, "video")]),
            media("audio", [sent(2, "song.mp3", "audio/mpeg", 20, "audio")]),
            media(
                "file",
                [
                    sent(1, "a.pdf", "application/pdf", 10, "file"),
                    sent(6, "noext", "application/octet-stream", 60, "file"),
                ],
            ),
        ]
        assert d.attachments() == [] and d.text == ""


def test_attachments_without_text_send_without_a_caption():
    with Draft() as d:
        (i,) = d.stage_files([png(1)])["staged"]
        upload(d, i, "R")
        (m,) = d.send(0)
        assert (m["type"], m["text"], m["attachment_kind"]) == ("media", "", "image")


def test_staging_gives_tray_and_send_state_events():
    with Draft() as d:
        events = []
        d.set_listener(lambda kind, payload: events.append((kind, payload)))
        d.stage_files([png(1)])
        assert events == [
            (EventKind.SEND_STATE, {"can_send": False, "reason": "uploads_pending"}),
            (EventKind.TRAY, [tile(1, "f1.png", "image/png", 1, "image")]),
        ]


# The upload state machine: every state x every event

STATES = ["queued", "uploading", "uploaded", "failed", "error"]
#: The events that lead a fresh tile into each state.
PATHS = {
    "queued": [],
    "uploading": [(U.START,)],
    "uploaded": [(U.START,), (U.COMPLETE, 0.0, "R")],
    "failed": [(U.START,), (U.FAIL, 0.0, "net down")],
    "error": [(U.REJECT, 0.0, "too big")],
}
ARGUMENTS = {
    U.START: (0.0, None),
    U.PROGRESS: (0.5, None),
    U.COMPLETE: (0.0, "rem"),
    U.FAIL: (0.0, "oops"),
    U.RETRY: (0.0, None),
    U.REJECT: (0.0, None),
}
NOT_ALLOWED_TYPE = "This file type isn't allowed."
#: (state, event) -> the tile's (state, progress, error, retryable, remote) after it; absent = illegal.
LEGAL = {
    ("queued", U.START): ("uploading", 0.0, None, False, None),
    # A host may report progress without a separate start: queued -> uploading(p).
    ("queued", U.PROGRESS): ("uploading", 0.5, None, False, None),
    ("uploading", U.PROGRESS): ("uploading", 0.5, None, False, None),
    ("uploading", U.COMPLETE): ("uploaded", 1.0, None, False, "rem"),
    ("uploading", U.FAIL): ("failed", None, "oops", True, None),
    ("failed", U.RETRY): ("queued", 0.0, None, False, None),
    **{(state, U.REJECT): ("error", None, NOT_ALLOWED_TYPE, False, None) for state in STATES},
}
ENGINE_BUGS: dict = {}


def transitions():
    for state in STATES:
        for event in UploadEvent:
            marks = []
            if (state, event) in ENGINE_BUGS:
                marks.append(pytest.mark.xfail(strict=True, reason=ENGINE_BUGS[(state, event)]))
            yield pytest.param(state, event, marks=marks, id=f"{state}-{event.name.lower()}")


@pytest.mark.parametrize("state, event", transitions())
def test_the_upload_state_machine(state, event):
    with Draft() as d:
        (i,) = d.stage_files([png(1)])["staged"]
        for step in PATHS[state]:
            d.upload_event(i, *step)
        assert d.attachments()[0]["state"] == state
        before = (d.attachments(), d.ui_state())
        expected = LEGAL.get((state, event))
        if expected is None:
            with pytest.raises(mc.NotAllowedError) as caught:
                d.upload_event(i, event, *ARGUMENTS[event])
            assert caught.value.message == (
                f"mc_draft_upload_event: illegal upload transition: {event.name.lower()} from {state}"
            )
            assert (d.attachments(), d.ui_state()) == before
        else:
            d.upload_event(i, event, *ARGUMENTS[event])
            new_state, progress, error, retryable, remote = expected
            assert d.attachments() == [
                tile(1, "f1.png", "image/png", 1, "image", new_state, progress, error, retryable, remote)
            ]


def test_progress_never_goes_backwards_and_stays_in_range():
    with Draft() as d:
        (i,) = d.stage_files([png(1)])["staged"]
        d.upload_event(i, U.START)
        d.upload_event(i, U.PROGRESS, 0.6)
        with pytest.raises(mc.NotAllowedError, match=r"cannot go backwards \(from 0\.6 to 0\.5\)$"):
            d.upload_event(i, U.PROGRESS, 0.5)
        with pytest.raises(mc.OutOfRangeError, match=r"must be in 0\.\.\.1, not 1\.5$"):
            d.upload_event(i, U.PROGRESS, 1.5)
        with pytest.raises(mc.OutOfRangeError, match=r"must be in 0\.\.\.1, not -0\.1$"):
            d.upload_event(i, U.PROGRESS, -0.1)
        with pytest.raises(mc.InvalidArgumentError, match="must be a number, not NaN$"):
            d.upload_event(i, U.PROGRESS, float("nan"))
        assert d.attachments()[0]["progress"] == 0.6
        d.upload_event(i, U.PROGRESS, 0.6)  # the same value is not backwards
        d.upload_event(i, U.PROGRESS, 1.0)
        assert d.attachments()[0]["progress"] == 1.0


def test_a_reject_with_a_message_shows_it():
    with Draft() as d:
        (i,) = d.stage_files([png(1)])["staged"]
        d.upload_event(i, U.REJECT, value="Virus found.")
        assert d.attachments()[0]["error"] == "Virus found."
        assert d.ui_state()["send_blocked"] == {
            "reason": "error_tiles",
            "message": "1 attachment has an error; remove it",
        }


def test_unknown_ids_and_events_are_refused():
    with Draft() as d:
        (i,) = d.stage_files([png(1)])["staged"]
        with pytest.raises(
            mc.InvalidArgumentError, match="^mc_draft_upload_event: no attachment with id 99 in the tray$"
        ):
            d.upload_event(99, U.START)
        with pytest.raises(mc.InvalidArgumentError, match="^mc_draft_upload_event: unknown upload event 99$"):
            d.upload_event(i, 99)
        with pytest.raises(mc.InvalidArgumentError):
            d.upload_event(-1, U.START)  # refused before C: not a uint64_t


@pytest.mark.parametrize("event", [U.COMPLETE, U.FAIL])
def test_a_missing_value_is_a_null_argument(event):
    with Draft() as d:
        (i,) = d.stage_files([png(1)])["staged"]
        d.upload_event(i, U.START)
        with pytest.raises(mc.ComposerError) as caught:
            d.upload_event(i, event)
        assert type(caught.value) is mc.NullArgumentError


def test_failed_uploads_block_sending_until_retried():
    with Draft() as d:
        (i,) = d.stage_files([png(1)])["staged"]
        d.upload_event(i, U.START)
        d.upload_event(i, U.FAIL, value="net down")
        assert d.ui_state()["send_blocked"]["reason"] == "failed_uploads"
        d.upload_event(i, U.RETRY)
        upload(d, i, "R")
        assert d.can_send


# Limits


def test_exactly_max_files_is_fine_one_more_is_dropped_with_a_banner():
    with Draft({"max_files": 3}) as d:
        events = []
        d.set_listener(lambda kind, payload: events.append((kind, payload)))
        assert d.stage_files([png(1), png(2), png(3)]) == {"staged": [1, 2, 3], "dropped": 0, "notice": None, "messages": []}
        assert d.ui_state()["info_banner"] is None
        events.clear()
        assert d.stage_files([png(4)]) == {"staged": [], "dropped": 1, "notice": "You can attach up to 3 files.", "messages": []}
        assert d.ui_state()["info_banner"] == "You can attach up to 3 files."
        assert events == [(EventKind.BANNER, "You can attach up to 3 files.")]
        assert [a["name"] for a in d.attachments()] == ["f1.png", "f2.png", "f3.png"]


def test_a_pick_beyond_max_files_keeps_the_first():
    with Draft({"max_files": 3}) as d:
        result = d.stage_files([png(n) for n in range(1, 6)])
        assert result == {"staged": [1, 2, 3], "dropped": 2, "notice": "You can attach up to 3 files.", "messages": []}
        assert [a["name"] for a in d.attachments()] == ["f1.png", "f2.png", "f3.png"]


def test_exactly_max_file_size_is_fine_one_byte_over_is_an_error_tile():
    with Draft({"max_file_size": 2 * MB}) as d:
        assert d.stage_files([png(1, 2 * MB), png(2, 2 * MB + 1)]) == {"staged": [1, 2], "dropped": 0, "notice": None, "messages": []}
        assert d.attachments() == [
            tile(1, "f1.png", "image/png", 2 * MB, "image"),
            tile(2, "f2.png", "image/png", 2 * MB + 1, "image", "error", None, "File exceeds 2 MB.", False),
        ]
        assert d.ui_state()["send_blocked"] == {
            "reason": "error_tiles",
            "message": "1 attachment has an error; remove it",
        }
        d.remove_attachment(2)
        assert d.ui_state()["send_blocked"]["reason"] == "uploads_pending"


def test_the_default_size_limit_is_100_mb():
    with Draft() as d:
        d.stage_files([png(1, 100 * MB), png(2, 100 * MB + 1)])
        assert [(a["state"], a["error"]) for a in d.attachments()] == [
            ("queued", None),
            ("error", "File exceeds 100 MB."),
        ]


def test_a_type_outside_allowed_types_is_an_error_tile():
    with Draft({"allowed_types": ["image/*"]}) as d:
        d.stage_files([pick("a.pdf", "application/pdf"), png(2)])
        assert [(a["state"], a["error"], a["retryable"]) for a in d.attachments()] == [
            ("error", NOT_ALLOWED_TYPE, False),
            ("queued", None, False),
        ]


# Removal


def test_removing_an_uploading_attachment_asks_the_host_to_cancel():
    with Draft() as d:
        events = []
        d.set_listener(lambda kind, payload: events.append((kind, payload)))
        i, j = d.stage_files([png(1), png(2)])["staged"]
        d.upload_event(i, U.START)
        events.clear()
        d.remove_attachment(i)
        assert events == [
            (EventKind.TRAY, [tile(2, "f2.png", "image/png", 1, "image")]),
            (EventKind.CANCEL_UPLOAD, {"id": i}),
        ]
        events.clear()
        d.remove_attachment(j)  # queued: nothing to cancel
        assert events == [
            (EventKind.SEND_STATE, {"can_send": False, "reason": "empty"}),
            (EventKind.TRAY, []),
        ]
        with pytest.raises(
            mc.NotAllowedError, match="^mc_draft_remove_attachment: attachment 2 was removed or sent: events for it are refused$"
        ):
            d.remove_attachment(j)


def test_clear_cancels_running_uploads():
    with Draft() as d:
        events = []
        d.set_listener(lambda kind, payload: events.append((kind, payload)))
        _, j = d.stage_files([png(1), png(2)])["staged"]
        d.upload_event(j, U.START)
        events.clear()
        d.clear()
        assert d.attachments() == []
        assert [e for e in events if e[0] is EventKind.CANCEL_UPLOAD] == [(EventKind.CANCEL_UPLOAD, {"id": j})]


# Voice notes


def test_a_voice_note_goes_out_at_once_and_leaves_the_text():
    with Draft() as d:
        d.insert("text")
        d.set_thread("T")
        assert d.voice_note("v.m4a", "audio/mp4", 1234, "rv") == {
            "type": "media",
            "text": "",
            "mentions": [],
            "attachment_kind": "audio",
            "attachments": [
                {
                    "id": 1,
                    "name": "v.m4a",
                    "mime": "audio/mp4",
                    "size": 1234,
                    "kind": "audio",
                    "remote": "rv",
                    "ref": "",
                    "width": None,
                    "height": None,
                    "duration": None,
                    "extra": None,
                }
            ],
            "command": None,
            "args": None,
            "quoted_id": None,
            "edited_id": None,
            "parent_id": "T",
            "sticker": None,
            "also_send_to_channel": False,
        }
        assert d.text == "text" and d.attachments() == []


def test_a_voice_note_is_refused_while_the_tray_holds_anything():
    with Draft() as d:
        (i,) = d.stage_files([png(1)])["staged"]
        assert d.ui_state()["mic_available"] is False
        with pytest.raises(
            mc.NotAllowedError, match="^mc_draft_voice_note: voice notes are unavailable while attachments are staged$"
        ):
            d.voice_note("v.m4a", "audio/mp4", 1, "rv")
        assert len(d.attachments()) == 1
        d.remove_attachment(i)
        assert d.ui_state()["mic_available"] is True
        assert d.voice_note("v.m4a", "audio/mp4", 1, "rv")["attachment_kind"] == "audio"


def test_a_voice_note_and_staging_are_refused_while_editing():
    with Draft() as d:
        d.begin_edit("m", "x")
        state = d.ui_state()
        assert (state["mic_available"], state["attachments_available"]) == (False, False)
        with pytest.raises(
            mc.NotAllowedError, match="^mc_draft_voice_note: voice notes are unavailable while editing$"
        ):
            d.voice_note("v.m4a", "audio/mp4", 1, "rv")
        with pytest.raises(
            mc.NotAllowedError, match="^mc_draft_stage_files: attachments cannot be added while editing a message$"
        ):
            d.stage_files([png(1)])


def test_staging_is_refused_with_a_command():
    with Draft() as d:
        d.set_command("me")
        with pytest.raises(
            mc.NotAllowedError, match="^mc_draft_stage_files: attachments cannot be added to a command$"
        ):
            d.stage_files([png(1)])


def test_set_command_clears_the_tray():
    with Draft() as d:
        d.stage_files([png(1)])
        d.set_command("me")
        assert d.attachments() == []


# Legacy: one attachment


def test_legacy_mode_sends_the_pick_at_once_without_a_tray():
    with Draft({"multiple_attachments": False}) as d:
        result = d.stage_files([png(1), png(2)])
        assert (result["staged"], result["dropped"], result["notice"]) == ([], 1, "You can attach up to 1 file.")
        (m,) = result["messages"]
        assert (m["type"], m["attachment_kind"]) == ("media", "image")
        assert [(a["id"], a["ref"], a["remote"]) for a in m["attachments"]] == [(1, "r1", None)]
        assert d.attachments() == [] and d.ui_state()["attachments_available"] is True
        assert d.stage_files([png(3)])["messages"][0]["attachments"][0]["id"] == 2


# Snapshot / restore


def test_snapshot_restore_with_an_upload_in_flight_gives_a_retryable_failure():
    with Draft() as d, Draft() as e:
        d.insert("hello")
        i, j = d.stage_files([png(1), png(2)])["staged"]
        d.upload_event(i, U.START)
        d.upload_event(i, U.PROGRESS, 0.4)
        upload(d, j, "R2")
        snapshot = d.snapshot()
        assert json.loads(snapshot)["version"] == 2
        events = []
        e.set_listener(lambda kind, payload: events.append(kind))
        e.restore(snapshot)
        assert e.attachments() == [
            tile(1, "f1.png", "image/png", 1, "image", "failed", None, "Upload interrupted.", True),
            tile(2, "f2.png", "image/png", 1, "image", "uploaded", 1.0, remote="R2"),
        ]
        assert e.ui_state()["send_blocked"]["reason"] == "failed_uploads"
        assert EventKind.TRAY in events and EventKind.TEXT in events
        e.upload_event(i, U.RETRY)  # retryable
        upload(e, i, "R1")
        assert [a["remote"] for m in e.send(0) for a in m["attachments"]] == ["R1", "R2"]
        # New ids continue after the restored ones.
        assert e.stage_files([png(3)])["staged"] == [3]


def test_restore_accepts_the_decoded_snapshot():
    with Draft() as d, Draft() as e:
        d.stage_files([png(1)])
        e.restore(json.loads(d.snapshot()))
        assert [a["name"] for a in e.attachments()] == ["f1.png"]


def test_an_unknown_snapshot_version_is_refused_and_the_tray_is_unchanged():
    with Draft() as d:
        d.stage_files([png(1)])
        snapshot = json.loads(d.snapshot())
        snapshot["version"] = 3
        snapshot["tray"]["tiles"] = []
        before = d.attachments()
        with pytest.raises(mc.InvalidArgumentError, match="snapshot version 3 is not supported"):
            d.restore(snapshot)
        assert d.attachments() == before
