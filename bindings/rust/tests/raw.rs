//! The raw layer: what the safe API cannot express (NULL handles and out-parameters, freed and
//! forged handles, invalid UTF-8, unknown units, formats, caret units and flag bits, negative
//! offsets, malformed mention JSON) is refused with an error, never a crash.

use std::ffi::{c_char, CStr};
use std::ptr;

use message_composer::sys::*;

/// The calling thread's last error message.
fn last_error() -> String {
    unsafe { CStr::from_ptr(mc_last_error()) }
        .to_str()
        .unwrap()
        .to_string()
}

/// Asserts a status and the message recorded with it.
#[track_caller]
fn assert_status(status: mc_status, expected: mc_status, message: &str) {
    assert_eq!(status, expected, "status (message: {})", last_error());
    assert_eq!(last_error(), message);
}

/// Copies and frees a string returned through `char **`.
fn take(s: *mut c_char) -> String {
    assert!(!s.is_null());
    let copy = unsafe { CStr::from_ptr(s) }.to_str().unwrap().to_string();
    unsafe { mc_string_free(s) };
    copy
}

fn new_draft() -> *mut mc_draft {
    let mut draft = ptr::null_mut();
    assert_eq!(unsafe { mc_draft_new(ptr::null(), &mut draft) }, MC_OK);
    assert!(!draft.is_null());
    draft
}

fn text_of(draft: *mut mc_draft) -> String {
    let mut out = ptr::null_mut();
    assert_eq!(unsafe { mc_draft_text(draft, &mut out) }, MC_OK);
    take(out)
}

/// Calls each draft function that the safe API wraps, with valid other arguments, and returns
/// (function name, status) for each.
fn call_everything(draft: *mut mc_draft) -> Vec<(&'static str, mc_status)> {
    let mut s = ptr::null_mut::<c_char>();
    let (mut a, mut b) = (0i64, 0i64);
    let mut results = Vec::new();
    unsafe {
        results.push(("mc_draft_config", mc_draft_config(draft, &mut s)));
        results.push((
            "mc_draft_convert_offset",
            mc_draft_convert_offset(draft, 0, MC_UNIT_SCALAR, MC_UNIT_UTF8, &mut a),
        ));
        results.push(("mc_draft_document", mc_draft_document(draft, &mut s)));
        results.push(("mc_draft_length", mc_draft_length(draft, &mut a)));
        results.push((
            "mc_draft_load_document",
            mc_draft_load_document(draft, c"{\"text\":\"x\"}".as_ptr()),
        ));
        results.push((
            "mc_draft_replace",
            mc_draft_replace(draft, 0, 0, c"x".as_ptr()),
        ));
        results.push((
            "mc_draft_replace_n",
            mc_draft_replace_n(draft, 0, 0, c"x".as_ptr(), 1),
        ));
        results.push((
            "mc_draft_selection",
            mc_draft_selection(draft, &mut a, &mut b),
        ));
        results.push((
            "mc_draft_set_selection",
            mc_draft_set_selection(draft, 0, 0),
        ));
        results.push(("mc_draft_text", mc_draft_text(draft, &mut s)));
        // Editing, formats, links, mentions and history.
        let mut flags = (false, false);
        results.push(("mc_draft_insert", mc_draft_insert(draft, c"x".as_ptr())));
        results.push((
            "mc_draft_insert_n",
            mc_draft_insert_n(draft, c"x".as_ptr(), 1),
        ));
        results.push(("mc_draft_enter", mc_draft_enter(draft)));
        results.push(("mc_draft_delete_backward", mc_draft_delete_backward(draft)));
        results.push(("mc_draft_delete_forward", mc_draft_delete_forward(draft)));
        results.push((
            "mc_draft_move_caret",
            mc_draft_move_caret(draft, MC_CARET_WORD, 1, MC_FLAG_EXTEND),
        ));
        results.push(("mc_draft_select_all", mc_draft_select_all(draft)));
        results.push((
            "mc_draft_apply_format",
            mc_draft_apply_format(draft, 0, 0, MC_FORMAT_BOLD, ptr::null(), MC_FLAG_PROTECT),
        ));
        results.push((
            "mc_draft_remove_format",
            mc_draft_remove_format(draft, 0, 0, MC_FORMAT_BOLD, 0),
        ));
        results.push((
            "mc_draft_toggle_format",
            mc_draft_toggle_format(draft, 0, 0, MC_FORMAT_BOLD, ptr::null(), 0),
        ));
        results.push((
            "mc_draft_active_formats",
            mc_draft_active_formats(draft, &mut s),
        ));
        results.push((
            "mc_draft_set_link",
            mc_draft_set_link(draft, c"a.b".as_ptr()),
        ));
        results.push(("mc_draft_remove_link", mc_draft_remove_link(draft)));
        results.push((
            "mc_draft_insert_link",
            mc_draft_insert_link(draft, c"x".as_ptr(), c"a.b".as_ptr()),
        ));
        results.push((
            "mc_draft_insert_mention",
            mc_draft_insert_mention(draft, c"u1".as_ptr(), c"Ann".as_ptr()),
        ));
        results.push(("mc_draft_mentions", mc_draft_mentions(draft, &mut s)));
        results.push(("mc_draft_undo", mc_draft_undo(draft)));
        results.push(("mc_draft_redo", mc_draft_redo(draft)));
        results.push((
            "mc_draft_undo_state",
            mc_draft_undo_state(draft, &mut flags.0, &mut flags.1),
        ));
        results.push(("mc_draft_begin_batch", mc_draft_begin_batch(draft)));
        results.push(("mc_draft_commit_batch", mc_draft_commit_batch(draft)));
        // Wire format.
        results.push(("mc_draft_serialize", mc_draft_serialize(draft, &mut s)));
        results.push((
            "mc_draft_load_markdown",
            mc_draft_load_markdown(draft, c"**x**".as_ptr(), c"{\"u1\":\"Ann\"}".as_ptr()),
        ));
        results.push((
            "mc_draft_normalize_markdown",
            mc_draft_normalize_markdown(draft),
        ));
    }
    assert!(s.is_null(), "a refused call returned a string");
    results
}

