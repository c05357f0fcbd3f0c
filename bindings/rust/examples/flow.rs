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
    markdown_to_html, markdown_to_plain_text, Draft, EventKind, Format, PickedFile, UploadEvent,
};

/// The host's people directory, which the mention query is matched against: (uid, name).
const DIRECTORY: [(&str, &str); 3] = [("u1", "Alice"), ("u2", "Bob"), ("u3", "Carol")];

/// What the listener keeps for the host: the open mention query and a count of events.
#[derive(Default)]
struct HostState {
    mention_query: Option<String>,
    events: usize,
}

/// Reads the string member `key` of a compact JSON object (enough for the payloads used here;
/// the binding hands payloads over as JSON text).
fn string_member(json: &str, key: &str) -> Option<String> {
    let pattern = format!("\"{key}\":\"");
    let start = json.find(&pattern)? + pattern.len();
    let end = start + json[start..].find('"')?;
    Some(json[start..end].to_string())
}

/// Reads the number member `key` of a compact JSON object.
fn number_member(json: &str, key: &str) -> Option<f64> {
    let pattern = format!("\"{key}\":");
    let start = json.find(&pattern)? + pattern.len();
    let rest = &json[start..];
    let end = rest.find([',', '}']).unwrap_or(rest.len());
    rest[..end].parse().ok()
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

fn report_send_state(draft: &Draft) {
    println!(
        "   can send: {}",
        if draft.can_send() { "yes" } else { "no" }
    );
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
        match event.kind {
            EventKind::MentionQuery => {
                host.mention_query = string_member(&event.payload, "query");
                println!("   event mention query: {}", event.payload);
            }
            EventKind::SendState => println!("   event send state:    {}", event.payload),
            EventKind::Tray => {
                // This flow stages one file, so the first tile is it.
                let tile = (
                    string_member(&event.payload, "name"),
                    string_member(&event.payload, "state"),
                    number_member(&event.payload, "progress"),
                );
                match tile {
                    (Some(name), Some(state), Some(progress)) => println!(
                        "   event tray:          {name} {state}, progress {:.0}%",
                        progress * 100.0
                    ),
                    _ => println!("   event tray:          {}", event.payload),
                }
            }
            _ => {} // text, selection, formats... a UI would redraw from them
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
    report_send_state(&draft);
    draft.upload_event(id, UploadEvent::Start)?;
    for progress in [0.25, 0.75, 1.0] {
        draft.upload_event(id, UploadEvent::Progress(progress))?;
    }
    report_send_state(&draft);
    draft.upload_event(
        id,
        UploadEvent::Complete("https://cdn.example/notes.pdf".into()),
    )?;
    report_send_state(&draft);

    step("5. Send");
    let messages = draft.send(1_000)?; // the host's clock, in ms
    println!("   outgoing messages: {messages}");
    report_send_state(&draft); // the draft is empty again
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
