// The strings arguments are drawn from: a fixed table (indexed by one input byte, so a mutation
// swaps one meaningful token for another) plus raw input bytes. Chosen for what breaks composers:
// grapheme clusters that grow across edits (combining marks, ZWJ, flags, skin tones), markdown
// and mention syntax, line breaks, ids and URLs, JSON fragments, and invalid UTF-8.
// Append new tokens at the end: indices are what corpus inputs store.

let stringTokens: [[UInt8]] = (textTokens.map { Array($0.utf8) } + invalidUTF8Tokens + longTokens.map { Array($0.utf8) }
    + moreTokens.map { Array($0.utf8) })

private let textTokens: [String] = [
    // 0: plain text and whitespace
    "a", "b", "Bob", "hello world", " ", "  ", "\n", "\n\n", "\t", "\r\n",
    // 10: grapheme builders (the mention/name drift of issue 14 starts here)
    "e\u{301}", "\u{301}", "\u{308}", "\u{200D}", "\u{FE0F}", "\u{1F3FD}", "\u{1F44D}", "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}",
    "\u{1F1EB}", "\u{1F1F7}",
    // 20: other scripts and format characters
    "\u{05E9}\u{05DC}\u{05D5}\u{05DD}", "\u{4E2D}", "\u{FEFF}", "\u{2028}", "\u{0}x", "\u{85}", "\u{E9}", "\u{1100}\u{1161}", "\u{0915}\u{094D}", "\u{AC00}",
    // 30: markdown typed by hand
    "**", "*", "_", "__", "~~", "`", "```", "- ", "* ", "1. ",
    "> ", "[x](https://e.com)", "<u>", "</u>", "<color=#f00>", "&#10;", "&amp;", "\\", "# ", "|",
    // 50: mention and command syntax
    "@", "@bo", "@Bob", "<@uid:u1>", "/", "/cmd", "/cmd arg", ":", "#", "+",
    // 60: uids and names (insert_mention, mentions_json)
    "u1", "u2", "alice.b-c_d:e@f=g+h", "bad uid", "Al\u{301}", "\u{301}Bo", "A\u{200D}", "Bo\u{1F3FD}", "\u{1F468}\u{200D}\u{1F469}", "**x**",
    // 70: URLs and colours
    "https://example.com", "example.com", "mailto:a@b.c", "http://x.y/a_(b)*c", "javascript:alert(1)", "data:text/html,x", "https://", "#abc", "#A0B1C2", "#12345",
    // 80: ids, MIME types, messages
    "m1", "m2", "image/png", "audio/ogg", "application/pdf", "text/*", "ref-1", "remote-1", "net error", "cat.png",
    // 90: JSON fragments (hostile where a JSON argument is expected)
    "{}", "[]", "{", "null", "{\"u1\":\"Bob\"}", "{\"u1\":1}", "{\"u1\":\"\"}", "{\"bad uid\":\"x\"}", "\"x\"", "[[[[[[[[[[[[[[[[",
]

// 100: lone continuation, overlong NUL, surrogate, past U+10FFFF, truncated, 0xFF, truncated emoji
private let invalidUTF8Tokens: [[UInt8]] = [
    [0x80], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0xFF], [0x61, 0xF0, 0x9F],
]

// 107: long strings
private let longTokens: [String] = [
    String(repeating: "word ", count: 40), String(repeating: "\u{301}", count: 30), String(repeating: "x", count: 300),
]

