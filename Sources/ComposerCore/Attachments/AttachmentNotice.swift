/// The user-facing texts of the tray, matching the reference composer word for word.
public enum AttachmentNotice {
    /// The info banner when picks beyond the files-per-message limit are dropped
    /// ("You can attach up to 10 files."; "1 file." for a limit of one).
    public static func tooManyFiles(limit: Int) -> String {
        "You can attach up to \(limit) \(limit == 1 ? "file" : "files")."
    }

    /// The error tile of a file over the size limit; N is the limit in whole MB, rounded down.
    public static func fileTooLarge(limitMB: Int64) -> String { "File exceeds \(limitMB) MB." }

    /// The size-limit message for a limit in bytes: whole megabytes as such ("100 MB"), others to
    /// at most two decimals ("1.5 MB"); a limit under 1 MB is stated in KB and one under 1 KB in
    /// bytes, so the number is never 0.
    public static func fileTooLarge(limitBytes: Int64) -> String {
        let kib: Int64 = 1024, mib: Int64 = 1024 * 1024
        if limitBytes < kib { return "File exceeds \(limitBytes) bytes." }
        let (unit, name) = limitBytes < mib ? (kib, "KB") : (mib, "MB")
        if unit == mib, limitBytes % mib == 0 { return fileTooLarge(limitMB: limitBytes / mib) }
        // Two decimals, rounded down so the stated limit is never above the real one.
        let hundredths = limitBytes / unit * 100 + limitBytes % unit * 100 / unit
        var text = "\(hundredths / 100)." + (hundredths % 100 < 10 ? "0" : "") + "\(hundredths % 100)"
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return "File exceeds \(text) \(name)."
    }

    /// The error tile of a type outside the allow-list or refused by the server.
    public static let typeNotAllowed = "This file type isn't allowed."

    /// The retryable failure of an upload that was in flight when the draft was snapshotted.
    public static let uploadInterrupted = "Upload interrupted."
}
