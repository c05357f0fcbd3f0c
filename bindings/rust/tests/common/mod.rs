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

/// The JSON text of the top-level member `key` of the JSON object `json`, as the library wrote
/// it (for exact comparisons of one part of a large object such as the UI state).
#[track_caller]
pub fn member<'a>(json: &'a str, key: &str) -> &'a str {
    let bytes = json.as_bytes();
    let (mut depth, mut i) = (0usize, 0usize);
    let mut value_start: Option<usize> = None;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                let start = i;
                i += 1;
                while bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                // A key of the top-level object: a string at depth 1 followed by ':'.
                if depth == 1 && value_start.is_none() && bytes.get(i + 1) == Some(&b':') {
                    let name = &json[start + 1..i];
                    if name == key {
                        value_start = Some(i + 2);
                    }
                    i += 1;
                }
            }
            b'{' | b'[' => depth += 1,
            b'}' | b']' | b',' => {
                if let Some(start) = value_start {
                    if depth == 1 {
                        return &json[start..i];
                    }
                }
                if bytes[i] != b',' {
                    depth -= 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    panic!("no member {key:?} in {json}")
}

/// Records every event a draft's listener hears, as `(kind, payload)`.
#[derive(Clone, Default)]
pub struct Recorder(std::sync::Arc<std::sync::Mutex<Vec<(message_composer::EventKind, String)>>>);

impl Recorder {
    /// A recorder registered as `draft`'s listener.
    #[track_caller]
    pub fn on(draft: &mut Draft) -> Recorder {
        let recorder = Recorder::default();
        let sink = recorder.clone();
        draft
            .set_listener(move |event| sink.0.lock().unwrap().push((event.kind, event.payload)))
            .expect("set_listener");
        recorder
    }

    /// The events heard since the last call, oldest first.
    pub fn take(&self) -> Vec<(message_composer::EventKind, String)> {
        std::mem::take(&mut *self.0.lock().unwrap())
    }

    /// The kinds of the events heard since the last call.
    pub fn kinds(&self) -> Vec<message_composer::EventKind> {
        self.take().into_iter().map(|(kind, _)| kind).collect()
    }
}

/// `(kind, payload)` pairs, for comparing with [`Recorder::take`].
pub fn events(
    list: &[(message_composer::EventKind, &str)],
) -> Vec<(message_composer::EventKind, String)> {
    list.iter().map(|&(k, p)| (k, p.to_string())).collect()
}
