/// The user-facing texts of the tray, matching the reference composer word for word.
public enum AttachmentNotice {
    /// The info banner when picks beyond the files-per-message limit are dropped
    /// ("You can attach up to 10 files."; "1 file." for a limit of one).
    public static func tooManyFiles(limit: Int) -> String {
        "You can attach up to \(limit) \(limit == 1 ? "file" : "files")."
    }

    /// The error tile of a file over the size limit; N is the limit in whole MB, rounded down.
    public static func fileTooLarge(limitMB: Int64) -> String { "File exceeds \(limitMB) MB." }

    /// The error tile of a type outside the allow-list or refused by the server.
    public static let typeNotAllowed = "This file type isn't allowed."

    /// The retryable failure of an upload that was in flight when the draft was snapshotted.
    public static let uploadInterrupted = "Upload interrupted."
}
