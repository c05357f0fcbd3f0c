//! Typed results: the library's JSON layouts read into structs.
//!
//! One type per layout of `docs/json-layouts.md` (the engine writes them all in
//! `Sources/ComposerCore/JSONLayouts/`); field names are the JSON keys (`type` and `ref`, Rust
//! keywords, are `r#type` and `r#ref`), so that page, the README's "UI state", "Outgoing
//! messages" and "The document JSON" sections and `docs/events.md` document them.
//!
//! Reading is forward compatible: a key this binding does not know (a newer library) is ignored,
//! and a name from a documented set (a message type, a tile state, ...) this binding does not know
//! is kept as the `Other` variant of its enum. A key that is missing or of the wrong type is an
//! [`ErrorKind::InvalidJson`](crate::ErrorKind::InvalidJson) error naming the C function, as every
//! other fault in what the library returns.
//!
//! Every `from_json` reads the JSON text that the `*_json` methods of [`Draft`](crate::Draft)
//! return.

use std::time::Duration;

use crate::error::Result;
use crate::format::ActiveFormats;
use crate::json::{self, Value};
use crate::offset;

/// An object being read: typed getters by key for one layout; keys nobody asks for are ignored.
pub(crate) struct Obj<'a> {
    value: &'a Value,
    function: &'a str,
    what: &'static str,
}

impl<'a> Obj<'a> {
    pub(crate) fn new(value: &'a Value, function: &'a str, what: &'static str) -> Result<Obj<'a>> {
        match value {
            Value::Object(_) => Ok(Obj {
                value,
                function,
                what,
            }),
            _ => Err(json::unexpected(
                function,
                format_args!("{what} is not an object"),
            )),
        }
    }

    fn fail(&self, key: &str, expected: &str) -> crate::Error {
        json::unexpected(
            self.function,
            format_args!("{} \"{key}\" is not {expected}", self.what),
        )
    }

    /// The member, `None` when absent or null.
    fn get(&self, key: &str) -> Option<&'a Value> {
        self.value.get(key).filter(|v| **v != Value::Null)
    }

    pub(crate) fn int(&self, key: &str) -> Result<i64> {
        match self.get(key) {
            Some(&Value::Int(n)) => Ok(n),
            _ => Err(self.fail(key, "an integer")),
        }
    }

    pub(crate) fn offset(&self, key: &str) -> Result<usize> {
        usize::try_from(self.int(key)?).map_err(|_| self.fail(key, "an offset or a count"))
    }

    pub(crate) fn opt_offset(&self, key: &str) -> Result<Option<usize>> {
        self.get(key).map(|_| self.offset(key)).transpose()
    }

    pub(crate) fn id(&self, key: &str) -> Result<u64> {
        u64::try_from(self.int(key)?).map_err(|_| self.fail(key, "an id"))
    }

    pub(crate) fn size(&self, key: &str) -> Result<u64> {
        u64::try_from(self.int(key)?).map_err(|_| self.fail(key, "a size"))
    }

    /// A count that fits in `u32` (pixels), `None` when absent or null.
    pub(crate) fn opt_u32(&self, key: &str) -> Result<Option<u32>> {
        self.get(key)
            .map(|_| u32::try_from(self.int(key)?).map_err(|_| self.fail(key, "a pixel count")))
            .transpose()
    }

    /// Seconds as a [`Duration`], `None` when absent or null.
    pub(crate) fn opt_seconds(&self, key: &str) -> Result<Option<Duration>> {
        self.opt_number(key)?
            .map(|s| {
                Duration::try_from_secs_f64(s).map_err(|_| self.fail(key, "a number of seconds"))
            })
            .transpose()
    }

    /// An object member as JSON text (the library's own writing of it), `None` when absent or
    /// null.
    pub(crate) fn opt_object_text(&self, key: &str) -> Result<Option<String>> {
        match self.get(key) {
            None => Ok(None),
            Some(v @ Value::Object(_)) => Ok(Some(json::write(v))),
            Some(_) => Err(self.fail(key, "an object or null")),
        }
    }

    pub(crate) fn opt_number(&self, key: &str) -> Result<Option<f64>> {
        match self.get(key) {
            None => Ok(None),
            Some(&Value::Float(f)) => Ok(Some(f)),
            Some(&Value::Int(n)) => Ok(Some(n as f64)),
            Some(_) => Err(self.fail(key, "a number or null")),
        }
    }

    pub(crate) fn bool(&self, key: &str) -> Result<bool> {
        match self.get(key) {
            Some(&Value::Bool(b)) => Ok(b),
            _ => Err(self.fail(key, "a boolean")),
        }
    }

    pub(crate) fn string(&self, key: &str) -> Result<String> {
        match self.get(key) {
            Some(Value::String(s)) => Ok(s.clone()),
            _ => Err(self.fail(key, "a string")),
        }
    }

