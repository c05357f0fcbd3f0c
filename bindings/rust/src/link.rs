//! Links: linking the selection, removing links, inserting linked text.

use crate::draft::Draft;
use crate::error::{check, Result};
use crate::strings::c_string;
use crate::sys;

impl Draft {
    /// Links the selection to `url` (one undo step).
    ///
    /// Links the selection overlaps are absorbed whole; with a caret inside or at an edge of a
    /// link, that whole link is retargeted; elsewhere a caret changes nothing. Mentions are never
    /// linked. `url` is http, https, mailto, or a bare host (which becomes https://).
    ///
    /// # Errors
    /// `UnsafeLink` (a refused scheme such as `javascript:`, or a malformed URL), `InvalidUtf8`
    /// (`url` holds U+0000). On error nothing changes.
    pub fn set_link(&mut self, url: &str) -> Result<()> {
        let url = c_string(url, "mc_draft_set_link")?;
        // SAFETY: the handle is live; `url` is NUL-terminated and alive for the call.
        check(unsafe { sys::mc_draft_set_link(self.as_raw(), url.as_ptr()) })
    }

    /// Removes, whole, every link the selection or caret touches (one undo step).
    pub fn remove_link(&mut self) -> Result<()> {
        // SAFETY: the handle is live.
        check(unsafe { sys::mc_draft_remove_link(self.as_raw()) })
    }

    /// Replaces the selection with `text` linked to `url` (one undo step); the text keeps the
    /// surrounding inline formats and the caret ends after it.
    ///
    /// # Errors
    /// `UnsafeLink`, `InvalidArgument` (empty `text` or `text` with a line break), `InvalidUtf8`
    /// (a string holds U+0000). On error nothing changes.
    pub fn insert_link(&mut self, text: &str, url: &str) -> Result<()> {
        const FUNCTION: &str = "mc_draft_insert_link";
        let (text, url) = (c_string(text, FUNCTION)?, c_string(url, FUNCTION)?);
        // SAFETY: the handle is live; both strings are NUL-terminated and alive for the call.
        check(unsafe { sys::mc_draft_insert_link(self.as_raw(), text.as_ptr(), url.as_ptr()) })
    }
}
