//! Editing as a keyboard does: insert, Enter, Backspace, Delete, caret movement, select all.

mod common;

use common::{assert_err, assert_state, draft_with, draft_with_text, plain, snapshot, type_chars};
use message_composer::{CaretUnit, Draft, ErrorKind};

/// A family (ZWJ sequence, 5 scalars).
const FAMILY: &str = "👨\u{200d}👩\u{200d}👧";
/// A flag (2 regional indicators).
const FLAG: &str = "🇫🇷";
/// e + combining acute accent (2 scalars).
const E_ACUTE: &str = "e\u{301}";

#[test]
fn typing_emoji_moves_the_caret_by_scalars() {
    let mut draft = Draft::new(None).unwrap();
    // (typed, text after, caret after): the caret counts scalars, a whole cluster at a time.
    let steps = [
        ("Hi ", "Hi ", 3),
        ("👋", "Hi 👋", 4),
        (FAMILY, "Hi 👋👨\u{200d}👩\u{200d}👧", 9),
        (FLAG, "Hi 👋👨\u{200d}👩\u{200d}👧🇫🇷", 11),
        (E_ACUTE, "Hi 👋👨\u{200d}👩\u{200d}👧🇫🇷e\u{301}", 13),
        ("中", "Hi 👋👨\u{200d}👩\u{200d}👧🇫🇷e\u{301}中", 14),
    ];
    for (typed, text, caret) in steps {
        draft.insert(typed).unwrap();
        assert_state(&draft, &plain(text), (caret, caret));
    }
    assert_eq!(draft.len(), 14);
}

#[test]
fn typing_a_cluster_scalar_by_scalar_builds_one_cluster() {
    let mut draft = Draft::new(None).unwrap();
    type_chars(&mut draft, "👨\u{200d}👩e\u{301}");
    assert_state(&draft, &plain("👨\u{200d}👩e\u{301}"), (5, 5));
    // Delete from the start removes a whole cluster each time.
    draft.set_selection(0, 0).unwrap();
    draft.delete_forward().unwrap();
    assert_state(&draft, &plain("e\u{301}"), (0, 0));
    draft.delete_forward().unwrap();
    assert_state(&draft, &plain(""), (0, 0));
}

#[test]
fn insert_replaces_the_selection_and_typing_newline_is_enter() {
    let mut draft = draft_with_text("Hello world");
    draft.set_selection(6, 11).unwrap();
    draft.insert("👋 there").unwrap();
    assert_state(&draft, &plain("Hello 👋 there"), (13, 13));
    // A backward selection is replaced the same way.
    draft.set_selection(5, 0).unwrap();
    draft.insert("Bye").unwrap();
    assert_state(&draft, &plain("Bye 👋 there"), (3, 3));
    draft.insert("\nnext").unwrap();
    assert_state(&draft, &plain(r"Bye\nnext 👋 there"), (8, 8));
    // Empty text changes nothing.
    draft.insert("").unwrap();
    assert_state(&draft, &plain(r"Bye\nnext 👋 there"), (8, 8));
}

#[test]
fn insert_refuses_nul_and_changes_nothing() {
    let mut draft = draft_with_text("abc");
    draft.set_selection(1, 2).unwrap();
    let before = snapshot(&draft);
    for text in ["\0", "a\0b", "x\0"] {
        assert_err(
            draft.insert(text),
            ErrorKind::InvalidUtf8,
            "mc_draft_insert_n: invalid UTF-8 in string argument",
        );
        assert_eq!(snapshot(&draft), before, "{text:?}");
    }
}

#[test]
fn enter_splits_the_line_and_replaces_the_selection() {
    let mut draft = draft_with_text("ab\ncd");
    draft.set_selection(1, 4).unwrap();
    draft.enter().unwrap();
    assert_state(&draft, &plain(r"a\nd"), (2, 2));
    draft.set_selection(0, 0).unwrap();
    draft.enter().unwrap();
    assert_state(&draft, &plain(r"\na\nd"), (1, 1));
    draft.move_caret(CaretUnit::Document, 1, false).unwrap();
    draft.enter().unwrap();
    assert_state(&draft, &plain(r"\na\nd\n"), (5, 5));
}

