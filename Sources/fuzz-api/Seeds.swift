// The seed corpus: short sessions that each reach one area of the API (typing, formats, mentions,
// history, composer modes, attachments, snapshots, listeners, two drafts, markdown, hostile
// arguments), written in the input encoding of Input.swift / Operations.swift. The fuzzer mutates
// from here; a seed must pass the checks (they are sessions a correct library survives).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Writes one input: a configuration byte, then calls.
struct Seed {
    var bytes: [UInt8]

    /// config: 0 defaults, 2 rich_text off, 3 mention_limit 1, 4 max_length 12, 5 slow mode,
    /// 6 one attachment / images only, 7 undo_depth 2 (Session.configChoice).
    init(config: UInt8 = 0) { bytes = [config] }

    /// A call on draft A (`on: 0`), B (`on: 2`) or a hostile handle (`on: 3`, then `hostile` picks
    /// NULL 0, forged 1..2, or a stale handle 3+).
    mutating func call(_ op: Op, on handle: UInt8 = 0, hostile: UInt8 = 0, _ args: [UInt8]...) {
        bytes.append(op.rawValue | handle << 6)
        if handle == 3 { bytes.append(hostile) }
        for a in args { bytes += a }
    }

    /// A text argument: its token index, or the raw bytes.
    static func text(_ s: String) -> [UInt8] {
        let b = Array(s.utf8)
        if let i = stringTokens.firstIndex(of: b) { return [UInt8(i)] }
        return [0xEF, UInt8(truncatingIfNeeded: min(b.count, 255))] + b.prefix(255)
    }

    /// A JSON argument from jsonTokens, or raw JSON text.
    static func json(token: Int) -> [UInt8] { [UInt8(8 + token)] }
    static func json(_ s: String) -> [UInt8] { [0xF0] + text(s) }
    static let nullText: [UInt8] = [0xEE]
    static let nullJSON: [UInt8] = [0]
    static func b(_ values: UInt8...) -> [UInt8] { values }
}

private typealias S = Seed