#[test]
fn a_null_handle_is_refused() {
    for (function, status) in call_everything(ptr::null_mut()) {
        assert_eq!(status, MC_ERR_INVALID_HANDLE, "{function}");
        // The message is recorded at once, before the next call.
        let _ = last_error();
    }
    let mut length = -1;
    assert_status(
        unsafe { mc_draft_length(ptr::null_mut(), &mut length) },
        MC_ERR_INVALID_HANDLE,
        "mc_draft_length: draft is NULL",
    );
    assert_eq!(length, -1, "out-parameter untouched on error");
    unsafe { mc_draft_free(ptr::null_mut()) }; // does nothing
}

#[test]
fn freed_and_double_freed_handles_are_refused() {
    let draft = new_draft();
    unsafe { mc_draft_free(draft) };
    for (function, status) in call_everything(draft) {
        assert_eq!(status, MC_ERR_INVALID_HANDLE, "{function}");
    }
    assert_status(
        unsafe { mc_draft_set_selection(draft, 0, 0) },
        MC_ERR_INVALID_HANDLE,
        "mc_draft_set_selection: draft handle is invalid (freed, double-freed or never issued)",
    );
    // Double free: refused and recorded, no crash.
    unsafe { mc_draft_new(c"{".as_ptr(), &mut ptr::null_mut()) }; // some other last error first
    unsafe { mc_draft_free(draft) };
    assert_eq!(
        last_error(),
        "mc_draft_free: draft handle is invalid (freed, double-freed or never issued)"
    );
    // A new draft may reuse the slot; the old handle still does not reach it.
    let other = new_draft();
    assert_eq!(
        unsafe { mc_draft_replace(other, 0, 0, c"mine".as_ptr()) },
        MC_OK
    );
    assert_eq!(
        unsafe { mc_draft_replace(draft, 0, 0, c"stale".as_ptr()) },
        MC_ERR_INVALID_HANDLE
    );
    unsafe { mc_draft_free(draft) };
    assert_eq!(text_of(other), "mine");
    unsafe { mc_draft_free(other) };
}

#[test]
fn forged_handles_are_refused_without_being_dereferenced() {
    let mut local = 0u64;
    let forged: [*mut mc_draft; 4] = [
        0xdead_beef_usize as *mut mc_draft,
        ptr::addr_of_mut!(local).cast(),
        // Shaped like a real handle (tag 0xB), with a generation no slot ever had.
        0xffff_fff0_0000_001b_u64 as usize as *mut mc_draft,
        usize::MAX as *mut mc_draft,
    ];
    for draft in forged {
        for (function, status) in call_everything(draft) {
            assert_eq!(status, MC_ERR_INVALID_HANDLE, "{function} with {draft:?}");
        }
        unsafe { mc_draft_free(draft) };
        assert_eq!(
            last_error(),
            "mc_draft_free: draft handle is invalid (freed, double-freed or never issued)"
        );
    }
    assert_eq!(local, 0);
}

