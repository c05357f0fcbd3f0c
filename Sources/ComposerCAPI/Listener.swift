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
    /// Ends a call that may have changed the draft (`HandleTable.with`), then gives the events it
    /// produced, from the observation after the previous call (or the
    /// listener's registration) to now; nil while a batch defers them or nobody listens. The
    /// text and formatting events come from the document's change record, so computing them
    /// costs what the change costs.
    mutating func collectEvents() -> PendingDelivery? {
        // The call is over: the composer forgets a banner whose cause is gone.
        composer.settle()
        guard let listener else {
            composer.discardChanges()
            return nil
        }
        guard !composer.editor.isInBatch else { return nil }
        let events = composer.takeEvents(updating: &lastObservation)
        return events.isEmpty ? nil : PendingDelivery(listener: listener, events: events)
    }
}
