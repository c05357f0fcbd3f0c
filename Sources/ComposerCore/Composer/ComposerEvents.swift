/// The parts of the UI state that have their own event, each cheap to compute (O(log n) plus the
/// selection), kept from one call to the next so that an event is computed from what changed,
/// never by rebuilding or diffing the whole state. Text and formatting are not here: they come
/// from the document's change record.
public struct UIObservation: Equatable, Sendable {
    // Asked again after every call: these follow the text and the selection.
    var selection: Selection
    var activeFormats: ActiveFormatsKey
    var sendBlockerName: String?
    var mentionQuery: ComposerQuery?
    var commandQuery: ComposerQuery?
    var infoBanner: String?
    // The composer's own state, compared only when `stateVersion` moved: a keystroke leaves it
    // alone, so it costs a keystroke one comparison of two integers.
    var stateVersion: UInt64
    var tiles: [Attachment]
    var mode: ComposerMode
    var command: ComposerCommand?
    var config: DraftConfig
    var threadParentID: String?
    var alsoSendToChannel: Bool
}

extension Composer {
    public var observation: UIObservation {
        UIObservation(selection: selection, activeFormats: editor.activeFormatsKey, sendBlockerName: sendBlocker?.name,
                      mentionQuery: mentionQuery, commandQuery: commandQuery, infoBanner: infoBanner,
                      stateVersion: stateVersion, tiles: tray.tiles, mode: mode, command: command, config: config,
                      threadParentID: threadParentID, alsoSendToChannel: alsoSendToChannel)
    }

    /// Forgets what changed so far (nobody listens, or a listener starts from now).
    public mutating func discardChanges() {
        _ = editor.takeChanges()
        outbox.removeAll()
    }

    /// The events for everything that changed since `old` was observed, in a fixed order: one
    /// per kind at most (a batch coalesces to one set). Returns them with the new observation.
    public mutating func takeEvents(since old: UIObservation) -> (events: [UIEvent], observation: UIObservation) {
        var observed = old
        let events = takeEvents(updating: &observed)
        return (events, observed)
    }

    /// The events for everything that changed since `observed` was observed, in a fixed order: one
    /// per kind at most (a batch coalesces to one set); `observed` becomes the state now, updated
    /// in place part by part (a keystroke copies none of the parts it did not change).
    ///
    /// - `text`: `{"start", "end", "text", "length"}`: old `[start, end)` became `text`; the
    ///   length is the new total (scalars). Never the whole text unless the whole text changed.
    /// - `formatting`: `{"start", "end"}`: the range (new offsets) whose formatting a host mirror
    ///   must read again (`Document.spans(in:)`); it covers the text the `text` event inserted,
    ///   unless that is one insertion the host's span rule formats by itself (typing inside a word).
    ///   See docs/events.md.
    public mutating func takeEvents(updating observed: inout UIObservation) -> [UIEvent] {
        let change = editor.takeChanges()
        let notices = outbox
        outbox.removeAll()
        return events(for: change, notices: notices, updating: &observed)
    }