#[test]
fn null_out_parameters_are_refused() {
    let draft = new_draft();
    let mut a = 0i64;
    unsafe {
        assert_status(
            mc_draft_new(ptr::null(), ptr::null_mut()),
            MC_ERR_NULL_ARGUMENT,
            "mc_draft_new: out_draft is NULL",
        );
        assert_status(
            mc_draft_config(draft, ptr::null_mut()),
            MC_ERR_NULL_ARGUMENT,
            "mc_draft_config: out_json is NULL",
        );
        assert_status(
            mc_draft_text(draft, ptr::null_mut()),
            MC_ERR_NULL_ARGUMENT,
            "mc_draft_text: out_text is NULL",
        );
        assert_status(
            mc_draft_document(draft, ptr::null_mut()),
            MC_ERR_NULL_ARGUMENT,
            "mc_draft_document: out_document_json is NULL",
        );
        assert_status(
            mc_draft_length(draft, ptr::null_mut()),
            MC_ERR_NULL_ARGUMENT,
            "mc_draft_length: out_length is NULL",
        );
        assert_status(
            mc_draft_selection(draft, ptr::null_mut(), &mut a),
            MC_ERR_NULL_ARGUMENT,
            "mc_draft_selection: out_anchor is NULL",
        );
        assert_status(
            mc_draft_selection(draft, &mut a, ptr::null_mut()),
            MC_ERR_NULL_ARGUMENT,
            "mc_draft_selection: out_focus is NULL",
        );
        assert_status(
            mc_draft_convert_offset(draft, 0, MC_UNIT_SCALAR, MC_UNIT_UTF8, ptr::null_mut()),
            MC_ERR_NULL_ARGUMENT,
            "mc_draft_convert_offset: out_offset is NULL",
        );
        assert_status(
            mc_convert_offset(
                c"abc".as_ptr(),
                0,
                MC_UNIT_SCALAR,
                MC_UNIT_UTF8,
                ptr::null_mut(),
            ),
            MC_ERR_NULL_ARGUMENT,
            "mc_convert_offset: out_offset is NULL",
        );
        // NULL handle and NULL out-parameter together: an error either way.
        for status in [
            mc_draft_config(ptr::null_mut(), ptr::null_mut()),
            mc_draft_text(ptr::null_mut(), ptr::null_mut()),
            mc_draft_document(ptr::null_mut(), ptr::null_mut()),
            mc_draft_length(ptr::null_mut(), ptr::null_mut()),
            mc_draft_selection(ptr::null_mut(), ptr::null_mut(), ptr::null_mut()),
            mc_draft_convert_offset(ptr::null_mut(), 0, 0, 0, ptr::null_mut()),
        ] {
            assert!(
                status == MC_ERR_INVALID_HANDLE || status == MC_ERR_NULL_ARGUMENT,
                "{status}"
            );
        }
        mc_draft_free(draft);
    }
}

#[test]
fn null_and_invalid_input_strings_are_refused() {
    let draft = new_draft();
    let bad = b"ab\xff\0";
    let bad_ptr = bad.as_ptr().cast::<c_char>();
    unsafe {
        assert_status(
            mc_draft_replace(draft, 0, 0, ptr::null()),
            MC_ERR_NULL_ARGUMENT,
            "mc_draft_replace: utf8 is NULL",
        );
        assert_status(
            mc_draft_replace(draft, 0, 0, bad_ptr),
            MC_ERR_INVALID_UTF8,
            "mc_draft_replace: invalid UTF-8 in string argument",
        );
        // A truncated sequence at the end.
        assert_status(
            mc_draft_replace(draft, 0, 0, c"abc\xc3".as_ptr()),
            MC_ERR_INVALID_UTF8,
            "mc_draft_replace: invalid UTF-8 in string argument",
        );
        assert_status(
            mc_draft_replace_n(draft, 0, 0, ptr::null(), 3),
            MC_ERR_NULL_ARGUMENT,
            "mc_draft_replace_n: utf8 is NULL",
        );
        assert_status(
            mc_draft_replace_n(draft, 0, 0, bad_ptr, 3),
            MC_ERR_INVALID_UTF8,
            "mc_draft_replace_n: invalid UTF-8 in string argument",
        );
        // Surrogates encoded in UTF-8 (CESU) are not UTF-8.
        let cesu = b"\xed\xa0\xbd";
        assert_status(
            mc_draft_replace_n(draft, 0, 0, cesu.as_ptr().cast(), cesu.len()),
            MC_ERR_INVALID_UTF8,
            "mc_draft_replace_n: invalid UTF-8 in string argument",
        );
        assert_status(
            mc_draft_load_document(draft, ptr::null()),
            MC_ERR_NULL_ARGUMENT,
            "mc_draft_load_document: document_json is NULL",
        );
        assert_status(
            mc_draft_load_document(draft, c"{\"text\":\"\xff\"}".as_ptr()),
            MC_ERR_INVALID_UTF8,
            "mc_draft_load_document: invalid UTF-8 in string argument",
        );
        let mut out = 123;
        assert_status(
            mc_convert_offset(ptr::null(), 0, MC_UNIT_SCALAR, MC_UNIT_UTF8, &mut out),
            MC_ERR_NULL_ARGUMENT,
            "mc_convert_offset: utf8 is NULL",
        );
        assert_status(
            mc_convert_offset(bad_ptr, 0, MC_UNIT_SCALAR, MC_UNIT_UTF8, &mut out),
            MC_ERR_INVALID_UTF8,
            "mc_convert_offset: invalid UTF-8 in string argument",
        );
        let mut fresh = ptr::null_mut();
        assert_status(
            mc_draft_new(c"{\"a\":\"\xff\"}".as_ptr(), &mut fresh),
            MC_ERR_INVALID_UTF8,
            "mc_draft_new: invalid UTF-8 in string argument",
        );
        assert!(fresh.is_null());
        // Nothing above changed the draft.
        assert_eq!(text_of(draft), "");
        // NULL with length 0 is an empty insertion.
        assert_eq!(mc_draft_replace_n(draft, 0, 0, ptr::null(), 0), MC_OK);
        // The NUL-terminated variant inserts up to the NUL.
        assert_eq!(mc_draft_replace(draft, 0, 0, c"héllo".as_ptr()), MC_OK);
        assert_eq!(text_of(draft), "héllo");
        mc_draft_free(draft);
    }
}

