//! A small JSON reader for the layouts the library returns (crate::layouts reads them into
//! typed structs), and the writers the binding needs: string literals, and a parsed value back to
//! text (an outgoing attachment's `extra`).
//!
//! std only, so no serde: it parses any JSON text into [`Value`] (numbers with a fraction or an
//! exponent as `f64`, the others as `i64`) and the callers pick out the members they expect. A
//! text that does not fit is refused with `MC_ERR_INVALID_JSON` naming the C function, like the
//! other faults the binding finds in what the library returned.

use std::fmt::Write as _;

use crate::error::{Error, Result};
use crate::sys;

/// A parsed JSON value; object members keep their order.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Value {
    Null,
    Bool(bool),
    Int(i64),
    /// A number written with a fraction or an exponent (an upload's progress).
    Float(f64),
    String(String),
    Array(Vec<Value>),
    Object(Vec<(String, Value)>),
}

/// The error for JSON from `function` that does not have the expected shape.
pub(crate) fn unexpected(function: &str, what: impl std::fmt::Display) -> Error {
    Error::new(
        sys::MC_ERR_INVALID_JSON,
        format!("{function}: the library returned unexpected JSON: {what}"),
    )
}

/// Parses `text`, the whole of which must be one JSON value.
pub(crate) fn parse(text: &str, function: &str) -> Result<Value> {
    parse_value(text)
        .map_err(|(what, at)| unexpected(function, format_args!("{what} at byte {at}")))
}

/// Parses JSON text the caller gave as one value (`name`, in messages), refusing what is not
/// one value with `MC_ERR_INVALID_JSON`, so that it cannot close the argument around it.
pub(crate) fn parse_argument(text: &str, name: &str, function: &str) -> Result<Value> {
    parse_value(text).map_err(|(what, at)| {
        Error::new(
            sys::MC_ERR_INVALID_JSON,
            format!("{function}: {name} is not one JSON value: {what} at byte {at}"),
        )
    })
}

/// The value, or what is wrong and at which byte.
fn parse_value(text: &str) -> std::result::Result<Value, (&'static str, usize)> {
    let mut parser = Parser {
        bytes: text.as_bytes(),
        pos: 0,
    };
    parser
        .value(0)
        .and_then(|v| {
            parser.skip_space();
            if parser.pos == parser.bytes.len() {
                Ok(v)
            } else {
                Err("trailing characters")
            }
        })
        .map_err(|what| (what, parser.pos))
}

impl Value {
    /// The member `key` of an object; `None` for a missing member or a non-object.
    pub(crate) fn get(&self, key: &str) -> Option<&Value> {
        match self {
            Value::Object(members) => members.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }
}

/// Writes `value` as JSON text (an outgoing attachment's `extra`, kept as text for the host).
pub(crate) fn write(value: &Value) -> String {
    let mut out = String::new();
    push_value(&mut out, value);
    out
}

fn push_value(out: &mut String, value: &Value) {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        // Writing to a String cannot fail. f64's Debug writes a decimal or an exponent form
        // (`2.5`, `1e300`), both JSON; the parser never yields a NaN or an infinity.
        Value::Int(n) => {
            let _ = write!(out, "{n}");
        }
        Value::Float(f) => {
            let _ = write!(out, "{f:?}");
        }
        Value::String(s) => push_string(out, s),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                push_value(out, item);
            }
            out.push(']');
        }
        Value::Object(members) => {
            out.push('{');
            for (i, (key, item)) in members.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                push_string(out, key);
                out.push(':');
                push_value(out, item);
            }
            out.push('}');
        }
    }
}

/// Appends `s` as a JSON string literal: `"` and `\` escaped, control characters (U+0000 to
/// U+001F) as their short escape or `\u00XX`, everything else as is (JSON text is UTF-8).
pub(crate) fn push_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if c < ' ' => {
                // Writing to a String cannot fail.
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Nesting deeper than this is refused rather than recursed into: the library's own limit for
/// JSON arguments. What it writes nests far less (a sent message's attachment `extra`, the
/// deepest, at most 5 + 64 levels), so a value the library returned always parses.
const MAX_DEPTH: usize = sys::MC_MAX_JSON_DEPTH as usize;

struct Parser<'a> {
    bytes: &'a [u8],
    pos: usize,
}

type Parsed<T> = std::result::Result<T, &'static str>;

