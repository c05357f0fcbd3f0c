//! Ownership: a `Draft` owns its handle and frees it once, on drop; drafts are independent; the
//! library's strings are copied and freed by the binding. (The listener closure's life is in
//! events.rs; the C side of these rules is the C suite's, under valgrind and ASan.)

use message_composer::{sys, Draft};

#[test]
fn drop_frees_the_handle() {
    let draft = Draft::new(None).unwrap();
    let raw = draft.as_raw();
    let mut length = 0;
    assert_eq!(
        unsafe { sys::mc_draft_length(raw, &mut length) },
        sys::MC_OK
    );
    drop(draft);
    assert_eq!(
        unsafe { sys::mc_draft_length(raw, &mut length) },
        sys::MC_ERR_INVALID_HANDLE
    );
}

#[test]
fn drafts_are_independent_and_freed_on_drop() {
    let mut a = Draft::new(None).unwrap();
    let b = Draft::new(Some(r#"{"max_files":3}"#)).unwrap();
    a.replace(0, 0, "only in a").unwrap();
    assert_eq!(b.text().unwrap(), "");
    assert_ne!(a.as_raw(), b.as_raw());
    assert_ne!(a.config().unwrap(), b.config().unwrap());
    drop(a);
    assert_eq!(b.len(), 0);
    // Creating and dropping many drafts reuses the library's slots without running out.
    for i in 0..5000 {
        let mut d = Draft::new(None).unwrap();
        d.replace(0, 0, "x").unwrap();
        assert_eq!(d.len(), 1, "draft {i}");
    }
}

#[test]
fn returned_strings_are_copies_the_binding_frees() {
    let mut draft = Draft::new(None).unwrap();
    draft.insert("héllo 👋").unwrap();
    let first = draft.document_json().unwrap();
    for _ in 0..1000 {
        assert_eq!(draft.document_json().unwrap(), first);
        assert_eq!(draft.ui_state().unwrap().length, 7);
    }
    draft.insert("!").unwrap();
    assert_eq!(
        first, r#"{"text":"héllo 👋","spans":[]}"#,
        "a copy, not a view"
    );
}

#[test]
fn debug_shows_the_handle() {
    let draft = Draft::new(None).unwrap();
    assert_eq!(
        format!("{draft:?}"),
        format!("Draft {{ raw: {:?} }}", draft.as_raw())
    );
}
