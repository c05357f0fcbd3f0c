"""Listener events through the ctypes callback: their order, their coalescing, typing, errors, and
the callback's safety (re-entry, exceptions, removal). SPEC section 10."""

import gc
import threading
import warnings

import pytest

import message_composer as mc
from message_composer import Draft, EventKind, Format, UploadEvent

K = EventKind


class Recorder:
    """A listener that records (kind, payload) pairs."""

    def __init__(self, draft):
        self.events = []
        draft.set_listener(self)

    def __call__(self, kind, payload):
        assert isinstance(kind, EventKind)
        self.events.append((kind, payload))

    def take(self):
        events, self.events = self.events, []
        return events

    def kinds(self):
        return [k for k, _ in self.take()]


@pytest.fixture
def recorded():
    with Draft() as d:
        yield d, Recorder(d)


# One typed character


def test_the_first_character_gives_text_selection_send_state_typing_in_that_order(recorded):
    d, rec = recorded
    d.insert("H")  # plain text at the end of a plain line: the host's span rule formats it, no FORMATTING
    assert rec.take() == [
        (K.TEXT, {"start": 0, "end": 0, "text": "H", "length": 1}),
        (K.SELECTION, [1, 1]),
        (K.SEND_STATE, {"can_send": True, "reason": None}),
        (K.TYPING, {"typing": True}),
    ]
    d.insert("i")  # send state and typing do not change: not reported
    assert rec.take() == [
        (K.TEXT, {"start": 1, "end": 1, "text": "i", "length": 2}),
        (K.SELECTION, [2, 2]),
    ]


def test_an_at_sign_gives_the_mention_query_before_typing(recorded):
    d, rec = recorded
    d.insert("@")
    assert rec.take() == [
        (K.TEXT, {"start": 0, "end": 0, "text": "@", "length": 1}),
        (K.SELECTION, [1, 1]),
        (K.SEND_STATE, {"can_send": True, "reason": None}),
        (K.MENTION_QUERY, {"query": "", "start": 0, "end": 1}),
        (K.TYPING, {"typing": True}),
    ]
    d.insert("b")
    assert rec.take() == [
        (K.TEXT, {"start": 1, "end": 1, "text": "b", "length": 2}),
        (K.SELECTION, [2, 2]),
        (K.MENTION_QUERY, {"query": "b", "start": 0, "end": 2}),
    ]
    d.insert_mention("u1", "Bo")
    assert rec.take() == [
        (K.TEXT, {"start": 0, "end": 2, "text": "@Bo ", "length": 4}),
        (K.FORMATTING, {"start": 0, "end": 4}),
        (K.SELECTION, [4, 4]),
        (K.MENTION_QUERY, None),
    ]


def test_a_slash_gives_the_command_query(recorded):
    d, rec = recorded
    d.insert("/")
    assert rec.take() == [
        (K.TEXT, {"start": 0, "end": 0, "text": "/", "length": 1}),
        (K.SELECTION, [1, 1]),
        (K.SEND_STATE, {"can_send": True, "reason": None}),
        (K.COMMAND_QUERY, {"query": "", "start": 0, "end": 1}),
        (K.TYPING, {"typing": True}),
    ]


def test_moving_into_bold_text_gives_selection_then_formats(recorded):
    d, rec = recorded
    d.insert("Hello world")
    d.apply_format(0, 5, Format.BOLD)
    rec.take()
    d.set_selection(2, 2)
    assert rec.take() == [(K.SELECTION, [2, 2]), (K.FORMATS, {"formats": ["bold"], "link": None, "color": None})]
    d.set_selection(2, 2)  # nothing changes: nothing reported
    assert rec.take() == []


def test_reading_the_draft_inside_the_callback_sees_the_new_state(recorded):
    d, _ = recorded
    seen = []
    d.set_listener(lambda kind, payload: seen.append((kind, d.text, d.selection, d.can_send)))
    d.insert("hey")
    assert seen == [(k, "hey", (3, 3), True) for k in (K.TEXT, K.SELECTION, K.SEND_STATE, K.TYPING)]


# Batches


def test_a_batch_gives_one_event_per_kind_at_the_commit(recorded):
    d, rec = recorded
    with d.batch():
        d.insert("a")
        d.insert("@")
        d.insert("b")
        d.set_selection(0, 1)
        d.apply_format(0, 1, Format.BOLD)
        assert rec.take() == []
    assert rec.take() == [
        (K.TEXT, {"start": 0, "end": 0, "text": "a@b", "length": 3}),
        (K.FORMATTING, {"start": 0, "end": 3}),
        (K.SELECTION, [0, 1]),
        (K.FORMATS, {"formats": ["bold"], "link": None, "color": None}),
        (K.SEND_STATE, {"can_send": True, "reason": None}),
        (K.TYPING, {"typing": True}),
    ]  # the mention query opened and closed inside: not reported


