import Testing
@testable import ComposerCore

@Suite struct AttachmentTrayTests {
    typealias F = AttachmentFixtures
    static let mb: Int64 = 1024 * 1024

    // MARK: Staging and limits

    @Test func stagedTilesCarryWhatWasPicked() throws {
        var tray = AttachmentTray()
        let result = try tray.stage(PickedFile(name: "Cat.PNG", mimeType: "Image/PNG", size: 52311, hostReference: "content://1"))
        #expect(result == TrayStageResult(staged: [1], dropped: 0, notice: nil))
        #expect(tray.tiles == [Attachment(id: 1, name: "Cat.PNG", mimeType: "image/png", size: 52311,
                                          hostReference: "content://1", state: .queued)])
        #expect(tray.tiles.first?.kind == .image)
        #expect(tray.attachment(id: 1)?.name == "Cat.PNG")
        #expect(tray.attachment(id: 2) == nil)
        #expect(!tray.isEmpty)
    }

    @Test func exactlyTheFileLimitStagesEverything() throws {
        var tray = AttachmentTray(limits: F.limits(maxFiles: 3))
        let result = try tray.stage([F.file("a.png"), F.file("b.png"), F.file("c.png")])
        #expect(result == TrayStageResult(staged: [1, 2, 3], dropped: 0, notice: nil))
        #expect(tray.tiles.map(\.name) == ["a.png", "b.png", "c.png"])
    }

    @Test func onePickOverAFullTrayIsDroppedWithTheNotice() throws {
        var tray = AttachmentTray(limits: F.limits(maxFiles: 3))
        try tray.stage([F.file("a.png"), F.file("b.png"), F.file("c.png")])
        let before = tray
        let result = try tray.stage(F.file("d.png"))
        #expect(result == TrayStageResult(staged: [], dropped: 1, notice: "You can attach up to 3 files."))
        #expect(tray == before)
    }

    @Test func aPickOfLimitPlusOneKeepsTheFirstN() throws {
        var tray = AttachmentTray()
        let files = (1...11).map { F.file("f\($0).pdf") }
        let result = try tray.stage(files)
        #expect(result == TrayStageResult(staged: Array(1...10), dropped: 1, notice: "You can attach up to 10 files."))
        #expect(tray.tiles.map(\.name) == (1...10).map { "f\($0).pdf" })
    }

    @Test func aPickCrossingTheLimitStagesTheFirstAndDropsTheRest() throws {
        var tray = AttachmentTray(limits: F.limits(maxFiles: 4))
        try tray.stage(F.file("first.png"))
        let result = try tray.stage([F.file("a.mp4"), F.file("b.mp4"), F.file("c.mp4"), F.file("d.mp4"), F.file("e.mp4")])
        #expect(result == TrayStageResult(staged: [2, 3, 4], dropped: 2, notice: "You can attach up to 4 files."))
        #expect(tray.tiles.map(\.name) == ["first.png", "a.mp4", "b.mp4", "c.mp4"])
        // Removing one makes room for exactly one more.
        try tray.remove(3)
        #expect(try tray.stage([F.file("x.mp3"), F.file("y.mp3")]) ==
            TrayStageResult(staged: [5], dropped: 1, notice: "You can attach up to 4 files."))
        #expect(tray.tiles.map(\.id) == [1, 2, 4, 5])
    }

    @Test func errorTilesTakeASlot() throws {
        var tray = AttachmentTray(limits: F.limits(maxFiles: 2, maxFileSizeBytes: 10))
        let result = try tray.stage([F.file("big.png", size: 11), F.file("ok.png", size: 10), F.file("late.png")])
        #expect(result == TrayStageResult(staged: [1, 2], dropped: 1, notice: "You can attach up to 2 files."))
        #expect(F.states(tray) == [.error(message: "File exceeds 10 bytes."), .queued])
    }

    @Test func anEmptyPickDoesNothing() throws {
        var tray = AttachmentTray()
        #expect(try tray.stage([]) == TrayStageResult(staged: [], dropped: 0, notice: nil))
        #expect(tray == AttachmentTray())
    }

    @Test func aNegativeSizeRefusesTheWholePick() throws {
        var tray = AttachmentTray()
        try tray.stage(F.file("keep.png"))
        let before = tray
        #expect(throws: ComposerError.invalidArgument("file 1 (\"bad.png\"): size must not be negative, not -1")) {
            try tray.stage([F.file("a.png"), F.file("bad.png", size: -1), F.file("c.png")])
        }
        #expect(tray == before)
        #expect(try tray.stage(F.file("next.png")).staged == [2])
    }

    @Test func aNegativeSizeBeyondTheLimitIsStillRefused() throws {
        var tray = AttachmentTray(limits: F.limits(maxFiles: 1))
        #expect(throws: ComposerError.invalidArgument("file 1 (\"x\"): size must not be negative, not -5")) {
            try tray.stage([F.file("a.png"), F.file("x", size: -5)])
        }
        #expect(tray.isEmpty)
    }

    @Test func exactlyTheSizeLimitIsAccepted() throws {
        var tray = AttachmentTray(limits: F.limits(maxFileSizeBytes: 25 * Self.mb))
        try tray.stage([F.file("ok.mov", size: 25 * Self.mb), F.file("empty.txt", size: 0)])
        #expect(F.states(tray) == [.queued, .queued])
    }

    @Test func oneByteOverTheSizeLimitStagesAnErrorTile() throws {
        var tray = AttachmentTray(limits: F.limits(maxFileSizeBytes: 25 * Self.mb))
        let result = try tray.stage(F.file("big.mov", size: 25 * Self.mb + 1))
        #expect(result == TrayStageResult(staged: [1], dropped: 0, notice: nil))
        #expect(F.states(tray) == [.error(message: "File exceeds 25 MB.")])
        #expect(tray.tiles.first?.state.isRetryable == false)
        #expect(tray.blocker == .errorTiles(1))
    }

    @Test func theDefaultSizeLimitIs100MB() throws {
        var tray = AttachmentTray()
        try tray.stage([F.file("max.bin", size: 100 * Self.mb), F.file("over.bin", size: 100 * Self.mb + 1),
                        F.file("huge.bin", size: Int64.max)])
        #expect(F.states(tray) == [.queued, .error(message: "File exceeds 100 MB."), .error(message: "File exceeds 100 MB.")])
    }

    @Test func aTypeOutsideTheAllowListStagesAnErrorTile() throws {
        var tray = AttachmentTray(limits: F.limits(maxFileSizeBytes: 100, allowed: ["image/*", "application/pdf"]))
        try tray.stage([
            F.file("a.png", "image/png"),
            F.file("b.exe", "application/x-msdownload"),
            F.file("c.pdf"),                       // MIME from the extension: application/pdf
            F.file("d.bin"),                       // unknown: application/octet-stream
            F.file("e.jpg", "application/octet-stream"),
            F.file("f.zip", "application/zip", size: 101),   // both wrong type and too big: the type wins
            F.file("g.gif", "image/gif", size: 101),
        ])
        let notAllowed = UploadState.error(message: "This file type isn't allowed.")
        #expect(F.states(tray) == [.queued, notAllowed, .queued, notAllowed, .queued, notAllowed,
                                   .error(message: "File exceeds 100 bytes.")])
    }

    @Test func changingLimitsAppliesToLaterPicksOnly() throws {
        var tray = AttachmentTray()
        try tray.stage(F.file("a.zip", "application/zip", size: 50))
        tray.limits = F.limits(maxFiles: 1, maxFileSizeBytes: 10, allowed: ["image/*"])
        #expect(F.states(tray) == [.queued])
        #expect(try tray.stage(F.file("b.png")) == TrayStageResult(staged: [], dropped: 1, notice: "You can attach up to 1 file."))
    }

    // MARK: Server refusal, remove, ids

    @Test(arguments: AttachmentStateMachineTests.states)
    func theServerRefusingTheTypeMakesAnErrorTile(_ state: UploadState) throws {
        var tray = try F.tray(with: state)
        #expect(try tray.refuseType(of: 1) == .error(message: "This file type isn't allowed."))
        #expect(F.states(tray) == [.error(message: "This file type isn't allowed.")])
        #expect(throws: ComposerError.notAllowed("illegal upload transition: start from error")) { try tray.apply(.start, to: 1) }
        #expect(throws: ComposerError.notAllowed("illegal upload transition: retry from error")) { try tray.apply(.retry, to: 1) }
    }

    @Test(arguments: [
        (UploadState.queued, false), (.uploading(progress: 0.4), true), (.uploading(progress: 0), true),
        (.uploaded(remote: "r"), false), (.failed(message: "net"), false), (.error(message: "bad"), false),
    ])
    func removeInEveryStateSaysWhetherToStopTheUpload(_ state: UploadState, _ mustStop: Bool) throws {
        var tray = try F.tray(with: state)
        try tray.stage(F.file("other.pdf"))
        #expect(try tray.remove(1) == mustStop)
        #expect(tray.tiles.map(\.id) == [2])
        #expect(throws: ComposerError.notAllowed("attachment 1 was removed or sent: events for it are refused")) { try tray.remove(1) }
    }

    @Test func unknownIdsAreRefusedAndChangeNothing() throws {
        var tray = try F.tray(with: .uploading(progress: 0.2))
        let before = tray
        for id: UInt64 in [0, 2, 99, .max] {
            #expect(throws: ComposerError.invalidArgument("no attachment with id \(id) in the tray")) { try tray.remove(id) }
            #expect(throws: ComposerError.invalidArgument("no attachment with id \(id) in the tray")) {
                try tray.apply(.progress(0.5), to: id)
            }
            #expect(throws: ComposerError.invalidArgument("no attachment with id \(id) in the tray")) { try tray.refuseType(of: id) }
        }
        #expect(tray == before)
    }

    @Test func idsAreStableAndNeverReused() throws {
        var tray = AttachmentTray()
        try tray.stage([F.file("a.png"), F.file("b.png"), F.file("c.png")])
        try tray.apply(.progress(0.5), to: 3)
        try tray.remove(2)
        try tray.remove(3)
        #expect(try tray.stage([F.file("d.png"), F.file("e.png")]).staged == [4, 5])
        #expect(tray.tiles.map(\.id) == [1, 4, 5])
        #expect(tray.tiles.map(\.name) == ["a.png", "d.png", "e.png"])
        // Events still reach the tile they name.
        try tray.apply(.start, to: 4)
        #expect(F.states(tray) == [.queued, .uploading(progress: 0), .queued])
        try tray.remove(5)
        #expect(tray.removeAll() == [4])
        #expect(tray.isEmpty)
        #expect(try tray.stage(F.file("f.png")).staged == [6])
        #expect(tray.attachment(id: 6)?.name == "f.png")
    }

    @Test func removeAllReportsEveryUploadInFlight() throws {
        var tray = AttachmentTray()
        try tray.stage((1...6).map { F.file("f\($0).txt") })
        try tray.apply(.start, to: 2)
        try tray.apply(.progress(0.9), to: 4)
        try tray.apply(.progress(0.1), to: 5)
        try tray.apply(.complete(remote: "r5"), to: 5)
        try tray.apply(.progress(1), to: 6)
        #expect(tray.removeAll() == [2, 4, 6])
        #expect(tray.tiles == [])
        #expect(tray.removeAll() == [])
    }

    @Test func theOutOfIdsCaseThrowsInsteadOfOverflowing() throws {
        var tray = AttachmentTray()
        tray.nextID = AttachmentTray.maxID
        #expect(try tray.stage(F.file("last.png")).staged == [UInt64(Int64.max) - 1])
        #expect(throws: ComposerError.limitExceeded("the attachment tray has run out of ids")) { try tray.stage(F.file("x.png")) }
        #expect(tray.tiles.count == 1)
        // A pick that only drops needs no id.
        tray.limits = F.limits(maxFiles: 1)
        #expect(try tray.stage(F.file("y.png")) == TrayStageResult(staged: [], dropped: 1, notice: "You can attach up to 1 file."))
        #expect(tray.json.hasPrefix(#"[{"id":9223372036854775806,"#))
    }

    // MARK: Readiness

    @Test func readinessAndItsReasons() throws {
        var tray = AttachmentTray()
        #expect(tray.blocker == .empty)
        #expect(!tray.isReadyToSend)
        try tray.stage([F.file("a.png"), F.file("b.pdf"), F.file("c.mp3")])
        #expect(tray.blocker == .uploadsPending(3))
        try tray.apply(.progress(0.5), to: 1)
        try tray.apply(.progress(1), to: 2)
        try tray.apply(.complete(remote: "r2"), to: 2)
        #expect(tray.blocker == .uploadsPending(2))
        try tray.apply(.start, to: 3)
        try tray.apply(.fail(message: "Network lost."), to: 3)
        #expect(tray.blocker == .failedUploads(1))
        try tray.refuseType(of: 1)
        #expect(tray.blocker == .errorTiles(1))
        #expect(!tray.isReadyToSend)
        try tray.remove(1)
        #expect(tray.blocker == .failedUploads(1))
        try tray.apply(.retry, to: 3)
        #expect(tray.blocker == .uploadsPending(1))
        try tray.apply(.progress(0.2), to: 3)
        try tray.apply(.complete(remote: "r3"), to: 3)
        #expect(tray.blocker == nil)
        #expect(tray.isReadyToSend)
        try tray.remove(2)
        try tray.remove(3)
        #expect(tray.blocker == .empty)
    }

    @Test func blockerNames() {
        #expect([TrayBlocker.empty, .errorTiles(2), .failedUploads(1), .uploadsPending(3)].map(\.name) ==
            ["empty", "error_tiles", "failed_uploads", "uploads_pending"])
    }

    // MARK: Groups for sending

    @Test func aMixedBatchSplitsByKindInTheFixedOrder() throws {
        var tray = AttachmentTray()
        try tray.stage([
            F.file("doc.pdf"), F.file("a.png"), F.file("b.mp4"), F.file("c.mp3"), F.file("d.jpg"),
            F.file("e.txt"), F.file("f.mov"), F.file("g", "audio/wav"), F.file("h.webp"),
        ])
        let groups = tray.groupsForSending()
        #expect(groups.map(\.kind) == [.image, .video, .audio, .file])
        #expect(groups.map { $0.attachments.map(\.name) } ==
            [["a.png", "d.jpg", "h.webp"], ["b.mp4", "f.mov"], ["c.mp3", "g"], ["doc.pdf", "e.txt"]])
        #expect(groups.map { $0.attachments.map(\.id) } == [[2, 5, 9], [3, 7], [4, 8], [1, 6]])
    }

    @Test func onlyKindsPresentMakeGroups() throws {
        var tray = AttachmentTray()
        #expect(tray.groupsForSending() == [])
        try tray.stage([F.file("z.pdf"), F.file("y.png"), F.file("x.csv")])
        #expect(tray.groupsForSending().map(\.kind) == [.image, .file])
        #expect(tray.groupsForSending().map { $0.attachments.map(\.name) } == [["y.png"], ["z.pdf", "x.csv"]])
        try tray.remove(2)
        #expect(tray.groupsForSending().map(\.kind) == [.file])
    }

    @Test func groupsCarryTheUploadedTiles() throws {
        var tray = AttachmentTray()
        try tray.stage([F.file("a.mp3"), F.file("b.png")])
        for id: UInt64 in [1, 2] {
            try tray.apply(.start, to: id)
            try tray.apply(.complete(remote: "r\(id)"), to: id)
        }
        #expect(tray.isReadyToSend)
        #expect(tray.groupsForSending() == [
            AttachmentGroup(kind: .image, attachments: [Attachment(id: 2, name: "b.png", mimeType: "image/png", size: 1,
                                                                   hostReference: "ref:b.png", state: .uploaded(remote: "r2"))]),
            AttachmentGroup(kind: .audio, attachments: [Attachment(id: 1, name: "a.mp3", mimeType: "audio/mpeg", size: 1,
                                                                   hostReference: "ref:a.mp3", state: .uploaded(remote: "r1"))]),
        ])
    }

    // MARK: UI JSON

    @Test func jsonOfEveryState() throws {
        var tray = AttachmentTray(limits: F.limits(maxFileSizeBytes: 3 * Self.mb))
        try tray.stage([
            F.file("q.png", size: 10), F.file("u.mp4", size: 20), F.file("d.mp3", size: 30),
            F.file("f \"x\".pdf", size: 40), F.file("big.bin", "", size: 3 * Self.mb + 1),
        ])
        try tray.apply(.progress(0.25), to: 2)
        try tray.apply(.start, to: 3)
        try tray.apply(.complete(remote: "https://cdn/x"), to: 3)
        try tray.apply(.start, to: 4)
        try tray.apply(.fail(message: "Network lost."), to: 4)
        #expect(tray.json == "["
            + #"{"id":1,"kind":"image","name":"q.png","mime":"image/png","size":10,"state":"queued","progress":0.0,"#
            + #""error":null,"retryable":false,"remote":null},"#
            + #"{"id":2,"kind":"video","name":"u.mp4","mime":"video/mp4","size":20,"state":"uploading","progress":0.25,"#
            + #""error":null,"retryable":false,"remote":null},"#
            + #"{"id":3,"kind":"audio","name":"d.mp3","mime":"audio/mpeg","size":30,"state":"uploaded","progress":1.0,"#
            + #""error":null,"retryable":false,"remote":"https://cdn/x"},"#
            + #"{"id":4,"kind":"file","name":"f \"x\".pdf","mime":"application/pdf","size":40,"state":"failed","#
            + #""progress":null,"error":"Network lost.","retryable":true,"remote":null},"#
            + #"{"id":5,"kind":"file","name":"big.bin","mime":"application/octet-stream","size":3145729,"state":"error","#
            + #""progress":null,"error":"File exceeds 3 MB.","retryable":false,"remote":null}"#
            + "]")
        #expect(AttachmentTray().json == "[]")
    }
}