    pub(crate) fn opt_string(&self, key: &str) -> Result<Option<String>> {
        match self.get(key) {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(_) => Err(self.fail(key, "a string or null")),
        }
    }

    pub(crate) fn array<T>(
        &self,
        key: &str,
        read: impl Fn(&Value, &str) -> Result<T>,
    ) -> Result<Vec<T>> {
        match self.get(key) {
            Some(Value::Array(items)) => items.iter().map(|v| read(v, self.function)).collect(),
            _ => Err(self.fail(key, "an array")),
        }
    }

    pub(crate) fn object<T>(
        &self,
        key: &str,
        read: impl Fn(&Value, &str) -> Result<T>,
    ) -> Result<T> {
        match self.value.get(key) {
            Some(v) => read(v, self.function),
            None => Err(self.fail(key, "an object")),
        }
    }

    pub(crate) fn opt_object<T>(
        &self,
        key: &str,
        read: impl Fn(&Value, &str) -> Result<T>,
    ) -> Result<Option<T>> {
        self.get(key).map(|v| read(v, self.function)).transpose()
    }
}

/// Reads a JSON array of one layout.
pub(crate) fn array_of<T>(
    value: &Value,
    function: &str,
    what: &str,
    read: impl Fn(&Value, &str) -> Result<T>,
) -> Result<Vec<T>> {
    match value {
        Value::Array(items) => items.iter().map(|v| read(v, function)).collect(),
        _ => Err(json::unexpected(
            function,
            format_args!("{what} is not an array"),
        )),
    }
}

/// Parses `text` and reads it with `read` (the layouts' `from_json`).
fn parse_with<T>(
    text: &str,
    function: &str,
    read: impl Fn(&Value, &str) -> Result<T>,
) -> Result<T> {
    read(&json::parse(text, function)?, function)
}

/// An enum of the names of a documented set, with `Other` for a name this binding does not know.
macro_rules! names {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident = $text:literal,)* }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vmeta])* $variant,)*
            /// A name this binding does not know (a newer library), as the library wrote it.
            Other(String),
        }

        impl $name {
            /// The value for a name as the library writes it.
            pub fn from_name(name: &str) -> $name {
                match name {
                    $($text => $name::$variant,)*
                    other => $name::Other(other.to_string()),
                }
            }

            /// The name as the library writes it.
            pub fn name(&self) -> &str {
                match self {
                    $($name::$variant => $text,)*
                    $name::Other(name) => name,
                }
            }
        }
    };
}

names! {
    /// `"type"` of an [`OutgoingMessage`].
    MessageType {
        /// A text message.
        Text = "text",
        /// Attachments of one kind, the draft's text as the caption of the first.
        Media = "media",
        /// A slash command.
        Command = "command",
        /// The new text of an edited message.
        Edit = "edit",
        /// A sticker ([`Draft::send_sticker`](crate::Draft::send_sticker)).
        Sticker = "sticker",
    }
}

names! {
    /// `"kind"` of a [`Tile`] or an [`OutgoingAttachment`], `"attachment_kind"` of a media
    /// message.
    AttachmentKind {
        /// `image/*`.
        Image = "image",
        /// `video/*`.
        Video = "video",
        /// `audio/*` (voice notes too).
        Audio = "audio",
        /// Anything else.
        File = "file",
    }
}

names! {
    /// `"state"` of a [`Tile`]: queued → uploading → uploaded, or failed (retryable), or error.
    TileState {
        /// Waiting for the host to start the upload.
        Queued = "queued",
        /// Uploading; `progress` says how far.
        Uploading = "uploading",
        /// Uploaded; `remote` is the remote reference.
        Uploaded = "uploaded",
        /// The upload failed and may be retried; `error` says why.
        Failed = "failed",
        /// Refused (too large, a type not allowed, rejected); `error` says why.
        Error = "error",
    }
}

names! {
    /// Why a draft cannot be sent: `"reason"` of [`SendBlocked`] and of the send-state event.
    SendBlockReason {
        /// Nothing to send.
        Empty = "empty",
        /// An upload is still running or queued.
        UploadsPending = "uploads_pending",
        /// An upload failed (retry or remove it).
        FailedUploads = "failed_uploads",
        /// A tile is in error (remove it).
        ErrorTiles = "error_tiles",
        /// More tiles than a lowered `max_files` allows (remove some).
        TooManyFiles = "too_many_files",
        /// Slow mode: the cooldown is running.
        Cooldown = "cooldown",
        /// Longer than `max_length`.
        TooLong = "too_long",
        /// More mentions than `mention_limit`.
        TooManyMentions = "too_many_mentions",
    }
}

// The document (README "The document JSON").

