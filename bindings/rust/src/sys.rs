//! Raw declarations of `include/message_composer.h`, one item per C declaration.
//!
//! Every function is `unsafe` and follows the C contract of the header: it returns an
//! [`mc_status`], reports facts through out-parameters, records a message for
//! [`mc_last_error`] on failure, and hands out strings that the caller frees with
//! [`mc_string_free`]. Offsets are `i64` Unicode scalar indices. The safe API in the crate
//! root is built on these; use them directly only for what it does not cover.
//!
//! `tests/header.rs` compares this file with the header (names, parameter and return types,
//! constant values), so keep one declaration per item, in the header's spelling:
//! C `int64_t` is `i64`, `const char *` is `*const c_char`, `char **` is `*mut *mut c_char`,
//! `mc_draft **` is `*mut *mut mc_draft`, and a typedef keeps its name (`mc_status`, ...).
//! A C callback `void (*)(void *, int32_t, const char *)` is declared as
//! `Option<unsafe extern "C" fn(*mut c_void, i32, *const c_char)>`.

#![allow(non_camel_case_types)]

use std::ffi::{c_char, c_void};

/// An opaque draft handle, created by [`mc_draft_new`] and freed by [`mc_draft_free`].
pub enum mc_draft {}

/// A status code: [`MC_OK`] or a negative `MC_ERR_*` value (never renumbered).
pub type mc_status = i32;
/// A format for the format operations: one of the `MC_FORMAT_*` values.
pub type mc_format = i32;
/// A caret movement unit for [`mc_draft_move_caret`]: one of the `MC_CARET_*` values.
pub type mc_caret_unit = i32;
/// An offset unit: one of the `MC_UNIT_*` values.
pub type mc_unit = i32;
/// A listener event kind: one of the `MC_EVENT_*` values.
pub type mc_event = i32;
/// An upload event for [`mc_draft_upload_event`]: one of the `MC_UPLOAD_*` values.
pub type mc_upload_event = i32;

/// A listener ([`mc_draft_set_listener`]): `user_data` as registered, the event kind
/// (`MC_EVENT_*`) and the event's JSON payload, valid only during the call. It runs on the thread
/// that made the call, after the draft's lock is released.
pub type mc_listener = Option<unsafe extern "C" fn(*mut c_void, i32, *const c_char)>;

// Version of the header these declarations mirror; compare with `mc_version` / `mc_abi_version`.
pub const MC_VERSION_MAJOR: u32 = 0;
pub const MC_VERSION_MINOR: u32 = 2;
pub const MC_VERSION_PATCH: u32 = 0;
pub const MC_VERSION_STRING: &str = "0.2.0";
/// The SONAME's major number.
pub const MC_ABI_VERSION: u32 = 1;

// Status codes.
pub const MC_OK: mc_status = 0;
pub const MC_ERR_INVALID_ARGUMENT: mc_status = -1;
pub const MC_ERR_NULL_ARGUMENT: mc_status = -2;
pub const MC_ERR_INVALID_HANDLE: mc_status = -3;
pub const MC_ERR_INVALID_UTF8: mc_status = -4;
pub const MC_ERR_INVALID_JSON: mc_status = -5;
pub const MC_ERR_OUT_OF_RANGE: mc_status = -6;
pub const MC_ERR_UNSAFE_LINK: mc_status = -7;
pub const MC_ERR_INVALID_COLOR: mc_status = -8;
pub const MC_ERR_NOT_ALLOWED: mc_status = -9;
pub const MC_ERR_LIMIT_EXCEEDED: mc_status = -10;

