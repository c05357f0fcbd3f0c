//! Attachments as a user and a host drive them: staging picks, uploads, the limits, sending one
//! message per kind, voice notes, and a tray that survives a snapshot.

mod common;

use common::{assert_err, member, Recorder};
use message_composer::{Draft, ErrorKind, EventKind, PickedFile, StageResult, UploadEvent};

/// One tile of `attachments()` as the library writes it.
fn tile(id: u64, kind: &str, name: &str, mime: &str, size: u64, state: &str) -> String {
    let (progress, error, retryable, remote) = match state {
        "queued" => ("0.0".to_string(), "null", false, "null".to_string()),
        s if s.starts_with("uploading ") => (s[10..].to_string(), "null", false, "null".into()),
        s if s.starts_with("uploaded ") => {
            ("1.0".into(), "null", false, format!("\"{}\"", &s[9..]))
        }
        s if s.starts_with("failed ") => ("null".into(), &s[7..], true, "null".into()),
        s if s.starts_with("error ") => ("null".into(), &s[6..], false, "null".into()),
        _ => panic!("unknown state {state}"),
    };
    let state_name = state.split(' ').next().unwrap();
    let error = if error == "null" {
        "null".to_string()
    } else {
        format!("\"{error}\"")
    };
    format!(
        concat!(
            r#"{{"id":{},"kind":"{}","name":"{}","mime":"{}","size":{},"state":"{}","#,
            r#""progress":{},"error":{},"retryable":{},"remote":{}}}"#
        ),
        id, kind, name, mime, size, state_name, progress, error, retryable, remote
    )
}

fn tray(tiles: &[String]) -> String {
    format!("[{}]", tiles.join(","))
}

fn png(name: &str, size: u64) -> PickedFile {
    PickedFile::new(name, "image/png", size)
}

