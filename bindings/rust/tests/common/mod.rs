//! Helpers shared by the test files; each failure points at the calling line.
#![allow(dead_code)]

use message_composer::{Draft, ErrorKind, Result};

/// Asserts that `result` failed with `kind` and exactly `message`.
#[track_caller]
pub fn assert_err<T: std::fmt::Debug>(result: Result<T>, kind: ErrorKind, message: &str) {
    let error = result.expect_err("expected an error");
    assert_eq!(error.kind(), kind, "kind of {error}");
    assert_eq!(Some(error.code()), kind.code(), "code of {error}");
    assert_eq!(error.message(), message);
}

/// A draft with default options holding `document`.
#[track_caller]
pub fn draft_with(document: &str) -> Draft {
    let mut draft = Draft::new(None).expect("default draft");
    draft.load_document(document).expect("document loads");
    draft
}

/// A draft with default options holding the plain `text`.
#[track_caller]
pub fn draft_with_text(text: &str) -> Draft {
    let mut draft = Draft::new(None).expect("default draft");
    draft.replace(0, 0, text).expect("text inserts");
    draft
}

/// A plain document JSON for `text` (no characters needing escapes).
pub fn plain(text: &str) -> String {
    format!(r#"{{"text":"{text}","spans":[]}}"#)
}

/// Everything a caller can observe about a draft, to check that a refused call changed nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snapshot {
    pub document: String,
    pub selection: (usize, usize),
    pub undo_state: (bool, bool),
    pub active: message_composer::ActiveFormats,
    pub mentions: Vec<message_composer::Mention>,
}

/// The observable state of `draft`.
#[track_caller]
pub fn snapshot(draft: &Draft) -> Snapshot {
    Snapshot {
        document: draft.document().expect("document"),
        selection: draft.selection(),
        undo_state: draft.undo_state(),
        active: draft.active_formats().expect("active formats"),
        mentions: draft.mentions().expect("mentions"),
    }
}

/// Asserts the draft's document JSON and selection `(anchor, focus)`.
#[track_caller]
pub fn assert_state(draft: &Draft, document: &str, selection: (usize, usize)) {
    assert_eq!(draft.document().expect("document"), document);
    assert_eq!(draft.selection(), selection, "selection of {document}");
}

/// Types `text` one character at a time, as a keyboard does.
#[track_caller]
pub fn type_chars(draft: &mut Draft, text: &str) {
    for c in text.chars() {
        draft.insert(c.encode_utf8(&mut [0; 4])).expect("typing");
    }
}
