//! `Draft::batch`: the closure's changes are one undo step, and the batch is committed whatever
//! the closure does (returns an error, panics, swaps the draft).

use std::panic::{catch_unwind, AssertUnwindSafe};

use message_composer::{Draft, Error, ErrorKind, Format};

fn no_batch_open(draft: &mut Draft) -> bool {
    draft.commit_batch().map_err(|e| e.kind()) == Err(ErrorKind::NotAllowed)
}

#[test]
fn the_changes_of_a_batch_are_one_undo_step() {
    let mut draft = Draft::new(None).unwrap();
    draft
        .batch(|d| {
            d.insert("Hello")?;
            d.apply_format(0, 5, Format::Bold, None)
        })
        .unwrap();
    assert_eq!(draft.markdown().unwrap(), "**Hello**");
    draft.undo().unwrap();
    assert!(draft.is_empty());
    assert!(no_batch_open(&mut draft));
}

#[test]
fn a_batch_whose_closure_fails_is_committed_and_its_error_returned() {
    let mut draft = Draft::new(None).unwrap();
    let error = draft
        .batch(|d| {
            d.insert("kept")?;
            d.replace(10, 20, "x")
        })
        .unwrap_err();
    assert_eq!(error.kind(), ErrorKind::OutOfRange);
    assert!(no_batch_open(&mut draft));
    assert_eq!(draft.text().unwrap(), "kept");
    draft.undo().unwrap();
    assert!(draft.is_empty());
}

#[test]
fn a_batch_whose_closure_panics_is_committed() {
    let mut draft = Draft::new(None).unwrap();
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        draft.batch(|d| -> Result<(), Error> {
            d.insert("before the panic")?;
            panic!("in the batch");
        })
    }));
    assert!(outcome.is_err());
    assert!(no_batch_open(&mut draft));
    assert!(draft.undo_state().0);
}

#[test]
fn a_batch_is_closed_on_the_draft_that_opened_it_even_if_the_closure_swaps_drafts() {
    let mut first = Draft::new(None).unwrap();
    let mut second = Draft::new(None).unwrap();
    first
        .batch(|d| {
            std::mem::swap(d, &mut second);
            d.insert("in the second draft")
        })
        .unwrap();
    // `second` now holds the draft that opened the batch: it was committed.
    assert!(no_batch_open(&mut second));
    assert!(no_batch_open(&mut first));
    assert_eq!(first.text().unwrap(), "in the second draft");
}