/// A span of the document JSON: `[start, end)` in scalars with one format. `url` is set for
/// `"link"`, `color` for `"color"`, `uid` and `name` for `"mention"`; `None` otherwise.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Span {
    /// The scalar offset where the span starts.
    pub start: usize,
    /// The scalar offset just past the span.
    pub end: usize,
    /// The format's name: `bold`, `italic`, `underline`, `strike`, `code`, `link`, `color`,
    /// `mention`, `code_block`, `quote`, `bullet_list`, `ordered_list`.
    pub format: String,
    /// The URL of a link.
    pub url: Option<String>,
    /// The colour (`#rrggbb`) of a colour span.
    pub color: Option<String>,
    /// The user id of a mention.
    pub uid: Option<String>,
    /// The display name of a mention.
    pub name: Option<String>,
}

impl Span {
    pub(crate) fn read(value: &Value, function: &str) -> Result<Span> {
        let o = Obj::new(value, function, "span")?;
        Ok(Span {
            start: o.offset("start")?,
            end: o.offset("end")?,
            format: o.string("format")?,
            url: o.opt_string("url")?,
            color: o.opt_string("color")?,
            uid: o.opt_string("uid")?,
            name: o.opt_string("name")?,
        })
    }

    /// Reads a JSON array of spans (what [`Draft::spans_json`](crate::Draft::spans_json) returns).
    pub fn list_from_json(text: &str) -> Result<Vec<Span>> {
        parse_with(text, "mc_draft_spans", |v, f| {
            array_of(v, f, "spans", Span::read)
        })
    }

    /// The format, as the [`Format`](crate::Format) one applies; `None` for `"mention"` and
    /// names this binding does not know.
    pub fn known_format(&self) -> Option<crate::Format> {
        crate::Format::from_name(&self.format)
    }

    fn write(&self, out: &mut String) {
        out.push_str(&format!(
            "{{\"start\":{},\"end\":{},\"format\":",
            self.start, self.end
        ));
        json::push_string(out, &self.format);
        for (key, value) in [
            ("url", &self.url),
            ("color", &self.color),
            ("uid", &self.uid),
            ("name", &self.name),
        ] {
            if let Some(value) = value {
                out.push_str(&format!(",\"{key}\":"));
                json::push_string(out, value);
            }
        }
        out.push('}');
    }
}

/// `{"text", "spans"}`: [`Draft::document`](crate::Draft::document),
/// [`parse_markdown`](crate::parse_markdown); [`to_json`](Document::to_json) gives the text
/// [`Draft::load_document`](crate::Draft::load_document) takes.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Document {
    /// The plain text.
    pub text: String,
    /// The spans, canonical when the library wrote them (sorted by start, end, format name).
    pub spans: Vec<Span>,
}

impl Document {
    pub(crate) fn read(value: &Value, function: &str) -> Result<Document> {
        let o = Obj::new(value, function, "document")?;
        Ok(Document {
            text: o.string("text")?,
            spans: o.array("spans", Span::read)?,
        })
    }

    /// Reads document JSON.
    pub fn from_json(text: &str) -> Result<Document> {
        parse_with(text, "mc_draft_document", Document::read)
    }

    /// The document as JSON text (value keys only where a span has them).
    pub fn to_json(&self) -> String {
        let mut out = String::from("{\"text\":");
        json::push_string(&mut out, &self.text);
        out.push_str(",\"spans\":[");
        for (i, span) in self.spans.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            span.write(&mut out);
        }
        out.push_str("]}");
        out
    }
}

// Queries, tiles (JSONLayouts/ComposerQuery+JSON.swift, AttachmentTray+JSON.swift).

/// `{"query", "start", "end"}`: an open `@` mention or `/` command query; `[start, end)` covers
/// the `@` or `/` and the typed text.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Query {
    /// The text typed after the `@` or `/`.
    pub query: String,
    /// The scalar offset of the `@` or `/`.
    pub start: usize,
    /// The scalar offset just past the query.
    pub end: usize,
}

impl Query {
    fn read(value: &Value, function: &str) -> Result<Query> {
        let o = Obj::new(value, function, "query")?;
        Ok(Query {
            query: o.string("query")?,
            start: o.offset("start")?,
            end: o.offset("end")?,
        })
    }
}

/// A tile of the attachment tray ([`Draft::attachments`](crate::Draft::attachments), the UI
/// state's `tray`, [`EventData::Tray`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Tile {
    /// The tile's stable id, for [`Draft::upload_event`](crate::Draft::upload_event).
    pub id: u64,
    /// Image, video, audio or file.
    pub kind: AttachmentKind,
    /// The display name as staged.
    pub name: String,
    /// The effective MIME type.
    pub mime: String,
    /// The size in bytes.
    pub size: u64,
    /// Where its upload is.
    pub state: TileState,
    /// 0.0 queued, 0..1 uploading, 1.0 uploaded, `None` failed or error.
    pub progress: Option<f64>,
    /// The message of a failed or error tile.
    pub error: Option<String>,
    /// True for failed tiles only.
    pub retryable: bool,
    /// The remote reference of an uploaded tile.
    pub remote: Option<String>,
}