#[test]
fn a_failed_new_sets_the_out_parameter_to_null() {
    let mut sentinel = 0u8;
    let mut draft: *mut mc_draft = ptr::addr_of_mut!(sentinel).cast();
    assert_status(
        unsafe { mc_draft_new(c"{\"foo\":1}".as_ptr(), &mut draft) },
        MC_ERR_INVALID_ARGUMENT,
        "mc_draft_new: config: unknown key \"foo\"",
    );
    assert!(draft.is_null());
}

#[test]
fn unknown_units_and_negative_offsets_are_refused() {
    let draft = new_draft();
    let mut out = -7;
    unsafe {
        assert_eq!(mc_draft_replace(draft, 0, 0, c"abc".as_ptr()), MC_OK);
        for unit in [3, -1, i32::MAX] {
            assert_status(
                mc_draft_convert_offset(draft, 0, unit, MC_UNIT_SCALAR, &mut out),
                MC_ERR_INVALID_ARGUMENT,
                &format!("mc_draft_convert_offset: unknown unit {unit}"),
            );
            assert_status(
                mc_draft_convert_offset(draft, 0, MC_UNIT_UTF8, unit, &mut out),
                MC_ERR_INVALID_ARGUMENT,
                &format!("mc_draft_convert_offset: unknown unit {unit}"),
            );
            assert_status(
                mc_convert_offset(c"abc".as_ptr(), 0, unit, MC_UNIT_UTF16, &mut out),
                MC_ERR_INVALID_ARGUMENT,
                &format!("mc_convert_offset: unknown unit {unit}"),
            );
        }
        assert_eq!(out, -7, "out-parameter untouched on error");
        assert_status(
            mc_draft_convert_offset(draft, -1, MC_UNIT_SCALAR, MC_UNIT_UTF8, &mut out),
            MC_ERR_OUT_OF_RANGE,
            "mc_draft_convert_offset: offset -1 is negative",
        );
        assert_status(
            mc_convert_offset(
                c"a".as_ptr(),
                i64::MIN,
                MC_UNIT_SCALAR,
                MC_UNIT_UTF8,
                &mut out,
            ),
            MC_ERR_OUT_OF_RANGE,
            "mc_convert_offset: offset -9223372036854775808 is negative",
        );
        assert_status(
            mc_draft_replace(draft, -1, 0, c"x".as_ptr()),
            MC_ERR_OUT_OF_RANGE,
            "mc_draft_replace: range [-1, 0) is outside the text (length 3)",
        );
        assert_status(
            mc_draft_replace_n(draft, 0, i64::MAX, c"x".as_ptr(), 1),
            MC_ERR_OUT_OF_RANGE,
            "mc_draft_replace_n: range [0, 9223372036854775807) is outside the text (length 3)",
        );
        // The selection setter clamps instead.
        let (mut anchor, mut focus) = (0, 0);
        assert_eq!(mc_draft_set_selection(draft, i64::MIN, i64::MAX), MC_OK);
        assert_eq!(mc_draft_selection(draft, &mut anchor, &mut focus), MC_OK);
        assert_eq!((anchor, focus), (0, 3));
        assert_eq!(text_of(draft), "abc");
        mc_draft_free(draft);
    }
}

