//! Rust binding of `libmessage_composer`, the headless engine of a chat message composer.
//!
//! This crate is the safe API: [`Draft`] (an owning handle, freed on drop, [`Send`] and
//! [`Sync`], also with a listener), [`Error`] (the library's status code and message) and a few
//! free functions. The raw C declarations live in a second crate, `message-composer-sys`
//! (re-exported as [`sys`]), which also finds and links the library, as `libgit2-sys` does for
//! `git2`.
//!
//! Results are typed: [`UiState`], [`OutgoingMessage`], [`Tile`], [`Document`] and [`Span`],
//! [`Mention`], [`ActiveFormats`], [`Query`], [`StageResult`], [`Config`], and [`EventData`] for
//! an event's payload, their fields named as the JSON keys of the layouts (`docs/json-layouts.md`
//! lists them). The `*_json` methods ([`Draft::ui_state_json`], [`Draft::send_json`], ...) return
//! the library's JSON text; every type's `from_json` reads it back. The JSON reader is the
//! crate's own (std only): keys a newer library adds are ignored, and names it adds to a
//! documented set arrive as the `Other` variant of their enum.
//!
//! Offsets are **Unicode scalar indices** (counts of `char`s, not byte offsets) and ranges are
//! half-open `[start, end)`. [`convert_offset`] and [`Draft::convert_offset`] translate to and
//! from UTF-8 bytes and UTF-16 code units.
//!
//! ```no_run
//! use message_composer::{Draft, Unit};
//!
//! let mut draft = Draft::new(None)?;
//! draft.replace(0, 0, "héllo")?;
//! assert_eq!(draft.len(), 5);
//! assert_eq!(draft.convert_offset(2, Unit::Scalar, Unit::Utf8)?, 3);
//! assert_eq!(draft.document()?.text, "héllo");
//! assert_eq!(draft.document_json()?, r#"{"text":"héllo","spans":[]}"#);
//! # Ok::<(), message_composer::Error>(())
//! ```
//!
//! What a [`Draft`] offers beyond text and documents:
//! - editing as a keyboard does: [`insert`](Draft::insert) (typing attributes, `"\n"` as Enter,
//!   line-start shortcuts such as `"- "`), [`enter`](Draft::enter),
//!   [`delete_backward`](Draft::delete_backward) / [`delete_forward`](Draft::delete_forward)
//!   (whole grapheme clusters and mentions), [`move_caret`](Draft::move_caret) by
//!   [`CaretUnit`], [`select_all`](Draft::select_all);
//! - formats: [`apply_format`](Draft::apply_format), [`remove_format`](Draft::remove_format) and
//!   [`toggle_format`](Draft::toggle_format) take a [`Format`] and protect mentions, links,
//!   inline code and code blocks; their `_with` variants take `protect: bool`.
//!   [`active_formats`](Draft::active_formats) reports an [`ActiveFormats`] for a toolbar;
//! - links ([`set_link`](Draft::set_link), [`remove_link`](Draft::remove_link),
//!   [`insert_link`](Draft::insert_link)) and mentions
//!   ([`insert_mention`](Draft::insert_mention), [`mentions`](Draft::mentions) as [`Mention`]s);
//! - history: [`undo`](Draft::undo), [`redo`](Draft::redo), [`undo_state`](Draft::undo_state),
//!   and batches that make one undo step: [`batch`](Draft::batch) runs a closure and always
//!   commits; [`begin_batch`](Draft::begin_batch) / [`commit_batch`](Draft::commit_batch) are
//!   the raw pair.
//!
//! ```no_run
//! use message_composer::{CaretUnit, Draft, Format};
//!
//! let mut draft = Draft::new(None)?;
//! draft.insert("Hi ")?;
//! draft.insert_mention("u42", "Bob")?;
//! draft.insert("see docs")?;
//! draft.move_caret(CaretUnit::Word, -1, true)?; // select "docs"
//! draft.set_link("example.com/docs")?;
//! draft.apply_format(0, 2, Format::Bold, None)?;
//! assert_eq!(draft.mentions()?[0].uid, "u42");
//! assert_eq!(draft.document()?.spans[2].url.as_deref(), Some("https://example.com/docs"));
//! assert_eq!(
//!     draft.document_json()?,
//!     concat!(
//!         r#"{"text":"Hi @Bob see docs","spans":[{"start":0,"end":2,"format":"bold"},"#,
//!         r#"{"start":3,"end":7,"format":"mention","uid":"u42","name":"Bob"},"#,
//!         r#"{"start":12,"end":16,"format":"link","url":"https://example.com/docs"}]}"#
//!     )
//! );
//! # Ok::<(), message_composer::Error>(())
//! ```
//!
//! The wire format is markdown (`**bold**`, `*italic*`, `<u>underline</u>`, `~~strike~~`,
//! `` `code` ``, fenced code blocks, `> quote`, `1. item`, `- item`, `[text](url)`,
//! `<color=#rrggbb>text</color>`, mentions `<@uid:UID>`), and it is exact: parsing a draft's
//! markdown with its mention names gives back its document.
//! - sending: [`Draft::markdown`] serializes (with rich text off, every markdown character is
//!   escaped); [`Draft::normalize_markdown`] turns markdown typed by hand into formatting;
//! - receiving: [`Draft::load_markdown`] loads a message (to edit it), [`parse_markdown`] and
//!   [`parse_markdown_with_mentions`] give its document JSON, [`markdown_to_plain_text`] a
//!   preview cut on grapheme boundaries, and [`markdown_to_html`] safe HTML.
//!
//! Mention names are not in the markdown, so these take them as `(uid, name)` pairs.
//!
//! ```no_run
//! use message_composer::{markdown_to_html, markdown_to_plain_text, parse_markdown_with_mentions};
//! use message_composer::{Draft, Format};
//!
//! let mut draft = Draft::new(None)?;
//! draft.insert("Hi ")?;
//! draft.insert_mention("u42", "Bob")?;
//! draft.insert("2*3 is six")?;
//! draft.apply_format(0, 2, Format::Bold, None)?;
//! let markdown = draft.markdown()?;
//! assert_eq!(markdown, r"**Hi** <@uid:u42> 2\*3 is six");
//!
//! let names = [("u42", "Bob")];
//! assert_eq!(parse_markdown_with_mentions(&markdown, &names)?, draft.document()?);
//! assert_eq!(markdown_to_plain_text(&markdown, &names, Some(9))?, "Hi @Bob 2…");
//! assert_eq!(
//!     markdown_to_html(&markdown, &names)?,
//!     r#"<p><strong>Hi</strong> <span class="mention" data-uid="u42">@Bob</span> 2*3 is six</p>"#
//! );
//! # Ok::<(), message_composer::Error>(())
//! ```
//!
//! Around the text, a [`Draft`] is a whole composer, driven on the host's clock (milliseconds,
//! never backwards):
//! - state for the UI: [`ui_state`](Draft::ui_state) (a [`UiState`]: can-send and why not, mode and reply
//!   preview, tray, queries, banner, cooldown, length, typing, ...) and
//!   [`can_send`](Draft::can_send); [`tick`](Draft::tick) advances the clock (typing idles after
//!   5 s, slow mode counts down); [`start_cooldown`](Draft::start_cooldown) starts slow mode from
//!   the user's last message; [`dismiss_banner`](Draft::dismiss_banner);
//! - configuration: [`config`](Draft::config), and [`update_config`](Draft::update_config) for
//!   limits and switches that change while the draft lives;
//! - sending: [`send`](Draft::send) returns the [`OutgoingMessage`]s and clears the draft;
//!   [`clear`](Draft::clear);
//! - modes: [`begin_edit`](Draft::begin_edit) (the draft is put aside until the edit is sent or
//!   cancelled), [`begin_reply`](Draft::begin_reply), [`cancel_mode`](Draft::cancel_mode),
//!   [`set_thread`](Draft::set_thread) with
//!   [`set_also_send_to_channel`](Draft::set_also_send_to_channel), and slash commands
//!   ([`set_command`](Draft::set_command), [`clear_command`](Draft::clear_command));
//! - attachments: [`stage_files`](Draft::stage_files) takes [`PickedFile`]s and reports a
//!   [`StageResult`]; the host reports each upload's progress with
//!   [`upload_event`](Draft::upload_event) and an [`UploadEvent`];
//!   [`remove_attachment`](Draft::remove_attachment), [`attachments`](Draft::attachments);
//!   [`voice_note`](Draft::voice_note) and [`send_sticker`](Draft::send_sticker) go out at once
//!   and never stage;
//! - persistence: [`snapshot`](Draft::snapshot) / [`restore`](Draft::restore) (versioned JSON);
//! - a listener: [`set_listener`](Draft::set_listener) registers a closure that hears an
//!   [`Event`] (an [`EventKind`] and a JSON payload, typed by [`Event::data`]) per changed
//!   aspect after each call, one coalesced set per batch; panics in it never reach C.
//!
//! ```no_run
//! use message_composer::{AttachmentKind, Draft, EventData, MessageType, PickedFile, UploadEvent};
//!
//! let mut draft = Draft::new(Some(r#"{"slow_mode_seconds":10}"#))?;
//! draft.set_listener(|event| {
//!     if let Ok(EventData::SendState { can_send, reason }) = event.data() {
//!         println!("can send: {can_send}, reason: {reason:?}");
//!     }
//! })?;
//! draft.insert("Look at this")?;
//! let staged = draft.stage_files(&[PickedFile::new("cat.png", "image/png", 52_311)])?;
//! let id = staged.staged[0];
//! draft.upload_event(id, UploadEvent::Start)?;
//! draft.upload_event(id, UploadEvent::Progress(0.5))?;
//! assert!(!draft.can_send()); // the upload is still running
//! draft.upload_event(id, UploadEvent::Complete("https://cdn.example/cat.png".into()))?;
//! let messages = draft.send(1_000)?; // one "media" message, the text as its caption
//! assert_eq!(messages[0].r#type, MessageType::Media);
//! assert_eq!(messages[0].text, "Look at this");
//! assert_eq!(messages[0].attachments[0].kind, AttachmentKind::Image);
//! draft.insert("next")?;
//! assert!(!draft.can_send()); // slow mode: "cooldown" until the clock reaches 11 000
//! draft.tick(11_000)?;
//! assert!(draft.can_send());
//! # Ok::<(), message_composer::Error>(())
//! ```
//!
//! The library is found by `message-composer-sys` at build time: `$MESSAGE_COMPOSER_LIB_DIR`,
//! else `pkg-config message_composer` (an installed copy), else the repository's `build/lib`.
//! At run time the program finds it as any shared library: in a system directory, through
//! `LD_LIBRARY_PATH`, or through an rpath (README, "Finding the library at run time").

