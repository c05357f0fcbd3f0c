import Testing
@testable import ComposerCore

/// The tray keeps its blocking counts and finds tiles by bisection (`AttachmentTray`: `holding`,
/// `position(of:)`); after every operation of random sequences, both answer what a count over the
/// tiles and a search of them give, also on trays restored from snapshots listing ids out of order.
@Suite struct AttachmentTrayCountTests {
    typealias F = AttachmentFixtures

    /// The blocker counted over the tiles, as the tray did before it kept counts.
    static func countedBlocker(_ tray: AttachmentTray) -> TrayBlocker? {
        if tray.tiles.isEmpty { return .empty }
        let errors = tray.tiles.filter { if case .error = $0.state { return true } else { return false } }.count
        let failed = tray.tiles.filter { if case .failed = $0.state { return true } else { return false } }.count
        let pending = tray.tiles.filter {
            switch $0.state {
            case .queued, .uploading: return true
            default: return false
            }
        }.count
        if errors > 0 { return .errorTiles(errors) }
        if failed > 0 { return .failedUploads(failed) }
        if pending > 0 { return .uploadsPending(pending) }
        return nil
    }

    static func expectConsistent(_ tray: AttachmentTray, _ what: String) {
        #expect(tray.blocker == countedBlocker(tray), "\(what)")
        for id in UInt64(0)...(tray.nextAttachmentID + 1) {
            #expect(tray.attachment(id: id) == tray.tiles.first { $0.id == id }, "\(what): id \(id)")
        }
    }

    static func randomSequence(_ tray: inout AttachmentTray, _ rng: inout SeededRandom, steps: Int) {
        let events: [UploadEvent] = [.start, .progress(0.5), .complete(remote: "r"), .fail(message: "f"), .retry, .reject(message: "x")]
        for step in 0..<steps {
            let ids = tray.tiles.map(\.id)
            switch Int.random(in: 0..<10, using: &rng) {
            case 0, 1:
                let files = (0..<Int.random(in: 1...3, using: &rng)).map { k in
                    F.file("f\(step)-\(k).\(rng.pick(["png", "exe", "txt"]))", size: rng.pick([1, 1 << 40]))
                }
                _ = try? tray.stage(files)
            case 2:
                if let id = ids.randomElement(using: &rng) { _ = try? tray.remove(id) }
            case 3:
                if Int.random(in: 0..<6, using: &rng) == 0 { _ = tray.removeAll() }
            case 4:
                _ = tray.relimit(F.limits(maxFiles: 12, maxFileSizeBytes: rng.pick([1 << 41, 10]), allowed: rng.pick([nil, ["image/*"]])))
            default:
                if let id = ids.randomElement(using: &rng) { _ = try? tray.apply(rng.pick(events), to: id) }
            }
            expectConsistent(tray, "step \(step)")
        }
    }

    @Test func countsAndLookupsFollowEveryChange() {
        var rng = SeededRandom(seed: 0x7472_6179)
        for _ in 0..<20 {
            var tray = AttachmentTray(limits: F.limits(maxFiles: 12))
            Self.randomSequence(&tray, &rng, steps: 60)
        }
    }

    @Test func aRestoredTrayWithIdsOutOfOrderIsSearchedInFull() throws {
        var tray = AttachmentTray(limits: F.limits(maxFiles: 12))
        try tray.stage((0..<6).map { F.file("f\($0).png", "image/png") })
        try tray.apply(.start, to: 2)
        try tray.apply(.reject(message: "no"), to: 5)
        // What a snapshot listing the tiles last first restores (its reader keeps their order).
        var restored = AttachmentTray(limits: tray.limits, tiles: tray.tiles.reversed(), nextID: tray.nextAttachmentID)
        #expect(restored.tiles.map(\.id) == [6, 5, 4, 3, 2, 1])
        Self.expectConsistent(restored, "restored")
        var rng = SeededRandom(seed: 0x6F72_6465)
        Self.randomSequence(&restored, &rng, steps: 40)
    }
}
