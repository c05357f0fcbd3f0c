"""The listener through the ctypes callback: typed events arrive on the calling thread, a refused
call is an ErrorEvent, and the callback is safe (re-entry, exceptions, removal, lifetime). Which
events a change raises, their order and coalescing are the engine's (docs/events.md; its suite)."""

import gc
import threading
import time
import warnings

import pytest

import message_composer as mc
from message_composer import Draft


def test_one_typed_character_gives_typed_events_in_order():
    with Draft() as d:
        heard: list[mc.Event] = []
        d.set_listener(heard.append)
        d.insert("a")
    assert heard == [
        mc.TextEvent(0, 0, "a", 1),
        mc.SelectionEvent(1, 1),
        mc.SendStateEvent(True, None),
        mc.TypingEvent(True),
    ]
    assert heard[0].payload_json == '{"start":0,"end":0,"text":"a","length":1}'


def test_a_batch_delivers_its_events_at_the_outermost_commit():
    with Draft() as d:
        heard: list[mc.Event] = []
        d.set_listener(heard.append)
        with d.batch():
            d.insert("a")
            d.insert("b")
            assert heard == []
        assert heard[0] == mc.TextEvent(0, 0, "ab", 2)


def test_a_refused_call_gives_an_error_event_with_the_c_function_and_status():
    with Draft() as d:
        heard: list[mc.Event] = []
        d.set_listener(heard.append)
        with pytest.raises(mc.OutOfRangeError):
            d.replace(5, 6, "x")
        with pytest.raises(mc.NotAllowedError):
            d.send(0)
    assert heard == [
        mc.ErrorEvent("mc_draft_replace_n", -6, "mc_draft_replace_n: range [5, 6) is outside the text (length 0)"),
        mc.ErrorEvent("mc_draft_send", -9, "mc_draft_send: cannot send: the message is empty"),
    ]


def test_events_reach_the_listener_on_the_calling_thread():
    with Draft() as d:
        threads = []
        d.set_listener(lambda event: threads.append(threading.get_ident()))
        worker = threading.Thread(target=d.insert, args=("a",))
        worker.start()
        worker.join()
        assert set(threads) == {worker.ident}


def test_a_callback_that_calls_into_the_draft_does_not_deadlock():
    with Draft() as d:
        calls = []

        def listener(event):
            calls.append((type(event), d.text, d.ui_state().length))
            if isinstance(event, mc.TextEvent) and d.text == "a":
                d.insert("b")  # re-entry that changes the draft again

        d.set_listener(listener)
        worker = threading.Thread(target=d.insert, args=("a",), daemon=True)
        worker.start()
        worker.join(timeout=10)
        assert not worker.is_alive(), "deadlock: the callback could not call into the draft"
        assert d.text == "ab"
        assert (mc.TextEvent, "ab", 2) in calls


def test_an_exception_in_the_callback_does_not_reach_c():
    with Draft() as d:

        def bad(event):
            raise ValueError(f"boom {event.kind.name}")

        d.set_listener(bad)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            d.insert("a")
        assert d.text == "a"  # the call completed
        assert isinstance(d.listener_error, ValueError)
        assert str(d.listener_error) == "boom TYPING"  # the last one
        assert [w.category for w in caught] == [mc.ListenerWarning] * 4  # text, selection, send state, typing
        assert f"at {__file__}:" in str(caught[0].message)  # where the listener raised
        with pytest.warns(mc.ListenerWarning):
            d.insert("b")  # the draft still works
        assert d.text == "ab"


def test_an_exception_in_the_callback_with_warnings_as_errors_still_does_not_crash():
    with Draft() as d:
        d.set_listener(lambda event: 1 / 0)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            d.insert("a")
        assert isinstance(d.listener_error, ZeroDivisionError)


def test_set_listener_none_stops_events_and_a_new_listener_replaces_the_old():
    with Draft() as d:
        first: list[mc.Event] = []
        second: list[mc.Event] = []
        d.set_listener(first.append)
        d.insert("a")
        d.set_listener(second.append)
        d.insert("b")
        d.set_listener(None)
        d.insert("c")
        d.tick(100_000)
    assert len(first) == 4 and [type(e) for e in second] == [mc.TextEvent, mc.SelectionEvent]