#[test]
fn enter_carries_inline_formats_to_the_new_line() {
    let mut draft = draft_with(r#"{"text":"abcd","spans":[{"start":0,"end":4,"format":"bold"}]}"#);
    draft.set_selection(2, 2).unwrap();
    draft.enter().unwrap();
    draft.insert("X").unwrap();
    assert_state(
        &draft,
        r#"{"text":"ab\nXcd","spans":[{"start":0,"end":2,"format":"bold"},{"start":3,"end":6,"format":"bold"}]}"#,
        (4, 4),
    );
}

#[test]
fn backspace_removes_a_whole_grapheme_cluster() {
    // (text, caret, text after Backspace, caret after)
    let cases = [
        (format!("a{FAMILY}b"), 6, "ab", 1),
        (format!("a{FLAG}b"), 3, "ab", 1),
        (format!("a{E_ACUTE}b"), 3, "ab", 1),
        ("a👍🏽b".to_string(), 3, "ab", 1),
        ("abc".to_string(), 2, "ac", 1),
    ];
    for (text, caret, after, caret_after) in cases {
        let mut draft = draft_with_text(&text);
        draft.set_selection(caret, caret).unwrap();
        draft.delete_backward().unwrap();
        assert_state(&draft, &plain(after), (caret_after, caret_after));
    }
}

#[test]
fn delete_removes_a_whole_grapheme_cluster() {
    let cases = [
        (format!("a{FAMILY}b"), "ab"),
        (format!("a{FLAG}b"), "ab"),
        (format!("a{E_ACUTE}b"), "ab"),
        ("a👍🏽b".to_string(), "ab"),
        ("abc".to_string(), "ac"),
    ];
    for (text, after) in cases {
        let mut draft = draft_with_text(&text);
        draft.set_selection(1, 1).unwrap();
        draft.delete_forward().unwrap();
        assert_state(&draft, &plain(after), (1, 1));
    }
}

#[test]
fn backspace_and_delete_at_the_edges() {
    let mut draft = draft_with_text("ab\ncd");
    // Nothing before the start or after the end.
    draft.set_selection(0, 0).unwrap();
    draft.delete_backward().unwrap();
    assert_state(&draft, &plain(r"ab\ncd"), (0, 0));
    draft.set_selection(5, 5).unwrap();
    draft.delete_forward().unwrap();
    assert_state(&draft, &plain(r"ab\ncd"), (5, 5));
    // At a line start Backspace joins the lines; at a line end Delete does.
    draft.set_selection(3, 3).unwrap();
    draft.delete_backward().unwrap();
    assert_state(&draft, &plain("abcd"), (2, 2));
    draft.insert("\n").unwrap();
    draft.set_selection(2, 2).unwrap();
    draft.delete_forward().unwrap();
    assert_state(&draft, &plain("abcd"), (2, 2));
    // With a selection both delete exactly the selection.
    draft.set_selection(3, 1).unwrap();
    draft.delete_backward().unwrap();
    assert_state(&draft, &plain("ad"), (1, 1));
    draft.set_selection(0, 1).unwrap();
    draft.delete_forward().unwrap();
    assert_state(&draft, &plain("d"), (0, 0));
}

#[test]
fn backspace_at_the_start_of_the_text_removes_the_block_format() {
    let mut draft = draft_with(
        r#"{"text":"ab\ncd","spans":[{"start":0,"end":2,"format":"quote"},{"start":3,"end":5,"format":"bullet_list"}]}"#,
    );
    // At a later line start it joins, keeping the first line's block.
    draft.set_selection(3, 3).unwrap();
    draft.delete_backward().unwrap();
    assert_state(
        &draft,
        r#"{"text":"abcd","spans":[{"start":0,"end":4,"format":"quote"}]}"#,
        (2, 2),
    );
    draft.set_selection(0, 0).unwrap();
    draft.delete_backward().unwrap();
    assert_state(&draft, &plain("abcd"), (0, 0));
}

/// Text with two lines, a combining accent, a ZWJ family and a flag.
const LINES: &str = "Hello big world\ne\u{301}👨\u{200d}👩\u{200d}👧🇫🇷 end";

/// The grapheme boundaries of [`LINES`].
const BOUNDARIES: [usize; 24] = [
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 23, 25, 26, 27, 28, 29,
];

/// Where one move of `unit` by `count` from a caret at `from` puts the caret.
fn caret_after(unit: CaretUnit, count: i64, from: usize) -> usize {
    let mut draft = draft_with_text(LINES);
    draft.set_selection(from, from).unwrap();
    draft.move_caret(unit, count, false).unwrap();
    let (anchor, focus) = draft.selection();
    assert_eq!(anchor, focus, "{unit:?} {count} from {from} makes a caret");
    focus
}

#[test]
fn grapheme_moves_step_over_whole_clusters_from_every_boundary() {
    for (i, &from) in BOUNDARIES.iter().enumerate() {
        let next = BOUNDARIES.get(i + 1).copied().unwrap_or(29);
        let previous = if i == 0 { 0 } else { BOUNDARIES[i - 1] };
        assert_eq!(
            caret_after(CaretUnit::Grapheme, 1, from),
            next,
            "from {from}"
        );
        assert_eq!(
            caret_after(CaretUnit::Grapheme, -1, from),
            previous,
            "from {from}"
        );
    }
    // Counts move that many clusters, and stop at the ends.
    assert_eq!(caret_after(CaretUnit::Grapheme, 3, 15), 23);
    assert_eq!(caret_after(CaretUnit::Grapheme, -2, 25), 18);
    assert_eq!(caret_after(CaretUnit::Grapheme, 100, 3), 29);
    assert_eq!(caret_after(CaretUnit::Grapheme, -100, 27), 0);
    assert_eq!(caret_after(CaretUnit::Grapheme, 0, 7), 7);
}

#[test]
fn word_moves_go_to_the_next_word_end_and_the_previous_word_start() {
    // (from, next word end, previous word start), away from the emoji (see the test below).
    let cases = [
        (0, 5, 0),
        (1, 5, 0),
        (5, 9, 0),
        (6, 9, 0),
        (7, 9, 6),
        (9, 15, 6),
        (12, 15, 10),
        (15, 18, 10),
        (16, 18, 10),
        (27, 29, 26),
        (29, 29, 26),
    ];
    for (from, next, previous) in cases {
        assert_eq!(caret_after(CaretUnit::Word, 1, from), next, "from {from}");
        assert_eq!(
            caret_after(CaretUnit::Word, -1, from),
            previous,
            "from {from}"
        );
    }
    assert_eq!(caret_after(CaretUnit::Word, 2, 0), 9);
    assert_eq!(caret_after(CaretUnit::Word, -3, 15), 0);
    assert_eq!(caret_after(CaretUnit::Word, 100, 0), 29);
}

#[test]
fn word_moves_never_stop_inside_a_grapheme_cluster() {
    // The family and the flag are not words (their first scalar is not a letter), so a word move
    // crosses them whole: forward from after "é" to the end of "end", backward to the start of "é".
    for (from, next, previous) in [(18, 29, 16), (23, 29, 16), (25, 29, 16), (26, 29, 16)] {
        assert_eq!(caret_after(CaretUnit::Word, 1, from), next, "from {from}");
        assert_eq!(
            caret_after(CaretUnit::Word, -1, from),
            previous,
            "from {from}"
        );
    }
    for from in BOUNDARIES {
        for count in [1, -1] {
            let to = caret_after(CaretUnit::Word, count, from);
            assert!(
                BOUNDARIES.contains(&to),
                "word {count} from {from} stops at {to}"
            );
        }
    }
}

#[test]
fn line_and_document_moves_go_to_the_edges() {
    for from in BOUNDARIES {
        let (line_start, line_end) = if from <= 15 { (0, 15) } else { (16, 29) };
        assert_eq!(
            caret_after(CaretUnit::Line, 1, from),
            line_end,
            "from {from}"
        );
        assert_eq!(
            caret_after(CaretUnit::Line, -1, from),
            line_start,
            "from {from}"
        );
        assert_eq!(caret_after(CaretUnit::Document, 1, from), 29, "from {from}");
        assert_eq!(caret_after(CaretUnit::Document, -1, from), 0, "from {from}");
    }
    // A line move stops at the line's edge; it does not go on to the next line.
    assert_eq!(caret_after(CaretUnit::Line, 2, 3), 15);
    assert_eq!(caret_after(CaretUnit::Line, -2, 20), 16);
}

#[test]
fn extend_keeps_the_anchor_and_a_plain_move_collapses() {
    let mut draft = draft_with_text(LINES);
    draft.set_selection(0, 0).unwrap();
    // (unit, count, extend, selection after), one after the other.
    let steps = [
        (CaretUnit::Word, 1, false, (5, 5)),
        (CaretUnit::Word, 1, true, (5, 9)),
        (CaretUnit::Word, -1, true, (5, 6)),
        (CaretUnit::Grapheme, 2, true, (5, 8)),
        // A grapheme move from a selection collapses to its end (forward) or start (backward).
        (CaretUnit::Grapheme, 1, false, (8, 8)),
        (CaretUnit::Line, 1, true, (8, 15)),
        (CaretUnit::Grapheme, -1, false, (8, 8)),
        (CaretUnit::Grapheme, 2, true, (8, 10)),
        (CaretUnit::Line, -1, true, (8, 0)),
        (CaretUnit::Grapheme, 1, false, (8, 8)),
        (CaretUnit::Document, 1, true, (8, 29)),
        (CaretUnit::Grapheme, -4, true, (8, 25)),
        (CaretUnit::Grapheme, -1, true, (8, 23)),
        (CaretUnit::Grapheme, -1, true, (8, 18)),
        (CaretUnit::Grapheme, -1, true, (8, 16)),
        (CaretUnit::Document, -1, true, (8, 0)),
        // Other units collapse to where the focus lands.
        (CaretUnit::Word, 1, false, (5, 5)),
        (CaretUnit::Document, 1, true, (5, 29)),
        (CaretUnit::Line, -1, false, (16, 16)),
    ];
    for (i, (unit, count, extend, selection)) in steps.into_iter().enumerate() {
        draft.move_caret(unit, count, extend).unwrap();
        assert_eq!(
            draft.selection(),
            selection,
            "step {i}: {unit:?} {count} extend={extend}"
        );
    }
    // A zero count: with extend nothing moves; without, the selection collapses at the focus.
    draft.set_selection(3, 8).unwrap();
    draft.move_caret(CaretUnit::Grapheme, 0, true).unwrap();
    assert_eq!(draft.selection(), (3, 8));
    draft.move_caret(CaretUnit::Document, 0, false).unwrap();
    assert_eq!(draft.selection(), (8, 8));
    // Moving never changes the text.
    assert_eq!(draft.text().unwrap(), LINES);
}

#[test]
fn caret_moves_step_over_a_mention_whole() {
    let mut draft = draft_with(
        r#"{"text":"Hi @Bob x","spans":[{"start":3,"end":7,"format":"mention","uid":"u42","name":"Bob"}]}"#,
    );
    draft.set_selection(3, 3).unwrap();
    draft.move_caret(CaretUnit::Grapheme, 1, false).unwrap();
    assert_eq!(draft.selection(), (7, 7));
    draft.move_caret(CaretUnit::Grapheme, -1, true).unwrap();
    assert_eq!(draft.selection(), (7, 3));
    draft.set_selection(8, 8).unwrap();
    draft.move_caret(CaretUnit::Word, -1, false).unwrap();
    assert_eq!(draft.selection(), (3, 3));
    draft.move_caret(CaretUnit::Word, -1, false).unwrap();
    assert_eq!(draft.selection(), (0, 0));
}

#[test]
fn select_all_selects_the_whole_text() {
    let mut draft = Draft::new(None).unwrap();
    draft.select_all().unwrap();
    assert_eq!(draft.selection(), (0, 0));
    draft.insert(LINES).unwrap();
    draft.set_selection(4, 4).unwrap();
    draft.select_all().unwrap();
    assert_eq!(draft.selection(), (0, 29));
    draft.insert("new").unwrap();
    assert_state(&draft, &plain("new"), (3, 3));
}