#[test]
fn strings_out_are_owned_by_the_caller() {
    let draft = new_draft();
    unsafe {
        assert_eq!(mc_draft_replace(draft, 0, 0, c"owned".as_ptr()), MC_OK);
        let (mut text, mut document, mut config) =
            (ptr::null_mut(), ptr::null_mut(), ptr::null_mut());
        assert_eq!(mc_draft_text(draft, &mut text), MC_OK);
        assert_eq!(mc_draft_document(draft, &mut document), MC_OK);
        assert_eq!(mc_draft_config(draft, &mut config), MC_OK);
        // Each call returns its own copy, still valid after the draft is gone.
        let mut text2 = ptr::null_mut();
        assert_eq!(mc_draft_text(draft, &mut text2), MC_OK);
        assert_ne!(text, text2);
        mc_draft_free(draft);
        assert_eq!(take(text), "owned");
        assert_eq!(take(text2), "owned");
        assert_eq!(take(document), r#"{"text":"owned","spans":[]}"#);
        assert!(take(config).starts_with(r#"{"rich_text":true,"#));
        mc_string_free(ptr::null_mut());
    }
}

#[test]
fn the_last_error_is_per_thread_and_kept_by_successful_calls() {
    std::thread::spawn(|| {
        assert_eq!(last_error(), "", "a new thread has no error");
        let mut draft = ptr::null_mut();
        assert_eq!(
            unsafe { mc_draft_new(c"[]".as_ptr(), &mut draft) },
            MC_ERR_INVALID_ARGUMENT
        );
        let message = "mc_draft_new: config must be a JSON object, not array";
        assert_eq!(last_error(), message);
        let draft = new_draft();
        assert_eq!(text_of(draft), "");
        assert_eq!(last_error(), message, "successful calls leave it unchanged");
        std::thread::spawn(|| assert_eq!(last_error(), ""))
            .join()
            .unwrap();
        unsafe { mc_draft_free(draft) };
    })
    .join()
    .unwrap();
}

#[test]
fn version_functions() {
    assert_eq!(
        unsafe { CStr::from_ptr(mc_version()) }.to_str(),
        Ok(MC_VERSION_STRING)
    );
    assert_eq!(unsafe { mc_abi_version() }, MC_ABI_VERSION);
}

fn document_of(draft: *mut mc_draft) -> String {
    let mut out = ptr::null_mut();
    assert_eq!(unsafe { mc_draft_document(draft, &mut out) }, MC_OK);
    take(out)
}

fn selection_of(draft: *mut mc_draft) -> (i64, i64) {
    let (mut anchor, mut focus) = (-1, -1);
    assert_eq!(
        unsafe { mc_draft_selection(draft, &mut anchor, &mut focus) },
        MC_OK
    );
    (anchor, focus)
}

#[test]
fn unknown_formats_caret_units_and_flag_bits_are_refused() {
    let draft = new_draft();
    unsafe {
        assert_eq!(mc_draft_replace(draft, 0, 0, c"abc".as_ptr()), MC_OK);
        assert_eq!(mc_draft_set_selection(draft, 1, 2), MC_OK);
    }
    let (document, selection) = (document_of(draft), selection_of(draft));
    let null = ptr::null();
    unsafe {
        for format in [11, 12, -1, i32::MIN, i32::MAX] {
            assert_status(
                mc_draft_apply_format(draft, 0, 1, format, null, MC_FLAG_PROTECT),
                MC_ERR_INVALID_ARGUMENT,
                &format!("mc_draft_apply_format: unknown format {format}"),
            );
            assert_status(
                mc_draft_remove_format(draft, 0, 1, format, 0),
                MC_ERR_INVALID_ARGUMENT,
                &format!("mc_draft_remove_format: unknown format {format}"),
            );
            assert_status(
                mc_draft_toggle_format(draft, 0, 1, format, c"a.b".as_ptr(), 0),
                MC_ERR_INVALID_ARGUMENT,
                &format!("mc_draft_toggle_format: unknown format {format}"),
            );
        }
        // Format operations take MC_FLAG_PROTECT only; caret moves MC_FLAG_EXTEND only.
        for flags in [
            MC_FLAG_EXTEND,
            4,
            MC_FLAG_PROTECT | MC_FLAG_EXTEND,
            0x8000_0000,
        ] {
            let bits = flags & !MC_FLAG_PROTECT;
            assert_status(
                mc_draft_apply_format(draft, 0, 1, MC_FORMAT_BOLD, null, flags),
                MC_ERR_INVALID_ARGUMENT,
                &format!("mc_draft_apply_format: unknown flag bits {bits:#x}"),
            );
            assert_status(
                mc_draft_remove_format(draft, 0, 1, MC_FORMAT_BOLD, flags),
                MC_ERR_INVALID_ARGUMENT,
                &format!("mc_draft_remove_format: unknown flag bits {bits:#x}"),
            );
            assert_status(
                mc_draft_toggle_format(draft, 0, 1, MC_FORMAT_BOLD, null, flags),
                MC_ERR_INVALID_ARGUMENT,
                &format!("mc_draft_toggle_format: unknown flag bits {bits:#x}"),
            );
        }
        for flags in [
            MC_FLAG_PROTECT,
            4,
            MC_FLAG_PROTECT | MC_FLAG_EXTEND,
            0x8000_0000,
        ] {
            let bits = flags & !MC_FLAG_EXTEND;
            assert_status(
                mc_draft_move_caret(draft, MC_CARET_GRAPHEME, 1, flags),
                MC_ERR_INVALID_ARGUMENT,
                &format!("mc_draft_move_caret: unknown flag bits {bits:#x}"),
            );
        }
        for unit in [4, -1, i32::MAX] {
            assert_status(
                mc_draft_move_caret(draft, unit, 1, 0),
                MC_ERR_INVALID_ARGUMENT,
                &format!("mc_draft_move_caret: unknown caret unit {unit}"),
            );
        }
        // Negative offsets, which the safe API cannot express.
        assert_status(
            mc_draft_apply_format(draft, -1, 1, MC_FORMAT_BOLD, null, 0),
            MC_ERR_OUT_OF_RANGE,
            "mc_draft_apply_format: range [-1, 1) is outside the text (length 3)",
        );
        assert_status(
            mc_draft_remove_format(draft, i64::MIN, 0, MC_FORMAT_BOLD, 0),
            MC_ERR_OUT_OF_RANGE,
            "mc_draft_remove_format: range [-9223372036854775808, 0) is outside the text (length 3)",
        );
        // Invalid UTF-8 in a value.
        assert_status(
            mc_draft_apply_format(draft, 0, 1, MC_FORMAT_LINK, c"\xff.com".as_ptr(), 0),
            MC_ERR_INVALID_UTF8,
            "mc_draft_apply_format: invalid UTF-8 in string argument",
        );
    }
    assert_eq!(document_of(draft), document, "nothing changed");
    assert_eq!(selection_of(draft), selection);
    unsafe { mc_draft_free(draft) };
}

#[test]
fn null_strings_and_out_parameters_of_editing_functions_are_refused() {
    let draft = new_draft();
    let bad = c"a\xffb".as_ptr();
    let null = ptr::null();
    unsafe {
        assert_eq!(mc_draft_replace(draft, 0, 0, c"abc".as_ptr()), MC_OK);
        // Each call runs just before its message is read.
        let checks: [(&dyn Fn() -> mc_status, mc_status, &str); 16] = [
            (
                &|| mc_draft_insert(draft, null),
                MC_ERR_NULL_ARGUMENT,
                "mc_draft_insert: utf8 is NULL",
            ),
            (
                &|| mc_draft_insert(draft, bad),
                MC_ERR_INVALID_UTF8,
                "mc_draft_insert: invalid UTF-8 in string argument",
            ),
            (
                &|| mc_draft_insert_n(draft, null, 2),
                MC_ERR_NULL_ARGUMENT,
                "mc_draft_insert_n: utf8 is NULL",
            ),
            (
                &|| mc_draft_insert_n(draft, bad, 3),
                MC_ERR_INVALID_UTF8,
                "mc_draft_insert_n: invalid UTF-8 in string argument",
            ),
            (
                &|| mc_draft_set_link(draft, null),
                MC_ERR_NULL_ARGUMENT,
                "mc_draft_set_link: url is NULL",
            ),
            (
                &|| mc_draft_set_link(draft, bad),
                MC_ERR_INVALID_UTF8,
                "mc_draft_set_link: invalid UTF-8 in string argument",
            ),
            (
                &|| mc_draft_insert_link(draft, null, c"a.b".as_ptr()),
                MC_ERR_NULL_ARGUMENT,
                "mc_draft_insert_link: text is NULL",
            ),
            (
                &|| mc_draft_insert_link(draft, c"x".as_ptr(), null),
                MC_ERR_NULL_ARGUMENT,
                "mc_draft_insert_link: url is NULL",
            ),
            (
                &|| mc_draft_insert_mention(draft, null, c"Ann".as_ptr()),
                MC_ERR_NULL_ARGUMENT,
                "mc_draft_insert_mention: uid is NULL",
            ),
            (
                &|| mc_draft_insert_mention(draft, c"u1".as_ptr(), null),
                MC_ERR_NULL_ARGUMENT,
                "mc_draft_insert_mention: name is NULL",
            ),
            (
                &|| mc_draft_insert_mention(draft, c"u1".as_ptr(), bad),
                MC_ERR_INVALID_UTF8,
                "mc_draft_insert_mention: invalid UTF-8 in string argument",
            ),
            (
                &|| mc_draft_active_formats(draft, ptr::null_mut()),
                MC_ERR_NULL_ARGUMENT,
                "mc_draft_active_formats: out_json is NULL",
            ),
            (
                &|| mc_draft_mentions(draft, ptr::null_mut()),
                MC_ERR_NULL_ARGUMENT,
                "mc_draft_mentions: out_json is NULL",
            ),
            (
                &|| mc_draft_undo_state(draft, ptr::null_mut(), &mut false),
                MC_ERR_NULL_ARGUMENT,
                "mc_draft_undo_state: out_can_undo is NULL",
            ),
            (
                &|| mc_draft_undo_state(draft, &mut false, ptr::null_mut()),
                MC_ERR_NULL_ARGUMENT,
                "mc_draft_undo_state: out_can_redo is NULL",
            ),
            (
                &|| mc_draft_undo(ptr::null_mut()),
                MC_ERR_INVALID_HANDLE,
                "mc_draft_undo: draft is NULL",
            ),
        ];
        for (call, status, message) in checks {
            assert_status(call(), status, message);
        }
        // NULL with length 0 is an empty insertion.
        assert_eq!(mc_draft_insert_n(draft, null, 0), MC_OK);
        assert_eq!(text_of(draft), "abc");
        mc_draft_free(draft);
    }
}

#[test]
fn null_and_invalid_arguments_of_wire_format_functions_are_refused() {
    let draft = new_draft();
    let null = ptr::null();
    let md = c"**x** <@uid:u1>".as_ptr();
    let names = c"{\"u1\":\"Ann\"}".as_ptr();
    let bad = c"a\xffb".as_ptr();
    let mut s = ptr::null_mut::<c_char>();
    // A raw pointer, so the closures below can share it.
    let out = ptr::addr_of_mut!(s);
    unsafe {
        assert_eq!(mc_draft_replace(draft, 0, 0, c"keep".as_ptr()), MC_OK);
        // Each call runs just before its message is read.
        let checks: [(&dyn Fn() -> mc_status, mc_status, &str); 31] = [
            // NULL markdown.
            (
                &|| mc_markdown_parse(null, out),
                MC_ERR_NULL_ARGUMENT,
                "mc_markdown_parse: markdown is NULL",
            ),
            (
                &|| mc_markdown_parse_with_mentions(null, names, out),
                MC_ERR_NULL_ARGUMENT,
                "mc_markdown_parse_with_mentions: markdown is NULL",
            ),
            (
                &|| mc_markdown_to_plain_text(null, names, -1, out),
                MC_ERR_NULL_ARGUMENT,
                "mc_markdown_to_plain_text: markdown is NULL",
            ),
            (
                &|| mc_markdown_to_html(null, names, out),
                MC_ERR_NULL_ARGUMENT,
                "mc_markdown_to_html: markdown is NULL",
            ),
            (
                &|| mc_draft_load_markdown(draft, null, names),
                MC_ERR_NULL_ARGUMENT,
                "mc_draft_load_markdown: markdown is NULL",
            ),
            // NULL out-parameters.
            (
                &|| mc_markdown_parse(md, ptr::null_mut()),
                MC_ERR_NULL_ARGUMENT,
                "mc_markdown_parse: out_document_json is NULL",
            ),
            (
                &|| mc_markdown_parse_with_mentions(md, names, ptr::null_mut()),
                MC_ERR_NULL_ARGUMENT,
                "mc_markdown_parse_with_mentions: out_document_json is NULL",
            ),
            (
                &|| mc_markdown_to_plain_text(md, names, 3, ptr::null_mut()),
                MC_ERR_NULL_ARGUMENT,
                "mc_markdown_to_plain_text: out_text is NULL",
            ),
            (
                &|| mc_markdown_to_html(md, names, ptr::null_mut()),
                MC_ERR_NULL_ARGUMENT,
                "mc_markdown_to_html: out_html is NULL",
            ),
            (
                &|| mc_draft_serialize(draft, ptr::null_mut()),
                MC_ERR_NULL_ARGUMENT,
                "mc_draft_serialize: out_markdown is NULL",
            ),
            // Both NULL: the markdown is named first.
            (
                &|| mc_markdown_parse(null, ptr::null_mut()),
                MC_ERR_NULL_ARGUMENT,
                "mc_markdown_parse: markdown is NULL",
            ),
            // NULL handles.
            (
                &|| mc_draft_serialize(ptr::null_mut(), out),
                MC_ERR_INVALID_HANDLE,
                "mc_draft_serialize: draft is NULL",
            ),
            (
                &|| mc_draft_load_markdown(ptr::null_mut(), md, names),
                MC_ERR_INVALID_HANDLE,
                "mc_draft_load_markdown: draft is NULL",
            ),
            (
                &|| mc_draft_normalize_markdown(ptr::null_mut()),
                MC_ERR_INVALID_HANDLE,
                "mc_draft_normalize_markdown: draft is NULL",
            ),
            // Invalid UTF-8, in the markdown and in the mentions JSON.
            (
                &|| mc_markdown_parse(bad, out),
                MC_ERR_INVALID_UTF8,
                "mc_markdown_parse: invalid UTF-8 in string argument",
            ),
            (
                &|| mc_markdown_parse_with_mentions(c"x".as_ptr(), c"{\"u1\":\"\xff\"}".as_ptr(), out),
                MC_ERR_INVALID_UTF8,
                "mc_markdown_parse_with_mentions: invalid UTF-8 in string argument",
            ),
            (
                &|| mc_markdown_to_plain_text(bad, null, -1, out),
                MC_ERR_INVALID_UTF8,
                "mc_markdown_to_plain_text: invalid UTF-8 in string argument",
            ),
            (
                &|| mc_markdown_to_html(c"abc\xc3".as_ptr(), null, out),
                MC_ERR_INVALID_UTF8,
                "mc_markdown_to_html: invalid UTF-8 in string argument",
            ),
            (
                &|| mc_draft_load_markdown(draft, bad, null),
                MC_ERR_INVALID_UTF8,
                "mc_draft_load_markdown: invalid UTF-8 in string argument",
            ),
            // Mentions JSON that the safe API cannot produce.
            (
                &|| mc_markdown_parse_with_mentions(md, c"{".as_ptr(), out),
                MC_ERR_INVALID_JSON,
                "mc_markdown_parse_with_mentions: invalid JSON: expected a string key at byte 1",
            ),
            (
                &|| mc_draft_load_markdown(draft, md, c"nope".as_ptr()),
                MC_ERR_INVALID_JSON,
                "mc_draft_load_markdown: invalid JSON: invalid literal at byte 1",
            ),
            (
                &|| mc_markdown_to_html(md, c"{\"u1\":\"a\",\"u1\":\"b\"}".as_ptr(), out),
                MC_ERR_INVALID_JSON,
                "mc_markdown_to_html: invalid JSON: duplicate key \"u1\" at byte 14",
            ),
            (
                &|| mc_markdown_to_plain_text(md, c"[]".as_ptr(), -1, out),
                MC_ERR_INVALID_ARGUMENT,
                "mc_markdown_to_plain_text: mentions_json must be a JSON object {\"uid\": \"name\"}",
            ),
            (
                &|| mc_markdown_parse_with_mentions(md, c"\"u1\"".as_ptr(), out),
                MC_ERR_INVALID_ARGUMENT,
                "mc_markdown_parse_with_mentions: mentions_json must be a JSON object {\"uid\": \"name\"}",
            ),
            (
                &|| mc_markdown_to_html(md, c"{\"u1\":1}".as_ptr(), out),
                MC_ERR_INVALID_ARGUMENT,
                "mc_markdown_to_html: mentions_json: the name of \"u1\" must be a string",
            ),
            (
                &|| mc_draft_load_markdown(draft, md, c"{\"u1\":null}".as_ptr()),
                MC_ERR_INVALID_ARGUMENT,
                "mc_draft_load_markdown: mentions_json: the name of \"u1\" must be a string",
            ),
            (
                &|| mc_draft_load_markdown(draft, md, c"{\"u 1\":\"Ann\"}".as_ptr()),
                MC_ERR_INVALID_ARGUMENT,
                "mc_draft_load_markdown: mention uid \"u 1\" must be 1-255 characters of A-Z a-z 0-9 _ - . : @ = +",
            ),
            (
                &|| mc_markdown_parse_with_mentions(md, c"{\"u1\":\"\"}".as_ptr(), out),
                MC_ERR_INVALID_ARGUMENT,
                "mc_markdown_parse_with_mentions: mention name must be non-empty, on one line and free of U+0000",
            ),
            (
                &|| mc_markdown_to_plain_text(md, c"{\"u1\":\"A\\nB\"}".as_ptr(), -1, out),
                MC_ERR_INVALID_ARGUMENT,
                "mc_markdown_to_plain_text: mention name must be non-empty, on one line and free of U+0000",
            ),
            (
                &|| mc_markdown_to_html(md, c"{\"u1\":\"A\\u0000\"}".as_ptr(), out),
                MC_ERR_INVALID_ARGUMENT,
                "mc_markdown_to_html: mention name must be non-empty, on one line and free of U+0000",
            ),
            (
                &|| mc_draft_serialize(0xdead_beef_usize as *mut mc_draft, out),
                MC_ERR_INVALID_HANDLE,
                "mc_draft_serialize: draft handle is invalid (freed, double-freed or never issued)",
            ),
        ];
        for (call, status, message) in checks {
            assert_status(call(), status, message);
        }
        assert!(s.is_null(), "a refused call returned a string");
        // NULL mentions JSON means no names; a negative limit means no limit.
        assert_eq!(mc_markdown_to_plain_text(md, null, i64::MIN, &mut s), MC_OK);
        assert_eq!(take(s), "x @u1");
        assert_eq!(mc_markdown_to_plain_text(md, names, 2, &mut s), MC_OK);
        assert_eq!(take(s), "x …");
        assert_eq!(mc_markdown_parse_with_mentions(md, null, &mut s), MC_OK);
        assert_eq!(
            take(s),
            r#"{"text":"x @u1","spans":[{"start":0,"end":1,"format":"bold"},{"start":2,"end":5,"format":"mention","uid":"u1","name":"u1"}]}"#
        );
        // Nothing above changed the draft.
        assert_eq!(text_of(draft), "keep");
        assert_eq!(mc_draft_load_markdown(draft, md, names), MC_OK);
        assert_eq!(text_of(draft), "x @Ann");
        mc_draft_free(draft);
    }
}

#[test]
fn the_message_for_a_uid_holding_u0000_is_whole() {
    let mut s = ptr::null_mut();
    let status =
        unsafe { mc_markdown_to_html(c"x".as_ptr(), c"{\"u\\u0000\":\"Ann\"}".as_ptr(), &mut s) };
    assert_eq!(status, MC_ERR_INVALID_ARGUMENT);
    assert!(s.is_null());
    // The engine gives "mc_markdown_to_html: mention uid \"u": the uid goes into the message raw.
    let message = last_error();
    assert!(
        message.starts_with("mc_markdown_to_html: mention uid \"u")
            && message.ends_with("\" must be 1-255 characters of A-Z a-z 0-9 _ - . : @ = +"),
        "{message:?}"
    );
}
