"""Who owns what: a Draft owns its C handle (closed once, by close(), the context manager or its
finalizer), every library string is copied and freed, a closed draft refuses every method, and a
draft is not copied. The C side of the same rules is the C suite's (valgrind and ASan)."""

import copy
import gc
import pickle
import threading

import pytest

import message_composer as mc
from message_composer import CaretUnit, Draft, Format, UploadEvent, _ffi


def test_close_is_idempotent_and_the_context_manager_closes():
    with Draft() as d:
        assert not d.closed
        assert repr(d).startswith("<Draft 0x")
    assert d.closed
    assert repr(d) == "<Draft closed>"
    d.close()
    d.close()
    assert d.closed


# Every method of Draft once: after close() each raises InvalidHandleError naming its C function.
CLOSED_CALLS = {
    "mc_draft_replace_n": lambda d: d.replace(0, 0, "x"),
    "mc_draft_text": lambda d: d.text,
    "mc_draft_length": len,
    "mc_draft_selection": lambda d: d.selection,
    "mc_draft_set_selection": lambda d: d.set_selection(0, 0),
    "mc_draft_convert_offset": lambda d: d.convert_offset(0, mc.Unit.SCALAR, mc.Unit.UTF8),
    "mc_draft_select_all": lambda d: d.select_all(),
    "mc_draft_insert_n": lambda d: d.insert("x"),
    "mc_draft_enter": lambda d: d.enter(),
    "mc_draft_delete_backward": lambda d: d.delete_backward(),
    "mc_draft_delete_forward": lambda d: d.delete_forward(),
    "mc_draft_move_caret": lambda d: d.move_caret(CaretUnit.WORD, 1),
    "mc_draft_apply_format": lambda d: d.apply_format(0, 0, Format.BOLD),
    "mc_draft_toggle_format": lambda d: d.toggle_format(0, 0, Format.BOLD),
    "mc_draft_remove_format": lambda d: d.remove_format(0, 0, Format.BOLD),
    "mc_draft_active_formats": lambda d: d.active_formats,
    "mc_draft_set_link": lambda d: d.set_link("https://a.org"),
    "mc_draft_remove_link": lambda d: d.remove_link(),
    "mc_draft_insert_link": lambda d: d.insert_link("a", "https://a.org"),
    "mc_draft_insert_mention": lambda d: d.insert_mention("u1", "Bob"),
    "mc_draft_mentions": lambda d: d.mention_names,
    "mc_draft_undo": lambda d: d.undo(),
    "mc_draft_redo": lambda d: d.redo(),
    "mc_draft_undo_state": lambda d: d.undo_state,
    "mc_draft_begin_batch": lambda d: d.begin_batch(),
    "mc_draft_commit_batch": lambda d: d.commit_batch(),
    "mc_draft_document": lambda d: d.document(),
    "mc_draft_load_document": lambda d: d.load_document(mc.Document("x", ())),
    "mc_draft_spans": lambda d: d.spans(0, 0),
    "mc_draft_serialize": lambda d: d.markdown,
    "mc_draft_load_markdown": lambda d: d.load_markdown("x", {"u1": "Bob"}),
    "mc_draft_normalize_markdown": lambda d: d.normalize_markdown(),
    "mc_draft_config": lambda d: d.config,
    "mc_draft_ui_state": lambda d: d.ui_state(),
    "mc_draft_set_listener": lambda d: d.set_listener(None),
    "mc_draft_tick": lambda d: d.tick(0),
    "mc_draft_can_send": lambda d: d.can_send,
    "mc_draft_send": lambda d: d.send(0),
    "mc_draft_clear": lambda d: d.clear(),
    "mc_draft_begin_edit": lambda d: d.begin_edit("m", "x"),
    "mc_draft_begin_reply": lambda d: d.begin_reply("m", "s", "x"),
    "mc_draft_cancel_mode": lambda d: d.cancel_mode(),
    "mc_draft_set_thread": lambda d: d.set_thread("t"),
    "mc_draft_set_command": lambda d: d.set_command("c"),
    "mc_draft_clear_command": lambda d: d.clear_command(),
    "mc_draft_snapshot": lambda d: d.snapshot(),
    "mc_draft_restore": lambda d: d.restore("{}"),
    "mc_draft_stage_files": lambda d: d.stage_files([]),
    "mc_draft_upload_event": lambda d: d.upload_event(1, UploadEvent.START),
    "mc_draft_remove_attachment": lambda d: d.remove_attachment(1),
    "mc_draft_attachments": lambda d: d.attachments(),
    "mc_draft_voice_note": lambda d: d.voice_note("v", "audio/ogg", 1, "r"),
}


@pytest.mark.parametrize("where, call", CLOSED_CALLS.items(), ids=list(CLOSED_CALLS))
def test_a_closed_draft_raises_invalid_handle_error(where, call):
    d = Draft()
    d.close()
    with pytest.raises(mc.InvalidHandleError) as caught:
        call(d)
    assert caught.value.status == -3
    assert caught.value.message == f"{where}: draft handle is invalid (freed, double-freed or never issued)"


def test_a_closed_handle_stays_invalid_when_its_slot_is_reused():
    old = Draft()
    old.close()
    fresh = [Draft() for _ in range(4)]
    try:
        with pytest.raises(mc.InvalidHandleError):
            old.replace(0, 0, "x")
        assert all(d.text == "" for d in fresh)
    finally:
        for d in fresh:
            d.close()


def test_an_unreferenced_draft_is_freed_by_its_finalizer():
    d = Draft()
    finalizer = d._finalizer
    handle = d._handle
    del d
    gc.collect()
    assert not finalizer.alive
    with pytest.raises(mc.InvalidHandleError):
        _ffi.take_int64(_ffi.lib.mc_draft_length, handle)


def test_a_draft_cannot_be_copied_or_pickled(draft):
    for attempt in (copy.copy, copy.deepcopy, pickle.dumps):
        with pytest.raises(TypeError, match="^a Draft owns a C handle and cannot be copied or pickled$"):
            attempt(draft)


def test_returned_strings_are_copies_freed_by_the_binding():
    """Each result is a Python str the binding copied before freeing the library's string: many
    calls leave the draft, and the results, intact."""
    with Draft() as d:
        d.insert("héllo 👋")
        results = {d.document_json() for _ in range(1000)} | {d.ui_state_json() for _ in range(1000)}
        assert len(results) == 2
        assert d.text == "héllo 👋"


def test_one_draft_can_be_edited_from_many_threads(draft):
    def typist(letter):
        for _ in range(200):
            draft.replace(0, 0, letter)

    threads = [threading.Thread(target=typist, args=(letter,)) for letter in "abcdefgh"]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(draft) == 1600
    assert sorted(draft.text) == sorted("abcdefgh" * 200)
