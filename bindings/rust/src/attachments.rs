//! Attachments: staging picked files into the tray, driving their uploads, removing them, and
//! voice notes, which never stage.

use std::ffi::CString;
use std::time::Duration;

use crate::draft::Draft;
use crate::error::{check, Error, Result};
use crate::json::{self, Value};
use crate::layouts::{array_of, OutgoingMessage, Tile};
use crate::markdown::ptr_of;
use crate::strings::{c_string, refuse_nul, take_string};
use crate::sys;

/// A file the user picked or pasted, for [`Draft::stage_files`].
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct PickedFile {
    /// The display name (`"cat.png"`); its extension decides the kind when `mime` does not.
    pub name: String,
    /// The MIME type (`"image/png"`), or `""` when unknown.
    pub mime: String,
    /// The size in bytes.
    pub size: u64,
    /// An opaque host reference (a path, a URI), handed back as `"ref"` in the sent message;
    /// `""` for none.
    pub reference: String,
    /// The width in pixels (1 to 1,000,000), handed back on the sent message's attachment like
    /// the rest of the media metadata below.
    pub width: Option<u32>,
    /// The height in pixels (1 to 1,000,000).
    pub height: Option<u32>,
    /// The play time (sent as seconds).
    pub duration: Option<Duration>,
    /// A JSON object of the host's own (a thumbnail, a blurhash), as JSON text.
    pub extra: Option<String>,
}

impl PickedFile {
    /// A picked file without a host reference or media metadata.
    pub fn new(name: impl Into<String>, mime: impl Into<String>, size: u64) -> PickedFile {
        PickedFile {
            name: name.into(),
            mime: mime.into(),
            size,
            ..PickedFile::default()
        }
    }

    /// This file with its pixel size.
    pub fn with_dimensions(mut self, width: u32, height: u32) -> PickedFile {
        self.width = Some(width);
        self.height = Some(height);
        self
    }

    /// This file with its play time.
    pub fn with_duration(mut self, duration: Duration) -> PickedFile {
        self.duration = Some(duration);
        self
    }

    /// This file with a JSON object of the host's own (`extra_json` must be one value, which
    /// [`Draft::stage_files`] checks, and an object nesting at most 64 levels, which the library
    /// checks).
    pub fn with_extra(mut self, extra_json: impl Into<String>) -> PickedFile {
        self.extra = Some(extra_json.into());
        self
    }
}

/// What [`Draft::stage_files`] did with a pick.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct StageResult {
    /// The ids of the new tiles, in pick order (error tiles included).
    pub staged: Vec<u64>,
    /// How many picks were dropped for the files-per-message limit (the last ones).
    pub dropped: usize,
    /// The info banner raised, `"You can attach up to N files."`, when picks were dropped.
    pub notice: Option<String>,
    /// With `multiple_attachments` off the pick goes out at once, no tray: its message, shaped
    /// as [`Draft::send`]'s (the file not uploaded yet: `remote` is `None`, the host uploads its
    /// `ref`). Empty otherwise.
    pub messages: Vec<OutgoingMessage>,
}

impl StageResult {
    /// Reads `{"staged": [ids], "dropped": n, "notice": str or null, "messages": [...]}`.
    fn parse(text: &str, function: &str) -> Result<StageResult> {
        let value = json::parse(text, function)?;
        let staged = match value.get("staged") {
            Some(Value::Array(ids)) => ids
                .iter()
                .map(|id| match id {
                    &Value::Int(n) => u64::try_from(n).ok(),
                    _ => None,
                })
                .collect::<Option<Vec<u64>>>()
                .ok_or_else(|| json::unexpected(function, "\"staged\" holds a non-id"))?,
            _ => return Err(json::unexpected(function, "\"staged\" is not an array")),
        };
        let dropped = match value.get("dropped") {
            Some(&Value::Int(n)) => usize::try_from(n).ok(),
            _ => None,
        }
        .ok_or_else(|| json::unexpected(function, "\"dropped\" is not a count"))?;
        let notice = match value.get("notice") {
            Some(Value::Null) => None,
            Some(Value::String(s)) => Some(s.clone()),
            _ => {
                return Err(json::unexpected(
                    function,
                    "\"notice\" is not a string or null",
                ))
            }
        };
        let messages = match value.get("messages") {
            Some(messages) => array_of(messages, function, "\"messages\"", OutgoingMessage::read)?,
            None => return Err(json::unexpected(function, "\"messages\" is not an array")),
        };
        Ok(StageResult {
            staged,
            dropped,
            notice,
            messages,
        })
    }
}

