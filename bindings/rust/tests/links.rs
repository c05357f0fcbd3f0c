//! Links: set_link, remove_link, insert_link, and refused URLs.

mod common;

use common::{assert_err, assert_state, draft_with, draft_with_text, plain, snapshot};
use message_composer::{ErrorKind, Format};

/// The document of "see docs now" with `spans`.
fn see_docs(spans: &str) -> String {
    format!(r#"{{"text":"see docs now","spans":[{spans}]}}"#)
}

#[test]
fn set_link_links_the_selection_and_retargets_at_a_caret() {
    let mut draft = draft_with_text("see docs now");
    draft.set_selection(4, 8).unwrap();
    // A bare host becomes https://.
    draft.set_link("example.com/docs").unwrap();
    let docs = |url: &str| {
        see_docs(&format!(
            r#"{{"start":4,"end":8,"format":"link","url":"{url}"}}"#
        ))
    };
    assert_state(&draft, &docs("https://example.com/docs"), (4, 8));
    let active = draft.active_formats().unwrap();
    assert_eq!(active.formats, [Format::Link]);
    assert_eq!(active.link.as_deref(), Some("https://example.com/docs"));
    // A caret inside or at an edge retargets the whole link.
    for caret in [5, 4, 8] {
        let url = format!("https://other.org/{caret}");
        draft.set_selection(caret, caret).unwrap();
        draft.set_link(&url).unwrap();
        assert_state(&draft, &docs(&url), (caret, caret));
    }
    // A caret elsewhere changes nothing.
    draft.set_selection(1, 1).unwrap();
    draft.set_link("https://x.org").unwrap();
    assert_state(&draft, &docs("https://other.org/8"), (1, 1));
    // The scheme is lower-cased; mailto is allowed.
    draft.set_selection(9, 12).unwrap();
    draft.set_link("MAILTO:a@b.c").unwrap();
    assert_eq!(
        draft.document().unwrap(),
        see_docs(concat!(
            r#"{"start":4,"end":8,"format":"link","url":"https://other.org/8"},"#,
            r#"{"start":9,"end":12,"format":"link","url":"mailto:a@b.c"}"#
        ))
    );
}

#[test]
fn set_link_absorbs_overlapped_links_and_skips_mentions() {
    let mut draft = draft_with(concat!(
        r#"{"text":"aa bb cc","spans":[{"start":0,"end":2,"format":"link","url":"https://x.com"},"#,
        r#"{"start":6,"end":8,"format":"link","url":"https://y.com"}]}"#
    ));
    draft.set_selection(1, 4).unwrap();
    draft.set_link("z.com").unwrap();
    assert_state(
        &draft,
        concat!(
            r#"{"text":"aa bb cc","spans":[{"start":0,"end":4,"format":"link","url":"https://z.com"},"#,
            r#"{"start":6,"end":8,"format":"link","url":"https://y.com"}]}"#
        ),
        (1, 4),
    );

    let mut draft = draft_with(
        r#"{"text":"a @Bob b","spans":[{"start":2,"end":6,"format":"mention","uid":"u","name":"Bob"}]}"#,
    );
    draft.select_all().unwrap();
    draft.set_link("e.com").unwrap();
    assert_eq!(
        draft.document().unwrap(),
        concat!(
            r#"{"text":"a @Bob b","spans":[{"start":0,"end":2,"format":"link","url":"https://e.com"},"#,
            r#"{"start":2,"end":6,"format":"mention","uid":"u","name":"Bob"},"#,
            r#"{"start":6,"end":8,"format":"link","url":"https://e.com"}]}"#
        )
    );
}

#[test]
fn remove_link_removes_every_touched_link_whole() {
    let two_links = concat!(
        r#"{"text":"aa bb cc","spans":[{"start":0,"end":2,"format":"link","url":"https://x.com"},"#,
        r#"{"start":6,"end":8,"format":"link","url":"https://y.com"}]}"#
    );
    let mut draft = draft_with(two_links);
    // A caret outside any link changes nothing.
    draft.set_selection(4, 4).unwrap();
    draft.remove_link().unwrap();
    assert_state(&draft, two_links, (4, 4));
    // A caret at a link's edge touches it.
    draft.set_selection(2, 2).unwrap();
    draft.remove_link().unwrap();
    assert_state(
        &draft,
        r#"{"text":"aa bb cc","spans":[{"start":6,"end":8,"format":"link","url":"https://y.com"}]}"#,
        (2, 2),
    );
    let mut draft = draft_with(two_links);
    draft.set_selection(1, 7).unwrap();
    draft.remove_link().unwrap();
    assert_state(&draft, &plain("aa bb cc"), (1, 7));
}

#[test]
fn insert_link_replaces_the_selection_with_linked_text() {
    let mut draft = draft_with_text("see docs now");
    draft.insert(" ").unwrap();
    draft.insert_link("here", "mailto:a@b.c").unwrap();
    assert_state(
        &draft,
        r#"{"text":"see docs now here","spans":[{"start":13,"end":17,"format":"link","url":"mailto:a@b.c"}]}"#,
        (17, 17),
    );
    // Typing at its end does not extend the link.
    draft.insert("!").unwrap();
    draft.set_selection(0, 3).unwrap();
    draft.insert_link("look 👀", "HTTPS://Example.com").unwrap();
    assert_state(
        &draft,
        concat!(
            r#"{"text":"look 👀 docs now here!","spans":[{"start":0,"end":6,"format":"link","url":"https://Example.com"},"#,
            r#"{"start":16,"end":20,"format":"link","url":"mailto:a@b.c"}]}"#
        ),
        (6, 6),
    );
}

#[test]
fn insert_link_keeps_the_surrounding_inline_formats() {
    let mut draft = draft_with(r#"{"text":"abcd","spans":[{"start":0,"end":4,"format":"bold"}]}"#);
    draft.set_selection(2, 2).unwrap();
    draft.insert_link("LL", "e.com").unwrap();
    assert_state(
        &draft,
        r#"{"text":"abLLcd","spans":[{"start":0,"end":6,"format":"bold"},{"start":2,"end":4,"format":"link","url":"https://e.com"}]}"#,
        (4, 4),
    );
}

#[test]
fn typing_inside_a_link_joins_it_and_at_its_edges_does_not() {
    let mut draft = draft_with(
        r#"{"text":"go docs x","spans":[{"start":3,"end":7,"format":"link","url":"https://e.com"}]}"#,
    );
    let link = |start: usize, end: usize, text: &str| {
        format!(
            r#"{{"text":"{text}","spans":[{{"start":{start},"end":{end},"format":"link","url":"https://e.com"}}]}}"#
        )
    };
    draft.set_selection(5, 5).unwrap();
    draft.insert("Z").unwrap();
    assert_state(&draft, &link(3, 8, "go doZcs x"), (6, 6));
    draft.set_selection(8, 8).unwrap();
    draft.insert("Q").unwrap();
    assert_state(&draft, &link(3, 8, "go doZcsQ x"), (9, 9));
    draft.set_selection(3, 3).unwrap();
    draft.insert("P").unwrap();
    assert_state(&draft, &link(4, 9, "go PdoZcsQ x"), (4, 4));
}

#[test]
fn unsafe_and_malformed_links_are_refused_and_change_nothing() {
    let mut draft = draft_with(
        r#"{"text":"see docs now","spans":[{"start":4,"end":8,"format":"link","url":"https://e.com"}]}"#,
    );
    draft.set_selection(5, 5).unwrap();
    let before = snapshot(&draft);
    let scheme = |function: &str, scheme: &str| {
        format!(
            "{function}: link scheme \"{scheme}\" is not allowed (allowed: http, https, mailto)"
        )
    };
    for (url, refused) in [
        ("javascript:alert(1)", "javascript:"),
        ("JavaScript:alert(1)", "JavaScript:"),
        ("data:text/html,x", "data:"),
        ("vbscript:x", "vbscript:"),
        ("file:///etc/passwd", "file:"),
        ("ftp://x.y", "ftp:"),
    ] {
        assert_err(
            draft.set_link(url),
            ErrorKind::UnsafeLink,
            &scheme("mc_draft_set_link", refused),
        );
        assert_err(
            draft.insert_link("x", url),
            ErrorKind::UnsafeLink,
            &scheme("mc_draft_insert_link", refused),
        );
        assert_err(
            draft.apply_format(0, 3, Format::Link, Some(url)),
            ErrorKind::UnsafeLink,
            &scheme("mc_draft_apply_format", refused),
        );
        assert_eq!(snapshot(&draft), before, "{url}");
    }
    assert_err(
        draft.set_link(""),
        ErrorKind::UnsafeLink,
        "mc_draft_set_link: link URL is empty",
    );
    for text in ["", "a\nb"] {
        assert_err(
            draft.insert_link(text, "a.b"),
            ErrorKind::InvalidArgument,
            "mc_draft_insert_link: link text must be non-empty and on one line",
        );
    }
    // NUL is refused by the binding, naming the C function.
    assert_err(
        draft.set_link("a.b\0"),
        ErrorKind::InvalidUtf8,
        "mc_draft_set_link: string argument holds U+0000 at byte 3",
    );
    assert_err(
        draft.insert_link("a\0", "a.b"),
        ErrorKind::InvalidUtf8,
        "mc_draft_insert_link: string argument holds U+0000 at byte 1",
    );
    assert_err(
        draft.insert_link("a", "\0"),
        ErrorKind::InvalidUtf8,
        "mc_draft_insert_link: string argument holds U+0000 at byte 0",
    );
    assert_eq!(snapshot(&draft), before);
}
