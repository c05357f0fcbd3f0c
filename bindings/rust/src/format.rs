//! Inline and block formats: applying, removing and toggling them, and the active formats.

use std::ptr;

use crate::draft::Draft;
use crate::error::{check, Result};
use crate::json::{self, Value};
use crate::offset;
use crate::strings::{c_string, take_string};
use crate::sys;

/// A format for [`Draft::apply_format`], [`Draft::remove_format`] and [`Draft::toggle_format`].
///
/// Inline formats cover runs of characters within a line; block formats
/// ([`is_block`](Format::is_block)) cover whole lines, at most one per line. [`Format::Link`]
/// and [`Format::Color`] take a value (the URL, the colour); the others take none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// Inline bold.
    Bold,
    /// Inline italic.
    Italic,
    /// Inline underline.
    Underline,
    /// Inline strikethrough.
    Strike,
    /// Inline code; applying it strips bold, italic, underline, strike and colour.
    Code,
    /// Inline link; the value is the URL (http, https, mailto, or a bare host, which becomes
    /// https://).
    Link,
    /// Inline text colour; the value is `#rgb` or `#rrggbb`.
    Color,
    /// Block: a code block.
    CodeBlock,
    /// Block: a quote.
    Quote,
    /// Block: a bulleted list item.
    BulletList,
    /// Block: a numbered list item.
    OrderedList,
}

impl Format {
    /// Every format, in `MC_FORMAT_*` order.
    pub const ALL: [Format; 11] = [
        Format::Bold,
        Format::Italic,
        Format::Underline,
        Format::Strike,
        Format::Code,
        Format::Link,
        Format::Color,
        Format::CodeBlock,
        Format::Quote,
        Format::BulletList,
        Format::OrderedList,
    ];

    /// The `MC_FORMAT_*` value.
    pub fn raw(self) -> sys::mc_format {
        match self {
            Format::Bold => sys::MC_FORMAT_BOLD,
            Format::Italic => sys::MC_FORMAT_ITALIC,
            Format::Underline => sys::MC_FORMAT_UNDERLINE,
            Format::Strike => sys::MC_FORMAT_STRIKE,
            Format::Code => sys::MC_FORMAT_CODE,
            Format::Link => sys::MC_FORMAT_LINK,
            Format::Color => sys::MC_FORMAT_COLOR,
            Format::CodeBlock => sys::MC_FORMAT_CODE_BLOCK,
            Format::Quote => sys::MC_FORMAT_QUOTE,
            Format::BulletList => sys::MC_FORMAT_BULLET_LIST,
            Format::OrderedList => sys::MC_FORMAT_ORDERED_LIST,
        }
    }

    /// The name used in document JSON and active formats (`"bold"`, `"code_block"`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Format::Bold => "bold",
            Format::Italic => "italic",
            Format::Underline => "underline",
            Format::Strike => "strike",
            Format::Code => "code",
            Format::Link => "link",
            Format::Color => "color",
            Format::CodeBlock => "code_block",
            Format::Quote => "quote",
            Format::BulletList => "bullet_list",
            Format::OrderedList => "ordered_list",
        }
    }

    /// The format named `name` (see [`name`](Format::name)); `None` for any other name,
    /// including `"mention"`, which is not a format one applies.
    pub fn from_name(name: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.name() == name)
    }

    /// Whether this is a block format (over whole lines).
    pub fn is_block(self) -> bool {
        matches!(
            self,
            Format::CodeBlock | Format::Quote | Format::BulletList | Format::OrderedList
        )
    }
}

/// The formats in force at the selection, as [`Draft::active_formats`] reports them (for toolbar
/// buttons).
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct ActiveFormats {
    /// The active formats, inline ones first in [`Format::ALL`] order, then the block format.
    pub formats: Vec<Format>,
    /// Whether the whole selection lies inside one mention.
    pub mention: bool,
    /// The URL when [`Format::Link`] is active with one target.
    pub link: Option<String>,
    /// The colour (`#rrggbb`) when [`Format::Color`] is active with one colour.
    pub color: Option<String>,
    /// Names of active formats this binding does not know (a newer library), as written.
    pub other: Vec<String>,
}

impl ActiveFormats {
    /// Whether `format` is active.
    pub fn contains(&self, format: Format) -> bool {
        self.formats.contains(&format)
    }

    /// Reads the library's `{"formats": [names], "link": URL|null, "color": colour|null}`.
    fn parse(text: &str, function: &str) -> Result<ActiveFormats> {
        ActiveFormats::read(&json::parse(text, function)?, function)
    }

