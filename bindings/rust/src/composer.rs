//! The composer around the text: UI state, the host clock, sending, modes (edit, reply), the
//! thread, slash commands, and snapshots.

use crate::draft::Draft;
use crate::error::{check, Result};
use crate::layouts::{OutgoingMessage, UiState};
use crate::markdown::{mentions_json, ptr_of};
use crate::strings::{c_string, take_string};
use crate::sys;

impl Draft {
    /// Everything a UI needs to draw the composer.
    ///
    /// # Errors
    /// `InvalidJson` only when the library's JSON lacks a documented key.
    pub fn ui_state(&self) -> Result<UiState> {
        UiState::from_json(&self.ui_state_json()?)
    }

    /// The UI state as the library's JSON object:
    ///
    /// `can_send` and `send_blocked` (`{"reason", "message"}` or `null`; the reasons are
    /// `empty`, `uploads_pending`, `failed_uploads`, `error_tiles`, `too_many_files`,
    /// `cooldown`, `too_long` and `too_many_mentions`), `mode` (`{"kind": "new"}`, `{"kind":
    /// "edit", "message_id", "media"}` or `{"kind": "reply", "message_id", "preview":
    /// {"sender", "snippet"}}`), `thread_parent_id`, `also_send_to_channel`, `selection`,
    /// `active_formats`, `tray` (as [`attachments`](Draft::attachments)),
    /// `attachments_available`, `mic_available`, `sticker_available`, `info_banner`,
    /// `mention_query` and `command_query` (`{"query", "start", "end"}` or `null`), `command`
    /// (`{"name", "args"}` or `null`), `cooldown_remaining_ms`, `length`, `max_length`,
    /// `typing`, `can_undo`, `can_redo`.
    pub fn ui_state_json(&self) -> Result<String> {
        // SAFETY: the handle is live; `out` is the out-parameter take_string provides.
        take_string("mc_draft_ui_state", |out| unsafe {
            sys::mc_draft_ui_state(self.as_raw(), out)
        })
    }

    /// Advances the host's clock to `now_ms` (milliseconds, any epoch): typing stops after 5 s
    /// without edits, and the slow-mode cooldown counts down.
    ///
    /// # Errors
    /// `OutOfRange` when the clock goes backwards (`now_ms` before the last tick or send).
    pub fn tick(&mut self, now_ms: i64) -> Result<()> {
        // SAFETY: the handle is live.
        check(unsafe { sys::mc_draft_tick(self.as_raw(), now_ms) })
    }

    /// Starts with a slow-mode cooldown: the user's last message went out at `last_message_ms`
    /// as the host knows it (before this draft existed, or from another device), and the clock
    /// is now `now_ms` (as [`tick`](Draft::tick)). The next new message waits
    /// `slow_mode_seconds` from that time. A time after `now_ms` counts as `now_ms`; one before
    /// the last message the draft knows of changes nothing.
    ///
    /// # Errors
    /// `OutOfRange` (a negative time, a clock that goes backwards). On error nothing changes.
    pub fn start_cooldown(&mut self, last_message_ms: i64, now_ms: i64) -> Result<()> {
        // SAFETY: the handle is live.
        check(unsafe { sys::mc_draft_start_cooldown(self.as_raw(), last_message_ms, now_ms) })
    }

    /// Dismisses the info banner (the user closed it); nothing happens without one. A banner
    /// also goes by itself once its cause is gone (back under the mention limit, room in the
    /// tray).
    pub fn dismiss_banner(&mut self) -> Result<()> {
        // SAFETY: the handle is live.
        check(unsafe { sys::mc_draft_dismiss_banner(self.as_raw()) })
    }

    /// Sets whether the next new message, a thread reply, also goes to the channel ("also send
    /// in channel"): it goes out as `"also_send_to_channel": true` on that message and resets
    /// after it; an edit neither carries nor resets it, another thread resets it. The listener
    /// hears [`EventKind::Thread`](crate::EventKind::Thread).
    ///
    /// # Errors
    /// `NotAllowed` turning it on without a thread ([`set_thread`](Draft::set_thread)).
    pub fn set_also_send_to_channel(&mut self, enabled: bool) -> Result<()> {
        // SAFETY: the handle is live.
        check(unsafe { sys::mc_draft_set_also_send_to_channel(self.as_raw(), enabled) })
    }