/// An upload event the host reports for a tile, with [`Draft::upload_event`].
///
/// The state machine: queued → uploading (progress 0..1, never backwards) → uploaded; uploading →
/// failed (retryable) → retry → queued; any state → error (not retryable). Anything else is
/// refused and changes nothing.
#[derive(Debug, Clone, PartialEq)]
pub enum UploadEvent {
    /// queued → uploading at 0.
    Start,
    /// queued or uploading → uploading at this progress, in `[0, 1]` and never backwards (a
    /// progress report on a queued tile starts it).
    Progress(f64),
    /// uploading → uploaded, with the remote reference (non-empty).
    Complete(String),
    /// uploading → failed (retryable), with the message to show (non-empty).
    Fail(String),
    /// failed → queued.
    Retry,
    /// any → error (not retryable), with the message to show; `None` for the server refusing the
    /// type: `"This file type isn't allowed."`.
    Reject(Option<String>),
}

impl UploadEvent {
    /// The `MC_UPLOAD_*` value.
    pub fn raw(&self) -> sys::mc_upload_event {
        match self {
            UploadEvent::Start => sys::MC_UPLOAD_START,
            UploadEvent::Progress(_) => sys::MC_UPLOAD_PROGRESS,
            UploadEvent::Complete(_) => sys::MC_UPLOAD_COMPLETE,
            UploadEvent::Fail(_) => sys::MC_UPLOAD_FAIL,
            UploadEvent::Retry => sys::MC_UPLOAD_RETRY,
            UploadEvent::Reject(_) => sys::MC_UPLOAD_REJECT,
        }
    }

    /// The `progress` and `value` arguments of `mc_draft_upload_event`.
    fn arguments(&self) -> (f64, Option<&str>) {
        match self {
            UploadEvent::Start | UploadEvent::Retry | UploadEvent::Reject(None) => (0.0, None),
            &UploadEvent::Progress(p) => (p, None),
            UploadEvent::Complete(s) | UploadEvent::Fail(s) | UploadEvent::Reject(Some(s)) => {
                (0.0, Some(s))
            }
        }
    }
}

