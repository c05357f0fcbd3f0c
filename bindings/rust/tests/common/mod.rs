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