impl Parser<'_> {
    fn skip_space(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.bytes.get(self.pos) {
            self.pos += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn expect(&mut self, byte: u8, what: &'static str) -> Parsed<()> {
        self.skip_space();
        if self.peek() == Some(byte) {
            self.pos += 1;
            Ok(())
        } else {
            Err(what)
        }
    }

    fn literal(&mut self, word: &str, value: Value) -> Parsed<Value> {
        if self.bytes[self.pos..].starts_with(word.as_bytes()) {
            self.pos += word.len();
            Ok(value)
        } else {
            Err("invalid literal")
        }
    }

    fn value(&mut self, depth: usize) -> Parsed<Value> {
        if depth > MAX_DEPTH {
            return Err("nesting too deep");
        }
        self.skip_space();
        match self.peek() {
            None => Err("unexpected end of input"),
            Some(b'n') => self.literal("null", Value::Null),
            Some(b't') => self.literal("true", Value::Bool(true)),
            Some(b'f') => self.literal("false", Value::Bool(false)),
            Some(b'"') => self.string().map(Value::String),
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(b'[') => {
                self.pos += 1;
                let mut items = Vec::new();
                self.skip_space();
                if self.peek() == Some(b']') {
                    self.pos += 1;
                    return Ok(Value::Array(items));
                }
                loop {
                    items.push(self.value(depth + 1)?);
                    self.skip_space();
                    match self.peek() {
                        Some(b',') => self.pos += 1,
                        Some(b']') => {
                            self.pos += 1;
                            return Ok(Value::Array(items));
                        }
                        _ => return Err("expected ',' or ']'"),
                    }
                }
            }
            Some(b'{') => {
                self.pos += 1;
                let mut members = Vec::new();
                self.skip_space();
                if self.peek() == Some(b'}') {
                    self.pos += 1;
                    return Ok(Value::Object(members));
                }
                loop {
                    self.skip_space();
                    if self.peek() != Some(b'"') {
                        return Err("expected a member name");
                    }
                    let key = self.string()?;
                    self.expect(b':', "expected ':'")?;
                    members.push((key, self.value(depth + 1)?));
                    self.skip_space();
                    match self.peek() {
                        Some(b',') => self.pos += 1,
                        Some(b'}') => {
                            self.pos += 1;
                            return Ok(Value::Object(members));
                        }
                        _ => return Err("expected ',' or '}'"),
                    }
                }
            }
            Some(_) => Err("unexpected character"),
        }
    }

    /// A number: an integer (`i64`), or with a fraction or an exponent a float (`f64`).
    fn number(&mut self) -> Parsed<Value> {
        let start = self.pos;
        if self.peek() == Some(b'-') {
            self.pos += 1;
        }
        self.digits();
        let mut float = false;
        if self.peek() == Some(b'.') {
            self.pos += 1;
            float = true;
            self.digits();
        }
        if let Some(b'e' | b'E') = self.peek() {
            self.pos += 1;
            float = true;
            if let Some(b'+' | b'-') = self.peek() {
                self.pos += 1;
            }
            self.digits();
        }
        // The slice is ASCII sign, digits, '.', 'e' and signs, so it is valid UTF-8.
        let text =
            std::str::from_utf8(&self.bytes[start..self.pos]).map_err(|_| "invalid number")?;
        if float {
            text.parse::<f64>()
                .ok()
                .filter(|f| f.is_finite() && text.ends_with(|c: char| c.is_ascii_digit()))
                .map(Value::Float)
                .ok_or("invalid number")
        } else {
            text.parse().map(Value::Int).map_err(|_| "invalid integer")
        }
    }

    fn digits(&mut self) {
        while let Some(b'0'..=b'9') = self.peek() {
            self.pos += 1;
        }
    }

    /// A string starting at the opening quote.
    fn string(&mut self) -> Parsed<String> {
        self.pos += 1;
        let mut out = String::new();
        loop {
            let start = self.pos;
            while let Some(b) = self.peek() {
                if b == b'"' || b == b'\\' || b < 0x20 {
                    break;
                }
                self.pos += 1;
            }
            // The input is a &str and the run stops only at ASCII bytes, so it is whole UTF-8.
            out.push_str(
                std::str::from_utf8(&self.bytes[start..self.pos]).map_err(|_| "invalid UTF-8")?,
            );
            match self.peek() {
                None => return Err("unterminated string"),
                Some(b'"') => {
                    self.pos += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    self.pos += 1;
                    let escape = self.peek().ok_or("unterminated escape")?;
                    self.pos += 1;
                    match escape {
                        b'"' => out.push('"'),
                        b'\\' => out.push('\\'),
                        b'/' => out.push('/'),
                        b'b' => out.push('\u{8}'),
                        b'f' => out.push('\u{c}'),
                        b'n' => out.push('\n'),
                        b'r' => out.push('\r'),
                        b't' => out.push('\t'),
                        b'u' => out.push(self.unicode_escape()?),
                        _ => return Err("invalid escape"),
                    }
                }
                Some(_) => return Err("control character in string"),
            }
        }
    }

    /// The character of a `\u` escape (after the `u`), joining a surrogate pair.
    fn unicode_escape(&mut self) -> Parsed<char> {
        let high = self.hex4()?;
        let code = match high {
            0xD800..=0xDBFF => {
                if !self.bytes[self.pos..].starts_with(b"\\u") {
                    return Err("unpaired surrogate in \\u escape");
                }
                self.pos += 2;
                let low = self.hex4()?;
                if !(0xDC00..=0xDFFF).contains(&low) {
                    return Err("unpaired surrogate in \\u escape");
                }
                0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
            }
            0xDC00..=0xDFFF => return Err("unpaired surrogate in \\u escape"),
            _ => high,
        };
        char::from_u32(code).ok_or("invalid \\u escape")
    }

    fn hex4(&mut self) -> Parsed<u32> {
        let digits = self
            .bytes
            .get(self.pos..self.pos + 4)
            .ok_or("truncated \\u escape")?;
        let digits = std::str::from_utf8(digits).map_err(|_| "invalid \\u escape")?;
        if !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err("invalid \\u escape");
        }
        self.pos += 4;
        u32::from_str_radix(digits, 16).map_err(|_| "invalid \\u escape")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_what_it_parses() {
        let text = r#"{"a":[1,-2.5,1e300,"x\"\n"],"b":{"c":null,"d":true,"e":false},"f":[]}"#;
        let written = write(&ok(text));
        assert_eq!(ok(&written), ok(text));
        assert_eq!(write(&ok(r#"{"k":1, "w": 0.25}"#)), r#"{"k":1,"w":0.25}"#);
    }

    fn ok(text: &str) -> Value {
        parse(text, "f").unwrap()
    }

    fn err(text: &str) -> String {
        parse(text, "f").unwrap_err().message().to_string()
    }

    #[test]
    fn parses_the_shapes_the_library_writes() {
        assert_eq!(
            ok(r#"{"formats":["bold","link"],"link":"https://a.b/?q=\"x\"","color":null}"#),
            Value::Object(vec![
                (
                    "formats".into(),
                    Value::Array(vec![
                        Value::String("bold".into()),
                        Value::String("link".into())
                    ])
                ),
                ("link".into(), Value::String("https://a.b/?q=\"x\"".into())),
                ("color".into(), Value::Null),
            ])
        );
        assert_eq!(
            ok(r#" [ {"start":0,"end":-4,"ok":true,"no":false} ] "#),
            Value::Array(vec![Value::Object(vec![
                ("start".into(), Value::Int(0)),
                ("end".into(), Value::Int(-4)),
                ("ok".into(), Value::Bool(true)),
                ("no".into(), Value::Bool(false)),
            ])])
        );
        assert_eq!(
            ok("[0.25, 1.0, -2e-3, 3E2, 7]"),
            Value::Array(vec![
                Value::Float(0.25),
                Value::Float(1.0),
                Value::Float(-0.002),
                Value::Float(300.0),
                Value::Int(7)
            ])
        );
        assert_eq!(ok("[]"), Value::Array(vec![]));
        assert_eq!(ok("{}"), Value::Object(vec![]));
    }

    #[test]
    fn decodes_escapes_and_keeps_other_characters() {
        assert_eq!(
            ok(r#""a\"b\\c\/d\b\f\n\r\t\u0001\u00e9\ud83d\ude00 é👋""#),
            Value::String("a\"b\\c/d\u{8}\u{c}\n\r\t\u{1}é😀 é👋".into())
        );
    }

    #[test]
    fn refuses_what_is_not_json() {
        for (text, message) in [
            ("", "unexpected end of input at byte 0"),
            ("[1,]", "unexpected character at byte 3"),
            ("[1 2]", "expected ',' or ']' at byte 3"),
            ("{\"a\" 1}", "expected ':' at byte 5"),
            ("{1:2}", "expected a member name at byte 1"),
            ("{\"a\":1 2}", "expected ',' or '}' at byte 7"),
            ("1.", "invalid number at byte 2"),
            ("1e", "invalid number at byte 2"),
            ("1e999", "invalid number at byte 5"),
            ("-", "invalid integer at byte 1"),
            ("99999999999999999999", "invalid integer at byte 20"),
            ("\"abc", "unterminated string at byte 4"),
            ("\"a\nb\"", "control character in string at byte 2"),
            ("\"\\x\"", "invalid escape at byte 3"),
            ("\"\\ud83d\"", "unpaired surrogate in \\u escape at byte 7"),
            ("\"\\ude00\"", "unpaired surrogate in \\u escape at byte 7"),
            (
                "\"\\ud83d\\u0041\"",
                "unpaired surrogate in \\u escape at byte 13",
            ),
            ("\"\\u12\"", "truncated \\u escape at byte 3"),
            ("\"\\u12zz\"", "invalid \\u escape at byte 3"),
            ("nul", "invalid literal at byte 0"),
            ("{} x", "trailing characters at byte 3"),
        ] {
            assert_eq!(
                err(text),
                format!("f: the library returned unexpected JSON: {message}"),
                "{text:?}"
            );
        }
        let deep = "[".repeat(MAX_DEPTH + 2);
        assert_eq!(
            err(&deep),
            format!(
                "f: the library returned unexpected JSON: nesting too deep at byte {}",
                MAX_DEPTH + 1
            )
        );
    }

    #[test]
    fn get_finds_members_of_objects_only() {
        let v = ok(r#"{"a":1,"b":null}"#);
        assert_eq!(v.get("a"), Some(&Value::Int(1)));
        assert_eq!(v.get("b"), Some(&Value::Null));
        assert_eq!(v.get("c"), None);
        assert_eq!(ok("[1]").get("a"), None);
    }
}
