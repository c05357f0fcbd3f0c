import Testing
@testable import ComposerCore

/// The upload state machine as a table: every state (one sample per case) against every event (every
/// case, with progress values equal, forward, backward, at both ends, and every malformed argument).
@Suite struct AttachmentStateMachineTests {
    typealias Outcome = Result<UploadState, ComposerError>

    static let states: [UploadState] = [
        .queued, .uploading(progress: 0.5), .uploaded(remote: "r1"), .failed(message: "net"), .error(message: "bad"),
    ]

    static let events: [UploadEvent] = [
        .start,
        .progress(0.5), .progress(0.75), .progress(0.25), .progress(0), .progress(1),
        .complete(remote: "r2"), .fail(message: "timeout"), .retry, .reject(message: "nope"),
        .progress(.nan), .progress(-0.01), .progress(1.01), .progress(.infinity),
        .complete(remote: ""), .fail(message: ""), .reject(message: ""),
    ]

    private static func illegal(_ event: String, _ state: String) -> Outcome {
        .failure(.notAllowed("illegal upload transition: \(event) from \(state)"))
    }

    /// The argument errors, the same in every state (arguments are checked first).
    private static let argumentErrors: [Outcome] = [
        .failure(.invalidArgument("upload progress must be a number, not NaN")),
        .failure(.outOfRange("upload progress must be in 0...1, not -0.01")),
        .failure(.outOfRange("upload progress must be in 0...1, not 1.01")),
        .failure(.outOfRange("upload progress must be in 0...1, not inf")),
        .failure(.invalidArgument("the remote reference of an upload must not be empty")),
        .failure(.invalidArgument("the message of an upload fail must not be empty")),
        .failure(.invalidArgument("the message of an upload reject must not be empty")),
    ]

    /// table[state][event], in the order of `states` and `events`.
    static let table: [[Outcome]] = [
        // queued
        [.success(.uploading(progress: 0)),
         .success(.uploading(progress: 0.5)), .success(.uploading(progress: 0.75)), .success(.uploading(progress: 0.25)),
         .success(.uploading(progress: 0)), .success(.uploading(progress: 1)),
         illegal("complete", "queued"), illegal("fail", "queued"), illegal("retry", "queued"),
         .success(.error(message: "nope"))] + argumentErrors,
        // uploading(0.5)
        [illegal("start", "uploading"),
         .success(.uploading(progress: 0.5)), .success(.uploading(progress: 0.75)),
         .failure(.notAllowed("upload progress cannot go backwards (from 0.5 to 0.25)")),
         .failure(.notAllowed("upload progress cannot go backwards (from 0.5 to 0.0)")),
         .success(.uploading(progress: 1)),
         .success(.uploaded(remote: "r2")), .success(.failed(message: "timeout")), illegal("retry", "uploading"),
         .success(.error(message: "nope"))] + argumentErrors,
        // uploaded(r1)
        [illegal("start", "uploaded"),
         illegal("progress", "uploaded"), illegal("progress", "uploaded"), illegal("progress", "uploaded"),
         illegal("progress", "uploaded"), illegal("progress", "uploaded"),
         illegal("complete", "uploaded"), illegal("fail", "uploaded"), illegal("retry", "uploaded"),
         .success(.error(message: "nope"))] + argumentErrors,
        // failed(net)
        [illegal("start", "failed"),
         illegal("progress", "failed"), illegal("progress", "failed"), illegal("progress", "failed"),
         illegal("progress", "failed"), illegal("progress", "failed"),
         illegal("complete", "failed"), illegal("fail", "failed"), .success(.queued),
         .success(.error(message: "nope"))] + argumentErrors,
        // error(bad)
        [illegal("start", "error"),
         illegal("progress", "error"), illegal("progress", "error"), illegal("progress", "error"),
         illegal("progress", "error"), illegal("progress", "error"),
         illegal("complete", "error"), illegal("fail", "error"), illegal("retry", "error"),
         .success(.error(message: "nope"))] + argumentErrors,
    ]

    /// Exhaustive switches: adding a state or event case breaks the build until the table covers it.
    private static func caseName(_ s: UploadState) -> String {
        switch s {
        case .queued: "queued"
        case .uploading: "uploading"
        case .uploaded: "uploaded"
        case .failed: "failed"
        case .error: "error"
        }
    }