/// The seeds, by name.
func seedInputs() -> [(String, [UInt8])] {
    var seeds: [(String, Seed)] = []

    var typing = Seed()
    typing.call(.insert, S.text("hello world"))
    typing.call(.moveCaret, S.b(1, 0xFF, 0))  // one word back
    typing.call(.deleteBackward)
    typing.call(.enter)
    typing.call(.insert, S.text("- "))
    typing.call(.insert, S.text("a"))
    typing.call(.insert, S.text("e\u{301}"))
    typing.call(.replace, S.b(0, 5), S.text("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"))
    typing.call(.replaceN, S.b(1, 3), S.text("\u{301}"))
    typing.call(.deleteForward)
    seeds.append(("typing", typing))

    var formats = Seed()
    formats.call(.insert, S.text("hello world"))
    formats.call(.applyFormat, S.b(0, 5, 0, 0, 0))  // bold [0, 5)
    formats.call(.toggleFormat, S.b(3, 8, 1, 0, 1))  // italic, protected
    formats.call(.applyFormat, S.b(6, 11, 5, 0, 0))  // link https://example.com
    formats.call(.applyFormat, S.b(0, 2, 6, 1, 0))  // colour #A0B1C2
    formats.call(.setSelection, S.b(7, 7))
    formats.call(.setLink, S.b(3))  // retarget to http://x.y/a_(b)*c
    formats.call(.removeLink)
    formats.call(.insertLink, S.text("x"), S.b(1))
    formats.call(.toggleFormat, S.b(0, 0, 9, 0, 0))  // bullet list at the caret's line
    formats.call(.applyFormat, S.b(0, 3, 4, 0, 0))  // inline code
    formats.call(.removeFormat, S.b(0, 11, 0, 0))
    formats.call(.toggleFormat, S.b(0, 1, 7, 0, 0))  // code block
    seeds.append(("formats", formats))

    var mention = Seed()
    mention.call(.insert, S.text("hi "))
    mention.call(.insert, S.text("@bo"))
    mention.call(.insertMention, S.b(0, 0))  // u1 "Bob"
    mention.call(.insert, S.text("b"))
    mention.call(.moveCaret, S.b(0, 0xFE, 0))  // two graphemes back
    mention.call(.insert, S.text("a"))
    mention.call(.insertMention, S.b(1, 3))  // u2 "Bo🏽"
    mention.call(.applyFormat, S.b(0, 0xE0, 0, 0, 1))  // bold over all, protected
    mention.call(.read, S.b(5, 0))  // mentions
    seeds.append(("mention", mention))

    // Edits right next to a mention: the neighbourhood where grapheme clusters cross its edge.
    var besideMention = Seed()
    besideMention.call(.insertMention, S.b(0, 0))  // "@Bob "
    besideMention.call(.moveCaret, S.b(0, 0xFF, 0))  // before the space
    besideMention.call(.insert, S.text("a"))
    besideMention.call(.deleteForward)
    besideMention.call(.moveCaret, S.b(3, 0xFF, 0))  // start of text
    besideMention.call(.insert, S.text("\u{200D}"))
    besideMention.call(.replace, S.b(1, 1), S.text("x"))
    seeds.append(("beside-mention", besideMention))

    // A mention followed (or preceded) by a character that extends the grapheme cluster across its
    // edge: states the library holds correctly, one edit away from the ones that break (issue 14).
    for (name, extender) in [("acute", "\u{301}"), ("zwj", "\u{200D}"), ("skin-tone", "\u{1F3FD}"), ("vs16", "\u{FE0F}"),
                             ("umlaut", "\u{308}"), ("flag", "\u{1F1EB}")] {
        var after = Seed()
        after.call(.insertMention, S.b(0, 0))  // "@Bob "
        after.call(.moveCaret, S.b(0, 0xFF, 0))  // before the space
        after.call(.insert, S.text(extender))
        seeds.append(("mention-then-\(name)", after))
        var before = Seed()
        before.call(.insert, S.text("x"))
        before.call(.insertMention, S.b(1, 4))  // "@e\u{301} " for u2
        before.call(.setSelection, S.b(1, 1))  // at the mention's start
        before.call(.insert, S.text(extender))
        seeds.append(("\(name)-then-mention", before))
    }

    // Mentions whose names end in a cluster starter (ZWJ after an emoji, half a flag, a Hangul
    // leading consonant): the next character typed after them joins the cluster.
    for (name, index) in [("zwj", 11), ("flag", 12), ("jamo", 13)] as [(String, UInt8)] {
        var open = Seed()
        open.call(.insertMention, S.b(0, index))
        open.call(.moveCaret, S.b(0, 0xFF, 0))
        open.call(.insert, S.text("a"))
        seeds.append(("mention-name-ends-\(name)", open))
    }

    var history = Seed(config: 7)
    for c in ["a", "b", " ", "c"] { history.call(.insert, S.text(c)) }
    history.call(.undo)
    history.call(.redo)
    history.call(.beginBatch)
    history.call(.replace, S.b(0, 1), S.text("Bob"))
    history.call(.applyFormat, S.b(0, 3, 2, 0, 0))
    history.call(.commitBatch)
    history.call(.undo)
    history.call(.checkUndoRedo)
    history.call(.redo)
    seeds.append(("history", history))

    var composer = Seed(config: 5)
    composer.call(.insert, S.text("hello"))
    composer.call(.beginReply, S.b(0, 0), S.text("**quoted** text"), S.nullJSON)
    composer.call(.setThread, S.b(1))
    composer.call(.tick, S.b(4))
    composer.call(.send, S.b(8, 0))
    composer.call(.insert, S.text("again"))
    composer.call(.send, S.b(9, 0))  // cooldown: refused
    composer.call(.beginEdit, S.b(1), S.text("old <@uid:u1>"), S.json(token: 34), S.b(0))
    composer.call(.insert, S.text(" new"))
    composer.call(.cancelMode)
    composer.call(.setCommand, S.b(0, 2))
    composer.call(.read, S.b(9, 0))  // UI state
    composer.call(.clearCommand)
    composer.call(.insert, S.text("/cmd"))
    composer.call(.clear)
    seeds.append(("composer", composer))

    var attachments = Seed()
    attachments.call(.stageFiles, S.json(token: 21), S.b(0))
    attachments.call(.uploadEvent, S.b(0, 0, 0, 0))  // start
    attachments.call(.uploadEvent, S.b(0, 1, 2, 0))  // progress 0.5
    attachments.call(.uploadEvent, S.b(0, 2, 0, 1))  // complete "remote-1"
    attachments.call(.uploadEvent, S.b(2, 0, 0, 0))  // second file: start
    attachments.call(.uploadEvent, S.b(2, 3, 0, 2))  // fail "net error"
    attachments.call(.uploadEvent, S.b(2, 4, 0, 0))  // retry
    attachments.call(.read, S.b(11, 0))
    attachments.call(.insert, S.text("caption"))
    attachments.call(.send, S.b(4, 0))  // refused while uploads are pending
    attachments.call(.removeAttachment, S.b(2))
    attachments.call(.send, S.b(8, 0))
    attachments.call(.voiceNote, S.b(0, 0, 0, 0, 0))
    seeds.append(("attachments", attachments))

    // What host apps asked for (issue 11): live configuration, cooldown from the last message,
    // stickers, a thread reply to the channel, media metadata, banners dismissed.
    var host = Seed()
    host.call(.setThread, S.b(0))
    host.call(.setAlsoSendToChannel, S.b(1))
    host.call(.stageFiles, S.json(token: 45), S.b(0))  // a video with metadata
    host.call(.updateConfig, S.b(13))  // images only: the video becomes an error tile
    host.call(.stageFiles, S.json(token: 20), S.b(0))
    host.call(.updateConfig, S.b(10))  // max_files 1, max_file_size 4: too many files, banner
    host.call(.dismissBanner)
    host.call(.updateConfig, S.b(9))  // slow mode 30 s
    host.call(.startCooldown, S.b(0x28, 1, 2))  // now 10 s, the last message at 8 s
    host.call(.sendSticker, S.b(0, 7, 1, 0))  // refused: cooldown
    host.call(.tick, S.b(0xD0))
    host.call(.sendSticker, S.b(0, 7, 1, 0))
    host.call(.updateConfig, S.b(14))  // one attachment at a time, 1 MB
    host.call(.removeAttachment, S.b(0))
    host.call(.removeAttachment, S.b(2))
    host.call(.tick, S.b(0xD0))
    host.call(.stageFiles, S.json(token: 20), S.b(0))  // goes out at once
    host.call(.updateConfig, S.b(11))  // commands and stickers off
    host.call(.restore, S.json(token: 47))
    host.call(.read, S.b(10, 0))
    seeds.append(("host", host))

    var snapshots = Seed()
    snapshots.call(.restore, S.json(token: 16))  // an upload in flight
    snapshots.call(.read, S.b(10, 0))
    snapshots.call(.restore, S.json(token: 17))  // an edit with its put-aside draft
    snapshots.call(.insert, S.text("!"))
    snapshots.call(.cancelMode)
    snapshots.call(.loadDocument, S.json(token: 1))
    snapshots.call(.loadDocument, S.json(token: 8))  // refused
    snapshots.call(.restore, S.json(token: 18))  // refused: version 2
    snapshots.call(.restore, [3])  // its own snapshot
    seeds.append(("snapshots", snapshots))

    var lateClock = Seed(config: 5)  // slow mode
    lateClock.call(.restore, S.json(token: 49))
    lateClock.call(.read, S.b(10, 0))
    lateClock.call(.sendSticker, S.b(0, 7, 1, 0))
    lateClock.call(.restore, S.json(token: 50))
    lateClock.call(.read, S.b(10, 0))
    seeds.append(("late clock", lateClock))

    var listener = Seed()
    listener.call(.setListener, S.b(3))  // mutating listener
    listener.call(.insert, S.text("abc"))
    listener.call(.selectAll)
    listener.call(.setListener, S.b(2))  // reading listener
    listener.call(.replace, S.b(0, 0xE1), S.text("x"))  // refused: error event
    listener.call(.beginBatch)
    listener.call(.insert, S.text("de"))
    listener.call(.enter)
    listener.call(.commitBatch)
    listener.call(.setListener, S.b(1))
    listener.call(.stageFiles, S.json(token: 20), S.b(0))
    listener.call(.removeAttachment, S.b(0))
    seeds.append(("listener", listener))

    var twoDrafts = Seed()
    twoDrafts.call(.insert, S.text("shared **text**"))
    twoDrafts.call(.newDraft, on: 2, S.b(0, 0))
    twoDrafts.call(.loadDocument, on: 2, [1])  // A's document into B
    twoDrafts.call(.restore, on: 2, [3])  // A's snapshot into B
    twoDrafts.call(.insert, on: 2, S.text("b"))
    twoDrafts.call(.freeDraft, on: 2)
    twoDrafts.call(.insert, on: 3, hostile: 3, S.text("x"))  // the stale handle
    twoDrafts.call(.read, on: 3, hostile: 0, S.b(0, 0))  // NULL handle
    twoDrafts.call(.freeDraft, on: 3, hostile: 1)  // forged
    twoDrafts.call(.newDraft, on: 2, [0xF0], S.json(token: 33), S.b(0))  // refused config
    seeds.append(("two-drafts", twoDrafts))

    var markdown = Seed()
    markdown.call(.loadMarkdown, S.text("**b** _i_ <@uid:u1> [l](https://e.com)"), S.json(token: 34))
    markdown.call(.insert, S.text(" *typed*"))
    markdown.call(.normalizeMarkdown)
    markdown.call(.read, S.b(6, 0))  // serialize
    markdown.call(.markdown, S.b(1), S.text("> quote\n- item <@uid:u2>"), S.json(token: 34), S.b(0))
    markdown.call(.markdown, S.b(2), S.text("<color=#f00>r</color> `c`"), S.nullJSON, S.b(0))
    markdown.call(.markdown, S.b(3), S.text("long **text** here"), S.nullJSON, S.b(5))
    markdown.call(.convertOffset, S.text("\u{1F468}\u{200D}\u{1F469}"), S.b(2, 0, 1, 0))
    markdown.call(.read, S.b(13, 0), S.b(1, 2, 1))  // draft convert_offset 1, UTF-8 -> UTF-16
    seeds.append(("markdown", markdown))

    var hostile = Seed()
    hostile.call(.insert, [0xF2, 0xE2, 0x82, 0x28])  // invalid UTF-8
    hostile.call(.insertN, S.text("\u{0}x"))  // embedded NUL
    hostile.call(.insertN, S.nullText, S.b(3))  // NULL with a length
    hostile.call(.replace, S.b(0xE3, 0xE4), S.text("a"))
    hostile.call(.setSelection, S.b(0xE2, 0xE4))
    hostile.call(.applyFormat, S.b(0, 1, 0xFC, 0, 0xFF))
    hostile.call(.moveCaret, S.b(6, 0x80, 0xFF))
    hostile.call(.loadDocument, S.json(token: 36))  // 2000 brackets
    hostile.call(.restore, [5, 2, 100])  // A's snapshot cut in two
    hostile.call(.tick, S.b(0xE1))
    hostile.call(.uploadEvent, S.b(0xFE, 1, 8, 0))
    hostile.call(.read, S.b(0, 0xFF))  // NULL out-parameter
    hostile.call(.newDraft, S.b(0, 0xFF))  // out_draft NULL
    seeds.append(("hostile", hostile))

    var plain = Seed(config: 2)
    plain.call(.insert, S.text("**not bold** <@uid:u1> \\"))
    plain.call(.normalizeMarkdown)
    plain.call(.applyFormat, S.b(0, 3, 0, 0, 0))
    plain.call(.insertMention, S.b(0, 1))
    plain.call(.insert, S.text("> "))
    seeds.append(("plain", plain))

    return seeds.map { ($0.0, $0.1.bytes) }
}

