/// What staging a pick did.
public struct TrayStageResult: Equatable, Sendable {
    /// The ids of the new tiles, in pick order (error tiles included).
    public let staged: [UInt64]
    /// How many picks, from the end of the pick, were dropped because the tray was full.
    public let dropped: Int
    /// The info banner to show ("You can attach up to N files."), when picks were dropped.
    public let notice: String?
}
