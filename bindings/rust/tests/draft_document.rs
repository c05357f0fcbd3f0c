//! The document JSON: canonical output, loading, refusals, and how replace treats formats.

mod common;

use common::{assert_err, draft_with, plain};
use message_composer::{Draft, ErrorKind};

/// Loads `input` into a fresh draft and asserts the canonical document that comes back; loading
/// that again gives it back unchanged.
#[track_caller]
fn assert_canonical(input: &str, canonical: &str) {
    let draft = draft_with(input);
    assert_eq!(draft.document().unwrap(), canonical, "from {input}");
    let again = draft_with(canonical);
    assert_eq!(
        again.document().unwrap(),
        canonical,
        "reloading {canonical}"
    );
}

#[test]
fn the_design_example_comes_back_sorted_and_compact() {
    let input = r#"{"text": "Hi @Bob, see docs\nline two",
        "spans": [{"start": 18, "end": 26, "format": "quote"},
                  {"start": 13, "end": 17, "format": "link", "url": "https://example.com/docs"},
                  {"start": 3, "end": 7, "format": "mention", "uid": "u42", "name": "Bob"},
                  {"start": 0, "end": 2, "format": "bold"}]}"#;
    assert_canonical(
        input,
        concat!(
            r#"{"text":"Hi @Bob, see docs\nline two","spans":[{"start":0,"end":2,"format":"bold"},"#,
            r#"{"start":3,"end":7,"format":"mention","uid":"u42","name":"Bob"},"#,
            r#"{"start":13,"end":17,"format":"link","url":"https://example.com/docs"},"#,
            r#"{"start":18,"end":26,"format":"quote"}]}"#
        ),
    );
}