    /// Whether the draft can be sent now; [`ui_state`](Draft::ui_state)'s `send_blocked` says
    /// why not.
    ///
    /// # Panics
    /// If the library refuses the call, which it cannot do for a live draft.
    pub fn can_send(&self) -> bool {
        const FUNCTION: &str = "mc_draft_can_send";
        let mut can_send = false;
        // SAFETY: the handle is live; `can_send` is a valid out-parameter.
        check(unsafe { sys::mc_draft_can_send(self.as_raw(), &mut can_send) })
            .unwrap_or_else(|e| panic!("{FUNCTION} failed on a live draft: {e}"));
        can_send
    }

    /// Sends at the host's time `now_ms` and returns the outgoing messages.
    ///
    /// Each message has `{"type", "text", "mentions", "attachment_kind", "attachments",
    /// "command", "args", "quoted_id", "edited_id", "parent_id", "sticker",
    /// "also_send_to_channel"}`: `type` is `text`, `media` (one message per attachment kind, in
    /// the order image, video, audio, file, the text as the caption of the first; each
    /// attachment carries the file's `width`, `height`, `duration` and `extra`), `command` or
    /// `edit` (`sticker` comes from [`send_sticker`](Draft::send_sticker)); `text` is wire
    /// markdown (hand-typed markdown converted with rich text on, whitespace trimmed with trim
    /// on). The draft is then cleared: the thread stays, an edit gives back the draft put aside.
    /// A new message starts the slow-mode cooldown and resets "also send to channel"; an edit
    /// does neither, and slow mode never holds it.
    ///
    /// # Errors
    /// `NotAllowed` when the draft is not sendable (the message says why), `OutOfRange` when the
    /// clock goes backwards. A refused send changes nothing. `InvalidJson` only when the
    /// library's JSON lacks a documented key (the draft was sent: the text is in
    /// [`send_json`](Draft::send_json)'s place, not lost, when you call that instead).
    pub fn send(&mut self, now_ms: i64) -> Result<Vec<OutgoingMessage>> {
        OutgoingMessage::list_from_json(&self.send_json(now_ms)?)
    }

    /// [`send`](Draft::send), returning the messages as the library's JSON array.
    ///
    /// # Errors
    /// As [`send`](Draft::send).
    pub fn send_json(&mut self, now_ms: i64) -> Result<String> {
        // SAFETY: the handle is live; `out` is the out-parameter take_string provides.
        take_string("mc_draft_send", |out| unsafe {
            sys::mc_draft_send(self.as_raw(), now_ms, out)
        })
    }

    /// Clears text, command and attachments (running uploads get an
    /// [`EventKind::CancelUpload`](crate::EventKind::CancelUpload) event); typing stops. The mode
    /// and thread stay.
    pub fn clear(&mut self) -> Result<()> {
        // SAFETY: the handle is live.
        check(unsafe { sys::mc_draft_clear(self.as_raw()) })
    }

    /// Starts editing message `message_id` whose wire markdown is `markdown`, with mention
    /// names as `(uid, name)` pairs; with `is_media` only the caption is edited.
    ///
    /// The current draft (text, tray, command, mode) is put aside and comes back when the edit is
    /// sent or cancelled ([`cancel_mode`](Draft::cancel_mode)). Staging attachments and setting
    /// a command are refused while editing.
    ///
    /// # Errors
    /// `InvalidArgument` (an id that is empty, longer than 256 characters or holds control
    /// characters; a bad uid or name, a uid given twice), `InvalidUtf8` (a string holds U+0000).
    pub fn begin_edit(
        &mut self,
        message_id: &str,
        markdown: &str,
        mentions: &[(&str, &str)],
        is_media: bool,
    ) -> Result<()> {
        const FUNCTION: &str = "mc_draft_begin_edit";
        let message_id = c_string(message_id, FUNCTION)?;
        let markdown = c_string(markdown, FUNCTION)?;
        let mentions = mentions_json(mentions, FUNCTION)?;
        // SAFETY: the handle is live; the strings are NUL-terminated (the mentions pointer may
        // be NULL) and alive for the call.
        check(unsafe {
            sys::mc_draft_begin_edit(
                self.as_raw(),
                message_id.as_ptr(),
                markdown.as_ptr(),
                ptr_of(&mentions),
                is_media,
            )
        })
    }

