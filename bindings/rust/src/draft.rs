//! The owning draft handle.

use std::fmt;
use std::ptr::{self, NonNull};

use crate::error::{check, Error, Result};
use crate::layouts::{Config, Document, Span};
use crate::listener::Listener;
use crate::offset::{self, Unit};
use crate::strings::{c_string, take_string};
use crate::sys;

/// A message draft: text, formatting and selection, owned by the library and freed on drop.
///
/// Every offset is a Unicode scalar index (a count of `char`s, **not** a byte offset) and ranges
/// are half-open `[start, end)`; use [`Draft::convert_offset`] to go to or from UTF-8 bytes or
/// UTF-16 code units. An offset that does not fit `i64` is refused with
/// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange).
pub struct Draft {
    raw: NonNull<sys::mc_draft>,
    /// The registered listener, owned here so that it outlives its registration with the library
    /// (see [`Draft::set_listener`]).
    pub(crate) listener: Option<Box<Listener>>,
}

// SAFETY: the handle is a token that the library looks up in its handle table, never a pointer
// it dereferences, and the library accepts calls on a draft from any thread, serializing them
// with a lock inside the draft; nothing about a draft is tied to the thread that created it.
// Error messages are per thread, and every method reads its message on the thread that made the
// failing call before returning, so moving a `Draft` between threads is sound.
// The listener moves with the draft: its closure is `Send` (required by `set_listener`), which is
// exactly what lets it run on whichever thread makes a call, the only thread the library calls it
// on; the `Listener` around it is `Send` and `Sync` by its own fields.
unsafe impl Send for Draft {}

// SAFETY: methods taking `&self` only read (text, length, selection, document, config, offset
// conversion, active formats, mentions, undo state, UI state, can-send, tray, snapshot), and the
// draft's internal lock serializes them against each other and against mutations made through
// `&mut self`, so sharing `&Draft` between threads is sound as well.
// Reads do call the listener: a refused call raises an error event on the calling thread, so
// threads sharing a `&Draft` may run the closure at the same time. `Listener` serializes those
// calls behind a mutex (the closure needs `Send`, not `Sync`) and queues the events a thread raises
// from inside the closure instead of re-entering it. The closure is registered, replaced and
// dropped only through `&mut self` or on drop, when no other call on the draft can be in flight,
// so the library never calls a freed listener.
unsafe impl Sync for Draft {}

impl Draft {
    /// Creates a draft.
    ///
    /// `config` is a JSON object of options (`None` or `"{}"` for the defaults): `rich_text`,
    /// `mentions`, `mention_limit`, `max_length`, `trim`, `typing_events`,
    /// `multiple_attachments`, `max_files`, `max_file_size`, `allowed_types`, `undo_depth`,
    /// `slow_mode_seconds`, `commands`, `stickers` (the README lists what each means).
    ///
    /// # Errors
    /// `InvalidJson` (does not parse), `InvalidArgument` (not an object, unknown key, wrong type
    /// or value), `InvalidUtf8` (holds U+0000), `LimitExceeded` (too many live drafts).
    pub fn new(config: Option<&str>) -> Result<Draft> {
        const FUNCTION: &str = "mc_draft_new";
        let config = config.map(|c| c_string(c, FUNCTION)).transpose()?;
        let config_ptr = config.as_ref().map_or(ptr::null(), |c| c.as_ptr());
        let mut out = ptr::null_mut();
        // SAFETY: config_ptr is NULL or a NUL-terminated string alive for the call; out is a
        // valid out-parameter.
        check(unsafe { sys::mc_draft_new(config_ptr, &mut out) })?;
        NonNull::new(out)
            .map(|raw| Draft {
                raw,
                listener: None,
            })
            .ok_or_else(|| {
                Error::new(
                    sys::MC_ERR_INVALID_HANDLE,
                    format!("{FUNCTION}: the library returned MC_OK and a NULL draft"),
                )
            })
    }

    /// The raw handle, for calls through [`sys`](crate::sys) that this API does not wrap yet.
    ///
    /// It stays owned by this `Draft`: do not free it, and do not use it after the `Draft` is
    /// dropped. Calls through it may run the draft's listener, so make none while
    /// [`set_listener`](Draft::set_listener), [`clear_listener`](Draft::clear_listener) or the
    /// drop may be running on another thread, and do not register a listener through it.
    pub fn as_raw(&self) -> *mut sys::mc_draft {
        self.raw.as_ptr()
    }

    /// The effective configuration: every option, defaults filled in.
    ///
    /// # Errors
    /// `InvalidJson` only when the library's JSON lacks a documented key.
    pub fn config(&self) -> Result<Config> {
        Config::from_json(&self.config_json()?)
    }

