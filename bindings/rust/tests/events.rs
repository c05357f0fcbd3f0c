//! The listener: typed events, error events, and the closure's life (replacement, panics, calls
//! back into the draft, threads). Which events a change raises, their order and coalescing are
//! the engine's (`docs/events.md`; its suite).

mod common;

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::thread;

use common::Recorder;
use message_composer::{
    sys, ActiveFormats, ConfigChange, Draft, Event, EventData, EventKind, Format, Mode, PickedFile,
    Query, SendBlockReason, TileState, Unit, UploadEvent,
};
use EventKind::*;

#[test]
fn one_typed_character_gives_typed_events_in_order() {
    let mut draft = Draft::new(None).unwrap();
    let heard = Recorder::on(&mut draft);
    draft.insert("a").unwrap();
    let events = heard.take();
    assert_eq!(
        events.iter().map(|e| e.kind).collect::<Vec<_>>(),
        [Text, Selection, SendState, Typing]
    );
    assert_eq!(
        events[0].payload,
        r#"{"start":0,"end":0,"text":"a","length":1}"#
    );
    assert_eq!(
        events.iter().map(|e| e.data().unwrap()).collect::<Vec<_>>(),
        [
            EventData::Text {
                start: 0,
                end: 0,
                text: "a".into(),
                length: 1
            },
            EventData::Selection {
                anchor: 1,
                focus: 1
            },
            EventData::SendState {
                can_send: true,
                reason: None
            },
            EventData::Typing(true),
        ]
    );
}

#[test]
fn every_event_kind_reads_typed() {
    let mut draft = Draft::new(Some(r#"{"max_files":1}"#)).unwrap();
    let heard = Recorder::on(&mut draft);
    draft.insert("/g").unwrap(); // command query
    draft.set_command("giphy", None).unwrap(); // mode
    draft.clear_command().unwrap();
    draft.insert("word").unwrap();
    draft.select_all().unwrap();
    draft.toggle_format(0, 4, Format::Italic, None).unwrap(); // formatting, formats
    let picks = [
        PickedFile::new("a.png", "image/png", 1),
        PickedFile::new("b.png", "image/png", 1),
    ];
    let id = draft.stage_files(&picks).unwrap().staged[0]; // tray, banner
    draft.upload_event(id, UploadEvent::Start).unwrap();
    draft.remove_attachment(id).unwrap(); // cancel upload
    draft.insert(" @b").unwrap(); // mention query
    draft
        .update_config(r#"{"allowed_types":["image/*"]}"#)
        .unwrap(); // config
    draft.set_thread(Some("t1")).unwrap(); // thread
    assert!(draft.commit_batch().is_err()); // error
    let data = heard.data();
    let has = |wanted: &EventData| data.contains(wanted);
    assert!(has(&EventData::CommandQuery(Some(Query {
        query: "g".into(),
        start: 0,
        end: 2
    }))));
    assert!(has(&EventData::Mode(Mode::New)));
    assert!(has(&EventData::Formatting { start: 0, end: 4 }));
    assert!(has(&EventData::Formats(ActiveFormats {
        formats: vec![Format::Italic],
        ..ActiveFormats::default()
    })));
    assert!(has(&EventData::Banner(Some(
        "You can attach up to 1 file.".into()
    ))));
    assert!(has(&EventData::CancelUpload { id }));
    assert!(has(&EventData::SendState {
        can_send: false,
        reason: Some(SendBlockReason::UploadsPending)
    }));
    assert!(has(&EventData::MentionQuery(Some(Query {
        query: "b".into(),
        start: 1,
        end: 3
    }))));
    assert!(has(&EventData::Config(ConfigChange {
        changed: vec!["allowed_types".into()],
        allowed_types: Some(Some(vec!["image/*".into()])),
        ..ConfigChange::default()
    })));
    assert!(has(&EventData::Thread {
        parent_id: Some("t1".into()),
        also_send_to_channel: false
    }));
    assert!(has(&EventData::Error {
        function: "mc_draft_commit_batch".into(),
        status: sys::MC_ERR_NOT_ALLOWED,
        message: "mc_draft_commit_batch: no batch is open".into()
    }));
    let tray_states: Vec<Vec<TileState>> = data
        .iter()
        .filter_map(|d| match d {
            EventData::Tray(tiles) => Some(tiles.iter().map(|t| t.state.clone()).collect()),
            _ => None,
        })
        .collect();
    assert_eq!(
        tray_states,
        [vec![TileState::Queued], vec![TileState::Uploading], vec![]]
    );
}

#[test]
fn a_payload_of_the_wrong_shape_is_an_error_and_an_unknown_kind_reads_as_unknown() {
    let event = Event {
        kind: Text,
        payload: r#"{"start":0,"end":0,"text":"a","length":1,"new_key":[1]}"#.into(),
    };
    assert!(matches!(event.data(), Ok(EventData::Text { .. })));
    let bad = Event {
        kind: Selection,
        payload: "[1]".into(),
    };
    assert_eq!(
        bad.data().unwrap_err().message(),
        "listener payload: the library returned unexpected JSON: selection is not [anchor, focus]"
    );
    let unknown = Event {
        kind: EventKind::from_raw(99),
        payload: "{}".into(),
    };
    assert_eq!(unknown.data(), Ok(EventData::Unknown));
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
fn a_refused_call_reports_its_own_message_even_if_the_listener_fails_a_call() {
    let mut draft = Draft::new(None).unwrap();
    let handle = Handle(draft.as_raw());
    // What the listener's own call returned, asserted after: a panic in a listener is caught
    // before it reaches C and would not fail the test. No lock is held across that call, whose
    // own failure may reach the listener again.
    let inner_status = Arc::new(Mutex::new(None));
    let seen = Arc::clone(&inner_status);
    let answered = AtomicBool::new(false);
    draft
        .set_listener(move |event| {
            if event.kind == Error && !answered.swap(true, Ordering::SeqCst) {
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
                *seen.lock().unwrap() = Some(status);
            }
        })
        .unwrap();
    draft.tick(10).unwrap();
    let error = draft.tick(5).unwrap_err();
    assert_eq!(
        error.message(),
        "mc_draft_tick: clock went backwards (5 < 10)"
    );
    assert_eq!(
        *inner_status.lock().unwrap(),
        Some(sys::MC_ERR_OUT_OF_RANGE)
    );
}
