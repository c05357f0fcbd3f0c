//! The listener: a Rust closure that hears about every change of a draft.
//!
//! The library calls one C function, [`trampoline`], with a pointer to the [`Listener`] that the
//! [`Draft`] owns. The trampoline never lets a panic unwind into C, serializes calls of the
//! closure made from several threads, and queues the events a call raises while the closure is
//! already running on the same thread (the closure called into a draft), so an `FnMut` is never
//! entered twice at once and nothing deadlocks.

use std::any::Any;
use std::collections::VecDeque;
use std::ffi::{c_char, c_void, CStr};
use std::mem;
use std::panic::{self, AssertUnwindSafe};
use std::ptr;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::thread::{self, ThreadId};

use crate::draft::Draft;
use crate::error::{check, Result};
use crate::layouts::EventData;
use crate::sys;

/// What an [`Event`] is about, one variant per `MC_EVENT_*` value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EventKind {
    /// Old `[start, end)` became `text`: `{"start", "end", "text", "length"}` in scalars
    /// (`length`: the new total). Apply it to a copy of the text, shifting spans after the range.
    Text,
    /// The selection changed: `[anchor, focus]`.
    Selection,
    /// The active formats changed: as [`Draft::active_formats`] reads them (`{"formats", "link",
    /// "color"}`).
    Formats,
    /// Sendability changed: `{"can_send", "reason"}` (`reason` as `send_blocked.reason` in
    /// [`Draft::ui_state`], or `null`).
    SendState,
    /// The attachment tray changed: as [`Draft::attachments`].
    Tray,
    /// The mention query changed or ended: `{"query", "start", "end"}` or `null`.
    MentionQuery,
    /// The command query changed or ended: `{"query", "start", "end"}` or `null`.
    CommandQuery,
    /// Typing started or stopped: `{"typing": bool}`.
    Typing,
    /// The mode or command changed: the `"mode"` object of [`Draft::ui_state`].
    Mode,
    /// The info banner changed: a string or `null`.
    Banner,
    /// A call on the draft was refused: `{"function", "status", "message"}`.
    Error,
    /// The host should stop uploading attachment `{"id"}` (it was removed or cleared).
    CancelUpload,
    /// The formatting of `[start, end)` changed (new offsets): `{"start", "end"}`; read it again
    /// with [`Draft::spans`]. It covers the text a [`EventKind::Text`] event inserted.
    Formatting,
    /// Options changed ([`Draft::update_config`]): an object of the changed options and their
    /// new values.
    Config,
    /// The thread changed: `{"parent_id", "also_send_to_channel"}`.
    Thread,
    /// A kind this binding does not know (a newer library), with its `MC_EVENT_*` value.
    Unknown(sys::mc_event),
}

/// The one table between kinds and `MC_EVENT_*` values.
const KINDS: [(EventKind, sys::mc_event); 15] = [
    (EventKind::Text, sys::MC_EVENT_TEXT),
    (EventKind::Selection, sys::MC_EVENT_SELECTION),
    (EventKind::Formats, sys::MC_EVENT_FORMATS),
    (EventKind::SendState, sys::MC_EVENT_SEND_STATE),
    (EventKind::Tray, sys::MC_EVENT_TRAY),
    (EventKind::MentionQuery, sys::MC_EVENT_MENTION_QUERY),
    (EventKind::CommandQuery, sys::MC_EVENT_COMMAND_QUERY),
    (EventKind::Typing, sys::MC_EVENT_TYPING),
    (EventKind::Mode, sys::MC_EVENT_MODE),
    (EventKind::Banner, sys::MC_EVENT_BANNER),
    (EventKind::Error, sys::MC_EVENT_ERROR),
    (EventKind::CancelUpload, sys::MC_EVENT_CANCEL_UPLOAD),
    (EventKind::Formatting, sys::MC_EVENT_FORMATTING),
    (EventKind::Config, sys::MC_EVENT_CONFIG),
    (EventKind::Thread, sys::MC_EVENT_THREAD),
];