    private static func caseName(_ e: UploadEvent) -> String {
        switch e {
        case .start: "start"
        case .progress: "progress"
        case .complete: "complete"
        case .fail: "fail"
        case .retry: "retry"
        case .reject: "reject"
        }
    }

    @Test func tableCoversEveryStateAndEvent() {
        #expect(Self.states.map(Self.caseName) == ["queued", "uploading", "uploaded", "failed", "error"])
        #expect(Set(Self.events.map(Self.caseName)) == ["start", "progress", "complete", "fail", "retry", "reject"])
        #expect(Self.table.count == Self.states.count)
        for row in Self.table { #expect(row.count == Self.events.count) }
        #expect(Self.states.map(\.name) == Self.states.map(Self.caseName))
        #expect(Self.events.map(\.name) == Self.events.map(Self.caseName))
    }

    @Test(arguments: 0..<5, 0..<17)
    func transition(_ s: Int, _ e: Int) {
        guard s < Self.table.count, e < Self.table[s].count else {
            Issue.record("no table entry for state \(s), event \(e)")
            return
        }
        let state = Self.states[s]
        let expected = Self.table[s][e]
        let actual = Outcome { () throws(ComposerError) -> UploadState in try state.applying(Self.events[e]) }
        #expect(actual == expected, "\(state) + \(Self.events[e])")
    }

    /// The same table through the tray: success sets the tile's state, failure leaves the tray unchanged.
    @Test(arguments: 0..<5, 0..<17)
    func transitionInTray(_ s: Int, _ e: Int) throws {
        guard s < Self.table.count, e < Self.table[s].count else {
            Issue.record("no table entry for state \(s), event \(e)")
            return
        }
        var tray = try AttachmentFixtures.tray(with: Self.states[s])
        #expect(AttachmentFixtures.states(tray) == [Self.states[s]])
        let before = tray
        switch Self.table[s][e] {
        case .success(let next):
            #expect(try tray.apply(Self.events[e], to: 1) == next)
            #expect(AttachmentFixtures.states(tray) == [next])
        case .failure(let error):
            #expect(throws: error) { try tray.apply(Self.events[e], to: 1) }
            #expect(tray == before)
        }
    }

    @Test func fullLifecycle() throws {
        var state = UploadState.queued
        let steps: [(UploadEvent, UploadState)] = [
            (.start, .uploading(progress: 0)),
            (.progress(0.3), .uploading(progress: 0.3)),
            (.progress(0.3), .uploading(progress: 0.3)),
            (.progress(0.9), .uploading(progress: 0.9)),
            (.fail(message: "Network lost."), .failed(message: "Network lost.")),
            (.retry, .queued),
            (.progress(0.1), .uploading(progress: 0.1)),
            (.progress(1), .uploading(progress: 1)),
            (.complete(remote: "https://cdn.example/f/1"), .uploaded(remote: "https://cdn.example/f/1")),
            (.reject(message: AttachmentNotice.typeNotAllowed), .error(message: "This file type isn't allowed.")),
            (.reject(message: "Gone."), .error(message: "Gone.")),
        ]
        for (event, expected) in steps {
            state = try state.applying(event)
            #expect(state == expected, "after \(event)")
        }
    }

    @Test func progressNeverGoesBackwardsAcrossASequence() throws {
        var state = try UploadState.queued.applying(.start)
        var last = 0.0
        for p in [0.1, 0.05, 0.2, 0.2, 0.19, 0.5, 0.0, 1.0, 0.99] {
            if p >= last {
                state = try state.applying(.progress(p))
                last = p
            } else {
                #expect(throws: ComposerError.notAllowed("upload progress cannot go backwards (from \(last) to \(p))")) {
                    try state.applying(.progress(p))
                }
            }
            #expect(state == .uploading(progress: last))
        }
    }

    @Test func retryabilityAndMessages() {
        #expect(Self.states.map(\.isRetryable) == [false, false, false, true, false])
        #expect(Self.states.map(\.message) == [nil, nil, nil, "net", "bad"])
    }
}
