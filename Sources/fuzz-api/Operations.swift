// The calls: one opcode byte per call, low 6 bits = the operation, high 2 bits = the handle (00/01
// draft A, 10 draft B, 11 a hostile handle: NULL, stale or forged). Arguments follow (Input.swift).
// Every function of message_composer.h is reachable; getters share the `read` operation.
// To cover a new C function: add a case at the END of Op (opcodes are what corpora store) and
// its call in `perform`; mark it read-only in `Outcome` if it must change nothing.
import ComposerCAPI

enum Op: UInt8, CaseIterable {
    case insert, insertN, replace, replaceN, deleteBackward, deleteForward, enter, moveCaret, selectAll, setSelection
    case applyFormat, removeFormat, toggleFormat, setLink, removeLink, insertLink, insertMention
    case undo, redo, beginBatch, commitBatch, loadDocument, loadMarkdown, normalizeMarkdown
    case beginEdit, beginReply, cancelMode, setThread, setCommand, clearCommand, clear, tick, send
    case stageFiles, uploadEvent, removeAttachment, voiceNote, restore, setListener, read
    case newDraft, freeDraft, markdown, convertOffset, checkUndoRedo
    case dismissBanner, updateConfig, startCooldown, sendSticker, setAlsoSendToChannel
}

/// Which handle a call gets.
enum Target {
    case slot(Int)
    /// NULL, stale (freed) or forged: every draft function must refuse it and touch no live draft.
    case hostile(OpaquePointer?, String)
}

/// What the checks need to know about one call.
struct Outcome {
    var function: String
    var status: Int32?  // nil: a void function
    var target: Int?    // the live slot the call addressed
    var readOnly = false
}

/// Not a draft: a heap block and a made-up address (the library must never dereference either).
nonisolated(unsafe) private let forgedBlock = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 16)
nonisolated(unsafe) private let forgedHandles: [(OpaquePointer?, String)] = [
    (nil, "NULL"), (OpaquePointer(forgedBlock), "forged_heap"), (OpaquePointer(bitPattern: 0xDEAD_BEEF), "forged_0xdeadbeef"),
]

/// The listener: user_data carries the slot number + 1 (the library never dereferences it).
private let listenerCallback: @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?) -> Void = { userData, kind, payload in
    Session.current?.heard(slot: Int(bitPattern: userData) - 1, kind: kind, payload: payload)
}

extension Session {
    func step() {
        let opcode = input.byte()
        let op = Op.allCases[Int(opcode & 0x3F) % Op.allCases.count]
        let target: Target
        switch opcode >> 6 {
        case 0, 1: target = slotTarget(0)
        case 2: target = slotTarget(1)
        default:
            let s = Int(input.byte())
            if s < forgedHandles.count || stale.isEmpty {
                let (handle, name) = forgedHandles[s % forgedHandles.count]
                target = .hostile(handle, name)
            } else {
                target = .hostile(stale[s % stale.count], "stale\(s % stale.count)")
            }
        }
        events.removeAll()
        if case .slot(let i) = target { catchUp(slots[i]) }
        let before = slots.map(\.observed), handlesBefore = slots.map(\.handle)
        let outcome = perform(op, target, newSlot: opcode >> 6 == 2 ? 1 : 0)
        check(outcome, target: target, before: before, handlesBefore: handlesBefore)
    }

    private func slotTarget(_ index: Int) -> Target {
        if slots[index].handle != nil { return .slot(index) }
        return .hostile(stale.last, stale.isEmpty ? "NULL" : "stale\(stale.count - 1)")
    }

