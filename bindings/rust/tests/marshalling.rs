//! Arguments in and results out: offsets are `char` counts, not bytes; what C cannot take
//! (U+0000 in a NUL-terminated string, an offset past `i64::MAX`, a uid given twice) is refused
//! before C naming the C function; mention pairs and picked files are written as exact JSON; the
//! library's own refusals arrive as the matching `ErrorKind` with its message.

mod common;

use common::assert_err;
use message_composer::{
    convert_offset, markdown_to_html, markdown_to_plain_text, parse_markdown, Draft, ErrorKind,
    Format, PickedFile, Span, Unit,
};

#[test]
fn offsets_count_chars_not_bytes() {
    let mut draft = Draft::new(None).unwrap();
    for text in [
        "👩\u{200d}👩\u{200d}👧",
        "🇫🇷",
        "e\u{301}",
        "中文字",
        "שלום",
        "\u{10ffff}",
    ] {
        let n = text.chars().count();
        draft.load_document(r#"{"text":"<>","spans":[]}"#).unwrap();
        draft.replace(1, 1, text).unwrap();
        assert_eq!(draft.text().unwrap(), format!("<{text}>"));
        assert_eq!((draft.len(), draft.selection()), (n + 2, (n + 1, n + 1)));
        draft.apply_format(1, n + 1, Format::Bold, None).unwrap();
        let spans = draft.document().unwrap().spans;
        assert_eq!((spans[0].start, spans[0].end), (1, n + 1), "{text}");
        assert_eq!(
            draft
                .convert_offset(n + 1, Unit::Scalar, Unit::Utf8)
                .unwrap(),
            1 + text.len()
        );
    }
    let text = "a😀é中";
    for (i, (byte, _)) in text.char_indices().enumerate() {
        assert_eq!(
            convert_offset(text, i, Unit::Scalar, Unit::Utf8).unwrap(),
            byte
        );
        let utf16: usize = text[..byte].chars().map(char::len_utf16).sum();
        assert_eq!(
            convert_offset(text, i, Unit::Scalar, Unit::Utf16).unwrap(),
            utf16
        );
    }
    assert_err(
        convert_offset(text, 5, Unit::Scalar, Unit::Utf8),
        ErrorKind::OutOfRange,
        "mc_convert_offset: scalar offset 5 is past the end of the text (4)",
    );
}

#[test]
fn a_library_refusal_is_its_error_kind_with_the_library_message() {
    let mut draft = Draft::new(None).unwrap();
    draft.replace(0, 0, "hello").unwrap();
    assert_err(
        draft.replace(3, 2, "x"),
        ErrorKind::OutOfRange,
        "mc_draft_replace_n: range [3, 2) is outside the text (length 5)",
    );
    let unsafe_link = draft.apply_format(0, 1, Format::Link, Some("javascript:x"));
    assert_eq!(unsafe_link.unwrap_err().kind(), ErrorKind::UnsafeLink);
    let colour = draft.apply_format(0, 1, Format::Color, Some("red"));
    assert_eq!(colour.unwrap_err().kind(), ErrorKind::InvalidColor);
    assert_eq!(
        draft.commit_batch().unwrap_err().kind(),
        ErrorKind::NotAllowed
    );
    assert_eq!(
        (draft.text().unwrap().as_str(), draft.selection()),
        ("hello", (5, 5))
    );
}

#[test]
fn what_c_cannot_take_is_refused_before_c() {
    let mut draft = Draft::new(None).unwrap();
    assert_err(
        Draft::new(Some("{}\0")),
        ErrorKind::InvalidUtf8,
        "mc_draft_new: string argument holds U+0000 at byte 2",
    );
    assert_err(
        draft.set_link("a\0b"),
        ErrorKind::InvalidUtf8,
        "mc_draft_set_link: string argument holds U+0000 at byte 1",
    );
    assert_err(
        draft.load_markdown("<@uid:u1>", &[("u1", "A"), ("u1", "B")]),
        ErrorKind::InvalidArgument,
        r#"mc_draft_load_markdown: mentions: uid "u1" is given twice"#,
    );
    if let Ok(huge) = usize::try_from(i64::MAX as u64 + 1) {
        assert_err(
            draft.replace(0, huge, "x"),
            ErrorKind::OutOfRange,
            &format!("mc_draft_replace_n: offset {huge} does not fit in int64_t"),
        );
        // A limit past i64::MAX means no limit.
        assert_eq!(
            markdown_to_plain_text("abc", &[], Some(huge)).unwrap(),
            "abc"
        );
    }
    // A picked file's size is a u64; the library reads int64_t.
    assert_err(
        draft.stage_files(&[
            PickedFile::new("a.png", "image/png", 1),
            PickedFile::new("b.png", "image/png", u64::MAX),
        ]),
        ErrorKind::InvalidArgument,
        "mc_draft_stage_files: files[1].size 18446744073709551615 does not fit in int64_t",
    );
    assert!(draft.attachments().unwrap().is_empty());
    // replace and insert pass (pointer, length): U+0000 reaches the library, which refuses it.
    assert_err(
        draft.insert("a\0b"),
        ErrorKind::InvalidUtf8,
        "mc_draft_insert_n: utf8 holds U+0000 at byte 1 (a draft cannot hold it)",
    );
    assert_eq!(draft.text().unwrap(), "");
}

#[test]
fn mention_pairs_and_picked_files_reach_the_library_exactly() {
    let tricky = "Zoë \"Z\" \\ 👋";
    let document = parse_markdown("<@uid:a.b>").unwrap();
    assert_eq!(
        document.spans[0].name.as_deref(),
        Some("a.b"),
        "no names: the uid"
    );
    let mut draft = Draft::new(None).unwrap();
    draft
        .load_markdown("<@uid:a.b> hi", &[("a.b", tricky)])
        .unwrap();
    assert_eq!(draft.mentions().unwrap()[0].name, tricky);
    let mut file = PickedFile::new("a \"b\".png", "image/png", 3);
    file.reference = "ref/\u{1}é".into();
    let id = draft.stage_files(&[file]).unwrap().staged[0];
    let tile = &draft.attachments().unwrap()[0];
    assert_eq!(
        (tile.id, tile.name.as_str(), tile.size),
        (id, "a \"b\".png", 3)
    );
    let sizes = draft.stage_files(&[PickedFile::new("big", "", u64::MAX)]);
    assert_eq!(sizes.unwrap_err().kind(), ErrorKind::InvalidArgument);
    let expected = Span {
        start: 0,
        end: 4,
        format: "mention".into(),
        url: None,
        color: None,
        uid: Some("a.b".into()),
        name: Some("Zoë".into()),
    };
    let parsed = message_composer::parse_markdown_with_mentions("<@uid:a.b>", &[("a.b", "Zoë")]);
    assert_eq!(parsed.unwrap().spans, [expected]);
    // A uid without a pair is shown by its uid.
    assert_eq!(
        markdown_to_html("<@uid:a.b> <@uid:c>", &[("a.b", tricky)]).unwrap(),
        "<p><span class=\"mention\" data-uid=\"a.b\">@Zoë &quot;Z&quot; \\ 👋</span> \
         <span class=\"mention\" data-uid=\"c\">@c</span></p>"
    );
}

#[test]
fn removing_a_format_passes_its_range_and_whether_to_protect() {
    let mut draft = Draft::new(None).unwrap();
    let mentions = [("u1", "Al")];
    draft
        .load_markdown("a **[b](https://e.com) <@uid:u1> d** e", &mentions)
        .unwrap();
    let bold = |draft: &Draft| -> Vec<(usize, usize)> {
        let spans = draft.document().unwrap().spans;
        spans
            .iter()
            .filter(|s| s.format == "bold")
            .map(|s| (s.start, s.end))
            .collect()
    };
    assert_eq!(draft.text().unwrap(), "a b @Al d e");
    assert_eq!(bold(&draft), [(2, 9)]);
    // Protected by default: the link and the mention keep their bold.
    draft.remove_format(3, 11, Format::Bold).unwrap();
    assert_eq!(bold(&draft), [(2, 3), (4, 7)]);
    draft.undo().unwrap();
    draft
        .remove_format_with(3, 11, Format::Bold, false)
        .unwrap();
    assert_eq!(bold(&draft), [(2, 3)]);
    assert_err(
        draft.remove_format(5, 4, Format::Bold),
        ErrorKind::OutOfRange,
        "mc_draft_remove_format: range [5, 4) is outside the text (length 11)",
    );
}