    /// The effective configuration as the library's JSON object.
    pub fn config_json(&self) -> Result<String> {
        // SAFETY: the handle is live; `out` is the out-parameter take_string provides.
        take_string("mc_draft_config", |out| unsafe {
            sys::mc_draft_config(self.as_raw(), out)
        })
    }

    /// Changes options of the live draft (limits and switches the server sends at run time):
    /// `changes_json` is a JSON object of any of the options of [`Draft::new`], and only those
    /// change. The whole result is validated first. Staged tiles are checked against new limits
    /// (a type no longer allowed or a file now too large becomes an error tile, its running
    /// upload gets [`EventKind::CancelUpload`](crate::EventKind::CancelUpload); a tray over a
    /// lowered `max_files` is not sendable, reason `too_many_files`, until enough are removed);
    /// a new `slow_mode_seconds` applies to a running cooldown. The listener hears
    /// [`EventKind::Config`](crate::EventKind::Config) with the changed options.
    ///
    /// # Errors
    /// `InvalidArgument` (not an object, an unknown option, a wrong type, a value out of
    /// range), `InvalidJson`, `InvalidUtf8` (U+0000). On error nothing changes.
    pub fn update_config(&mut self, changes_json: &str) -> Result<()> {
        const FUNCTION: &str = "mc_draft_update_config";
        let json = c_string(changes_json, FUNCTION)?;
        // SAFETY: the handle is live; `json` is NUL-terminated and alive for the call.
        check(unsafe { sys::mc_draft_update_config(self.as_raw(), json.as_ptr()) })
    }

    /// Replaces the scalar range `[start, end)` with `text`; the caret moves after it.
    ///
    /// New text takes the formats of the first replaced character (at a caret: of the character
    /// before it; links and mentions never extend). A range that cuts into a mention grows to
    /// remove the whole mention.
    ///
    /// # Errors
    /// `OutOfRange` (`end < start` or `end > len()`), `InvalidUtf8` (`text` holds U+0000),
    /// `LimitExceeded` (`text` longer than `MC_MAX_INPUT_BYTES`, or the text would grow past
    /// `MC_MAX_TEXT_LENGTH`). On error nothing changes.
    pub fn replace(&mut self, start: usize, end: usize, text: &str) -> Result<()> {
        const FUNCTION: &str = "mc_draft_replace_n";
        let (start, end) = (offset::to_c(start, FUNCTION)?, offset::to_c(end, FUNCTION)?);
        // SAFETY: the handle is live; the pointer and length describe `text`, valid for the call.
        check(unsafe {
            sys::mc_draft_replace_n(self.as_raw(), start, end, text.as_ptr().cast(), text.len())
        })
    }

    /// The plain text.
    pub fn text(&self) -> Result<String> {
        // SAFETY: the handle is live; `out` is the out-parameter take_string provides.
        take_string("mc_draft_text", |out| unsafe {
            sys::mc_draft_text(self.as_raw(), out)
        })
    }

    /// The text's length in Unicode scalars (`text().chars().count()`).
    ///
    /// # Panics
    /// If the library refuses the call, which it cannot do for a live draft.
    pub fn len(&self) -> usize {
        const FUNCTION: &str = "mc_draft_length";
        let mut length = 0;
        // SAFETY: the handle is live; `length` is a valid out-parameter.
        check(unsafe { sys::mc_draft_length(self.as_raw(), &mut length) })
            .and_then(|()| offset::from_c(length, FUNCTION))
            .unwrap_or_else(|e| panic!("{FUNCTION} failed on a live draft: {e}"))
    }

    /// Whether the text is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The selection as `(anchor, focus)` scalar offsets; equal values are a caret.
    ///
    /// # Panics
    /// If the library refuses the call, which it cannot do for a live draft.
    pub fn selection(&self) -> (usize, usize) {
        const FUNCTION: &str = "mc_draft_selection";
        let (mut anchor, mut focus) = (0, 0);
        // SAFETY: the handle is live; both out-parameters are valid.
        check(unsafe { sys::mc_draft_selection(self.as_raw(), &mut anchor, &mut focus) })
            .and_then(|()| {
                Ok((
                    offset::from_c(anchor, FUNCTION)?,
                    offset::from_c(focus, FUNCTION)?,
                ))
            })
            .unwrap_or_else(|e| panic!("{FUNCTION} failed on a live draft: {e}"))
    }

