//! Typed results: every layout of `docs/json-layouts.md` comes back from the library as its
//! struct, equal to what its `*_json` text reads as; keys a newer library adds are ignored, names
//! it adds arrive as `Other`; a layout of the wrong shape is an `InvalidJson` error. What the
//! values mean is the engine's (its suite tests them).

mod common;

use common::assert_err;
use message_composer::{
    parse_markdown_with_mentions, ActiveFormats, AttachmentKind, Command, Config, Document, Draft,
    ErrorKind, Format, MessageMention, MessageType, Mode, OutgoingAttachment, OutgoingMessage,
    PickedFile, Query, ReplyPreview, SendBlockReason, Span, Tile, TileState, UiState, UploadEvent,
};

fn span(start: usize, end: usize, format: &str) -> Span {
    Span {
        start,
        end,
        format: format.into(),
        url: None,
        color: None,
        uid: None,
        name: None,
    }
}

#[test]
fn the_ui_state_reads_every_key() {
    let mut draft = Draft::new(Some(r#"{"max_length":50}"#)).unwrap();
    draft.insert("Hi @bo").unwrap();
    draft.begin_reply("m1", "Ann", "**quoted**", &[]).unwrap();
    draft.set_thread(Some("t1")).unwrap();
    let id = draft
        .stage_files(&[PickedFile::new("a.png", "image/png", 3)])
        .unwrap()
        .staged[0];
    draft.upload_event(id, UploadEvent::Start).unwrap();
    draft.upload_event(id, UploadEvent::Progress(0.5)).unwrap();
    let state = draft.ui_state().unwrap();
    assert_eq!(
        state,
        UiState::from_json(&draft.ui_state_json().unwrap()).unwrap()
    );
    assert!(!state.can_send);
    let blocked = state.send_blocked.clone().unwrap();
    assert_eq!(blocked.reason, SendBlockReason::UploadsPending);
    assert_eq!(
        state.mode,
        Mode::Reply {
            message_id: "m1".into(),
            preview: ReplyPreview {
                sender: "Ann".into(),
                snippet: "quoted".into()
            }
        }
    );
    assert_eq!(state.thread_parent_id.as_deref(), Some("t1"));
    assert_eq!(state.selection, (6, 6));
    assert_eq!(
        state.mention_query,
        Some(Query {
            query: "bo".into(),
            start: 3,
            end: 6
        })
    );
    assert_eq!((state.length, state.max_length), (6, Some(50)));
    assert!(state.attachments_available && !state.mic_available && state.sticker_available);
    assert!(!state.also_send_to_channel);
    assert!(state.typing && state.can_undo && !state.can_redo);
    assert_eq!(state.cooldown_remaining_ms, 0);
    assert_eq!(
        (state.info_banner, state.command_query, state.command),
        (None, None, None)
    );
    let tile = &state.tray[0];
    assert_eq!(
        (
            tile.id,
            &tile.kind,
            &tile.state,
            tile.progress,
            &tile.remote
        ),
        (
            id,
            &AttachmentKind::Image,
            &TileState::Uploading,
            Some(0.5),
            &None
        )
    );
    draft.set_command("giphy", Some("cats")).unwrap();
    assert_eq!(
        draft.ui_state().unwrap().command,
        Some(Command {
            name: "giphy".into(),
            args: Some("cats".into())
        })
    );
}

#[test]
fn outgoing_messages_carry_attachments_mentions_and_ids() {
    let mut draft = Draft::new(None).unwrap();
    draft.set_thread(Some("t1")).unwrap();
    draft.begin_reply("m1", "Ann", "hello", &[]).unwrap();
    draft.insert("see ").unwrap();
    draft.insert_mention("u42", "Bob").unwrap();
    let mut image = PickedFile::new("a.png", "image/png", 3);
    image.reference = "host-a".into();
    let staged = draft
        .stage_files(&[image, PickedFile::new("b.pdf", "application/pdf", 4)])
        .unwrap();
    for &id in &staged.staged {
        draft.upload_event(id, UploadEvent::Start).unwrap();
        let remote = format!("https://cdn/{id}");
        draft
            .upload_event(id, UploadEvent::Complete(remote))
            .unwrap();
    }
    let messages = draft.send(1_000).unwrap();
    assert_eq!(messages.len(), 2);
    let (first, second) = (&messages[0], &messages[1]);
    assert_eq!(first.r#type, MessageType::Media);
    assert_eq!(first.text, "see <@uid:u42>");
    assert_eq!(
        first.mentions,
        [MessageMention {
            uid: "u42".into(),
            name: "Bob".into()
        }]
    );
    assert_eq!(first.attachment_kind, Some(AttachmentKind::Image));
    assert_eq!(
        first.attachments,
        [OutgoingAttachment {
            id: staged.staged[0],
            name: "a.png".into(),
            mime: "image/png".into(),
            size: 3,
            kind: AttachmentKind::Image,
            remote: Some(format!("https://cdn/{}", staged.staged[0])),
            r#ref: "host-a".into(),
            width: None,
            height: None,
            duration: None,
            extra: None,
        }]
    );
    assert_eq!(first.quoted_id.as_deref(), Some("m1"));
    assert_eq!(first.parent_id.as_deref(), Some("t1"));
    assert_eq!(
        (&first.edited_id, &first.command, &first.args),
        (&None, &None, &None)
    );
    assert_eq!((&first.sticker, first.also_send_to_channel), (&None, false));
    assert_eq!(second.attachment_kind, Some(AttachmentKind::File));
    assert_eq!(
        (second.text.as_str(), second.attachments[0].r#ref.as_str()),
        ("", "")
    );
}

#[test]
fn a_command_an_edit_and_a_voice_note_are_outgoing_messages_too() {
    let mut draft = Draft::new(None).unwrap();
    draft.set_command("giphy", Some("cats")).unwrap();
    let command = draft.send(1).unwrap().remove(0);
    assert_eq!(command.r#type, MessageType::Command);
    assert_eq!(
        (command.command.as_deref(), command.args.as_deref()),
        (Some("giphy"), Some("cats"))
    );
    draft.begin_edit("m9", "old", &[], false).unwrap();
    draft.replace(0, 3, "new").unwrap();
    let edit = draft.send(2).unwrap().remove(0);
    assert_eq!(
        (edit.r#type, edit.edited_id.as_deref(), edit.text.as_str()),
        (MessageType::Edit, Some("m9"), "new")
    );
    let voice = draft
        .voice_note("v.ogg", "audio/ogg", 5, "https://cdn/v")
        .unwrap();
    assert_eq!(voice.attachment_kind, Some(AttachmentKind::Audio));
    assert_eq!(
        voice.attachments[0].remote.as_deref(),
        Some("https://cdn/v")
    );
    let text = draft
        .voice_note_json("v.ogg", "audio/ogg", 5, "https://cdn/v")
        .unwrap();
    assert_eq!(
        OutgoingMessage::from_json(&text).unwrap().r#type,
        MessageType::Media
    );
    draft.insert("plain").unwrap();
    let sent = draft.send_json(3).unwrap();
    assert_eq!(
        OutgoingMessage::list_from_json(&sent).unwrap()[0].text,
        "plain"
    );
}

#[test]
fn documents_spans_tiles_and_config_come_typed() {
    let mut draft = Draft::new(Some(r#"{"allowed_types":["image/*"],"mention_limit":3}"#)).unwrap();
    draft.insert("Hi ").unwrap();
    draft.insert_mention("u1", "Ann").unwrap();
    draft.insert("link").unwrap();
    draft
        .apply_format(8, 12, Format::Link, Some("e.com"))
        .unwrap();
    let document = draft.document().unwrap();
    assert_eq!(
        document,
        Document::from_json(&draft.document_json().unwrap()).unwrap()
    );
    let mention = Span {
        uid: Some("u1".into()),
        name: Some("Ann".into()),
        ..span(3, 7, "mention")
    };
    let link = Span {
        url: Some("https://e.com".into()),
        ..span(8, 12, "link")
    };
    assert_eq!(document.text, "Hi @Ann link");
    assert_eq!(document.spans, [mention.clone(), link.clone()]);
    assert_eq!(link.known_format(), Some(Format::Link));
    assert_eq!(mention.known_format(), None);
    assert_eq!(draft.spans(0, 7).unwrap(), [mention]);
    assert_eq!(
        Span::list_from_json(&draft.spans_json(8, 12).unwrap()).unwrap(),
        [link]
    );
    assert_eq!(
        parse_markdown_with_mentions(&draft.markdown().unwrap(), &[("u1", "Ann")]).unwrap(),
        document
    );
    draft
        .stage_files(&[PickedFile::new("x.txt", "text/plain", 1)])
        .unwrap();
    let tiles = draft.attachments().unwrap();
    assert_eq!(
        tiles,
        Tile::list_from_json(&draft.attachments_json().unwrap()).unwrap()
    );
    assert_eq!(
        (&tiles[0].state, tiles[0].progress, tiles[0].retryable),
        (&TileState::Error, None, false)
    );
    assert!(tiles[0].error.is_some());
    // Any JSON number reads as a progress, an integer too.
    let whole = draft
        .attachments_json()
        .unwrap()
        .replace(r#""progress":null"#, r#""progress":1"#);
    assert_eq!(Tile::list_from_json(&whole).unwrap()[0].progress, Some(1.0));
    let config = draft.config().unwrap();
    assert_eq!(
        config,
        Config::from_json(&draft.config_json().unwrap()).unwrap()
    );
    assert_eq!(config.allowed_types, Some(vec!["image/*".to_string()]));
    assert_eq!(
        (config.mention_limit, config.max_length, config.rich_text),
        (3, None, true)
    );
}

#[test]
fn the_active_formats_come_typed_from_their_own_call() {
    let mut draft = Draft::new(None).unwrap();
    draft
        .load_markdown("a **[b](https://e.com)** <color=#ff0000>c</color>", &[])
        .unwrap();
    draft.set_selection(2, 3).unwrap();
    let over_link = draft.active_formats().unwrap();
    assert_eq!(
        over_link,
        ActiveFormats {
            formats: vec![Format::Bold, Format::Link],
            link: Some("https://e.com".into()),
            ..ActiveFormats::default()
        }
    );
    // The same as the UI state reports.
    assert_eq!(draft.ui_state().unwrap().active_formats, over_link);
    draft.set_selection(4, 5).unwrap();
    let coloured = draft.active_formats().unwrap();
    assert_eq!(
        (
            coloured.formats,
            coloured.color.as_deref(),
            coloured.mention
        ),
        (vec![Format::Color], Some("#ff0000"), false)
    );
}

#[test]
fn a_document_goes_back_in_as_its_json() {
    let document = Document {
        text: "a \"quoted\" é\n".into(),
        spans: vec![
            span(0, 1, "bold"),
            Span {
                color: Some("#ff0000".into()),
                ..span(0, 1, "color")
            },
        ],
    };
    let mut draft = Draft::new(None).unwrap();
    draft.load_document(&document.to_json()).unwrap();
    assert_eq!(draft.document().unwrap(), document);
    assert_eq!(draft.document_json().unwrap(), document.to_json());
}

#[test]
fn keys_a_newer_library_adds_are_ignored_and_new_names_pass_through() {
    let message = OutgoingMessage::from_json(concat!(
        r#"{"type":"poll","text":"","poll_id":"p1","mentions":[],"attachment_kind":"hologram","#,
        r#""attachments":[{"id":1,"name":"n","mime":"m","size":1,"kind":"hologram","remote":null,"ref":"","blurhash":"x"}],"#,
        r#""command":null,"args":null,"quoted_id":null,"edited_id":null,"parent_id":null,"#,
        r#""sticker":null,"also_send_to_channel":false}"#
    ))
    .unwrap();
    assert_eq!(message.r#type, MessageType::Other("poll".into()));
    assert_eq!(message.r#type.name(), "poll");
    assert_eq!(
        message.attachment_kind,
        Some(AttachmentKind::Other("hologram".into()))
    );
    let draft = Draft::new(None).unwrap();
    let mut state = draft.ui_state_json().unwrap();
    state.insert_str(1, r#""future":{"nested":[1,2.5,true]},"#);
    let state = state.replace(
        r#""mode":{"kind":"new"}"#,
        r#""mode":{"kind":"poll","question":"?"}"#,
    );
    let state = state.replace(r#""formats":[]"#, r#""formats":["sparkle"]"#);
    let read = UiState::from_json(&state).unwrap();
    assert_eq!(
        read.mode,
        Mode::Other {
            kind: "poll".into()
        }
    );
    assert_eq!(read.active_formats.other, ["sparkle"]);
}

#[test]
fn a_layout_of_the_wrong_shape_is_an_invalid_json_error() {
    let draft = Draft::new(None).unwrap();
    let state = draft.ui_state_json().unwrap();
    let prefix = "mc_draft_ui_state: the library returned unexpected JSON: ";
    for (from, to, message) in [
        (
            r#""can_send":false,"#,
            "",
            "UI state \"can_send\" is not a boolean",
        ),
        (
            r#""length":0"#,
            r#""length":"0""#,
            "UI state \"length\" is not an integer",
        ),
        (
            r#""length":0"#,
            r#""length":-1"#,
            "UI state \"length\" is not an offset or a count",
        ),
        (
            r#""selection":[0,0]"#,
            r#""selection":[0]"#,
            "\"selection\" is not [anchor, focus]",
        ),
        (
            r#""tray":[]"#,
            r#""tray":{}"#,
            "UI state \"tray\" is not an array",
        ),
        (
            r#""mode":{"kind":"new"}"#,
            r#""mode":[]"#,
            "mode is not an object",
        ),
        (
            r#""selection":[0,0]"#,
            r#""selection":[0,"0"]"#,
            "a selection end is not an integer",
        ),
        (
            r#""active_formats":{"formats":[],"link":null,"color":null},"#,
            "",
            "UI state \"active_formats\" is not an object",
        ),
        (
            r#""info_banner":null"#,
            r#""info_banner":1"#,
            "UI state \"info_banner\" is not a string or null",
        ),
    ] {
        let changed = state.replace(from, to);
        assert_ne!(changed, state, "{from}");
        let error = UiState::from_json(&changed).unwrap_err();
        assert_eq!(error.kind(), ErrorKind::InvalidJson);
        assert_eq!(error.message(), format!("{prefix}{message}"));
    }
    assert_err(
        OutgoingMessage::list_from_json("[{]"),
        ErrorKind::InvalidJson,
        "mc_draft_send: the library returned unexpected JSON: expected a member name at byte 2",
    );
}