impl Tile {
    pub(crate) fn read(value: &Value, function: &str) -> Result<Tile> {
        let o = Obj::new(value, function, "tile")?;
        Ok(Tile {
            id: o.id("id")?,
            kind: AttachmentKind::from_name(&o.string("kind")?),
            name: o.string("name")?,
            mime: o.string("mime")?,
            size: o.size("size")?,
            state: TileState::from_name(&o.string("state")?),
            progress: o.opt_number("progress")?,
            error: o.opt_string("error")?,
            retryable: o.bool("retryable")?,
            remote: o.opt_string("remote")?,
        })
    }

    /// Reads a JSON array of tiles (what [`Draft::attachments_json`](crate::Draft::attachments_json)
    /// returns).
    pub fn list_from_json(text: &str) -> Result<Vec<Tile>> {
        parse_with(text, "mc_draft_attachments", |v, f| {
            array_of(v, f, "tiles", Tile::read)
        })
    }
}

// Outgoing messages (README "Outgoing messages"; JSONLayouts/OutgoingMessage+JSON.swift).

/// `{"uid", "name"}`: a user an outgoing message mentions.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MessageMention {
    /// The user id.
    pub uid: String,
    /// The display name.
    pub name: String,
}

/// An attachment of a media message.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct OutgoingAttachment {
    /// The tile's id.
    pub id: u64,
    /// The display name.
    pub name: String,
    /// The MIME type.
    pub mime: String,
    /// The size in bytes.
    pub size: u64,
    /// Image, video, audio or file.
    pub kind: AttachmentKind,
    /// The remote reference the upload completed with (`None` for a file a legacy pick sends
    /// before its upload).
    pub remote: Option<String>,
    /// The host's reference given when the file was staged (`""` for none).
    pub r#ref: String,
    /// The width in pixels given with the pick.
    pub width: Option<u32>,
    /// The height in pixels given with the pick.
    pub height: Option<u32>,
    /// The play time given with the pick.
    pub duration: Option<Duration>,
    /// The host's own JSON object given with the pick, as JSON text.
    pub extra: Option<String>,
}

/// `{"id", "url", "pack"}`: the sticker of a sticker message.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Sticker {
    /// The sticker's id.
    pub id: String,
    /// Its URL, normalized (a bare host became https).
    pub url: String,
    /// Its pack, when given.
    pub pack: Option<String>,
}

/// A message [`Draft::send`](crate::Draft::send), [`Draft::voice_note`](crate::Draft::voice_note),
/// [`Draft::send_sticker`](crate::Draft::send_sticker) or a legacy
/// [`Draft::stage_files`](crate::Draft::stage_files) returns. Absent values are `None`, lists
/// empty.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct OutgoingMessage {
    /// Text, media, command, edit or sticker.
    pub r#type: MessageType,
    /// Wire markdown; the caption of a media message.
    pub text: String,
    /// The users the text mentions.
    pub mentions: Vec<MessageMention>,
    /// The kind of every attachment of a media message.
    pub attachment_kind: Option<AttachmentKind>,
    /// The attachments of a media message.
    pub attachments: Vec<OutgoingAttachment>,
    /// The command's name (without `/`).
    pub command: Option<String>,
    /// The command's arguments (`None` when set without).
    pub args: Option<String>,
    /// The message a reply quotes.
    pub quoted_id: Option<String>,
    /// The message an edit replaces.
    pub edited_id: Option<String>,
    /// The thread's parent message.
    pub parent_id: Option<String>,
    /// The sticker of a sticker message.
    pub sticker: Option<Sticker>,
    /// A thread reply that also goes to the channel.
    pub also_send_to_channel: bool,
}