impl EventKind {
    /// The kind of an `MC_EVENT_*` value; [`EventKind::Unknown`] for values this binding does
    /// not know.
    pub fn from_raw(raw: sys::mc_event) -> EventKind {
        KINDS
            .iter()
            .find(|&&(_, r)| r == raw)
            .map_or(EventKind::Unknown(raw), |&(kind, _)| kind)
    }

    /// The `MC_EVENT_*` value.
    pub fn raw(self) -> sys::mc_event {
        match self {
            EventKind::Unknown(raw) => raw,
            known => {
                KINDS
                    .iter()
                    .find(|&&(k, _)| k == known)
                    .expect("every known kind is in KINDS")
                    .1
            }
        }
    }
}

/// One change of a draft, as a listener hears it: the kind and its JSON payload.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Event {
    /// What changed.
    pub kind: EventKind,
    /// The JSON payload (see [`EventKind`] for its shape per kind), copied out of the library.
    pub payload: String,
}

impl Event {
    /// The payload, typed: one [`EventData`] variant per kind ([`EventData::Unknown`] for a kind
    /// this binding does not know).
    ///
    /// # Errors
    /// `InvalidJson` only when the payload does not have its kind's documented shape.
    pub fn data(&self) -> Result<EventData> {
        EventData::from_json(self.kind, &self.payload)
    }
}

/// The closure a [`Draft`] owns while it is registered with the library.
type Callback = Box<dyn FnMut(Event) + Send>;

/// What `user_data` points at: the closure, behind a lock that serializes its calls, and the
/// events raised on the thread that runs it while it runs.
pub(crate) struct Listener {
    callback: Mutex<Callback>,
    delivery: Mutex<Delivery>,
}

struct Delivery {
    /// The thread running the closure now, if any.
    running_on: Option<ThreadId>,
    /// Events that thread raised from inside the closure, delivered when it returns.
    pending: VecDeque<Event>,
}

/// Locks a mutex, whose data stays consistent even if a holder panicked: the closure's own
/// panics are caught before they reach a guard, and the delivery state is updated in single steps.
fn lock<T: ?Sized>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Drops a panic payload without letting a second panic (from the payload's own `Drop`) escape:
/// that rare second payload is leaked instead.
fn discard(payload: Box<dyn Any + Send>) {
    if let Err(again) = panic::catch_unwind(AssertUnwindSafe(move || drop(payload))) {
        mem::forget(again);
    }
}

impl Listener {
    fn new(callback: Callback) -> Listener {
        Listener {
            callback: Mutex::new(callback),
            delivery: Mutex::new(Delivery {
                running_on: None,
                pending: VecDeque::new(),
            }),
        }
    }

    /// Runs the closure for `event`, then for every event queued while it ran; on the thread
    /// already running the closure, only queues `event`.
    fn deliver(&self, event: Event) {
        let me = thread::current().id();
        {
            let mut delivery = lock(&self.delivery);
            if delivery.running_on == Some(me) {
                delivery.pending.push_back(event);
                return;
            }
        }
        // Another thread running the closure holds this lock until it is done.
        let mut callback = lock(&self.callback);
        lock(&self.delivery).running_on = Some(me);
        let mut next = Some(event);
        while let Some(event) = next {
            if let Err(payload) = panic::catch_unwind(AssertUnwindSafe(|| (*callback)(event))) {
                discard(payload);
            }
            let mut delivery = lock(&self.delivery);
            next = delivery.pending.pop_front();
            if next.is_none() {
                delivery.running_on = None;
            }
        }
    }
}

/// The `mc_listener` registered for every Rust listener.
///
/// # Safety
/// `user_data` is the `Listener` of a live `Draft` (see [`Draft::set_listener`]), and `payload` is
/// NULL or a NUL-terminated string valid for the call.
unsafe extern "C" fn trampoline(user_data: *mut c_void, kind: i32, payload: *const c_char) {
    // Nothing may unwind into C: a panic here (the closure's panics are caught one level down)
    // is swallowed.
    let outcome = panic::catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the library passes back the user_data registered with this trampoline, a
        // `Listener` that its `Draft` keeps alive until after unregistering it (see
        // `Draft::set_listener`).
        let listener = unsafe { &*user_data.cast::<Listener>() };
        let payload = if payload.is_null() {
            String::new()
        } else {
            // SAFETY: a non-NULL payload is NUL-terminated and valid during the call; it is
            // copied before returning.
            unsafe { CStr::from_ptr(payload) }
                .to_string_lossy()
                .into_owned()
        };
        listener.deliver(Event {
            kind: EventKind::from_raw(kind),
            payload,
        });
    }));
    if let Err(payload) = outcome {
        discard(payload);
    }
}