    /// Reads the active formats' layout (also inside the UI state and the formats event); keys
    /// and format names this binding does not know do not fail it.
    pub(crate) fn read(value: &Value, function: &str) -> Result<ActiveFormats> {
        let optional_string = |key: &str| match value.get(key) {
            Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            _ => Err(json::unexpected(
                function,
                format_args!("\"{key}\" is not a string or null"),
            )),
        };
        let (link, color) = (optional_string("link")?, optional_string("color")?);
        let Some(Value::Array(names)) = value.get("formats") else {
            return Err(json::unexpected(function, "\"formats\" is not an array"));
        };
        let mut active = ActiveFormats {
            link,
            color,
            ..ActiveFormats::default()
        };
        for name in names {
            match name {
                Value::String(name) if name == "mention" => active.mention = true,
                Value::String(name) => match Format::from_name(name) {
                    Some(format) => active.formats.push(format),
                    None => active.other.push(name.clone()),
                },
                _ => return Err(json::unexpected(function, "a format name is not a string")),
            }
        }
        Ok(active)
    }
}

/// The flags of a format operation.
fn flags(protect: bool) -> u32 {
    if protect {
        sys::MC_FLAG_PROTECT
    } else {
        0
    }
}

/// How a format operation changes its range.
#[derive(Clone, Copy)]
enum Action {
    Apply,
    Toggle,
}

impl Draft {
    /// Applies `format` over the scalar range `[start, end)` (one undo step), protecting
    /// mentions, links, inline code and code blocks: see [`apply_format_with`](Draft::apply_format_with).
    ///
    /// # Errors
    /// As [`apply_format_with`](Draft::apply_format_with).
    pub fn apply_format(
        &mut self,
        start: usize,
        end: usize,
        format: Format,
        value: Option<&str>,
    ) -> Result<()> {
        self.apply_format_with(start, end, format, value, true)
    }

    /// Applies `format` over the scalar range `[start, end)` (one undo step).
    ///
    /// Inline formats: with `protect`, mentions, links, inline code and code blocks are carved
    /// out of the range (a link operation still reaches links, a code operation code); applying
    /// inline code strips bold, italic, underline, strike and colour from its range. Block formats
    /// apply to every line the range touches, replacing another block format. An empty range at
    /// the caret changes the typing attributes instead.
    ///
    /// `value` is the URL for [`Format::Link`], the colour for [`Format::Color`], `None` for the
    /// others.
    ///
    /// # Errors
    /// `OutOfRange` (`end < start` or `end > len()`), `InvalidArgument` (missing or unexpected
    /// value), `UnsafeLink`, `InvalidColor`, `InvalidUtf8` (`value` holds U+0000). On error
    /// nothing changes.
    pub fn apply_format_with(
        &mut self,
        start: usize,
        end: usize,
        format: Format,
        value: Option<&str>,
        protect: bool,
    ) -> Result<()> {
        self.format_range(Action::Apply, start, end, format, value, protect)
    }

    /// Removes `format` (any value) from `[start, end)`, protecting mentions, links, inline code
    /// and code blocks: see [`remove_format_with`](Draft::remove_format_with).
    ///
    /// # Errors
    /// As [`remove_format_with`](Draft::remove_format_with).
    pub fn remove_format(&mut self, start: usize, end: usize, format: Format) -> Result<()> {
        self.remove_format_with(start, end, format, true)
    }

    /// Removes `format` (any value) from `[start, end)` (one undo step); `protect` carves out
    /// protected runs as for [`apply_format_with`](Draft::apply_format_with). Block formats are
    /// removed from the touched lines that have them.
    ///
    /// # Errors
    /// `OutOfRange` (`end < start` or `end > len()`). On error nothing changes.
    pub fn remove_format_with(
        &mut self,
        start: usize,
        end: usize,
        format: Format,
        protect: bool,
    ) -> Result<()> {
        const FUNCTION: &str = "mc_draft_remove_format";
        let (start, end) = (offset::to_c(start, FUNCTION)?, offset::to_c(end, FUNCTION)?);
        // SAFETY: the handle is live.
        check(unsafe {
            sys::mc_draft_remove_format(self.as_raw(), start, end, format.raw(), flags(protect))
        })
    }

    /// Toggles `format` over `[start, end)`, protecting mentions, links, inline code and code
    /// blocks: see [`toggle_format_with`](Draft::toggle_format_with).
    ///
    /// # Errors
    /// As [`toggle_format_with`](Draft::toggle_format_with).
    pub fn toggle_format(
        &mut self,
        start: usize,
        end: usize,
        format: Format,
        value: Option<&str>,
    ) -> Result<()> {
        self.toggle_format_with(start, end, format, value, true)
    }

