//! Undo, redo and batches.

use crate::draft::Draft;
use crate::error::{check, Error, Result};
use crate::sys;

impl Draft {
    /// Undoes the last step: text, formats, selection and typing attributes come back.
    ///
    /// Does nothing when there is nothing to undo or a batch is open.
    pub fn undo(&mut self) -> Result<()> {
        // SAFETY: the handle is live.
        check(unsafe { sys::mc_draft_undo(self.as_raw()) })
    }

    /// Redoes the last undone step. Does nothing when there is nothing to redo or a batch is open.
    pub fn redo(&mut self) -> Result<()> {
        // SAFETY: the handle is live.
        check(unsafe { sys::mc_draft_redo(self.as_raw()) })
    }

    /// Whether undo and redo are possible, as `(can_undo, can_redo)`.
    ///
    /// # Panics
    /// If the library refuses the call, which it cannot do for a live draft.
    pub fn undo_state(&self) -> (bool, bool) {
        const FUNCTION: &str = "mc_draft_undo_state";
        let (mut can_undo, mut can_redo) = (false, false);
        // SAFETY: the handle is live; both out-parameters are valid.
        check(unsafe { sys::mc_draft_undo_state(self.as_raw(), &mut can_undo, &mut can_redo) })
            .unwrap_or_else(|e| panic!("{FUNCTION} failed on a live draft: {e}"));
        (can_undo, can_redo)
    }

    /// Opens a batch: every change until the matching [`commit_batch`](Draft::commit_batch) is
    /// one undo step. Batches nest; undo and redo do nothing while one is open.
    ///
    /// Prefer [`batch`](Draft::batch), which always commits.
    pub fn begin_batch(&mut self) -> Result<()> {
        // SAFETY: the handle is live.
        check(unsafe { sys::mc_draft_begin_batch(self.as_raw()) })
    }

    /// Closes the innermost open batch.
    ///
    /// # Errors
    /// `NotAllowed` when no batch is open.
    pub fn commit_batch(&mut self) -> Result<()> {
        // SAFETY: the handle is live.
        check(unsafe { sys::mc_draft_commit_batch(self.as_raw()) })
    }

    /// Runs `f` inside a batch, so that its changes are one undo step, and commits the batch
    /// whatever `f` returns, also when it returns an error or panics.
    ///
    /// The changes `f` made before an error stay (as one undo step); undo them with
    /// [`undo`](Draft::undo) if need be.
    ///
    /// # Errors
    /// The error of `f`; else an error of opening or committing the batch (`NotAllowed` when `f`
    /// committed more batches than it opened, leaving none for this call to close).
    ///
    /// ```no_run
    /// use message_composer::{Draft, Format};
    ///
    /// let mut draft = Draft::new(None)?;
    /// draft.batch(|d| {
    ///     d.insert("Hello")?;
    ///     d.apply_format(0, 5, Format::Bold, None)
    /// })?;
    /// draft.undo()?; // both changes at once
    /// assert!(draft.is_empty());
    /// # Ok::<(), message_composer::Error>(())
    /// ```
    pub fn batch<T, E>(
        &mut self,
        f: impl FnOnce(&mut Draft) -> std::result::Result<T, E>,
    ) -> std::result::Result<T, E>
    where
        E: From<Error>,
    {
        // The draft that opens the batch closes it, also when `f` swaps `*self` with another.
        let opened = self.as_raw();
        self.begin_batch()?;
        let guard = CommitOnUnwind(opened);
        let result = f(self);
        std::mem::forget(guard);
        // SAFETY: a handle the library issued. If `f` dropped its draft (replacing `*self`), the
        // library refuses the freed handle with MC_ERR_INVALID_HANDLE without touching memory,
        // as it does every freed handle (the header's Ownership rules).
        let committed = check(unsafe { sys::mc_draft_commit_batch(opened) });
        let value = result?;
        committed?;
        Ok(value)
    }
}

/// Commits the batch that [`Draft::batch`] opened when `f` panics, so the draft is not left with
/// undo switched off. Forgotten on the normal path, which commits and reports the outcome.
struct CommitOnUnwind(*mut sys::mc_draft);

impl Drop for CommitOnUnwind {
    fn drop(&mut self) {
        // SAFETY: the handle of the draft that opened the batch; a freed one is refused
        // harmlessly, as in `batch`. The status is ignored: a panic is already under way.
        unsafe { sys::mc_draft_commit_batch(self.0) };
    }
}