    /// The work of `takeEvents(updating:)` once the change record and notices are taken: not
    /// `mutating`, so the getters it asks (formats, send blocker, queries, banner) read `self` in
    /// place; called from a mutating method, each of them was given a copy of the whole composer.
    private func events(for change: DocumentChange, notices: [DraftNotice], updating observed: inout UIObservation) -> [UIEvent] {
        // The payloads of every keystroke are written straight into bytes, one buffer for all,
        // on the stack while they fit.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 256) { stack in
            var json = JSONBytes(borrowing: stack)
            return events(for: change, notices: notices, updating: &observed, json: &json)
        }
    }

    private func events(for change: DocumentChange, notices: [DraftNotice], updating observed: inout UIObservation,
                        json: inout JSONBytes) -> [UIEvent] {
        var events: [UIEvent] = []
        events.reserveCapacity(4)  // a keystroke's text, selection and maybe formats: one allocation
        func add(_ kind: UIEventKind, _ payload: JSONValue) { events.append(UIEvent(kind: kind, payload: JSONWriter.write(payload))) }
        // The other payloads are layouts written straight into bytes (JSONLayouts/).
        func add(_ kind: UIEventKind, _ write: (inout ByteBuffer) -> Void) {
            var out = ByteBuffer(capacity: 128)
            write(&out)
            events.append(UIEvent(kind: kind, payload: JSONText(out).string))
        }
        if let t = change.text, !(t.start == t.oldEnd && t.start == t.newEnd) {
            json.raw("{\"start\":")
            json.integer(t.start)
            json.raw(",\"end\":")
            json.integer(t.oldEnd)
            json.raw(",\"text\":")
            json.string { json in document.forEachUTF8Slice(in: t.start..<t.newEnd) { json.escaped(utf8: $0) } }
            json.raw(",\"length\":")
            json.integer(document.count)
            json.raw("}")
            events.append(UIEvent(kind: .text, payload: json.take()))
        }
        if let f = change.formatting, !change.isInferableInsertion, !f.isEmpty || change.blocksChanged {
            json.raw("{\"start\":")
            json.integer(f.lowerBound)
            json.raw(",\"end\":")
            json.integer(f.upperBound)
            json.raw("}")
            events.append(UIEvent(kind: .formatting, payload: json.take()))
        }
        let selection = self.selection
        if observed.selection != selection {
            observed.selection = selection
            json.raw("[")
            json.integer(selection.anchor)
            json.raw(",")
            json.integer(selection.focus)
            json.raw("]")
            events.append(UIEvent(kind: .selection, payload: json.take()))
        }
        let activeFormats = editor.activeFormatsKey
        if observed.activeFormats != activeFormats {
            observed.activeFormats = activeFormats
            add(.formats) { editor.activeFormats(activeFormats).writeJSON(into: &$0) }
        }
        // Only when sendability or its reason changes (not every cooldown tick or keystroke).
        let sendBlockerName = sendBlocker?.name
        if observed.sendBlockerName != sendBlockerName {
            observed.sendBlockerName = sendBlockerName
            add(.sendState) { out in
                out.append("{\"can_send\":")
                out.jsonBool(sendBlockerName == nil)
                out.append(",\"reason\":")
                out.jsonString(sendBlockerName)
                out.append(UInt8(ascii: "}"))
            }
        }
        let stateChanged = observed.stateVersion != stateVersion
        observed.stateVersion = stateVersion
        if stateChanged, observed.tiles != tray.tiles {
            observed.tiles = tray.tiles
            add(.tray) { tray.writeJSON(into: &$0) }
        }
        let mentionQuery = self.mentionQuery
        if observed.mentionQuery != mentionQuery {
            observed.mentionQuery = mentionQuery
            add(.mentionQuery) { ComposerQuery.writeJSON(mentionQuery, into: &$0) }
        }
        let commandQuery = self.commandQuery
        if observed.commandQuery != commandQuery {
            observed.commandQuery = commandQuery
            add(.commandQuery) { ComposerQuery.writeJSON(commandQuery, into: &$0) }
        }
        for notice in notices {
            switch notice {
            case .typingStarted: add(.typing) { $0.append("{\"typing\":true}") }
            case .typingStopped: add(.typing) { $0.append("{\"typing\":false}") }
            case .cancelUpload(let id):
                add(.cancelUpload) { out in
                    out.append("{\"id\":")
                    out.jsonInteger(Int64(truncatingIfNeeded: id))
                    out.append(UInt8(ascii: "}"))
                }
            }
        }
        if stateChanged, observed.mode != mode || observed.command != command {
            observed.mode = mode
            observed.command = command
            add(.mode) { mode.writeJSON(into: &$0) }
        }
        let infoBanner = self.infoBanner
        if observed.infoBanner != infoBanner {
            observed.infoBanner = infoBanner
            add(.banner) { $0.jsonString(infoBanner) }
        }
        if stateChanged, observed.config != config {
            add(.config, config.changes(from: observed.config))
            observed.config = config
        }
        if stateChanged, observed.threadParentID != threadParentID || observed.alsoSendToChannel != alsoSendToChannel {
            observed.threadParentID = threadParentID
            observed.alsoSendToChannel = alsoSendToChannel
            add(.thread) { out in
                out.append("{\"parent_id\":")
                out.jsonString(threadParentID)
                out.append(",\"also_send_to_channel\":")
                out.jsonBool(alsoSendToChannel)
                out.append(UInt8(ascii: "}"))
            }
        }
        return events
    }
}
