//! The wire format: Draft::markdown (serializing), parse_markdown / parse_markdown_with_mentions
//! (exact round trips), rich text off, load_markdown, normalize_markdown, the plain-text and HTML
//! renderers, and every refused input. The raw-level refusals (NULL markdown, NULL
//! out-parameters) are in tests/raw.rs.

mod common;

use common::{assert_err, assert_state, draft_with_text, plain, snapshot, type_chars};
use message_composer::{
    markdown_to_html, markdown_to_plain_text, parse_markdown, parse_markdown_with_mentions, Draft,
    ErrorKind, Format,
};

/// The scalar range of the first `needle` in `text`.
fn range(text: &str, needle: &str) -> (usize, usize) {
    let byte = text
        .find(needle)
        .unwrap_or_else(|| panic!("{needle:?} in {text:?}"));
    let start = text[..byte].chars().count();
    (start, start + needle.chars().count())
}

/// The draft's mentions as the `(uid, name)` pairs the parse functions take.
fn names_of(draft: &Draft) -> Vec<(String, String)> {
    draft
        .mentions()
        .unwrap()
        .into_iter()
        .map(|m| (m.uid, m.name))
        .collect()
}

/// Asserts that the draft's markdown parses back, with the draft's mention names, to the draft's
/// exact document.
#[track_caller]
fn assert_round_trip(draft: &Draft) {
    let markdown = draft.markdown().unwrap();
    let names = names_of(draft);
    let names: Vec<(&str, &str)> = names.iter().map(|(u, n)| (&u[..], &n[..])).collect();
    assert_eq!(
        parse_markdown_with_mentions(&markdown, &names).unwrap(),
        draft.document().unwrap(),
        "parsing {markdown:?}"
    );
}

/// One paragraph of every inline format, a quote, two lists, a code block, and lines full of
/// markdown characters.
const TEXT: &str = concat!(
    "bold italic strike under a`b docs red @Bob ok\n",
    "quoted\n",
    "one\n",
    "two\n",
    "first\n",
    "second\n",
    "let x = `1`;\n",
    r"*a* _b_ `c` \ [d](e) <u>f</u> ~~g~~ <@uid:x> &amp; 2*3 __init__",
    "\n1. not a list\n",
    "# not a heading\n",
    "- not a bullet\n",
    "> not a quote"
);

/// TEXT formatted through the editing API, with the mention of u42 inserted over "@Bob ".
fn formatted_draft() -> Draft {
    let mut draft = draft_with_text(TEXT);
    for (needle, format, value) in [
        ("bold italic", Format::Bold, None),
        ("italic", Format::Italic, None),
        ("strike", Format::Strike, None),
        ("under", Format::Underline, None),
        ("a`b", Format::Code, None),
        ("docs", Format::Link, Some("example.com/a_(b)")),
        ("red", Format::Color, Some("#F00")),
        ("quoted", Format::Quote, None),
        ("one\ntwo", Format::BulletList, None),
        ("first\nsecond", Format::OrderedList, None),
        ("let x = `1`;", Format::CodeBlock, None),
    ] {
        let (start, end) = range(TEXT, needle);
        draft.apply_format(start, end, format, value).unwrap();
    }
    let (start, end) = range(TEXT, "@Bob ");
    draft.set_selection(start, end).unwrap();
    draft.insert_mention("u42", "Bob").unwrap();
    draft
}

const FORMATTED_DOCUMENT: &str = concat!(
    r#"{"text":"bold italic strike under a`b docs red @Bob ok\nquoted\none\ntwo\nfirst\nsecond\n"#,
    r#"let x = `1`;\n*a* _b_ `c` \\ [d](e) <u>f</u> ~~g~~ <@uid:x> &amp; 2*3 __init__\n"#,
    r#"1. not a list\n# not a heading\n- not a bullet\n> not a quote","spans":["#,
    r#"{"start":0,"end":11,"format":"bold"},"#,
    r#"{"start":5,"end":11,"format":"italic"},"#,
    r#"{"start":12,"end":18,"format":"strike"},"#,
    r#"{"start":19,"end":24,"format":"underline"},"#,
    r#"{"start":25,"end":28,"format":"code"},"#,
    r#"{"start":29,"end":33,"format":"link","url":"https://example.com/a_(b)"},"#,
    r##"{"start":34,"end":37,"format":"color","color":"#ff0000"},"##,
    r#"{"start":38,"end":42,"format":"mention","uid":"u42","name":"Bob"},"#,
    r#"{"start":46,"end":52,"format":"quote"},"#,
    r#"{"start":53,"end":60,"format":"bullet_list"},"#,
    r#"{"start":61,"end":73,"format":"ordered_list"},"#,
    r#"{"start":74,"end":86,"format":"code_block"}]}"#
);