    /// Toggles `format` over `[start, end)` (one undo step): removes it when every touched
    /// character (line, for block formats) already has it with this value, else applies it.
    ///
    /// With a caret (an empty range at the caret) it toggles the typing attributes; toggling a
    /// code block or quote off at a caret removes the whole contiguous block, and switching list
    /// type converts the whole list. `value` and `protect` are as for
    /// [`apply_format_with`](Draft::apply_format_with).
    ///
    /// # Errors
    /// As [`apply_format_with`](Draft::apply_format_with).
    pub fn toggle_format_with(
        &mut self,
        start: usize,
        end: usize,
        format: Format,
        value: Option<&str>,
        protect: bool,
    ) -> Result<()> {
        self.format_range(Action::Toggle, start, end, format, value, protect)
    }

    /// The formats active at the selection: at a caret the typing attributes plus the line's
    /// block; over a selection the formats every selected character (and every touched line) has.
    ///
    /// # Errors
    /// `InvalidJson` only when the library reports a shape or format name this binding does not
    /// know (a newer library).
    pub fn active_formats(&self) -> Result<ActiveFormats> {
        const FUNCTION: &str = "mc_draft_active_formats";
        // SAFETY: the handle is live; `out` is the out-parameter take_string provides.
        let json = take_string(FUNCTION, |out| unsafe {
            sys::mc_draft_active_formats(self.as_raw(), out)
        })?;
        ActiveFormats::parse(&json, FUNCTION)
    }

    /// The body of apply and toggle, which take a value.
    fn format_range(
        &mut self,
        action: Action,
        start: usize,
        end: usize,
        format: Format,
        value: Option<&str>,
        protect: bool,
    ) -> Result<()> {
        let function = match action {
            Action::Apply => "mc_draft_apply_format",
            Action::Toggle => "mc_draft_toggle_format",
        };
        let (start, end) = (offset::to_c(start, function)?, offset::to_c(end, function)?);
        let value = value.map(|v| c_string(v, function)).transpose()?;
        let value_ptr = value.as_ref().map_or(ptr::null(), |v| v.as_ptr());
        let (raw, format, flags) = (self.as_raw(), format.raw(), flags(protect));
        // SAFETY: the handle is live; value_ptr is NULL or a NUL-terminated string alive for the
        // call.
        check(unsafe {
            match action {
                Action::Apply => {
                    sys::mc_draft_apply_format(raw, start, end, format, value_ptr, flags)
                }
                Action::Toggle => {
                    sys::mc_draft_toggle_format(raw, start, end, format, value_ptr, flags)
                }
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_raw_values_follow_the_header() {
        for (i, format) in Format::ALL.into_iter().enumerate() {
            assert_eq!(format.raw(), i as sys::mc_format, "{format:?}");
            assert_eq!(Format::from_name(format.name()), Some(format));
        }
        assert_eq!(Format::from_name("mention"), None);
        assert_eq!(Format::from_name("Bold"), None);
        let blocks: Vec<Format> = Format::ALL.into_iter().filter(|f| f.is_block()).collect();
        assert_eq!(
            blocks,
            [
                Format::CodeBlock,
                Format::Quote,
                Format::BulletList,
                Format::OrderedList
            ]
        );
    }

    #[test]
    fn active_formats_parse_and_refuse_other_shapes() {
        let parsed = ActiveFormats::parse(
            r##"{"formats":["bold","mention","link","color","quote"],"link":"https://a.b","color":"#ff0000"}"##,
            "f",
        );
        assert_eq!(
            parsed,
            Ok(ActiveFormats {
                formats: vec![Format::Bold, Format::Link, Format::Color, Format::Quote],
                mention: true,
                link: Some("https://a.b".into()),
                color: Some("#ff0000".into()),
                other: vec![],
            })
        );
        assert_eq!(
            ActiveFormats::parse(
                r#"{"formats":["bold","blink"],"link":null,"color":null,"new":1}"#,
                "f"
            ),
            Ok(ActiveFormats {
                formats: vec![Format::Bold],
                other: vec!["blink".into()],
                ..ActiveFormats::default()
            })
        );
        assert!(parsed.unwrap().contains(Format::Quote));
        for (text, message) in [
            (
                r#"{"formats":[1],"link":null,"color":null}"#,
                "a format name is not a string",
            ),
            (
                r#"{"formats":{},"link":null,"color":null}"#,
                "\"formats\" is not an array",
            ),
            (
                r#"{"link":null,"color":null}"#,
                "\"formats\" is not an array",
            ),
            (
                r#"{"formats":[],"link":1,"color":null}"#,
                "\"link\" is not a string or null",
            ),
            (
                r#"{"formats":[],"link":null}"#,
                "\"color\" is not a string or null",
            ),
            ("[]", "\"link\" is not a string or null"),
        ] {
            assert_eq!(
                ActiveFormats::parse(text, "f").unwrap_err().message(),
                format!("f: the library returned unexpected JSON: {message}"),
                "{text}"
            );
        }
    }
}
