//! The error type: a status code plus the library's message.

use std::ffi::CStr;
use std::fmt;

use crate::sys;

/// What went wrong, one variant per `MC_ERR_*` status code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// `MC_ERR_INVALID_ARGUMENT`: malformed or ill-typed argument (config, document, unit).
    InvalidArgument,
    /// `MC_ERR_NULL_ARGUMENT`: a required pointer was NULL.
    NullArgument,
    /// `MC_ERR_INVALID_HANDLE`: the draft handle is NULL, freed or was never issued.
    InvalidHandle,
    /// `MC_ERR_INVALID_UTF8`: a string is not valid UTF-8 or holds U+0000.
    InvalidUtf8,
    /// `MC_ERR_INVALID_JSON`: a JSON argument does not parse.
    InvalidJson,
    /// `MC_ERR_OUT_OF_RANGE`: an offset or range is outside the text or inside a character.
    OutOfRange,
    /// `MC_ERR_UNSAFE_LINK`: a link URL has a refused scheme or is malformed.
    UnsafeLink,
    /// `MC_ERR_INVALID_COLOR`: a colour is not an opaque `#rgb` / `#rrggbb`.
    InvalidColor,
    /// `MC_ERR_NOT_ALLOWED`: not allowed in the draft's state or configuration.
    NotAllowed,
    /// `MC_ERR_LIMIT_EXCEEDED`: a limit would be exceeded: `mention_limit`, or a size limit
    /// (`sys::MC_MAX_*`, docs/limits.md).
    LimitExceeded,
    /// A status code this binding does not know (a newer library); see [`Error::code`].
    Unknown,
}

/// The one table between kinds and status codes.
const KINDS: [(ErrorKind, sys::mc_status); 10] = [
    (ErrorKind::InvalidArgument, sys::MC_ERR_INVALID_ARGUMENT),
    (ErrorKind::NullArgument, sys::MC_ERR_NULL_ARGUMENT),
    (ErrorKind::InvalidHandle, sys::MC_ERR_INVALID_HANDLE),
    (ErrorKind::InvalidUtf8, sys::MC_ERR_INVALID_UTF8),
    (ErrorKind::InvalidJson, sys::MC_ERR_INVALID_JSON),
    (ErrorKind::OutOfRange, sys::MC_ERR_OUT_OF_RANGE),
    (ErrorKind::UnsafeLink, sys::MC_ERR_UNSAFE_LINK),
    (ErrorKind::InvalidColor, sys::MC_ERR_INVALID_COLOR),
    (ErrorKind::NotAllowed, sys::MC_ERR_NOT_ALLOWED),
    (ErrorKind::LimitExceeded, sys::MC_ERR_LIMIT_EXCEEDED),
];

impl ErrorKind {
    /// The kind of a status code; [`ErrorKind::Unknown`] for codes this binding does not know.
    pub fn from_code(code: sys::mc_status) -> ErrorKind {
        KINDS
            .iter()
            .find(|&&(_, c)| c == code)
            .map_or(ErrorKind::Unknown, |&(kind, _)| kind)
    }

    /// The status code of this kind; `None` for [`ErrorKind::Unknown`].
    pub fn code(self) -> Option<sys::mc_status> {
        KINDS
            .iter()
            .find(|&&(k, _)| k == self)
            .map(|&(_, code)| code)
    }
}

/// A failed call: the library's status code and message.
///
/// The message is the library's `mc_last_error()` text, read on the calling thread right after
/// the failing call (for example `mc_draft_new: config: unknown key "foo"`). The few refusals made
/// by the binding itself, before reaching C, use the code the library gives for the same fault
/// and name the C function in the same way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    code: sys::mc_status,
    message: String,
}

/// The result of every fallible call in this crate.
pub type Result<T> = std::result::Result<T, Error>;

impl Error {
    pub(crate) fn new(code: sys::mc_status, message: impl Into<String>) -> Error {
        Error {
            code,
            message: message.into(),
        }
    }

    /// The error of a failed call, with the calling thread's last library message.
    pub(crate) fn last(code: sys::mc_status) -> Error {
        // SAFETY: mc_last_error takes no arguments and returns a NUL-terminated string owned by
        // the library (never NULL), valid until the next failing call on this thread; it is
        // copied before any other call.
        let message = unsafe {
            let p = sys::mc_last_error();
            if p.is_null() {
                String::new()
            } else {
                CStr::from_ptr(p).to_string_lossy().into_owned()
            }
        };
        Error { code, message }
    }

    /// The status code (`MC_ERR_*`, negative).
    pub fn code(&self) -> sys::mc_status {
        self.code
    }

    /// The kind of failure, from the status code.
    pub fn kind(&self) -> ErrorKind {
        ErrorKind::from_code(self.code)
    }

    /// The library's message.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The status code's name as the library gives it (`mc_status_name`), for example
    /// `"MC_ERR_INVALID_HANDLE"`; `"(unknown mc_status)"` for a code the library does not know.
    pub fn status_name(&self) -> &'static str {
        // SAFETY: mc_status_name accepts any value and returns a static NUL-terminated ASCII
        // string owned by the library for the life of the process, never NULL.
        let name = unsafe { CStr::from_ptr(sys::mc_status_name(self.code)) };
        name.to_str().unwrap_or("(unknown mc_status)")
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} ({}, status {})",
            self.message,
            self.status_name(),
            self.code
        )
    }
}

impl std::error::Error for Error {}

/// `Ok(())` for `MC_OK`, else the error with the calling thread's last message.
pub(crate) fn check(status: sys::mc_status) -> Result<()> {
    if status == sys::MC_OK {
        Ok(())
    } else {
        Err(Error::last(status))
    }
}