/// The literal lines of TEXT (7 to 11) as wire markdown: every markdown character escaped, line
/// breaks as backslash hard breaks.
const LITERAL_LINES_MARKDOWN: &str = concat!(
    r"\*a\* \_b\_ \`c\` \\ \[d\](e) \<u\>f\</u\> \~\~g\~\~ \<@uid:x\> \&amp; 2\*3 \_\_init\_\_\",
    "\n",
    r"1\. not a list\",
    "\n",
    r"\# not a heading\",
    "\n",
    r"\- not a bullet\",
    "\n",
    r"\> not a quote"
);

#[test]
fn a_formatted_draft_serializes_to_exact_markdown_and_parses_back() {
    let draft = formatted_draft();
    assert_eq!(draft.document().unwrap(), FORMATTED_DOCUMENT);
    let markdown = draft.markdown().unwrap();
    assert_eq!(
        markdown,
        [
            concat!(
                "**bold _italic_** ~~strike~~ <u>under</u> ``a`b`` ",
                r"[docs](https://example.com/a_\(b\)) <color=#ff0000>red</color> <@uid:u42> ok"
            ),
            "> quoted",
            "- one\n- two",
            "1. first\n2. second",
            "```\nlet x = `1`;\n```",
            LITERAL_LINES_MARKDOWN,
        ]
        .join("\n\n")
    );
    // With the mention names, the identical document comes back.
    assert_eq!(
        parse_markdown_with_mentions(&markdown, &[("u42", "Bob")]).unwrap(),
        FORMATTED_DOCUMENT
    );
    assert_round_trip(&draft);
    // Without them, the mention shows its uid (and is longer by one).
    assert_eq!(
        parse_markdown(&markdown).unwrap(),
        FORMATTED_DOCUMENT
            .replace("@Bob ok", "@u42 ok")
            .replace(r#""name":"Bob""#, r#""name":"u42""#)
    );
    // Names for uids the markdown does not mention change nothing.
    assert_eq!(
        parse_markdown_with_mentions(&markdown, &[("u42", "Bob"), ("u7", "Zoë")]).unwrap(),
        FORMATTED_DOCUMENT
    );
}

#[test]
fn text_full_of_markdown_characters_round_trips() {
    for (text, markdown) in [
        ("*", r"\*"),
        ("**", r"\*\*"),
        ("***", r"\*\*\*"),
        ("_a_", r"\_a\_"),
        ("`", r"\`"),
        ("```", r"\`\`\`"),
        ("# x", r"\# x"),
        ("1. x", r"1\. x"),
        ("1) x", r"1\) x"),
        ("- x", r"\- x"),
        ("+ x", r"\+ x"),
        ("> x", r"\> x"),
        ("---", r"\---"),
        (r"\", r"\\"),
        (r"a\", r"a\\"),
        ("[a](b)", r"\[a\](b)"),
        ("<u>", r"\<u\>"),
        ("~~", r"\~\~"),
        ("|a|b|", r"\|a\|b\|"),
        ("&amp;", r"\&amp;"),
        ("&#42;", r"\&#42;"),
        ("<@uid:x>", r"\<@uid:x\>"),
        ("  lead", "&#32;&#32;lead"),
        ("trail  ", "trail&#32;&#32;"),
        ("    code", "&#32;&#32;&#32;&#32;code"),
        ("a\n\nb", "a\\\n\\\nb"),
        ("👨‍👩‍👧 שלום 中文", "👨‍👩‍👧 שלום 中文"),
    ] {
        let draft = draft_with_text(text);
        assert_eq!(draft.markdown().unwrap(), markdown, "{text:?}");
        assert_eq!(parse_markdown(markdown).unwrap(), draft.document().unwrap());
    }
}

#[test]
fn a_code_block_holding_a_fence_gets_a_longer_fence() {
    let mut draft = draft_with_text("```\n````x");
    draft.apply_format(0, 9, Format::CodeBlock, None).unwrap();
    assert_eq!(draft.markdown().unwrap(), "`````\n```\n````x\n`````");
    assert_round_trip(&draft);
}

#[test]
fn an_empty_draft_is_empty_markdown() {
    let draft = Draft::new(None).unwrap();
    assert_eq!(draft.markdown().unwrap(), "");
    assert_eq!(parse_markdown("").unwrap(), plain(""));
}

#[test]
fn rich_text_off_escapes_everything_and_keeps_mentions() {
    let mut draft = Draft::new(Some(r#"{"rich_text":false}"#)).unwrap();
    draft.replace(0, 0, TEXT).unwrap();
    assert_eq!(
        draft.markdown().unwrap(),
        [
            r"bold italic strike under a\`b docs red @Bob ok\",
            r"quoted\",
            r"one\",
            r"two\",
            r"first\",
            r"second\",
            r"let x = \`1\`;\",
            LITERAL_LINES_MARKDOWN,
        ]
        .join("\n")
    );
    assert_round_trip(&draft);
    assert!(parse_markdown(&draft.markdown().unwrap())
        .unwrap()
        .ends_with(r#""spans":[]}"#));

    // Formats loaded into a plain-text draft do not go on the wire; mentions do.
    draft
        .load_markdown("**b** <@uid:u1> _i_", &[("u1", "Ann")])
        .unwrap();
    assert_eq!(
        draft.document().unwrap(),
        concat!(
            r#"{"text":"b @Ann i","spans":[{"start":0,"end":1,"format":"bold"},"#,
            r#"{"start":2,"end":6,"format":"mention","uid":"u1","name":"Ann"},"#,
            r#"{"start":7,"end":8,"format":"italic"}]}"#
        )
    );
    assert_eq!(draft.markdown().unwrap(), "b <@uid:u1> i");
    // A mention next to literal markdown characters.
    let mut draft = Draft::new(Some(r#"{"rich_text":false}"#)).unwrap();
    draft.insert("**x** and _y_").unwrap();
    draft.set_selection(2, 2).unwrap();
    draft.insert_mention("u1", "Ann").unwrap();
    assert_eq!(draft.markdown().unwrap(), r"\*\*<@uid:u1> x\*\* and \_y\_");
    assert_round_trip(&draft);
}

#[test]
fn load_markdown_replaces_the_content_in_one_undo_step() {
    let mut draft = draft_with_text("old");
    draft
        .load_markdown(
            "Hi <@uid:u42>, **see** [docs](https://example.com)\n> quoted",
            &[("u42", "Bob")],
        )
        .unwrap();
    assert_state(
        &draft,
        concat!(
            r#"{"text":"Hi @Bob, see docs\nquoted","spans":["#,
            r#"{"start":3,"end":7,"format":"mention","uid":"u42","name":"Bob"},"#,
            r#"{"start":9,"end":12,"format":"bold"},"#,
            r#"{"start":13,"end":17,"format":"link","url":"https://example.com"},"#,
            r#"{"start":18,"end":24,"format":"quote"}]}"#
        ),
        (24, 24),
    );
    assert_eq!(
        draft.markdown().unwrap(),
        "Hi <@uid:u42>, **see** [docs](https://example.com)\n\n> quoted"
    );
    draft.undo().unwrap();
    assert_state(&draft, &plain("old"), (3, 3));
    draft.redo().unwrap();
    assert_eq!(draft.text().unwrap(), "Hi @Bob, see docs\nquoted");

    // What a CommonMark renderer reads: _ and * emphasis, entities, escapes; the rest literal.
    draft
        .load_markdown(r"__b__ _i_ &lt;&#42;&gt; \# # x <@uid:u9>", &[])
        .unwrap();
    assert_eq!(
        draft.document().unwrap(),
        concat!(
            r#"{"text":"b i <*> # # x @u9","spans":[{"start":0,"end":1,"format":"bold"},"#,
            r#"{"start":2,"end":3,"format":"italic"},"#,
            r#"{"start":14,"end":17,"format":"mention","uid":"u9","name":"u9"}]}"#
        )
    );
    draft.load_markdown("", &[]).unwrap();
    assert_state(&draft, &plain(""), (0, 0));
}

#[test]
fn the_formatted_draft_survives_load_markdown() {
    let source = formatted_draft();
    let mut draft = Draft::new(None).unwrap();
    draft
        .load_markdown(&source.markdown().unwrap(), &[("u42", "Bob")])
        .unwrap();
    assert_eq!(draft.document().unwrap(), FORMATTED_DOCUMENT);
    assert_eq!(draft.mentions().unwrap(), source.mentions().unwrap());
}

#[test]
fn normalize_markdown_converts_typed_markdown_and_undo_restores_it() {
    let mut draft = Draft::new(None).unwrap();
    type_chars(&mut draft, "**x** and _y_");
    let typed = snapshot(&draft);
    assert_state(&draft, &plain("**x** and _y_"), (13, 13));
    draft.normalize_markdown().unwrap();
    assert_state(
        &draft,
        concat!(
            r#"{"text":"x and y","spans":[{"start":0,"end":1,"format":"bold"},"#,
            r#"{"start":6,"end":7,"format":"italic"}]}"#
        ),
        (7, 7),
    );
    assert_eq!(draft.markdown().unwrap(), "**x** and *y*");
    draft.undo().unwrap();
    assert_eq!(snapshot(&draft).document, typed.document);
    assert_eq!(draft.selection(), (13, 13));
    draft.redo().unwrap();
    assert_eq!(draft.text().unwrap(), "x and y");

    // Code and links too; text that is already formatted stays literal.
    let mut draft = draft_with_text("**x** and `z` [a](b.com) **c**");
    let (start, end) = range("**x** and `z` [a](b.com) **c**", "**c**");
    draft
        .apply_format(start, end, Format::Italic, None)
        .unwrap();
    draft.normalize_markdown().unwrap();
    assert_eq!(
        draft.document().unwrap(),
        concat!(
            r#"{"text":"x and z a **c**","spans":[{"start":0,"end":1,"format":"bold"},"#,
            r#"{"start":6,"end":7,"format":"code"},"#,
            r#"{"start":8,"end":9,"format":"link","url":"https://b.com"},"#,
            r#"{"start":10,"end":15,"format":"italic"}]}"#
        )
    );
}

#[test]
fn normalize_markdown_does_nothing_with_rich_text_off() {
    let mut draft = Draft::new(Some(r#"{"rich_text":false}"#)).unwrap();
    draft.insert("**x** and _y_").unwrap();
    let before = snapshot(&draft);
    draft.normalize_markdown().unwrap();
    assert_eq!(snapshot(&draft), before);
}

#[test]
fn normalize_markdown_converts_list_lines_without_adding_text() {
    let mut draft = draft_with_text("a\n- item");
    draft.normalize_markdown().unwrap();
    // The engine gives {"text":"a\\\nitem", ...}: "a" gains a backslash.
    assert_eq!(
        draft.document().unwrap(),
        r#"{"text":"a\nitem","spans":[{"start":2,"end":6,"format":"bullet_list"}]}"#
    );
    let mut draft = draft_with_text("1. a\n2. b");
    draft.normalize_markdown().unwrap();
    // The engine gives {"text":"a\\\nb","spans":[{"start":0,"end":4,"format":"ordered_list"}]}.
    assert_eq!(
        draft.document().unwrap(),
        r#"{"text":"a\nb","spans":[{"start":0,"end":3,"format":"ordered_list"}]}"#
    );
}

/// Three people, a space, a mention, a space, "é" as e + combining accent, "!".
const PREVIEW: &str = "Hi 👨‍👩‍👧 **<@uid:u42>** e\u{301}!";

#[test]
fn plain_text_drops_formatting_and_names_mentions() {
    assert_eq!(
        markdown_to_plain_text(PREVIEW, &[("u42", "Bob")], None).unwrap(),
        "Hi 👨‍👩‍👧 @Bob e\u{301}!"
    );
    assert_eq!(
        markdown_to_plain_text(PREVIEW, &[], None).unwrap(),
        "Hi 👨‍👩‍👧 @u42 e\u{301}!"
    );
    let draft = formatted_draft();
    assert_eq!(
        markdown_to_plain_text(&draft.markdown().unwrap(), &[("u42", "Bob")], None).unwrap(),
        TEXT
    );
    assert_eq!(
        markdown_to_plain_text("Hi <@uid:u42> [x](y.com) `c`\n> q\n- a\n1. b", &[], None).unwrap(),
        "Hi @u42 x c\nq\na\nb"
    );
}

#[test]
fn plain_text_is_cut_on_grapheme_boundaries() {
    let full = "Hi 👨‍👩‍👧 @Bob e\u{301}!";
    // (limit, text before the "…"): the family and the accented e are never split.
    for (limit, kept) in [
        (0, ""),
        (1, "H"),
        (2, "Hi"),
        (3, "Hi "),
        (4, "Hi 👨‍👩‍👧"),
        (5, "Hi 👨‍👩‍👧 "),
        // A mention is not atomic in a preview: "@Bob" is four clusters.
        (7, "Hi 👨‍👩‍👧 @B"),
        (9, "Hi 👨‍👩‍👧 @Bob"),
        (10, "Hi 👨‍👩‍👧 @Bob "),
        (11, "Hi 👨‍👩‍👧 @Bob e\u{301}"),
    ] {
        assert_eq!(
            markdown_to_plain_text(PREVIEW, &[("u42", "Bob")], Some(limit)).unwrap(),
            format!("{kept}…"),
            "limit {limit}"
        );
    }
    // Not longer than the limit: nothing cut, nothing appended.
    for limit in [12, 13, usize::MAX] {
        assert_eq!(
            markdown_to_plain_text(PREVIEW, &[("u42", "Bob")], Some(limit)).unwrap(),
            full,
            "limit {limit}"
        );
    }
}

#[test]
fn html_escapes_every_text_and_renders_links_and_mentions() {
    assert_eq!(
        markdown_to_html(
            concat!(
                r#"<script>alert(1)</script> & "q" 'a' **b** [x](javascript:alert(1)) "#,
                "[y](https://e.com/?a=1&b=2) [m](mailto:a@b.c) [h](e.com) ",
                "<@uid:u42> <@uid:u7> <color=red>c</color>"
            ),
            &[("u42", "<b>Bob</b>")]
        )
        .unwrap(),
        concat!(
            "<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;q&quot; &#39;a&#39; ",
            "<strong>b</strong> x ",
            r#"<a href="https://e.com/?a=1&amp;b=2" rel="nofollow noopener noreferrer">y</a> "#,
            r#"<a href="mailto:a@b.c" rel="nofollow noopener noreferrer">m</a> "#,
            r#"<a href="https://e.com" rel="nofollow noopener noreferrer">h</a> "#,
            r#"<span class="mention" data-uid="u42">@&lt;b&gt;Bob&lt;/b&gt;</span> "#,
            r#"<span class="mention" data-uid="u7">@u7</span> "#,
            "&lt;color=red&gt;c&lt;/color&gt;</p>"
        )
    );
    assert_eq!(markdown_to_html("", &[]).unwrap(), "<p></p>");
}

#[test]
fn html_of_the_formatted_draft() {
    let draft = formatted_draft();
    assert_eq!(
        markdown_to_html(&draft.markdown().unwrap(), &[("u42", "Bob")]).unwrap(),
        concat!(
            "<p><strong>bold <em>italic</em></strong> <del>strike</del> <u>under</u> ",
            "<code>a`b</code> ",
            r#"<a href="https://example.com/a_(b)" rel="nofollow noopener noreferrer">docs</a> "#,
            r#"<span style="color:#ff0000">red</span> "#,
            r#"<span class="mention" data-uid="u42">@Bob</span> ok</p>"#,
            "<blockquote><p>quoted</p></blockquote>",
            "<ul><li>one</li><li>two</li></ul>",
            "<ol><li>first</li><li>second</li></ol>",
            "<pre><code>let x = `1`;</code></pre>",
            r"<p>*a* _b_ `c` \ [d](e) &lt;u&gt;f&lt;/u&gt; ~~g~~ &lt;@uid:x&gt; &amp;amp; ",
            "2*3 __init__<br>1. not a list<br># not a heading<br>- not a bullet<br>",
            "&gt; not a quote</p>"
        )
    );
}

#[test]
fn u0000_in_any_string_is_refused() {
    let mut draft = draft_with_text("keep");
    let before = snapshot(&draft);
    assert_err(
        parse_markdown("a\0b"),
        ErrorKind::InvalidUtf8,
        "mc_markdown_parse: string argument holds U+0000 at byte 1",
    );
    assert_err(
        parse_markdown_with_mentions("ab\0", &[]),
        ErrorKind::InvalidUtf8,
        "mc_markdown_parse_with_mentions: string argument holds U+0000 at byte 2",
    );
    assert_err(
        markdown_to_plain_text("\0", &[], Some(3)),
        ErrorKind::InvalidUtf8,
        "mc_markdown_to_plain_text: string argument holds U+0000 at byte 0",
    );
    assert_err(
        markdown_to_html("x\0", &[]),
        ErrorKind::InvalidUtf8,
        "mc_markdown_to_html: string argument holds U+0000 at byte 1",
    );
    assert_err(
        draft.load_markdown("new\0", &[]),
        ErrorKind::InvalidUtf8,
        "mc_draft_load_markdown: string argument holds U+0000 at byte 3",
    );
    // In a mention's uid or name as well (which C would not cut, inside the JSON).
    assert_err(
        parse_markdown_with_mentions("x", &[("u\0", "Ann")]),
        ErrorKind::InvalidUtf8,
        "mc_markdown_parse_with_mentions: string argument holds U+0000 at byte 1",
    );
    assert_err(
        markdown_to_html("x", &[("u1", "Ann"), ("u2", "Bo\0b")]),
        ErrorKind::InvalidUtf8,
        "mc_markdown_to_html: string argument holds U+0000 at byte 2",
    );
    assert_err(
        draft.load_markdown("new", &[("u1", "\0")]),
        ErrorKind::InvalidUtf8,
        "mc_draft_load_markdown: string argument holds U+0000 at byte 0",
    );
    assert_eq!(snapshot(&draft), before);
}

#[test]
fn invalid_mentions_are_refused() {
    const UID: &str = "must be 1-255 characters of A-Z a-z 0-9 _ - . : @ = +";
    const NAME: &str = "mention name must be non-empty, on one line and free of U+0000";
    let mut draft = draft_with_text("keep");
    let before = snapshot(&draft);
    assert_err(
        parse_markdown_with_mentions("<@uid:u1>", &[("u 1", "Ann")]),
        ErrorKind::InvalidArgument,
        &format!("mc_markdown_parse_with_mentions: mention uid \"u 1\" {UID}"),
    );
    assert_err(
        markdown_to_plain_text("x", &[("u1", "Ann"), ("a b", "Bob")], None),
        ErrorKind::InvalidArgument,
        &format!("mc_markdown_to_plain_text: mention uid \"a b\" {UID}"),
    );
    assert_err(
        markdown_to_html("x", &[("", "Ann")]),
        ErrorKind::InvalidArgument,
        &format!("mc_markdown_to_html: mention uid \"\" {UID}"),
    );
    let long = "u".repeat(256);
    assert_err(
        parse_markdown_with_mentions("x", &[(&long, "Ann")]),
        ErrorKind::InvalidArgument,
        &format!("mc_markdown_parse_with_mentions: mention uid \"{long}\" {UID}"),
    );
    assert!(parse_markdown_with_mentions("x", &[(&long[1..], "Ann")]).is_ok());
    assert_err(
        draft.load_markdown("new", &[("u 1", "Ann")]),
        ErrorKind::InvalidArgument,
        &format!("mc_draft_load_markdown: mention uid \"u 1\" {UID}"),
    );
    for name in ["", "A\nB", "A\rB"] {
        assert_err(
            draft.load_markdown("new", &[("u1", name)]),
            ErrorKind::InvalidArgument,
            &format!("mc_draft_load_markdown: {NAME}"),
        );
    }
    // A uid given twice, even with the same name: the binding refuses it before C.
    assert_err(
        draft.load_markdown("new", &[("u1", "Ann"), ("u1", "Ann")]),
        ErrorKind::InvalidArgument,
        r#"mc_draft_load_markdown: mentions: uid "u1" is given twice"#,
    );
    assert_err(
        markdown_to_plain_text("x", &[("u1", "Ann"), ("u2", "B"), ("u1", "C")], None),
        ErrorKind::InvalidArgument,
        r#"mc_markdown_to_plain_text: mentions: uid "u1" is given twice"#,
    );
    assert_eq!(snapshot(&draft), before);
}

#[test]
fn mention_names_are_escaped_exactly() {
    // Quotes, backslashes, tabs, control characters and non-ASCII reach the library intact.
    let name = "Zoë \"Z\" \\ \t\u{1}👋";
    assert_eq!(
        parse_markdown_with_mentions("<@uid:x:9.a-b_c@d=e+f>", &[("x:9.a-b_c@d=e+f", name)])
            .unwrap(),
        concat!(
            r#"{"text":"@Zoë \"Z\" \\ \t\u0001👋","spans":[{"start":0,"end":14,"#,
            r#""format":"mention","uid":"x:9.a-b_c@d=e+f","name":"Zoë \"Z\" \\ \t\u0001👋"}]}"#
        )
    );
    assert_eq!(
        markdown_to_plain_text("<@uid:u1>", &[("u1", name)], None).unwrap(),
        format!("@{name}")
    );
}
