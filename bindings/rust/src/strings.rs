//! Strings across the boundary: `&str` in as C strings, library-owned `char *` out as `String`.

use std::ffi::{c_char, CStr, CString};
use std::ptr;

use crate::error::{check, Error, Result};
use crate::sys;

/// A NUL-terminated copy of `s` for a C function without a length-taking variant.
///
/// C cannot see past a NUL, so a string holding U+0000 is refused here with the code the library
/// gives for it (`MC_ERR_INVALID_UTF8`) rather than passed on truncated.
pub(crate) fn c_string(s: &str, function: &str) -> Result<CString> {
    CString::new(s).map_err(|e| nul_error(function, e.nul_position()))
}

/// Refuses a string holding U+0000 as [`c_string`] does, for a string that reaches C inside
/// another one (a uid or name in a JSON argument), where C would not cut it but the library
/// could not hand it back either.
pub(crate) fn refuse_nul(s: &str, function: &str) -> Result<()> {
    match s.bytes().position(|b| b == 0) {
        Some(position) => Err(nul_error(function, position)),
        None => Ok(()),
    }
}

fn nul_error(function: &str, position: usize) -> Error {
    Error::new(
        sys::MC_ERR_INVALID_UTF8,
        format!("{function}: string argument holds U+0000 at byte {position}"),
    )
}

/// Frees a library string when dropped, on every path.
struct LibraryString(*mut c_char);

impl Drop for LibraryString {
    fn drop(&mut self) {
        // SAFETY: the pointer came from a `char **` out-parameter of the library (or is NULL,
        // which mc_string_free accepts) and is freed exactly once, here.
        unsafe { sys::mc_string_free(self.0) }
    }
}

/// Calls `call` with a `char **` out-parameter and copies the string it returns into a `String`,
/// freeing the library's copy with `mc_string_free`.
pub(crate) fn take_string(
    function: &str,
    call: impl FnOnce(*mut *mut c_char) -> sys::mc_status,
) -> Result<String> {
    let mut out: *mut c_char = ptr::null_mut();
    let status = call(&mut out);
    let owned = LibraryString(out);
    check(status)?;
    if owned.0.is_null() {
        return Err(Error::new(
            sys::MC_ERR_NULL_ARGUMENT,
            format!("{function}: the library returned MC_OK and a NULL string"),
        ));
    }
    // SAFETY: on MC_OK the out-parameter holds a NUL-terminated string that stays valid until
    // `owned` frees it at the end of this function.
    let bytes = unsafe { CStr::from_ptr(owned.0) }.to_bytes();
    String::from_utf8(bytes.to_vec()).map_err(|_| {
        Error::new(
            sys::MC_ERR_INVALID_UTF8,
            format!("{function}: the library returned invalid UTF-8"),
        )
    })
}
