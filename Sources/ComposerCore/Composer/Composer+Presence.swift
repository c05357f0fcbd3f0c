extension Composer {
    /// Advances the host's clock (milliseconds, from 0). Typing stops after 5 s without edits; the
    /// cooldown counts down against this clock. A negative clock or one going backwards is
    /// refused. Every clock value stays in 0...Int64.max, so the arithmetic below cannot overflow.
    public mutating func tick(now: Int64) throws(ComposerError) {
        guard now >= 0 else { throw .outOfRange("clock \(now) is negative") }
        guard now >= self.now else { throw .outOfRange("clock went backwards (\(now) < \(self.now))") }
        self.now = now
        if typing.isTyping, now - typing.lastEditAt >= TypingState.idleMilliseconds { stopTyping() }
    }

    /// Records a user edit: typing starts (once) and its idle timer restarts.
    mutating func noteTyping() {
        guard config.typingEvents else { return }
        typing.lastEditAt = now
        if !typing.isTyping {
            typing.isTyping = true
            outbox.append(.typingStarted)
        }
    }

    mutating func stopTyping() {
        guard typing.isTyping else { return }
        typing.isTyping = false
        outbox.append(.typingStopped)
    }

    public var isTyping: Bool { typing.isTyping }

    /// Milliseconds until slow mode lets the next message go (0 when it can).
    public var cooldownRemaining: Int64 { max(0, cooldownUntil - now) }

    /// Takes the pending notices (the C layer delivers them as events).
    public mutating func drainNotices() -> [DraftNotice] {
        defer { outbox.removeAll() }
        return outbox
    }
}