def test_nested_batches_deliver_at_the_outermost_commit(recorded):
    d, rec = recorded
    d.begin_batch()
    d.begin_batch()
    d.insert("x")
    d.commit_batch()
    assert rec.take() == []
    d.commit_batch()
    assert rec.kinds() == [K.TEXT, K.SELECTION, K.SEND_STATE, K.TYPING]


def test_an_empty_batch_gives_nothing(recorded):
    d, rec = recorded
    with d.batch():
        pass
    assert rec.take() == []


def test_a_batch_that_changes_back_gives_nothing(recorded):
    d, rec = recorded
    d.insert("ab")
    rec.take()
    with d.batch():
        d.insert("c")
        d.delete_backward()
    assert rec.take() == []


# Typing


def test_typing_stops_5000_ms_after_the_last_edit(recorded):
    d, rec = recorded
    d.tick(10_000)
    d.insert("a")
    d.tick(12_000)
    d.insert("b")  # the last edit: 12 000
    rec.take()
    d.tick(16_999)
    assert rec.take() == [] and d.ui_state()["typing"] is True
    d.tick(17_000)
    assert rec.take() == [(K.TYPING, {"typing": False})]
    assert d.ui_state()["typing"] is False
    d.tick(30_000)
    assert rec.take() == []


def test_typing_stops_on_send(recorded):
    d, rec = recorded
    d.tick(1_000)
    d.insert("Hello")
    rec.take()
    d.send(2_000)
    assert rec.take() == [
        (K.TEXT, {"start": 0, "end": 5, "text": "", "length": 0}),
        (K.FORMATTING, {"start": 0, "end": 0}),
        (K.SELECTION, [0, 0]),
        (K.SEND_STATE, {"can_send": False, "reason": "empty"}),
        (K.TYPING, {"typing": False}),
    ]


def test_typing_stops_on_clear(recorded):
    d, rec = recorded
    d.insert("Hello")
    d.apply_format(0, 5, Format.BOLD)
    rec.take()
    d.clear()
    assert rec.take() == [
        (K.TEXT, {"start": 0, "end": 5, "text": "", "length": 0}),
        (K.FORMATTING, {"start": 0, "end": 0}),
        (K.SELECTION, [0, 0]),
        (K.FORMATS, {"formats": [], "link": None, "color": None}),
        (K.SEND_STATE, {"can_send": False, "reason": "empty"}),
        (K.TYPING, {"typing": False}),
    ]


def test_no_typing_events_when_they_are_off():
    with Draft({"typing_events": False}) as d:
        rec = Recorder(d)
        d.insert("a")
        d.tick(10_000)
        d.send(10_000)
        d.insert("b")
        d.clear()
        assert K.TYPING not in rec.kinds()
        assert d.ui_state()["typing"] is False


# Modes, slow mode, commands


def test_mode_events(recorded):
    d, rec = recorded
    d.insert("mine")
    rec.take()
    d.begin_reply("m1", "Alice", "hey")
    assert rec.take() == [
        (K.MODE, {"kind": "reply", "message_id": "m1", "preview": {"sender": "Alice", "snippet": "hey"}})
    ]
    d.cancel_mode()
    assert rec.take() == [(K.MODE, {"kind": "new"})]
    d.begin_edit("m2", "*old*")
    assert rec.take() == [
        (K.TEXT, {"start": 0, "end": 4, "text": "old", "length": 3}),
        (K.FORMATTING, {"start": 0, "end": 3}),
        (K.SELECTION, [3, 3]),
        (K.FORMATS, {"formats": ["italic"], "link": None, "color": None}),
        (K.MODE, {"kind": "edit", "message_id": "m2", "media": False}),
    ]
    d.cancel_mode()
    assert rec.take() == [
        (K.TEXT, {"start": 0, "end": 3, "text": "mine", "length": 4}),
        (K.FORMATTING, {"start": 0, "end": 4}),
        (K.SELECTION, [4, 4]),
        (K.FORMATS, {"formats": [], "link": None, "color": None}),
        (K.MODE, {"kind": "new"}),
    ]


def test_the_cooldown_end_is_a_send_state_event():
    with Draft({"slow_mode_seconds": 10, "typing_events": False}) as d:
        rec = Recorder(d)
        d.insert("a")
        d.send(0)
        d.insert("b")
        assert rec.take()[-1] == (K.SEND_STATE, {"can_send": False, "reason": "cooldown"})
        d.tick(9_999)
        assert rec.take() == []
        d.tick(10_000)
        assert rec.take() == [(K.SEND_STATE, {"can_send": True, "reason": None})]


def test_setting_a_command(recorded):
    d, rec = recorded
    d.insert("/gi")
    rec.take()
    d.set_command("giphy", "cats")
    assert rec.take() == [
        (K.TEXT, {"start": 0, "end": 3, "text": "", "length": 0}),
        (K.FORMATTING, {"start": 0, "end": 0}),
        (K.SELECTION, [0, 0]),
        (K.COMMAND_QUERY, None),
        (K.MODE, {"kind": "new"}),
    ]


