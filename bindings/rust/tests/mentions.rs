//! Mentions: insert_mention, the mention list, atomic deletion, and configured refusals.

mod common;

use common::{assert_err, assert_state, draft_with, snapshot};
use message_composer::{Draft, ErrorKind, Mention};

fn mention(start: usize, end: usize, uid: &str, name: &str) -> Mention {
    Mention {
        start,
        end,
        uid: uid.into(),
        name: name.into(),
    }
}

#[test]
fn insert_mention_adds_an_atomic_run_and_a_space() {
    let mut draft = Draft::new(None).unwrap();
    assert_eq!(draft.mentions().unwrap(), []);
    draft.insert("Hi ").unwrap();
    draft.insert_mention("u42", "Bob").unwrap();
    assert_state(
        &draft,
        r#"{"text":"Hi @Bob ","spans":[{"start":3,"end":7,"format":"mention","uid":"u42","name":"Bob"}]}"#,
        (8, 8),
    );
    draft.insert("and ").unwrap();
    draft
        .insert_mention("x:9.a-b_c@d=e+f", "Zoë \"Z\" 👋")
        .unwrap();
    assert_state(
        &draft,
        concat!(
            r#"{"text":"Hi @Bob and @Zoë \"Z\" 👋 ","spans":["#,
            r#"{"start":3,"end":7,"format":"mention","uid":"u42","name":"Bob"},"#,
            r#"{"start":12,"end":22,"format":"mention","uid":"x:9.a-b_c@d=e+f","name":"Zoë \"Z\" 👋"}]}"#
        ),
        (23, 23),
    );
    assert_eq!(
        draft.mentions().unwrap(),
        [
            mention(3, 7, "u42", "Bob"),
            mention(12, 22, "x:9.a-b_c@d=e+f", "Zoë \"Z\" 👋"),
        ]
    );
    // Selecting exactly a mention reports it as active.
    draft.set_selection(3, 7).unwrap();
    assert!(draft.active_formats().unwrap().mention);
}

