"""The composer as a host app drives it through the issue-11 features, end to end and typed: live
configuration, banners, slow mode from the last message, stickers, voice notes, legacy picks, media
metadata, thread replies to the channel, commands, captions, ids across snapshots, code blocks.
The rules are the engine's (Tests/ComposerCoreTests/Composer/ComposerHostTests.swift); this proves
the marshalling: arguments, typed results, typed events and exception types."""

import dataclasses

import pytest

import message_composer as mc
from message_composer import Draft
from message_composer import UploadEvent as U


def test_a_host_app_session_through_every_new_feature():
    heard: list[mc.Event] = []
    with Draft({"mention_limit": 1, "slow_mode_seconds": 30}) as d:
        d.set_listener(heard.append)

        # Three backticks, Enter, code: a code block holding the code.
        for ch in "```":
            d.insert(ch)
        d.enter()
        d.insert("print(1)")
        assert d.document() == mc.Document("print(1)", (mc.Span(0, 8, "code_block"),))
        d.clear()

        # The mention banner goes with its cause; the host dismisses one.
        d.insert_mention("u1", "Al")
        with pytest.raises(mc.LimitExceededError):
            d.insert_mention("u2", "Bo")
        assert d.ui_state().info_banner == "You can mention up to 1 person in a message."
        d.select_all()
        d.delete_backward()
        assert d.ui_state().info_banner is None
        assert mc.BannerEvent(None) in heard
        d.dismiss_banner()

        # Live configuration: partial, validated whole, heard typed.
        with pytest.raises(mc.InvalidArgumentError, match='unknown key "bogus"'):
            d.update_config({"max_files": 2, "bogus": 1})
        assert d.config.max_files == 10
        heard.clear()
        d.update_config({"max_files": 2, "commands": False, "max_length": None})
        (config_event,) = [e for e in heard if isinstance(e, mc.ConfigEvent)]
        assert config_event == mc.ConfigEvent(changed=("max_files", "commands"), max_files=2, commands=False)
        assert (d.config.max_files, d.config.commands, d.config.stickers) == (2, False, True)
        d.update_config('{"commands": true}')

        # Commands: set_command(name) gives args None; "//x" is literal.
        d.set_command("shrug")
        assert d.ui_state().command == mc.Command("shrug", None)
        d.clear_command()
        d.insert("//x")
        assert d.ui_state().command_query is None

        # A thread reply that also goes to the channel, once; slow mode from the last message.
        with pytest.raises(mc.NotAllowedError):
            d.set_also_send_to_channel(True)
        d.set_thread("t-1")
        heard.clear()
        d.set_also_send_to_channel(True)
        assert heard == [mc.ThreadEvent("t-1", True)]
        assert d.ui_state().also_send_to_channel is True
        d.start_cooldown(last_message_ms=5_000, now_ms=10_000)
        assert d.ui_state().cooldown_remaining_ms == 25_000
        with pytest.raises(mc.OutOfRangeError):
            d.start_cooldown(-1, 10_000)
        d.tick(35_000)
        (sent,) = d.send(35_000)
        assert (sent.text, sent.parent_id, sent.also_send_to_channel) == ("//x", "t-1", True)
        assert d.ui_state().also_send_to_channel is False

        # An edit of a media message may empty its caption, and slow mode neither holds nor restarts.
        d.begin_edit("m-1", "a caption", is_media=True)
        d.select_all()
        d.delete_backward()
        (edit,) = d.send(36_000)
        assert (edit.type, edit.text, edit.edited_id) == ("edit", "", "m-1")
        assert d.ui_state().cooldown_remaining_ms == 29_000

        # Stickers go out at once; voice notes need an audio type.
        d.tick(65_000)
        assert d.ui_state().sticker_available is True
        sticker = d.send_sticker("s-1", "cdn.example/s.webp", pack="cats")
        assert (sticker.type, sticker.sticker) == ("sticker", mc.Sticker("s-1", "https://cdn.example/s.webp", "cats"))
        with pytest.raises(mc.UnsafeLinkError):
            d.send_sticker("s-2", "javascript:alert(1)")
        with pytest.raises(mc.InvalidArgumentError, match="audio MIME type"):
            d.voice_note("v.png", "image/png", 1, "r")

        # Media metadata goes out with the file; ids never come back after a restore.
        d.tick(95_000)
        picks = [
            {"name": "v.mp4", "mime": "video/mp4", "size": 9, "width": 640, "height": 360, "duration": 2.5,
             "extra": {"thumb": "t.jpg"}},
            {"name": "b.png", "size": 1},
            {"name": "c.png", "size": 1},
        ]  # fmt: skip
        result = d.stage_files(picks)
        assert (result.staged, result.dropped, result.messages) == ((1, 2), 1, ())
        d.upload_event(2, U.START)
        d.remove_attachment(2)
        d.restore(d.snapshot())
        assert d.stage_files([{"name": "d.png", "size": 1}]).staged == (3,)
        with pytest.raises(mc.NotAllowedError, match="attachment 2 was removed or sent"):
            d.upload_event(2, U.COMPLETE, value="late")
        d.remove_attachment(3)
        d.upload_event(1, U.RETRY)  # restored as interrupted
        d.upload_event(1, U.START)
        d.upload_event(1, U.COMPLETE, value="https://cdn/v")
        (media,) = d.send(95_000)
        (video,) = media.attachments
        assert (video.width, video.height, video.duration, video.extra) == (640, 360, 2.5, {"thumb": "t.jpg"})
        # Hashable though it holds a dict: the extra object stays out of the hash.
        assert hash(video) == hash(dataclasses.replace(video, extra={"other": 1}))

        # Legacy single-attachment mode: the pick goes out at once, no tray.
        d.update_config({"multiple_attachments": False, "slow_mode_seconds": 0})
        (legacy,) = d.stage_files([{"name": "e.png", "size": 1, "ref": "file:///e.png"}]).messages
        assert [(a.ref, a.remote) for a in legacy.attachments] == [("file:///e.png", None)]
        assert d.attachments() == []
        d.set_listener(None)


def test_new_arguments_are_checked_before_c():
    with Draft() as d:
        with pytest.raises(TypeError):
            d.send_sticker(1, "https://x.y")  # type: ignore[arg-type]
        with pytest.raises(mc.InvalidUTF8Error):
            d.send_sticker("s", "https://x.y", pack="a\0b")
        with pytest.raises(mc.OutOfRangeError):
            d.start_cooldown(2**63, 0)
        with pytest.raises(mc.InvalidJSONError):
            d.update_config("{")