#[test]
fn a_mixed_pick_uploads_and_goes_out_as_one_message_per_kind() {
    let mut draft = Draft::new(None).unwrap();
    draft.set_thread(Some("t-1")).unwrap();
    draft.insert("Look ").unwrap();
    draft.insert_mention("u1", "Ann").unwrap();
    draft
        .apply_format(0, 4, message_composer::Format::Bold, None)
        .unwrap();

    let picks = [
        PickedFile::new("report.pdf", "application/pdf", 10),
        PickedFile {
            name: "cat.png".into(),
            mime: "image/png".into(),
            size: 3,
            reference: "content://media/1".into(),
            ..PickedFile::default()
        },
        // No MIME type: the extension decides.
        PickedFile::new("clip.mp4", "", 5),
        PickedFile::new("song.mp3", "audio/mpeg", 7),
        PickedFile::new("dog.jpg", "image/jpeg", 4),
    ];
    let staged = draft.stage_files(&picks).unwrap();
    assert_eq!(
        staged,
        StageResult {
            staged: vec![1, 2, 3, 4, 5],
            dropped: 0,
            notice: None,
            messages: vec![]
        }
    );
    let queued = [
        tile(1, "file", "report.pdf", "application/pdf", 10, "queued"),
        tile(2, "image", "cat.png", "image/png", 3, "queued"),
        tile(3, "video", "clip.mp4", "video/mp4", 5, "queued"),
        tile(4, "audio", "song.mp3", "audio/mpeg", 7, "queued"),
        tile(5, "image", "dog.jpg", "image/jpeg", 4, "queued"),
    ];
    assert_eq!(draft.attachments().unwrap(), tray(&queued));
    let ui = draft.ui_state().unwrap();
    assert_eq!(member(&ui, "tray"), tray(&queued));
    assert_eq!(
        member(&ui, "send_blocked"),
        r#"{"reason":"uploads_pending","message":"5 uploads are still in progress"}"#
    );
    assert_eq!(member(&ui, "mic_available"), "false");
    assert_eq!(member(&ui, "attachments_available"), "true");

    // The host uploads them: start, progress, complete.
    for id in 1..=5 {
        draft.upload_event(id, UploadEvent::Start).unwrap();
    }
    draft.upload_event(2, UploadEvent::Progress(0.5)).unwrap();
    draft.upload_event(2, UploadEvent::Progress(0.5)).unwrap(); // the same progress again is fine
    assert_eq!(
        draft.attachments().unwrap(),
        tray(&[
            tile(
                1,
                "file",
                "report.pdf",
                "application/pdf",
                10,
                "uploading 0.0"
            ),
            tile(2, "image", "cat.png", "image/png", 3, "uploading 0.5"),
            tile(3, "video", "clip.mp4", "video/mp4", 5, "uploading 0.0"),
            tile(4, "audio", "song.mp3", "audio/mpeg", 7, "uploading 0.0"),
            tile(5, "image", "dog.jpg", "image/jpeg", 4, "uploading 0.0"),
        ])
    );
    for id in 1..=4 {
        draft
            .upload_event(id, UploadEvent::Complete(format!("https://cdn/{id}")))
            .unwrap();
    }
    assert!(!draft.can_send());
    assert_eq!(
        member(&draft.ui_state().unwrap(), "send_blocked"),
        r#"{"reason":"uploads_pending","message":"1 upload is still in progress"}"#
    );
    draft.upload_event(5, UploadEvent::Progress(1.0)).unwrap();
    draft
        .upload_event(5, UploadEvent::Complete("https://cdn/5".into()))
        .unwrap();
    assert!(draft.can_send());

    let attachment = |id: u64, name: &str, mime: &str, size: u64, kind: &str, reference: &str| {
        format!(
            r#"{{"id":{id},"name":"{name}","mime":"{mime}","size":{size},"kind":"{kind}","remote":"https://cdn/{id}","ref":"{reference}","width":null,"height":null,"duration":null,"extra":null}}"#
        )
    };
    let media = |text: &str, mentions: &str, kind: &str, attachments: &[String]| {
        format!(
            concat!(
                r#"{{"type":"media","text":{},"mentions":{},"attachment_kind":"{}","attachments":[{}],"#,
                r#""command":null,"args":null,"quoted_id":null,"edited_id":null,"parent_id":"t-1","sticker":null,"also_send_to_channel":false}}"#
            ),
            text,
            mentions,
            kind,
            attachments.join(",")
        )
    };
    // Images, videos, audios, files; the text is the caption of the first, with its mentions.
    assert_eq!(
        draft.send(0).unwrap(),
        format!(
            "[{}]",
            [
                media(
                    r#""**Look** <@uid:u1>""#,
                    r#"[{"uid":"u1","name":"Ann"}]"#,
                    "image",
                    &[
                        attachment(2, "cat.png", "image/png", 3, "image", "content://media/1"),
                        attachment(5, "dog.jpg", "image/jpeg", 4, "image", ""),
                    ]
                ),
                media(
                    r#""""#,
                    "[]",
                    "video",
                    &[attachment(3, "clip.mp4", "video/mp4", 5, "video", "")]
                ),
                media(
                    r#""""#,
                    "[]",
                    "audio",
                    &[attachment(4, "song.mp3", "audio/mpeg", 7, "audio", "")]
                ),
                media(
                    r#""""#,
                    "[]",
                    "file",
                    &[attachment(
                        1,
                        "report.pdf",
                        "application/pdf",
                        10,
                        "file",
                        ""
                    )]
                ),
            ]
            .join(",")
        )
    );
    assert_eq!(draft.attachments().unwrap(), "[]");
    assert_eq!(draft.text().unwrap(), "");
    assert_eq!(member(&draft.ui_state().unwrap(), "mic_available"), "true");
}

