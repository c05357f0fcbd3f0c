//! flow.rs: one message written the way a chat client drives the composer, through the Rust
//! binding.
//!
//! 1. a draft with a configuration, and a listener (the events a UI redraws from)
//! 2. typing text, then bolding one word of it
//! 3. typing "@al": the engine reports a mention query; the host picks a person and inserts the
//!    mention
//! 4. staging a file and driving its upload (start, progress, complete) while the send state
//!    follows
//! 5. sending: the outgoing messages
//! 6. a received message rendered as plain text (a notification) and as safe HTML
//!
//! Every call returns a `Result`; the program exits 1 on the first error, with the library's
//! message.
//!
//! Run: `make examples`, or `cargo run --example flow` in `bindings/rust` (after `make` at the
//! repository root).

use std::process::ExitCode;
use std::sync::{Arc, Mutex};

use message_composer::{
    markdown_to_html, markdown_to_plain_text, Draft, EventData, Format, PickedFile, UploadEvent,
};

/// The host's people directory, which the mention query is matched against: (uid, name).
const DIRECTORY: [(&str, &str); 3] = [("u1", "Alice"), ("u2", "Bob"), ("u3", "Carol")];

/// What the listener keeps for the host: the open mention query and a count of events.
#[derive(Default)]
struct HostState {
    mention_query: Option<String>,
    events: usize,
}

fn step(title: &str) {
    println!("\n-- {title}");
}

fn show_lines(label: &str, text: &str) {
    println!("   {label}");
    for line in text.split('\n') {
        println!("     | {line}");
    }
}

fn report_send_state(draft: &Draft) -> message_composer::Result<()> {
    match draft.ui_state()?.send_blocked {
        None => println!("   can send: yes"),
        Some(blocked) => println!(
            "   can send: no ({}: {})",
            blocked.reason.name(),
            blocked.message
        ),
    }
    Ok(())
}

fn flow() -> Result<(), Box<dyn std::error::Error>> {
    println!(
        "libmessage_composer {} (ABI {})",
        message_composer::version(),
        message_composer::abi_version()
    );

    step("1. A draft and a listener");
    let mut draft = Draft::new(Some(r#"{"mention_limit": 5, "max_files": 3}"#))?;
    let host = Arc::new(Mutex::new(HostState::default()));
    let listener_host = Arc::clone(&host);
    draft.set_listener(move |event| {
        let mut host = listener_host
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        host.events += 1;
        // The payload typed (`event.payload` keeps the JSON text).
        match event.data() {
            Ok(EventData::MentionQuery(query)) => {
                host.mention_query = query.map(|q| q.query);
                println!("   event mention query: {}", event.payload);
            }
            Ok(EventData::SendState { can_send, reason }) => println!(
                "   event send state:    can send {can_send}, reason {}",
                reason.as_ref().map_or("none", |r| r.name())
            ),
            Ok(EventData::Tray(tiles)) => {
                for tile in tiles {
                    println!(
                        "   event tray:          {} {}, progress {:.0}%",
                        tile.name,
                        tile.state.name(),
                        tile.progress.unwrap_or(0.0) * 100.0
                    );
                }
            }
            Ok(_) => {} // text, selection, formats... a UI would redraw from them
            Err(error) => println!("   event {:?} not understood: {error}", event.kind),
        }
    })?;
    let mention_query = || {
        let host = host.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        host.mention_query.clone()
    };

    step("2. Type, and bold a word");
    draft.insert("The release notes are ready")?;
    // Offsets count Unicode scalars (chars), not bytes: find gives a byte offset.
    let text = draft.text()?;
    let byte = text
        .find("release")
        .ok_or("\"release\" is not in the draft")?;
    let start = text[..byte].chars().count();
    draft.apply_format(start, start + "release".chars().count(), Format::Bold, None)?;
    println!("   markdown: {}", draft.markdown()?);

    step("3. A mention through the \"@\" query");
    draft.insert(", thanks @al")?;
    let query = mention_query().ok_or("typing \"@al\" opened no mention query")?;
    let (uid, name) = DIRECTORY
        .iter()
        .find(|(_, name)| name.to_lowercase().starts_with(&query.to_lowercase()))
        .ok_or_else(|| format!("nobody in the directory matches \"{query}\""))?;
    println!("   the host suggests {name} ({uid}) for \"{query}\" and the user picks it");
    draft.insert_mention(uid, name)?;
    draft.insert("for the review.")?; // the mention ends with a space
    println!("   markdown: {}", draft.markdown()?);

    step("4. Stage a file and upload it");
    let mut file = PickedFile::new("notes.pdf", "application/pdf", 48_213);
    file.reference = "file:///tmp/notes.pdf".into();
    let staged = draft.stage_files(&[file])?;
    println!("   staged: {staged:?}");
    let id = *staged.staged.first().ok_or("nothing was staged")?;
    report_send_state(&draft)?;
    draft.upload_event(id, UploadEvent::Start)?;
    for progress in [0.25, 0.75, 1.0] {
        draft.upload_event(id, UploadEvent::Progress(progress))?;
    }
    report_send_state(&draft)?;
    draft.upload_event(
        id,
        UploadEvent::Complete("https://cdn.example/notes.pdf".into()),
    )?;
    report_send_state(&draft)?;

    step("5. Send");
    let messages = draft.send(1_000)?; // the host's clock, in ms
    println!("   outgoing messages:");
    for message in &messages {
        let mentions: Vec<String> = message
            .mentions
            .iter()
            .map(|m| format!("@{} ({})", m.name, m.uid))
            .collect();
        let files: Vec<String> = message
            .attachments
            .iter()
            .map(|a| {
                let remote = a.remote.as_deref().unwrap_or("?");
                format!("{} at {remote} (host ref {})", a.name, a.r#ref)
            })
            .collect();
        println!(
            "     {}: {:?}; mentions: {}; files: {}",
            message.r#type.name(),
            message.text,
            mentions.join(", "),
            files.join(", ")
        );
    }
    report_send_state(&draft)?; // the draft is empty again
    draft.clear_listener()?;
    let events = host
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .events;
    println!("   {events} events heard");

    step("6. Render a received message");
    let received = "**Shipped** by <@uid:u2>: see [the notes](https://example.com/notes)\n\n\
                    > ~~draft~~ final\n\n- one\n- two";
    let names = [("u2", "Bob")]; // the host knows the display names
    show_lines("received markdown:", received);
    show_lines(
        "as a notification (plain text, 40 graphemes at most):",
        &markdown_to_plain_text(received, &names, Some(40))?,
    );
    show_lines("as safe HTML:", &markdown_to_html(received, &names)?);
    Ok(())
}

fn main() -> ExitCode {
    match flow() {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("flow: {error}");
            ExitCode::FAILURE
        }
    }
}
