//! Text, length, selection and offset conversion on a draft.

mod common;

use common::{assert_err, draft_with, draft_with_text};
use message_composer::{convert_offset, Draft, ErrorKind, Unit};

/// A family (ZWJ sequence, 5 scalars), e + combining acute, CJK, Hebrew (RTL), a flag (2 scalars).
const WORLD: &str = "👨\u{200d}👩\u{200d}👧 e\u{301} 中文 שלום 🇫🇷";

/// A value past `i64::MAX`, on targets where `usize` has one.
fn beyond_i64() -> Option<usize> {
    usize::try_from(i64::MAX as u64 + 1).ok()
}

#[test]
fn replace_inserts_replaces_and_deletes() {
    let mut draft = Draft::new(None).unwrap();
    draft.replace(0, 0, "Hello").unwrap();
    assert_eq!(
        (draft.text().unwrap(), draft.len(), draft.selection()),
        ("Hello".into(), 5, (5, 5))
    );
    draft.replace(5, 5, " world").unwrap();
    assert_eq!(
        (draft.text().unwrap(), draft.selection()),
        ("Hello world".into(), (11, 11))
    );
    draft.replace(0, 5, "Bye").unwrap();
    assert_eq!(
        (draft.text().unwrap(), draft.len(), draft.selection()),
        ("Bye world".into(), 9, (3, 3))
    );
    draft.replace(3, 9, "").unwrap();
    assert_eq!(
        (draft.text().unwrap(), draft.selection()),
        ("Bye".into(), (3, 3))
    );
    draft.replace(0, 3, "").unwrap();
    assert_eq!(
        (draft.text().unwrap(), draft.len(), draft.selection()),
        (String::new(), 0, (0, 0))
    );
    assert!(draft.is_empty());
    // An empty replacement of an empty range changes nothing.
    draft.replace(0, 0, "").unwrap();
    assert_eq!(draft.document().unwrap(), r#"{"text":"","spans":[]}"#);
}

#[test]
fn offsets_count_scalars_not_bytes_or_graphemes() {
    let mut draft = draft_with_text(WORLD);
    assert_eq!(draft.text().unwrap(), WORLD);
    assert_eq!(draft.len(), 19);
    assert_eq!(draft.len(), WORLD.chars().count());
    assert_eq!(draft.selection(), (19, 19));

    // [0, 1) is the man alone, not the whole family grapheme.
    draft.replace(0, 1, "Z").unwrap();
    assert_eq!(
        draft.text().unwrap(),
        "Z\u{200d}👩\u{200d}👧 e\u{301} 中文 שלום 🇫🇷"
    );
    assert_eq!(draft.selection(), (1, 1));
    // The combining accent alone.
    draft.replace(7, 8, "").unwrap();
    assert_eq!(
        draft.text().unwrap(),
        "Z\u{200d}👩\u{200d}👧 e 中文 שלום 🇫🇷"
    );
    // Inside the CJK and the RTL words.
    draft.replace(10, 10, "日本").unwrap();
    assert_eq!(
        draft.text().unwrap(),
        "Z\u{200d}👩\u{200d}👧 e 中文日本 שלום 🇫🇷"
    );
    assert_eq!(draft.selection(), (12, 12));
    draft.replace(13, 15, "ש").unwrap();
    assert_eq!(
        draft.text().unwrap(),
        "Z\u{200d}👩\u{200d}👧 e 中文日本 שום 🇫🇷"
    );
    // Half a flag.
    let len = draft.len();
    draft.replace(len - 1, len, "🇪").unwrap();
    assert_eq!(
        draft.text().unwrap(),
        "Z\u{200d}👩\u{200d}👧 e 中文日本 שום 🇫🇪"
    );
    assert_eq!(draft.len(), draft.text().unwrap().chars().count());
}

#[test]
fn replace_refuses_ranges_outside_the_text_and_changes_nothing() {
    let mut draft = draft_with_text("Bye world");
    draft.set_selection(1, 4).unwrap();
    for (start, end) in [(3, 2), (0, 10), (10, 10), (9, 100)] {
        assert_err(
            draft.replace(start, end, "x"),
            ErrorKind::OutOfRange,
            &format!("mc_draft_replace_n: range [{start}, {end}) is outside the text (length 9)"),
        );
    }
    if let Some(huge) = beyond_i64() {
        assert_err(
            draft.replace(0, huge, "x"),
            ErrorKind::OutOfRange,
            &format!("mc_draft_replace_n: offset {huge} does not fit in int64_t"),
        );
    }
    assert_eq!(draft.text().unwrap(), "Bye world");
    assert_eq!(draft.selection(), (1, 4));
}

#[test]
fn replace_refuses_nul_and_changes_nothing() {
    let mut draft = draft_with_text("abc");
    // The text goes to C with its length, so the library sees the NUL and refuses it.
    for text in ["\0", "a\0b", "end\0"] {
        assert_err(
            draft.replace(1, 1, text),
            ErrorKind::InvalidUtf8,
            "mc_draft_replace_n: invalid UTF-8 in string argument",
        );
    }
    assert_eq!(draft.text().unwrap(), "abc");
    assert_eq!(draft.selection(), (3, 3));
}

#[test]
fn set_selection_keeps_direction_and_clamps() {
    let mut draft = draft_with_text("Hello world");
    draft.set_selection(2, 7).unwrap();
    assert_eq!(draft.selection(), (2, 7));
    draft.set_selection(7, 2).unwrap();
    assert_eq!(draft.selection(), (7, 2));
    draft.set_selection(4, 4).unwrap();
    assert_eq!(draft.selection(), (4, 4));
    draft.set_selection(5, 1000).unwrap();
    assert_eq!(draft.selection(), (5, 11));
    draft
        .set_selection(usize::try_from(i64::MAX).unwrap_or(usize::MAX), 0)
        .unwrap();
    assert_eq!(draft.selection(), (11, 0));
    if let Some(huge) = beyond_i64() {
        assert_err(
            draft.set_selection(0, huge),
            ErrorKind::OutOfRange,
            &format!("mc_draft_set_selection: offset {huge} does not fit in int64_t"),
        );
        assert_eq!(draft.selection(), (11, 0));
    }
}

#[test]
fn set_selection_snaps_a_caret_out_of_a_mention() {
    let doc = r#"{"text":"Hi @Bob x","spans":[{"start":3,"end":7,"format":"mention","uid":"u42","name":"Bob"}]}"#;
    let mut draft = draft_with(doc);
    // (set, read back): the nearer edge, the start on a tie; ends outside stay.
    let cases = [
        ((4, 4), (3, 3)),
        ((5, 5), (3, 3)),
        ((6, 6), (7, 7)),
        ((3, 3), (3, 3)),
        ((7, 7), (7, 7)),
    ];
    for (set, expected) in cases {
        draft.set_selection(set.0, set.1).unwrap();
        assert_eq!(draft.selection(), expected, "{set:?}");
    }
    draft.set_selection(1, 5).unwrap();
    assert_eq!(draft.selection(), (1, 3));
    draft.set_selection(4, 6).unwrap();
    assert_eq!(draft.selection(), (3, 7));
}

/// Every character boundary of `text` as (scalar, utf16, utf8), computed by Rust.
fn boundaries(text: &str) -> Vec<(usize, usize, usize)> {
    let mut out = vec![(0, 0, 0)];
    let (mut utf16, mut utf8) = (0, 0);
    for (i, c) in text.chars().enumerate() {
        utf16 += c.len_utf16();
        utf8 += c.len_utf8();
        out.push((i + 1, utf16, utf8));
    }
    out
}

#[test]
fn draft_convert_offset_agrees_with_rust_at_every_boundary() {
    let draft = draft_with_text(WORLD);
    for (scalar, utf16, utf8) in boundaries(WORLD) {
        let row = [
            (Unit::Scalar, scalar),
            (Unit::Utf16, utf16),
            (Unit::Utf8, utf8),
        ];
        for (from, offset) in row {
            for (to, expected) in row {
                assert_eq!(
                    draft.convert_offset(offset, from, to),
                    Ok(expected),
                    "{offset} {from:?} -> {to:?}"
                );
                assert_eq!(
                    convert_offset(WORLD, offset, from, to),
                    Ok(expected),
                    "free {offset} {from:?} -> {to:?}"
                );
            }
        }
    }
    // Spot values, so the table above is not only self-consistent.
    assert_eq!(draft.convert_offset(19, Unit::Scalar, Unit::Utf16), Ok(24));
    assert_eq!(draft.convert_offset(19, Unit::Scalar, Unit::Utf8), Ok(47));
    assert_eq!(draft.convert_offset(2, Unit::Utf16, Unit::Scalar), Ok(1));
}

#[test]
fn draft_convert_offset_refuses_offsets_inside_a_character_or_past_the_end() {
    let draft = draft_with_text(WORLD);
    let bounds = boundaries(WORLD);
    let utf8_bounds: Vec<usize> = bounds.iter().map(|b| b.2).collect();
    for offset in (0..=WORLD.len()).filter(|o| !utf8_bounds.contains(o)) {
        assert_err(
            draft.convert_offset(offset, Unit::Utf8, Unit::Scalar),
            ErrorKind::OutOfRange,
            &format!("mc_draft_convert_offset: UTF-8 offset {offset} falls inside a character"),
        );
    }
    let utf16_bounds: Vec<usize> = bounds.iter().map(|b| b.1).collect();
    let inside_utf16: Vec<usize> = (0..=24).filter(|o| !utf16_bounds.contains(o)).collect();
    assert_eq!(
        inside_utf16,
        [1, 4, 7, 21, 23],
        "the surrogate pairs of WORLD"
    );
    for offset in inside_utf16 {
        assert_err(
            draft.convert_offset(offset, Unit::Utf16, Unit::Utf8),
            ErrorKind::OutOfRange,
            &format!("mc_draft_convert_offset: UTF-16 offset {offset} falls inside a character"),
        );
    }
    assert_err(
        draft.convert_offset(20, Unit::Scalar, Unit::Scalar),
        ErrorKind::OutOfRange,
        "mc_draft_convert_offset: scalar offset 20 is past the end of the text (19)",
    );
    assert_err(
        draft.convert_offset(48, Unit::Utf8, Unit::Utf16),
        ErrorKind::OutOfRange,
        "mc_draft_convert_offset: UTF-8 offset 48 is past the end of the text (47)",
    );
    if let Some(huge) = beyond_i64() {
        assert_err(
            draft.convert_offset(huge, Unit::Scalar, Unit::Utf8),
            ErrorKind::OutOfRange,
            &format!("mc_draft_convert_offset: offset {huge} does not fit in int64_t"),
        );
    }
}

#[test]
fn byte_offsets_from_str_methods_convert_to_draft_offsets() {
    // A typical use: a byte offset found with str::find becomes a scalar offset for replace.
    let mut draft = draft_with_text(WORLD);
    let byte = WORLD.find("שלום").unwrap();
    let start = draft
        .convert_offset(byte, Unit::Utf8, Unit::Scalar)
        .unwrap();
    let end = draft
        .convert_offset(byte + "שלום".len(), Unit::Utf8, Unit::Scalar)
        .unwrap();
    assert_eq!((start, end), (12, 16));
    draft.replace(start, end, "salut").unwrap();
    assert_eq!(
        draft.text().unwrap(),
        "👨\u{200d}👩\u{200d}👧 e\u{301} 中文 salut 🇫🇷"
    );
}
