//! Offset units and the passage of offsets between `usize` and C's `int64_t`.

use crate::error::{Error, Result};
use crate::sys;

/// A unit for counting positions in a text.
///
/// Every offset of this API is in [`Unit::Scalar`] (Unicode scalar values, that is `char`s, not
/// bytes); the other units exist for conversions with [`convert_offset`](crate::convert_offset)
/// and [`Draft::convert_offset`](crate::Draft::convert_offset), for example to index a `str`
/// (UTF-8 bytes) or a UTF-16 editor buffer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Unit {
    /// Unicode scalar values (`char`s): the unit of every offset in this API.
    Scalar,
    /// UTF-16 code units.
    Utf16,
    /// UTF-8 bytes (byte offsets into a `str`).
    Utf8,
}

impl Unit {
    /// The `MC_UNIT_*` value.
    pub fn raw(self) -> sys::mc_unit {
        match self {
            Unit::Scalar => sys::MC_UNIT_SCALAR,
            Unit::Utf16 => sys::MC_UNIT_UTF16,
            Unit::Utf8 => sys::MC_UNIT_UTF8,
        }
    }
}

/// An offset for C; one that does not fit `int64_t` is out of range.
pub(crate) fn to_c(offset: usize, function: &str) -> Result<i64> {
    i64::try_from(offset).map_err(|_| {
        Error::new(
            sys::MC_ERR_OUT_OF_RANGE,
            format!("{function}: offset {offset} does not fit in int64_t"),
        )
    })
}

/// An offset from C, which never hands out a negative one.
pub(crate) fn from_c(offset: i64, function: &str) -> Result<usize> {
    usize::try_from(offset).map_err(|_| {
        Error::new(
            sys::MC_ERR_OUT_OF_RANGE,
            format!("{function}: the library returned offset {offset}"),
        )
    })
}
