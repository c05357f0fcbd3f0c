extension Composer {
    /// Advances the host's clock (milliseconds, from 0). Typing stops after 5 s without edits; the
    /// cooldown counts down against this clock. A negative clock or one going backwards is
    /// refused. Every clock value stays in 0...Int64.max, so the arithmetic below cannot overflow.
    public mutating func tick(now: Int64) throws(ComposerError) {
        try checkClock(now)
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

    /// When slow mode lets the next new message go: `slow_mode_seconds` after the user's last
    /// message (saturating at the clock's end); 0 without slow mode or a last message. Computed,
    /// so a live change of `slow_mode_seconds` applies to a cooldown already running.
    public var cooldownUntil: Int64 {
        guard let last = lastMessageAt, config.slowModeSeconds > 0 else { return 0 }
        let (until, overflow) = last.addingReportingOverflow(Int64(config.slowModeSeconds) * 1000)
        return overflow ? Int64.max : until
    }

    /// Milliseconds until slow mode lets the next message go (0 when it can).
    public var cooldownRemaining: Int64 { max(0, cooldownUntil - now) }

    /// Slow mode: a new message went out now; the next one waits `slow_mode_seconds`.
    mutating func noteMessageSent() {
        lastMessageAt = now
    }

    /// Starts with a cooldown: the user's last message went out at `lastMessageAt` as the host
    /// knows it (sent before this draft existed, or from another device), and the host's clock
    /// is now `now` (as `tick`). With slow mode on, the next new message waits `slow_mode_seconds`
    /// from that time; with slow mode off the time is kept for when it comes on. A time after
    /// `now` counts as `now` (clocks of server and host differ); one before the last message this
    /// draft knows of changes nothing (the cooldown never shrinks).
    /// - Throws: `.outOfRange` for a negative time, or a clock that is negative or goes backwards;
    ///   then nothing changes.
    public mutating func startCooldown(lastMessageAt time: Int64, now: Int64) throws(ComposerError) {
        guard time >= 0 else { throw .outOfRange("last message time \(time) is negative") }
        try tick(now: now)
        let at = min(time, now)
        lastMessageAt = max(lastMessageAt ?? at, at)
    }

    func checkClock(_ now: Int64) throws(ComposerError) {
        guard now >= 0 else { throw .outOfRange("clock \(now) is negative") }
        guard now >= self.now else { throw .outOfRange("clock went backwards (\(now) < \(self.now))") }
    }

    /// Takes the pending notices (the C layer delivers them as events).
    public mutating func drainNotices() -> [DraftNotice] {
        defer { outbox.removeAll() }
        return outbox
    }
}
