//! Writes a message with the safe API, then says which library it was linked against and which
//! one the dynamic loader mapped (from /proc/self/maps).

use message_composer::{Draft, Format};
use std::fs;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut draft = Draft::new(None)?;
    draft.insert("Hello ")?;
    draft.insert_mention("u42", "Bob")?;
    draft.apply_format(0, 5, Format::Bold, None)?;
    println!("markdown: {}", draft.markdown()?);
    println!("library version: {}", message_composer::version());
    println!(
        "linked: {} (found by {})",
        env!("MESSAGE_COMPOSER_LINKED_DIR"),
        env!("MESSAGE_COMPOSER_FOUND_BY")
    );
    let maps = fs::read_to_string("/proc/self/maps")?;
    let loaded = maps
        .lines()
        .filter_map(|line| line.split_whitespace().nth(5))
        .find(|path| path.contains("libmessage_composer"))
        .ok_or("libmessage_composer is not mapped")?;
    println!("loaded: {loaded}");
    Ok(())
}
