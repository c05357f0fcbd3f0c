/// What the host reports about an upload. `UploadState.applying(_:)` holds the transition table.
public enum UploadEvent: Equatable, Sendable {
    /// The upload begins: queued -> uploading(0).
    case start
    /// Progress in `0...1`: queued -> uploading(p); uploading(p) -> uploading(q) when q >= p.
    case progress(Double)
    /// The upload finished: uploading -> uploaded(remote). The reference must not be empty.
    case complete(remote: String)
    /// The upload failed, retryably: uploading -> failed(message). The message must not be empty.
    case fail(message: String)
    /// The user retries: failed -> queued.
    case retry
    /// The file can never be sent: any state -> error(message). The message must not be empty.
    case reject(message: String)

    /// The name used in error messages: `start`, `progress`, `complete`, `fail`, `retry`, `reject`.
    public var name: String {
        switch self {
        case .start: return "start"
        case .progress: return "progress"
        case .complete: return "complete"
        case .fail: return "fail"
        case .retry: return "retry"
        case .reject: return "reject"
        }
    }
}