    private func perform(_ op: Op, _ target: Target, newSlot: Int) -> Outcome {
        let h: OpaquePointer?
        let n: String
        var index: Int?
        switch target {
        case .slot(let i): (h, n, index) = (slots[i].handle, slots[i].name, i)
        case .hostile(let handle, let name): (h, n) = (handle, name)
        }
        var length: Int64 = 0
        if index != nil { _ = mc_draft_length(h, &length) }
        /// Every span's start and end, in document order (read only when an offset asks for one).
        func edges() -> [Int64] {
            guard let index, let doc = slots[index].observed.flatMap({ JSON.parse($0.document) }) else { return [] }
            return (doc["spans"]?.array ?? []).flatMap { span -> [Int64] in
                [span["start"], span["end"]].compactMap { if case .number(let n)? = $0 { return Int64(n) } else { return nil } }
            }
        }
        // The arguments' text is built only when tracing (it costs more than many calls).
        func outcome(_ function: String, _ args: @autoclosure () -> String, _ status: Int32?, readOnly: Bool = false) -> Outcome {
            note({ let a = args(); return "\(function)(\(n)\(a.isEmpty ? "" : ", " + a))" }(), status)
            return Outcome(function: function, status: status, target: index, readOnly: readOnly)
        }

        switch op {
        case .insert:
            let t = input.text()
            return outcome("mc_draft_insert", cLiteral(t), withCString(t) { mc_draft_insert(h, $0) })
        case .insertN:
            let t = input.text()
            let count = t.map { UInt($0.count) } ?? UInt(input.byte() % 4)  // NULL with a length > 0 is refused
            let status = withBytes(t) { p, _ in mc_draft_insert_n(h, p, count) }
            return outcome("mc_draft_insert_n", "\(cLiteral(t)), \(count)", status)
        case .replace, .replaceN:
            let start = input.offset(length: length, edges: edges), end = input.offset(length: length, edges: edges)
            let t = input.text()
            if op == .replace {
                return outcome("mc_draft_replace", "\(start), \(end), \(cLiteral(t))", withCString(t) { mc_draft_replace(h, start, end, $0) })
            }
            let status = withBytes(t) { p, count in mc_draft_replace_n(h, start, end, p, count) }
            return outcome("mc_draft_replace_n", "\(start), \(end), \(cLiteral(t)), \(t?.count ?? 0)", status)
        case .deleteBackward: return outcome("mc_draft_delete_backward", "", mc_draft_delete_backward(h))
        case .deleteForward: return outcome("mc_draft_delete_forward", "", mc_draft_delete_forward(h))
        case .enter: return outcome("mc_draft_enter", "", mc_draft_enter(h))
        case .moveCaret:
            let units: [Int32] = [0, 1, 2, 3, 0, 1, 4, -1]
            let unit = units[Int(input.byte()) % units.count]
            let c = input.byte()
            let count: Int64 = c == 0x7F ? .max : c == 0x80 ? .min : Int64(Int8(bitPattern: c))
            let flags = input.flags()
            return outcome("mc_draft_move_caret", "\(unit), \(count), \(flags)", mc_draft_move_caret(h, unit, count, flags))
        case .selectAll: return outcome("mc_draft_select_all", "", mc_draft_select_all(h))
        case .setSelection:
            let anchor = input.offset(length: length, edges: edges), focus = input.offset(length: length, edges: edges)
            return outcome("mc_draft_set_selection", "\(anchor), \(focus)", mc_draft_set_selection(h, anchor, focus))
        case .applyFormat, .toggleFormat:
            let start = input.offset(length: length, edges: edges), end = input.offset(length: length, edges: edges)
            let format = input.format()
            let value = formatValue(format)
            let flags = input.flags()
            let args = "\(start), \(end), \(format), \(cLiteral(value)), \(flags)"
            if op == .applyFormat {
                return outcome("mc_draft_apply_format", args, withCString(value) { mc_draft_apply_format(h, start, end, format, $0, flags) })
            }
            return outcome("mc_draft_toggle_format", args, withCString(value) { mc_draft_toggle_format(h, start, end, format, $0, flags) })
        case .removeFormat:
            let start = input.offset(length: length, edges: edges), end = input.offset(length: length, edges: edges)
            let format = input.format(), flags = input.flags()
            return outcome("mc_draft_remove_format", "\(start), \(end), \(format), \(flags)", mc_draft_remove_format(h, start, end, format, flags))
        case .setLink:
            let url = choice(urls)
            return outcome("mc_draft_set_link", cLiteral(url), withCString(url) { mc_draft_set_link(h, $0) })
        case .removeLink: return outcome("mc_draft_remove_link", "", mc_draft_remove_link(h))
        case .insertLink:
            let text = input.text(), url = choice(urls)
            return outcome("mc_draft_insert_link", "\(cLiteral(text)), \(cLiteral(url))",
                           withCString(text) { t in withCString(url) { mc_draft_insert_link(h, t, $0) } })
        case .insertMention:
            let uid = choice(uids), name = choice(names)
            return outcome("mc_draft_insert_mention", "\(cLiteral(uid)), \(cLiteral(name))",
                           withCString(uid) { u in withCString(name) { mc_draft_insert_mention(h, u, $0) } })
        case .undo: return outcome("mc_draft_undo", "", mc_draft_undo(h))
        case .redo: return outcome("mc_draft_redo", "", mc_draft_redo(h))
        case .beginBatch:
            let status = mc_draft_begin_batch(h)
            if status == Status.ok, let index { slots[index].batchDepth += 1 }
            return outcome("mc_draft_begin_batch", "", status)
        case .commitBatch:
            let status = mc_draft_commit_batch(h)
            if let index {
                // Batches nest and only commit closes one: with one open, commit must succeed.
                if status == Status.notAllowed, slots[index].batchDepth > 0 {
                    note("mc_draft_commit_batch(\(n))", status)
                    if !KnownFindings.batchClosedByHistoryReset {
                        fail("mc_draft_commit_batch refused (\(lastError())) with \(slots[index].batchDepth) batch(es) open (begun, never committed)")
                    }
                    slots[index].batchDepth = 0
                }
                if status == Status.ok { slots[index].batchDepth -= 1 }
            }
            return outcome("mc_draft_commit_batch", "", status)
        case .loadDocument:
            let json = self.json()
            return outcome("mc_draft_load_document", cLiteral(json), withCString(json) { mc_draft_load_document(h, $0) })
        case .loadMarkdown:
            let markdown = input.text(), mentions = self.json()
            return outcome("mc_draft_load_markdown", "\(cLiteral(markdown)), \(cLiteral(mentions))",
                           withCString(markdown) { m in withCString(mentions) { mc_draft_load_markdown(h, m, $0) } })
        case .normalizeMarkdown: return outcome("mc_draft_normalize_markdown", "", mc_draft_normalize_markdown(h))
        case .beginEdit:
            let id = choice(messageIDs), markdown = input.text(), mentions = self.json(), media = input.bool()
            let status = withCString(id) { i in withCString(markdown) { m in withCString(mentions) { mc_draft_begin_edit(h, i, m, $0, media) } } }
            return outcome("mc_draft_begin_edit", "\(cLiteral(id)), \(cLiteral(markdown)), \(cLiteral(mentions)), \(media)", status)
        case .beginReply:
            let id = choice(messageIDs), sender = choice(names), markdown = input.text(), mentions = self.json()
            let status = withCString(id) { i in withCString(sender) { s in withCString(markdown) { m in withCString(mentions) {
                mc_draft_begin_reply(h, i, s, m, $0) } } } }
            return outcome("mc_draft_begin_reply", "\(cLiteral(id)), \(cLiteral(sender)), \(cLiteral(markdown)), \(cLiteral(mentions))", status)
        case .cancelMode: return outcome("mc_draft_cancel_mode", "", mc_draft_cancel_mode(h))
        case .setThread:
            let id = choice(messageIDs + [nil])
            return outcome("mc_draft_set_thread", cLiteral(id), withCString(id) { mc_draft_set_thread(h, $0) })
        case .setCommand:
            let name = choice(commandNames), args = choice([nil, Array("x".utf8), Array("hello world".utf8)])
            return outcome("mc_draft_set_command", "\(cLiteral(name)), \(cLiteral(args))",
                           withCString(name) { c in withCString(args) { mc_draft_set_command(h, c, $0) } })
        case .clearCommand: return outcome("mc_draft_clear_command", "", mc_draft_clear_command(h))
        case .clear: return outcome("mc_draft_clear", "", mc_draft_clear(h))
        case .tick:
            let now = clock(index)
            let status = mc_draft_tick(h, now)
            if status == Status.ok, let index { slots[index].now = now }
            return outcome("mc_draft_tick", "\(now)", status)
        case .send:
            let now = clock(index)
            let nullOut = input.byte() >= 0xF8
            var out: UnsafeMutablePointer<CChar>?
            let status = nullOut ? mc_draft_send(h, now, nil) : mc_draft_send(h, now, &out)
            checkOutput("mc_draft_send", status, takeBytes(out), json: true, nullOut: nullOut)
            if status == Status.ok, let index { slots[index].now = now }
            return outcome("mc_draft_send", "\(now), \(nullOut ? "NULL" : "&out")", status)
        case .stageFiles:
            let files = self.json()
            let nullOut = input.byte() >= 0xF8  // allowed: then nothing is returned
            var out: UnsafeMutablePointer<CChar>?
            let status = withCString(files) { nullOut ? mc_draft_stage_files(h, $0, nil) : mc_draft_stage_files(h, $0, &out) }
            let result = takeBytes(out)
            if status == Status.ok, !nullOut, let result, let value = JSON.parse(String(decoding: result, as: UTF8.self)) {
                for id in value["staged"]?.array ?? [] { if case .number(let n) = id, let v = UInt64(n) { stagedIDs.append(v) } }
            } else if status == Status.ok, !nullOut {
                fail("mc_draft_stage_files returned MC_OK without a JSON result")
            }
            return outcome("mc_draft_stage_files", "\(cLiteral(files)), \(nullOut ? "NULL" : "&out")", status)
        case .uploadEvent:
            let id = attachmentID()
            let events: [Int32] = [0, 1, 2, 3, 4, 5, 1, 2, 6, -1]
            let event = events[Int(input.byte()) % events.count]
            let progress = input.progress()
            let value = choice([nil, Array("remote-1".utf8), Array("net error".utf8), []])
            return outcome("mc_draft_upload_event", "\(id), \(event), \(progress), \(cLiteral(value))",
                           withCString(value) { mc_draft_upload_event(h, id, event, progress, $0) })
        case .removeAttachment:
            let id = attachmentID()
            return outcome("mc_draft_remove_attachment", "\(id)", mc_draft_remove_attachment(h, id))
        case .voiceNote:
            let name = choice([Array("voice.ogg".utf8), nil, []]), mime = choice([Array("audio/ogg".utf8), Array("image/png".utf8), nil])
            let sizes: [Int64] = [1000, 0, -1, .max]
            let size = sizes[Int(input.byte()) % sizes.count]
            let remote = choice([Array("remote-1".utf8), [], nil])
            let nullOut = input.byte() >= 0xF8
            var out: UnsafeMutablePointer<CChar>?
            let status = withCString(name) { n in withCString(mime) { m in withCString(remote) { r in
                nullOut ? mc_draft_voice_note(h, n, m, size, r, nil) : mc_draft_voice_note(h, n, m, size, r, &out) } } }
            checkOutput("mc_draft_voice_note", status, takeBytes(out), json: true, nullOut: nullOut)
            return outcome("mc_draft_voice_note", "\(cLiteral(name)), \(cLiteral(mime)), \(size), \(cLiteral(remote)), \(nullOut ? "NULL" : "&out")", status)
        case .restore:
            let json = self.json()
            return outcome("mc_draft_restore", cLiteral(json), withCString(json) { mc_draft_restore(h, $0) })
        case .setListener:
            let mode = ListenerMode(rawValue: input.byte() % 5) ?? .none
            let userData = UnsafeMutableRawPointer(bitPattern: (index ?? 7) + 1)
            let status = mc_draft_set_listener(h, mode == .none ? nil : listenerCallback, userData)
            if status == Status.ok, let index { slots[index].listener = mode }
            return outcome("mc_draft_set_listener", mode == .none ? "NULL, NULL" : "listener_\(mode), (void *)\((index ?? 7) + 1)", status)
        case .read:
            return read(h, n, index)
        case .newDraft:
            let s = input.byte()
            let config = s < 0xF0 ? configChoice(s) : self.json()
            if input.byte() == 0xFF {  // out_draft NULL: refused, nothing created
                let status = withCString(config) { mc_draft_new($0, nil) }
                note("mc_draft_new(\(cLiteral(config)), NULL)", status)
                if status != -2 { fail("mc_draft_new with out_draft NULL: \(Status.name(status)), expected MC_ERR_NULL_ARGUMENT") }
                return Outcome(function: "mc_draft_new", status: status, target: nil)
            }
            let status = createDraft(slot: newSlot, config: config)
            return Outcome(function: "mc_draft_new", status: status, target: nil)
        case .freeDraft:
            if let index {
                retire(slots[index])
                return Outcome(function: "mc_draft_free", status: nil, target: nil)
            }
            mc_draft_free(h)
            return outcome("mc_draft_free", "", nil)
        case .markdown:
            return markdown()
        case .convertOffset:
            return convertOffset()
        case .checkUndoRedo:
            if let index { checkUndoRedo(index) }
            return Outcome(function: "(undo/redo walk)", status: Status.ok, target: index)
        case .dismissBanner: return outcome("mc_draft_dismiss_banner", "", mc_draft_dismiss_banner(h))
        case .updateConfig:
            let s = input.byte()
            let json = s < 0xE0 ? configUpdateTokens[Int(s) % configUpdateTokens.count] : self.json()
            let status = withCString(json) { mc_draft_update_config(h, $0) }
            if status == Status.ok, let index {
                // Fresh drafts for the round trips take the effective configuration from now on.
                let (read, config, _) = getString { mc_draft_config(h, $0) }
                guard read == Status.ok, let config else { fail("mc_draft_config after an update: \(Status.name(read))") }
                slots[index].config = Array(config.utf8)
            }
            return outcome("mc_draft_update_config", cLiteral(json), status)
        case .startCooldown:
            let now = clock(index)
            let s = input.byte()
            let last: Int64
            switch s % 8 {
            case 0: last = now
            case 1: last = now &- Int64(input.byte()) * 1000
            case 2: last = now &+ 5000  // after now: counts as now
            case 3: last = 0
            case 4: last = -1
            case 5: last = .max
            case 6: last = .min
            default: last = input.int64()
            }
            let status = mc_draft_start_cooldown(h, last, now)
            if status == Status.ok, let index { slots[index].now = now }
            return outcome("mc_draft_start_cooldown", "\(last), \(now)", status)
        case .sendSticker:
            let id = choice(stickerIDs), url = choice(urls + [Array("https://cdn.example/s.webp".utf8), nil])
            let pack = choice([nil, Array("cats".utf8), [], Array("a\u{1}".utf8)])
            let nullOut = input.byte() >= 0xF8
            var out: UnsafeMutablePointer<CChar>?
            let status = withCString(id) { i in withCString(url) { u in withCString(pack) { p in
                nullOut ? mc_draft_send_sticker(h, i, u, p, nil) : mc_draft_send_sticker(h, i, u, p, &out) } } }
            checkOutput("mc_draft_send_sticker", status, takeBytes(out), json: true, nullOut: nullOut)
            return outcome("mc_draft_send_sticker", "\(cLiteral(id)), \(cLiteral(url)), \(cLiteral(pack)), \(nullOut ? "NULL" : "&out")", status)
        case .setAlsoSendToChannel:
            let on = input.bool()
            return outcome("mc_draft_set_also_send_to_channel", "\(on)", mc_draft_set_also_send_to_channel(h, on))
        }
    }