impl Draft {
    /// Registers `f` to hear about the draft's changes, replacing any listener set before.
    ///
    /// After each call that changes something, `f` hears one [`Event`] per changed aspect (text,
    /// selection, formats, send state, tray, queries, typing, mode, banner, upload
    /// cancellations), and every call on the draft that the library refuses is an
    /// [`EventKind::Error`] event (a refusal this crate makes before calling it, such as U+0000 in
    /// a string or an offset too large for C, returns its error without an event). A
    /// batch ([`begin_batch`](Draft::begin_batch) … [`commit_batch`](Draft::commit_batch))
    /// delivers one coalesced set, at most one event per kind, at its outermost commit.
    ///
    /// How `f` is called:
    /// - on the thread that made the call, before that call returns, after the library has
    ///   released the draft's lock: whichever thread holds the `Draft` (hence `Send`), or any
    ///   thread sharing a `&Draft`, since refused reads raise error events too;
    /// - never twice at once: calls from different threads wait for each other;
    /// - when `f` itself makes a call that raises events for this draft (through
    ///   [`sys`](crate::sys) with [`as_raw`](Draft::as_raw)), those events are queued and
    ///   delivered, in order, right after `f` returns, instead of entering `f` again (the order C
    ///   recursion would give). The outer call's remaining events follow; the library computed
    ///   them before `f`'s change, so they can be stale: read [`ui_state`](Draft::ui_state) when
    ///   the current state matters. Reading the draft from `f` is safe and cannot deadlock; `f`
    ///   must not wait for another thread that is calling into this draft, and must not answer
    ///   every error event with another refused call (that never ends);
    /// - a panic in `f` is caught at the boundary and swallowed (the panic hook still reports
    ///   it): that event is lost, the draft's call completes normally, and later events still
    ///   reach `f`. Never let `f` rely on unwinding out of it.
    ///
    /// A failing library call made from `f` (on any draft) replaces the calling thread's last
    /// library message, which the outer call's [`Error`](crate::Error) is read from; keep `f`'s
    /// own calls infallible where the outer error message matters.
    ///
    /// The closure is owned by the draft and dropped when it is replaced, cleared
    /// ([`clear_listener`](Draft::clear_listener)) or the draft is dropped, always after the
    /// library has forgotten it.
    ///
    /// ```no_run
    /// use std::sync::mpsc;
    /// use message_composer::{Draft, EventKind};
    ///
    /// let mut draft = Draft::new(None)?;
    /// let (tx, rx) = mpsc::channel();
    /// draft.set_listener(move |event| {
    ///     let _ = tx.send(event);
    /// })?;
    /// draft.insert("hi")?;
    /// let kinds: Vec<EventKind> = rx.try_iter().map(|e| e.kind).collect();
    /// assert!(kinds.contains(&EventKind::Text));
    /// # Ok::<(), message_composer::Error>(())
    /// ```
    pub fn set_listener<F>(&mut self, f: F) -> Result<()>
    where
        F: FnMut(Event) + Send + 'static,
    {
        let listener = Box::new(Listener::new(Box::new(f)));
        let user_data: *const Listener = &*listener;
        // SAFETY: the handle is live; the trampoline matches mc_listener, and user_data points
        // at the boxed `Listener`, whose address is stable and which `self` keeps alive until
        // after it is unregistered (replaced here, cleared, or on drop).
        check(unsafe {
            sys::mc_draft_set_listener(self.as_raw(), Some(trampoline), user_data.cast_mut().cast())
        })?;
        // The library now calls only the new listener, and no call on this draft is in flight
        // (`&mut self`), so the previous one can go.
        self.listener = Some(listener);
        Ok(())
    }

