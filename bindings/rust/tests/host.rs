//! A host app's session through the issue-11 features, end to end: live configuration, banners,
//! slow mode from the last message, stickers, voice notes, legacy picks, media metadata, thread
//! replies to the channel, commands, captions, ids across snapshots, code blocks. The rules are
//! the engine's (Tests/ComposerCoreTests/Composer/ComposerHostTests.swift); this proves the
//! marshalling: arguments, returned JSON, events and error kinds.

mod common;

use std::time::Duration;

use common::{assert_err, member, type_chars, Recorder};
use message_composer::{Draft, ErrorKind, EventKind, PickedFile, UploadEvent};

#[test]
fn a_host_app_session_through_every_new_feature() {
    let mut draft = Draft::new(Some(r#"{"mention_limit":1,"slow_mode_seconds":30}"#)).unwrap();
    let events = Recorder::on(&mut draft);

    // Three backticks, Enter, code: a code block holding the code.
    type_chars(&mut draft, "```");
    draft.enter().unwrap();
    type_chars(&mut draft, "x = 1");
    assert_eq!(
        draft.document().unwrap(),
        r#"{"text":"x = 1","spans":[{"start":0,"end":5,"format":"code_block"}]}"#
    );
    draft.clear().unwrap();

    // The mention banner goes with its cause; the host dismisses one.
    draft.insert_mention("u1", "Al").unwrap();
    assert_eq!(
        draft.insert_mention("u2", "Bo").unwrap_err().kind(),
        ErrorKind::LimitExceeded
    );
    draft.select_all().unwrap();
    draft.delete_backward().unwrap();
    assert_eq!(member(&draft.ui_state().unwrap(), "info_banner"), "null");
    assert!(events
        .take()
        .contains(&(EventKind::Banner, "null".to_string())));
    draft.dismiss_banner().unwrap();

    // Live configuration: partial, validated whole, heard.
    assert_err(
        draft.update_config(r#"{"max_files":2,"bogus":1}"#),
        ErrorKind::InvalidArgument,
        r#"mc_draft_update_config: config: unknown key "bogus""#,
    );
    draft.update_config(r#"{"max_files":2}"#).unwrap();
    assert!(events
        .take()
        .contains(&(EventKind::Config, r#"{"max_files":2}"#.to_string())));

    // A command without args sends args null; "//x" is literal.
    draft.set_command("shrug", None).unwrap();
    assert_eq!(
        member(&draft.ui_state().unwrap(), "command"),
        r#"{"name":"shrug","args":null}"#
    );
    draft.clear_command().unwrap();
    draft.insert("//x").unwrap();
    assert_eq!(member(&draft.ui_state().unwrap(), "command_query"), "null");

    // A thread reply also sent to the channel, once; slow mode from the last message time.
    assert_eq!(
        draft.set_also_send_to_channel(true).unwrap_err().kind(),
        ErrorKind::NotAllowed
    );
    draft.set_thread(Some("t-1")).unwrap();
    draft.set_also_send_to_channel(true).unwrap();
    assert_eq!(
        events.take().last(),
        Some(&(
            EventKind::Thread,
            r#"{"parent_id":"t-1","also_send_to_channel":true}"#.to_string()
        ))
    );
    draft.start_cooldown(5_000, 10_000).unwrap();
    assert_eq!(
        member(&draft.ui_state().unwrap(), "cooldown_remaining_ms"),
        "25000"
    );
    assert_eq!(
        draft.start_cooldown(-1, 10_000).unwrap_err().kind(),
        ErrorKind::OutOfRange
    );
    let sent = draft.send(35_000).unwrap();
    assert!(
        sent.contains(r#""parent_id":"t-1","sticker":null,"also_send_to_channel":true}]"#),
        "{sent}"
    );
    assert_eq!(
        member(&draft.ui_state().unwrap(), "also_send_to_channel"),
        "false"
    );

    // A media caption may be emptied; an edit neither waits for nor starts slow mode.
    draft.begin_edit("m-1", "a caption", &[], true).unwrap();
    draft.select_all().unwrap();
    draft.delete_backward().unwrap();
    let edit = draft.send(36_000).unwrap();
    assert!(edit.starts_with(r#"[{"type":"edit","text":"","#), "{edit}");
    assert_eq!(
        member(&draft.ui_state().unwrap(), "cooldown_remaining_ms"),
        "29000"
    );

    // Stickers go out at once; voice notes need an audio type.
    draft.tick(65_000).unwrap();
    assert_eq!(
        member(&draft.ui_state().unwrap(), "sticker_available"),
        "true"
    );
    let sticker = draft
        .send_sticker("s-1", "cdn.example/s.webp", Some("cats"))
        .unwrap();
    assert_eq!(
        member(&sticker, "sticker"),
        r#"{"id":"s-1","url":"https://cdn.example/s.webp","pack":"cats"}"#
    );
    assert_eq!(
        draft
            .send_sticker("s-2", "javascript:alert(1)", None)
            .unwrap_err()
            .kind(),
        ErrorKind::UnsafeLink
    );
    assert_eq!(
        draft
            .voice_note("v.png", "image/png", 1, "r")
            .unwrap_err()
            .kind(),
        ErrorKind::InvalidArgument
    );

    // Media metadata goes out with the file; ids never come back after a restore.
    draft.tick(95_000).unwrap();
    let video = PickedFile::new("v.mp4", "video/mp4", 9)
        .with_dimensions(640, 360)
        .with_duration(Duration::from_millis(2500))
        .with_extra(r#"{"thumb":"t.jpg"}"#);
    let staged = draft
        .stage_files(&[
            video,
            PickedFile::new("b.png", "image/png", 1),
            PickedFile::new("c.png", "image/png", 1),
        ])
        .unwrap();
    assert_eq!((staged.staged, staged.dropped), (vec![1, 2], 1));
    draft.upload_event(2, UploadEvent::Start).unwrap();
    draft.remove_attachment(2).unwrap();
    let snapshot = draft.snapshot().unwrap();
    draft.restore(&snapshot).unwrap();
    assert_eq!(
        draft
            .stage_files(&[PickedFile::new("d.png", "image/png", 1)])
            .unwrap()
            .staged,
        [3]
    );
    assert_err(
        draft.upload_event(2, UploadEvent::Complete("late".into())),
        ErrorKind::NotAllowed,
        "mc_draft_upload_event: attachment 2 was removed or sent: events for it are refused",
    );
    draft.remove_attachment(3).unwrap();
    draft.upload_event(1, UploadEvent::Retry).unwrap(); // restored as interrupted
    draft.upload_event(1, UploadEvent::Start).unwrap();
    draft
        .upload_event(1, UploadEvent::Complete("https://cdn/v".into()))
        .unwrap();
    let media = draft.send(95_000).unwrap();
    assert!(
        media.contains(
            r#""ref":"","width":640,"height":360,"duration":2.5,"extra":{"thumb":"t.jpg"}}"#
        ),
        "{media}"
    );

    // Legacy single-attachment mode: the pick goes out at once, no tray.
    draft
        .update_config(r#"{"multiple_attachments":false,"slow_mode_seconds":0}"#)
        .unwrap();
    let legacy = draft
        .stage_files(&[PickedFile::new("e.png", "image/png", 1)])
        .unwrap();
    assert_eq!(legacy.messages.len(), 1);
    assert!(
        legacy.messages[0].contains(r#""remote":null,"ref":"","#),
        "{}",
        legacy.messages[0]
    );
    assert_eq!(draft.attachments().unwrap(), "[]");
}
