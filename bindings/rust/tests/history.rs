//! Undo, redo, undo_state and batches (begin / commit and the `batch` closure).

mod common;

use std::panic::{self, AssertUnwindSafe};

use common::{assert_err, assert_state, draft_with_text, plain, snapshot, type_chars};
use message_composer::{Draft, Error, ErrorKind, Format};

#[test]
fn typing_undoes_word_by_word() {
    let mut draft = Draft::new(None).unwrap();
    assert_eq!(draft.undo_state(), (false, false));
    type_chars(&mut draft, "hello world");
    assert_state(&draft, &plain("hello world"), (11, 11));
    assert_eq!(draft.undo_state(), (true, false));
    // (after undo: text, caret, undo state)
    let undos = [
        ("hello ", 6, (true, true)),
        ("", 0, (false, true)),
        // Nothing left: undo does nothing.
        ("", 0, (false, true)),
    ];
    for (text, caret, state) in undos {
        draft.undo().unwrap();
        assert_state(&draft, &plain(text), (caret, caret));
        assert_eq!(draft.undo_state(), state, "after undo to {text:?}");
    }
    let redos = [
        ("hello ", 6, (true, true)),
        ("hello world", 11, (true, false)),
        ("hello world", 11, (true, false)),
    ];
    for (text, caret, state) in redos {
        draft.redo().unwrap();
        assert_state(&draft, &plain(text), (caret, caret));
        assert_eq!(draft.undo_state(), state, "after redo to {text:?}");
    }
}

#[test]
fn each_insert_of_several_characters_and_each_enter_is_a_step() {
    let mut draft = Draft::new(None).unwrap();
    draft.insert("ab").unwrap();
    draft.insert("cd").unwrap();
    draft.insert(" ").unwrap();
    draft.enter().unwrap();
    draft.insert("x").unwrap();
    for (text, caret) in [
        (r"abcd \n", 6),
        ("abcd ", 5),
        ("abcd", 4),
        ("ab", 2),
        ("", 0),
    ] {
        draft.undo().unwrap();
        assert_state(&draft, &plain(text), (caret, caret));
    }
}

#[test]
fn a_new_edit_drops_the_redo_steps() {
    let mut draft = Draft::new(None).unwrap();
    type_chars(&mut draft, "hello world");
    draft.undo().unwrap();
    assert_eq!(draft.undo_state(), (true, true));
    draft.insert("X").unwrap();
    assert_eq!(draft.undo_state(), (true, false));
    draft.redo().unwrap();
    assert_state(&draft, &plain("hello X"), (7, 7));
}

#[test]
fn undo_brings_back_formats_selection_and_typing_attributes() {
    let mut draft = draft_with_text("abcdef");
    draft.set_selection(1, 5).unwrap();
    draft.apply_format(1, 5, Format::Italic, None).unwrap();
    let italic = r#"{"text":"abcdef","spans":[{"start":1,"end":5,"format":"italic"}]}"#;
    draft.set_selection(0, 0).unwrap();
    draft.undo().unwrap();
    assert_state(&draft, &plain("abcdef"), (1, 5));
    draft.redo().unwrap();
    assert_eq!(draft.document().unwrap(), italic);

    // Bold typed after a toggle at the caret; undoing the typing brings back the bold caret.
    let mut draft = draft_with_text("ab");
    draft.toggle_format(2, 2, Format::Bold, None).unwrap();
    draft.insert("cd").unwrap();
    draft.undo().unwrap();
    assert_state(&draft, &plain("ab"), (2, 2));
    assert_eq!(draft.active_formats().unwrap().formats, [Format::Bold]);
    draft.insert("e").unwrap();
    assert_eq!(
        draft.document().unwrap(),
        r#"{"text":"abe","spans":[{"start":2,"end":3,"format":"bold"}]}"#
    );
}