    // MARK: argument choices

    /// One byte picks from `options`; from 0xF0 on, any text (hostile) instead.
    func choice(_ options: [[UInt8]?]) -> [UInt8]? {
        let s = input.byte()
        return s >= 0xF0 ? input.text() : options[Int(s) % options.count]
    }

    /// The value argument of a format call: a URL for links, a colour for colours, NULL otherwise;
    /// from 0xF0 on, any text.
    func formatValue(_ format: Int32) -> [UInt8]? {
        let s = input.byte()
        if s >= 0xF0 { return input.text() }
        switch format {
        case 5: return urls[Int(s) % urls.count]
        case 6: return colors[Int(s) % colors.count]
        default: return nil
        }
    }

    /// A clock value for tick and send: forward mostly, sometimes backwards or extreme.
    func clock(_ index: Int?) -> Int64 {
        let now = index.map { slots[$0].now } ?? 0
        let s = input.byte()
        switch s {
        case 0..<0xE0: return now &+ Int64(s) * 250  // wrapping: the harness itself must not trap
        case 0xE0: return now &- 1
        case 0xE1: return .min
        case 0xE2: return .max
        case 0xE3: return now &+ 5001
        case 0xE4: return input.int64()
        default: return now
        }
    }

    /// An attachment id: one the tray gave out, a small number, or an impossible one.
    func attachmentID() -> UInt64 {
        let s = input.byte()
        switch s {
        case 0xFD: return 0
        case 0xFE: return .max
        case 0xFF: return UInt64(Int64.max) + 1
        default: return stagedIDs.isEmpty || s & 1 == 1 ? UInt64(s % 8) : stagedIDs[Int(s / 2) % stagedIDs.count]
        }
    }

