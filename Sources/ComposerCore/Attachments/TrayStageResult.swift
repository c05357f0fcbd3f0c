/// What staging a pick did.
public struct TrayStageResult: Equatable, Sendable {
    /// The ids of the new tiles, in pick order (error tiles included).
    public let staged: [UInt64]
    /// How many picks, from the end of the pick, were dropped because the tray was full.
    public let dropped: Int
    /// The info banner to show ("You can attach up to N files."), when picks were dropped.
    public let notice: String?
    /// The messages the pick went out as at once (legacy single-attachment mode), else none.
    public let messages: [OutgoingMessage]

    init(staged: [UInt64], dropped: Int, notice: String?, messages: [OutgoingMessage] = []) {
        self.staged = staged
        self.dropped = dropped
        self.notice = notice
        self.messages = messages
    }
}
