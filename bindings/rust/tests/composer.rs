//! The composer as a user drives it: typing with mentions and formats, replying, editing,
//! threads, slash commands, slow mode, the length limit, and snapshots.

mod common;

use common::{assert_err, member};
use message_composer::{Draft, ErrorKind, Format, PickedFile};

/// The UI state of a fresh draft with the default configuration.
const FRESH_UI: &str = concat!(
    r#"{"can_send":false,"send_blocked":{"reason":"empty","message":"the message is empty"},"#,
    r#""mode":{"kind":"new"},"thread_parent_id":null,"also_send_to_channel":false,"selection":[0,0],"#,
    r#""active_formats":{"formats":[],"link":null,"color":null},"tray":[],"#,
    r#""attachments_available":true,"mic_available":true,"sticker_available":true,"info_banner":null,"#,
    r#""mention_query":null,"command_query":null,"command":null,"cooldown_remaining_ms":0,"#,
    r#""length":0,"max_length":null,"typing":false,"can_undo":false,"can_redo":false}"#
);

/// One outgoing text message as `send` writes it.
fn text_message(text: &str, mentions: &str, quoted: &str, parent: &str) -> String {
    format!(
        concat!(
            r#"{{"type":"text","text":{},"mentions":{},"attachment_kind":null,"attachments":[],"#,
            r#""command":null,"args":null,"quoted_id":{},"edited_id":null,"parent_id":{},"sticker":null,"also_send_to_channel":false}}"#
        ),
        text, mentions, quoted, parent
    )
}

#[test]
fn a_fresh_draft_cannot_be_sent_and_says_why() {
    let mut draft = Draft::new(None).unwrap();
    assert_eq!(draft.ui_state().unwrap(), FRESH_UI);
    assert!(!draft.can_send());
    assert_err(
        draft.send(0),
        ErrorKind::NotAllowed,
        "mc_draft_send: cannot send: the message is empty",
    );
    // Whitespace only is empty too (trim is on by default).
    draft.insert(" \n ").unwrap();
    assert!(!draft.can_send());
    assert_eq!(
        member(&draft.ui_state().unwrap(), "send_blocked"),
        r#"{"reason":"empty","message":"the message is empty"}"#
    );
}

