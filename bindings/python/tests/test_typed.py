"""Typed results (message_composer.layouts): every layout of docs/json-layouts.md comes back from the
real library as its dataclass, equal to its ``*_json`` text decoded; keys a newer library adds are
ignored; a layout of the wrong shape raises InvalidJSONError; and ``mypy --strict`` catches a
misspelt field of an outgoing message. What the values mean is the engine's (its suite tests them)."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest

import message_composer as mc
from message_composer import Draft, EventKind, UploadEvent, layouts


def test_the_ui_state_reads_every_key_of_its_json():
    with Draft({"max_length": 50}) as d:
        d.insert("Hi @bo")
        d.begin_reply("m1", "Ann", "**quoted**")
        d.set_thread("t1")
        staged = d.stage_files([{"name": "a.png", "mime": "image/png", "size": 3}]).staged
        d.upload_event(staged[0], UploadEvent.START)
        d.upload_event(staged[0], UploadEvent.PROGRESS, 0.5)
        state = d.ui_state()
        raw = json.loads(d.ui_state_json())
    assert state == layouts.UIState.from_value(raw)
    assert [f.name for f in dataclasses.fields(layouts.UIState)] == list(raw)  # every key, in order
    assert state.mode == mc.Mode("reply", message_id="m1", preview=mc.ReplyPreview("Ann", "quoted"))
    assert state.send_blocked == mc.SendBlocked("uploads_pending", raw["send_blocked"]["message"])
    assert state.mention_query == mc.Query("bo", 3, 6)
    assert state.selection == (6, 6) and state.length == 6 and state.max_length == 50
    assert state.thread_parent_id == "t1"
    (tile,) = state.tray
    assert (tile.id, tile.kind, tile.state, tile.progress, tile.remote) == (staged[0], "image", "uploading", 0.5, None)
    assert isinstance(state.tray, tuple) and isinstance(state.active_formats.formats, tuple)


def test_outgoing_messages_carry_attachments_mentions_and_ids():
    with Draft() as d:
        d.set_thread("t1")
        d.begin_reply("m1", "Ann", "hello")
        d.insert("see ")
        d.insert_mention("u42", "Bob")
        files = [
            {"name": "a.png", "mime": "image/png", "size": 3, "ref": "host-a"},
            {"name": "b.pdf", "mime": "application/pdf", "size": 4},
        ]
        for i in d.stage_files(files).staged:
            d.upload_event(i, UploadEvent.START)
            d.upload_event(i, UploadEvent.COMPLETE, value=f"https://cdn/{i}")
        image, document = d.send(1000)
    assert (image.type, image.text, image.attachment_kind) == ("media", "see <@uid:u42>", "image")
    assert image.mentions == (mc.MessageMention("u42", "Bob"),)
    assert image.attachments == (
        mc.OutgoingAttachment(1, "a.png", "image/png", 3, "image", "https://cdn/1", "host-a", None, None, None, None),
    )
    assert (image.quoted_id, image.parent_id, image.edited_id, image.command, image.args) == ("m1", "t1", None, None, None)
    assert (image.sticker, image.also_send_to_channel) == (None, False)
    assert (document.type, document.text, document.attachment_kind) == ("media", "", "file")
    assert document.attachments[0].ref == ""


def test_a_command_an_edit_and_a_voice_note_are_outgoing_messages_too():
    with Draft() as d:
        d.set_command("giphy", "cats")
        (command,) = d.send(1)
        d.begin_edit("m9", "old", None)
        d.replace(0, 3, "new")
        (edit,) = d.send(2)
        voice = d.voice_note("v.ogg", "audio/ogg", 5, "https://cdn/v")
        voice_json = d.voice_note_json("v.ogg", "audio/ogg", 5, "https://cdn/v")
    assert (command.type, command.command, command.args, command.text) == ("command", "giphy", "cats", "")
    assert (edit.type, edit.edited_id, edit.text) == ("edit", "m9", "new")
    assert (voice.type, voice.attachment_kind, voice.attachments[0].remote) == ("media", "audio", "https://cdn/v")
    assert mc.OutgoingMessage.from_json(voice_json) == dataclasses.replace(voice, attachments=(
        dataclasses.replace(voice.attachments[0], id=json.loads(voice_json)["attachments"][0]["id"]),
    ))


def test_send_json_gives_the_text_send_decodes():
    with Draft() as d:
        d.insert("a")
        text = d.send_json(1)
    assert layouts.messages_from_json(text)[0].text == "a"
    assert json.loads(text)[0]["type"] == "text"


def test_documents_spans_mentions_formats_tiles_and_config_come_typed():
    with Draft({"allowed_types": ["image/*"], "mention_limit": 3}) as d:
        d.insert("Hi ")
        d.insert_mention("u1", "Ann")
        d.insert("link")
        d.apply_format(8, 12, mc.Format.LINK, "e.com")
        d.set_selection(9, 10)
        d.stage_files([{"name": "x.txt", "mime": "text/plain", "size": 1}])
        document = d.document()
        assert document == mc.Document.from_json(d.document_json())
        assert document.spans == (
            mc.Span(3, 7, "mention", uid="u1", name="Ann"),
            mc.Span(8, 12, "link", url="https://e.com"),
        )
        assert d.spans(0, 7) == [mc.Span(3, 7, "mention", uid="u1", name="Ann")]
        assert d.mentions == [mc.Mention(3, 7, "u1", "Ann")]
        assert d.mention_names == {"u1": "Ann"}
        assert d.active_formats == mc.ActiveFormats(("link",), "https://e.com", None)
        (tile,) = d.attachments()
        assert (tile.state, tile.progress, tile.retryable) == ("error", None, False)
        assert tile.error and layouts.list_from_json(d.attachments_json(), mc.Tile.from_value, "t") == (tile,)
        config = d.config
        assert config == mc.Config.from_json(d.config_json())
        assert (config.allowed_types, config.mention_limit, config.max_length) == (("image/*",), 3, None)
        assert mc.parse_markdown(d.markdown, d.mention_names) == document


def test_a_document_goes_back_in_as_a_document():
    document = mc.Document("ab", (mc.Span(0, 2, "bold"), mc.Span(0, 2, "color", color="#ff0000")))
    with Draft() as d:
        d.load_document(document)
        assert d.document() == document
        assert d.document_json() == document.to_json()


def test_every_event_kind_comes_typed_with_its_json():
    heard: list[mc.Event] = []
    with Draft({"slow_mode_seconds": 1}) as d:
        d.set_listener(heard.append)
        d.insert("/g")  # text, selection, send state, command query, typing
        d.set_command("giphy", None)  # mode
        d.clear_command()
        d.insert("**x**")
        d.select_all()
        d.toggle_format(0, 5, mc.Format.ITALIC)  # formatting, formats
        (i,) = d.stage_files([{"name": "a.png", "mime": "image/png", "size": 1}]).staged  # tray
        d.upload_event(i, UploadEvent.START)
        d.remove_attachment(i)  # cancel upload
        d.insert("@b")  # mention query
        length = len(d)
        d.update_config({"max_length": 500})  # config
        d.set_thread("t1")  # thread
        with pytest.raises(mc.ComposerError):
            d.commit_batch()  # error
        d.set_listener(None)
    by_kind = {type(e): e for e in heard}
    assert set(by_kind) == {
        mc.TextEvent, mc.SelectionEvent, mc.SendStateEvent, mc.CommandQueryEvent, mc.TypingEvent, mc.ModeEvent,
        mc.FormattingEvent, mc.FormatsEvent, mc.TrayEvent, mc.CancelUploadEvent, mc.MentionQueryEvent, mc.ErrorEvent,
        mc.ConfigEvent, mc.ThreadEvent,
    }  # fmt: skip
    for event in heard:
        assert event == layouts.event_from_json(event.kind, event.payload_json)
        assert event.kind is EventKind[event.kind.name]
    assert by_kind[mc.CancelUploadEvent] == mc.CancelUploadEvent(i)
    assert by_kind[mc.ErrorEvent] == mc.ErrorEvent("mc_draft_commit_batch", -9, "mc_draft_commit_batch: no batch is open")
    assert by_kind[mc.ModeEvent].mode == mc.Mode("new")
    assert by_kind[mc.MentionQueryEvent].query == mc.Query("b", length - 2, length)
    assert by_kind[mc.ConfigEvent] == mc.ConfigEvent(changed=("max_length",), max_length=500)
    assert by_kind[mc.ThreadEvent] == mc.ThreadEvent("t1", False)


def test_banner_events_come_typed():
    heard: list[mc.Event] = []
    with Draft({"max_files": 1}) as d:
        d.set_listener(heard.append)
        result = d.stage_files([{"name": "a", "mime": "", "size": 1}, {"name": "b", "mime": "", "size": 1}])
    assert (result.dropped, result.notice) == (1, "You can attach up to 1 file.")
    assert mc.BannerEvent("You can attach up to 1 file.") in heard


def test_keys_a_newer_library_adds_are_ignored_and_new_names_pass_through():
    with Draft() as d:
        d.insert("a")
        raw = json.loads(d.ui_state_json())
        message = json.loads(d.send_json(1))[0]
    raw["future_key"] = {"anything": [1, 2]}
    raw["mode"]["future"] = True
    raw["active_formats"]["formats"].append("sparkle")
    message.update(type="poll", poll_id="p1")
    state = layouts.UIState.from_value(raw)
    assert state.active_formats.formats[-1] == "sparkle"
    assert mc.OutgoingMessage.from_value(message).type == "poll"
    assert layouts.event_from_json(99, '{"x": 1}') == mc.UnknownEvent(99, {"x": 1})


@pytest.mark.parametrize(
    "mutate, message",
    [
        (lambda s: s.pop("can_send"), '"can_send" is not a boolean'),
        (lambda s: s.update(length="3"), '"length" is not an integer'),
        (lambda s: s.update(length=True), '"length" is not an integer'),
        (lambda s: s.update(selection=[1]), "expected [anchor, focus], not 1 numbers"),
        (lambda s: s.update(tray={}), "tray: expected an array, not dict"),
        (lambda s: s.update(mode=[]), "expected an object, not list"),
    ],
)
def test_a_layout_of_the_wrong_shape_raises_invalid_json_error(mutate, message):
    with Draft() as d:
        raw = json.loads(d.ui_state_json())
    mutate(raw)
    with pytest.raises(mc.InvalidJSONError) as caught:
        layouts.UIState.from_json(json.dumps(raw))
    assert caught.value.message == f"mc_draft_ui_state: unexpected JSON: {message}"
    with pytest.raises(mc.InvalidJSONError, match="^mc_draft_send: unexpected JSON: "):
        layouts.messages_from_json("[{]")


def test_results_are_frozen():
    with Draft() as d:
        state = d.ui_state()
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.can_send = True  # type: ignore[misc]
    assert not hasattr(state, "__dict__")  # slots
    assert hash(state.mode) == hash(mc.Mode("new"))


# mypy --strict against the installed package (its py.typed marker and annotations).

SAMPLE = """
    import message_composer as mc

    def first_text(draft: mc.Draft) -> str:
        messages = draft.send(now_ms=1000)
        return messages[0].{field}
"""


def mypy(tmp_path: Path, source: str) -> subprocess.CompletedProcess[str]:
    # A directory and cache of its own for each run: mypy's cache takes a file of the same size
    # and modification time as unchanged, and "text" / "txet" written within one clock tick are.
    run = Path(tempfile.mkdtemp(dir=tmp_path))
    path = run / "sample.py"
    path.write_text(textwrap.dedent(source))
    env = dict(os.environ, MYPY_CACHE_DIR=str(run / "cache"))
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", "--hide-error-context", str(path)],
        capture_output=True, text=True, cwd=run, env=env, check=False,
    )  # fmt: skip


def test_mypy_strict_catches_a_misspelt_field_of_an_outgoing_message(tmp_path):
    good = mypy(tmp_path, SAMPLE.format(field="text"))
    assert good.returncode == 0, good.stdout + good.stderr
    bad = mypy(tmp_path, SAMPLE.format(field="txet"))
    assert bad.returncode == 1, bad.stdout + bad.stderr
    assert '"OutgoingMessage" has no attribute "txet"' in bad.stdout
    assert "[attr-defined]" in bad.stdout