// Formats.
pub const MC_FORMAT_BOLD: mc_format = 0;
pub const MC_FORMAT_ITALIC: mc_format = 1;
pub const MC_FORMAT_UNDERLINE: mc_format = 2;
pub const MC_FORMAT_STRIKE: mc_format = 3;
pub const MC_FORMAT_CODE: mc_format = 4;
pub const MC_FORMAT_LINK: mc_format = 5;
pub const MC_FORMAT_COLOR: mc_format = 6;
pub const MC_FORMAT_CODE_BLOCK: mc_format = 7;
pub const MC_FORMAT_QUOTE: mc_format = 8;
pub const MC_FORMAT_BULLET_LIST: mc_format = 9;
pub const MC_FORMAT_ORDERED_LIST: mc_format = 10;

// Flags.
/// Format operations: carve mentions, links, inline code and code blocks out of the range.
pub const MC_FLAG_PROTECT: u32 = 1;
/// [`mc_draft_move_caret`]: extend the selection instead of moving the caret.
pub const MC_FLAG_EXTEND: u32 = 2;

// Caret movement units.
pub const MC_CARET_GRAPHEME: mc_caret_unit = 0;
pub const MC_CARET_WORD: mc_caret_unit = 1;
pub const MC_CARET_LINE: mc_caret_unit = 2;
pub const MC_CARET_DOCUMENT: mc_caret_unit = 3;

// Offset units.
pub const MC_UNIT_SCALAR: mc_unit = 0;
pub const MC_UNIT_UTF16: mc_unit = 1;
pub const MC_UNIT_UTF8: mc_unit = 2;

// Listener event kinds; each payload is JSON.
/// Old `[start, end)` became `text`: `{"start", "end", "text", "length"}` (length: the new total).
pub const MC_EVENT_TEXT: mc_event = 0;
/// The selection changed: `[anchor, focus]`.
pub const MC_EVENT_SELECTION: mc_event = 1;
/// The active formats changed: as [`mc_draft_active_formats`].
pub const MC_EVENT_FORMATS: mc_event = 2;
/// Sendability changed: `{"can_send", "reason"}`.
pub const MC_EVENT_SEND_STATE: mc_event = 3;
/// The attachment tray changed: as [`mc_draft_attachments`].
pub const MC_EVENT_TRAY: mc_event = 4;
/// The mention query changed or ended: `{"query", "start", "end"}` or `null`.
pub const MC_EVENT_MENTION_QUERY: mc_event = 5;
/// The command query changed or ended: `{"query", "start", "end"}` or `null`.
pub const MC_EVENT_COMMAND_QUERY: mc_event = 6;
/// Typing started or stopped: `{"typing": bool}`.
pub const MC_EVENT_TYPING: mc_event = 7;
/// The mode or command changed: the `"mode"` object of the UI state.
pub const MC_EVENT_MODE: mc_event = 8;
/// The info banner changed: a string or `null`.
pub const MC_EVENT_BANNER: mc_event = 9;
/// A call on the draft was refused: `{"function", "status", "message"}`.
pub const MC_EVENT_ERROR: mc_event = 10;
/// The host should stop uploading attachment `{"id"}`.
pub const MC_EVENT_CANCEL_UPLOAD: mc_event = 11;
/// The formatting of `[start, end)` changed (new offsets): `{"start", "end"}`; read it with
/// [`mc_draft_spans`].
pub const MC_EVENT_FORMATTING: mc_event = 12;
/// Options changed ([`mc_draft_update_config`]): an object of the changed options and their new
/// values.
pub const MC_EVENT_CONFIG: mc_event = 13;
/// The thread changed: `{"parent_id", "also_send_to_channel"}`.
pub const MC_EVENT_THREAD: mc_event = 14;

// Upload events for `mc_draft_upload_event`.
/// queued -> uploading(0).
pub const MC_UPLOAD_START: mc_upload_event = 0;
/// uploading(p) -> uploading(progress), progress in [0, 1] and never backwards.
pub const MC_UPLOAD_PROGRESS: mc_upload_event = 1;
/// uploading -> uploaded; value = the remote reference.
pub const MC_UPLOAD_COMPLETE: mc_upload_event = 2;
/// uploading -> failed (retryable); value = the message.
pub const MC_UPLOAD_FAIL: mc_upload_event = 3;
/// failed -> queued.
pub const MC_UPLOAD_RETRY: mc_upload_event = 4;
/// any -> error (not retryable); value = the message, NULL for "This file type isn't allowed.".
pub const MC_UPLOAD_REJECT: mc_upload_event = 5;

