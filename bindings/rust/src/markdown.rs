//! The wire format: serializing a draft to markdown, loading markdown into a draft, and the
//! receive side (parsing markdown into document JSON, plain-text previews, safe HTML).
//!
//! Mention names travel next to the markdown, not in it (the wire form of a mention is
//! `<@uid:UID>`), so every function that reads markdown takes them as `(uid, name)` pairs. The
//! binding writes them as the `{"uid": "name"}` JSON object the C functions take, escaping every
//! string exactly; apart from a uid given twice and U+0000, it leaves judging them to the library.

use std::collections::HashSet;
use std::ffi::CString;
use std::ptr;

use crate::draft::Draft;
use crate::error::{check, Error, Result};
use crate::json;
use crate::layouts::Document;
use crate::strings::{c_string, refuse_nul, take_string};
use crate::sys;

/// The `mentions_json` argument for `mentions`: `None` (C NULL) when there are none, else the
/// JSON object `{"uid": "name", ...}` in the order given.
///
/// Two faults are refused here, before C: a uid given twice, with `MC_ERR_INVALID_ARGUMENT` (the
/// caller wrote no JSON, so the library's "duplicate key" would mislead), and U+0000 in a uid or
/// name, with `MC_ERR_INVALID_UTF8` like every other string argument of this crate (the library
/// could not name such a uid in its error message: C would cut the message at the NUL). The
/// library judges everything else (the uid character set, empty or multi-line names).
pub(crate) fn mentions_json(mentions: &[(&str, &str)], function: &str) -> Result<Option<CString>> {
    if mentions.is_empty() {
        return Ok(None);
    }
    let mut seen = HashSet::with_capacity(mentions.len());
    let mut out = String::from("{");
    for (i, &(uid, name)) in mentions.iter().enumerate() {
        refuse_nul(uid, function)?;
        refuse_nul(name, function)?;
        if !seen.insert(uid) {
            let mut quoted = String::new();
            json::push_string(&mut quoted, uid);
            return Err(Error::new(
                sys::MC_ERR_INVALID_ARGUMENT,
                format!("{function}: mentions: uid {quoted} is given twice"),
            ));
        }
        if i > 0 {
            out.push(',');
        }
        json::push_string(&mut out, uid);
        out.push(':');
        json::push_string(&mut out, name);
    }
    out.push('}');
    // Control characters are written as escapes, so the JSON text holds no NUL.
    c_string(&out, function).map(Some)
}

/// The pointer for an optional C string: NULL for `None`.
pub(crate) fn ptr_of(s: &Option<CString>) -> *const std::ffi::c_char {
    s.as_ref().map_or(ptr::null(), |s| s.as_ptr())
}

impl Draft {
    /// The draft as wire markdown.
    ///
    /// With rich text on (the default), every format: `**bold**`, `*italic*`,
    /// `<u>underline</u>`, `~~strike~~`, `` `code` ``, fenced code blocks, `> quote`, `1. item`,
    /// `- item`, `[text](url)`, `<color=#rrggbb>text</color>` and mentions `<@uid:UID>`, with
    /// every literal markdown character escaped. With rich text off (`{"rich_text": false}`),
    /// plain text with every markdown-significant character escaped (mentions kept).
    ///
    /// The result is exact: [`parse_markdown_with_mentions`] with the draft's
    /// [`mentions`](Draft::mentions) gives back the same [`document`](Draft::document).
    pub fn markdown(&self) -> Result<String> {
        // SAFETY: the handle is live; `out` is the out-parameter take_string provides.
        take_string("mc_draft_serialize", |out| unsafe {
            sys::mc_draft_serialize(self.as_raw(), out)
        })
    }

    /// Replaces the content with a received message's `markdown` (one undo step); the caret
    /// moves to the end.
    ///
    /// `mentions` gives display names as `(uid, name)` pairs: `<@uid:u42>` with `("u42",
    /// "Bob")` becomes the mention `"@Bob"`; a mention without a name shows as `"@u42"`.
    ///
    /// # Errors
    /// `InvalidArgument` (a uid that is empty, longer than 255 characters or has characters
    /// outside `A-Z a-z 0-9 _ - . : @ = +`; an empty name or one with a line break; a uid given
    /// twice), `InvalidUtf8` (`markdown`, a uid or a name holds U+0000). On error the draft is
    /// unchanged.
    pub fn load_markdown(&mut self, markdown: &str, mentions: &[(&str, &str)]) -> Result<()> {
        const FUNCTION: &str = "mc_draft_load_markdown";
        let markdown = c_string(markdown, FUNCTION)?;
        let mentions = mentions_json(mentions, FUNCTION)?;
        // SAFETY: the handle is live; `markdown` is NUL-terminated and the mentions pointer is
        // NULL or NUL-terminated, both alive for the call.
        check(unsafe {
            sys::mc_draft_load_markdown(self.as_raw(), markdown.as_ptr(), ptr_of(&mentions))
        })
    }

