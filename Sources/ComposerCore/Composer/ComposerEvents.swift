/// The parts of the UI state that have their own event, each cheap to compute (O(log n) plus the
/// selection), kept from one call to the next so that an event is computed from what changed,
/// never by rebuilding or diffing the whole state. Text and formatting are not here: they come
/// from the document's change record.
public struct UIObservation: Equatable, Sendable {
    var selection: Selection
    var activeFormats: ActiveFormatsKey
    var sendBlockerName: String?
    var tiles: [Attachment]
    var mentionQuery: ComposerQuery?
    var commandQuery: ComposerQuery?
    var mode: ComposerMode
    var command: ComposerCommand?
    var infoBanner: String?
    var config: DraftConfig
    var threadParentID: String?
    var alsoSendToChannel: Bool
}

extension Composer {
    public var observation: UIObservation {
        UIObservation(selection: selection, activeFormats: editor.activeFormatsKey, sendBlockerName: sendBlocker?.name,
                      tiles: tray.tiles, mentionQuery: mentionQuery, commandQuery: commandQuery,
                      mode: mode, command: command, infoBanner: infoBanner, config: config,
                      threadParentID: threadParentID, alsoSendToChannel: alsoSendToChannel)
    }

    /// Forgets what changed so far (nobody listens, or a listener starts from now).
    public mutating func discardChanges() {
        _ = editor.takeChanges()
        outbox.removeAll()
    }

    /// The events for everything that changed since `old` was observed, in a fixed order: one
    /// per kind at most (a batch coalesces to one set). Returns them with the new observation.
    ///
    /// - `text`: `{"start", "end", "text", "length"}`: old `[start, end)` became `text`; the
    ///   length is the new total (scalars). Never the whole text unless the whole text changed.
    /// - `formatting`: `{"start", "end"}`: the range (new offsets) whose formatting a host mirror
    ///   must read again (`Document.spans(in:)`); it covers the text the `text` event inserted,
    ///   unless that is one insertion the host's span rule formats by itself (typing inside a word).
    ///   See docs/events.md.
    public mutating func takeEvents(since old: UIObservation) -> (events: [UIEvent], observation: UIObservation) {
        var events: [UIEvent] = []
        func add(_ kind: UIEventKind, _ payload: JSONValue) { events.append(UIEvent(kind: kind, payload: JSONWriter.write(payload))) }
        let change = editor.takeChanges()
        // The payloads of every keystroke are written straight into bytes.
        if let t = change.text, !(t.start == t.oldEnd && t.start == t.newEnd) {
            var json = JSONBytes()
            json.raw("{\"start\":")
            json.integer(t.start)
            json.raw(",\"end\":")
            json.integer(t.oldEnd)
            json.raw(",\"text\":")
            json.string { json in document.forEachUTF8Slice(in: t.start..<t.newEnd) { json.escaped(utf8: $0) } }
            json.raw(",\"length\":")
            json.integer(document.count)
            json.raw("}")
            events.append(UIEvent(kind: .text, payload: json.string))
        }
        if let f = change.formatting, !change.isInferableInsertion, !f.isEmpty || change.blocksChanged {
            var json = JSONBytes()
            json.raw("{\"start\":")
            json.integer(f.lowerBound)
            json.raw(",\"end\":")
            json.integer(f.upperBound)
            json.raw("}")
            events.append(UIEvent(kind: .formatting, payload: json.string))
        }
        let new = observation
        if old.selection != new.selection {
            var json = JSONBytes()
            json.raw("[")
            json.integer(new.selection.anchor)
            json.raw(",")
            json.integer(new.selection.focus)
            json.raw("]")
            events.append(UIEvent(kind: .selection, payload: json.string))
        }
        if old.activeFormats != new.activeFormats { add(.formats, editor.activeFormats(new.activeFormats).jsonValue) }
        // Only when sendability or its reason changes (not every cooldown tick or keystroke).
        if old.sendBlockerName != new.sendBlockerName {
            add(.sendState, .object([("can_send", .bool(new.sendBlockerName == nil)),
                                     ("reason", new.sendBlockerName.map(JSONValue.string) ?? .null)]))
        }
        if old.tiles != new.tiles { add(.tray, tray.jsonValue) }
        if old.mentionQuery != new.mentionQuery { add(.mentionQuery, new.mentionQuery?.jsonValue ?? .null) }
        if old.commandQuery != new.commandQuery { add(.commandQuery, new.commandQuery?.jsonValue ?? .null) }
        for notice in outbox {
            switch notice {
            case .typingStarted: add(.typing, .object([("typing", .bool(true))]))
            case .typingStopped: add(.typing, .object([("typing", .bool(false))]))
            case .cancelUpload(let id): add(.cancelUpload, .object([("id", .integer(Int64(truncatingIfNeeded: id)))]))
            }
        }
        outbox.removeAll()
        if old.mode != new.mode || old.command != new.command { add(.mode, new.mode.uiJSONValue) }
        if old.infoBanner != new.infoBanner { add(.banner, new.infoBanner.map(JSONValue.string) ?? .null) }
        if old.config != new.config { add(.config, new.config.changes(from: old.config)) }
        if old.threadParentID != new.threadParentID || old.alsoSendToChannel != new.alsoSendToChannel {
            add(.thread, .object([("parent_id", new.threadParentID.map(JSONValue.string) ?? .null),
                                  ("also_send_to_channel", .bool(new.alsoSendToChannel))]))
        }
        return (events, new)
    }
}