extern "C" {
    // Library.

    /// The library version, "MAJOR.MINOR.PATCH"; static, never NULL.
    pub fn mc_version() -> *const c_char;
    /// The SONAME's major number.
    pub fn mc_abi_version() -> u32;
    /// The calling thread's last failure message ("" before any); owned by the library.
    pub fn mc_last_error() -> *const c_char;
    /// Frees a string returned through a `char **` out-parameter; accepts NULL.
    pub fn mc_string_free(s: *mut c_char);
    /// Converts an offset into the NUL-terminated `utf8` between units.
    pub fn mc_convert_offset(
        utf8: *const c_char,
        offset: i64,
        from_unit: mc_unit,
        to_unit: mc_unit,
        out_offset: *mut i64,
    ) -> mc_status;

    // Draft lifecycle.

    /// Creates a draft from a JSON config (NULL = defaults); `*out_draft` is NULL on failure.
    pub fn mc_draft_new(config_json: *const c_char, out_draft: *mut *mut mc_draft) -> mc_status;
    /// Frees a draft; NULL does nothing, a freed or forged handle is refused without effect.
    pub fn mc_draft_free(draft: *mut mc_draft);
    /// The effective configuration as a JSON object (caller frees).
    pub fn mc_draft_config(draft: *mut mc_draft, out_json: *mut *mut c_char) -> mc_status;
    /// Changes the options named in the JSON object `config_json` (validated whole; nothing
    /// changes on error).
    pub fn mc_draft_update_config(draft: *mut mc_draft, config_json: *const c_char) -> mc_status;

    // Text and selection.

    /// Replaces the scalar range `[start, end)` with the NUL-terminated `utf8`.
    pub fn mc_draft_replace(
        draft: *mut mc_draft,
        start: i64,
        end: i64,
        utf8: *const c_char,
    ) -> mc_status;
    /// Replaces the scalar range `[start, end)` with `length` bytes of UTF-8 (NULL when 0).
    pub fn mc_draft_replace_n(
        draft: *mut mc_draft,
        start: i64,
        end: i64,
        utf8: *const c_char,
        length: usize,
    ) -> mc_status;
    /// The plain text, UTF-8 (caller frees).
    pub fn mc_draft_text(draft: *mut mc_draft, out_text: *mut *mut c_char) -> mc_status;
    /// The text's length in Unicode scalars.
    pub fn mc_draft_length(draft: *mut mc_draft, out_length: *mut i64) -> mc_status;
    /// The selection's anchor and focus.
    pub fn mc_draft_selection(
        draft: *mut mc_draft,
        out_anchor: *mut i64,
        out_focus: *mut i64,
    ) -> mc_status;
    /// Sets the selection, clamped into `[0, length]`.
    pub fn mc_draft_set_selection(draft: *mut mc_draft, anchor: i64, focus: i64) -> mc_status;
    /// Converts an offset into the draft's text between units.
    pub fn mc_draft_convert_offset(
        draft: *mut mc_draft,
        offset: i64,
        from_unit: mc_unit,
        to_unit: mc_unit,
        out_offset: *mut i64,
    ) -> mc_status;

    // Editing as a keyboard does.

    /// Types the NUL-terminated `utf8` at the selection ("\n" acts as Enter, shortcuts convert).
    pub fn mc_draft_insert(draft: *mut mc_draft, utf8: *const c_char) -> mc_status;
    /// Like [`mc_draft_insert`] with `length` bytes of UTF-8 (NULL when 0).
    pub fn mc_draft_insert_n(draft: *mut mc_draft, utf8: *const c_char, length: usize)
        -> mc_status;
    /// Enter: splits the line at the caret, continuing or ending a block.
    pub fn mc_draft_enter(draft: *mut mc_draft) -> mc_status;
    /// Backspace: deletes the selection or the grapheme cluster before the caret.
    pub fn mc_draft_delete_backward(draft: *mut mc_draft) -> mc_status;
    /// Delete: deletes the selection or the grapheme cluster after the caret.
    pub fn mc_draft_delete_forward(draft: *mut mc_draft) -> mc_status;
    /// Moves the focus `count` units (`MC_CARET_*`, negative = backward); `MC_FLAG_EXTEND` keeps the anchor.
    pub fn mc_draft_move_caret(
        draft: *mut mc_draft,
        unit: mc_caret_unit,
        count: i64,
        flags: u32,
    ) -> mc_status;
    /// Selects the whole text.
    pub fn mc_draft_select_all(draft: *mut mc_draft) -> mc_status;

    // Formats.

    /// Applies a format over `[start, end)`; `value` is the URL or colour, else NULL.
    pub fn mc_draft_apply_format(
        draft: *mut mc_draft,
        start: i64,
        end: i64,
        format: mc_format,
        value: *const c_char,
        flags: u32,
    ) -> mc_status;
    /// Removes a format (any value) from `[start, end)`.
    pub fn mc_draft_remove_format(
        draft: *mut mc_draft,
        start: i64,
        end: i64,
        format: mc_format,
        flags: u32,
    ) -> mc_status;
    /// Removes the format where every touched character already has it, else applies it.
    pub fn mc_draft_toggle_format(
        draft: *mut mc_draft,
        start: i64,
        end: i64,
        format: mc_format,
        value: *const c_char,
        flags: u32,
    ) -> mc_status;
    /// The formats active at the selection as JSON (caller frees).
    pub fn mc_draft_active_formats(draft: *mut mc_draft, out_json: *mut *mut c_char) -> mc_status;

    // Links and mentions.

    /// Links the selection (or retargets the link at the caret) to `url`.
    pub fn mc_draft_set_link(draft: *mut mc_draft, url: *const c_char) -> mc_status;
    /// Removes, whole, every link the selection or caret touches.
    pub fn mc_draft_remove_link(draft: *mut mc_draft) -> mc_status;
    /// Replaces the selection with `text` linked to `url`.
    pub fn mc_draft_insert_link(
        draft: *mut mc_draft,
        text: *const c_char,
        url: *const c_char,
    ) -> mc_status;
    /// Replaces the selection with the mention "@name" for `uid`, followed by a space.
    pub fn mc_draft_insert_mention(
        draft: *mut mc_draft,
        uid: *const c_char,
        name: *const c_char,
    ) -> mc_status;
    /// The draft's mentions as a JSON array, in text order (caller frees).
    pub fn mc_draft_mentions(draft: *mut mc_draft, out_json: *mut *mut c_char) -> mc_status;

    // History.

    /// Undoes the last step.
    pub fn mc_draft_undo(draft: *mut mc_draft) -> mc_status;
    /// Redoes the last undone step.
    pub fn mc_draft_redo(draft: *mut mc_draft) -> mc_status;
    /// Whether undo and redo are possible.
    pub fn mc_draft_undo_state(
        draft: *mut mc_draft,
        out_can_undo: *mut bool,
        out_can_redo: *mut bool,
    ) -> mc_status;
    /// Opens a batch: changes until the matching commit are one undo step.
    pub fn mc_draft_begin_batch(draft: *mut mc_draft) -> mc_status;
    /// Closes the innermost open batch.
    pub fn mc_draft_commit_batch(draft: *mut mc_draft) -> mc_status;

    // Document.

    /// The content as canonical document JSON (caller frees).
    pub fn mc_draft_document(
        draft: *mut mc_draft,
        out_document_json: *mut *mut c_char,
    ) -> mc_status;
    /// Replaces the content with a validated document JSON; unchanged on error.
    pub fn mc_draft_load_document(draft: *mut mc_draft, document_json: *const c_char) -> mc_status;
    /// The canonical spans of `[start, end)` as a JSON array (the document's "spans" clipped to
    /// the range; a block on one empty line counts when the line lies within it, ends included;
    /// caller frees).
    pub fn mc_draft_spans(
        draft: *mut mc_draft,
        start: i64,
        end: i64,
        out_spans_json: *mut *mut c_char,
    ) -> mc_status;

    // Wire format (markdown).

    /// The draft as wire markdown (caller frees).
    pub fn mc_draft_serialize(draft: *mut mc_draft, out_markdown: *mut *mut c_char) -> mc_status;
    /// Replaces the content with a received message's markdown; mention names from
    /// `mentions_json` (`{"uid": "name"}` or NULL).
    pub fn mc_draft_load_markdown(
        draft: *mut mc_draft,
        markdown: *const c_char,
        mentions_json: *const c_char,
    ) -> mc_status;
    /// Converts markdown typed by hand in the draft into formatting (one undo step).
    pub fn mc_draft_normalize_markdown(draft: *mut mc_draft) -> mc_status;
    /// Parses wire markdown into document JSON (caller frees).
    pub fn mc_markdown_parse(
        markdown: *const c_char,
        out_document_json: *mut *mut c_char,
    ) -> mc_status;
    /// Like [`mc_markdown_parse`], with mention names from `mentions_json` (NULL for none).
    pub fn mc_markdown_parse_with_mentions(
        markdown: *const c_char,
        mentions_json: *const c_char,
        out_document_json: *mut *mut c_char,
    ) -> mc_status;
    /// Renders wire markdown as safe HTML (caller frees).
    pub fn mc_markdown_to_html(
        markdown: *const c_char,
        mentions_json: *const c_char,
        out_html: *mut *mut c_char,
    ) -> mc_status;
    /// Renders wire markdown as plain text cut after `max_graphemes` (negative: no limit; caller
    /// frees).
    pub fn mc_markdown_to_plain_text(
        markdown: *const c_char,
        mentions_json: *const c_char,
        max_graphemes: i64,
        out_text: *mut *mut c_char,
    ) -> mc_status;

    // Composer state and sending.

    /// The whole UI state as JSON (caller frees).
    pub fn mc_draft_ui_state(draft: *mut mc_draft, out_json: *mut *mut c_char) -> mc_status;
    /// Registers `listener` with `user_data` (NULL removes it); events arrive on the calling
    /// thread after the draft's lock is released.
    pub fn mc_draft_set_listener(
        draft: *mut mc_draft,
        listener: mc_listener,
        user_data: *mut c_void,
    ) -> mc_status;
    /// Advances the host's clock to `now_ms` (never backwards): typing idles, cooldown counts down.
    pub fn mc_draft_tick(draft: *mut mc_draft, now_ms: i64) -> mc_status;
    /// Starts the slow-mode cooldown from the user's last message time; the clock becomes `now_ms`.
    pub fn mc_draft_start_cooldown(
        draft: *mut mc_draft,
        last_message_ms: i64,
        now_ms: i64,
    ) -> mc_status;
    /// Dismisses the info banner (nothing happens without one).
    pub fn mc_draft_dismiss_banner(draft: *mut mc_draft) -> mc_status;
    /// Whether the draft can be sent now (the reason is in the UI state's "send_blocked").
    pub fn mc_draft_can_send(draft: *mut mc_draft, out_can_send: *mut bool) -> mc_status;
    /// Sends at `now_ms`: the outgoing messages as a JSON array (caller frees); clears the draft.
    pub fn mc_draft_send(
        draft: *mut mc_draft,
        now_ms: i64,
        out_messages_json: *mut *mut c_char,
    ) -> mc_status;
    /// Clears text, command and attachments; typing stops. The mode and thread stay.
    pub fn mc_draft_clear(draft: *mut mc_draft) -> mc_status;

    // Modes, thread and commands.

    /// Starts editing a message (mention names from `mentions_json` or NULL); the current draft
    /// is put aside.
    pub fn mc_draft_begin_edit(
        draft: *mut mc_draft,
        message_id: *const c_char,
        markdown: *const c_char,
        mentions_json: *const c_char,
        is_media: bool,
    ) -> mc_status;
    /// Starts a reply to a message by `sender`; the preview shows its plain text.
    pub fn mc_draft_begin_reply(
        draft: *mut mc_draft,
        message_id: *const c_char,
        sender: *const c_char,
        markdown: *const c_char,
        mentions_json: *const c_char,
    ) -> mc_status;
    /// Cancels an edit (the put-aside draft comes back) or dismisses a reply preview.
    pub fn mc_draft_cancel_mode(draft: *mut mc_draft) -> mc_status;
    /// Sets the thread parent message id (NULL clears it).
    pub fn mc_draft_set_thread(draft: *mut mc_draft, parent_id: *const c_char) -> mc_status;
    /// Whether the next new message, a thread reply, also goes to the channel.
    pub fn mc_draft_set_also_send_to_channel(draft: *mut mc_draft, enabled: bool) -> mc_status;
    /// Sets a slash command (`args` NULL for none); text and attachments are cleared.
    pub fn mc_draft_set_command(
        draft: *mut mc_draft,
        name: *const c_char,
        args: *const c_char,
    ) -> mc_status;
    /// Removes the command.
    pub fn mc_draft_clear_command(draft: *mut mc_draft) -> mc_status;

    // Snapshots.

    /// The whole draft as versioned JSON (caller frees).
    pub fn mc_draft_snapshot(draft: *mut mc_draft, out_json: *mut *mut c_char) -> mc_status;
    /// Restores a snapshot; uploads in flight come back as retryable failures.
    pub fn mc_draft_restore(draft: *mut mc_draft, snapshot_json: *const c_char) -> mc_status;

    // Attachments.

    /// Stages files given as JSON `[{"name", "mime", "size", "ref"}]`; the result JSON goes to
    /// `*out_result_json` (NULL allowed; caller frees).
    pub fn mc_draft_stage_files(
        draft: *mut mc_draft,
        files_json: *const c_char,
        out_result_json: *mut *mut c_char,
    ) -> mc_status;
    /// Reports an upload event (`MC_UPLOAD_*`) for attachment `id`.
    pub fn mc_draft_upload_event(
        draft: *mut mc_draft,
        id: u64,
        event: mc_upload_event,
        progress: f64,
        value: *const c_char,
    ) -> mc_status;
    /// Removes or cancels attachment `id`.
    pub fn mc_draft_remove_attachment(draft: *mut mc_draft, id: u64) -> mc_status;
    /// The tray's tiles as JSON (caller frees).
    pub fn mc_draft_attachments(draft: *mut mc_draft, out_json: *mut *mut c_char) -> mc_status;
    /// A recorded, uploaded voice note as its own outgoing message JSON (caller frees).
    pub fn mc_draft_voice_note(
        draft: *mut mc_draft,
        name: *const c_char,
        mime: *const c_char,
        size: i64,
        remote: *const c_char,
        out_message_json: *mut *mut c_char,
    ) -> mc_status;
    /// A picked sticker as its own outgoing message JSON (caller frees); `pack` may be NULL.
    pub fn mc_draft_send_sticker(
        draft: *mut mc_draft,
        sticker_id: *const c_char,
        url: *const c_char,
        pack: *const c_char,
        out_message_json: *mut *mut c_char,
    ) -> mc_status;
}