#[test]
fn insert_mention_replaces_the_selection() {
    let mut draft = draft_with(r#"{"text":"Hi there","spans":[]}"#);
    draft.set_selection(3, 8).unwrap();
    draft.insert_mention("u1", "Al").unwrap();
    assert_state(
        &draft,
        r#"{"text":"Hi @Al ","spans":[{"start":3,"end":6,"format":"mention","uid":"u1","name":"Al"}]}"#,
        (7, 7),
    );
    assert_eq!(draft.mentions().unwrap(), [mention(3, 6, "u1", "Al")]);
}

/// "Hi @Bob and @Zoë x" with two mentions.
const TWO: &str = concat!(
    r#"{"text":"Hi @Bob and @Zoë x","spans":[{"start":3,"end":7,"format":"mention","uid":"u42","name":"Bob"},"#,
    r#"{"start":12,"end":16,"format":"mention","uid":"u7","name":"Zoë"}]}"#
);

#[test]
fn backspace_and_delete_remove_a_whole_mention() {
    let mut draft = draft_with(TWO);
    draft.set_selection(7, 7).unwrap();
    draft.delete_backward().unwrap();
    assert_state(
        &draft,
        r#"{"text":"Hi  and @Zoë x","spans":[{"start":8,"end":12,"format":"mention","uid":"u7","name":"Zoë"}]}"#,
        (3, 3),
    );
    assert_eq!(draft.mentions().unwrap(), [mention(8, 12, "u7", "Zoë")]);
    draft.set_selection(8, 8).unwrap();
    draft.delete_forward().unwrap();
    assert_state(&draft, r#"{"text":"Hi  and  x","spans":[]}"#, (8, 8));
    assert_eq!(draft.mentions().unwrap(), []);
    // Undo brings the mention back whole.
    draft.undo().unwrap();
    assert_eq!(draft.mentions().unwrap(), [mention(8, 12, "u7", "Zoë")]);
}

#[test]
fn a_selection_cutting_into_a_mention_deletes_it_whole() {
    let mut draft = draft_with(TWO);
    // The focus snaps to the mention's nearer edge (5 -> 3), so only "Hi " goes.
    draft.set_selection(1, 5).unwrap();
    draft.delete_backward().unwrap();
    assert_eq!(draft.text().unwrap(), "H@Bob and @Zoë x");
    let mut draft = draft_with(TWO);
    draft.set_selection(1, 6).unwrap();
    draft.delete_backward().unwrap();
    assert_state(
        &draft,
        r#"{"text":"H and @Zoë x","spans":[{"start":6,"end":10,"format":"mention","uid":"u7","name":"Zoë"}]}"#,
        (1, 1),
    );
}

#[test]
fn the_configured_limit_is_enforced() {
    let mut draft = Draft::new(Some(r#"{"mention_limit":1}"#)).unwrap();
    draft.insert_mention("u1", "Ann").unwrap();
    let before = snapshot(&draft);
    assert_err(
        draft.insert_mention("u2", "Bob"),
        ErrorKind::LimitExceeded,
        "mc_draft_insert_mention: a message can hold at most 1 mention",
    );
    assert_eq!(snapshot(&draft), before);
    assert_eq!(draft.mentions().unwrap(), [mention(0, 4, "u1", "Ann")]);
    // Deleting the mention makes room again.
    draft.delete_backward().unwrap();
    draft.delete_backward().unwrap();
    assert_eq!(draft.text().unwrap(), "");
    draft.insert_mention("u2", "Bob").unwrap();
    assert_eq!(draft.mentions().unwrap(), [mention(0, 4, "u2", "Bob")]);
}

#[test]
fn mentions_can_be_disabled_and_never_go_in_a_code_block() {
    let mut draft = Draft::new(Some(r#"{"mentions":false}"#)).unwrap();
    draft.insert("Hi ").unwrap();
    let before = snapshot(&draft);
    assert_err(
        draft.insert_mention("u1", "Ann"),
        ErrorKind::NotAllowed,
        "mc_draft_insert_mention: mentions are disabled",
    );
    assert_eq!(snapshot(&draft), before);

    let mut draft =
        draft_with(r#"{"text":"code","spans":[{"start":0,"end":4,"format":"code_block"}]}"#);
    let before = snapshot(&draft);
    assert_err(
        draft.insert_mention("u1", "Ann"),
        ErrorKind::NotAllowed,
        "mc_draft_insert_mention: mentions cannot go in a code block",
    );
    assert_eq!(snapshot(&draft), before);
}

#[test]
fn bad_uids_and_names_are_refused_and_change_nothing() {
    let mut draft = draft_with(TWO);
    draft.set_selection(18, 18).unwrap();
    let before = snapshot(&draft);
    let long = "u".repeat(256);
    let bad_uid = |uid: &str| {
        format!(
            "mc_draft_insert_mention: mention uid \"{uid}\" must be 1-255 characters of A-Z a-z 0-9 _ - . : @ = +"
        )
    };
    for uid in ["", "a b", "é", "a/b", long.as_str()] {
        assert_err(
            draft.insert_mention(uid, "X"),
            ErrorKind::InvalidArgument,
            &bad_uid(uid),
        );
    }
    for name in ["", "a\nb"] {
        assert_err(
            draft.insert_mention("u1", name),
            ErrorKind::InvalidArgument,
            "mc_draft_insert_mention: mention name must be non-empty, on one line and free of U+0000",
        );
    }
    assert_err(
        draft.insert_mention("u\0", "X"),
        ErrorKind::InvalidUtf8,
        "mc_draft_insert_mention: string argument holds U+0000 at byte 1",
    );
    assert_err(
        draft.insert_mention("u1", "\0"),
        ErrorKind::InvalidUtf8,
        "mc_draft_insert_mention: string argument holds U+0000 at byte 0",
    );
    assert_eq!(snapshot(&draft), before);
    // The longest uid is fine.
    draft.insert_mention(&long[..255], "Max").unwrap();
    assert_eq!(draft.mentions().unwrap().len(), 3);
}