#[test]
fn undo_depth_zero_keeps_no_history() {
    let mut draft = Draft::new(Some(r#"{"undo_depth":0}"#)).unwrap();
    draft.insert("a").unwrap();
    assert_eq!(draft.undo_state(), (false, false));
    draft.undo().unwrap();
    assert_state(&draft, &plain("a"), (1, 1));
}

#[test]
fn a_batch_is_one_undo_step_and_blocks_undo_while_open() {
    let mut draft = draft_with_text("ab");
    draft.begin_batch().unwrap();
    draft.insert("c").unwrap();
    draft.apply_format(0, 3, Format::Bold, None).unwrap();
    let bold = r#"{"text":"abc","spans":[{"start":0,"end":3,"format":"bold"}]}"#;
    // Undo and redo do nothing while a batch is open.
    draft.undo().unwrap();
    assert_state(&draft, bold, (3, 3));
    draft.redo().unwrap();
    assert_state(&draft, bold, (3, 3));
    // Batches nest; only the outermost commit ends the step.
    draft.begin_batch().unwrap();
    draft.insert("d").unwrap();
    draft.commit_batch().unwrap();
    draft.undo().unwrap();
    let bold_d = r#"{"text":"abcd","spans":[{"start":0,"end":4,"format":"bold"}]}"#;
    assert_state(&draft, bold_d, (4, 4));
    draft.commit_batch().unwrap();
    assert_eq!(draft.undo_state(), (true, false));
    draft.undo().unwrap();
    assert_state(&draft, &plain("ab"), (2, 2));
    assert_eq!(draft.undo_state(), (true, true));
    draft.redo().unwrap();
    assert_state(&draft, bold_d, (4, 4));
}

#[test]
fn an_empty_batch_adds_no_step() {
    let mut draft = Draft::new(None).unwrap();
    draft.begin_batch().unwrap();
    draft.commit_batch().unwrap();
    assert_eq!(draft.undo_state(), (false, false));
}

#[test]
fn commit_without_begin_is_refused_and_changes_nothing() {
    let mut draft = draft_with_text("abc");
    draft.set_selection(1, 2).unwrap();
    let before = snapshot(&draft);
    assert_err(
        draft.commit_batch(),
        ErrorKind::NotAllowed,
        "mc_draft_commit_batch: no batch is open",
    );
    assert_eq!(snapshot(&draft), before);
    // One commit per begin.
    draft.begin_batch().unwrap();
    draft.commit_batch().unwrap();
    assert_err(
        draft.commit_batch(),
        ErrorKind::NotAllowed,
        "mc_draft_commit_batch: no batch is open",
    );
    assert_eq!(snapshot(&draft), before);
}

#[test]
fn the_batch_closure_makes_one_step_and_returns_its_value() {
    let mut draft = draft_with_text("ab");
    let length = draft
        .batch(|d| {
            d.insert("cd")?;
            d.apply_format(0, 4, Format::Bold, None)?;
            d.insert("!")?;
            Ok::<_, Error>(d.len())
        })
        .unwrap();
    assert_eq!(length, 5);
    assert_err(
        draft.commit_batch(),
        ErrorKind::NotAllowed,
        "mc_draft_commit_batch: no batch is open",
    );
    draft.undo().unwrap();
    assert_state(&draft, &plain("ab"), (2, 2));
    draft.redo().unwrap();
    assert_state(
        &draft,
        r#"{"text":"abcd!","spans":[{"start":0,"end":5,"format":"bold"}]}"#,
        (5, 5),
    );
}

#[test]
fn the_batch_closure_commits_when_it_returns_an_error() {
    let mut draft = draft_with_text("ab");
    let result = draft.batch(|d| {
        d.insert("cd")?;
        d.apply_format(0, 4, Format::Link, Some("javascript:x"))?;
        d.insert("never")
    });
    assert_err(
        result,
        ErrorKind::UnsafeLink,
        "mc_draft_apply_format: link scheme \"javascript:\" is not allowed (allowed: http, https, mailto)",
    );
    // The batch is closed: undo works and takes back what the closure did before failing.
    assert_err(
        draft.commit_batch(),
        ErrorKind::NotAllowed,
        "mc_draft_commit_batch: no batch is open",
    );
    assert_state(&draft, &plain("abcd"), (4, 4));
    draft.undo().unwrap();
    assert_state(&draft, &plain("ab"), (2, 2));

    // A caller's own error type works through From<Error>.
    #[derive(Debug, PartialEq)]
    enum AppError {
        Composer(ErrorKind),
        Mine(&'static str),
    }
    impl From<Error> for AppError {
        fn from(e: Error) -> AppError {
            AppError::Composer(e.kind())
        }
    }
    let result: Result<(), AppError> = draft.batch(|d| {
        d.insert("x")?;
        Err(AppError::Mine("stop"))
    });
    assert_eq!(result, Err(AppError::Mine("stop")));
    let result: Result<(), AppError> = draft.batch(|d| Ok(d.commit_batch()?));
    assert_eq!(result, Err(AppError::Composer(ErrorKind::NotAllowed)));
    assert_state(&draft, &plain("abx"), (3, 3));
}

#[test]
fn the_batch_closure_commits_when_it_panics() {
    let mut draft = draft_with_text("ab");
    let outcome = panic::catch_unwind(AssertUnwindSafe(|| {
        draft.batch(|d| -> Result<(), Error> {
            d.insert("cd")?;
            panic!("in the closure");
        })
    }));
    assert!(outcome.is_err());
    assert_err(
        draft.commit_batch(),
        ErrorKind::NotAllowed,
        "mc_draft_commit_batch: no batch is open",
    );
    draft.undo().unwrap();
    assert_state(&draft, &plain("ab"), (2, 2));
}

#[test]
fn a_batch_closure_that_commits_itself_reports_the_unbalanced_commit() {
    let mut draft = draft_with_text("ab");
    let result = draft.batch(|d| {
        d.insert("c")?;
        d.commit_batch()
    });
    assert_err(
        result,
        ErrorKind::NotAllowed,
        "mc_draft_commit_batch: no batch is open",
    );
    assert_state(&draft, &plain("abc"), (3, 3));
    // Inside an outer batch the stray commit closes the inner batch, and `batch` then closes
    // the outer one.
    draft.begin_batch().unwrap();
    draft.batch(|d| d.commit_batch()).unwrap();
    assert_err(
        draft.commit_batch(),
        ErrorKind::NotAllowed,
        "mc_draft_commit_batch: no batch is open",
    );
}

#[test]
fn batch_closures_nest() {
    let mut draft = Draft::new(None).unwrap();
    draft
        .batch(|d| {
            d.insert("a")?;
            d.batch(|d| d.insert("b"))?;
            d.undo()?; // ignored: a batch is open
            d.insert("c")
        })
        .unwrap();
    assert_state(&draft, &plain("abc"), (3, 3));
    draft.undo().unwrap();
    assert_state(&draft, &plain(""), (0, 0));
}