impl OutgoingMessage {
    pub(crate) fn read(value: &Value, function: &str) -> Result<OutgoingMessage> {
        let o = Obj::new(value, function, "message")?;
        Ok(OutgoingMessage {
            r#type: MessageType::from_name(&o.string("type")?),
            text: o.string("text")?,
            mentions: o.array("mentions", |v, f| {
                let m = Obj::new(v, f, "mention")?;
                Ok(MessageMention {
                    uid: m.string("uid")?,
                    name: m.string("name")?,
                })
            })?,
            attachment_kind: o
                .opt_string("attachment_kind")?
                .map(|k| AttachmentKind::from_name(&k)),
            attachments: o.array("attachments", |v, f| {
                let a = Obj::new(v, f, "attachment")?;
                Ok(OutgoingAttachment {
                    id: a.id("id")?,
                    name: a.string("name")?,
                    mime: a.string("mime")?,
                    size: a.size("size")?,
                    kind: AttachmentKind::from_name(&a.string("kind")?),
                    remote: a.opt_string("remote")?,
                    r#ref: a.string("ref")?,
                    width: a.opt_u32("width")?,
                    height: a.opt_u32("height")?,
                    duration: a.opt_seconds("duration")?,
                    extra: a.opt_object_text("extra")?,
                })
            })?,
            command: o.opt_string("command")?,
            args: o.opt_string("args")?,
            quoted_id: o.opt_string("quoted_id")?,
            edited_id: o.opt_string("edited_id")?,
            parent_id: o.opt_string("parent_id")?,
            sticker: o.opt_object("sticker", |v, f| {
                let s = Obj::new(v, f, "sticker")?;
                Ok(Sticker {
                    id: s.string("id")?,
                    url: s.string("url")?,
                    pack: s.opt_string("pack")?,
                })
            })?,
            also_send_to_channel: o.bool("also_send_to_channel")?,
        })
    }

    /// Reads one message (what [`Draft::voice_note_json`](crate::Draft::voice_note_json) and
    /// [`Draft::send_sticker_json`](crate::Draft::send_sticker_json) return).
    pub fn from_json(text: &str) -> Result<OutgoingMessage> {
        OutgoingMessage::from_json_of(text, "mc_draft_voice_note")
    }

    /// [`from_json`](OutgoingMessage::from_json), naming `function` in its errors.
    pub(crate) fn from_json_of(text: &str, function: &str) -> Result<OutgoingMessage> {
        parse_with(text, function, OutgoingMessage::read)
    }

    /// Reads a JSON array of messages (what [`Draft::send_json`](crate::Draft::send_json) returns).
    pub fn list_from_json(text: &str) -> Result<Vec<OutgoingMessage>> {
        parse_with(text, "mc_draft_send", |v, f| {
            array_of(v, f, "messages", OutgoingMessage::read)
        })
    }
}

// The UI state (README "UI state"; JSONLayouts/UIState+JSON.swift).

/// `{"reason", "message"}`: why the draft cannot be sent, and the text to show.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SendBlocked {
    /// The reason.
    pub reason: SendBlockReason,
    /// The text to show.
    pub message: String,
}

/// `{"sender", "snippet"}`: who wrote the message being replied to, and its plain text cut to
/// 100 grapheme clusters.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ReplyPreview {
    /// The sender as the host named them.
    pub sender: String,
    /// The message's plain text, cut.
    pub snippet: String,
}

/// The mode: `{"kind": "new"}`, `{"kind": "edit", "message_id", "media"}` or
/// `{"kind": "reply", "message_id", "preview"}`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Mode {
    /// A new message.
    New,
    /// Editing `message_id` (`media`: only its caption).
    Edit {
        /// The message being edited.
        message_id: String,
        /// Whether it is a media message.
        media: bool,
    },
    /// Replying to `message_id`.
    Reply {
        /// The message replied to.
        message_id: String,
        /// What the reply bar shows.
        preview: ReplyPreview,
    },
    /// A kind this binding does not know (a newer library).
    Other {
        /// The `"kind"` as the library wrote it.
        kind: String,
    },
}

impl Mode {
    fn read(value: &Value, function: &str) -> Result<Mode> {
        let o = Obj::new(value, function, "mode")?;
        Ok(match o.string("kind")?.as_str() {
            "new" => Mode::New,
            "edit" => Mode::Edit {
                message_id: o.string("message_id")?,
                media: o.bool("media")?,
            },
            "reply" => Mode::Reply {
                message_id: o.string("message_id")?,
                preview: o.object("preview", |v, f| {
                    let p = Obj::new(v, f, "preview")?;
                    Ok(ReplyPreview {
                        sender: p.string("sender")?,
                        snippet: p.string("snippet")?,
                    })
                })?,
            },
            other => Mode::Other {
                kind: other.to_string(),
            },
        })
    }
}

/// `{"name", "args"}`: the slash command the draft will send.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Command {
    /// The name, without `/`.
    pub name: String,
    /// The arguments (`None` when set without and nothing was typed after).
    pub args: Option<String>,
}

