//! The raw layer of the composer functions (UI state, clock, sending, modes, commands,
//! snapshots, attachments, the listener): what the safe API cannot express (NULL, freed and
//! forged handles, NULL out-parameters and strings, invalid UTF-8, unknown upload events,
//! malformed files JSON, the listener's `user_data`) is refused with an error, never a crash.

use std::ffi::{c_char, c_void, CStr};
use std::ptr;
use std::sync::Mutex;

use message_composer::sys::*;

fn last_error() -> String {
    unsafe { CStr::from_ptr(mc_last_error()) }
        .to_str()
        .unwrap()
        .to_string()
}

#[track_caller]
fn assert_status(status: mc_status, expected: mc_status, message: &str) {
    assert_eq!(status, expected, "status (message: {})", last_error());
    assert_eq!(last_error(), message);
}

fn take(s: *mut c_char) -> String {
    assert!(!s.is_null());
    let copy = unsafe { CStr::from_ptr(s) }.to_str().unwrap().to_string();
    unsafe { mc_string_free(s) };
    copy
}

fn new_draft() -> *mut mc_draft {
    let mut draft = ptr::null_mut();
    assert_eq!(unsafe { mc_draft_new(ptr::null(), &mut draft) }, MC_OK);
    draft
}

fn json_of(
    draft: *mut mc_draft,
    f: unsafe extern "C" fn(*mut mc_draft, *mut *mut c_char) -> mc_status,
) -> String {
    let mut out = ptr::null_mut();
    assert_eq!(unsafe { f(draft, &mut out) }, MC_OK, "{}", last_error());
    take(out)
}

fn attachments_of(draft: *mut mc_draft) -> String {
    json_of(draft, mc_draft_attachments)
}

fn ui_of(draft: *mut mc_draft) -> String {
    json_of(draft, mc_draft_ui_state)
}

unsafe extern "C" fn ignore_events(_: *mut c_void, _: i32, _: *const c_char) {}

/// Calls each composer function with valid other arguments; returns (name, status, message
/// recorded right after the call) for each.
fn call_everything(draft: *mut mc_draft) -> Vec<(&'static str, mc_status, String)> {
    let mut s = ptr::null_mut::<c_char>();
    // Every string out-parameter goes through this pointer, which `results` checks and frees.
    let sp: *mut *mut c_char = &mut s;
    let mut flag = false;
    let mut results = Results(Vec::new(), sp);
    unsafe {
        results.push(("mc_draft_ui_state", mc_draft_ui_state(draft, sp)));
        results.push((
            "mc_draft_set_listener",
            mc_draft_set_listener(draft, Some(ignore_events), ptr::null_mut()),
        ));
        results.push((
            "mc_draft_set_listener",
            mc_draft_set_listener(draft, None, ptr::null_mut()),
        ));
        results.push(("mc_draft_tick", mc_draft_tick(draft, 1)));
        results.push(("mc_draft_can_send", mc_draft_can_send(draft, &mut flag)));
        results.push(("mc_draft_send", mc_draft_send(draft, 1, sp)));
        results.push(("mc_draft_clear", mc_draft_clear(draft)));
        results.push((
            "mc_draft_begin_edit",
            mc_draft_begin_edit(draft, c"m".as_ptr(), c"x".as_ptr(), ptr::null(), false),
        ));
        results.push((
            "mc_draft_begin_reply",
            mc_draft_begin_reply(
                draft,
                c"m".as_ptr(),
                c"s".as_ptr(),
                c"x".as_ptr(),
                ptr::null(),
            ),
        ));
        results.push(("mc_draft_cancel_mode", mc_draft_cancel_mode(draft)));
        results.push((
            "mc_draft_set_thread",
            mc_draft_set_thread(draft, c"t".as_ptr()),
        ));
        results.push((
            "mc_draft_set_command",
            mc_draft_set_command(draft, c"giphy".as_ptr(), ptr::null()),
        ));
        results.push(("mc_draft_clear_command", mc_draft_clear_command(draft)));
        results.push(("mc_draft_snapshot", mc_draft_snapshot(draft, sp)));
        results.push((
            "mc_draft_restore",
            mc_draft_restore(
                draft,
                c"{\"version\":1,\"document\":{\"text\":\"\"},\"selection\":[0,0]}".as_ptr(),
            ),
        ));
        results.push((
            "mc_draft_stage_files",
            mc_draft_stage_files(
                draft,
                c"[{\"name\":\"a.png\",\"mime\":\"image/png\",\"size\":1}]".as_ptr(),
                sp,
            ),
        ));
        results.push((
            "mc_draft_upload_event",
            mc_draft_upload_event(draft, 1, MC_UPLOAD_START, 0.0, ptr::null()),
        ));
        results.push((
            "mc_draft_remove_attachment",
            mc_draft_remove_attachment(draft, 1),
        ));
        results.push(("mc_draft_attachments", mc_draft_attachments(draft, sp)));
        results.push((
            "mc_draft_voice_note",
            mc_draft_voice_note(
                draft,
                c"v.ogg".as_ptr(),
                c"audio/ogg".as_ptr(),
                1,
                c"r".as_ptr(),
                sp,
            ),
        ));
    }
    results.0
}