/// The raw declarations of `include/message_composer.h` (the crate `message-composer-sys`).
pub use message_composer_sys as sys;

mod attachments;
mod composer;
mod draft;
mod editing;
mod error;
mod format;
mod history;
mod json;
mod layouts;
mod link;
mod listener;
mod markdown;
mod mention;
mod offset;
mod strings;

use std::ffi::CStr;

pub use attachments::{PickedFile, StageResult, UploadEvent};
pub use draft::Draft;
pub use editing::CaretUnit;
pub use error::{Error, ErrorKind, Result};
pub use format::{ActiveFormats, Format};
pub use layouts::{
    AttachmentKind, Command, Config, ConfigChange, Document, EventData, MessageMention,
    MessageType, Mode, OutgoingAttachment, OutgoingMessage, Query, ReplyPreview, SendBlockReason,
    SendBlocked, Span, Sticker, Tile, TileState, UiState,
};
pub use listener::{Event, EventKind};
pub use markdown::{
    markdown_to_html, markdown_to_plain_text, parse_markdown, parse_markdown_json,
    parse_markdown_with_mentions, parse_markdown_with_mentions_json,
};
pub use mention::Mention;
pub use offset::Unit;

use error::check;
use strings::c_string;

/// The library's version, `"MAJOR.MINOR.PATCH"` (compare with [`sys::MC_VERSION_STRING`]).
pub fn version() -> &'static str {
    // SAFETY: mc_version returns a NUL-terminated string owned by the library for the whole
    // process, never NULL.
    let version = unsafe { CStr::from_ptr(sys::mc_version()) };
    version.to_str().expect("mc_version returns ASCII")
}

/// The library's ABI version, the SONAME's major number (compare with [`sys::MC_ABI_VERSION`]).
pub fn abi_version() -> u32 {
    // SAFETY: no arguments, no preconditions.
    unsafe { sys::mc_abi_version() }
}

/// Converts an offset into `text` from one unit to another.
///
/// # Errors
/// `OutOfRange`: past the end, or inside a character (half a surrogate pair, the middle of a
/// UTF-8 sequence), or not representable as `i64`. `InvalidUtf8`: `text` holds U+0000 (C reads
/// `text` up to its first NUL).
pub fn convert_offset(text: &str, offset: usize, from: Unit, to: Unit) -> Result<usize> {
    const FUNCTION: &str = "mc_convert_offset";
    let text = c_string(text, FUNCTION)?;
    let offset = offset::to_c(offset, FUNCTION)?;
    let mut out = 0;
    // SAFETY: `text` is NUL-terminated and alive for the call; `out` is a valid out-parameter.
    check(unsafe {
        sys::mc_convert_offset(text.as_ptr(), offset, from.raw(), to.raw(), &mut out)
    })?;
    offset::from_c(out, FUNCTION)
}
