//! Library-wide functions: versions, what offset conversion refuses before C, the error type.

mod common;

use common::assert_err;
use message_composer::{abi_version, convert_offset, sys, version, Draft, ErrorKind, Unit};

#[test]
fn versions_match_the_header() {
    assert_eq!(version(), "0.2.0");
    assert_eq!(version(), sys::MC_VERSION_STRING);
    assert_eq!(
        version(),
        format!(
            "{}.{}.{}",
            sys::MC_VERSION_MAJOR,
            sys::MC_VERSION_MINOR,
            sys::MC_VERSION_PATCH
        )
    );
    assert_eq!(abi_version(), 1);
    assert_eq!(abi_version(), sys::MC_ABI_VERSION);
}

#[test]
fn convert_offset_refuses_what_c_cannot_receive() {
    // The C function reads a NUL-terminated string, so U+0000 cannot reach it.
    assert_err(
        convert_offset("ab\0c", 1, Unit::Scalar, Unit::Utf8),
        ErrorKind::InvalidUtf8,
        "mc_convert_offset: string argument holds U+0000 at byte 2",
    );
    if let Ok(huge) = usize::try_from(i64::MAX as u64 + 1) {
        assert_err(
            convert_offset("a", huge, Unit::Scalar, Unit::Utf8),
            ErrorKind::OutOfRange,
            &format!("mc_convert_offset: offset {huge} does not fit in int64_t"),
        );
    }
}

#[test]
fn error_kinds_map_every_status_code() {
    let table = [
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
    for (kind, code) in table {
        assert_eq!(ErrorKind::from_code(code), kind);
        assert_eq!(kind.code(), Some(code));
    }
    for code in [sys::MC_OK, -11, 1, i32::MIN] {
        assert_eq!(ErrorKind::from_code(code), ErrorKind::Unknown, "{code}");
    }
    assert_eq!(ErrorKind::Unknown.code(), None);
}

#[test]
fn every_status_the_library_names_has_its_error_kind() {
    // mc_status_name knows every status of the library; each error status must have a kind here.
    let name = |code| {
        unsafe { std::ffi::CStr::from_ptr(sys::mc_status_name(code)) }
            .to_str()
            .unwrap()
    };
    let known: Vec<i32> = (-256..=256)
        .filter(|&c| name(c) != "(unknown mc_status)")
        .collect();
    assert_eq!(name(sys::MC_OK), "MC_OK");
    assert!(known.len() > 10, "{known:?}");
    for code in known.into_iter().filter(|&c| c != sys::MC_OK) {
        assert!(name(code).starts_with("MC_ERR_"), "{code}: {}", name(code));
        assert_ne!(
            ErrorKind::from_code(code),
            ErrorKind::Unknown,
            "{}",
            name(code)
        );
    }
    for code in [1, -1000, i32::MIN, i32::MAX] {
        assert_eq!(name(code), "(unknown mc_status)");
    }
}

#[test]
fn error_carries_code_and_message_and_displays_both() {
    let error = Draft::new(Some("{")).expect_err("invalid JSON");
    assert_eq!(error.code(), sys::MC_ERR_INVALID_JSON);
    assert_eq!(error.kind(), ErrorKind::InvalidJson);
    assert_eq!(
        error.message(),
        "mc_draft_new: invalid JSON: expected a string key at byte 1"
    );
    assert_eq!(
        error.to_string(),
        "mc_draft_new: invalid JSON: expected a string key at byte 1 (MC_ERR_INVALID_JSON, status -5)"
    );
    assert_eq!(error.status_name(), "MC_ERR_INVALID_JSON");
    // A std::error::Error, usable with `?` in a Box<dyn Error> context.
    let boxed: Box<dyn std::error::Error + Send + Sync> = Box::new(error.clone());
    assert_eq!(boxed.to_string(), error.to_string());
}

#[test]
fn unit_values_are_the_header_constants() {
    assert_eq!(Unit::Scalar.raw(), sys::MC_UNIT_SCALAR);
    assert_eq!(Unit::Utf16.raw(), sys::MC_UNIT_UTF16);
    assert_eq!(Unit::Utf8.raw(), sys::MC_UNIT_UTF8);
}
