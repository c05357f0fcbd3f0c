//! Inline and block formats: apply, remove, toggle (protected and not), typing attributes,
//! active formats, Enter in blocks, line-start shortcuts, and every refused input.

mod common;

use common::{assert_err, assert_state, draft_with, draft_with_text, plain, snapshot, type_chars};
use message_composer::{ActiveFormats, Draft, ErrorKind, Format};

/// A mention [3, 7), a link [12, 16) and inline code [21, 25).
const DOC: &str = concat!(
    r#"{"text":"Hi @Bob see docs and code now","spans":["#,
    r#"{"start":3,"end":7,"format":"mention","uid":"u42","name":"Bob"},"#,
    r#"{"start":12,"end":16,"format":"link","url":"https://example.com/docs"},"#,
    r#"{"start":21,"end":25,"format":"code"}]}"#
);
const MENTION: &str = r#"{"start":3,"end":7,"format":"mention","uid":"u42","name":"Bob"}"#;
const LINK: &str = r#"{"start":12,"end":16,"format":"link","url":"https://example.com/docs"}"#;
const CODE: &str = r#"{"start":21,"end":25,"format":"code"}"#;

/// The document JSON of DOC's text with `spans` (already in canonical order).
fn doc(spans: &[String]) -> String {
    format!(
        r#"{{"text":"Hi @Bob see docs and code now","spans":[{}]}}"#,
        spans.join(",")
    )
}

/// A span of `format` over `[start, end)`, with its value member when it has one.
fn span(start: usize, end: usize, format: Format) -> String {
    let value = match format {
        Format::Link => r#","url":"https://example.org""#,
        Format::Color => r##","color":"#ff0000""##,
        _ => "",
    };
    format!(
        r#"{{"start":{start},"end":{end},"format":"{}"{value}}}"#,
        format.name()
    )
}

/// The value each format needs.
fn value_of(format: Format) -> Option<&'static str> {
    match format {
        Format::Link => Some("example.org"),
        Format::Color => Some("#F00"),
        _ => None,
    }
}

/// DOC after applying `format` over the whole text.
fn expected_over_doc(format: Format, protect: bool) -> String {
    let (m, l, c) = (MENTION.to_string(), LINK.to_string(), CODE.to_string());
    let s = |start, end| span(start, end, format);
    match (format, protect) {
        // Inline code holds no other style, so even without protect these skip the code; the
        // link and the mention are carved out only when protected.
        (
            Format::Bold | Format::Italic | Format::Underline | Format::Strike | Format::Color,
            true,
        ) => doc(&[s(0, 3), m, s(7, 12), l, s(16, 21), c, s(25, 29)]),
        (
            Format::Bold | Format::Italic | Format::Underline | Format::Strike | Format::Color,
            false,
        ) => doc(&[s(0, 21), m, l, c, s(25, 29)]),
        // A code operation reaches code (and merges with it); a mention never holds code.
        (Format::Code, true) => doc(&[s(0, 3), m, s(7, 12), l, s(16, 29)]),
        (Format::Code, false) => doc(&[s(0, 3), m, s(7, 29), l]),
        // A link operation reaches links (the old one is absorbed); a mention is never linked.
        (Format::Link, true) => doc(&[s(0, 3), m, s(7, 21), c, s(25, 29)]),
        (Format::Link, false) => doc(&[s(0, 3), m, s(7, 29), c]),
        // A code block holds no inline formats at all, mentions included.
        (Format::CodeBlock, _) => doc(&[s(0, 29)]),
        (Format::Quote | Format::BulletList | Format::OrderedList, _) => doc(&[s(0, 29), m, l, c]),
    }
}

#[test]
fn every_format_over_a_range_with_protect_on_and_off() {
    for format in Format::ALL {
        for protect in [true, false] {
            let mut draft = draft_with(DOC);
            if protect {
                draft.apply_format(0, 29, format, value_of(format)).unwrap();
            } else {
                draft
                    .apply_format_with(0, 29, format, value_of(format), false)
                    .unwrap();
            }
            assert_eq!(
                draft.document().unwrap(),
                expected_over_doc(format, protect),
                "{format:?} protect={protect}"
            );
            assert_eq!(
                draft.selection(),
                (29, 29),
                "{format:?}: the selection stays"
            );
        }
    }
}

