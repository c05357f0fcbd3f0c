//! Drafts across threads: `Draft` is `Send` and `Sync`, and errors carry the message of the
//! thread that made the failing call.

mod common;

use std::sync::{mpsc, Arc, Barrier, Mutex};
use std::thread;

use common::{assert_err, draft_with_text};
use message_composer::{Draft, ErrorKind};

#[test]
fn draft_is_send_and_sync() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<Draft>();
}

#[test]
fn a_draft_moves_to_another_thread_and_back() {
    let mut draft = draft_with_text("made here");
    let draft = thread::spawn(move || {
        draft.replace(0, 4, "edited").unwrap();
        assert_eq!(draft.text().unwrap(), "edited here");
        draft
    })
    .join()
    .unwrap();
    assert_eq!(draft.text().unwrap(), "edited here");
    assert_eq!(draft.selection(), (6, 6));

    // Created on one thread, dropped on another.
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || tx.send(Draft::new(None).unwrap()).unwrap())
        .join()
        .unwrap();
    let received = rx.recv().unwrap();
    assert_eq!(received.len(), 0);
    thread::spawn(move || drop(received)).join().unwrap();
}

#[test]
fn shared_readers_see_a_consistent_draft() {
    let draft = draft_with_text("shared 👋 text");
    thread::scope(|s| {
        for _ in 0..8 {
            s.spawn(|| {
                for _ in 0..200 {
                    assert_eq!(draft.text().unwrap(), "shared 👋 text");
                    assert_eq!(draft.len(), 13);
                    assert_eq!(
                        draft.document_json().unwrap(),
                        r#"{"text":"shared 👋 text","spans":[]}"#
                    );
                }
            });
        }
    });
}

#[test]
fn writers_behind_a_mutex_lose_no_edit() {
    let draft = Arc::new(Mutex::new(Draft::new(None).unwrap()));
    let handles: Vec<_> = (0..8)
        .map(|_| {
            let draft = Arc::clone(&draft);
            thread::spawn(move || {
                for _ in 0..100 {
                    let mut d = draft.lock().unwrap();
                    let end = d.len();
                    d.replace(end, end, "é").unwrap();
                }
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }
    let d = draft.lock().unwrap();
    assert_eq!(d.len(), 800);
    assert_eq!(d.text().unwrap(), "é".repeat(800));
}

#[test]
fn each_thread_gets_the_message_of_its_own_failure() {
    // Threads fail differently at the same moment; every error must carry its own message,
    // which the binding reads on the failing thread right after the call.
    let barrier = Barrier::new(4);
    thread::scope(|s| {
        let barrier = &barrier;
        s.spawn(move || {
            barrier.wait();
            for _ in 0..500 {
                assert_err(
                    Draft::new(Some("{")),
                    ErrorKind::InvalidJson,
                    "mc_draft_new: invalid JSON: expected a string key at byte 1",
                );
            }
        });
        s.spawn(move || {
            let mut draft = Draft::new(None).unwrap();
            barrier.wait();
            for _ in 0..500 {
                assert_err(
                    draft.replace(1, 1, "x"),
                    ErrorKind::OutOfRange,
                    "mc_draft_replace_n: range [1, 1) is outside the text (length 0)",
                );
            }
        });
        s.spawn(move || {
            let mut draft = Draft::new(None).unwrap();
            barrier.wait();
            for _ in 0..500 {
                assert_err(
                    draft.load_document(r##"{"text":"a","spans":[{"start":0,"end":1,"format":"color","color":"red"}]}"##),
                    ErrorKind::InvalidColor,
                    r#"mc_draft_load_document: colour "red" must be #rgb or #rrggbb"#,
                );
            }
        });
        s.spawn(move || {
            let draft = draft_with_text("😀");
            barrier.wait();
            for _ in 0..500 {
                assert_err(
                    draft.convert_offset(
                        1,
                        message_composer::Unit::Utf16,
                        message_composer::Unit::Scalar,
                    ),
                    ErrorKind::OutOfRange,
                    "mc_draft_convert_offset: UTF-16 offset 1 falls inside a character",
                );
            }
        });
    });
}