def test_sending_a_command_reports_no_unchanged_text(recorded):
    d, rec = recorded
    d.set_command("giphy", "cats")
    rec.take()
    d.send(0)
    assert K.TEXT not in rec.kinds()


# Errors


def test_a_refused_call_gives_an_error_event_and_nothing_else(recorded):
    d, rec = recorded
    with pytest.raises(mc.OutOfRangeError):
        d.replace(5, 6, "x")
    with pytest.raises(mc.UnsafeLinkError):
        d.apply_format(0, 0, Format.LINK, "javascript:x")
    with pytest.raises(mc.NotAllowedError):
        d.send(0)
    assert rec.take() == [
        (
            K.ERROR,
            {
                "function": "mc_draft_replace_n",
                "status": -6,
                "message": "mc_draft_replace_n: range [5, 6) is outside the text (length 0)",
            },
        ),
        (
            K.ERROR,
            {
                "function": "mc_draft_apply_format",
                "status": -7,
                "message": 'mc_draft_apply_format: link scheme "javascript:" is not allowed (allowed: http, https, mailto)',
            },
        ),
        (
            K.ERROR,
            {"function": "mc_draft_send", "status": -9, "message": "mc_draft_send: cannot send: the message is empty"},
        ),
    ]


def test_an_illegal_upload_event_gives_an_error_event(recorded):
    d, rec = recorded
    (i,) = d.stage_files([{"name": "a.png", "mime": "image/png", "size": 1, "ref": "r"}])["staged"]
    rec.take()
    with pytest.raises(mc.NotAllowedError):
        d.upload_event(i, UploadEvent.COMPLETE, value="x")
    assert rec.take() == [
        (
            K.ERROR,
            {
                "function": "mc_draft_upload_event",
                "status": -9,
                "message": "mc_draft_upload_event: illegal upload transition: complete from queued",
            },
        )
    ]


# The callback's safety


def test_a_callback_that_calls_into_the_draft_does_not_deadlock():
    with Draft() as d:
        calls = []

        def listener(kind, payload):
            calls.append((kind, d.text, d.ui_state()["length"]))
            if kind is K.TEXT and d.text == "a":
                d.insert("b")  # re-entry that changes the draft again

        d.set_listener(listener)
        worker = threading.Thread(target=d.insert, args=("a",), daemon=True)
        worker.start()
        worker.join(timeout=10)
        assert not worker.is_alive(), "deadlock: the callback could not call into the draft"
        assert d.text == "ab"
        assert (K.TEXT, "ab", 2) in calls


def test_an_exception_in_the_callback_does_not_reach_c():
    with Draft() as d:

        def bad(kind, payload):
            raise ValueError(f"boom {kind.name}")

        d.set_listener(bad)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            d.insert("a")
        assert d.text == "a"  # the call completed
        assert isinstance(d.listener_error, ValueError)
        assert str(d.listener_error) == "boom TYPING"  # the last one
        assert [w.category for w in caught] == [mc.ListenerWarning] * 4  # text, selection, send state, typing
        with pytest.warns(mc.ListenerWarning):
            d.insert("b")  # the draft still works
        assert d.text == "ab"


def test_an_exception_in_the_callback_with_warnings_as_errors_still_does_not_crash():
    with Draft() as d:
        d.set_listener(lambda kind, payload: 1 / 0)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            d.insert("a")
        assert isinstance(d.listener_error, ZeroDivisionError)


def test_set_listener_none_stops_events(recorded):
    d, rec = recorded
    d.insert("a")
    assert rec.take()
    d.set_listener(None)
    d.insert("b")
    d.tick(100_000)
    assert rec.take() == []


def test_replacing_the_listener(recorded):
    d, rec = recorded
    other = []
    d.set_listener(lambda kind, payload: other.append(kind))
    d.insert("a")
    assert rec.take() == [] and other == [K.TEXT, K.SELECTION, K.SEND_STATE, K.TYPING]


def test_removing_the_listener_inside_the_callback_is_safe():
    with Draft() as d:
        heard = []

        def once(kind, payload):
            heard.append(kind)
            d.set_listener(None)
            gc.collect()  # the running callback object must survive this

        d.set_listener(once)
        d.insert("abc")
        d.insert("d")
        # The set already being delivered completes; the next call hears nothing.
        assert heard == [K.TEXT, K.SELECTION, K.SEND_STATE, K.TYPING]


def test_the_callback_object_outlives_the_python_callable():
    with Draft() as d:
        heard = []
        d.set_listener(lambda kind, payload: heard.append(kind))
        gc.collect()
        d.insert("a")
        assert heard == [K.TEXT, K.SELECTION, K.SEND_STATE, K.TYPING]


def test_a_listener_must_be_callable(draft):
    with pytest.raises(TypeError):
        draft.set_listener(42)


def test_a_draft_with_a_listener_is_collected():
    d = Draft()
    d.set_listener(lambda kind, payload: None)
    finalizer = d._finalizer
    del d
    gc.collect()
    assert not finalizer.alive