#[test]
fn attachments_without_text_and_a_quoted_reply() {
    let mut draft = Draft::new(None).unwrap();
    draft.begin_reply("m-1", "Bo", "hey", &[]).unwrap();
    draft.stage_files(&[png("a.png", 1)]).unwrap();
    draft.upload_event(1, UploadEvent::Start).unwrap();
    draft
        .upload_event(1, UploadEvent::Complete("https://cdn/1".into()))
        .unwrap();
    assert_eq!(
        draft.send(0).unwrap(),
        concat!(
            r#"[{"type":"media","text":"","mentions":[],"attachment_kind":"image","attachments":"#,
            r#"[{"id":1,"name":"a.png","mime":"image/png","size":1,"kind":"image","remote":"https://cdn/1","ref":"","width":null,"height":null,"duration":null,"extra":null}],"#,
            r#""command":null,"args":null,"quoted_id":"m-1","edited_id":null,"parent_id":null,"sticker":null,"also_send_to_channel":false}]"#
        )
    );
}

#[test]
fn the_files_per_message_limit_drops_extra_picks_with_a_notice() {
    let mut draft = Draft::new(Some(r#"{"max_files":3}"#)).unwrap();
    // Exactly the limit: all staged, no notice.
    let result = draft
        .stage_files(&[png("a.png", 1), png("b.png", 1), png("c.png", 1)])
        .unwrap();
    assert_eq!(
        result,
        StageResult {
            staged: vec![1, 2, 3],
            dropped: 0,
            notice: None,
            messages: vec![]
        }
    );
    assert_eq!(member(&draft.ui_state().unwrap(), "info_banner"), "null");
    // One more: dropped, with the banner.
    let result = draft.stage_files(&[png("d.png", 1)]).unwrap();
    assert_eq!(
        result,
        StageResult {
            staged: vec![],
            dropped: 1,
            notice: Some("You can attach up to 3 files.".into()),
            messages: vec![]
        }
    );
    assert_eq!(
        member(&draft.ui_state().unwrap(), "info_banner"),
        r#""You can attach up to 3 files.""#
    );
    assert_eq!(draft.attachments().unwrap().matches(r#""id":"#).count(), 3);

    // In one pick: the first ones stage, the rest are dropped.
    let mut draft = Draft::new(Some(r#"{"max_files":2}"#)).unwrap();
    let result = draft
        .stage_files(&[
            png("a.png", 1),
            png("b.png", 1),
            png("c.png", 1),
            png("d.png", 1),
        ])
        .unwrap();
    assert_eq!(
        result,
        StageResult {
            staged: vec![1, 2],
            dropped: 2,
            notice: Some("You can attach up to 2 files.".into()),
            messages: vec![]
        }
    );
    assert_eq!(
        draft.attachments().unwrap(),
        tray(&[
            tile(1, "image", "a.png", "image/png", 1, "queued"),
            tile(2, "image", "b.png", "image/png", 1, "queued"),
        ])
    );

    // The default limit is 10, and "1 file." is singular.
    let mut draft = Draft::new(None).unwrap();
    let picks: Vec<PickedFile> = (0..11).map(|i| png(&format!("{i}.png"), 1)).collect();
    let result = draft.stage_files(&picks).unwrap();
    assert_eq!((result.staged.len(), result.dropped), (10, 1));
    assert_eq!(
        result.notice.as_deref(),
        Some("You can attach up to 10 files.")
    );
    let mut draft = Draft::new(Some(r#"{"max_files":1}"#)).unwrap();
    let result = draft
        .stage_files(&[png("a.png", 1), png("b.png", 1)])
        .unwrap();
    assert_eq!(
        result.notice.as_deref(),
        Some("You can attach up to 1 file.")
    );
}

#[test]
fn a_file_over_the_size_limit_stages_as_an_error_tile() {
    let mut draft = Draft::new(Some(r#"{"max_file_size":1048576}"#)).unwrap();
    let result = draft
        .stage_files(&[png("exact.png", 1_048_576), png("over.png", 1_048_577)])
        .unwrap();
    assert_eq!(result.staged, [1, 2]);
    assert_eq!(
        draft.attachments().unwrap(),
        tray(&[
            tile(1, "image", "exact.png", "image/png", 1_048_576, "queued"),
            tile(
                2,
                "image",
                "over.png",
                "image/png",
                1_048_577,
                "error File exceeds 1 MB."
            ),
        ])
    );
    assert_eq!(
        member(&draft.ui_state().unwrap(), "send_blocked"),
        r#"{"reason":"error_tiles","message":"1 attachment has an error; remove it"}"#
    );
    // An error tile cannot be uploaded or retried, only removed.
    assert_err(
        draft.upload_event(2, UploadEvent::Start),
        ErrorKind::NotAllowed,
        "mc_draft_upload_event: illegal upload transition: start from error",
    );
    assert_err(
        draft.upload_event(2, UploadEvent::Retry),
        ErrorKind::NotAllowed,
        "mc_draft_upload_event: illegal upload transition: retry from error",
    );
    draft.remove_attachment(2).unwrap();
    assert_eq!(
        member(&draft.ui_state().unwrap(), "send_blocked"),
        r#"{"reason":"uploads_pending","message":"1 upload is still in progress"}"#
    );

    // The default limit is 100 MB.
    let mut draft = Draft::new(None).unwrap();
    draft
        .stage_files(&[png("a.png", 104_857_600), png("b.png", 104_857_601)])
        .unwrap();
    let tiles = draft.attachments().unwrap();
    assert!(tiles.contains(r#""id":1,"kind":"image","name":"a.png","mime":"image/png","size":104857600,"state":"queued""#), "{tiles}");
    assert!(
        tiles.contains(
            r#""state":"error","progress":null,"error":"File exceeds 100 MB.","retryable":false"#
        ),
        "{tiles}"
    );
}

#[test]
fn types_outside_allowed_types_and_types_the_server_refuses_are_error_tiles() {
    let mut draft = Draft::new(Some(r#"{"allowed_types":["image/*"]}"#)).unwrap();
    draft
        .stage_files(&[
            png("a.png", 1),
            PickedFile::new("b.pdf", "application/pdf", 1),
        ])
        .unwrap();
    assert_eq!(
        draft.attachments().unwrap(),
        tray(&[
            tile(1, "image", "a.png", "image/png", 1, "queued"),
            tile(
                2,
                "file",
                "b.pdf",
                "application/pdf",
                1,
                "error This file type isn't allowed."
            ),
        ])
    );
    // The server refuses the image's type during the upload.
    draft.upload_event(1, UploadEvent::Start).unwrap();
    draft.upload_event(1, UploadEvent::Reject(None)).unwrap();
    assert_eq!(
        draft.attachments().unwrap(),
        tray(&[
            tile(
                1,
                "image",
                "a.png",
                "image/png",
                1,
                "error This file type isn't allowed."
            ),
            tile(
                2,
                "file",
                "b.pdf",
                "application/pdf",
                1,
                "error This file type isn't allowed."
            ),
        ])
    );
    // With a message of the host's own.
    let mut draft = Draft::new(None).unwrap();
    draft.stage_files(&[png("a.png", 1)]).unwrap();
    draft
        .upload_event(1, UploadEvent::Reject(Some("Virus found.".into())))
        .unwrap();
    assert_eq!(
        draft.attachments().unwrap(),
        tray(&[tile(
            1,
            "image",
            "a.png",
            "image/png",
            1,
            "error Virus found."
        )])
    );
}

#[test]
fn a_failed_upload_is_retried() {
    let mut draft = Draft::new(None).unwrap();
    draft.insert("hi").unwrap();
    draft.stage_files(&[png("a.png", 1)]).unwrap();
    draft.upload_event(1, UploadEvent::Start).unwrap();
    draft
        .upload_event(1, UploadEvent::Fail("Network down.".into()))
        .unwrap();
    assert_eq!(
        draft.attachments().unwrap(),
        tray(&[tile(
            1,
            "image",
            "a.png",
            "image/png",
            1,
            "failed Network down."
        )])
    );
    assert_eq!(
        member(&draft.ui_state().unwrap(), "send_blocked"),
        r#"{"reason":"failed_uploads","message":"1 upload failed; retry or remove it"}"#
    );
    draft.upload_event(1, UploadEvent::Retry).unwrap();
    assert_eq!(
        draft.attachments().unwrap(),
        tray(&[tile(1, "image", "a.png", "image/png", 1, "queued")])
    );
    draft.upload_event(1, UploadEvent::Start).unwrap();
    draft
        .upload_event(1, UploadEvent::Complete("https://cdn/a".into()))
        .unwrap();
    assert!(draft.can_send());
}

#[test]
fn illegal_transitions_are_refused_and_leave_the_tray_unchanged() {
    let mut draft = Draft::new(None).unwrap();
    draft.stage_files(&[png("a.png", 1)]).unwrap();
    let queued = draft.attachments().unwrap();
    for (event, kind, message) in [
        (
            UploadEvent::Complete("r".into()),
            ErrorKind::NotAllowed,
            "illegal upload transition: complete from queued",
        ),
        (
            UploadEvent::Fail("m".into()),
            ErrorKind::NotAllowed,
            "illegal upload transition: fail from queued",
        ),
        (
            UploadEvent::Retry,
            ErrorKind::NotAllowed,
            "illegal upload transition: retry from queued",
        ),
    ] {
        assert_err(
            draft.upload_event(1, event),
            kind,
            &format!("mc_draft_upload_event: {message}"),
        );
        assert_eq!(draft.attachments().unwrap(), queued);
    }

    draft.upload_event(1, UploadEvent::Start).unwrap();
    draft.upload_event(1, UploadEvent::Progress(0.6)).unwrap();
    let uploading = draft.attachments().unwrap();
    for (event, kind, message) in [
        (
            UploadEvent::Progress(0.5),
            ErrorKind::NotAllowed,
            "upload progress cannot go backwards (from 0.6 to 0.5)",
        ),
        (
            UploadEvent::Start,
            ErrorKind::NotAllowed,
            "illegal upload transition: start from uploading",
        ),
        (
            UploadEvent::Retry,
            ErrorKind::NotAllowed,
            "illegal upload transition: retry from uploading",
        ),
        (
            UploadEvent::Progress(1.5),
            ErrorKind::OutOfRange,
            "upload progress must be in 0...1, not 1.5",
        ),
        (
            UploadEvent::Progress(-0.1),
            ErrorKind::OutOfRange,
            "upload progress must be in 0...1, not -0.1",
        ),
        (
            UploadEvent::Progress(f64::NAN),
            ErrorKind::InvalidArgument,
            "upload progress must be a number, not NaN",
        ),
        (
            UploadEvent::Complete(String::new()),
            ErrorKind::InvalidArgument,
            "the remote reference of an upload must not be empty",
        ),
        (
            UploadEvent::Fail(String::new()),
            ErrorKind::InvalidArgument,
            "the message of an upload fail must not be empty",
        ),
    ] {
        assert_err(
            draft.upload_event(1, event),
            kind,
            &format!("mc_draft_upload_event: {message}"),
        );
        assert_eq!(draft.attachments().unwrap(), uploading);
    }

    draft
        .upload_event(1, UploadEvent::Complete("https://cdn/a".into()))
        .unwrap();
    let uploaded = draft.attachments().unwrap();
    assert_err(
        draft.upload_event(1, UploadEvent::Progress(1.0)),
        ErrorKind::NotAllowed,
        "mc_draft_upload_event: illegal upload transition: progress from uploaded",
    );
    assert_err(
        draft.upload_event(7, UploadEvent::Start),
        ErrorKind::InvalidArgument,
        "mc_draft_upload_event: no attachment with id 7 in the tray",
    );
    assert_err(
        draft.upload_event(1, UploadEvent::Complete("a\0b".into())),
        ErrorKind::InvalidUtf8,
        "mc_draft_upload_event: string argument holds U+0000 at byte 1",
    );
    assert_eq!(draft.attachments().unwrap(), uploaded);
}

#[test]
fn removing_an_uploading_tile_asks_the_host_to_cancel_the_upload() {
    let mut draft = Draft::new(None).unwrap();
    draft
        .stage_files(&[png("a.png", 1), png("b.png", 1), png("c.png", 1)])
        .unwrap();
    draft.upload_event(2, UploadEvent::Start).unwrap();
    let events = Recorder::on(&mut draft);

    draft.remove_attachment(2).unwrap();
    let heard = events.take();
    assert_eq!(
        heard.iter().find(|(k, _)| *k == EventKind::CancelUpload),
        Some(&(EventKind::CancelUpload, r#"{"id":2}"#.to_string()))
    );
    // A queued tile has no upload to cancel.
    draft.remove_attachment(1).unwrap();
    assert!(!events.kinds().contains(&EventKind::CancelUpload));
    assert_eq!(
        draft.attachments().unwrap(),
        tray(&[tile(3, "image", "c.png", "image/png", 1, "queued")])
    );
    assert_err(
        draft.remove_attachment(2),
        ErrorKind::NotAllowed,
        "mc_draft_remove_attachment: attachment 2 was removed or sent: events for it are refused",
    );
    // Ids are not reused.
    assert_eq!(draft.stage_files(&[png("d.png", 1)]).unwrap().staged, [4]);
}

#[test]
fn with_multiple_attachments_off_the_pick_goes_out_at_once() {
    let mut draft = Draft::new(Some(r#"{"multiple_attachments":false}"#)).unwrap();
    let result = draft
        .stage_files(&[png("a.png", 1), png("b.png", 1)])
        .unwrap();
    assert_eq!(
        (result.staged, result.dropped, result.notice),
        (vec![], 1, Some("You can attach up to 1 file.".to_string()))
    );
    assert_eq!(result.messages.len(), 1);
    assert!(
        result.messages[0].contains(r#""id":1,"name":"a.png","mime":"image/png","size":1,"kind":"image","remote":null,"ref":"""#),
        "{}",
        result.messages[0]
    );
    assert_eq!(draft.attachments().unwrap(), "[]");
    assert_eq!(
        member(&draft.ui_state().unwrap(), "attachments_available"),
        "true"
    );
    let next = draft.stage_files(&[png("c.png", 1)]).unwrap();
    assert!(next.messages[0].contains(r#""id":2,"#), "{}", next.messages[0]);
}

#[test]
fn names_and_references_are_escaped_on_the_way_in() {
    let mut draft = Draft::new(None).unwrap();
    let name = "Zoë \"q\"\n\\👋.txt";
    let picks = [
        PickedFile {
            name: name.into(),
            mime: String::new(),
            size: 0,
            reference: "tab\there".into(),
            ..PickedFile::default()
        },
        PickedFile::new("noext", "", 1),
        PickedFile::new("x.HEIC", "application/octet-stream", 1),
    ];
    draft.stage_files(&picks).unwrap();
    assert_eq!(
        draft.attachments().unwrap(),
        concat!(
            r#"[{"id":1,"kind":"file","name":"Zoë \"q\"\n\\👋.txt","mime":"text/plain","size":0,"#,
            r#""state":"queued","progress":0.0,"error":null,"retryable":false,"remote":null},"#,
            r#"{"id":2,"kind":"file","name":"noext","mime":"application/octet-stream","size":1,"#,
            r#""state":"queued","progress":0.0,"error":null,"retryable":false,"remote":null},"#,
            r#"{"id":3,"kind":"image","name":"x.HEIC","mime":"image/heic","size":1,"#,
            r#""state":"queued","progress":0.0,"error":null,"retryable":false,"remote":null}]"#
        )
    );
    draft.upload_event(1, UploadEvent::Start).unwrap();
    draft
        .upload_event(1, UploadEvent::Complete("r".into()))
        .unwrap();
    draft.remove_attachment(2).unwrap();
    draft.remove_attachment(3).unwrap();
    let sent = draft.send(0).unwrap();
    assert!(
        sent.contains(r#""name":"Zoë \"q\"\n\\👋.txt","mime":"text/plain","size":0,"kind":"file","remote":"r","ref":"tab\there""#),
        "{sent}"
    );

    // What the binding refuses before C, and what the library refuses.
    assert_err(
        draft.stage_files(&[PickedFile::new("a\0b", "", 1)]),
        ErrorKind::InvalidUtf8,
        "mc_draft_stage_files: string argument holds U+0000 at byte 1",
    );
    assert_err(
        draft.stage_files(&[PickedFile::new("big", "", u64::MAX)]),
        ErrorKind::InvalidArgument,
        r#"mc_draft_stage_files: files_json[0]: "size" must be an integer, not number"#,
    );
    assert_eq!(draft.attachments().unwrap(), "[]");
    // An empty pick stages nothing.
    assert_eq!(draft.stage_files(&[]).unwrap(), StageResult::default());
}

#[test]
fn a_voice_note_goes_out_at_once_unless_the_tray_holds_anything() {
    let mut draft = Draft::new(None).unwrap();
    draft.set_thread(Some("t-5")).unwrap();
    draft.insert("unsent text").unwrap();
    assert_eq!(
        draft
            .voice_note("rec.ogg", "audio/ogg", 4096, "https://cdn/rec")
            .unwrap(),
        concat!(
            r#"{"type":"media","text":"","mentions":[],"attachment_kind":"audio","attachments":"#,
            r#"[{"id":1,"name":"rec.ogg","mime":"audio/ogg","size":4096,"kind":"audio","#,
            r#""remote":"https://cdn/rec","ref":"","width":null,"height":null,"duration":null,"extra":null}],"command":null,"args":null,"quoted_id":null,"#,
            r#""edited_id":null,"parent_id":"t-5","sticker":null,"also_send_to_channel":false}"#
        )
    );
    // The draft is untouched.
    assert_eq!(draft.text().unwrap(), "unsent text");

    // The voice note took id 1 of the draft's sequence.
    let id = draft.stage_files(&[png("a.png", 1)]).unwrap().staged[0];
    assert_eq!(id, 2);
    assert_eq!(member(&draft.ui_state().unwrap(), "mic_available"), "false");
    let before = draft.ui_state().unwrap();
    assert_err(
        draft.voice_note("rec.ogg", "audio/ogg", 4096, "https://cdn/rec"),
        ErrorKind::NotAllowed,
        "mc_draft_voice_note: voice notes are unavailable while attachments are staged",
    );
    assert_eq!(draft.ui_state().unwrap(), before);
    // An error tile counts too.
    draft.upload_event(id, UploadEvent::Reject(None)).unwrap();
    assert_err(
        draft.voice_note("rec.ogg", "audio/ogg", 4096, "https://cdn/rec"),
        ErrorKind::NotAllowed,
        "mc_draft_voice_note: voice notes are unavailable while attachments are staged",
    );
    draft.remove_attachment(id).unwrap();
    assert_eq!(member(&draft.ui_state().unwrap(), "mic_available"), "true");

    assert_err(
        draft.voice_note("rec.ogg", "audio/ogg", 1, ""),
        ErrorKind::InvalidArgument,
        "mc_draft_voice_note: voice note needs the uploaded file's remote reference",
    );
    assert_err(
        draft.voice_note("rec.ogg", "audio/ogg", u64::MAX, "r"),
        ErrorKind::InvalidArgument,
        "mc_draft_voice_note: size 18446744073709551615 does not fit in int64_t",
    );
}

#[test]
fn a_snapshot_brings_uploads_in_flight_back_as_retryable_failures() {
    let mut draft = Draft::new(None).unwrap();
    draft.set_thread(Some("t")).unwrap();
    draft.insert("Caption").unwrap();
    draft
        .stage_files(&[
            PickedFile {
                name: "a.png".into(),
                mime: "image/png".into(),
                size: 10,
                reference: "content://1".into(),
                ..PickedFile::default()
            },
            PickedFile::new("b.pdf", "application/pdf", 20),
            PickedFile::new("c.mp3", "audio/mpeg", 30),
            png("d.png", 40),
        ])
        .unwrap();
    draft.upload_event(1, UploadEvent::Start).unwrap();
    draft.upload_event(1, UploadEvent::Progress(0.25)).unwrap();
    draft.upload_event(2, UploadEvent::Start).unwrap();
    draft
        .upload_event(2, UploadEvent::Complete("https://cdn/b".into()))
        .unwrap();
    draft.upload_event(3, UploadEvent::Start).unwrap();
    draft
        .upload_event(3, UploadEvent::Fail("offline".into()))
        .unwrap();
    // Tile 4 stays queued.
    let snapshot = draft.snapshot().unwrap();
    assert_eq!(
        member(&snapshot, "tray"),
        concat!(
            r#"{"tiles":[{"id":1,"name":"a.png","mime":"image/png","size":10,"ref":"content://1","#,
            r#""state":"uploading","progress":0.25},{"id":2,"name":"b.pdf","mime":"application/pdf","#,
            r#""size":20,"ref":"","state":"uploaded","remote":"https://cdn/b"},{"id":3,"name":"c.mp3","#,
            r#""mime":"audio/mpeg","size":30,"ref":"","state":"failed","error":"offline"},"#,
            r#"{"id":4,"name":"d.png","mime":"image/png","size":40,"ref":"","state":"queued"}],"next_id":5}"#
        )
    );

    let mut restored = Draft::new(None).unwrap();
    restored.restore(&snapshot).unwrap();
    assert_eq!(restored.text().unwrap(), "Caption");
    assert_eq!(
        restored.attachments().unwrap(),
        tray(&[
            tile(
                1,
                "image",
                "a.png",
                "image/png",
                10,
                "failed Upload interrupted."
            ),
            tile(
                2,
                "file",
                "b.pdf",
                "application/pdf",
                20,
                "uploaded https://cdn/b"
            ),
            tile(3, "audio", "c.mp3", "audio/mpeg", 30, "failed offline"),
            tile(
                4,
                "image",
                "d.png",
                "image/png",
                40,
                "failed Upload interrupted."
            ),
        ])
    );
    assert_eq!(
        member(&restored.ui_state().unwrap(), "send_blocked"),
        r#"{"reason":"failed_uploads","message":"3 uploads failed; retry or remove them"}"#
    );
    // New tiles get fresh ids.
    assert_eq!(
        restored.stage_files(&[png("e.png", 1)]).unwrap().staged,
        [5]
    );
    restored.remove_attachment(5).unwrap();
    // The interrupted ones are retried and sent; the host reference survives.
    for id in [1, 3, 4] {
        restored.upload_event(id, UploadEvent::Retry).unwrap();
        restored.upload_event(id, UploadEvent::Start).unwrap();
        restored
            .upload_event(id, UploadEvent::Complete(format!("https://cdn/{id}")))
            .unwrap();
    }
    let sent = restored.send(0).unwrap();
    assert!(
        sent.contains(r#"{"id":1,"name":"a.png","mime":"image/png","size":10,"kind":"image","remote":"https://cdn/1","ref":"content://1","width":null,"height":null,"duration":null,"extra":null}"#),
        "{sent}"
    );
}

#[test]
fn tile_ids_are_never_reused_within_a_draft() {
    let mut draft = Draft::new(None).unwrap();
    draft.stage_files(&[png("a.png", 1)]).unwrap();
    draft.clear().unwrap();
    assert_eq!(draft.stage_files(&[png("b.png", 1)]).unwrap().staged, [2]);
    draft.upload_event(2, UploadEvent::Start).unwrap();
    draft
        .upload_event(2, UploadEvent::Complete("https://cdn/b".into()))
        .unwrap();
    draft.send(0).unwrap();
    assert_eq!(draft.stage_files(&[png("c.png", 1)]).unwrap().staged, [3]);
}