/// The `files_json` argument: `[{"name", "mime", "size", "ref", "width", "height", "duration",
/// "extra"}, ...]` (the metadata only when present), every string escaped.
///
/// U+0000 in a string is refused here, with `MC_ERR_INVALID_UTF8` like every other string
/// argument of this crate, and so is an `extra` that is not one JSON value
/// (`MC_ERR_INVALID_JSON`), and a size past `i64::MAX` (`MC_ERR_INVALID_ARGUMENT`); the library
/// judges everything else.
fn files_json(files: &[PickedFile], function: &str) -> Result<CString> {
    let mut out = String::from("[");
    for (i, file) in files.iter().enumerate() {
        for s in [&file.name, &file.mime, &file.reference] {
            refuse_nul(s, function)?;
        }
        if let Some(extra) = &file.extra {
            refuse_nul(extra, function)?;
        }
        if i > 0 {
            out.push(',');
        }
        out.push_str("{\"name\":");
        json::push_string(&mut out, &file.name);
        out.push_str(",\"mime\":");
        json::push_string(&mut out, &file.mime);
        // The library reads sizes as int64_t: a larger u64 is refused here, named.
        let size = i64::try_from(file.size).map_err(|_| {
            Error::new(
                sys::MC_ERR_INVALID_ARGUMENT,
                format!(
                    "{function}: files[{i}].size {} does not fit in int64_t",
                    file.size
                ),
            )
        })?;
        out.push_str(",\"size\":");
        out.push_str(&size.to_string());
        out.push_str(",\"ref\":");
        json::push_string(&mut out, &file.reference);
        if let Some(width) = file.width {
            out.push_str(&format!(",\"width\":{width}"));
        }
        if let Some(height) = file.height {
            out.push_str(&format!(",\"height\":{height}"));
        }
        if let Some(duration) = file.duration {
            // f64's Display writes plain decimals, which JSON reads.
            out.push_str(&format!(",\"duration\":{}", duration.as_secs_f64()));
        }
        if let Some(extra) = &file.extra {
            // Parsed and written again, never pasted: text like `{}},{"name":"x.exe",...` must
            // not add a file. The library refuses a value that is not an object.
            let value = json::parse_argument(extra, &format!("files[{i}].extra"), function)?;
            out.push_str(",\"extra\":");
            out.push_str(&json::write(&value));
        }
        out.push('}');
    }
    out.push(']');
    // Control characters are written as escapes, so the JSON text holds no NUL.
    c_string(&out, function)
}

impl Draft {
    /// Stages picked or pasted files into the tray.
    ///
    /// Each file becomes a tile whose kind comes from its MIME type (`image/*`, `video/*`,
    /// `audio/*`, else file; the extension when the type says nothing) and which waits, queued,
    /// for the host to upload it ([`upload_event`](Draft::upload_event)). Picks beyond the
    /// files-per-message limit (`max_files`) are dropped and raise the info banner
    /// `"You can attach up to N files."`; a file over `max_file_size` stages as the
    /// non-retryable error tile `"File exceeds 100 MB."` (the limit in MB, KB under 1 MB, bytes
    /// under 1 KB), a type outside `allowed_types` as
    /// `"This file type isn't allowed."`. A file's media metadata (`width`, `height`,
    /// `duration`, `extra`) goes out on the sent message's attachment.
    ///
    /// With `multiple_attachments` off (legacy) there is no tray: the pick's first file goes out
    /// at once as its own message ([`StageResult::messages`]), respecting and starting slow
    /// mode; further files are dropped (`"You can attach up to 1 file."`).
    ///
    /// # Errors
    /// `NotAllowed` (editing, a command is set; legacy: files left in the tray, slow mode, a
    /// refused type), `InvalidArgument` (a size the library cannot take, bad metadata),
    /// `InvalidUtf8` (a string holds U+0000), `LimitExceeded` (tile ids exhausted; legacy: the
    /// file is too large). On error nothing is staged or sent.
    pub fn stage_files(&mut self, files: &[PickedFile]) -> Result<StageResult> {
        const FUNCTION: &str = "mc_draft_stage_files";
        let files = files_json(files, FUNCTION)?;
        // SAFETY: the handle is live; `files` is NUL-terminated and alive for the call; `out` is
        // the out-parameter take_string provides.
        let result = take_string(FUNCTION, |out| unsafe {
            sys::mc_draft_stage_files(self.as_raw(), files.as_ptr(), out)
        })?;
        StageResult::parse(&result, FUNCTION)
    }

    /// Reports an upload event for tile `id`.
    ///
    /// # Errors
    /// `NotAllowed` (an illegal transition: completing a tile that never started, progress going
    /// backwards, ...), `InvalidArgument` (an unknown id, an empty reference or message, a NaN
    /// progress), `OutOfRange` (a progress outside `[0, 1]`), `InvalidUtf8` (a string holds
    /// U+0000). On error the tray is unchanged.
    pub fn upload_event(&mut self, id: u64, event: UploadEvent) -> Result<()> {
        const FUNCTION: &str = "mc_draft_upload_event";
        let (progress, value) = event.arguments();
        let value = value.map(|v| c_string(v, FUNCTION)).transpose()?;
        // SAFETY: the handle is live; the value pointer is NULL or a NUL-terminated string alive
        // for the call.
        check(unsafe {
            sys::mc_draft_upload_event(self.as_raw(), id, event.raw(), progress, ptr_of(&value))
        })
    }