    /// Converts markdown typed by hand (`**x**`, `_y_`, `` `z` ``, `[a](b)`, `"- item"`) into
    /// formatting (one undo step); text that is already formatted stays literal. Does nothing
    /// with rich text off. The send path runs this; hosts may call it earlier.
    pub fn normalize_markdown(&mut self) -> Result<()> {
        // SAFETY: the handle is live.
        check(unsafe { sys::mc_draft_normalize_markdown(self.as_raw()) })
    }
}

/// Parses wire markdown into a document (canonical, as [`Draft::document`] gives it).
///
/// The supported subset of CommonMark/GFM (emphasis and strong with `*` and `_`, strike, code
/// spans, fenced code, quotes, lists, inline links, backslash escapes, entities, line breaks,
/// and the wire format's underline, colour and mentions) reads as a CommonMark renderer reads
/// it; anything else stays literal text. Mentions `<@uid:u42>` show as `"@u42"`; see
/// [`parse_markdown_with_mentions`] for names.
///
/// # Errors
/// `InvalidUtf8` (`markdown` holds U+0000).
pub fn parse_markdown(markdown: &str) -> Result<Document> {
    Document::from_json(&parse_markdown_json(markdown)?)
}

/// [`parse_markdown`], returning the library's canonical document JSON.
///
/// # Errors
/// As [`parse_markdown`].
pub fn parse_markdown_json(markdown: &str) -> Result<String> {
    const FUNCTION: &str = "mc_markdown_parse";
    let markdown = c_string(markdown, FUNCTION)?;
    // SAFETY: `markdown` is NUL-terminated and alive for the call; `out` is the out-parameter
    // take_string provides.
    take_string(FUNCTION, |out| unsafe {
        sys::mc_markdown_parse(markdown.as_ptr(), out)
    })
}

/// Like [`parse_markdown`], with mention display names as `(uid, name)` pairs: `<@uid:u42>` with
/// `("u42", "Bob")` becomes the mention `"@Bob"`.
///
/// # Errors
/// `InvalidArgument` (a bad uid or name, a uid given twice; see [`Draft::load_markdown`]),
/// `InvalidUtf8` (`markdown`, a uid or a name holds U+0000).
pub fn parse_markdown_with_mentions(markdown: &str, mentions: &[(&str, &str)]) -> Result<Document> {
    Document::from_json(&parse_markdown_with_mentions_json(markdown, mentions)?)
}

/// [`parse_markdown_with_mentions`], returning the library's canonical document JSON.
///
/// # Errors
/// As [`parse_markdown_with_mentions`].
pub fn parse_markdown_with_mentions_json(
    markdown: &str,
    mentions: &[(&str, &str)],
) -> Result<String> {
    const FUNCTION: &str = "mc_markdown_parse_with_mentions";
    let markdown = c_string(markdown, FUNCTION)?;
    let mentions = mentions_json(mentions, FUNCTION)?;
    // SAFETY: `markdown` is NUL-terminated and the mentions pointer is NULL or NUL-terminated,
    // both alive for the call; `out` is the out-parameter take_string provides.
    take_string(FUNCTION, |out| unsafe {
        sys::mc_markdown_parse_with_mentions(markdown.as_ptr(), ptr_of(&mentions), out)
    })
}