    /// Sets the selection (equal values make a caret). Both ends are clamped to `len()`; a caret
    /// end inside a mention snaps to the mention's nearer edge.
    ///
    /// # Errors
    /// `OutOfRange` only for a value that does not fit `i64`.
    pub fn set_selection(&mut self, anchor: usize, focus: usize) -> Result<()> {
        const FUNCTION: &str = "mc_draft_set_selection";
        let (anchor, focus) = (
            offset::to_c(anchor, FUNCTION)?,
            offset::to_c(focus, FUNCTION)?,
        );
        // SAFETY: the handle is live.
        check(unsafe { sys::mc_draft_set_selection(self.as_raw(), anchor, focus) })
    }

    /// Converts an offset into the draft's text from one unit to another.
    ///
    /// # Errors
    /// `OutOfRange`: past the end, or inside a character (half a surrogate pair, the middle of a
    /// UTF-8 sequence).
    pub fn convert_offset(&self, offset: usize, from: Unit, to: Unit) -> Result<usize> {
        const FUNCTION: &str = "mc_draft_convert_offset";
        let offset = offset::to_c(offset, FUNCTION)?;
        let mut out = 0;
        // SAFETY: the handle is live; `out` is a valid out-parameter.
        check(unsafe {
            sys::mc_draft_convert_offset(self.as_raw(), offset, from.raw(), to.raw(), &mut out)
        })?;
        offset::from_c(out, FUNCTION)
    }

    /// The content: its text and canonical spans (sorted by start, end and format name, touching
    /// runs of one format and value merged).
    ///
    /// # Errors
    /// `InvalidJson` only when the library's JSON lacks a documented key.
    pub fn document(&self) -> Result<Document> {
        Document::from_json(&self.document_json()?)
    }

    /// The content as canonical document JSON: `{"text": ..., "spans": [...]}`, compact.
    pub fn document_json(&self) -> Result<String> {
        // SAFETY: the handle is live; `out` is the out-parameter take_string provides.
        take_string("mc_draft_document", |out| unsafe {
            sys::mc_draft_document(self.as_raw(), out)
        })
    }

    /// The canonical spans of the scalar range `[start, end)`: the spans of
    /// [`document`](Draft::document) clipped to the range (a block span on one empty line counts
    /// when that line lies within the range, ends included). With [`EventKind::Text`] and
    /// [`EventKind::Formatting`] this keeps a host's copy of the document up to date: after a
    /// formatting event `{"start", "end"}`, read `spans(start, end)` again. It costs what the
    /// range costs, not the draft.
    ///
    /// # Errors
    /// `OutOfRange` (`end < start` or `end > len()`).
    ///
    /// [`EventKind::Text`]: crate::EventKind::Text
    /// [`EventKind::Formatting`]: crate::EventKind::Formatting
    pub fn spans(&self, start: usize, end: usize) -> Result<Vec<Span>> {
        Span::list_from_json(&self.spans_json(start, end)?)
    }

    /// [`spans`](Draft::spans) as the library's JSON array.
    ///
    /// # Errors
    /// As [`spans`](Draft::spans).
    pub fn spans_json(&self, start: usize, end: usize) -> Result<String> {
        const FUNCTION: &str = "mc_draft_spans";
        let (start, end) = (offset::to_c(start, FUNCTION)?, offset::to_c(end, FUNCTION)?);
        // SAFETY: the handle is live; `out` is the out-parameter take_string provides.
        take_string(FUNCTION, |out| unsafe {
            sys::mc_draft_spans(self.as_raw(), start, end, out)
        })
    }

    /// Replaces the content with a document JSON (any span order; canonicalized); the caret
    /// moves to the end. A [`Document`] gives its JSON with [`Document::to_json`].
    ///
    /// # Errors
    /// `InvalidJson`, `InvalidArgument` (shape, unknown format, block span not on whole lines,
    /// conflicting spans), `OutOfRange`, `UnsafeLink`, `InvalidColor`, `InvalidUtf8` (holds a
    /// raw U+0000). On error the draft is unchanged.
    pub fn load_document(&mut self, json: &str) -> Result<()> {
        let json = c_string(json, "mc_draft_load_document")?;
        // SAFETY: the handle is live; `json` is NUL-terminated and alive for the call.
        check(unsafe { sys::mc_draft_load_document(self.as_raw(), json.as_ptr()) })
    }
}

impl Drop for Draft {
    fn drop(&mut self) {
        if self.listener.is_some() {
            // SAFETY: the handle is live; NULL unregisters, so the library forgets the listener
            // before the field drops it (after this function).
            unsafe { sys::mc_draft_set_listener(self.as_raw(), None, ptr::null_mut()) };
        }
        // SAFETY: the handle came from mc_draft_new and is freed exactly once, here.
        unsafe { sys::mc_draft_free(self.as_raw()) }
    }
}

impl fmt::Debug for Draft {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Draft").field("raw", &self.raw).finish()
    }
}