#[test]
fn a_reply_with_a_mention_and_formatting_goes_out_in_its_thread() {
    let mut draft = Draft::new(None).unwrap();
    draft.set_thread(Some("thread-1")).unwrap();

    // "@bo" opens a mention query; picking Bob replaces it with the mention and a space.
    draft.insert("Hi @bo").unwrap();
    let ui = draft.ui_state().unwrap();
    assert_eq!(
        member(&ui, "mention_query"),
        r#"{"query":"bo","start":3,"end":6}"#
    );
    draft.insert_mention("u42", "Bob").unwrap();
    assert_eq!(draft.text().unwrap(), "Hi @Bob ");
    assert_eq!(draft.selection(), (8, 8));
    assert_eq!(member(&draft.ui_state().unwrap(), "mention_query"), "null");

    draft.insert("see this").unwrap();
    draft.apply_format(0, 2, Format::Bold, None).unwrap();

    // Replying keeps the text and shows a preview of the quoted message.
    draft
        .begin_reply(
            "m-1",
            "Alice",
            "**Hello** there <@uid:u9>",
            &[("u9", "Zed")],
        )
        .unwrap();
    assert_eq!(draft.text().unwrap(), "Hi @Bob see this");
    let ui = draft.ui_state().unwrap();
    assert_eq!(
        member(&ui, "mode"),
        r#"{"kind":"reply","message_id":"m-1","preview":{"sender":"Alice","snippet":"Hello there @Zed"}}"#
    );
    assert_eq!(member(&ui, "thread_parent_id"), r#""thread-1""#);
    assert_eq!(member(&ui, "can_send"), "true");
    assert!(draft.can_send());

    assert_eq!(
        draft.send(2000).unwrap(),
        format!(
            "[{}]",
            text_message(
                r#""**Hi** <@uid:u42> see this""#,
                r#"[{"uid":"u42","name":"Bob"}]"#,
                r#""m-1""#,
                r#""thread-1""#
            )
        )
    );

    // The draft is cleared, back to a new message; the thread stays.
    assert_eq!(draft.text().unwrap(), "");
    assert_eq!(
        draft.ui_state().unwrap(),
        FRESH_UI.replace(
            r#""thread_parent_id":null"#,
            r#""thread_parent_id":"thread-1""#
        )
    );
    draft.insert("next").unwrap();
    assert_eq!(
        draft.send(3000).unwrap(),
        format!(
            "[{}]",
            text_message(r#""next""#, "[]", "null", r#""thread-1""#)
        )
    );
    // Leaving the thread.
    draft.set_thread(None).unwrap();
    assert_eq!(
        member(&draft.ui_state().unwrap(), "thread_parent_id"),
        "null"
    );
}

#[test]
fn a_reply_preview_is_cut_on_a_grapheme_boundary_and_can_be_dismissed() {
    let mut draft = Draft::new(None).unwrap();
    draft.insert("keep me").unwrap();
    let quoted = format!("{}👨‍👩‍👧bc", "a".repeat(99));
    draft.begin_reply("m-3", "Sam", &quoted, &[]).unwrap();
    assert_eq!(
        member(&draft.ui_state().unwrap(), "mode"),
        format!(
            r#"{{"kind":"reply","message_id":"m-3","preview":{{"sender":"Sam","snippet":"{}👨‍👩‍👧…"}}}}"#,
            "a".repeat(99)
        )
    );
    // Dismissing the preview returns to a new message; the text stays.
    draft.cancel_mode().unwrap();
    assert_eq!(
        member(&draft.ui_state().unwrap(), "mode"),
        r#"{"kind":"new"}"#
    );
    assert_eq!(draft.text().unwrap(), "keep me");
    assert_eq!(
        draft.send(0).unwrap(),
        format!("[{}]", text_message(r#""keep me""#, "[]", "null", "null"))
    );
    // Cancelling in new mode does nothing.
    draft.cancel_mode().unwrap();
    assert_eq!(draft.ui_state().unwrap(), FRESH_UI);
}

#[test]
fn editing_puts_the_draft_aside_and_cancelling_brings_it_back() {
    let mut draft = Draft::new(None).unwrap();
    draft.insert("my draft").unwrap();
    draft
        .stage_files(&[PickedFile::new("cat.png", "image/png", 10)])
        .unwrap();
    let tray = draft.attachments().unwrap();

    draft
        .begin_edit("m-7", "old *msg* <@uid:u1>", &[("u1", "Ann")], false)
        .unwrap();
    assert_eq!(draft.text().unwrap(), "old msg @Ann");
    assert_eq!(
        draft.document().unwrap(),
        concat!(
            r#"{"text":"old msg @Ann","spans":[{"start":4,"end":7,"format":"italic"},"#,
            r#"{"start":8,"end":12,"format":"mention","uid":"u1","name":"Ann"}]}"#
        )
    );
    let ui = draft.ui_state().unwrap();
    assert_eq!(
        member(&ui, "mode"),
        r#"{"kind":"edit","message_id":"m-7","media":false}"#
    );
    assert_eq!(member(&ui, "tray"), "[]");
    assert_eq!(member(&ui, "attachments_available"), "false");
    assert_eq!(member(&ui, "mic_available"), "false");
    assert_eq!(member(&ui, "can_undo"), "false");

    // Attachments, commands and voice notes are refused while editing; nothing changes.
    assert_err(
        draft.stage_files(&[PickedFile::new("dog.png", "image/png", 1)]),
        ErrorKind::NotAllowed,
        "mc_draft_stage_files: attachments cannot be added while editing a message",
    );
    assert_err(
        draft.set_command("giphy", None),
        ErrorKind::NotAllowed,
        "mc_draft_set_command: commands cannot be set while editing a message",
    );
    assert_err(
        draft.voice_note("v.ogg", "audio/ogg", 10, "https://cdn/v"),
        ErrorKind::NotAllowed,
        "mc_draft_voice_note: voice notes are unavailable while editing",
    );
    assert_eq!(draft.ui_state().unwrap(), ui);

    // Cancel: the previous draft, with its tray, comes back.
    draft.cancel_mode().unwrap();
    assert_eq!(draft.text().unwrap(), "my draft");
    assert_eq!(draft.selection(), (8, 8));
    assert_eq!(draft.attachments().unwrap(), tray);
    assert_eq!(
        member(&draft.ui_state().unwrap(), "mode"),
        r#"{"kind":"new"}"#
    );
}

#[test]
fn sending_an_edit_yields_an_edit_and_gives_the_draft_back() {
    let mut draft = Draft::new(None).unwrap();
    draft.set_thread(Some("t")).unwrap();
    draft.insert("half-written").unwrap();
    draft.begin_edit("m-9", "**old**", &[], false).unwrap();
    draft.insert(" new").unwrap();
    assert_eq!(
        draft.send(0).unwrap(),
        concat!(
            r#"[{"type":"edit","text":"**old new**","mentions":[],"attachment_kind":null,"#,
            r#""attachments":[],"command":null,"args":null,"quoted_id":null,"edited_id":"m-9","#,
            r#""parent_id":"t","sticker":null,"also_send_to_channel":false}]"#
        )
    );
    assert_eq!(draft.text().unwrap(), "half-written");
    assert_eq!(
        member(&draft.ui_state().unwrap(), "mode"),
        r#"{"kind":"new"}"#
    );

    // A media message: only its caption is edited, and it still goes out as an edit.
    draft.begin_edit("m-10", "a caption", &[], true).unwrap();
    assert_eq!(
        member(&draft.ui_state().unwrap(), "mode"),
        r#"{"kind":"edit","message_id":"m-10","media":true}"#
    );
    draft.select_all().unwrap();
    draft.insert("new caption").unwrap();
    assert_eq!(
        draft.send(0).unwrap(),
        concat!(
            r#"[{"type":"edit","text":"new caption","mentions":[],"attachment_kind":null,"#,
            r#""attachments":[],"command":null,"args":null,"quoted_id":null,"edited_id":"m-10","#,
            r#""parent_id":"t","sticker":null,"also_send_to_channel":false}]"#
        )
    );
    assert_eq!(draft.text().unwrap(), "half-written");
}

#[test]
fn a_reply_started_while_editing_ends_the_edit_first() {
    let mut draft = Draft::new(None).unwrap();
    draft.insert("keep").unwrap();
    draft.begin_edit("m-1", "x", &[], false).unwrap();
    draft.begin_reply("m-2", "Sue", "", &[]).unwrap();
    assert_eq!(draft.text().unwrap(), "keep");
    assert_eq!(
        member(&draft.ui_state().unwrap(), "mode"),
        r#"{"kind":"reply","message_id":"m-2","preview":{"sender":"Sue","snippet":""}}"#
    );
}

#[test]
fn bad_message_and_thread_ids_are_refused() {
    let mut draft = Draft::new(None).unwrap();
    let message = "message id must be 1-256 characters without control characters";
    assert_err(
        draft.begin_edit("", "x", &[], false),
        ErrorKind::InvalidArgument,
        &format!("mc_draft_begin_edit: {message}"),
    );
    assert_err(
        draft.begin_reply("a\u{1}b", "s", "x", &[]),
        ErrorKind::InvalidArgument,
        &format!("mc_draft_begin_reply: {message}"),
    );
    assert_err(
        draft.begin_reply(&"m".repeat(257), "s", "x", &[]),
        ErrorKind::InvalidArgument,
        &format!("mc_draft_begin_reply: {message}"),
    );
    draft.begin_reply(&"m".repeat(256), "s", "x", &[]).unwrap();
    draft.cancel_mode().unwrap();
    assert_err(
        draft.set_thread(Some("")),
        ErrorKind::InvalidArgument,
        "mc_draft_set_thread: thread parent id must be 1-256 characters without control characters",
    );
    // U+0000 is refused before C, as for every string argument.
    assert_err(
        draft.set_thread(Some("t\0")),
        ErrorKind::InvalidUtf8,
        "mc_draft_set_thread: string argument holds U+0000 at byte 1",
    );
    assert_err(
        draft.begin_edit("m", "x", &[("u1", "A"), ("u1", "B")], false),
        ErrorKind::InvalidArgument,
        r#"mc_draft_begin_edit: mentions: uid "u1" is given twice"#,
    );
    assert_eq!(draft.ui_state().unwrap(), FRESH_UI);
}

#[test]
fn slow_mode_blocks_sending_until_the_cooldown_is_over() {
    let mut draft = Draft::new(Some(r#"{"slow_mode_seconds":10}"#)).unwrap();
    draft.tick(500).unwrap();
    draft.insert("first").unwrap();
    assert!(draft.can_send());
    draft.send(1000).unwrap();

    // Right after a send the draft is empty, which is the first reason not to send.
    assert_eq!(
        member(&draft.ui_state().unwrap(), "send_blocked"),
        r#"{"reason":"empty","message":"the message is empty"}"#
    );
    draft.insert("second").unwrap();
    assert!(!draft.can_send());
    let ui = draft.ui_state().unwrap();
    assert_eq!(
        member(&ui, "send_blocked"),
        r#"{"reason":"cooldown","message":"slow mode: wait 10 s"}"#
    );
    assert_eq!(member(&ui, "cooldown_remaining_ms"), "10000");

    // A refused send changes nothing (not even the clock).
    let snapshot = draft.snapshot().ok();
    assert_err(
        draft.send(1500),
        ErrorKind::NotAllowed,
        "mc_draft_send: cannot send: slow mode: wait 10 s",
    );
    assert_eq!(draft.ui_state().unwrap(), ui);
    assert_eq!(draft.snapshot().ok(), snapshot);

    draft.tick(10_999).unwrap();
    assert!(!draft.can_send());
    let ui = draft.ui_state().unwrap();
    assert_eq!(
        member(&ui, "send_blocked"),
        r#"{"reason":"cooldown","message":"slow mode: wait 1 s"}"#
    );
    assert_eq!(member(&ui, "cooldown_remaining_ms"), "1");

    draft.tick(11_000).unwrap();
    assert!(draft.can_send());
    assert_eq!(
        member(&draft.ui_state().unwrap(), "cooldown_remaining_ms"),
        "0"
    );
    assert_eq!(
        draft.send(11_000).unwrap(),
        format!("[{}]", text_message(r#""second""#, "[]", "null", "null"))
    );

    // The host clock never goes backwards.
    assert_err(
        draft.tick(5),
        ErrorKind::OutOfRange,
        "mc_draft_tick: clock went backwards (5 < 11000)",
    );
    draft.insert("x").unwrap();
    assert_err(
        draft.send(10_000),
        ErrorKind::OutOfRange,
        "mc_draft_send: clock went backwards (10000 < 11000)",
    );
    assert_eq!(draft.text().unwrap(), "x");
}

#[test]
fn without_slow_mode_there_is_no_cooldown() {
    let mut draft = Draft::new(None).unwrap();
    draft.insert("one").unwrap();
    draft.send(1000).unwrap();
    draft.insert("two").unwrap();
    assert!(draft.can_send());
    assert_eq!(
        member(&draft.ui_state().unwrap(), "cooldown_remaining_ms"),
        "0"
    );
    draft.send(1001).unwrap();
}

#[test]
fn max_length_blocks_a_long_message_with_too_long() {
    let mut draft = Draft::new(Some(r#"{"max_length":5}"#)).unwrap();
    draft.insert("hello").unwrap();
    assert!(draft.can_send());
    let ui = draft.ui_state().unwrap();
    assert_eq!(member(&ui, "length"), "5");
    assert_eq!(member(&ui, "max_length"), "5");

    draft.insert("!").unwrap();
    assert!(!draft.can_send());
    let ui = draft.ui_state().unwrap();
    assert_eq!(
        member(&ui, "send_blocked"),
        r#"{"reason":"too_long","message":"the message is 6 characters long; the limit is 5"}"#
    );
    assert_eq!(member(&ui, "length"), "6");
    assert_err(
        draft.send(0),
        ErrorKind::NotAllowed,
        "mc_draft_send: cannot send: the message is 6 characters long; the limit is 5",
    );
    assert_eq!(draft.text().unwrap(), "hello!");

    // Whitespace that trimming removes does not count.
    draft.delete_backward().unwrap();
    draft.insert("   ").unwrap();
    assert!(draft.can_send());
    assert_eq!(
        draft.send(0).unwrap(),
        format!("[{}]", text_message(r#""hello""#, "[]", "null", "null"))
    );
}

#[test]
fn a_slash_command_clears_the_draft_and_goes_out_as_a_command() {
    let mut draft = Draft::new(None).unwrap();
    draft.set_thread(Some("t-2")).unwrap();
    draft
        .stage_files(&[PickedFile::new("cat.png", "image/png", 10)])
        .unwrap();
    draft.insert("/gi").unwrap();
    assert_eq!(
        member(&draft.ui_state().unwrap(), "command_query"),
        r#"{"query":"gi","start":0,"end":3}"#
    );

    draft.set_command("giphy", Some("cats")).unwrap();
    assert_eq!(draft.text().unwrap(), "");
    assert_eq!(draft.attachments().unwrap(), "[]");
    let ui = draft.ui_state().unwrap();
    assert_eq!(member(&ui, "command"), r#"{"name":"giphy","args":"cats"}"#);
    assert_eq!(member(&ui, "command_query"), "null");
    assert_eq!(member(&ui, "can_send"), "true");
    assert_eq!(member(&ui, "attachments_available"), "false");
    assert_eq!(member(&ui, "mic_available"), "false");
    // No attachments on a command.
    assert_err(
        draft.stage_files(&[PickedFile::new("dog.png", "image/png", 1)]),
        ErrorKind::NotAllowed,
        "mc_draft_stage_files: attachments cannot be added to a command",
    );

    assert_eq!(
        draft.send(0).unwrap(),
        concat!(
            r#"[{"type":"command","text":"","mentions":[],"attachment_kind":null,"attachments":[],"#,
            r#""command":"giphy","args":"cats","quoted_id":null,"edited_id":null,"parent_id":"t-2","sticker":null,"also_send_to_channel":false}]"#
        )
    );
    assert_eq!(member(&draft.ui_state().unwrap(), "command"), "null");

    // Without args, and cleared again.
    draft.set_command("shrug", None).unwrap();
    assert_eq!(
        member(&draft.ui_state().unwrap(), "command"),
        r#"{"name":"shrug","args":null}"#
    );
    draft.clear_command().unwrap();
    let ui = draft.ui_state().unwrap();
    assert_eq!(member(&ui, "command"), "null");
    assert_eq!(
        member(&ui, "send_blocked"),
        r#"{"reason":"empty","message":"the message is empty"}"#
    );

    for name in ["", "a b", "a/b"] {
        assert_err(
            draft.set_command(name, None),
            ErrorKind::InvalidArgument,
            "mc_draft_set_command: command name must be non-empty, without whitespace or '/'",
        );
    }
}

#[test]
fn clear_empties_the_draft_but_keeps_mode_and_thread() {
    let mut draft = Draft::new(None).unwrap();
    draft.set_thread(Some("t")).unwrap();
    draft.begin_reply("m-1", "Ann", "hi", &[]).unwrap();
    draft.insert("text").unwrap();
    draft
        .stage_files(&[PickedFile::new("a.png", "image/png", 1)])
        .unwrap();
    draft.clear().unwrap();
    assert_eq!(draft.text().unwrap(), "");
    assert_eq!(draft.attachments().unwrap(), "[]");
    let ui = draft.ui_state().unwrap();
    assert_eq!(
        member(&ui, "mode"),
        r#"{"kind":"reply","message_id":"m-1","preview":{"sender":"Ann","snippet":"hi"}}"#
    );
    assert_eq!(member(&ui, "thread_parent_id"), r#""t""#);
    // Clearing is one undo step for the text.
    draft.undo().unwrap();
    assert_eq!(draft.text().unwrap(), "text");
}

#[test]
fn a_snapshot_restores_text_formats_selection_mode_and_command() {
    let mut draft = Draft::new(None).unwrap();
    draft.set_thread(Some("thread-9")).unwrap();
    draft.insert("mine").unwrap();
    draft.begin_edit("m-1", "**old** text", &[], true).unwrap();
    draft.set_selection(1, 3).unwrap();
    let snapshot = draft.snapshot().unwrap();
    assert_eq!(
        snapshot,
        concat!(
            r#"{"version":2,"document":{"text":"old text","spans":[{"start":0,"end":3,"format":"bold"}]},"#,
            r#""selection":[1,3],"mode":{"kind":"edit","message_id":"m-1","media":true},"#,
            r#""thread_parent_id":"thread-9","also_send_to_channel":false,"command":null,"#,
            r#""tray":{"tiles":[],"next_id":1},"last_message_at":null,"#,
            r#""now":0,"saved":{"document":{"text":"mine","spans":[]},"selection":[4,4],"#,
            r#""mode":{"kind":"new"},"command":null,"tray":{"tiles":[],"next_id":1}}}"#
        )
    );

    let mut restored = Draft::new(None).unwrap();
    restored.restore(&snapshot).unwrap();
    assert_eq!(restored.snapshot().unwrap(), snapshot);
    assert_eq!(restored.document().unwrap(), draft.document().unwrap());
    assert_eq!(restored.selection(), (1, 3));
    assert_eq!(
        member(&restored.ui_state().unwrap(), "mode"),
        r#"{"kind":"edit","message_id":"m-1","media":true}"#
    );
    // The undo history starts empty; the put-aside draft comes back on cancel.
    assert_eq!(restored.undo_state(), (false, false));
    restored.cancel_mode().unwrap();
    assert_eq!(restored.text().unwrap(), "mine");

    // A command survives too.
    let mut command = Draft::new(None).unwrap();
    command.set_thread(Some("t")).unwrap();
    command.set_command("giphy", Some("dogs")).unwrap();
    let mut restored = Draft::new(None).unwrap();
    restored.restore(&command.snapshot().unwrap()).unwrap();
    assert_eq!(
        member(&restored.ui_state().unwrap(), "command"),
        r#"{"name":"giphy","args":"dogs"}"#
    );
}

#[test]
fn a_slow_mode_cooldown_survives_a_snapshot() {
    let mut draft = Draft::new(Some(r#"{"slow_mode_seconds":10}"#)).unwrap();
    draft.set_thread(Some("t")).unwrap();
    draft.insert("a").unwrap();
    draft.send(1000).unwrap();
    draft.insert("b").unwrap();
    let mut restored = Draft::new(Some(r#"{"slow_mode_seconds":10}"#)).unwrap();
    restored.restore(&draft.snapshot().unwrap()).unwrap();
    assert!(!restored.can_send());
    assert_eq!(
        member(&restored.ui_state().unwrap(), "cooldown_remaining_ms"),
        "10000"
    );
    restored.tick(11_000).unwrap();
    assert!(restored.can_send());
}

#[test]
fn a_draft_without_a_thread_round_trips_through_a_snapshot() {
    let mut draft = Draft::new(None).unwrap();
    draft.insert("hello").unwrap();
    let snapshot = draft.snapshot().unwrap();
    assert_eq!(member(&snapshot, "thread_parent_id"), "null");
    let mut restored = Draft::new(None).unwrap();
    restored.restore(&snapshot).unwrap();
    assert_eq!(restored.text().unwrap(), "hello");
    assert_eq!(restored.snapshot().unwrap(), snapshot);
}

#[test]
fn unknown_versions_and_malformed_snapshots_are_refused_and_change_nothing() {
    let mut source = Draft::new(None).unwrap();
    source.set_thread(Some("t")).unwrap();
    source.insert("from the snapshot").unwrap();
    let snapshot = source.snapshot().unwrap();

    let mut draft = Draft::new(None).unwrap();
    draft.insert("current").unwrap();
    let before = (draft.ui_state().unwrap(), draft.document().unwrap());
    for (text, kind, message) in [
        (
            snapshot.replace(r#""version":2"#, r#""version":3"#),
            ErrorKind::InvalidArgument,
            "snapshot version 3 is not supported (this library reads versions 1 and 2)",
        ),
        (
            snapshot.replace(r#""version":2"#, r#""version":0"#),
            ErrorKind::InvalidArgument,
            "snapshot version 0 is not supported (this library reads versions 1 and 2)",
        ),
        (
            "{}".to_string(),
            ErrorKind::InvalidArgument,
            r#"snapshot: "version" is required"#,
        ),
        (
            "nope".to_string(),
            ErrorKind::InvalidJson,
            "invalid JSON: invalid literal at byte 1",
        ),
        (
            snapshot.replace(r#""now":0"#, r#""now":0,"extra":1"#),
            ErrorKind::InvalidArgument,
            r#"snapshot: unknown key "extra""#,
        ),
    ] {
        assert_err(
            draft.restore(&text),
            kind,
            &format!("mc_draft_restore: {message}"),
        );
        assert_eq!(
            (draft.ui_state().unwrap(), draft.document().unwrap()),
            before,
            "{text}"
        );
    }
    assert_err(
        draft.restore("{\0}"),
        ErrorKind::InvalidUtf8,
        "mc_draft_restore: string argument holds U+0000 at byte 1",
    );
    draft.restore(&snapshot).unwrap();
    assert_eq!(draft.text().unwrap(), "from the snapshot");
}