#[test]
fn apply_format_with_protect_true_is_apply_format() {
    let mut a = draft_with(DOC);
    let mut b = draft_with(DOC);
    a.apply_format(0, 29, Format::Italic, None).unwrap();
    b.apply_format_with(0, 29, Format::Italic, None, true)
        .unwrap();
    assert_eq!(a.document().unwrap(), b.document().unwrap());
}

#[test]
fn remove_format_with_protect_on_and_off() {
    let mut draft = draft_with(DOC);
    draft
        .apply_format_with(0, 29, Format::Bold, None, false)
        .unwrap();
    // Protected: the bold on the mention and the link stays.
    draft.remove_format(0, 29, Format::Bold).unwrap();
    let (m, l, c) = (MENTION.to_string(), LINK.to_string(), CODE.to_string());
    let bold = |start, end| span(start, end, Format::Bold);
    assert_eq!(
        draft.document().unwrap(),
        doc(&[bold(3, 7), m, bold(12, 16), l, c])
    );
    draft
        .remove_format_with(0, 29, Format::Bold, false)
        .unwrap();
    assert_eq!(draft.document().unwrap(), DOC);
    // Any value goes: a colour is removed whatever it is.
    draft
        .apply_format(0, 2, Format::Color, Some("#123"))
        .unwrap();
    draft.remove_format(0, 29, Format::Color).unwrap();
    assert_eq!(draft.document().unwrap(), DOC);
    // Removing a link format unlinks (protect does not shield a link from a link operation).
    draft.remove_format(0, 29, Format::Link).unwrap();
    assert_eq!(
        draft.document().unwrap(),
        doc(&[MENTION.to_string(), CODE.to_string()])
    );
    draft.remove_format(0, 29, Format::Code).unwrap();
    assert_eq!(draft.document().unwrap(), doc(&[MENTION.to_string()]));
}

/// Bold [0, 2) and [6, 8), a link [3, 5); spaces at 2 and 5.
const TOGGLE_DOC: &str = concat!(
    r#"{"text":"ab cd ef","spans":[{"start":0,"end":2,"format":"bold"},"#,
    r#"{"start":3,"end":5,"format":"link","url":"https://e.com"},{"start":6,"end":8,"format":"bold"}]}"#
);

