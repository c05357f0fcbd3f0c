//! Helpers shared by the test files; each failure points at the calling line.
#![allow(dead_code)]

use message_composer::{Draft, ErrorKind, Event, EventData, Result};

/// Asserts that `result` failed with `kind` and exactly `message`.
#[track_caller]
pub fn assert_err<T: std::fmt::Debug>(result: Result<T>, kind: ErrorKind, message: &str) {
    let error = result.expect_err("expected an error");
    assert_eq!(error.kind(), kind, "kind of {error}");
    assert_eq!(Some(error.code()), kind.code(), "code of {error}");
    assert_eq!(error.message(), message);
}

/// Records every event a draft's listener hears.
#[derive(Clone, Default)]
pub struct Recorder(std::sync::Arc<std::sync::Mutex<Vec<Event>>>);

impl Recorder {
    /// A recorder registered as `draft`'s listener.
    #[track_caller]
    pub fn on(draft: &mut Draft) -> Recorder {
        let recorder = Recorder::default();
        let sink = recorder.clone();
        draft
            .set_listener(move |event| sink.0.lock().unwrap().push(event))
            .expect("set_listener");
        recorder
    }

    /// The events heard since the last call, oldest first.
    pub fn take(&self) -> Vec<Event> {
        std::mem::take(&mut *self.0.lock().unwrap())
    }

    /// The typed payloads of the events heard since the last call.
    #[track_caller]
    pub fn data(&self) -> Vec<EventData> {
        self.take()
            .iter()
            .map(|e| e.data().expect("a payload of its kind's shape"))
            .collect()
    }
}

/// A draft with default options holding the plain `text`.
#[track_caller]
pub fn draft_with_text(text: &str) -> Draft {
    let mut draft = Draft::new(None).expect("default draft");
    draft.replace(0, 0, text).expect("text inserts");
    draft
}