/// Renders wire markdown as plain text, for notifications and reply previews: formatting
/// dropped, mentions as `"@Name"` (names from `mentions`, else the uid).
///
/// With `max_graphemes`, the text is cut after that many grapheme clusters (an emoji sequence
/// such as "👨‍👩‍👧" or a letter with its accents is one, never split) and `"…"` is appended when
/// it was longer. `None` means no limit. A mention is not atomic here: `"@Bob"` counts four
/// clusters and may be cut (`"@B…"`).
///
/// # Errors
/// `InvalidArgument` (a bad uid or name, a uid given twice; see [`Draft::load_markdown`]),
/// `InvalidUtf8` (`markdown`, a uid or a name holds U+0000).
pub fn markdown_to_plain_text(
    markdown: &str,
    mentions: &[(&str, &str)],
    max_graphemes: Option<usize>,
) -> Result<String> {
    const FUNCTION: &str = "mc_markdown_to_plain_text";
    let markdown = c_string(markdown, FUNCTION)?;
    let mentions = mentions_json(mentions, FUNCTION)?;
    // A limit past i64::MAX cuts nothing, exactly like i64::MAX; negative means no limit.
    let limit = max_graphemes.map_or(-1, |n| i64::try_from(n).unwrap_or(i64::MAX));
    // SAFETY: `markdown` is NUL-terminated and the mentions pointer is NULL or NUL-terminated,
    // both alive for the call; `out` is the out-parameter take_string provides.
    take_string(FUNCTION, |out| unsafe {
        sys::mc_markdown_to_plain_text(markdown.as_ptr(), ptr_of(&mentions), limit, out)
    })
}

/// Renders wire markdown as safe HTML: every text escaped, links only with allowed schemes
/// (others stay text), colours validated, mentions as
/// `<span class="mention" data-uid="...">@Name</span>` (names from `mentions`, else the uid).
///
/// # Errors
/// `InvalidArgument` (a bad uid or name, a uid given twice; see [`Draft::load_markdown`]),
/// `InvalidUtf8` (`markdown`, a uid or a name holds U+0000).
pub fn markdown_to_html(markdown: &str, mentions: &[(&str, &str)]) -> Result<String> {
    const FUNCTION: &str = "mc_markdown_to_html";
    let markdown = c_string(markdown, FUNCTION)?;
    let mentions = mentions_json(mentions, FUNCTION)?;
    // SAFETY: `markdown` is NUL-terminated and the mentions pointer is NULL or NUL-terminated,
    // both alive for the call; `out` is the out-parameter take_string provides.
    take_string(FUNCTION, |out| unsafe {
        sys::mc_markdown_to_html(markdown.as_ptr(), ptr_of(&mentions), out)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::Value;

    fn json_of(mentions: &[(&str, &str)]) -> String {
        mentions_json(mentions, "f")
            .unwrap()
            .map(|c| c.into_string().unwrap())
            .unwrap_or_default()
    }

    #[test]
    fn mentions_become_an_escaped_json_object() {
        assert_eq!(json_of(&[]), "", "none is NULL");
        assert_eq!(json_of(&[("u42", "Bob")]), r#"{"u42":"Bob"}"#);
        let tricky = "Zoë \"Z\" \\ / 👋\n\r\t\u{8}\u{c}\u{1}\u{1f}\u{7f}\u{2028}";
        let written = json_of(&[("a:b", tricky), ("u\"1", "x")]);
        assert_eq!(
            written,
            concat!(
                r#"{"a:b":"Zoë \"Z\" \\ / 👋\n\r\t\b\f\u0001\u001f"#,
                "\u{7f}\u{2028}",
                r#"","u\"1":"x"}"#
            )
        );
        // It reads back as the same members, in order.
        assert_eq!(
            json::parse(&written, "f").unwrap(),
            Value::Object(vec![
                ("a:b".into(), Value::String(tricky.into())),
                ("u\"1".into(), Value::String("x".into())),
            ])
        );
    }

    #[test]
    fn a_uid_given_twice_and_u0000_are_refused() {
        for (mentions, code, message) in [
            (
                &[("u1", "A"), ("u2", "B"), ("u1", "A")][..],
                sys::MC_ERR_INVALID_ARGUMENT,
                r#"f: mentions: uid "u1" is given twice"#,
            ),
            (
                &[("u\"1", "A"), ("u\"1", "B")][..],
                sys::MC_ERR_INVALID_ARGUMENT,
                r#"f: mentions: uid "u\"1" is given twice"#,
            ),
            (
                &[("u1", "A"), ("u\u{0}2", "B")][..],
                sys::MC_ERR_INVALID_UTF8,
                "f: string argument holds U+0000 at byte 1",
            ),
            (
                &[("u1", "An\u{0}")][..],
                sys::MC_ERR_INVALID_UTF8,
                "f: string argument holds U+0000 at byte 2",
            ),
        ] {
            let error = mentions_json(mentions, "f").unwrap_err();
            assert_eq!(error.code(), code, "{mentions:?}");
            assert_eq!(error.message(), message);
        }
    }
}
