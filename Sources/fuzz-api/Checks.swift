// The properties checked after every call (issue 14, part 1):
//   - a refused call, a read, and any call on a hostile handle change nothing: document JSON,
//     selection, UI state and snapshot byte-identical (documented exception: a mention refused
//     with MC_ERR_LIMIT_EXCEEDED raises the info banner); a call on one draft changes no other
//     (its selection, length and undo state at once, the rest before the next call on it);
//   - a refused call on a draft with a listener delivers exactly one MC_EVENT_ERROR carrying its
//     status (plus MC_EVENT_BANNER for that exception) and nothing else; reads deliver nothing;
//     outside batches, a change of the text or the selection is heard (TEXT, SELECTION events);
//     a listener that removed itself from its callback hears nothing more (Session.heard);
//   - a batch begun stays open until committed (mc_draft_commit_batch succeeds while one is);
//   - every status is a documented one, and a refused call leaves a message in mc_last_error();
//   - after a change: text, length, selection and document agree; the document JSON loads into a
//     fresh draft to itself; the snapshot restores into a fresh draft and snapshots back to itself;
//     parse(serialize, the draft's mention names) gives the same document JSON;
//   - undo to the bottom then redo to the top gives the same document (checkUndoRedo: on demand
//     and at the end of every input; it walks from the top of the redo stack and back).
import ComposerCAPI

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension Session {
    func check(_ o: Outcome, target: Target, before: [Observation?], handlesBefore: [OpaquePointer?]) {
        if let status = o.status {
            guard Status.documentedName(status) != nil else { fail("\(o.function) returned an undocumented status \(status)") }
            if status != Status.ok, String(cString: mc_last_error()).isEmpty {
                fail("\(o.function) refused with \(Status.name(status)) but mc_last_error() is empty")
            }
        }
        if case .hostile(let handle, let name) = target, o.function.hasPrefix("mc_draft_"), o.function != "mc_draft_new" {
            if let status = o.status, status == Status.ok { fail("\(o.function) accepted the \(name) handle") }
            if handle == nil, let status = o.status, status != Status.invalidHandle {
                fail("\(o.function)(NULL, ...) returned \(Status.name(status)), not MC_ERR_INVALID_HANDLE")
            }
            if let event = events.first { fail("\(o.function) on the \(name) handle delivered event \(event.kind) to draft \(slots[event.slot].name)") }
        }
        for (i, slot) in slots.enumerated() {
            guard let handle = slot.handle else { continue }
            let isNew = handlesBefore[i] != handle || before[i] == nil
            if !isNew, o.target != i {
                // A draft the call did not address: no event, the same glance now, the whole
                // observation before the next call on it (catchUp), so that the JSON getters run
                // once per call, not once per live draft.
                checkEvents(o, slot: i, refused: false, mayChange: false)
                glanceUnchanged(slot, after: o.function)
                continue
            }
            guard let after = observe(slot) else { continue }
            defer { slot.observed = after }
            guard !isNew, let old = before[i] else {
                verify(i, after)  // a new draft
                continue
            }
            if o.function == "mc_draft_restore", o.status == Status.ok { slot.restored = true }
            let refused = o.status.map { $0 != Status.ok } ?? false
            let mayChange = !refused && !o.readOnly
            if !mayChange {
                compareUnchanged(old, after, slot: slot, call: "\(o.function) (\(refused ? "refused with \(Status.name(o.status ?? 0))" : "a read"))",
                                 allowBanner: refused && o.status == Status.limitExceeded)
            }
            checkEvents(o, slot: i, refused: refused, mayChange: mayChange)
            if mayChange, slot.listener != .none, slot.batchDepth == 0 { checkChangesHeard(o, slot: i, old, after) }
            if after.snapshot != slot.verifiedSnapshot { verify(i, after) }
        }
    }

    func compareUnchanged(_ old: Observation, _ new: Observation, slot: Slot, call: @autoclosure () -> String, allowBanner: Bool) {
        func report(_ what: String, _ a: String, _ b: String) -> Never {
            fail("\(call()) changed draft \(slot.name)'s \(what)\n  before: \(a)\n  after:  \(b)")
        }
        if old.document != new.document { report("document", old.document, new.document) }
        if old.anchor != new.anchor || old.focus != new.focus {
            report("selection", "[\(old.anchor), \(old.focus)]", "[\(new.anchor), \(new.focus)]")
        }
        if old.glance != new.glance { report("length or undo state", "\(old.glance)", "\(new.glance)") }
        if old.uiState != new.uiState {
            let same = allowBanner && JSON.parse(old.uiState)?.removing("info_banner") == JSON.parse(new.uiState)?.removing("info_banner")
            if !same { report("UI state", old.uiState, new.uiState) }
        }
        if old.snapshot != new.snapshot { report("snapshot", old.snapshot, new.snapshot) }
    }

    private func checkEvents(_ o: Outcome, slot i: Int, refused: Bool, mayChange: Bool) {
        let mine = events.filter { $0.slot == i && !$0.nested }
        if refused {
            var allowed: Set<Int32> = [Event.error]
            if o.status == Status.limitExceeded { allowed.insert(Event.banner) }
            if let bad = mine.first(where: { !allowed.contains($0.kind) }) {
                fail("\(o.function) was refused (\(Status.name(o.status ?? 0))) but delivered event \(bad.kind): \(bad.payload)")
            }
            let errors = mine.filter { $0.kind == Event.error }
            if slots[i].listener != .none, o.status != Status.invalidHandle {
                guard errors.count == 1, case .number(let n)? = JSON.parse(errors[0].payload)?["status"], n == "\(o.status ?? 0)" else {
                    fail("\(o.function) was refused (\(Status.name(o.status ?? 0))): expected one MC_EVENT_ERROR with that status, heard \(errors.map(\.payload))")
                }
            }
        } else if !mayChange, let event = mine.first {
            fail("\(o.function) changed nothing on draft \(slots[i].name) but delivered event \(event.kind): \(event.payload)")
        }
    }

    /// With a listener and no batch open, a call that changed the text or the selection delivered
    /// that event (at any depth: the listener's own calls change the draft too).
    private func checkChangesHeard(_ o: Outcome, slot i: Int, _ old: Observation, _ new: Observation) {
        let kinds = Set(events.filter { $0.slot == i }.map(\.kind))
        if old.anchor != new.anchor || old.focus != new.focus, !kinds.contains(Event.selection) {
            fail("\(o.function) moved the selection [\(old.anchor), \(old.focus)] -> [\(new.anchor), \(new.focus)] without MC_EVENT_SELECTION")
        }
        // The same text is written the same way: the texts differ only if their raw bytes do.
        if old.document != new.document, !kinds.contains(Event.text),
           rawText(ofDocument: old.document).map({ a in rawText(ofDocument: new.document).map { $0 != a } ?? true }) ?? true,
           let a = JSON.parse(old.document)?["text"], let b = JSON.parse(new.document)?["text"], a != b {
            fail("\(o.function) changed the text without MC_EVENT_TEXT\n  before: \(old.document)\n  after:  \(new.document)")
        }
    }

    // MARK: round trips

    /// The properties of a state the draft reached: consistent reads, and the document, snapshot and
    /// wire markdown each give the state back. Each part runs only when its input changed since
    /// the last time it passed (this runs after every call: most only move the selection).
    func verify(_ i: Int, _ observed: Observation) {
        let slot = slots[i]
        guard let h = slot.handle else { return }
        let doc = observed.document, snapshot = observed.snapshot
        let newDocument = doc != slot.verifiedDocument
        slot.verifiedSnapshot = snapshot
        slot.verifiedDocument = doc

        let (s1, text, _) = getString { mc_draft_text(h, $0) }
        var length: Int64 = -1
        let s2 = mc_draft_length(h, &length)
        guard s1 == Status.ok, s2 == Status.ok, let text else { fail("mc_draft_text / mc_draft_length on a live draft: \(Status.name(s1)), \(Status.name(s2))") }
        if scalarCount(text) != length { fail("mc_draft_length = \(length) but mc_draft_text has \(scalarCount(text)) scalars: \(text.debugDescription)") }
        if !(0...length).contains(observed.anchor) || !(0...length).contains(observed.focus) {
            fail("selection [\(observed.anchor), \(observed.focus)] outside [0, \(length)]")
        }

        // set_selection snaps a caret inside a mention to its edge and the caret steps over mentions
        // whole: no call may leave a caret inside one (typing there would replace the mention).
        if observed.anchor == observed.focus, contains(doc, "\"mention\""), let spans = JSON.parse(doc)?["spans"]?.array,
           let inside = spans.first(where: { span in
               guard span["format"]?.string == "mention", case .number(let a)? = span["start"], case .number(let b)? = span["end"],
                     let start = Int64(a), let end = Int64(b) else { return false }
               return start < observed.anchor && observed.anchor < end
           }), !KnownFindings.caretInsideMentionAfterRestore(slot.restored) {
            fail("the caret \(observed.anchor) lies inside a mention (\(inside["name"]?.string ?? "?")) of \(doc)")
        }

        if KnownFindings.mistextedMention(doc) { return }

        withFreshDraft(slot) { fresh in
            let status = mc_draft_restore(fresh, snapshot)
            if status != Status.ok {
                fail("draft \(slot.name)'s own snapshot does not restore into a fresh draft: \(Status.name(status)) \"\(lastError())\"\n  snapshot: \(snapshot)")
            }
            let again = read(fresh, "mc_draft_snapshot") { mc_draft_snapshot(fresh, $0) }
            if again == snapshot { return }
            // Uploads in flight come back as retryable failures (documented): then the rest must
            // match, and the restored snapshot must restore to itself.
            if !hasUploadsInFlight(snapshot) || withoutTrays(snapshot) != withoutTrays(again) {
                fail("snapshot does not restore to itself\n  snapshot: \(snapshot)\n  restored: \(again)")
            }
            withFreshDraft(slot) { second in
                let status = mc_draft_restore(second, again)
                let third = status == Status.ok ? read(second, "mc_draft_snapshot") { mc_draft_snapshot(second, $0) } : Status.name(status)
                if third != again { fail("a restored snapshot does not restore to itself\n  snapshot: \(again)\n  restored: \(third)") }
            }
        }
        guard newDocument else { return }

        // The text member as written is the text escaped as the library escapes (no parse then).
        if rawText(ofDocument: doc).map({ !$0.elementsEqual(escapedJSONBytes(text)) }) ?? true,
           JSON.parse(doc)?["text"]?.string != text { fail("document JSON's text differs from mc_draft_text\n  document: \(doc)\n  text: \(text.debugDescription)") }
        withFreshDraft(slot) { fresh in
            let status = mc_draft_load_document(fresh, doc)
            if status != Status.ok {
                fail("draft \(slot.name)'s own document JSON does not load into a fresh draft: \(Status.name(status)) \"\(lastError())\"\n  document: \(doc)")
            }
            let back = read(fresh, "mc_draft_document") { mc_draft_document(fresh, $0) }
            if back != doc { fail("document JSON does not load back to itself\n  document: \(doc)\n  loaded:   \(back)") }
        }

        let markdown = read(h, "mc_draft_serialize") { mc_draft_serialize(h, $0) }
        let names = mentionNames(slot)
        let (status, parsed, _) = getString { mc_markdown_parse_with_mentions(markdown, names, $0) }
        guard status == Status.ok, let parsed else {
            fail("mc_markdown_parse_with_mentions(serialized draft, its mention names) refused: \(Status.name(status)) \"\(lastError())\"\n  markdown: \(markdown.debugDescription)\n  names: \(names)")
        }
        let plainOnly = KnownFindings.plainDraftLosesFormats(slot.config.map { String(decoding: $0, as: UTF8.self) })
        if plainOnly ? JSON.parse(parsed)?.textAndMentions != JSON.parse(doc)?.textAndMentions : parsed != doc {
            fail("parse(serialize(D), mention names) != D\n  document:  \(doc)\n  markdown:  \(markdown.debugDescription)\n  names:     \(names)\n  reparsed:  \(parsed)")
        }
    }

    /// The history walk: redo to the top (document T), undo to the bottom, redo to the top again
    /// (must give T), then undo back to where the walk started (must give the starting document).
    /// The draft ends where it was in its history; only typing coalescing is broken.
    func checkUndoRedo(_ i: Int) {
        let slot = slots[i]
        guard let h = slot.handle, slot.batchDepth == 0 else { return }
        quiet = true
        defer { quiet = false }
        func document() -> String { read(h, "mc_draft_document") { mc_draft_document(h, $0) } }
        func walk(_ undo: Bool, limit: Int = 1000) -> Int {
            var steps = 0
            while steps < limit, undo ? undoState(h).canUndo : undoState(h).canRedo {
                let status = undo ? mc_draft_undo(h) : mc_draft_redo(h)
                steps += 1
                if status != Status.ok || steps > 999 {
                    fail("\(undo ? "mc_draft_undo" : "mc_draft_redo") #\(steps) while it is possible: \(Status.name(status)) (never ends?)")
                }
            }
            return steps
        }
        let start = document()
        let ahead = walk(false)
        let top = document()
        let undos = walk(true)
        let bottom = document()
        let redos = walk(false)
        let again = document()
        if again != top {
            fail("redo to the top (\(ahead) steps), undo to the bottom (\(undos) steps), redo to the top (\(redos) steps): a different document\n  start:  \(start)\n  top:    \(top)\n  bottom: \(bottom)\n  again:  \(again)")
        }
        let back = walk(true, limit: ahead)
        note("/* undo/redo walk on \(slot.name): redo x\(ahead), undo x\(undos), redo x\(redos), undo x\(back) */", nil)
        let end = document()
        if end != start {
            fail("after the undo/redo walk, undoing the \(ahead) steps that were ahead does not return to the start\n  start: \(start)\n  end:   \(end)")
        }
        if let after = observe(slot) {
            slot.observed = after
            if after.snapshot != slot.verifiedSnapshot { verify(i, after) }
        }
    }

    // MARK: helpers

    func undoState(_ h: OpaquePointer?) -> (canUndo: Bool, canRedo: Bool) {
        var u = false, r = false
        let status = mc_draft_undo_state(h, &u, &r)
        if status != Status.ok { fail("mc_draft_undo_state on a live draft: \(Status.name(status))") }
        return (u, r)
    }

    /// A getter's string on a live draft; anything but MC_OK with valid UTF-8 is a violation.
    func read(_ h: OpaquePointer?, _ name: String, _ call: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32) -> String {
        let (status, value, valid) = getString(call)
        guard status == Status.ok, valid, let value else { fail("\(name) on a live draft: \(Status.name(status)), valid UTF-8: \(valid)") }
        return value
    }

    /// A new draft with the slot's configuration, freed after `body`.
    func withFreshDraft(_ slot: Slot, _ body: (OpaquePointer?) -> Void) {
        var fresh: OpaquePointer?
        let status = withCString(slot.config) { mc_draft_new($0, &fresh) }
        guard status == Status.ok else { fail("mc_draft_new(\(cLiteral(slot.config))) failed the second time: \(Status.name(status))") }
        body(fresh)
        mc_draft_free(fresh)
    }

    private func hasUploadsInFlight(_ snapshot: String) -> Bool {
        guard let value = JSON.parse(snapshot) else { return false }
        let tiles = (value["tray"]?["tiles"]?.array ?? []) + (value["saved"]?["tray"]?["tiles"]?.array ?? [])
        return tiles.contains { ["queued", "uploading"].contains($0["state"]?.string ?? "") }
    }

    private func withoutTrays(_ snapshot: String) -> JSON? {
        guard let value = JSON.parse(snapshot) else { return nil }
        guard let saved = value["saved"] else { return value.removing("tray") }
        return .object(value.removing("tray").removing("saved").objectMembers + [("saved", saved.removing("tray"))])
    }
}

func lastError() -> String { String(cString: mc_last_error()) }

extension JSON {
    var objectMembers: [(key: String, value: JSON)] {
        if case .object(let members) = self { return members }
        return []
    }
}