/// Collects (name, status, message) as each call returns, and frees the string a successful call
/// returned through the shared out-parameter.
struct Results(Vec<(&'static str, mc_status, String)>, *mut *mut c_char);

impl Results {
    fn push(&mut self, (name, status): (&'static str, mc_status)) {
        let message = if status == MC_OK {
            String::new()
        } else {
            last_error()
        };
        // SAFETY: the pointer is the live local of `call_everything`.
        let out = unsafe { &mut *self.1 };
        if status != MC_OK {
            assert!(out.is_null(), "{name}: a refused call returned a string");
        } else if !out.is_null() {
            unsafe { mc_string_free(*out) };
            *out = ptr::null_mut();
        }
        self.0.push((name, status, message));
    }
}

#[test]
fn null_freed_and_forged_handles_are_refused_by_every_composer_function() {
    for (function, status, message) in call_everything(ptr::null_mut()) {
        assert_eq!(status, MC_ERR_INVALID_HANDLE, "{function}");
        assert_eq!(message, format!("{function}: draft is NULL"));
    }
    let freed = new_draft();
    unsafe { mc_draft_free(freed) };
    let mut local = 0u64;
    for draft in [
        freed,
        0xdead_beef_usize as *mut mc_draft,
        ptr::addr_of_mut!(local).cast(),
        0xffff_fff0_0000_001b_u64 as usize as *mut mc_draft,
    ] {
        for (function, status, message) in call_everything(draft) {
            assert_eq!(status, MC_ERR_INVALID_HANDLE, "{function} with {draft:?}");
            assert_eq!(
                message,
                format!(
                    "{function}: draft handle is invalid (freed, double-freed or never issued)"
                )
            );
        }
    }
    assert_eq!(local, 0);
    // Out-parameters are untouched on error.
    let mut can_send = true;
    assert_eq!(
        unsafe { mc_draft_can_send(ptr::null_mut(), &mut can_send) },
        MC_ERR_INVALID_HANDLE
    );
    assert!(can_send);
}

#[test]
fn every_composer_function_works_on_a_live_handle() {
    // The same calls as above succeed or fail only for reasons of the draft's state.
    let draft = new_draft();
    let statuses = call_everything(draft);
    let refused: Vec<_> = statuses
        .iter()
        .filter(|(_, status, _)| *status != MC_OK)
        .map(|(name, status, message)| (*name, *status, message.as_str()))
        .collect();
    // Only sending the empty draft is refused.
    assert_eq!(
        refused,
        [(
            "mc_draft_send",
            MC_ERR_NOT_ALLOWED,
            "mc_draft_send: cannot send: the message is empty"
        )]
    );
    unsafe { mc_draft_free(draft) };
}

#[test]
fn null_out_parameters_are_refused() {
    let draft = new_draft();
    unsafe {
        assert_status(
            mc_draft_ui_state(draft, ptr::null_mut()),
            MC_ERR_NULL_ARGUMENT,
            "mc_draft_ui_state: out_json is NULL",
        );
        assert_status(
            mc_draft_can_send(draft, ptr::null_mut()),
            MC_ERR_NULL_ARGUMENT,
            "mc_draft_can_send: out_can_send is NULL",
        );
        assert_status(
            mc_draft_snapshot(draft, ptr::null_mut()),
            MC_ERR_NULL_ARGUMENT,
            "mc_draft_snapshot: out_json is NULL",
        );
        assert_status(
            mc_draft_attachments(draft, ptr::null_mut()),
            MC_ERR_NULL_ARGUMENT,
            "mc_draft_attachments: out_json is NULL",
        );
        // A send with nowhere to put the messages is refused and does not send.
        assert_eq!(mc_draft_insert(draft, c"hello".as_ptr()), MC_OK);
        assert_status(
            mc_draft_send(draft, 0, ptr::null_mut()),
            MC_ERR_NULL_ARGUMENT,
            "mc_draft_send: out_messages_json is NULL",
        );
        assert_eq!(json_of(draft, mc_draft_text), "hello");
        assert_status(
            mc_draft_voice_note(
                draft,
                c"v.ogg".as_ptr(),
                c"audio/ogg".as_ptr(),
                1,
                c"r".as_ptr(),
                ptr::null_mut(),
            ),
            MC_ERR_NULL_ARGUMENT,
            "mc_draft_voice_note: out_message_json is NULL",
        );
        // stage_files allows a NULL result: the files stage all the same.
        assert_eq!(
            mc_draft_stage_files(
                draft,
                c"[{\"name\":\"a.png\",\"mime\":\"image/png\",\"size\":1}]".as_ptr(),
                ptr::null_mut()
            ),
            MC_OK
        );
        assert!(attachments_of(draft).starts_with(r#"[{"id":1,"kind":"image""#));
        mc_draft_free(draft);
    }
}

#[test]
fn null_input_strings_are_refused_or_mean_none_as_documented() {
    let draft = new_draft();
    let (m, x) = (c"m".as_ptr(), c"x".as_ptr());
    unsafe {
        let calls: [(&dyn Fn() -> mc_status, &str); 11] = [
            (
                &|| mc_draft_begin_edit(draft, ptr::null(), x, ptr::null(), false),
                "mc_draft_begin_edit: message_id is NULL",
            ),
            (
                &|| mc_draft_begin_edit(draft, m, ptr::null(), ptr::null(), false),
                "mc_draft_begin_edit: markdown is NULL",
            ),
            (
                &|| mc_draft_begin_reply(draft, ptr::null(), x, x, ptr::null()),
                "mc_draft_begin_reply: message_id is NULL",
            ),
            (
                &|| mc_draft_begin_reply(draft, m, ptr::null(), x, ptr::null()),
                "mc_draft_begin_reply: sender is NULL",
            ),
            (
                &|| mc_draft_begin_reply(draft, m, x, ptr::null(), ptr::null()),
                "mc_draft_begin_reply: markdown is NULL",
            ),
            (
                &|| mc_draft_set_command(draft, ptr::null(), x),
                "mc_draft_set_command: name is NULL",
            ),
            (
                &|| mc_draft_restore(draft, ptr::null()),
                "mc_draft_restore: snapshot_json is NULL",
            ),
            (
                &|| mc_draft_stage_files(draft, ptr::null(), ptr::null_mut()),
                "mc_draft_stage_files: files_json is NULL",
            ),
            (
                &|| mc_draft_voice_note(draft, ptr::null(), x, 1, x, &mut ptr::null_mut()),
                "mc_draft_voice_note: name is NULL",
            ),
            (
                &|| mc_draft_voice_note(draft, x, ptr::null(), 1, x, &mut ptr::null_mut()),
                "mc_draft_voice_note: mime is NULL",
            ),
            (
                &|| mc_draft_voice_note(draft, x, x, 1, ptr::null(), &mut ptr::null_mut()),
                "mc_draft_voice_note: remote is NULL",
            ),
        ];
        for (call, message) in calls {
            assert_status(call(), MC_ERR_NULL_ARGUMENT, message);
        }
        assert_eq!(ui_of(draft), ui_of_fresh());

        // NULL means "none" for mentions, args and the thread.
        assert_eq!(mc_draft_set_thread(draft, c"t".as_ptr()), MC_OK);
        assert_eq!(mc_draft_set_thread(draft, ptr::null()), MC_OK);
        assert!(ui_of(draft).contains(r#""thread_parent_id":null"#));
        assert_eq!(
            mc_draft_set_command(draft, c"shrug".as_ptr(), ptr::null()),
            MC_OK
        );
        assert!(ui_of(draft).contains(r#""command":{"name":"shrug","args":null}"#));
        assert_eq!(mc_draft_clear_command(draft), MC_OK);
        assert_eq!(mc_draft_begin_reply(draft, m, x, x, ptr::null()), MC_OK);
        assert_eq!(mc_draft_begin_edit(draft, m, x, ptr::null(), true), MC_OK);
        mc_draft_free(draft);
    }
}

fn ui_of_fresh() -> String {
    let draft = new_draft();
    let ui = ui_of(draft);
    unsafe { mc_draft_free(draft) };
    ui
}

#[test]
fn invalid_utf8_and_malformed_json_are_refused() {
    let draft = new_draft();
    let bad = c"ab\xff".as_ptr();
    let x = c"x".as_ptr();
    unsafe {
        let calls: [(&dyn Fn() -> mc_status, &str); 7] = [
            (
                &|| mc_draft_begin_edit(draft, bad, x, ptr::null(), false),
                "mc_draft_begin_edit",
            ),
            (
                &|| mc_draft_begin_reply(draft, x, bad, x, ptr::null()),
                "mc_draft_begin_reply",
            ),
            (&|| mc_draft_set_thread(draft, bad), "mc_draft_set_thread"),
            (
                &|| mc_draft_set_command(draft, x, bad),
                "mc_draft_set_command",
            ),
            (&|| mc_draft_restore(draft, bad), "mc_draft_restore"),
            (
                &|| mc_draft_stage_files(draft, bad, ptr::null_mut()),
                "mc_draft_stage_files",
            ),
            (
                &|| mc_draft_voice_note(draft, x, bad, 1, x, &mut ptr::null_mut()),
                "mc_draft_voice_note",
            ),
        ];
        for (call, function) in calls {
            assert_status(
                call(),
                MC_ERR_INVALID_UTF8,
                &format!("{function}: invalid UTF-8 in string argument"),
            );
        }
        for (files, status, message) in [
            (
                c"{}",
                MC_ERR_INVALID_ARGUMENT,
                r#"files_json must be a JSON array of {"name", "mime", "size", "ref"}"#,
            ),
            (
                c"[{\"mime\":\"image/png\",\"size\":1}]",
                MC_ERR_INVALID_ARGUMENT,
                r#"files_json[0]: "name" is required"#,
            ),
            (
                c"[{\"name\":\"a\",\"mime\":\"\",\"size\":1,\"path\":\"/x\"}]",
                MC_ERR_INVALID_ARGUMENT,
                r#"files_json[0]: unknown key "path""#,
            ),
            (
                c"[{\"name\":\"a\",\"size\":-1}]",
                MC_ERR_INVALID_ARGUMENT,
                r#"file 0 ("a"): size must not be negative, not -1"#,
            ),
            (
                c"[",
                MC_ERR_INVALID_JSON,
                "invalid JSON: unexpected end of input at byte 1",
            ),
        ] {
            assert_status(
                mc_draft_stage_files(draft, files.as_ptr(), ptr::null_mut()),
                status,
                &format!("mc_draft_stage_files: {message}"),
            );
        }
        assert_status(
            mc_draft_begin_edit(draft, x, x, c"{".as_ptr(), false),
            MC_ERR_INVALID_JSON,
            "mc_draft_begin_edit: invalid JSON: expected a string key at byte 1",
        );
        assert_status(
            mc_draft_begin_reply(draft, x, x, x, c"[]".as_ptr()),
            MC_ERR_INVALID_ARGUMENT,
            r#"mc_draft_begin_reply: mentions_json must be a JSON object {"uid": "name"}"#,
        );
        assert_eq!(attachments_of(draft), "[]");
        assert_eq!(ui_of(draft), ui_of_fresh());
        // The voice note's size is an int64_t: negative sizes are the library's to refuse.
        assert_status(
            mc_draft_voice_note(draft, x, c"audio/ogg".as_ptr(), -1, x, &mut ptr::null_mut()),
            MC_ERR_INVALID_ARGUMENT,
            r#"mc_draft_voice_note: voice note size -1 is negative"#,
        );
        mc_draft_free(draft);
    }
}

#[test]
fn unknown_upload_events_and_missing_values_are_refused() {
    let draft = new_draft();
    unsafe {
        assert_eq!(
            mc_draft_stage_files(
                draft,
                c"[{\"name\":\"a.png\",\"mime\":\"image/png\",\"size\":1}]".as_ptr(),
                ptr::null_mut()
            ),
            MC_OK
        );
        let tray = attachments_of(draft);
        for event in [6, -1, i32::MAX, i32::MIN] {
            assert_status(
                mc_draft_upload_event(draft, 1, event, 0.0, ptr::null()),
                MC_ERR_INVALID_ARGUMENT,
                &format!("mc_draft_upload_event: unknown upload event {event}"),
            );
            assert_eq!(attachments_of(draft), tray);
        }
        // The event number is checked before the id.
        assert_status(
            mc_draft_upload_event(draft, 99, 6, 0.0, ptr::null()),
            MC_ERR_INVALID_ARGUMENT,
            "mc_draft_upload_event: unknown upload event 6",
        );
        assert_eq!(
            mc_draft_upload_event(draft, 1, MC_UPLOAD_START, 0.0, ptr::null()),
            MC_OK
        );
        let tray = attachments_of(draft);
        assert_status(
            mc_draft_upload_event(draft, 1, MC_UPLOAD_COMPLETE, 0.0, ptr::null()),
            MC_ERR_NULL_ARGUMENT,
            "mc_draft_upload_event: value is NULL",
        );
        assert_status(
            mc_draft_upload_event(draft, 1, MC_UPLOAD_FAIL, 0.0, ptr::null()),
            MC_ERR_NULL_ARGUMENT,
            "mc_draft_upload_event: value is NULL",
        );
        assert_status(
            mc_draft_upload_event(draft, 1, MC_UPLOAD_COMPLETE, 0.0, c"\xff".as_ptr()),
            MC_ERR_INVALID_UTF8,
            "mc_draft_upload_event: invalid UTF-8 in string argument",
        );
        assert_status(
            mc_draft_upload_event(draft, 1, MC_UPLOAD_PROGRESS, f64::INFINITY, ptr::null()),
            MC_ERR_OUT_OF_RANGE,
            "mc_draft_upload_event: upload progress must be in 0...1, not inf",
        );
        assert_eq!(attachments_of(draft), tray);
        // The progress argument is ignored by the other events; the value by START and RETRY.
        assert_eq!(
            mc_draft_upload_event(draft, 1, MC_UPLOAD_COMPLETE, f64::NAN, c"r".as_ptr()),
            MC_OK
        );
        assert!(attachments_of(draft).contains(r#""state":"uploaded""#));
        assert_status(
            mc_draft_remove_attachment(draft, 0),
            MC_ERR_INVALID_ARGUMENT,
            "mc_draft_remove_attachment: no attachment with id 0 in the tray",
        );
        assert_status(
            mc_draft_remove_attachment(draft, u64::MAX),
            MC_ERR_INVALID_ARGUMENT,
            "mc_draft_remove_attachment: no attachment with id 18446744073709551615 in the tray",
        );
        mc_draft_free(draft);
    }
}

/// What the raw listener below heard: (user_data, kind, payload).
static HEARD: Mutex<Vec<(usize, i32, String)>> = Mutex::new(Vec::new());

unsafe extern "C" fn record(user_data: *mut c_void, kind: i32, payload: *const c_char) {
    let payload = unsafe { CStr::from_ptr(payload) }
        .to_str()
        .unwrap()
        .to_string();
    HEARD
        .lock()
        .unwrap()
        .push((user_data as usize, kind, payload));
}

#[test]
fn a_raw_listener_gets_user_data_back_untouched() {
    let draft = new_draft();
    // Never dereferenced: any value comes back as it was given.
    let user_data = 0x5eed_usize as *mut c_void;
    unsafe {
        assert_eq!(mc_draft_set_listener(draft, Some(record), user_data), MC_OK);
        assert_eq!(mc_draft_insert(draft, c"a".as_ptr()), MC_OK);
        assert_eq!(mc_draft_tick(draft, 10), MC_OK);
        assert_eq!(mc_draft_tick(draft, 5), MC_ERR_OUT_OF_RANGE);
        // NULL unregisters, whatever user_data says.
        assert_eq!(mc_draft_set_listener(draft, None, user_data), MC_OK);
        assert_eq!(mc_draft_insert(draft, c"b".as_ptr()), MC_OK);
        mc_draft_free(draft);
    }
    let heard: Vec<_> = std::mem::take(&mut *HEARD.lock().unwrap());
    assert_eq!(
        heard,
        [
            (
                0x5eed,
                MC_EVENT_TEXT,
                r#"{"start":0,"end":0,"text":"a","length":1}"#.to_string()
            ),
            (0x5eed, MC_EVENT_SELECTION, "[1,1]".to_string()),
            (
                0x5eed,
                MC_EVENT_SEND_STATE,
                r#"{"can_send":true,"reason":null}"#.to_string()
            ),
            (0x5eed, MC_EVENT_TYPING, r#"{"typing":true}"#.to_string()),
            (
                0x5eed,
                MC_EVENT_ERROR,
                r#"{"function":"mc_draft_tick","status":-6,"message":"mc_draft_tick: clock went backwards (5 < 10)"}"#
                    .to_string()
            ),
        ]
    );
}
