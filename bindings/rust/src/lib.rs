//! Rust binding of `libmessage_composer`, the headless engine of a chat message composer.
//!
//! Two layers, as in `git2` / `libgit2-sys`:
//! - [`sys`]: the raw C declarations of `include/message_composer.h`, checked against the
//!   header by `tests/header.rs`;
//! - the safe API here: [`Draft`] (an owning handle, freed on drop, [`Send`] and [`Sync`]),
//!   [`Error`] (the library's status code and message) and a few free functions.
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
//! assert_eq!(draft.document()?, r#"{"text":"héllo","spans":[]}"#);
//! # Ok::<(), message_composer::Error>(())
//! ```
//!
//! The library is linked from `$MESSAGE_COMPOSER_LIB_DIR`, else from the repository's
//! `build/lib` (run `make` at the repository root first).

pub mod sys;

mod draft;
mod error;
mod offset;
mod strings;

use std::ffi::CStr;

pub use draft::Draft;
pub use error::{Error, ErrorKind, Result};
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
