//! Creating drafts, their configuration, and dropping them.

mod common;

use common::assert_err;
use message_composer::{Draft, ErrorKind};

const DEFAULT_CONFIG: &str = concat!(
    r#"{"rich_text":true,"mentions":true,"mention_limit":10,"max_length":null,"trim":true,"#,
    r#""typing_events":true,"multiple_attachments":true,"max_files":10,"max_file_size":104857600,"#,
    r#""allowed_types":null,"undo_depth":100,"slow_mode_seconds":0,"commands":true,"stickers":true}"#
);

#[test]
fn a_new_draft_is_empty_with_the_default_config() {
    for config in [None, Some("{}"), Some(" \n{ }\t")] {
        let draft = Draft::new(config).expect("draft");
        assert_eq!(draft.config().unwrap(), DEFAULT_CONFIG, "{config:?}");
        assert_eq!(draft.text().unwrap(), "");
        assert_eq!(draft.len(), 0);
        assert!(draft.is_empty());
        assert_eq!(draft.selection(), (0, 0));
        assert_eq!(draft.document().unwrap(), r#"{"text":"","spans":[]}"#);
    }
}

#[test]
fn config_reports_every_option_set() {
    let draft = Draft::new(Some(
        r#"{"rich_text":false,"mentions":false,"mention_limit":3,"max_length":500,"trim":false,
           "typing_events":false,"multiple_attachments":false,"max_files":2,"max_file_size":1024,
           "allowed_types":["image/png","application/pdf"],"undo_depth":0,"slow_mode_seconds":30,"commands":true,"stickers":true}"#,
    ))
    .expect("draft");
    assert_eq!(
        draft.config().unwrap(),
        concat!(
            r#"{"rich_text":false,"mentions":false,"mention_limit":3,"max_length":500,"trim":false,"#,
            r#""typing_events":false,"multiple_attachments":false,"max_files":2,"max_file_size":1024,"#,
            r#""allowed_types":["image/png","application/pdf"],"undo_depth":0,"slow_mode_seconds":30,"commands":true,"stickers":true}"#
        )
    );
    // Options left out keep their defaults; null is accepted where the default is null.
    let draft = Draft::new(Some(r#"{"max_length":null,"max_files":1}"#)).expect("draft");
    assert_eq!(
        draft.config().unwrap(),
        DEFAULT_CONFIG.replace(r#""max_files":10"#, r#""max_files":1"#)
    );
    let draft = Draft::new(Some(r#"{"slow_mode_seconds":10,"commands":true,"stickers":true}"#)).expect("draft");
    assert_eq!(
        draft.config().unwrap(),
        DEFAULT_CONFIG.replace(r#""slow_mode_seconds":0"#, r#""slow_mode_seconds":10"#)
    );
}

#[test]
fn bad_configs_are_refused() {
    use ErrorKind::*;
    let cases: &[(&str, ErrorKind, &str)] = &[
        (
            "",
            InvalidJson,
            "invalid JSON: unexpected end of input at byte 0",
        ),
        (
            "{",
            InvalidJson,
            "invalid JSON: expected a string key at byte 1",
        ),
        (
            "{}x",
            InvalidJson,
            "invalid JSON: unexpected data after the JSON value at byte 2",
        ),
        (
            r#"{"trim":true,"trim":false}"#,
            InvalidJson,
            r#"invalid JSON: duplicate key "trim" at byte 19"#,
        ),
        (
            "[]",
            InvalidArgument,
            "config must be a JSON object, not array",
        ),
        (
            "null",
            InvalidArgument,
            "config must be a JSON object, not null",
        ),
        (
            r#"{"foo":1}"#,
            InvalidArgument,
            r#"config: unknown key "foo""#,
        ),
        (
            r#"{"rich_text":1}"#,
            InvalidArgument,
            r#"config: "rich_text" must be a boolean, not number"#,
        ),
        (
            r#"{"rich_text":"yes"}"#,
            InvalidArgument,
            r#"config: "rich_text" must be a boolean, not string"#,
        ),
        (
            r#"{"mention_limit":1.5}"#,
            InvalidArgument,
            r#"config: "mention_limit" must be an integer, not number"#,
        ),
        (
            r#"{"max_length":-1}"#,
            InvalidArgument,
            r#"config: "max_length" must be between 1 and 1000000000, not -1"#,
        ),
        (
            r#"{"undo_depth":-5}"#,
            InvalidArgument,
            r#"config: "undo_depth" must be between 0 and 1000000000, not -5"#,
        ),
        (
            r#"{"slow_mode_seconds":-1}"#,
            InvalidArgument,
            r#"config: "slow_mode_seconds" must be between 0 and 1000000000, not -1"#,
        ),
        (
            r#"{"slow_mode_seconds":2.5}"#,
            InvalidArgument,
            r#"config: "slow_mode_seconds" must be an integer, not number"#,
        ),
        (
            r#"{"allowed_types":"image/png"}"#,
            InvalidArgument,
            r#"config: "allowed_types" must be an array or null, not string"#,
        ),
    ];
    for &(config, kind, message) in cases {
        assert_err(
            Draft::new(Some(config)),
            kind,
            &format!("mc_draft_new: {message}"),
        );
    }
}

#[test]
fn a_config_holding_nul_is_refused_before_c() {
    assert_err(
        Draft::new(Some("{}\0")),
        ErrorKind::InvalidUtf8,
        "mc_draft_new: string argument holds U+0000 at byte 2",
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
fn debug_shows_the_handle() {
    let draft = Draft::new(None).unwrap();
    assert_eq!(
        format!("{draft:?}"),
        format!("Draft {{ raw: {:?} }}", draft.as_raw())
    );
}

#[test]
fn drop_frees_the_handle() {
    let draft = Draft::new(None).unwrap();
    let raw = draft.as_raw();
    let mut length = 0;
    assert_eq!(
        unsafe { message_composer::sys::mc_draft_length(raw, &mut length) },
        message_composer::sys::MC_OK
    );
    drop(draft);
    assert_eq!(
        unsafe { message_composer::sys::mc_draft_length(raw, &mut length) },
        message_composer::sys::MC_ERR_INVALID_HANDLE
    );
}
