/// Why the tray cannot be sent yet; each count is the number of tiles concerned.
public enum TrayBlocker: Equatable, Sendable {
    /// No tile at all.
    case empty
    /// Non-retryable error tiles are left; they must be removed.
    case errorTiles(Int)
    /// Failed uploads are left; they must be retried or removed.
    case failedUploads(Int)
    /// Uploads are queued or in progress.
    case uploadsPending(Int)

    /// The JSON name: `empty`, `error_tiles`, `failed_uploads` or `uploads_pending`.
    public var name: String {
        switch self {
        case .empty: return "empty"
        case .errorTiles: return "error_tiles"
        case .failedUploads: return "failed_uploads"
        case .uploadsPending: return "uploads_pending"
        }
    }
}
