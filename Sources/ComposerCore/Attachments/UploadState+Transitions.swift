extension UploadState {
    /// The state after `event`, or an error; the receiver is never changed.
    ///
    /// | state \ event | start        | progress(q)                  | complete(r) | fail(m)   | retry  | reject(m) |
    /// |---------------|--------------|------------------------------|-------------|-----------|--------|-----------|
    /// | queued        | uploading(0) | uploading(q)                 | ✗           | ✗         | ✗      | error(m)  |
    /// | uploading(p)  | ✗            | q >= p: uploading(q), else ✗ | uploaded(r) | failed(m) | ✗      | error(m)  |
    /// | uploaded(r)   | ✗            | ✗                            | ✗           | ✗         | ✗      | error(m)  |
    /// | failed(m)     | ✗            | ✗                            | ✗           | ✗         | queued | error(m)  |
    /// | error(m)      | ✗            | ✗                            | ✗           | ✗         | ✗      | error(m)  |
    ///
    /// ✗ is `.notAllowed`. The event's argument is checked first, whatever the state: a progress that
    /// is NaN is `.invalidArgument`, one outside `0...1` is `.outOfRange`; an empty remote reference or
    /// message is `.invalidArgument`.
    public func applying(_ event: UploadEvent) throws(ComposerError) -> UploadState {
        try UploadState.validate(event)
        switch (self, event) {
        case (.queued, .start):
            return .uploading(progress: 0)
        case (.queued, .progress(let q)):
            return .uploading(progress: q)
        case (.uploading(let p), .progress(let q)):
            guard q >= p else { throw .notAllowed("upload progress cannot go backwards (from \(p) to \(q))") }
            return .uploading(progress: q)
        case (.uploading, .complete(let remote)):
            return .uploaded(remote: remote)
        case (.uploading, .fail(let message)):
            return .failed(message: message)
        case (.failed, .retry):
            return .queued
        case (_, .reject(let message)):
            return .error(message: message)
        default:
            throw .notAllowed("illegal upload transition: \(event.name) from \(name)")
        }
    }

    private static func validate(_ event: UploadEvent) throws(ComposerError) {
        switch event {
        case .progress(let p):
            guard !p.isNaN else { throw .invalidArgument("upload progress must be a number, not NaN") }
            guard p >= 0, p <= 1 else { throw .outOfRange("upload progress must be in 0...1, not \(p)") }
        case .complete(let remote):
            guard !remote.isEmpty else { throw .invalidArgument("the remote reference of an upload must not be empty") }
        case .fail(let message), .reject(let message):
            guard !message.isEmpty else { throw .invalidArgument("the message of an upload \(event.name) must not be empty") }
        case .start, .retry:
            break
        }
    }
}