/// Everything a UI draws ([`Draft::ui_state`](crate::Draft::ui_state)).
#[derive(Debug, Clone, PartialEq)]
pub struct UiState {
    /// Whether [`Draft::send`](crate::Draft::send) would succeed now.
    pub can_send: bool,
    /// Why not, when it would not.
    pub send_blocked: Option<SendBlocked>,
    /// New, edit or reply.
    pub mode: Mode,
    /// The thread's parent message.
    pub thread_parent_id: Option<String>,
    /// Whether the next thread reply also goes to the channel.
    pub also_send_to_channel: bool,
    /// `(anchor, focus)`.
    pub selection: (usize, usize),
    /// The toolbar state.
    pub active_formats: ActiveFormats,
    /// The attachment tray.
    pub tray: Vec<Tile>,
    /// Whether the attach button is shown.
    pub attachments_available: bool,
    /// Whether the mic (voice note) button is shown.
    pub mic_available: bool,
    /// Whether the sticker button is shown.
    pub sticker_available: bool,
    /// The info banner.
    pub info_banner: Option<String>,
    /// The open `@` query.
    pub mention_query: Option<Query>,
    /// The open `/` query.
    pub command_query: Option<Query>,
    /// The slash command set.
    pub command: Option<Command>,
    /// Slow mode: milliseconds until the next send.
    pub cooldown_remaining_ms: i64,
    /// The text's length in scalars.
    pub length: usize,
    /// The configured limit.
    pub max_length: Option<usize>,
    /// Whether the user counts as typing.
    pub typing: bool,
    /// Whether undo would do something.
    pub can_undo: bool,
    /// Whether redo would do something.
    pub can_redo: bool,
}

impl UiState {
    fn read(value: &Value, function: &str) -> Result<UiState> {
        let o = Obj::new(value, function, "UI state")?;
        let selection = o.array("selection", |v, f| match v {
            &Value::Int(n) => offset::from_c(n, f),
            _ => Err(json::unexpected(f, "a selection end is not an integer")),
        })?;
        let &[anchor, focus] = selection.as_slice() else {
            return Err(json::unexpected(
                function,
                "\"selection\" is not [anchor, focus]",
            ));
        };
        Ok(UiState {
            can_send: o.bool("can_send")?,
            send_blocked: o.opt_object("send_blocked", |v, f| {
                let b = Obj::new(v, f, "send_blocked")?;
                Ok(SendBlocked {
                    reason: SendBlockReason::from_name(&b.string("reason")?),
                    message: b.string("message")?,
                })
            })?,
            mode: o.object("mode", Mode::read)?,
            thread_parent_id: o.opt_string("thread_parent_id")?,
            also_send_to_channel: o.bool("also_send_to_channel")?,
            selection: (anchor, focus),
            active_formats: o.object("active_formats", ActiveFormats::read)?,
            tray: o.array("tray", Tile::read)?,
            attachments_available: o.bool("attachments_available")?,
            mic_available: o.bool("mic_available")?,
            sticker_available: o.bool("sticker_available")?,
            info_banner: o.opt_string("info_banner")?,
            mention_query: o.opt_object("mention_query", Query::read)?,
            command_query: o.opt_object("command_query", Query::read)?,
            command: o.opt_object("command", |v, f| {
                let c = Obj::new(v, f, "command")?;
                Ok(Command {
                    name: c.string("name")?,
                    args: c.opt_string("args")?,
                })
            })?,
            cooldown_remaining_ms: o.int("cooldown_remaining_ms")?,
            length: o.offset("length")?,
            max_length: o.opt_offset("max_length")?,
            typing: o.bool("typing")?,
            can_undo: o.bool("can_undo")?,
            can_redo: o.bool("can_redo")?,
        })
    }

    /// Reads the UI state JSON (what [`Draft::ui_state_json`](crate::Draft::ui_state_json)
    /// returns).
    pub fn from_json(text: &str) -> Result<UiState> {
        parse_with(text, "mc_draft_ui_state", UiState::read)
    }
}

// The configuration (README "Configuration").

/// The effective configuration ([`Draft::config`](crate::Draft::config)), every option filled in.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Config {
    /// Formats on; off: plain text, every markdown character escaped.
    pub rich_text: bool,
    /// Mentions allowed.
    pub mentions: bool,
    /// Mentions per message.
    pub mention_limit: usize,
    /// The length limit in scalars; `None`: no limit.
    pub max_length: Option<usize>,
    /// Whitespace trimmed on send.
    pub trim: bool,
    /// Typing notices on.
    pub typing_events: bool,
    /// Several attachments per message.
    pub multiple_attachments: bool,
    /// Files per message.
    pub max_files: usize,
    /// Bytes per file.
    pub max_file_size: u64,
    /// MIME types or `type/*` patterns; `None`: every type.
    pub allowed_types: Option<Vec<String>>,
    /// Undo steps kept.
    pub undo_depth: usize,
    /// Slow mode's cooldown in seconds (0: off).
    pub slow_mode_seconds: u64,
    /// Slash commands on.
    pub commands: bool,
    /// The sticker button on.
    pub stickers: bool,
}