    /// A JSON argument: NULL, the drafts' own output (whole, cut, or one byte changed), mention
    /// names, a token, or any text.
    func json() -> [UInt8]? {
        let s = input.byte()
        switch s {
        case 0: return nil
        case 1...4: return ownJSON(Int(s))
        case 5:
            let source = ownJSON(Int(input.byte() % 4) + 1)
            return Array(source.prefix(Int(input.byte()) * source.count / 256))
        case 6:
            var source = ownJSON(Int(input.byte() % 4) + 1)
            let at = Int(input.byte()) * source.count / 256, value = input.byte()
            if at < source.count { source[at] = value }
            return source
        case 7: return Array(mentionNames(slots[0]).utf8)
        case 0xF0...: return input.text()
        default: return Array(jsonTokens[Int(s - 8) % jsonTokens.count].utf8)
        }
    }

    /// 1: A's document, 2: B's document, 3: A's snapshot, 4: B's snapshot ("{}" without a draft).
    private func ownJSON(_ which: Int) -> [UInt8] {
        guard let observed = slots[(which - 1) % 2].observed else { return Array("{}".utf8) }
        return Array((which <= 2 ? observed.document : observed.snapshot).utf8)
    }

    /// The draft's mention names as mentions_json {"uid": "name"} (from mc_draft_mentions).
    func mentionNames(_ slot: Slot) -> String {
        guard let handle = slot.handle else { return "{}" }
        let (status, json, _) = getString { mc_draft_mentions(handle, $0) }
        if status == Status.ok, json == "[]" { return "{}" }
        guard status == Status.ok, let json, let list = JSON.parse(json)?.array else {
            fail("mc_draft_mentions(\(slot.name)): \(Status.name(status)) \(json ?? "NULL")")
        }
        var seen: Set<String> = []
        var members: [String] = []
        for mention in list {
            guard let uid = mention["uid"]?.string, let name = mention["name"]?.string else { fail("mc_draft_mentions: entry without uid/name: \(json)") }
            if seen.insert(uid).inserted { members.append("\(jsonQuoted(uid)):\(jsonQuoted(name))") }
        }
        return "{" + members.joined(separator: ",") + "}"
    }
}

