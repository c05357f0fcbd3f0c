/// Where a tile's upload stands. The host drives it with `UploadEvent`s (see `applying(_:)`).
public enum UploadState: Equatable, Sendable {
    /// Staged, not yet uploading.
    case queued
    /// Uploading; progress in `0...1`, never going backwards.
    case uploading(progress: Double)
    /// Uploaded; the host's reference to the stored file (URL, file id).
    case uploaded(remote: String)
    /// The upload failed and may be retried (network trouble).
    case failed(message: String)
    /// Cannot be sent, and retrying will not help (too large, type refused); only removal clears it.
    case error(message: String)

    /// The JSON name: `queued`, `uploading`, `uploaded`, `failed` or `error`.
    public var name: String {
        switch self {
        case .queued: return "queued"
        case .uploading: return "uploading"
        case .uploaded: return "uploaded"
        case .failed: return "failed"
        case .error: return "error"
        }
    }

    /// True for `failed` only: the tile offers a retry.
    public var isRetryable: Bool {
        if case .failed = self { return true }
        return false
    }

    /// The failure or error text, if any.
    public var message: String? {
        switch self {
        case .failed(let m), .error(let m): return m
        default: return nil
        }
    }
}
