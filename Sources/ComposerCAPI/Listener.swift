import ComposerCore

/// The host's callback: `user_data`, the event kind (MC_EVENT_*), the JSON payload (valid only
/// during the call).
typealias ListenerCallback = @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?) -> Void

/// `@unchecked Sendable`: the library never dereferences `userData`, it only hands it back; the
/// host decides what its callback may touch from which thread.
struct Listener: @unchecked Sendable {
    let callback: ListenerCallback
    let userData: UnsafeMutableRawPointer?
}

/// A listener as registered at one moment, for a delivery made outside the draft's lock.
///
/// Each registration, removal or free of a draft moves its slot's epoch on, and a delivery checks
/// the epoch before each event: once `mc_draft_set_listener` or `mc_draft_free` has returned, the
/// old listener hears nothing more of a delivery on that thread, such as the rest of the set whose
/// callback freed the draft (its `user_data` may be gone with it). A callback already running on
/// another thread at that moment cannot be recalled; the header says so.
struct Registration: @unchecked Sendable {
    let listener: Listener
    /// The draft's slot, whose epoch the delivery checks; slots are never freed.
    let slot: Unmanaged<HandleTable.Slot>
    let epoch: UInt64

    /// Calls the host, outside every lock (the callback may call back into the draft), while the
    /// registration is current.
    func deliver(_ events: [UIEvent]) {
        for event in events {
            guard slot._withUnsafeGuaranteedRef({ $0.listenerEpoch.load(ordering: .acquiring) }) == epoch else { return }
            event.payload.withCString { listener.callback(listener.userData, event.kind.rawValue, $0) }
        }
    }
}

/// Events computed under the draft's lock, delivered after it is released.
struct PendingDelivery: Sendable {
    let listener: Listener
    let events: [UIEvent]
}

extension DraftState {
    /// Makes `listener` (nil: none) the one to hear this draft's events, from now on: what changed
    /// before is not reported.
    mutating func register(_ listener: Listener?) {
        self.listener = listener
        composer.discardChanges()
        if listener != nil { lastObservation = composer.observation }
    }

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