    /// Removes tile `id`, in any state; if it was uploading, the listener hears
    /// [`EventKind::CancelUpload`](crate::EventKind::CancelUpload) so the host stops the upload.
    ///
    /// # Errors
    /// `InvalidArgument` for an id the tray never gave out; `NotAllowed` for one it retired (the
    /// tile was removed or sent).
    pub fn remove_attachment(&mut self, id: u64) -> Result<()> {
        // SAFETY: the handle is live.
        check(unsafe { sys::mc_draft_remove_attachment(self.as_raw(), id) })
    }

    /// The tray's tiles, in tray order.
    ///
    /// # Errors
    /// `InvalidJson` only when the library's JSON lacks a documented key.
    pub fn attachments(&self) -> Result<Vec<Tile>> {
        Tile::list_from_json(&self.attachments_json()?)
    }

    /// The tray's tiles as the library's JSON array, in tray order: `[{"id", "kind", "name",
    /// "mime", "size", "state", "progress", "error", "retryable", "remote"}]`, where `state` is
    /// `queued`, `uploading`, `uploaded`, `failed` or `error`, `progress` a number (`null` for
    /// failed and error tiles), and `retryable` true for failed tiles only.
    pub fn attachments_json(&self) -> Result<String> {
        // SAFETY: the handle is live; `out` is the out-parameter take_string provides.
        take_string("mc_draft_attachments", |out| unsafe {
            sys::mc_draft_attachments(self.as_raw(), out)
        })
    }

    /// Sends a picked sticker (the sticker button) at once as its own message and returns it,
    /// shaped as [`send`](Draft::send)'s ([`MessageType::Sticker`](crate::MessageType::Sticker),
    /// its [`sticker`](OutgoingMessage::sticker)); the text stays. `url` must be http or https (a
    /// bare host becomes https). [`ui_state`](Draft::ui_state)'s `sticker_available` says whether
    /// the button shows.
    ///
    /// # Errors
    /// `NotAllowed` (editing, a command set, stickers off, slow mode), `InvalidArgument` (an id
    /// or pack that is empty, longer than 256 characters or holds control characters),
    /// `UnsafeLink` (the URL), `InvalidUtf8` (a string holds U+0000).
    pub fn send_sticker(
        &mut self,
        sticker_id: &str,
        url: &str,
        pack: Option<&str>,
    ) -> Result<OutgoingMessage> {
        OutgoingMessage::from_json_of(
            &self.send_sticker_json(sticker_id, url, pack)?,
            "mc_draft_send_sticker",
        )
    }

    /// [`send_sticker`](Draft::send_sticker), returning the message as the library's JSON object.
    ///
    /// # Errors
    /// As [`send_sticker`](Draft::send_sticker).
    pub fn send_sticker_json(
        &mut self,
        sticker_id: &str,
        url: &str,
        pack: Option<&str>,
    ) -> Result<String> {
        const FUNCTION: &str = "mc_draft_send_sticker";
        let (id, url) = (c_string(sticker_id, FUNCTION)?, c_string(url, FUNCTION)?);
        let pack = pack.map(|p| c_string(p, FUNCTION)).transpose()?;
        // SAFETY: the handle is live; the strings are NUL-terminated (or NULL for pack) and alive
        // for the call; `out` is the out-parameter take_string provides.
        take_string(FUNCTION, |out| unsafe {
            sys::mc_draft_send_sticker(self.as_raw(), id.as_ptr(), url.as_ptr(), ptr_of(&pack), out)
        })
    }

