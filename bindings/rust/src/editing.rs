//! Editing as a keyboard does: typing, Enter, Backspace, Delete and caret movement.

use crate::draft::Draft;
use crate::error::{check, Result};
use crate::sys;

/// How far [`Draft::move_caret`] moves per step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CaretUnit {
    /// One grapheme cluster (an emoji sequence, a letter with its accents; a mention counts as one).
    Grapheme,
    /// To the previous word start / the next word end.
    Word,
    /// To the start / end of the line.
    Line,
    /// To the start / end of the text.
    Document,
}

impl CaretUnit {
    /// Every unit, in `MC_CARET_*` order.
    pub const ALL: [CaretUnit; 4] = [
        CaretUnit::Grapheme,
        CaretUnit::Word,
        CaretUnit::Line,
        CaretUnit::Document,
    ];

    /// The `MC_CARET_*` value.
    pub fn raw(self) -> sys::mc_caret_unit {
        match self {
            CaretUnit::Grapheme => sys::MC_CARET_GRAPHEME,
            CaretUnit::Word => sys::MC_CARET_WORD,
            CaretUnit::Line => sys::MC_CARET_LINE,
            CaretUnit::Document => sys::MC_CARET_DOCUMENT,
        }
    }
}

impl Draft {
    /// Types `text` at the selection, as a keyboard would.
    ///
    /// The selection is replaced, the text takes the typing attributes, `"\n"` acts as
    /// [`enter`](Draft::enter), and with rich text on a line-start shortcut (`"- "`, `"* "`,
    /// `"1. "`, `"> "`, three backticks) converts the line. Single characters typed in a row
    /// coalesce into word-sized undo steps.
    ///
    /// # Errors
    /// `InvalidUtf8` (`text` holds U+0000), `LimitExceeded` (`text` longer than
    /// `MC_MAX_INPUT_BYTES`, or the text would grow past `MC_MAX_TEXT_LENGTH`). On error nothing
    /// changes.
    pub fn insert(&mut self, text: &str) -> Result<()> {
        // SAFETY: the handle is live; the pointer and length describe `text`, valid for the call.
        check(unsafe { sys::mc_draft_insert_n(self.as_raw(), text.as_ptr().cast(), text.len()) })
    }

    /// Enter: splits the line at the caret (after deleting the selection).
    ///
    /// The new line continues a list (numbering follows), quote or code block; on an empty list,
    /// quote or code-block line Enter ends the block there instead. Inline formats carry over to
    /// the new line.
    pub fn enter(&mut self) -> Result<()> {
        // SAFETY: the handle is live.
        check(unsafe { sys::mc_draft_enter(self.as_raw()) })
    }

    /// Backspace: deletes the selection, or the grapheme cluster (a whole mention) before the
    /// caret.
    ///
    /// At a line start it joins the line to the previous one; at the start of the text it removes
    /// the first line's block format; at the start of plain text it does nothing.
    pub fn delete_backward(&mut self) -> Result<()> {
        // SAFETY: the handle is live.
        check(unsafe { sys::mc_draft_delete_backward(self.as_raw()) })
    }

    /// Delete: deletes the selection, or the grapheme cluster (a whole mention) after the caret.
    ///
    /// At a line end it joins the next line; at the end of the text it does nothing.
    pub fn delete_forward(&mut self) -> Result<()> {
        // SAFETY: the handle is live.
        check(unsafe { sys::mc_draft_delete_forward(self.as_raw()) })
    }

    /// Moves the focus `count` units (negative = backward).
    ///
    /// With `extend` the anchor stays (shift-selection); without it the selection collapses to a
    /// caret (a grapheme move from a selection collapses to its start or end). Mentions are
    /// stepped over whole.
    pub fn move_caret(&mut self, unit: CaretUnit, count: i64, extend: bool) -> Result<()> {
        let flags = if extend { sys::MC_FLAG_EXTEND } else { 0 };
        // SAFETY: the handle is live.
        check(unsafe { sys::mc_draft_move_caret(self.as_raw(), unit.raw(), count, flags) })
    }

    /// Selects the whole text (anchor at 0, focus at the end).
    pub fn select_all(&mut self) -> Result<()> {
        // SAFETY: the handle is live.
        check(unsafe { sys::mc_draft_select_all(self.as_raw()) })
    }
}