impl Config {
    fn read(value: &Value, function: &str) -> Result<Config> {
        let o = Obj::new(value, function, "config")?;
        let allowed_types = read_allowed_types(value, &o)?;
        Ok(Config {
            rich_text: o.bool("rich_text")?,
            mentions: o.bool("mentions")?,
            mention_limit: o.offset("mention_limit")?,
            max_length: o.opt_offset("max_length")?,
            trim: o.bool("trim")?,
            typing_events: o.bool("typing_events")?,
            multiple_attachments: o.bool("multiple_attachments")?,
            max_files: o.offset("max_files")?,
            max_file_size: o.size("max_file_size")?,
            allowed_types,
            undo_depth: o.offset("undo_depth")?,
            slow_mode_seconds: o.size("slow_mode_seconds")?,
            commands: o.bool("commands")?,
            stickers: o.bool("stickers")?,
        })
    }

    /// Reads the configuration JSON (what [`Draft::config_json`](crate::Draft::config_json)
    /// returns).
    pub fn from_json(text: &str) -> Result<Config> {
        parse_with(text, "mc_draft_config", Config::read)
    }
}

fn read_allowed_types(value: &Value, o: &Obj) -> Result<Option<Vec<String>>> {
    Ok(match value.get("allowed_types") {
        None | Some(Value::Null) => None,
        Some(_) => Some(o.array("allowed_types", |v, f| match v {
            Value::String(s) => Ok(s.clone()),
            _ => Err(json::unexpected(f, "an allowed type is not a string")),
        })?),
    })
}

/// The options a configuration update ([`Draft::update_config`](crate::Draft::update_config))
/// changed, each with its new value; `None` for an option that did not change. `max_length` and
/// `allowed_types` can change to `null` (no limit, every type): `Some(None)`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct ConfigChange {
    /// The changed options' names, in the configuration's order (a newer library's too).
    pub changed: Vec<String>,
    /// See [`Config::rich_text`].
    pub rich_text: Option<bool>,
    /// See [`Config::mentions`].
    pub mentions: Option<bool>,
    /// See [`Config::mention_limit`].
    pub mention_limit: Option<usize>,
    /// See [`Config::max_length`].
    pub max_length: Option<Option<usize>>,
    /// See [`Config::trim`].
    pub trim: Option<bool>,
    /// See [`Config::typing_events`].
    pub typing_events: Option<bool>,
    /// See [`Config::multiple_attachments`].
    pub multiple_attachments: Option<bool>,
    /// See [`Config::max_files`].
    pub max_files: Option<usize>,
    /// See [`Config::max_file_size`].
    pub max_file_size: Option<u64>,
    /// See [`Config::allowed_types`].
    pub allowed_types: Option<Option<Vec<String>>>,
    /// See [`Config::undo_depth`].
    pub undo_depth: Option<usize>,
    /// See [`Config::slow_mode_seconds`].
    pub slow_mode_seconds: Option<u64>,
    /// See [`Config::commands`].
    pub commands: Option<bool>,
    /// See [`Config::stickers`].
    pub stickers: Option<bool>,
}

impl ConfigChange {
    fn read(value: &Value, function: &str) -> Result<ConfigChange> {
        let o = Obj::new(value, function, "config event")?;
        let changed = match value {
            Value::Object(members) => members.iter().map(|(k, _)| k.clone()).collect(),
            _ => Vec::new(),
        };
        let has = |key: &str| value.get(key).is_some();
        let bool_of = |key: &str| has(key).then(|| o.bool(key)).transpose();
        let count_of = |key: &str| has(key).then(|| o.offset(key)).transpose();
        let size_of = |key: &str| has(key).then(|| o.size(key)).transpose();
        Ok(ConfigChange {
            changed,
            rich_text: bool_of("rich_text")?,
            mentions: bool_of("mentions")?,
            mention_limit: count_of("mention_limit")?,
            max_length: has("max_length")
                .then(|| o.opt_offset("max_length"))
                .transpose()?,
            trim: bool_of("trim")?,
            typing_events: bool_of("typing_events")?,
            multiple_attachments: bool_of("multiple_attachments")?,
            max_files: count_of("max_files")?,
            max_file_size: size_of("max_file_size")?,
            allowed_types: has("allowed_types")
                .then(|| read_allowed_types(value, &o))
                .transpose()?,
            undo_depth: count_of("undo_depth")?,
            slow_mode_seconds: size_of("slow_mode_seconds")?,
            commands: bool_of("commands")?,
            stickers: bool_of("stickers")?,
        })
    }
}

// Events (docs/events.md).