#[test]
fn loading_canonicalizes() {
    let cases = [
        // "spans" may be left out.
        (r#"{"text":"abc"}"#, r#"{"text":"abc","spans":[]}"#),
        // Overlapping and touching runs of one format merge.
        (
            r#"{"text":"abcdef","spans":[{"start":0,"end":3,"format":"bold"},{"start":2,"end":5,"format":"bold"}]}"#,
            r#"{"text":"abcdef","spans":[{"start":0,"end":5,"format":"bold"}]}"#,
        ),
        (
            r#"{"text":"abcdef","spans":[{"start":2,"end":5,"format":"bold"},{"start":0,"end":2,"format":"bold"}]}"#,
            r#"{"text":"abcdef","spans":[{"start":0,"end":5,"format":"bold"}]}"#,
        ),
        // Sorted by start, then end, then format name.
        (
            concat!(
                r#"{"text":"abcdef","spans":[{"start":0,"end":2,"format":"italic"},"#,
                r#"{"start":0,"end":2,"format":"bold"},{"start":0,"end":1,"format":"strike"}]}"#
            ),
            concat!(
                r#"{"text":"abcdef","spans":[{"start":0,"end":1,"format":"strike"},"#,
                r#"{"start":0,"end":2,"format":"bold"},{"start":0,"end":2,"format":"italic"}]}"#
            ),
        ),
        // An inline span never covers a line break: it splits in two.
        (
            r#"{"text":"ab\ncd","spans":[{"start":0,"end":5,"format":"underline"}]}"#,
            r#"{"text":"ab\ncd","spans":[{"start":0,"end":2,"format":"underline"},{"start":3,"end":5,"format":"underline"}]}"#,
        ),
        // Empty inline spans disappear.
        (
            r#"{"text":"abc","spans":[{"start":1,"end":1,"format":"bold"}]}"#,
            r#"{"text":"abc","spans":[]}"#,
        ),
        // Colours become lower-case #rrggbb; a colour span over a same-colour one merges.
        (
            r##"{"text":"abc","spans":[{"start":0,"end":1,"format":"color","color":"#ABC"},{"start":0,"end":2,"format":"color","color":"#aabbcc"}]}"##,
            r##"{"text":"abc","spans":[{"start":0,"end":2,"format":"color","color":"#aabbcc"}]}"##,
        ),
        (
            r##"{"text":"abc","spans":[{"start":0,"end":3,"format":"color","color":"#AbCdEf"}]}"##,
            r##"{"text":"abc","spans":[{"start":0,"end":3,"format":"color","color":"#abcdef"}]}"##,
        ),
        // A bare host becomes https; the scheme is lower-cased, the rest kept.
        (
            r#"{"text":"abc","spans":[{"start":0,"end":1,"format":"link","url":"example.com"}]}"#,
            r#"{"text":"abc","spans":[{"start":0,"end":1,"format":"link","url":"https://example.com"}]}"#,
        ),
        (
            r#"{"text":"abc","spans":[{"start":0,"end":1,"format":"link","url":"HTTPS://EXAMPLE.COM/A"}]}"#,
            r#"{"text":"abc","spans":[{"start":0,"end":1,"format":"link","url":"https://EXAMPLE.COM/A"}]}"#,
        ),
        (
            r#"{"text":"abc","spans":[{"start":0,"end":3,"format":"link","url":"mailto:a@b.c"}]}"#,
            r#"{"text":"abc","spans":[{"start":0,"end":3,"format":"link","url":"mailto:a@b.c"}]}"#,
        ),
        // Block formats: whole lines, adjacent runs of one list merge, one empty line allowed.
        (
            r#"{"text":"ab\ncd","spans":[{"start":3,"end":5,"format":"code_block"},{"start":0,"end":2,"format":"bullet_list"}]}"#,
            r#"{"text":"ab\ncd","spans":[{"start":0,"end":2,"format":"bullet_list"},{"start":3,"end":5,"format":"code_block"}]}"#,
        ),
        (
            r#"{"text":"ab\ncd","spans":[{"start":0,"end":2,"format":"ordered_list"},{"start":3,"end":5,"format":"ordered_list"}]}"#,
            r#"{"text":"ab\ncd","spans":[{"start":0,"end":5,"format":"ordered_list"}]}"#,
        ),
        (
            r#"{"text":"","spans":[{"start":0,"end":0,"format":"quote"}]}"#,
            r#"{"text":"","spans":[{"start":0,"end":0,"format":"quote"}]}"#,
        ),
        (
            r#"{"text":"ab\n\ncd","spans":[{"start":3,"end":3,"format":"quote"}]}"#,
            r#"{"text":"ab\n\ncd","spans":[{"start":3,"end":3,"format":"quote"}]}"#,
        ),
        // Bold on a mention is allowed.
        (
            r#"{"text":"@Bob x","spans":[{"start":0,"end":4,"format":"mention","uid":"u1","name":"Bob"},{"start":0,"end":4,"format":"bold"}]}"#,
            r#"{"text":"@Bob x","spans":[{"start":0,"end":4,"format":"bold"},{"start":0,"end":4,"format":"mention","uid":"u1","name":"Bob"}]}"#,
        ),
        // JSON escapes: kept escaped where JSON needs it, decoded elsewhere.
        (
            r#"{"text":"a \"q\" \\ \/ \t \u00e9 \ud83d\ude00"}"#,
            r#"{"text":"a \"q\" \\ / \t é 😀","spans":[]}"#,
        ),
    ];
    for (input, canonical) in cases {
        assert_canonical(input, canonical);
    }
}

#[test]
fn span_offsets_are_scalars_in_emoji_cjk_and_rtl_text() {
    assert_canonical(
        r#"{"text":"👍🏽 שלום 中文","spans":[{"start":8,"end":10,"format":"code"},{"start":3,"end":7,"format":"italic"},{"start":0,"end":2,"format":"bold"}]}"#,
        r#"{"text":"👍🏽 שלום 中文","spans":[{"start":0,"end":2,"format":"bold"},{"start":3,"end":7,"format":"italic"},{"start":8,"end":10,"format":"code"}]}"#,
    );
    // e + combining acute: a span may end between the two scalars.
    assert_canonical(
        r#"{"text":"e\u0301x","spans":[{"start":0,"end":1,"format":"bold"}]}"#,
        "{\"text\":\"e\u{301}x\",\"spans\":[{\"start\":0,\"end\":1,\"format\":\"bold\"}]}",
    );
}

#[test]
fn loading_moves_the_caret_to_the_end() {
    let mut draft = Draft::new(None).unwrap();
    draft
        .load_document(r#"{"text":"hello","spans":[{"start":0,"end":5,"format":"bold"}]}"#)
        .unwrap();
    assert_eq!(draft.selection(), (5, 5));
    assert_eq!(draft.text().unwrap(), "hello");
    assert_eq!(draft.len(), 5);
    draft
        .load_document(&plain("שלום 👨\u{200d}👩\u{200d}👧"))
        .unwrap();
    assert_eq!(draft.selection(), (10, 10));
    assert_eq!(draft.len(), 10);
}

#[test]
fn bad_documents_are_refused_and_leave_the_draft_unchanged() {
    use ErrorKind::*;
    let cases: &[(&str, ErrorKind, &str)] = &[
        // Not JSON.
        (
            "",
            InvalidJson,
            "invalid JSON: unexpected end of input at byte 0",
        ),
        (
            "nope",
            InvalidJson,
            "invalid JSON: invalid literal at byte 1",
        ),
        (
            r#"{"text":"ab","text":"cd"}"#,
            InvalidJson,
            r#"invalid JSON: duplicate key "text" at byte 19"#,
        ),
        (
            "{\"text\":\"a\nb\"}",
            InvalidJson,
            "invalid JSON: control character in string at byte 10",
        ),
        (
            r#"{"text":"\ud83d"}"#,
            InvalidJson,
            r"invalid JSON: unpaired surrogate in \u escape at byte 15",
        ),
        (
            &"[".repeat(200),
            LimitExceeded,
            "JSON nested deeper than 128 levels (at byte 128)",
        ),
        // Wrong shape.
        (
            "[]",
            InvalidArgument,
            "document must be a JSON object, not array",
        ),
        (
            r#"{"spans":[]}"#,
            InvalidArgument,
            r#"document: "text" is required"#,
        ),
        (
            r#"{"text":3}"#,
            InvalidArgument,
            r#"document: "text" must be a string, not number"#,
        ),
        (
            r#"{"text":"ab","spans":null}"#,
            InvalidArgument,
            r#"document: "spans" must be an array, not null"#,
        ),
        (
            r#"{"text":"abc","spans":[],"extra":1}"#,
            InvalidArgument,
            r#"document: unknown key "extra""#,
        ),
        (
            r#"{"text":"abc","spans":[{"start":"0","end":1,"format":"bold"}]}"#,
            InvalidArgument,
            r#"spans[0]: "start" must be an integer, not string"#,
        ),
        (
            r#"{"text":"abc","spans":[{"start":0,"end":1.0,"format":"bold"}]}"#,
            InvalidArgument,
            r#"spans[0]: "end" must be an integer, not number"#,
        ),
        (
            r##"{"text":"abc","spans":[{"start":0,"end":1,"format":"bold","color":"#aabbcc"}]}"##,
            InvalidArgument,
            r#"spans[0]: unknown key "color""#,
        ),
        // Unknown format, missing values.
        (
            r#"{"text":"abc","spans":[{"start":0,"end":1,"format":"blink"}]}"#,
            InvalidArgument,
            r#"spans[0]: unknown format "blink""#,
        ),
        (
            r#"{"text":"abc","spans":[{"start":0,"end":1,"format":"link"}]}"#,
            InvalidArgument,
            r#"spans[0]: "url" is required"#,
        ),
        (
            r#"{"text":"abc","spans":[{"start":0,"end":3,"format":"mention","uid":"u1"}]}"#,
            InvalidArgument,
            r#"spans[0]: "name" is required"#,
        ),
        (
            r#"{"text":"@Bob x","spans":[{"start":0,"end":4,"format":"mention","uid":"u 1","name":"Bob"}]}"#,
            InvalidArgument,
            r#"mention uid "u 1" must be 1-255 characters of A-Z a-z 0-9 _ - . : @ = +"#,
        ),
        // Out of range.
        (
            r#"{"text":"abc","spans":[{"start":0,"end":4,"format":"bold"}]}"#,
            OutOfRange,
            "span bold[0,4) is outside the text (length 3)",
        ),
        (
            r#"{"text":"abc","spans":[{"start":-1,"end":2,"format":"bold"}]}"#,
            OutOfRange,
            "spans[0]: invalid range [-1, 2)",
        ),
        (
            r#"{"text":"abc","spans":[{"start":2,"end":1,"format":"bold"}]}"#,
            OutOfRange,
            "spans[0]: invalid range [2, 1)",
        ),
        // Unsafe links.
        (
            r#"{"text":"abc","spans":[{"start":0,"end":1,"format":"link","url":"javascript:alert(1)"}]}"#,
            UnsafeLink,
            r#"link scheme "javascript:" is not allowed (allowed: http, https, mailto)"#,
        ),
        (
            r#"{"text":"abc","spans":[{"start":0,"end":1,"format":"link","url":"JavaScript:alert(1)"}]}"#,
            UnsafeLink,
            r#"link scheme "JavaScript:" is not allowed (allowed: http, https, mailto)"#,
        ),
        (
            r#"{"text":"abc","spans":[{"start":0,"end":1,"format":"link","url":"data:text/html,x"}]}"#,
            UnsafeLink,
            r#"link scheme "data:" is not allowed (allowed: http, https, mailto)"#,
        ),
        (
            r#"{"text":"abc","spans":[{"start":0,"end":1,"format":"link","url":""}]}"#,
            UnsafeLink,
            "link URL is empty",
        ),
        (
            r#"{"text":"abc","spans":[{"start":0,"end":1,"format":"link","url":"https://"}]}"#,
            UnsafeLink,
            "https link has no host",
        ),
        // Bad colours.
        (
            r#"{"text":"abc","spans":[{"start":0,"end":1,"format":"color","color":"red"}]}"#,
            InvalidColor,
            r#"colour "red" must be #rgb or #rrggbb"#,
        ),
        (
            r##"{"text":"abc","spans":[{"start":0,"end":1,"format":"color","color":"#aabbccdd"}]}"##,
            InvalidColor,
            r##"colour "#aabbccdd" must be #rgb or #rrggbb"##,
        ),
        (
            r##"{"text":"abc","spans":[{"start":0,"end":1,"format":"color","color":"#12"}]}"##,
            InvalidColor,
            r##"colour "#12" must be #rgb or #rrggbb"##,
        ),
        (
            r##"{"text":"abc","spans":[{"start":0,"end":1,"format":"color","color":"#ggg"}]}"##,
            InvalidColor,
            r##"colour "#ggg" must be #rgb or #rrggbb"##,
        ),
        // Block spans not on whole lines.
        (
            r#"{"text":"ab\ncd","spans":[{"start":1,"end":2,"format":"quote"}]}"#,
            InvalidArgument,
            "block span quote[1,2) does not cover whole lines",
        ),
        (
            r#"{"text":"ab\ncd","spans":[{"start":0,"end":3,"format":"bullet_list"}]}"#,
            InvalidArgument,
            "block span bullet_list[0,3) does not cover whole lines",
        ),
        (
            r#"{"text":"ab\ncd","spans":[{"start":0,"end":4,"format":"code_block"}]}"#,
            InvalidArgument,
            "block span code_block[0,4) does not cover whole lines",
        ),
        (
            r#"{"text":"ab\ncd","spans":[{"start":2,"end":2,"format":"ordered_list"}]}"#,
            InvalidArgument,
            "block span ordered_list[2,2) does not cover whole lines",
        ),
        // Conflicts.
        (
            r#"{"text":"ab\ncd","spans":[{"start":0,"end":2,"format":"bullet_list"},{"start":0,"end":5,"format":"quote"}]}"#,
            InvalidArgument,
            "line 0 has two block formats (bullet_list and quote)",
        ),
        (
            r#"{"text":"abc","spans":[{"start":0,"end":1,"format":"link","url":"https://a.com"},{"start":0,"end":1,"format":"link","url":"https://b.com"}]}"#,
            InvalidArgument,
            "span link[0,1) overlaps another link with a different value",
        ),
        (
            r#"{"text":"@Bob x","spans":[{"start":0,"end":4,"format":"mention","uid":"u1","name":"Bob"},{"start":0,"end":4,"format":"link","url":"http://x.y"}]}"#,
            InvalidArgument,
            "span link[0,4) puts a link on a mention",
        ),
        (
            r#"{"text":"abcd","spans":[{"start":0,"end":4,"format":"code"},{"start":1,"end":3,"format":"bold"}]}"#,
            InvalidArgument,
            "span bold[1,3) overlaps inline code (code holds no other inline style or mention)",
        ),
        (
            r#"{"text":"ab\ncd","spans":[{"start":0,"end":5,"format":"code_block"},{"start":1,"end":2,"format":"bold"}]}"#,
            InvalidArgument,
            "inline span bold[1,2) lies in a code block (code blocks hold no inline formats)",
        ),
    ];
    let before = r#"{"text":"keep me","spans":[{"start":0,"end":4,"format":"italic"}]}"#;
    let mut draft = draft_with(before);
    draft.set_selection(1, 3).unwrap();
    for &(document, kind, message) in cases {
        assert_err(
            draft.load_document(document),
            kind,
            &format!("mc_draft_load_document: {message}"),
        );
        assert_eq!(draft.document().unwrap(), before, "after {document}");
        assert_eq!(draft.selection(), (1, 3), "after {document}");
    }
}

#[test]
fn a_document_holding_a_raw_nul_is_refused_before_c() {
    let mut draft = draft_with(&plain("keep"));
    assert_err(
        draft.load_document("{\"text\":\"a\0b\"}"),
        ErrorKind::InvalidUtf8,
        "mc_draft_load_document: string argument holds U+0000 at byte 10",
    );
    assert_eq!(draft.text().unwrap(), "keep");
}

#[test]
fn an_escaped_nul_in_a_document_is_refused() {
    let mut draft = draft_with(&plain("keep"));
    let result = draft.load_document(r#"{"text":"a\u0000b","spans":[]}"#);
    assert!(
        result.is_err(),
        "loaded; text() now reads {:?} for a length of {}",
        draft.text(),
        draft.len()
    );
    assert_eq!(draft.text().unwrap(), "keep");
}

#[test]
fn replaced_text_takes_the_formats_of_the_first_replaced_character() {
    let bold = r#"{"text":"hello","spans":[{"start":0,"end":5,"format":"bold"}]}"#;
    let mut draft = draft_with(bold);
    draft.replace(5, 5, "X").unwrap(); // at the end: the character before is bold
    draft.replace(0, 0, "Y").unwrap(); // at the start: nothing before
    assert_eq!(
        draft.document().unwrap(),
        r#"{"text":"YhelloX","spans":[{"start":1,"end":7,"format":"bold"}]}"#
    );

    let doc = r#"{"text":"go here now","spans":[{"start":0,"end":2,"format":"bold"},{"start":3,"end":7,"format":"link","url":"https://e.com"}]}"#;
    let mut draft = draft_with(doc);
    draft.replace(1, 5, "XY").unwrap(); // "o he" -> bold from "o"
    assert_eq!(
        draft.document().unwrap(),
        r#"{"text":"gXYre now","spans":[{"start":0,"end":3,"format":"bold"},{"start":3,"end":5,"format":"link","url":"https://e.com"}]}"#
    );
}

#[test]
fn links_and_mentions_never_extend_past_their_edges() {
    let link = r#"{"text":"go here now","spans":[{"start":3,"end":7,"format":"link","url":"https://e.com"}]}"#;
    let mut draft = draft_with(link);
    draft.replace(7, 7, "X").unwrap();
    assert_eq!(
        draft.document().unwrap(),
        r#"{"text":"go hereX now","spans":[{"start":3,"end":7,"format":"link","url":"https://e.com"}]}"#
    );
    // Inside a link (not at an edge) the new text joins the link.
    let mut draft = draft_with(link);
    draft.replace(4, 4, "X").unwrap();
    assert_eq!(
        draft.document().unwrap(),
        r#"{"text":"go hXere now","spans":[{"start":3,"end":8,"format":"link","url":"https://e.com"}]}"#
    );

    let mention = r#"{"text":"Hi @Bob x","spans":[{"start":3,"end":7,"format":"mention","uid":"u42","name":"Bob"}]}"#;
    let mut draft = draft_with(mention);
    draft.replace(7, 7, "!").unwrap();
    draft.replace(3, 3, "¡").unwrap();
    assert_eq!(
        draft.document().unwrap(),
        r#"{"text":"Hi ¡@Bob! x","spans":[{"start":4,"end":8,"format":"mention","uid":"u42","name":"Bob"}]}"#
    );
}

#[test]
fn a_range_cutting_into_a_mention_removes_the_whole_mention() {
    let mention = r#"{"text":"Hi @Bob x","spans":[{"start":3,"end":7,"format":"mention","uid":"u42","name":"Bob"}]}"#;
    let mut draft = draft_with(mention);
    draft.replace(4, 5, "").unwrap();
    assert_eq!(draft.document().unwrap(), r#"{"text":"Hi  x","spans":[]}"#);
    assert_eq!(draft.selection(), (3, 3));

    let mut draft = draft_with(mention);
    draft.replace(6, 8, "Z").unwrap();
    assert_eq!(draft.document().unwrap(), r#"{"text":"Hi Zx","spans":[]}"#);
    assert_eq!(draft.selection(), (4, 4));
}

#[test]
fn block_formats_follow_their_lines_through_replace() {
    let quote = r#"{"text":"ab\ncd","spans":[{"start":0,"end":5,"format":"quote"}]}"#;
    let mut draft = draft_with(quote);
    draft.replace(5, 5, "\nef").unwrap();
    assert_eq!(
        draft.document().unwrap(),
        r#"{"text":"ab\ncd\nef","spans":[{"start":0,"end":8,"format":"quote"}]}"#
    );

    let mut draft = draft_with(quote);
    draft.replace(2, 3, "").unwrap();
    assert_eq!(
        draft.document().unwrap(),
        r#"{"text":"abcd","spans":[{"start":0,"end":4,"format":"quote"}]}"#
    );

    let mut draft = draft_with(quote);
    draft.replace(0, 5, "").unwrap();
    assert_eq!(
        draft.document().unwrap(),
        r#"{"text":"","spans":[{"start":0,"end":0,"format":"quote"}]}"#
    );
}

#[test]
fn spans_clip_the_document_to_a_range() {
    let draft = draft_with(
        r#"{"text":"ab\n\ncd","spans":[{"start":0,"end":2,"format":"bold"},{"start":3,"end":3,"format":"quote"},{"start":4,"end":6,"format":"link","url":"https://a.example"}]}"#,
    );
    let document = draft.document().unwrap();
    assert_eq!(
        format!(
            r#"{{"text":"ab\n\ncd","spans":{}}}"#,
            draft.spans(0, 6).unwrap()
        ),
        document
    );
    // A block on one empty line counts when the line lies within the range, ends included.
    assert_eq!(
        draft.spans(1, 3).unwrap(),
        r#"[{"start":1,"end":2,"format":"bold"},{"start":3,"end":3,"format":"quote"}]"#
    );
    assert_eq!(
        draft.spans(3, 3).unwrap(),
        r#"[{"start":3,"end":3,"format":"quote"}]"#
    );
    assert_eq!(draft.spans(4, 4).unwrap(), "[]");
    assert_eq!(
        draft.spans(5, 6).unwrap(),
        r#"[{"start":5,"end":6,"format":"link","url":"https://a.example"}]"#
    );
    // A mention is clipped like any span.
    let draft = draft_with(
        r#"{"text":"@Ann x","spans":[{"start":0,"end":4,"format":"mention","uid":"u1","name":"Ann"}]}"#,
    );
    assert_eq!(
        draft.spans(1, 3).unwrap(),
        r#"[{"start":1,"end":3,"format":"mention","uid":"u1","name":"Ann"}]"#
    );
}

#[test]
fn spans_refuse_ranges_outside_the_text() {
    let draft = draft_with(&plain("abc"));
    assert_err(
        draft.spans(2, 1),
        ErrorKind::OutOfRange,
        "mc_draft_spans: range [2, 1) is outside the text (length 3)",
    );
    assert_err(
        draft.spans(0, 4),
        ErrorKind::OutOfRange,
        "mc_draft_spans: range [0, 4) is outside the text (length 3)",
    );
    assert_err(
        draft.spans(0, usize::MAX),
        ErrorKind::OutOfRange,
        &format!(
            "mc_draft_spans: offset {} does not fit in int64_t",
            usize::MAX
        ),
    );
}
