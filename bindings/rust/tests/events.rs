//! The listener: which events a user's actions raise, typing on the host clock, batches, error
//! events, and the closure's life (replacement, panics, calls back into the draft, threads).

mod common;

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::thread;

use common::{events, Recorder};
use message_composer::{sys, Draft, Event, EventKind, PickedFile, Unit, UploadEvent};
use EventKind::*;

#[test]
fn typing_a_mention_raises_one_event_per_changed_aspect() {
    let mut draft = Draft::new(None).unwrap();
    let heard = Recorder::on(&mut draft);
    // Plain text at the end of a plain line: the host's span rule formats it, no Formatting.
    draft.insert("Hi @bo").unwrap();
    assert_eq!(
        heard.take(),
        events(&[
            (Text, r#"{"start":0,"end":0,"text":"Hi @bo","length":6}"#),
            (Selection, "[6,6]"),
            (SendState, r#"{"can_send":true,"reason":null}"#),
            (MentionQuery, r#"{"query":"bo","start":3,"end":6}"#),
            (Typing, r#"{"typing":true}"#),
        ])
    );
    draft.insert_mention("u42", "Bob").unwrap();
    assert_eq!(
        heard.take(),
        events(&[
            (Text, r#"{"start":3,"end":6,"text":"@Bob ","length":8}"#),
            (Formatting, r#"{"start":3,"end":8}"#),
            (Selection, "[8,8]"),
            (MentionQuery, "null"),
        ])
    );
    draft.set_selection(0, 2).unwrap();
    draft
        .toggle_format(0, 2, message_composer::Format::Bold, None)
        .unwrap();
    assert_eq!(
        heard.take(),
        events(&[
            (Selection, "[0,2]"),
            (Formatting, r#"{"start":0,"end":2}"#),
            (Formats, r#"{"formats":["bold"],"link":null,"color":null}"#),
        ])
    );
    draft.begin_reply("m-1", "Ann", "hey", &[]).unwrap();
    assert_eq!(
        heard.take(),
        events(&[(
            Mode,
            r#"{"kind":"reply","message_id":"m-1","preview":{"sender":"Ann","snippet":"hey"}}"#
        )])
    );
    // Reads raise nothing.
    draft.text().unwrap();
    draft.ui_state().unwrap();
    assert_eq!(heard.take(), []);
}

#[test]
fn typing_starts_on_the_first_edit_and_stops_after_five_idle_seconds() {
    let mut draft = Draft::new(None).unwrap();
    let heard = Recorder::on(&mut draft);
    draft.tick(100).unwrap();
    assert_eq!(heard.take(), []);
    draft.insert("a").unwrap();
    assert_eq!(
        heard.take(),
        events(&[
            (Text, r#"{"start":0,"end":0,"text":"a","length":1}"#),
            (Selection, "[1,1]"),
            (SendState, r#"{"can_send":true,"reason":null}"#),
            (Typing, r#"{"typing":true}"#),
        ])
    );
    assert!(draft.ui_state().unwrap().contains(r#""typing":true"#));

    // Another edit restarts the idle timer without a second "started".
    draft.tick(2000).unwrap();
    draft.insert("b").unwrap();
    assert!(!heard.kinds().contains(&Typing));
    draft.tick(6999).unwrap();
    assert_eq!(heard.take(), []);
    draft.tick(7000).unwrap();
    assert_eq!(heard.take(), events(&[(Typing, r#"{"typing":false}"#)]));
    assert!(draft.ui_state().unwrap().contains(r#""typing":false"#));
    draft.tick(20_000).unwrap();
    assert_eq!(heard.take(), []);

    // Typing again starts again.
    draft.insert("c").unwrap();
    assert_eq!(
        heard.take().last(),
        Some(&(Typing, r#"{"typing":true}"#.to_string()))
    );
}

#[test]
fn typing_stops_on_send_and_on_clear() {
    let mut draft = Draft::new(None).unwrap();
    let heard = Recorder::on(&mut draft);
    draft.insert("hello").unwrap();
    heard.take();
    draft.send(1000).unwrap();
    assert_eq!(
        heard.take(),
        events(&[
            (Text, r#"{"start":0,"end":5,"text":"","length":0}"#),
            (Formatting, r#"{"start":0,"end":0}"#),
            (Selection, "[0,0]"),
            (SendState, r#"{"can_send":false,"reason":"empty"}"#),
            (Typing, r#"{"typing":false}"#),
        ])
    );

    draft.insert("again").unwrap();
    assert!(heard.kinds().contains(&Typing));
    draft.clear().unwrap();
    assert_eq!(
        heard.take(),
        events(&[
            (Text, r#"{"start":0,"end":5,"text":"","length":0}"#),
            (Formatting, r#"{"start":0,"end":0}"#),
            (Selection, "[0,0]"),
            (SendState, r#"{"can_send":false,"reason":"empty"}"#),
            (Typing, r#"{"typing":false}"#),
        ])
    );
    // Clearing an idle draft stops nothing.
    draft.clear().unwrap();
    assert!(!heard.kinds().contains(&Typing));
}

#[test]
fn no_typing_events_when_they_are_switched_off() {
    let mut draft = Draft::new(Some(r#"{"typing_events":false}"#)).unwrap();
    let heard = Recorder::on(&mut draft);
    draft.insert("x").unwrap();
    draft.tick(10_000).unwrap();
    draft.insert("y").unwrap();
    draft.send(10_000).unwrap();
    draft.insert("z").unwrap();
    draft.clear().unwrap();
    assert!(!heard.kinds().contains(&Typing));
    assert!(draft.ui_state().unwrap().contains(r#""typing":false"#));
}

#[test]
fn a_batch_delivers_one_coalesced_set_at_its_outermost_commit() {
    let mut draft = Draft::new(None).unwrap();
    let heard = Recorder::on(&mut draft);
    draft.begin_batch().unwrap();
    draft.insert("one").unwrap();
    draft.insert(" two").unwrap();
    draft.begin_batch().unwrap();
    draft.set_selection(0, 3).unwrap();
    draft
        .apply_format(0, 3, message_composer::Format::Bold, None)
        .unwrap();
    draft.commit_batch().unwrap();
    assert_eq!(heard.take(), [], "nothing before the outermost commit");
    draft.commit_batch().unwrap();
    assert_eq!(
        heard.take(),
        events(&[
            (Text, r#"{"start":0,"end":0,"text":"one two","length":7}"#),
            (Formatting, r#"{"start":0,"end":7}"#),
            (Selection, "[0,3]"),
            (Formats, r#"{"formats":["bold"],"link":null,"color":null}"#),
            (SendState, r#"{"can_send":true,"reason":null}"#),
            (Typing, r#"{"typing":true}"#),
        ])
    );

    // `batch` runs a closure in a batch: again one event per kind.
    draft.set_selection(7, 7).unwrap();
    heard.take();
    draft
        .batch(|d| {
            d.insert(" three")?;
            d.insert(" four")?;
            d.set_selection(0, 0)
        })
        .unwrap();
    assert_eq!(
        heard.take(),
        events(&[
            (
                Text,
                r#"{"start":7,"end":7,"text":" three four","length":18}"#
            ),
            (Formatting, r#"{"start":7,"end":18}"#),
            (Selection, "[0,0]"),
        ])
    );

    // Tray changes and a banner coalesce as well.
    let mut draft = Draft::new(Some(r#"{"max_files":1}"#)).unwrap();
    let heard = Recorder::on(&mut draft);
    draft
        .batch(|d| {
            d.stage_files(&[PickedFile::new("a.png", "image/png", 1)])?;
            d.upload_event(1, UploadEvent::Start)?;
            d.upload_event(1, UploadEvent::Progress(0.5))?;
            d.stage_files(&[PickedFile::new("b.png", "image/png", 1)])
        })
        .unwrap();
    assert_eq!(heard.kinds(), [SendState, Tray, Banner]);
}

#[test]
fn refused_calls_raise_error_events_also_for_reads() {
    let mut draft = Draft::new(None).unwrap();
    let heard = Recorder::on(&mut draft);
    assert!(draft.send(0).is_err());
    assert!(draft.convert_offset(5, Unit::Scalar, Unit::Utf8).is_err());
    assert_eq!(
        heard.take(),
        events(&[
            (
                Error,
                r#"{"function":"mc_draft_send","status":-9,"message":"mc_draft_send: cannot send: the message is empty"}"#
            ),
            (
                Error,
                r#"{"function":"mc_draft_convert_offset","status":-6,"message":"mc_draft_convert_offset: scalar offset 5 is past the end of the text (0)"}"#
            ),
        ])
    );
    // Refusals made by the binding before C raise nothing.
    assert!(draft.insert_mention("u\0", "x").is_err());
    assert_eq!(heard.take(), []);
}

#[test]
fn clearing_and_commands_cancel_running_uploads() {
    let mut draft = Draft::new(None).unwrap();
    let picks = [
        PickedFile::new("a.png", "image/png", 1),
        PickedFile::new("b.png", "image/png", 1),
        PickedFile::new("c.png", "image/png", 1),
    ];
    draft.stage_files(&picks).unwrap();
    draft.upload_event(1, UploadEvent::Start).unwrap();
    draft.upload_event(3, UploadEvent::Start).unwrap();
    let heard = Recorder::on(&mut draft);
    draft.clear().unwrap();
    let cancels: Vec<_> = heard
        .take()
        .into_iter()
        .filter(|(k, _)| *k == CancelUpload)
        .collect();
    assert_eq!(
        cancels,
        events(&[(CancelUpload, r#"{"id":1}"#), (CancelUpload, r#"{"id":3}"#)])
    );

    draft.insert("caption").unwrap();
    draft.stage_files(&picks[..1]).unwrap();
    draft.upload_event(4, UploadEvent::Start).unwrap();
    heard.take();
    draft.set_command("giphy", None).unwrap();
    assert_eq!(
        heard.take(),
        events(&[
            (Text, r#"{"start":0,"end":7,"text":"","length":0}"#),
            (Formatting, r#"{"start":0,"end":0}"#),
            (Selection, "[0,0]"),
            (SendState, r#"{"can_send":true,"reason":null}"#),
            (Tray, "[]"),
            (CancelUpload, r#"{"id":4}"#),
            (Mode, r#"{"kind":"new"}"#),
        ])
    );
}

/// The raw handle of a draft, for a listener that calls back into it (tests only: the draft
/// outlives every call, and the library accepts calls from any thread).
#[derive(Clone, Copy)]
struct Handle(*mut sys::mc_draft);
// SAFETY: the handle is a token the library looks up, valid on any thread while the draft lives.
unsafe impl Send for Handle {}

impl Handle {
    /// The pointer (a method, so that closures capture the whole `Send` handle).
    fn raw(self) -> *mut sys::mc_draft {
        self.0
    }

    fn text(self) -> String {
        let mut out = std::ptr::null_mut();
        assert_eq!(unsafe { sys::mc_draft_text(self.0, &mut out) }, sys::MC_OK);
        let text = unsafe { std::ffi::CStr::from_ptr(out) }
            .to_str()
            .unwrap()
            .to_string();
        unsafe { sys::mc_string_free(out) };
        text
    }
}

#[test]
fn a_listener_that_reads_the_draft_does_not_deadlock() {
    let mut draft = Draft::new(None).unwrap();
    let handle = Handle(draft.as_raw());
    let (tx, rx) = mpsc::channel();
    draft
        .set_listener(move |event| {
            if event.kind == Text {
                // The draft's lock is released: reading sees the change being reported.
                let mut can_send = false;
                assert_eq!(
                    unsafe { sys::mc_draft_can_send(handle.raw(), &mut can_send) },
                    sys::MC_OK
                );
                tx.send((handle.text(), event.payload, can_send)).unwrap();
            }
        })
        .unwrap();
    draft.insert("hello").unwrap();
    draft.insert(" world").unwrap();
    assert_eq!(
        rx.try_iter().collect::<Vec<_>>(),
        [
            (
                "hello".to_string(),
                r#"{"start":0,"end":0,"text":"hello","length":5}"#.to_string(),
                true
            ),
            (
                "hello world".to_string(),
                r#"{"start":5,"end":5,"text":" world","length":11}"#.to_string(),
                true
            ),
        ]
    );
}

#[test]
fn a_listener_that_changes_the_draft_hears_those_events_after_it_returns() {
    let mut draft = Draft::new(None).unwrap();
    let handle = Handle(draft.as_raw());
    let log = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&log);
    let mut answered = false;
    draft
        .set_listener(move |event: Event| {
            sink.lock()
                .unwrap()
                .push(format!("start {:?} {}", event.kind, event.payload));
            if event.kind == Text && !answered {
                answered = true;
                // Answer the first edit with one of our own (an autocorrect, say).
                let status = unsafe { sys::mc_draft_insert(handle.raw(), c"!".as_ptr()) };
                assert_eq!(status, sys::MC_OK);
            }
            sink.lock().unwrap().push(format!("end {:?}", event.kind));
        })
        .unwrap();
    draft.replace(0, 0, "hi").unwrap();
    assert_eq!(draft.text().unwrap(), "hi!");
    // The closure was never entered twice: the nested insert's events were queued while it ran
    // and came right after it returned, then the rest of the outer call's events (which the
    // library computed before the nested insert, so its selection is stale), as C recursion
    // would order them.
    assert_eq!(
        *log.lock().unwrap(),
        [
            r#"start Text {"start":0,"end":0,"text":"hi","length":2}"#,
            "end Text",
            r#"start Text {"start":2,"end":2,"text":"!","length":3}"#,
            "end Text",
            "start Selection [3,3]",
            "end Selection",
            "start Selection [2,2]",
            "end Selection",
            r#"start SendState {"can_send":true,"reason":null}"#,
            "end SendState",
            r#"start Typing {"typing":true}"#,
            "end Typing",
        ]
    );
    assert_eq!(draft.selection(), (3, 3));
}

#[test]
fn a_panicking_listener_does_not_unwind_into_the_library() {
    let mut draft = Draft::new(None).unwrap();
    let seen = Arc::new(AtomicUsize::new(0));
    let counter = Arc::clone(&seen);
    draft
        .set_listener(move |event| {
            counter.fetch_add(1, Ordering::SeqCst);
            if event.kind == Selection {
                panic!("the host's listener panics (expected in this test)");
            }
        })
        .unwrap();
    // The panic is swallowed: the call succeeds, and the events after it are still delivered.
    draft.insert("abc").unwrap();
    assert_eq!(draft.text().unwrap(), "abc");
    assert_eq!(
        seen.load(Ordering::SeqCst),
        4,
        "text, selection, send state, typing"
    );
    draft.insert("d").unwrap();
    assert_eq!(seen.load(Ordering::SeqCst), 6, "text, selection");
}

/// Counts how many closures holding a clone of it are still alive.
fn liveness() -> Arc<()> {
    Arc::new(())
}

#[test]
fn the_closure_lives_as_long_as_its_registration() {
    let mut draft = Draft::new(None).unwrap();
    let first = liveness();
    let (a_heard, b_heard) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    {
        let (alive, heard) = (Arc::clone(&first), Arc::clone(&a_heard));
        draft
            .set_listener(move |_| {
                let _ = &alive;
                heard.fetch_add(1, Ordering::SeqCst);
            })
            .unwrap();
    }
    assert_eq!(Arc::strong_count(&first), 2);
    draft.insert("a").unwrap();
    let a_count = a_heard.load(Ordering::SeqCst);
    assert!(a_count > 0);

    // Replacing drops the first closure; only the second hears from now on.
    let second = liveness();
    {
        let (alive, heard) = (Arc::clone(&second), Arc::clone(&b_heard));
        draft
            .set_listener(move |_| {
                let _ = &alive;
                heard.fetch_add(1, Ordering::SeqCst);
            })
            .unwrap();
    }
    assert_eq!(Arc::strong_count(&first), 1);
    draft.insert("b").unwrap();
    assert_eq!(a_heard.load(Ordering::SeqCst), a_count);
    assert!(b_heard.load(Ordering::SeqCst) > 0);

    // Clearing drops it; clearing again is fine.
    draft.clear_listener().unwrap();
    assert_eq!(Arc::strong_count(&second), 1);
    let b_count = b_heard.load(Ordering::SeqCst);
    draft.insert("c").unwrap();
    assert_eq!(b_heard.load(Ordering::SeqCst), b_count);
    draft.clear_listener().unwrap();

    // Dropping the draft drops the closure.
    let third = liveness();
    {
        let alive = Arc::clone(&third);
        draft
            .set_listener(move |_| {
                let _ = &alive;
            })
            .unwrap();
    }
    assert_eq!(Arc::strong_count(&third), 2);
    drop(draft);
    assert_eq!(Arc::strong_count(&third), 1);
}

#[test]
fn the_listener_runs_on_the_thread_that_makes_the_call() {
    let mut draft = Draft::new(None).unwrap();
    let threads = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&threads);
    draft
        .set_listener(move |_| sink.lock().unwrap().push(thread::current().id()))
        .unwrap();
    draft.insert("here").unwrap();
    let (draft, there) = thread::spawn(move || {
        let mut draft = draft;
        draft.insert(" and there").unwrap();
        (draft, thread::current().id())
    })
    .join()
    .unwrap();
    let here = thread::current().id();
    let seen = threads.lock().unwrap().clone();
    assert!(seen.len() >= 5);
    assert!(seen.contains(&here) && seen.contains(&there));
    // "here": text, selection, send state, typing (no formatting: the host's span rule formats it).
    assert_eq!(seen.iter().position(|t| *t == there), Some(4), "{seen:?}");
    assert_eq!(draft.text().unwrap(), "here and there");
}

#[test]
fn threads_sharing_a_draft_never_run_the_closure_at_once() {
    const THREADS: usize = 8;
    const CALLS: usize = 200;
    let mut draft = Draft::new(None).unwrap();
    let inside = Arc::new(AtomicBool::new(false));
    let overlaps = Arc::new(AtomicUsize::new(0));
    let mut errors = 0usize; // plain state: FnMut needs no synchronization of its own
    let total = Arc::new(AtomicUsize::new(0));
    {
        let (inside, overlaps, total) = (
            Arc::clone(&inside),
            Arc::clone(&overlaps),
            Arc::clone(&total),
        );
        draft
            .set_listener(move |event| {
                if inside.swap(true, Ordering::SeqCst) {
                    overlaps.fetch_add(1, Ordering::SeqCst);
                }
                assert_eq!(event.kind, Error);
                errors += 1;
                total.store(errors, Ordering::SeqCst);
                thread::yield_now();
                inside.store(false, Ordering::SeqCst);
            })
            .unwrap();
    }
    // Refused reads through `&Draft` raise error events on every thread.
    thread::scope(|s| {
        for _ in 0..THREADS {
            s.spawn(|| {
                for _ in 0..CALLS {
                    let error = draft
                        .convert_offset(9, Unit::Scalar, Unit::Utf8)
                        .unwrap_err();
                    // Each thread reads its own failure's message.
                    assert_eq!(
                        error.message(),
                        "mc_draft_convert_offset: scalar offset 9 is past the end of the text (0)"
                    );
                }
            });
        }
    });
    assert_eq!(overlaps.load(Ordering::SeqCst), 0);
    assert_eq!(total.load(Ordering::SeqCst), THREADS * CALLS);
}

#[test]
fn send_state_events_come_only_when_sendability_or_its_reason_changes() {
    let mut draft = Draft::new(Some(r#"{"max_length":3}"#)).unwrap();
    let heard = Recorder::on(&mut draft);
    draft.insert("abcd").unwrap();
    assert!(heard.kinds().contains(&SendState));
    draft.insert("e").unwrap();
    assert_eq!(heard.kinds(), [Text, Selection]);

    let mut draft = Draft::new(Some(r#"{"slow_mode_seconds":10}"#)).unwrap();
    draft.insert("x").unwrap();
    draft.send(1000).unwrap();
    draft.insert("y").unwrap();
    let heard = Recorder::on(&mut draft);
    draft.tick(5000).unwrap();
    draft.tick(5001).unwrap();
    assert_eq!(heard.take(), []);
    draft.tick(11_000).unwrap();
    // The cooldown ends, and typing ("y" at t=1000) has been idle for 5 s by now as well.
    assert_eq!(
        heard.take(),
        events(&[
            (SendState, r#"{"can_send":true,"reason":null}"#),
            (Typing, r#"{"typing":false}"#)
        ])
    );
}

#[test]
fn a_text_event_comes_only_when_the_text_changes() {
    let mut draft = Draft::new(None).unwrap();
    let heard = Recorder::on(&mut draft);
    draft.clear().unwrap();
    assert_eq!(heard.take(), []);
    draft.set_command("giphy", None).unwrap();
    assert!(!heard.kinds().contains(&Text));
}

#[test]
fn restoring_a_snapshot_while_typing_reports_that_typing_stopped() {
    let mut source = Draft::new(None).unwrap();
    source.set_thread(Some("t")).unwrap(); // see the ignored thread-less snapshot test
    let snapshot = source.snapshot().unwrap();
    let mut draft = Draft::new(None).unwrap();
    let heard = Recorder::on(&mut draft);
    draft.insert("x").unwrap();
    assert!(heard.kinds().contains(&Typing));
    draft.restore(&snapshot).unwrap();
    assert!(draft.ui_state().unwrap().contains(r#""typing":false"#));
    assert!(
        heard
            .take()
            .contains(&(Typing, r#"{"typing":false}"#.to_string())),
        "typing stopped"
    );
}

#[test]
fn a_refused_call_reports_its_own_message_even_if_the_listener_fails_a_call() {
    let mut draft = Draft::new(None).unwrap();
    let handle = Handle(draft.as_raw());
    let mut answered = false;
    draft
        .set_listener(move |event| {
            if event.kind == Error && !answered {
                answered = true;
                let mut out = 0;
                let status = unsafe {
                    sys::mc_draft_convert_offset(
                        handle.raw(),
                        99,
                        sys::MC_UNIT_SCALAR,
                        sys::MC_UNIT_UTF8,
                        &mut out,
                    )
                };
                assert_eq!(status, sys::MC_ERR_OUT_OF_RANGE);
            }
        })
        .unwrap();
    draft.tick(10).unwrap();
    let error = draft.tick(5).unwrap_err();
    assert_eq!(
        error.message(),
        "mc_draft_tick: clock went backwards (5 < 10)"
    );
}