def test_removing_the_listener_inside_the_callback_is_safe():
    with Draft() as d:
        heard = []

        def once(event):
            heard.append(type(event))
            d.set_listener(None)
            gc.collect()  # the running callback object must survive this

        d.set_listener(once)
        d.insert("abc")
        d.insert("d")
        # Nothing more once set_listener has returned: not the rest of the set, not the next call.
        assert heard == [mc.TextEvent]


def test_closing_the_draft_inside_the_callback_is_safe():
    d = Draft()
    heard = []

    def close_on_first(event):
        heard.append(type(event))
        d.close()
        gc.collect()

    d.set_listener(close_on_first)
    d.insert("y")
    assert heard == [mc.TextEvent] and d.closed
    with pytest.raises(mc.InvalidHandleError):
        d.insert("z")


def test_replacing_the_listener_while_another_thread_types_is_safe():
    # The old callable may be mid-delivery on the typing thread: nothing it needs may be freed.
    with Draft() as d:
        stop = threading.Event()
        heard = []

        def typer():
            while not stop.is_set():
                d.insert("a")
                d.delete_backward()

        thread = threading.Thread(target=typer)
        thread.start()
        deadline = time.monotonic() + 60
        i = 0
        try:
            # At least 3,000 replacements, and on until the typing thread has been heard a while.
            while (i < 3000 or len(heard) < 1000) and time.monotonic() < deadline:
                d.set_listener(lambda event, i=i: heard.append(i))
                if i % 100 == 0:
                    d.set_listener(None)
                i += 1
        finally:
            stop.set()
            thread.join()
        d.set_listener(None)
        assert len(heard) >= 1000 and d.listener_error is None


def test_closing_while_another_thread_is_in_the_listener_is_safe():
    for _ in range(50):
        d = Draft()
        entered = threading.Event()
        errors = []

        def slow(event):
            entered.set()
            time.sleep(0.001)

        def typer():
            try:
                for _ in range(20):
                    d.insert("a")
            except mc.InvalidHandleError:
                pass  # closed under it
            except BaseException as error:  # noqa: BLE001
                errors.append(error)

        d.set_listener(slow)
        thread = threading.Thread(target=typer)
        thread.start()
        entered.wait(5)
        d.close()
        thread.join()
        assert errors == [] and d.closed


def test_the_callback_object_outlives_the_python_callable():
    with Draft() as d:
        heard = []
        d.set_listener(lambda event: heard.append(type(event)))
        gc.collect()
        d.insert("a")
        assert heard == [mc.TextEvent, mc.SelectionEvent, mc.SendStateEvent, mc.TypingEvent]


def test_a_listener_must_be_callable(draft):
    with pytest.raises(TypeError):
        draft.set_listener(42)


def test_a_draft_with_a_listener_is_collected():
    d = Draft()
    d.set_listener(lambda event: None)
    finalizer = d._finalizer
    del d
    gc.collect()
    assert not finalizer.alive


def test_a_draft_whose_listener_refers_to_it_is_collected():
    class Screen:
        def __init__(self) -> None:
            self.draft = Draft()
            self.draft.set_listener(self.on_event)

        def on_event(self, event: mc.Event) -> None:
            self.length = len(self.draft)

    screen = Screen()
    screen.draft.insert("x")
    finalizer = screen.draft._finalizer
    del screen
    gc.collect()
    assert not finalizer.alive


@pytest.mark.parametrize("interrupt", [KeyboardInterrupt, SystemExit])
def test_an_interrupt_in_the_callback_is_raised_when_the_call_returns(interrupt):
    with Draft() as d:
        heard = []

        def stop(event):
            heard.append(type(event))
            raise interrupt()

        d.set_listener(stop)
        with pytest.raises(interrupt):
            d.insert("a")
        assert d.text == "a"  # the call itself went through
        assert len(heard) == 4 and d.listener_error is None
        d.set_listener(None)
        d.insert("b")  # nothing left over to raise
