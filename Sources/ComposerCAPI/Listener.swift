import ComposerCore

/// The host's callback: `user_data`, the event kind (MC_EVENT_*), the JSON payload (valid only
/// during the call).
typealias ListenerCallback = @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?) -> Void

/// `@unchecked Sendable`: the library never dereferences `userData`, it only hands it back; the
/// host decides what its callback may touch from which thread.
struct Listener: @unchecked Sendable {
    let callback: ListenerCallback
    let userData: UnsafeMutableRawPointer?

    /// Calls the host, outside every lock (the callback may call back into the draft).
    func deliver(_ events: [UIEvent]) {
        for event in events {
            event.payload.withCString { callback(userData, event.kind.rawValue, $0) }
        }
    }
}

/// Events computed under the draft's lock, delivered after it is released.
struct PendingDelivery: Sendable {
    let listener: Listener
    let events: [UIEvent]
}

extension DraftState {
    /// The UI state to compare against after the call, or nil when nobody listens or a batch
    /// defers events.
    var observation: UIState? {
        listener != nil && !draft.isInBatch ? draft.uiState : nil
    }

    /// The events the call produced: from the state before it (or the batch's start) to now.
    mutating func collectEvents(since before: UIState?) -> PendingDelivery? {
        guard let listener else {
            _ = draft.drainNotices()
            return nil
        }
        guard !draft.isInBatch, let from = batchStart ?? before else { return nil }
        batchStart = nil
        let events = Draft.events(from: from, to: draft.uiState, notices: draft.drainNotices(), document: draft.document)
        return events.isEmpty ? nil : PendingDelivery(listener: listener, events: events)
    }
}