    /// Sends a recorded voice note, already uploaded to `remote`, at once as its own message
    /// (it never stages): returns the outgoing message, shaped as one of [`send`](Draft::send)'s
    /// (`type` media, `attachment_kind` audio). The draft is unchanged.
    ///
    /// # Errors
    /// `NotAllowed` while editing, while a command is set or while the tray holds anything (the
    /// mic button is hidden then: see `mic_available` in [`ui_state`](Draft::ui_state)),
    /// `InvalidArgument` (a MIME type that is not audio, an empty `remote`, a `size` past
    /// `i64::MAX`), `InvalidUtf8` (a string holds U+0000).
    pub fn voice_note(
        &mut self,
        name: &str,
        mime: &str,
        size: u64,
        remote: &str,
    ) -> Result<OutgoingMessage> {
        OutgoingMessage::from_json(&self.voice_note_json(name, mime, size, remote)?)
    }

    /// [`voice_note`](Draft::voice_note), returning the message as the library's JSON object.
    ///
    /// # Errors
    /// As [`voice_note`](Draft::voice_note).
    pub fn voice_note_json(
        &mut self,
        name: &str,
        mime: &str,
        size: u64,
        remote: &str,
    ) -> Result<String> {
        const FUNCTION: &str = "mc_draft_voice_note";
        let (name, mime) = (c_string(name, FUNCTION)?, c_string(mime, FUNCTION)?);
        let remote = c_string(remote, FUNCTION)?;
        let size = i64::try_from(size).map_err(|_| {
            Error::new(
                sys::MC_ERR_INVALID_ARGUMENT,
                format!("{FUNCTION}: size {size} does not fit in int64_t"),
            )
        })?;
        // SAFETY: the handle is live; the strings are NUL-terminated and alive for the call;
        // `out` is the out-parameter take_string provides.
        take_string(FUNCTION, |out| unsafe {
            sys::mc_draft_voice_note(
                self.as_raw(),
                name.as_ptr(),
                mime.as_ptr(),
                size,
                remote.as_ptr(),
                out,
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_become_an_escaped_json_array() {
        let files = [
            PickedFile::new("a \"b\".png", "image/png", 3),
            PickedFile {
                name: "x\ny\\z".into(),
                mime: String::new(),
                size: i64::MAX as u64,
                reference: "ref/\u{1}é".into(),
                ..PickedFile::default()
            },
            PickedFile::new("v.mp4", "video/mp4", 9)
                .with_dimensions(640, 360)
                .with_duration(Duration::from_millis(2500))
                .with_extra(r#"{"k":1}"#),
        ];
        let json = files_json(&files, "f").unwrap().into_string().unwrap();
        assert_eq!(
            json,
            concat!(
                r#"[{"name":"a \"b\".png","mime":"image/png","size":3,"ref":""},"#,
                r#"{"name":"x\ny\\z","mime":"","size":9223372036854775807,"ref":"ref/\u0001é"},"#,
                r#"{"name":"v.mp4","mime":"video/mp4","size":9,"ref":"","width":640,"height":360,"#,
                r#""duration":2.5,"extra":{"k":1}}]"#
            )
        );
        assert_eq!(files_json(&[], "f").unwrap().to_str().unwrap(), "[]");
        let error = files_json(&[PickedFile::new("a", "b\u{0}", 1)], "f").unwrap_err();
        assert_eq!(error.code(), sys::MC_ERR_INVALID_UTF8);
        assert_eq!(error.message(), "f: string argument holds U+0000 at byte 1");
    }

    #[test]
    fn extra_is_written_again_and_cannot_close_the_file_around_it() {
        let spaced = PickedFile::new("a.png", "image/png", 1).with_extra(" { \"k\" : [ 1 , 2 ] } ");
        assert_eq!(
            files_json(&[spaced], "f").unwrap().to_str().unwrap(),
            r#"[{"name":"a.png","mime":"image/png","size":1,"ref":"","extra":{"k":[1,2]}}]"#
        );
        let injected = PickedFile::new("a.png", "image/png", 1)
            .with_extra(r#"{}},{"name":"injected.exe","mime":"","size":1,"ref":"","extra":{}"#);
        let error =
            files_json(&[PickedFile::new("b.png", "image/png", 1), injected], "f").unwrap_err();
        assert_eq!(error.code(), sys::MC_ERR_INVALID_JSON);
        assert_eq!(
            error.message(),
            "f: files[1].extra is not one JSON value: trailing characters at byte 2"
        );
    }

    #[test]
    fn stage_results_parse_and_refuse_other_shapes() {
        assert_eq!(
            StageResult::parse(
                r#"{"staged":[1,2],"dropped":0,"notice":null,"messages":[]}"#,
                "f"
            ),
            Ok(StageResult {
                staged: vec![1, 2],
                dropped: 0,
                notice: None,
                messages: vec![]
            })
        );
        assert_eq!(
            StageResult::parse(
                r#"{"staged":[],"dropped":2,"notice":"You can attach up to 1 file.","messages":[]}"#,
                "f"
            ),
            Ok(StageResult {
                staged: vec![],
                dropped: 2,
                notice: Some("You can attach up to 1 file.".into()),
                messages: vec![]
            })
        );
        for (text, message) in [
            ("[]", "\"staged\" is not an array"),
            (r#"{"messages":[]}"#, "\"staged\" is not an array"),
            (
                r#"{"staged":[],"dropped":0,"notice":null}"#,
                "\"messages\" is not an array",
            ),
            (
                r#"{"staged":[],"dropped":0,"notice":null,"messages":{}}"#,
                "\"messages\" is not an array",
            ),
            (
                r#"{"staged":[],"dropped":0,"notice":null,"messages":[{"a":1}]}"#,
                "message \"type\" is not a string",
            ),
            (
                r#"{"staged":[-1],"dropped":0,"notice":null}"#,
                "\"staged\" holds a non-id",
            ),
            (
                r#"{"staged":["1"],"dropped":0,"notice":null}"#,
                "\"staged\" holds a non-id",
            ),
            (
                r#"{"staged":[],"dropped":-1,"notice":null}"#,
                "\"dropped\" is not a count",
            ),
            (
                r#"{"staged":[],"notice":null}"#,
                "\"dropped\" is not a count",
            ),
            (
                r#"{"staged":[],"dropped":0,"notice":1}"#,
                "\"notice\" is not a string or null",
            ),
            (
                r#"{"staged":[],"dropped":0}"#,
                "\"notice\" is not a string or null",
            ),
        ] {
            assert_eq!(
                StageResult::parse(text, "f").unwrap_err().message(),
                format!("f: the library returned unexpected JSON: {message}"),
                "{text}"
            );
        }
    }

    #[test]
    fn upload_events_map_to_the_c_arguments() {
        let cases = [
            (UploadEvent::Start, sys::MC_UPLOAD_START, 0.0, None),
            (
                UploadEvent::Progress(0.5),
                sys::MC_UPLOAD_PROGRESS,
                0.5,
                None,
            ),
            (
                UploadEvent::Complete("r".into()),
                sys::MC_UPLOAD_COMPLETE,
                0.0,
                Some("r"),
            ),
            (
                UploadEvent::Fail("m".into()),
                sys::MC_UPLOAD_FAIL,
                0.0,
                Some("m"),
            ),
            (UploadEvent::Retry, sys::MC_UPLOAD_RETRY, 0.0, None),
            (UploadEvent::Reject(None), sys::MC_UPLOAD_REJECT, 0.0, None),
            (
                UploadEvent::Reject(Some("no".into())),
                sys::MC_UPLOAD_REJECT,
                0.0,
                Some("no"),
            ),
        ];
        for (event, raw, progress, value) in cases {
            assert_eq!(event.raw(), raw, "{event:?}");
            assert_eq!(event.arguments(), (progress, value), "{event:?}");
        }
    }
}