    /// Removes the listener, if any, and drops its closure.
    pub fn clear_listener(&mut self) -> Result<()> {
        // SAFETY: the handle is live; NULL unregisters.
        check(unsafe { sys::mc_draft_set_listener(self.as_raw(), None, ptr::null_mut()) })?;
        self.listener = None;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicPtr, Ordering};
    use std::sync::Arc;

    #[test]
    fn kinds_round_trip_and_follow_the_header() {
        for (i, &(kind, raw)) in KINDS.iter().enumerate() {
            assert_eq!(raw, i as sys::mc_event);
            assert_eq!(EventKind::from_raw(raw), kind);
            assert_eq!(kind.raw(), raw);
        }
        assert_eq!(EventKind::from_raw(15), EventKind::Unknown(15));
        assert_eq!(EventKind::from_raw(-1).raw(), -1);
    }

    fn recording() -> (Listener, Arc<Mutex<Vec<String>>>) {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&seen);
        let listener = Listener::new(Box::new(move |e: Event| {
            lock(&sink).push(e.payload.clone());
            if e.payload == "panic" {
                panic!("listener panics");
            }
        }));
        (listener, seen)
    }

    fn call(listener: &Listener, kind: i32, payload: &str) {
        let payload = std::ffi::CString::new(payload).unwrap();
        let user_data: *const Listener = listener;
        // SAFETY: user_data is a live Listener and payload a valid C string.
        unsafe { trampoline(user_data.cast_mut().cast(), kind, payload.as_ptr()) };
    }

    #[test]
    fn the_trampoline_swallows_panics_and_keeps_delivering() {
        let (listener, seen) = recording();
        call(&listener, sys::MC_EVENT_TEXT, "a");
        call(&listener, sys::MC_EVENT_TEXT, "panic");
        call(&listener, sys::MC_EVENT_TEXT, "b");
        let user_data: *const Listener = &listener;
        // SAFETY: as in `call`, with a NULL payload.
        unsafe { trampoline(user_data.cast_mut().cast(), 99, ptr::null()) };
        assert_eq!(*lock(&seen), ["a", "panic", "b", ""]);
        assert!(lock(&listener.delivery).running_on.is_none());
    }

    #[test]
    fn events_raised_inside_the_closure_are_queued_not_reentered() {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&seen);
        // The closure reaches its own listener, as a closure calling into its draft would.
        let me = Arc::new(AtomicPtr::new(ptr::null_mut::<Listener>()));
        let this = Arc::clone(&me);
        let listener = Box::new(Listener::new(Box::new(move |e: Event| {
            let depth = lock(&sink).len();
            lock(&sink).push(format!("start {}", e.payload));
            if depth == 0 {
                let inner = this.load(Ordering::SeqCst);
                // SAFETY: `inner` is the boxed listener below, alive for the whole test.
                call(unsafe { &*inner }, sys::MC_EVENT_ERROR, "nested 1");
                call(unsafe { &*inner }, sys::MC_EVENT_ERROR, "nested 2");
            }
            lock(&sink).push(format!("end {}", e.payload));
        })));
        me.store(
            &*listener as *const Listener as *mut Listener,
            Ordering::SeqCst,
        );
        call(&listener, sys::MC_EVENT_TEXT, "outer");
        assert_eq!(
            *lock(&seen),
            [
                "start outer",
                "end outer",
                "start nested 1",
                "end nested 1",
                "start nested 2",
                "end nested 2"
            ]
        );
    }
}