/// JSON arguments beyond the drafts' own output (mc_draft_load_document, restore, stage_files,
/// mc_draft_new): valid ones to reach deep states, hostile ones to reach the error paths.
let jsonTokens: [String] = [
    // 0: documents
    ##"{"text":"","spans":[]}"##,
    ##"{"text":"hi @Bob!","spans":[{"start":3,"end":7,"format":"mention","uid":"u1","name":"Bob"}]}"##,
    ##"{"text":"@Bob\u0301","spans":[{"start":0,"end":4,"format":"mention","uid":"u1","name":"Bob"}]}"##,
    ##"{"text":"a *b* c","spans":[{"start":2,"end":5,"format":"bold"},{"start":0,"end":7,"format":"italic"}]}"##,
    ##"{"text":"one\ntwo\nthree","spans":[{"start":0,"end":7,"format":"bullet_list"},{"start":8,"end":13,"format":"code_block"}]}"##,
    ##"{"text":"link me","spans":[{"start":0,"end":4,"format":"link","url":"https://e.com"},{"start":5,"end":7,"format":"color","color":"#abc"}]}"##,
    ##"{"text":"q\nq","spans":[{"start":0,"end":3,"format":"quote"},{"start":0,"end":1,"format":"code"}]}"##,
    ##"{"text":"1\n2","spans":[{"start":0,"end":3,"format":"ordered_list"},{"start":2,"end":3,"format":"underline"},{"start":0,"end":1,"format":"strike"}]}"##,
    // 8: hostile documents
    ##"{"text":"ab","spans":[{"start":1,"end":9,"format":"bold"}]}"##,
    ##"{"text":"ab","spans":[{"start":-1,"end":1,"format":"bold"}]}"##,
    ##"{"text":"@Bo","spans":[{"start":0,"end":3,"format":"mention","uid":"u1","name":"Bob"}]}"##,
    ##"{"text":"x","spans":[{"start":0,"end":1,"format":"link","url":"javascript:x"}]}"##,
    ##"{"text":"x","spans":[{"start":0,"end":1,"format":"nope"}]}"##,
    ##"{"text":1}"##,
    ##"{"text":"a\u0000b","spans":[]}"##,
    ##"{"text":"\ud800","spans":[]}"##,
    // 16: snapshots
    ##"{"version":1,"document":{"text":"hi","spans":[]},"selection":[0,2],"mode":{"kind":"new"},"thread_parent_id":null,"command":null,"tray":{"tiles":[{"id":3,"name":"a.png","mime":"image/png","size":5,"ref":"r","state":"uploading","progress":0.5}]},"cooldown_until":0,"now":0}"##,
    ##"{"version":1,"document":{"text":"edit","spans":[]},"selection":[4,4],"mode":{"kind":"edit","message_id":"m1","media":false},"saved":{"document":{"text":"mine","spans":[]},"selection":[0,0],"mode":{"kind":"new"},"command":null,"tray":{"tiles":[]}}}"##,
    ##"{"version":2,"document":{"text":"","spans":[]}}"##,
    ##"{"version":1,"document":{"text":"x","spans":[]},"selection":[99,-5],"now":-1}"##,
    // 20: picked files
    ##"[{"name":"cat.png","mime":"image/png","size":1000,"ref":"r1"}]"##,
    ##"[{"name":"a.pdf","mime":"application/pdf","size":5},{"name":"b.ogg","mime":"audio/ogg","size":7,"ref":"r"}]"##,
    ##"[{"name":"big.bin","mime":"application/octet-stream","size":9223372036854775807}]"##,
    ##"[{"name":"","size":-1}]"##,
    ##"[{"name":"x"}]"##,
    // 25: configurations
    ##"{"rich_text":false}"##, ##"{"mention_limit":1}"##, ##"{"max_length":12}"##, ##"{"slow_mode_seconds":2}"##,
    ##"{"multiple_attachments":false,"max_files":2,"allowed_types":["image/*"]}"##, ##"{"undo_depth":2,"trim":false}"##,
    ##"{"mentions":false,"typing_events":false}"##, ##"{"max_length":0}"##, ##"{"bogus":1}"##,
    // 34: mention names
    ##"{"u1":"Bob","u2":"e\u0301"}"##, ##"{"u1":"a\nb"}"##,
    // 36: deep and broken
    String(repeating: "[", count: 2000), ##"{"text":"x","spans":[{"start":0,"end":1,"format":"bold"}"##, "\u{FEFF}{}", "{\"a\":1,\"a\":2}",
    // 40: live configuration updates (mc_draft_update_config; 25-33 serve too)
    ##"{"slow_mode_seconds":30}"##, ##"{"max_files":1,"max_file_size":4}"##,
    ##"{"commands":false,"stickers":false,"multiple_attachments":false}"##, ##"{"rich_text":false,"undo_depth":0}"##,
    ##"{"allowed_types":["image/*"],"typing_events":false,"mention_limit":0}"##,
    // 45: picked files with media metadata, good and bad
    ##"[{"name":"v.mp4","mime":"video/mp4","size":9,"width":640,"height":480,"duration":1.5,"extra":{"k":[1,{"n":null}],"f":1e300}}]"##,
    ##"[{"name":"a","size":1,"width":0,"duration":-1,"extra":[]}]"##,
    // 47: a version 2 snapshot: thread reply to the channel, next id, metadata, last message time
    ##"{"version":2,"document":{"text":"hi","spans":[]},"selection":[2,2],"mode":{"kind":"new"},"thread_parent_id":"t1","also_send_to_channel":true,"command":{"name":"giphy","args":null},"tray":{"tiles":[{"id":3,"name":"a.png","mime":"image/png","size":5,"ref":"r","state":"uploaded","remote":"x","width":2,"height":3,"extra":{}}],"next_id":9},"last_message_at":500,"now":1000}"##,
    // 48: back to larger files, one at a time
    ##"{"max_file_size":1048576,"multiple_attachments":false}"##,
    // 49, 50: a last message at the clock's end, after the snapshot's clock (version 2 and 1): the
    // cooldown message overflowed and trapped
    ##"{"version":2,"document":{"text":"hi","spans":[]},"selection":[0,0],"last_message_at":9223372036854775807,"now":0}"##,
    ##"{"version":1,"document":{"text":"hi","spans":[]},"selection":[0,0],"cooldown_until":9223372036854775807,"now":0}"##,
]

/// The configuration updates mc_draft_update_config mostly gets (jsonTokens 25-33, 40-44 and 48).
let configUpdateTokens: [[UInt8]] = (Array(jsonTokens[25...33]) + Array(jsonTokens[40...44]) + [jsonTokens[48]]).map { Array($0.utf8) }

// 110: more cluster continuations (a Hangul vowel after a leading consonant, a second regional
// indicator, an emoji after a ZWJ) and their starters
private let moreTokens: [String] = [
    "\u{1161}", "\u{1F469}", "\u{1F468}\u{200D}", "\u{1100}", "\u{E0065}", "\u{20E3}",
]