#[test]
fn toggle_removes_only_when_every_touched_character_has_the_format() {
    let link = r#"{"start":3,"end":5,"format":"link","url":"https://e.com"}"#;
    // The spaces are not bold, so toggling applies (around the protected link) ...
    let mut draft = draft_with(TOGGLE_DOC);
    draft.toggle_format(0, 8, Format::Bold, None).unwrap();
    let all_but_link = format!(
        r#"{{"text":"ab cd ef","spans":[{{"start":0,"end":3,"format":"bold"}},{link},{{"start":5,"end":8,"format":"bold"}}]}}"#
    );
    assert_eq!(draft.document().unwrap(), all_but_link);
    // ... then every unprotected character is bold, so it removes.
    draft.toggle_format(0, 8, Format::Bold, None).unwrap();
    assert_eq!(
        draft.document().unwrap(),
        format!(r#"{{"text":"ab cd ef","spans":[{link}]}}"#)
    );
    // Without protect the link counts too, and gets bold.
    let mut draft = draft_with(TOGGLE_DOC);
    draft
        .toggle_format_with(0, 8, Format::Bold, None, false)
        .unwrap();
    assert_eq!(
        draft.document().unwrap(),
        format!(r#"{{"text":"ab cd ef","spans":[{{"start":0,"end":8,"format":"bold"}},{link}]}}"#)
    );
    draft
        .toggle_format_with(0, 8, Format::Bold, None, false)
        .unwrap();
    assert_eq!(
        draft.document().unwrap(),
        format!(r#"{{"text":"ab cd ef","spans":[{link}]}}"#)
    );
}

#[test]
fn toggle_with_a_value_removes_only_the_same_value() {
    let mut draft = draft_with(TOGGLE_DOC);
    draft
        .toggle_format(3, 5, Format::Link, Some("f.com"))
        .unwrap();
    let with_link = |link: &str| {
        format!(
            r#"{{"text":"ab cd ef","spans":[{{"start":0,"end":2,"format":"bold"}},{link}{{"start":6,"end":8,"format":"bold"}}]}}"#
        )
    };
    assert_eq!(
        draft.document().unwrap(),
        with_link(r#"{"start":3,"end":5,"format":"link","url":"https://f.com"},"#)
    );
    draft
        .toggle_format(3, 5, Format::Link, Some("https://f.com"))
        .unwrap();
    assert_eq!(draft.document().unwrap(), with_link(""));

    // #abc and #aabbcc are the same colour.
    draft
        .apply_format(0, 2, Format::Color, Some("#abc"))
        .unwrap();
    let colour = |c: &str| {
        format!(
            r##"{{"text":"ab cd ef","spans":[{{"start":0,"end":2,"format":"bold"}},{c}{{"start":6,"end":8,"format":"bold"}}]}}"##
        )
    };
    draft
        .toggle_format(0, 2, Format::Color, Some("#DEF"))
        .unwrap();
    assert_eq!(
        draft.document().unwrap(),
        colour(r##"{"start":0,"end":2,"format":"color","color":"#ddeeff"},"##)
    );
    draft
        .toggle_format(0, 2, Format::Color, Some("#ddeeff"))
        .unwrap();
    assert_eq!(draft.document().unwrap(), colour(""));
}

#[test]
fn inline_code_strips_other_styles() {
    let mut draft = draft_with(
        r##"{"text":"abcdef","spans":[{"start":0,"end":6,"format":"bold"},{"start":0,"end":6,"format":"italic"},{"start":1,"end":5,"format":"color","color":"#010203"},{"start":2,"end":4,"format":"strike"}]}"##,
    );
    draft.apply_format(2, 4, Format::Code, None).unwrap();
    assert_eq!(
        draft.document().unwrap(),
        concat!(
            r#"{"text":"abcdef","spans":[{"start":0,"end":2,"format":"bold"},{"start":0,"end":2,"format":"italic"},"#,
            r##"{"start":1,"end":2,"format":"color","color":"#010203"},{"start":2,"end":4,"format":"code"},"##,
            r##"{"start":4,"end":5,"format":"color","color":"#010203"},{"start":4,"end":6,"format":"bold"},"##,
            r#"{"start":4,"end":6,"format":"italic"}]}"#
        )
    );
}

#[test]
fn toggling_at_the_caret_changes_what_is_typed_next() {
    let mut draft = draft_with_text("ab");
    let before = draft.document().unwrap();
    draft.toggle_format(2, 2, Format::Bold, None).unwrap();
    assert_eq!(draft.document().unwrap(), before, "the text is untouched");
    assert_eq!(draft.active_formats().unwrap().formats, [Format::Bold]);
    draft.insert("cd").unwrap();
    assert_state(
        &draft,
        r#"{"text":"abcd","spans":[{"start":2,"end":4,"format":"bold"}]}"#,
        (4, 4),
    );
    draft.toggle_format(4, 4, Format::Bold, None).unwrap();
    draft.insert("e").unwrap();
    assert_state(
        &draft,
        r#"{"text":"abcde","spans":[{"start":2,"end":4,"format":"bold"}]}"#,
        (5, 5),
    );
    // Apply at the caret with a value; remove at the caret.
    draft
        .apply_format(5, 5, Format::Color, Some("#0F0"))
        .unwrap();
    draft.insert("f").unwrap();
    draft.set_selection(3, 3).unwrap();
    draft.remove_format(3, 3, Format::Bold).unwrap();
    draft.insert("X").unwrap();
    assert_state(
        &draft,
        concat!(
            r#"{"text":"abcXdef","spans":[{"start":2,"end":3,"format":"bold"},{"start":4,"end":5,"format":"bold"},"#,
            r##"{"start":6,"end":7,"format":"color","color":"#00ff00"}]}"##
        ),
        (4, 4),
    );
    // A link at the caret links what is typed.
    draft
        .move_caret(message_composer::CaretUnit::Document, 1, false)
        .unwrap();
    draft
        .apply_format(7, 7, Format::Link, Some("e.com"))
        .unwrap();
    draft.insert("g").unwrap();
    assert!(draft
        .document()
        .unwrap()
        .ends_with(r#"{"start":7,"end":8,"format":"link","url":"https://e.com"}]}"#));
}

#[test]
fn typing_attributes_reset_when_the_caret_moves_away() {
    let mut draft = draft_with_text("ab");
    draft.toggle_format(2, 2, Format::Italic, None).unwrap();
    draft
        .move_caret(message_composer::CaretUnit::Grapheme, -1, false)
        .unwrap();
    draft
        .move_caret(message_composer::CaretUnit::Grapheme, 1, false)
        .unwrap();
    draft.insert("c").unwrap();
    assert_state(&draft, &plain("abc"), (3, 3));
}

#[test]
fn an_empty_range_away_from_the_caret_changes_nothing() {
    let mut draft = draft_with_text("abc");
    let before = snapshot(&draft);
    draft.toggle_format(1, 1, Format::Bold, None).unwrap();
    draft.apply_format(1, 1, Format::Italic, None).unwrap();
    assert_eq!(snapshot(&draft), before);
}

/// Reads the active formats for a selection.
fn active_at(draft: &mut Draft, anchor: usize, focus: usize) -> ActiveFormats {
    draft.set_selection(anchor, focus).unwrap();
    draft.active_formats().unwrap()
}

fn active(formats: &[Format], link: Option<&str>, color: Option<&str>) -> ActiveFormats {
    ActiveFormats {
        formats: formats.to_vec(),
        mention: false,
        link: link.map(String::from),
        color: color.map(String::from),
    }
}

#[test]
fn active_formats_are_what_every_selected_character_has() {
    use Format::*;
    let mut draft = draft_with(concat!(
        r##"{"text":"abcd\nef gh","spans":[{"start":0,"end":4,"format":"bold"},{"start":0,"end":2,"format":"italic"},"##,
        r##"{"start":0,"end":4,"format":"quote"},{"start":5,"end":7,"format":"bold"},"##,
        r##"{"start":1,"end":3,"format":"color","color":"#123456"},"##,
        r##"{"start":8,"end":10,"format":"link","url":"https://e.com"}]}"##
    ));
    let cases = [
        ((0, 2), active(&[Bold, Italic, Quote], None, None)),
        ((2, 0), active(&[Bold, Italic, Quote], None, None)),
        (
            (1, 2),
            active(&[Bold, Italic, Color, Quote], None, Some("#123456")),
        ),
        ((0, 4), active(&[Bold, Quote], None, None)),
        // Across the line break: the break itself does not count, and only one line is quoted.
        ((2, 6), active(&[Bold], None, None)),
        ((4, 5), active(&[], None, None)),
        ((0, 10), active(&[], None, None)),
        ((8, 10), active(&[Link], Some("https://e.com"), None)),
        // At a caret: the typing attributes (the character before) plus the line's block.
        (
            (2, 2),
            active(&[Bold, Italic, Color, Quote], None, Some("#123456")),
        ),
        ((4, 4), active(&[Bold, Quote], None, None)),
        ((5, 5), active(&[], None, None)),
        ((6, 6), active(&[Bold], None, None)),
        ((9, 9), active(&[Link], Some("https://e.com"), None)),
        // Links never extend: at a link's end the caret has no link.
        ((10, 10), active(&[], None, None)),
    ];
    for ((anchor, focus), expected) in cases {
        assert_eq!(
            active_at(&mut draft, anchor, focus),
            expected,
            "({anchor}, {focus})"
        );
    }
}

#[test]
fn active_formats_report_a_selected_mention() {
    let mut draft = draft_with(DOC);
    let got = active_at(&mut draft, 3, 7);
    assert_eq!(
        got,
        ActiveFormats {
            formats: vec![],
            mention: true,
            link: None,
            color: None
        }
    );
    assert!(!got.contains(Format::Bold));
    let got = active_at(&mut draft, 22, 22);
    assert_eq!(got, active(&[Format::Code], None, None));
    assert!(got.contains(Format::Code));
}

#[test]
fn block_formats_cover_the_touched_lines_and_replace_each_other() {
    let mut draft = draft_with_text("ab\ncd\nef");
    draft.apply_format(1, 4, Format::Quote, None).unwrap();
    assert_eq!(
        draft.document().unwrap(),
        r#"{"text":"ab\ncd\nef","spans":[{"start":0,"end":5,"format":"quote"}]}"#
    );
    // An empty range touches its line.
    draft.apply_format(4, 4, Format::BulletList, None).unwrap();
    assert_eq!(
        draft.document().unwrap(),
        r#"{"text":"ab\ncd\nef","spans":[{"start":0,"end":2,"format":"quote"},{"start":3,"end":5,"format":"bullet_list"}]}"#
    );
    // Toggle applies unless every line has it, then removes.
    draft
        .toggle_format(0, 8, Format::OrderedList, None)
        .unwrap();
    assert_eq!(
        draft.document().unwrap(),
        r#"{"text":"ab\ncd\nef","spans":[{"start":0,"end":8,"format":"ordered_list"}]}"#
    );
    draft
        .toggle_format(0, 8, Format::OrderedList, None)
        .unwrap();
    assert_eq!(draft.document().unwrap(), plain(r"ab\ncd\nef"));
    // Remove only touches lines that have the format.
    draft.apply_format(0, 2, Format::Quote, None).unwrap();
    draft.apply_format(3, 8, Format::CodeBlock, None).unwrap();
    draft.remove_format(0, 8, Format::Quote).unwrap();
    assert_eq!(
        draft.document().unwrap(),
        r#"{"text":"ab\ncd\nef","spans":[{"start":3,"end":8,"format":"code_block"}]}"#
    );
    // Inline formats skip code blocks, protected or not.
    draft
        .apply_format_with(0, 8, Format::Italic, None, false)
        .unwrap();
    assert_eq!(
        draft.document().unwrap(),
        r#"{"text":"ab\ncd\nef","spans":[{"start":0,"end":2,"format":"italic"},{"start":3,"end":8,"format":"code_block"}]}"#
    );
}

#[test]
fn toggling_blocks_at_the_caret() {
    // Switching list type converts the whole list; toggling a list off touches one line.
    let mut draft =
        draft_with(r#"{"text":"a\nb\nc","spans":[{"start":0,"end":5,"format":"bullet_list"}]}"#);
    draft.set_selection(2, 2).unwrap();
    draft
        .toggle_format(2, 2, Format::OrderedList, None)
        .unwrap();
    assert_state(
        &draft,
        r#"{"text":"a\nb\nc","spans":[{"start":0,"end":5,"format":"ordered_list"}]}"#,
        (2, 2),
    );
    draft
        .toggle_format(2, 2, Format::OrderedList, None)
        .unwrap();
    assert_state(
        &draft,
        r#"{"text":"a\nb\nc","spans":[{"start":0,"end":1,"format":"ordered_list"},{"start":4,"end":5,"format":"ordered_list"}]}"#,
        (2, 2),
    );
    // Quote and code block off at a caret remove the whole block.
    for block in [Format::Quote, Format::CodeBlock] {
        let mut draft = draft_with(&format!(
            r#"{{"text":"a\nb\nc","spans":[{{"start":0,"end":5,"format":"{}"}}]}}"#,
            block.name()
        ));
        draft.set_selection(2, 2).unwrap();
        draft.toggle_format(2, 2, block, None).unwrap();
        assert_state(&draft, &plain(r"a\nb\nc"), (2, 2));
    }
    // On an empty draft a block toggles on for the one empty line.
    let mut draft = Draft::new(None).unwrap();
    draft.toggle_format(0, 0, Format::Quote, None).unwrap();
    assert_state(
        &draft,
        r#"{"text":"","spans":[{"start":0,"end":0,"format":"quote"}]}"#,
        (0, 0),
    );
}

#[test]
fn enter_continues_a_list_and_ends_it_on_an_empty_item() {
    let mut draft = Draft::new(None).unwrap();
    draft.toggle_format(0, 0, Format::BulletList, None).unwrap();
    draft.insert("one").unwrap();
    draft.enter().unwrap();
    assert_state(
        &draft,
        r#"{"text":"one\n","spans":[{"start":0,"end":4,"format":"bullet_list"}]}"#,
        (4, 4),
    );
    draft.insert("two").unwrap();
    draft.enter().unwrap();
    assert_state(
        &draft,
        r#"{"text":"one\ntwo\n","spans":[{"start":0,"end":8,"format":"bullet_list"}]}"#,
        (8, 8),
    );
    // Enter on the empty item ends the list there, adding no line.
    draft.enter().unwrap();
    assert_state(
        &draft,
        r#"{"text":"one\ntwo\n","spans":[{"start":0,"end":7,"format":"bullet_list"}]}"#,
        (8, 8),
    );
    draft.insert("after").unwrap();
    assert_state(
        &draft,
        r#"{"text":"one\ntwo\nafter","spans":[{"start":0,"end":7,"format":"bullet_list"}]}"#,
        (13, 13),
    );
    // Enter inside an item splits it into two items.
    draft.set_selection(1, 1).unwrap();
    draft.enter().unwrap();
    assert_state(
        &draft,
        r#"{"text":"o\nne\ntwo\nafter","spans":[{"start":0,"end":8,"format":"bullet_list"}]}"#,
        (2, 2),
    );
}

#[test]
fn enter_continues_and_ends_quotes_and_code_blocks() {
    for block in [Format::Quote, Format::CodeBlock, Format::OrderedList] {
        let mut draft = Draft::new(None).unwrap();
        draft.toggle_format(0, 0, block, None).unwrap();
        draft.insert("q").unwrap();
        draft.enter().unwrap();
        draft.insert("r").unwrap();
        draft.enter().unwrap();
        draft.enter().unwrap();
        draft.insert("s").unwrap();
        assert_state(
            &draft,
            &format!(
                r#"{{"text":"q\nr\ns","spans":[{{"start":0,"end":3,"format":"{}"}}]}}"#,
                block.name()
            ),
            (5, 5),
        );
    }
}

#[test]
fn line_start_shortcuts_make_blocks() {
    // (typed, block); the shortcut text goes away.
    let cases = [
        ("- ", Format::BulletList),
        ("* ", Format::BulletList),
        ("1. ", Format::OrderedList),
        ("> ", Format::Quote),
        ("```", Format::CodeBlock),
    ];
    for (typed, block) in cases {
        let mut draft = Draft::new(None).unwrap();
        type_chars(&mut draft, typed);
        assert_state(
            &draft,
            &format!(
                r#"{{"text":"","spans":[{{"start":0,"end":0,"format":"{}"}}]}}"#,
                block.name()
            ),
            (0, 0),
        );
        // One undo step turns the conversion back into the typed text.
        draft.undo().unwrap();
        assert_state(&draft, &plain(typed), (typed.len(), typed.len()));
    }
    // "- " typed as one insert converts too, on any line start.
    let mut draft = draft_with_text("x\n");
    draft.insert("- ").unwrap();
    draft.insert("item").unwrap();
    assert_state(
        &draft,
        r#"{"text":"x\nitem","spans":[{"start":2,"end":6,"format":"bullet_list"}]}"#,
        (6, 6),
    );
    // A numbered list typed with Enter in the middle.
    let mut draft = Draft::new(None).unwrap();
    type_chars(&mut draft, "x\n1. a\nb\n\nc");
    assert_state(
        &draft,
        r#"{"text":"x\na\nb\nc","spans":[{"start":2,"end":5,"format":"ordered_list"}]}"#,
        (7, 7),
    );
}

#[test]
fn shortcuts_convert_only_at_a_line_start_and_with_rich_text() {
    for text in ["a- ", "2. ", "1) "] {
        let mut draft = Draft::new(None).unwrap();
        type_chars(&mut draft, text);
        assert_state(&draft, &plain(text), (3, 3));
    }
    let mut draft = Draft::new(Some(r#"{"rich_text":false}"#)).unwrap();
    type_chars(&mut draft, "- x");
    assert_state(&draft, &plain("- x"), (3, 3));
}

#[test]
fn refused_format_calls_change_nothing() {
    use ErrorKind::*;
    let mut draft = draft_with(DOC);
    draft.set_selection(2, 5).unwrap();
    draft.toggle_format(2, 5, Format::Italic, None).unwrap();
    draft.set_selection(5, 2).unwrap();
    let before = snapshot(&draft);
    type Call = fn(&mut Draft) -> message_composer::Result<()>;
    let cases: [(Call, ErrorKind, &str); 21] = [
        (
            |d| d.apply_format(0, 2, Format::Link, None),
            InvalidArgument,
            "mc_draft_apply_format: link needs a value to apply",
        ),
        (
            |d| d.apply_format(0, 2, Format::Color, None),
            InvalidArgument,
            "mc_draft_apply_format: color needs a value to apply",
        ),
        (
            |d| d.toggle_format(0, 2, Format::Link, None),
            InvalidArgument,
            "mc_draft_toggle_format: link needs a value to apply",
        ),
        (
            |d| d.toggle_format_with(0, 2, Format::Color, None, false),
            InvalidArgument,
            "mc_draft_toggle_format: color needs a value to apply",
        ),
        (
            |d| d.apply_format(0, 2, Format::Bold, Some("x")),
            InvalidArgument,
            "mc_draft_apply_format: bold takes no value",
        ),
        (
            |d| d.apply_format(0, 2, Format::Quote, Some("")),
            InvalidArgument,
            "mc_draft_apply_format: quote takes no value",
        ),
        (
            |d| d.toggle_format(0, 2, Format::Bold, Some("#fff")),
            InvalidArgument,
            "mc_draft_toggle_format: bold takes no value",
        ),
        (
            |d| d.apply_format(0, 30, Format::Bold, None),
            OutOfRange,
            "mc_draft_apply_format: range [0, 30) is outside the text (length 29)",
        ),
        (
            |d| d.apply_format(3, 2, Format::Bold, None),
            OutOfRange,
            "mc_draft_apply_format: range [3, 2) is outside the text (length 29)",
        ),
        (
            |d| d.apply_format(30, 30, Format::Bold, None),
            OutOfRange,
            "mc_draft_apply_format: range [30, 30) is outside the text (length 29)",
        ),
        (
            |d| d.remove_format(0, 30, Format::Italic),
            OutOfRange,
            "mc_draft_remove_format: range [0, 30) is outside the text (length 29)",
        ),
        (
            |d| d.remove_format_with(5, 4, Format::Italic, false),
            OutOfRange,
            "mc_draft_remove_format: range [5, 4) is outside the text (length 29)",
        ),
        (
            |d| d.toggle_format(5, 40, Format::Bold, None),
            OutOfRange,
            "mc_draft_toggle_format: range [5, 40) is outside the text (length 29)",
        ),
        (
            |d| d.apply_format(0, 2, Format::Link, Some("javascript:alert(1)")),
            UnsafeLink,
            "mc_draft_apply_format: link scheme \"javascript:\" is not allowed (allowed: http, https, mailto)",
        ),
        (
            |d| d.toggle_format(0, 2, Format::Link, Some("data:text/html,x")),
            UnsafeLink,
            "mc_draft_toggle_format: link scheme \"data:\" is not allowed (allowed: http, https, mailto)",
        ),
        (
            |d| d.apply_format(0, 2, Format::Color, Some("red")),
            InvalidColor,
            "mc_draft_apply_format: colour \"red\" must be #rgb or #rrggbb",
        ),
        (
            |d| d.apply_format(0, 2, Format::Color, Some("#ff000080")),
            InvalidColor,
            "mc_draft_apply_format: colour \"#ff000080\" must be #rgb or #rrggbb",
        ),
        (
            |d| d.toggle_format(0, 2, Format::Color, Some("#12")),
            InvalidColor,
            "mc_draft_toggle_format: colour \"#12\" must be #rgb or #rrggbb",
        ),
        // Checked by the binding: C would stop at the NUL.
        (
            |d| d.apply_format(0, 2, Format::Link, Some("a.b\0c")),
            InvalidUtf8,
            "mc_draft_apply_format: string argument holds U+0000 at byte 3",
        ),
        (
            |d| d.toggle_format(0, 2, Format::Color, Some("\0")),
            InvalidUtf8,
            "mc_draft_toggle_format: string argument holds U+0000 at byte 0",
        ),
        // An empty range checks a value it is given (a missing one: see the test below).
        (
            |d| d.toggle_format(2, 2, Format::Color, Some("blue")),
            InvalidColor,
            "mc_draft_toggle_format: colour \"blue\" must be #rgb or #rrggbb",
        ),
    ];
    for (i, (call, kind, message)) in cases.into_iter().enumerate() {
        assert_err(call(&mut draft), kind, message);
        assert_eq!(snapshot(&draft), before, "case {i}: {message}");
    }
}

#[test]
fn offsets_beyond_i64_are_refused_by_the_binding() {
    let Ok(huge) = usize::try_from(i64::MAX as u64 + 1) else {
        return; // a 32-bit usize always fits
    };
    let mut draft = draft_with(DOC);
    let before = snapshot(&draft);
    let message = |f: &str| format!("{f}: offset {huge} does not fit in int64_t");
    assert_err(
        draft.apply_format(0, huge, Format::Bold, None),
        ErrorKind::OutOfRange,
        &message("mc_draft_apply_format"),
    );
    assert_err(
        draft.remove_format(huge, huge, Format::Bold),
        ErrorKind::OutOfRange,
        &message("mc_draft_remove_format"),
    );
    assert_err(
        draft.toggle_format(0, huge, Format::Bold, None),
        ErrorKind::OutOfRange,
        &message("mc_draft_toggle_format"),
    );
    assert_eq!(snapshot(&draft), before);
}

#[test]
fn a_missing_value_is_refused_whatever_the_range() {
    let mut draft = draft_with(DOC);
    // A caret at 2, then a selection of the mention alone (protected from links and colours).
    for (anchor, focus, start, end) in [(2, 2, 2, 2), (3, 7, 3, 7)] {
        draft.set_selection(anchor, focus).unwrap();
        let before = snapshot(&draft);
        for format in [Format::Link, Format::Color] {
            assert_err(
                draft.apply_format(start, end, format, None),
                ErrorKind::InvalidArgument,
                &format!(
                    "mc_draft_apply_format: {} needs a value to apply",
                    format.name()
                ),
            );
            assert_eq!(snapshot(&draft), before, "{format:?} [{start}, {end})");
        }
        // At the caret the typing attributes have no link or colour, so a toggle would apply.
        if start == end {
            assert_err(
                draft.toggle_format(start, end, Format::Link, None),
                ErrorKind::InvalidArgument,
                "mc_draft_toggle_format: link needs a value to apply",
            );
            assert_eq!(snapshot(&draft), before);
        }
    }
}
