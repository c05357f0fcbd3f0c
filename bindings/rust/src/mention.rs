//! Mentions: atomic `@name` runs that stand for a user id.

use crate::draft::Draft;
use crate::error::{check, Result};
use crate::json::{self, Value};
use crate::offset;
use crate::strings::{c_string, take_string};
use crate::sys;

/// A mention in the text: the atomic run `[start, end)` showing `"@name"` for the user `uid`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Mention {
    /// The scalar offset of the `@`.
    pub start: usize,
    /// The scalar offset just past the name.
    pub end: usize,
    /// The user id.
    pub uid: String,
    /// The display name (without the `@`).
    pub name: String,
}

impl Mention {
    /// Reads one `{"start": 0, "end": 4, "uid": "u42", "name": "Bob"}`.
    fn from_json(value: &Value, function: &str) -> Result<Mention> {
        let offset = |key: &str| match value.get(key) {
            Some(&Value::Int(n)) => offset::from_c(n, function),
            _ => Err(json::unexpected(
                function,
                format_args!("mention \"{key}\" is not an integer"),
            )),
        };
        let string = |key: &str| match value.get(key) {
            Some(Value::String(s)) => Ok(s.clone()),
            _ => Err(json::unexpected(
                function,
                format_args!("mention \"{key}\" is not a string"),
            )),
        };
        Ok(Mention {
            start: offset("start")?,
            end: offset("end")?,
            uid: string("uid")?,
            name: string("name")?,
        })
    }
}

/// Reads the library's array of mentions.
fn parse_mentions(text: &str, function: &str) -> Result<Vec<Mention>> {
    match json::parse(text, function)? {
        Value::Array(items) => items
            .iter()
            .map(|m| Mention::from_json(m, function))
            .collect(),
        _ => Err(json::unexpected(function, "not an array")),
    }
}

impl Draft {
    /// Replaces the selection with the atomic mention run `"@name"` for `uid`, followed by a
    /// space; the caret ends after the space (one undo step).
    ///
    /// `uid` is 1-255 characters of `A-Z a-z 0-9 _ - . : @ = +`; `name` is non-empty, one line.
    ///
    /// # Errors
    /// `InvalidArgument` (bad `uid` or `name`), `NotAllowed` (mentions are disabled in the
    /// config, or the caret is in a code block), `LimitExceeded` (the draft already holds
    /// `mention_limit` mentions), `InvalidUtf8` (a string holds U+0000). On error nothing changes.
    pub fn insert_mention(&mut self, uid: &str, name: &str) -> Result<()> {
        const FUNCTION: &str = "mc_draft_insert_mention";
        let (uid, name) = (c_string(uid, FUNCTION)?, c_string(name, FUNCTION)?);
        // SAFETY: the handle is live; both strings are NUL-terminated and alive for the call.
        check(unsafe { sys::mc_draft_insert_mention(self.as_raw(), uid.as_ptr(), name.as_ptr()) })
    }

    /// The draft's mentions, in text order.
    ///
    /// # Errors
    /// `InvalidJson` only when the library reports a shape this binding does not know.
    pub fn mentions(&self) -> Result<Vec<Mention>> {
        const FUNCTION: &str = "mc_draft_mentions";
        // SAFETY: the handle is live; `out` is the out-parameter take_string provides.
        let json = take_string(FUNCTION, |out| unsafe {
            sys::mc_draft_mentions(self.as_raw(), out)
        })?;
        parse_mentions(&json, FUNCTION)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mentions_parse_and_refuse_other_shapes() {
        assert_eq!(
            parse_mentions(
                r#"[{"start":0,"end":4,"uid":"u42","name":"Bob"},{"start":9,"end":14,"uid":"a:b","name":"Zoë \"Z\""}]"#,
                "f"
            ),
            Ok(vec![
                Mention {
                    start: 0,
                    end: 4,
                    uid: "u42".into(),
                    name: "Bob".into()
                },
                Mention {
                    start: 9,
                    end: 14,
                    uid: "a:b".into(),
                    name: "Zoë \"Z\"".into()
                },
            ])
        );
        assert_eq!(parse_mentions("[]", "f"), Ok(vec![]));
        for (text, message) in [
            (
                "{}",
                "f: the library returned unexpected JSON: not an array",
            ),
            (
                r#"[{"start":"0","end":4,"uid":"u","name":"n"}]"#,
                "f: the library returned unexpected JSON: mention \"start\" is not an integer",
            ),
            (
                r#"[{"start":0,"uid":"u","name":"n"}]"#,
                "f: the library returned unexpected JSON: mention \"end\" is not an integer",
            ),
            (
                r#"[{"start":0,"end":4,"uid":null,"name":"n"}]"#,
                "f: the library returned unexpected JSON: mention \"uid\" is not a string",
            ),
            (
                r#"[{"start":0,"end":4,"uid":"u"}]"#,
                "f: the library returned unexpected JSON: mention \"name\" is not a string",
            ),
            (
                r#"[{"start":-1,"end":4,"uid":"u","name":"n"}]"#,
                "f: the library returned offset -1",
            ),
        ] {
            assert_eq!(
                parse_mentions(text, "f").unwrap_err().message(),
                message,
                "{text}"
            );
        }
    }
}