/// The payload of an [`Event`](crate::Event), typed: one variant per [`EventKind`](crate::EventKind).
#[derive(Debug, Clone, PartialEq)]
pub enum EventData {
    /// Old `[start, end)` became `text`; `length` is the new total.
    Text {
        /// Where the replaced range started.
        start: usize,
        /// Where it ended (old offsets).
        end: usize,
        /// The new text.
        text: String,
        /// The text's new length.
        length: usize,
    },
    /// The formatting of `[start, end)` (new offsets) changed: read
    /// [`Draft::spans`](crate::Draft::spans) again.
    Formatting {
        /// Start of the range.
        start: usize,
        /// End of the range.
        end: usize,
    },
    /// The selection changed.
    Selection {
        /// Where it started.
        anchor: usize,
        /// Where the caret is.
        focus: usize,
    },
    /// The active formats changed.
    Formats(ActiveFormats),
    /// Sendability or its reason changed.
    SendState {
        /// Whether the draft can be sent.
        can_send: bool,
        /// Why not.
        reason: Option<SendBlockReason>,
    },
    /// The tray changed: every tile.
    Tray(Vec<Tile>),
    /// The `@` query changed (`None`: it ended).
    MentionQuery(Option<Query>),
    /// The `/` query changed (`None`: it ended).
    CommandQuery(Option<Query>),
    /// A typing notice for the host to send: started (`true`) or stopped.
    Typing(bool),
    /// The mode or the command changed: the new mode.
    Mode(Mode),
    /// The info banner changed (`None`: dismissed).
    Banner(Option<String>),
    /// A call on the draft was refused.
    Error {
        /// The C function.
        function: String,
        /// Its status code.
        status: i32,
        /// The library's message.
        message: String,
    },
    /// The host should stop uploading attachment `id`.
    CancelUpload {
        /// The tile's id.
        id: u64,
    },
    /// A configuration update changed options.
    Config(ConfigChange),
    /// The thread parent or "also send to channel" changed: both, as they are now.
    Thread {
        /// The thread's parent message.
        parent_id: Option<String>,
        /// Whether the next thread reply also goes to the channel.
        also_send_to_channel: bool,
    },
    /// A kind this binding does not know: read [`Event::payload`](crate::Event::payload).
    Unknown,
}

impl EventData {
    /// Reads the payload JSON of an event of `kind`.
    pub fn from_json(kind: crate::EventKind, payload: &str) -> Result<EventData> {
        use crate::EventKind as K;
        const WHERE: &str = "listener payload";
        let value = json::parse(payload, WHERE)?;
        let object = |what| Obj::new(&value, WHERE, what);
        let query = |v: &Value| match v {
            Value::Null => Ok(None),
            v => Query::read(v, WHERE).map(Some),
        };
        Ok(match kind {
            K::Text => {
                let o = object("text event")?;
                EventData::Text {
                    start: o.offset("start")?,
                    end: o.offset("end")?,
                    text: o.string("text")?,
                    length: o.offset("length")?,
                }
            }
            K::Formatting => {
                let o = object("formatting event")?;
                EventData::Formatting {
                    start: o.offset("start")?,
                    end: o.offset("end")?,
                }
            }
            K::Selection => match &value {
                Value::Array(ends) => match ends.as_slice() {
                    &[Value::Int(anchor), Value::Int(focus)] => EventData::Selection {
                        anchor: offset::from_c(anchor, WHERE)?,
                        focus: offset::from_c(focus, WHERE)?,
                    },
                    _ => return Err(json::unexpected(WHERE, "selection is not [anchor, focus]")),
                },
                _ => return Err(json::unexpected(WHERE, "selection is not [anchor, focus]")),
            },
            K::Formats => EventData::Formats(ActiveFormats::read(&value, WHERE)?),
            K::SendState => {
                let o = object("send state event")?;
                EventData::SendState {
                    can_send: o.bool("can_send")?,
                    reason: o
                        .opt_string("reason")?
                        .map(|r| SendBlockReason::from_name(&r)),
                }
            }
            K::Tray => EventData::Tray(array_of(&value, WHERE, "tray", Tile::read)?),
            K::MentionQuery => EventData::MentionQuery(query(&value)?),
            K::CommandQuery => EventData::CommandQuery(query(&value)?),
            K::Typing => EventData::Typing(object("typing event")?.bool("typing")?),
            K::Mode => EventData::Mode(Mode::read(&value, WHERE)?),
            K::Banner => EventData::Banner(match &value {
                Value::Null => None,
                Value::String(s) => Some(s.clone()),
                _ => return Err(json::unexpected(WHERE, "banner is not a string or null")),
            }),
            K::Error => {
                let o = object("error event")?;
                EventData::Error {
                    function: o.string("function")?,
                    status: i32::try_from(o.int("status")?)
                        .map_err(|_| json::unexpected(WHERE, "status is not an mc_status"))?,
                    message: o.string("message")?,
                }
            }
            K::CancelUpload => EventData::CancelUpload {
                id: object("cancel upload event")?.id("id")?,
            },
            K::Config => EventData::Config(ConfigChange::read(&value, WHERE)?),
            K::Thread => {
                let o = object("thread event")?;
                EventData::Thread {
                    parent_id: o.opt_string("parent_id")?,
                    also_send_to_channel: o.bool("also_send_to_channel")?,
                }
            }
            K::Unknown(_) => EventData::Unknown,
        })
    }
}