    /// Starts a reply to message `message_id` by `sender` whose wire markdown is `markdown`
    /// (mention names as `(uid, name)` pairs). The text being written stays; the UI state's
    /// `mode.preview` shows the sender and the message's plain text cut to 100 grapheme clusters,
    /// and the sent message carries `quoted_id`. A reply started while editing ends the edit
    /// first.
    ///
    /// # Errors
    /// As [`begin_edit`](Draft::begin_edit).
    pub fn begin_reply(
        &mut self,
        message_id: &str,
        sender: &str,
        markdown: &str,
        mentions: &[(&str, &str)],
    ) -> Result<()> {
        const FUNCTION: &str = "mc_draft_begin_reply";
        let message_id = c_string(message_id, FUNCTION)?;
        let sender = c_string(sender, FUNCTION)?;
        let markdown = c_string(markdown, FUNCTION)?;
        let mentions = mentions_json(mentions, FUNCTION)?;
        // SAFETY: the handle is live; the strings are NUL-terminated (the mentions pointer may
        // be NULL) and alive for the call.
        check(unsafe {
            sys::mc_draft_begin_reply(
                self.as_raw(),
                message_id.as_ptr(),
                sender.as_ptr(),
                markdown.as_ptr(),
                ptr_of(&mentions),
            )
        })
    }

    /// Cancels an edit (the draft put aside comes back) or dismisses a reply preview (back to a
    /// new message; the text stays). Does nothing for a new message.
    pub fn cancel_mode(&mut self) -> Result<()> {
        // SAFETY: the handle is live.
        check(unsafe { sys::mc_draft_cancel_mode(self.as_raw()) })
    }

    /// Sets the thread parent message id that every outgoing message carries (`None` clears
    /// it). It survives sends, clears and mode changes.
    ///
    /// # Errors
    /// `InvalidArgument` (an id that is empty, longer than 256 characters or holds control
    /// characters), `InvalidUtf8` (holds U+0000).
    pub fn set_thread(&mut self, parent_id: Option<&str>) -> Result<()> {
        const FUNCTION: &str = "mc_draft_set_thread";
        let parent_id = parent_id.map(|id| c_string(id, FUNCTION)).transpose()?;
        // SAFETY: the handle is live; the pointer is NULL or a NUL-terminated string alive for
        // the call.
        check(unsafe { sys::mc_draft_set_thread(self.as_raw(), ptr_of(&parent_id)) })
    }

    /// Sets the slash command `name` (without `/`) with `args`: text and attachments are
    /// cleared (running uploads get an [`EventKind::CancelUpload`](crate::EventKind::CancelUpload)
    /// event) and the draft now sends `{"type": "command", "command": name, "args": args}`
    /// (`args` `null` for `None`, unless text is typed after).
    ///
    /// # Errors
    /// `InvalidArgument` (an empty name, or one with whitespace or `/`), `NotAllowed` (while
    /// editing, or with commands off), `InvalidUtf8` (a string holds U+0000).
    pub fn set_command(&mut self, name: &str, args: Option<&str>) -> Result<()> {
        const FUNCTION: &str = "mc_draft_set_command";
        let name = c_string(name, FUNCTION)?;
        let args = args.map(|a| c_string(a, FUNCTION)).transpose()?;
        // SAFETY: the handle is live; `name` is NUL-terminated and the args pointer is NULL or
        // NUL-terminated, both alive for the call.
        check(unsafe { sys::mc_draft_set_command(self.as_raw(), name.as_ptr(), ptr_of(&args)) })
    }

    /// Removes the command.
    pub fn clear_command(&mut self) -> Result<()> {
        // SAFETY: the handle is live.
        check(unsafe { sys::mc_draft_clear_command(self.as_raw()) })
    }

    /// The whole draft as versioned JSON, for [`restore`](Draft::restore): text, formats,
    /// selection, mode with the draft an edit put aside, thread, command, tray, cooldown and
    /// clock. The configuration is not part of it.
    pub fn snapshot(&self) -> Result<String> {
        // SAFETY: the handle is live; `out` is the out-parameter take_string provides.
        take_string("mc_draft_snapshot", |out| unsafe {
            sys::mc_draft_snapshot(self.as_raw(), out)
        })
    }

    /// Restores a [`snapshot`](Draft::snapshot), normally into a draft made with the same
    /// configuration. Uploads that were in flight come back as retryable failures
    /// (`"Upload interrupted."`); the undo history starts empty.
    ///
    /// # Errors
    /// `InvalidArgument` (an unknown version, a malformed snapshot), `InvalidJson`,
    /// `OutOfRange`, `UnsafeLink`, `InvalidColor`, `InvalidUtf8` (holds U+0000). On error
    /// nothing changes.
    pub fn restore(&mut self, snapshot: &str) -> Result<()> {
        let snapshot = c_string(snapshot, "mc_draft_restore")?;
        // SAFETY: the handle is live; `snapshot` is NUL-terminated and alive for the call.
        check(unsafe { sys::mc_draft_restore(self.as_raw(), snapshot.as_ptr()) })
    }
}
