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

use std::ffi::c_char;

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

// Version of the header these declarations mirror; compare with `mc_version` / `mc_abi_version`.
pub const MC_VERSION_MAJOR: u32 = 0;
pub const MC_VERSION_MINOR: u32 = 1;
pub const MC_VERSION_PATCH: u32 = 0;
pub const MC_VERSION_STRING: &str = "0.1.0";
/// The SONAME's major number.
pub const MC_ABI_VERSION: u32 = 0;

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
}
