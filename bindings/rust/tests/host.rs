//! A host app's session through the issue-11 features, end to end and typed: live
//! configuration, banners, slow mode from the last message, stickers, voice notes, legacy picks,
//! media metadata, thread replies to the channel, commands, captions, ids across snapshots, code
//! blocks. The rules are the engine's (Tests/ComposerCoreTests/Composer/ComposerHostTests.swift);
//! this proves the marshalling: arguments, typed results, typed events and error kinds.

mod common;

use std::time::Duration;

use common::{assert_err, Recorder};
use message_composer::{
    Command, ConfigChange, Draft, ErrorKind, EventData, MessageType, PickedFile, Sticker,
    UploadEvent,
};

#[test]
fn a_host_app_session_through_every_new_feature() {
    let mut draft = Draft::new(Some(r#"{"mention_limit":1,"slow_mode_seconds":30}"#)).unwrap();
    let heard = Recorder::on(&mut draft);

    // Three backticks, Enter, code: a code block holding the code.
    for c in ["`", "`", "`"] {
        draft.insert(c).unwrap();
    }
    draft.enter().unwrap();
    draft.insert("x = 1").unwrap();
    let document = draft.document().unwrap();
    assert_eq!(document.text, "x = 1");
    assert_eq!(
        document
            .spans
            .iter()
            .map(|s| s.format.as_str())
            .collect::<Vec<_>>(),
        ["code_block"]
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
    assert_eq!(draft.ui_state().unwrap().info_banner, None);
    assert!(heard.data().contains(&EventData::Banner(None)));
    draft.dismiss_banner().unwrap();

    // Live configuration: partial, validated whole, heard typed.
    assert_err(
        draft.update_config(r#"{"max_files":2,"bogus":1}"#),
        ErrorKind::InvalidArgument,
        r#"mc_draft_update_config: config: unknown key "bogus""#,
    );
    draft
        .update_config(r#"{"max_files":2,"max_length":80}"#)
        .unwrap();
    assert!(heard.data().contains(&EventData::Config(ConfigChange {
        changed: vec!["max_length".into(), "max_files".into()],
        max_length: Some(Some(80)),
        max_files: Some(2),
        ..ConfigChange::default()
    })));
    let config = draft.config().unwrap();
    assert_eq!(
        (config.max_files, config.commands, config.stickers),
        (2, true, true)
    );

    // A command without args has args None; "//x" is literal.
    draft.set_command("shrug", None).unwrap();
    assert_eq!(
        draft.ui_state().unwrap().command,
        Some(Command {
            name: "shrug".into(),
            args: None
        })
    );
    draft.clear_command().unwrap();
    draft.insert("//x").unwrap();
    assert_eq!(draft.ui_state().unwrap().command_query, None);

    // A thread reply also sent to the channel, once; slow mode from the last message time.
    assert_eq!(
        draft.set_also_send_to_channel(true).unwrap_err().kind(),
        ErrorKind::NotAllowed
    );
    draft.set_thread(Some("t-1")).unwrap();
    heard.take();
    draft.set_also_send_to_channel(true).unwrap();
    assert_eq!(
        heard.data(),
        [EventData::Thread {
            parent_id: Some("t-1".into()),
            also_send_to_channel: true
        }]
    );
    assert!(draft.ui_state().unwrap().also_send_to_channel);
    draft.start_cooldown(5_000, 10_000).unwrap();
    assert_eq!(draft.ui_state().unwrap().cooldown_remaining_ms, 25_000);
    assert_eq!(
        draft.start_cooldown(-1, 10_000).unwrap_err().kind(),
        ErrorKind::OutOfRange
    );
    let sent = draft.send(35_000).unwrap().remove(0);
    assert_eq!(
        (
            sent.text.as_str(),
            sent.parent_id.as_deref(),
            sent.also_send_to_channel
        ),
        ("//x", Some("t-1"), true)
    );
    assert!(!draft.ui_state().unwrap().also_send_to_channel);

    // A media caption may be emptied; an edit neither waits for nor starts slow mode.
    draft.begin_edit("m-1", "a caption", &[], true).unwrap();
    draft.select_all().unwrap();
    draft.delete_backward().unwrap();
    let edit = draft.send(36_000).unwrap().remove(0);
    assert_eq!((edit.r#type, edit.text.as_str()), (MessageType::Edit, ""));
    assert_eq!(draft.ui_state().unwrap().cooldown_remaining_ms, 29_000);

    // Stickers go out at once; voice notes need an audio type.
    draft.tick(65_000).unwrap();
    assert!(draft.ui_state().unwrap().sticker_available);
    let sticker = draft
        .send_sticker("s-1", "cdn.example/s.webp", Some("cats"))
        .unwrap();
    assert_eq!(sticker.r#type, MessageType::Sticker);
    assert_eq!(
        sticker.sticker,
        Some(Sticker {
            id: "s-1".into(),
            url: "https://cdn.example/s.webp".into(),
            pack: Some("cats".into())
        })
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
    let media = draft.send(95_000).unwrap().remove(0);
    let attachment = &media.attachments[0];
    assert_eq!(
        (attachment.width, attachment.height, attachment.duration),
        (Some(640), Some(360), Some(Duration::from_millis(2500)))
    );
    assert_eq!(attachment.extra.as_deref(), Some(r#"{"thumb":"t.jpg"}"#));

    // The deepest extra a pick may have comes back too (the binding reads what the library
    // writes at any depth it can write).
    let deepest = format!("{}{{}}{}", r#"{"k":"#.repeat(63), "}".repeat(63));
    let id = draft
        .stage_files(&[PickedFile::new("deep.png", "image/png", 1).with_extra(deepest.clone())])
        .unwrap()
        .staged[0];
    draft.upload_event(id, UploadEvent::Start).unwrap();
    draft
        .upload_event(id, UploadEvent::Complete("https://cdn/d".into()))
        .unwrap();
    let deep = draft.send(125_000).unwrap().remove(0); // after the 30 s slow mode
    assert_eq!(deep.attachments[0].extra.as_deref(), Some(deepest.as_str()));

    // Legacy single-attachment mode: the pick goes out at once, no tray.
    draft
        .update_config(r#"{"multiple_attachments":false,"slow_mode_seconds":0}"#)
        .unwrap();
    let legacy = draft
        .stage_files(&[PickedFile::new("e.png", "image/png", 1)])
        .unwrap();
    let [message] = legacy.messages.as_slice() else {
        panic!("one message: {legacy:?}")
    };
    assert_eq!(
        (
            message.attachments[0].remote.as_deref(),
            message.attachments[0].r#ref.as_str()
        ),
        (None, "")
    );
    assert!(draft.attachments().unwrap().is_empty());
}
