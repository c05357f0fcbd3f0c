//! A few end-to-end flows through the crate, as a chat client drives it, read through typed
//! results. The rules they touch are the engine's and tested there; these prove the pieces fit.

mod common;

use common::Recorder;
use message_composer::{
    AttachmentKind, Draft, EventData, Format, MessageType, Mode, PickedFile, SendBlockReason,
    TileState, UploadEvent,
};

#[test]
fn a_reply_in_a_thread_with_a_mention_and_a_bold_word() {
    let mut draft = Draft::new(Some(r#"{"mention_limit":5}"#)).unwrap();
    let heard = Recorder::on(&mut draft);
    draft.set_thread(Some("thread-1")).unwrap();
    draft
        .begin_reply("m-7", "Ann", "Are we **shipping**?", &[])
        .unwrap();
    draft.insert("Yes @bo").unwrap();
    let query = draft.ui_state().unwrap().mention_query.expect("an @ query");
    draft.set_selection(query.start, query.end).unwrap();
    draft.insert_mention("u42", "Bob").unwrap();
    draft.insert("will merge today").unwrap();
    let start = draft.len() - "today".len();
    draft
        .apply_format(start, draft.len(), Format::Bold, None)
        .unwrap();
    let message = draft.send(1_000).unwrap().remove(0);
    assert_eq!(message.text, "Yes <@uid:u42> will merge **today**");
    assert_eq!(message.r#type, MessageType::Text);
    assert_eq!(message.quoted_id.as_deref(), Some("m-7"));
    assert_eq!(message.parent_id.as_deref(), Some("thread-1"));
    let state = draft.ui_state().unwrap();
    assert_eq!((state.mode, state.length), (Mode::New, 0));
    assert!(heard.data().contains(&EventData::MentionQuery(None)));
}

#[test]
fn an_edit_sends_an_edit_and_gives_the_draft_back() {
    let mut draft = Draft::new(None).unwrap();
    draft.insert("half-written").unwrap();
    draft.begin_edit("m-1", "old *text*", &[], false).unwrap();
    assert_eq!(
        draft.ui_state().unwrap().mode,
        Mode::Edit {
            message_id: "m-1".into(),
            media: false
        }
    );
    draft.replace(0, 3, "new").unwrap();
    let edit = draft.send(5).unwrap().remove(0);
    assert_eq!(
        (edit.r#type, edit.edited_id.as_deref(), edit.text.as_str()),
        (MessageType::Edit, Some("m-1"), "new *text*")
    );
    assert_eq!(draft.text().unwrap(), "half-written");
}

#[test]
fn attachments_upload_fail_retry_and_go_out_with_slow_mode() {
    let mut draft = Draft::new(Some(r#"{"slow_mode_seconds":10}"#)).unwrap();
    draft.insert("Look").unwrap();
    let mut cat = PickedFile::new("cat.png", "image/png", 52_311);
    cat.reference = "content://1".into();
    let ids = draft
        .stage_files(&[cat, PickedFile::new("notes.pdf", "application/pdf", 48_213)])
        .unwrap()
        .staged;
    let (cat, notes) = (ids[0], ids[1]);
    for id in [cat, notes] {
        draft.upload_event(id, UploadEvent::Start).unwrap();
    }
    draft.upload_event(cat, UploadEvent::Progress(0.5)).unwrap();
    draft
        .upload_event(notes, UploadEvent::Fail("network down".into()))
        .unwrap();
    let state = draft.ui_state().unwrap();
    assert_eq!(
        state.send_blocked.unwrap().reason,
        SendBlockReason::FailedUploads
    );
    let tray: Vec<_> = state
        .tray
        .iter()
        .map(|t| (t.state.clone(), t.progress, t.retryable))
        .collect();
    assert_eq!(
        tray,
        [
            (TileState::Uploading, Some(0.5), false),
            (TileState::Failed, None, true)
        ]
    );
    draft.upload_event(notes, UploadEvent::Retry).unwrap();
    draft.upload_event(notes, UploadEvent::Start).unwrap();
    for id in [cat, notes] {
        draft
            .upload_event(id, UploadEvent::Complete(format!("https://cdn/{id}")))
            .unwrap();
    }
    let messages = draft.send(1_000).unwrap();
    let kinds: Vec<_> = messages
        .iter()
        .map(|m| (m.attachment_kind.clone(), m.text.as_str()))
        .collect();
    assert_eq!(
        kinds,
        [
            (Some(AttachmentKind::Image), "Look"),
            (Some(AttachmentKind::File), "")
        ]
    );
    assert_eq!(messages[0].attachments[0].r#ref, "content://1");
    draft.insert("again").unwrap();
    assert_eq!(
        draft.ui_state().unwrap().send_blocked.unwrap().reason,
        SendBlockReason::Cooldown
    );
    draft.tick(11_000).unwrap();
    assert!(draft.can_send());
}

#[test]
fn a_snapshot_moves_a_draft_to_another_and_interrupts_uploads() {
    let mut a = Draft::new(None).unwrap();
    a.insert("keep ").unwrap();
    a.insert_mention("u1", "Ann").unwrap();
    let id = a
        .stage_files(&[PickedFile::new("a.png", "image/png", 1)])
        .unwrap()
        .staged[0];
    a.upload_event(id, UploadEvent::Start).unwrap();
    let snapshot = a.snapshot().unwrap();
    let document = a.document().unwrap();
    drop(a);
    let mut b = Draft::new(None).unwrap();
    b.restore(&snapshot).unwrap();
    assert_eq!(b.document().unwrap(), document);
    let tile = b.attachments().unwrap().remove(0);
    assert_eq!(
        (tile.id, tile.state, tile.retryable),
        (id, TileState::Failed, true)
    );
    assert_eq!(tile.error.as_deref(), Some("Upload interrupted."));
    assert!(b.restore(r#"{"version":999}"#).is_err());
    assert_eq!(b.document().unwrap(), document);
}