private let urls: [[UInt8]?] = ["https://example.com", "example.com", "mailto:a@b.c", "http://x.y/a_(b)*c", "javascript:alert(1)", "https://", ""]
    .map { Array($0.utf8) }
private let colors: [[UInt8]?] = ["#abc", "#A0B1C2", "#12345", "red"].map { Array($0.utf8) }
private let uids: [[UInt8]?] = ["u1", "u2", "alice.b-c_d:e@f=g+h", "u3", "bad uid", ""].map { Array($0.utf8) }
/// Display names: plain, and ones whose edges merge with neighbours (combining marks, ZWJ, modifiers).
private let names: [[UInt8]?] = ["Bob", "Al\u{301}", "\u{301}Bo", "Bo\u{1F3FD}", "e\u{301}", "A\u{200D}", "Bob Smith",
                                 "\u{1F468}\u{200D}\u{1F469}", "\u{1F1EB}", "a\nb", "", "\u{1F468}\u{200D}", "Bo\u{1F1EB}",
                                 "\u{1100}"].map { Array($0.utf8) }
private let messageIDs: [[UInt8]?] = ["m1", "m2", "", "a\u{1}b"].map { Array($0.utf8) }
private let commandNames: [[UInt8]?] = ["cmd", "giphy", "", "a b", "/x"].map { Array($0.utf8) }
private let stickerIDs: [[UInt8]?] = ["s1", "", "a\u{1}b", String(repeating: "s", count: 300), nil].map { $0.map { Array($0.utf8) } }