/// Single calls with typical arguments, as a libFuzzer dictionary: libFuzzer inserts them anywhere
/// in an input, which splices whole calls into a session (a byte mutation rarely makes one).
func dictionaryEntries() -> [[UInt8]] {
    var entries: [[UInt8]] = []
    func add(_ op: Op, on handle: UInt8 = 0, _ args: [UInt8]...) {
        var seed = Seed()
        seed.bytes = []
        seed.call(op, on: handle, hostile: 3)
        entries.append(seed.bytes + args.flatMap { $0 })
    }
    for text in ["a", " ", "\n", "e\u{301}", "\u{301}", "\u{200D}", "\u{1F3FD}", "\u{1F1EB}", "@bo", "**", "- ", "/cmd", "hello world", "\u{0}x"] {
        add(.insert, S.text(text))
    }
    add(.insertN, S.text("\u{308}"))
    for op in [Op.deleteBackward, .deleteForward, .enter, .selectAll, .undo, .redo, .beginBatch, .commitBatch,
               .normalizeMarkdown, .removeLink, .cancelMode, .clearCommand, .clear, .checkUndoRedo] {
        add(op)
    }
    for (unit, count, flags) in [(0, 0xFF, 0), (0, 1, 0), (1, 0xFF, 0), (1, 1, 2), (2, 1, 2), (3, 0xFF, 0), (0, 0xFE, 2)] as [(UInt8, UInt8, UInt8)] {
        add(.moveCaret, S.b(unit, count, flags))
    }
    add(.setSelection, S.b(0, 0xE0))
    add(.setSelection, S.b(1, 1))
    add(.setSelection, S.b(0xE7, 0xE7))  // one before the end
    add(.setSelection, S.b(0xF1, 0xF1))  // the first span's end
    add(.setSelection, S.b(0xF9, 0xF9))  // just after it
    add(.setSelection, S.b(0xF0, 0xF8))  // across the first span's start
    add(.replace, S.b(0xF1, 0xF1), S.text("\u{301}"))
    add(.replace, S.b(0xF0, 0xF0), S.text("\u{200D}"))
    add(.replace, S.b(0xF8, 0xF9), S.text("x"))
    for format: UInt8 in [0, 1, 4, 5, 6, 7, 8, 9, 10] {
        add(.applyFormat, S.b(0, 0xE0, format, 0, 0))
        add(.toggleFormat, S.b(0x81, 0xE0, format, 1, 1))
    }
    add(.removeFormat, S.b(0, 0xE0, 0, 1))
    add(.setLink, S.b(0))
    add(.insertLink, S.text("a"), S.b(1))
    for (uid, name) in [(0, 0), (1, 1), (0, 2), (1, 3), (2, 4), (3, 5), (0, 7)] as [(UInt8, UInt8)] { add(.insertMention, S.b(uid, name)) }
    add(.replace, S.b(0, 1), S.text("x"))
    add(.replace, S.b(0x81, 0xE0), S.text("\u{301}"))
    add(.replaceN, S.b(0xE7, 0xE0), S.text("e\u{301}"))
    for json in [1, 2, 3, 4] as [UInt8] { add(.loadDocument, [json]); add(.restore, [json]) }
    add(.loadDocument, S.json(token: 2))
    add(.loadMarkdown, S.text("**b** <@uid:u1>"), S.json(token: 34))
    add(.newDraft, on: 2, S.b(0, 0))
    add(.freeDraft, on: 2)
    add(.insert, on: 2, S.text("b"))
    add(.insert, on: 3, S.text("x"))
    for mode: UInt8 in [1, 2, 3] { add(.setListener, [mode]) }
    add(.stageFiles, S.json(token: 21), S.b(0))
    for event: UInt8 in [0, 1, 2, 3, 4, 5] { add(.uploadEvent, S.b(0, event, 2, 1)) }
    add(.removeAttachment, S.b(0))
    add(.send, S.b(8, 0))
    add(.tick, S.b(0xE3))
    add(.voiceNote, S.b(0, 0, 0, 0, 0))
    add(.beginEdit, S.b(0), S.text("old <@uid:u1>"), S.json(token: 34), S.b(0))
    add(.beginReply, S.b(0, 0), S.text("hello"), S.nullJSON)
    add(.setThread, S.b(0))
    add(.setCommand, S.b(0, 1))
    for which: UInt8 in [0, 5, 6, 9, 10] { add(.read, S.b(which, 0)) }
    add(.markdown, S.b(1), S.text("<@uid:u1>"), [7], S.b(0))
    add(.dismissBanner)
    for update: UInt8 in [1, 9, 10, 11, 12, 13] { add(.updateConfig, [update]) }
    add(.startCooldown, S.b(0, 1, 3))
    add(.sendSticker, S.b(0, 7, 1, 0))
    add(.setAlsoSendToChannel, S.b(1))
    add(.stageFiles, S.json(token: 45), S.b(0))
    add(.restore, S.json(token: 47))
    return entries
}

/// `--dict FILE`: writes the dictionary in libFuzzer's format; returns the exit status.
func writeDictionary(to path: String) -> Int32 {
    guard let file = fopen(path, "w") else { print("cannot write \(path)"); return 1 }
    for entry in dictionaryEntries() {
        let hex = entry.map { b -> String in
            let h = String(b, radix: 16)
            return "\\x" + (h.count == 1 ? "0" + h : h)
        }.joined()
        fputs("\"\(hex)\"\n", file)
    }
    fclose(file)
    return 0
}

/// `--seeds DIR`: writes seed-<name> files; returns the exit status.
func writeSeeds(to directory: String) -> Int32 {
    for (name, bytes) in seedInputs() {
        let path = directory + "/seed-" + name
        guard let file = fopen(path, "wb") else { print("cannot write \(path)"); return 1 }
        _ = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
    }
    return 0
}
