import Testing
@testable import ComposerCore

@Suite struct AttachmentTraySnapshotTests {
    typealias F = AttachmentFixtures

    /// A tray with one tile in each state, ids 1...5, plus a removed id 6 and tile 7 (uploaded).
    static func mixedTray() throws -> AttachmentTray {
        var tray = AttachmentTray(limits: F.limits(maxFileSizeBytes: 1000))
        try tray.stage([
            F.file("q.png", size: 10), F.file("u.mp4", size: 20), F.file("d.mp3", size: 30),
            F.file("f.pdf", size: 40), F.file("e.zip", size: 1001), F.file("gone.txt"), F.file("last.jpg", "image/jpeg", size: 7),
        ])
        try tray.apply(.progress(0.25), to: 2)
        try tray.apply(.start, to: 3)
        try tray.apply(.complete(remote: "https://cdn/d"), to: 3)
        try tray.apply(.start, to: 4)
        try tray.apply(.fail(message: "Network lost."), to: 4)
        try tray.remove(6)
        try tray.apply(.start, to: 7)
        try tray.apply(.complete(remote: "r7"), to: 7)
        return tray
    }

    static let mixedSnapshot = #"{"tiles":["#
        + #"{"id":1,"name":"q.png","mime":"image/png","size":10,"ref":"ref:q.png","state":"queued"},"#
        + #"{"id":2,"name":"u.mp4","mime":"video/mp4","size":20,"ref":"ref:u.mp4","state":"uploading","progress":0.25},"#
        + #"{"id":3,"name":"d.mp3","mime":"audio/mpeg","size":30,"ref":"ref:d.mp3","state":"uploaded","remote":"https://cdn/d"},"#
        + #"{"id":4,"name":"f.pdf","mime":"application/pdf","size":40,"ref":"ref:f.pdf","state":"failed","error":"Network lost."},"#
        + #"{"id":5,"name":"e.zip","mime":"application/zip","size":1001,"ref":"ref:e.zip","state":"error","error":"File exceeds 1000 bytes."},"#
        + #"{"id":7,"name":"last.jpg","mime":"image/jpeg","size":7,"ref":"ref:last.jpg","state":"uploaded","remote":"r7"}"#
        + #"],"next_id":8}"#

    @Test func snapshotJSONIsExact() throws {
        #expect(try Self.mixedTray().snapshotJSON == Self.mixedSnapshot)
        #expect(AttachmentTray().snapshotJSON == #"{"tiles":[],"next_id":1}"#)
    }

    @Test func roundTripTurnsUploadsInFlightIntoRetryableFailures() throws {
        let original = try Self.mixedTray()
        let restored = try AttachmentTray(snapshotJSON: original.snapshotJSON, limits: original.limits)
        let interrupted = UploadState.failed(message: "Upload interrupted.")
        #expect(F.states(restored) == [
            interrupted, interrupted, .uploaded(remote: "https://cdn/d"), .failed(message: "Network lost."),
            .error(message: "File exceeds 1000 bytes."), .uploaded(remote: "r7"),
        ])
        // Everything but the interrupted states is kept exactly.
        #expect(restored.tiles.map(\.id) == original.tiles.map(\.id))
        #expect(restored.tiles.map(\.name) == original.tiles.map(\.name))
        #expect(restored.tiles.map(\.mimeType) == original.tiles.map(\.mimeType))
        #expect(restored.tiles.map(\.size) == original.tiles.map(\.size))
        #expect(restored.tiles.map(\.kind) == [.image, .video, .audio, .file, .file, .image])
        #expect(restored.tiles.map(\.hostReference) == original.tiles.map(\.hostReference))
        #expect(restored.limits == original.limits)
        #expect(restored.blocker == .errorTiles(1))
        // Interrupted tiles can be retried.
        var tray = restored
        #expect(try tray.apply(.retry, to: 2) == .queued)
        #expect(try tray.apply(.progress(0.5), to: 2) == .uploading(progress: 0.5))
    }

    @Test func aSettledTrayRoundTripsToAnEqualTray() throws {
        var tray = try Self.mixedTray()
        try tray.remove(1)
        try tray.remove(2)
        let restored = try AttachmentTray(snapshotJSON: tray.snapshotJSON, limits: tray.limits)
        #expect(restored == tray)
        #expect(restored.snapshotJSON == tray.snapshotJSON)
        #expect(restored.json == tray.json)
    }

    @Test func theNextIdContinuesAfterTheLargestRestoredId() throws {
        var tray = try AttachmentTray(snapshotJSON: #"{"tiles":["#
            + #"{"id":9,"name":"a.png","mime":"image/png","size":1,"ref":"","state":"queued"},"#
            + #"{"id":4,"name":"b.png","mime":"image/png","size":1,"ref":"","state":"uploaded","remote":"r"}]}"#)
        #expect(tray.tiles.map(\.id) == [9, 4])
        #expect(try tray.stage([F.file("c.png"), F.file("d.png")]).staged == [10, 11])
        #expect(tray.tiles.map(\.id) == [9, 4, 10, 11])
    }

    @Test func anEmptySnapshotRestoresAnEmptyTray() throws {
        for json in [#"{}"#, #"{"tiles":[]}"#] {
            var tray = try AttachmentTray(snapshotJSON: json)
            #expect(tray == AttachmentTray())
            #expect(try tray.stage(F.file("a.png")).staged == [1])
        }
    }

    @Test func restoredTilesAreKeptBeyondTheLimits() throws {
        let tray = try AttachmentTray(snapshotJSON: Self.mixedSnapshot, limits: F.limits(maxFiles: 2, maxFileSizeBytes: 1, allowed: ["text/*"]))
        #expect(tray.tiles.count == 6)
        #expect(tray.tiles.map(\.state.name) == ["failed", "failed", "uploaded", "failed", "error", "uploaded"])
    }

    @Test func restoringNormalizesTheMIMEType() throws {
        let tray = try AttachmentTray(snapshotJSON:
            #"{"tiles":[{"id":1,"name":"x.MOV","mime":"","size":1,"ref":"","state":"uploaded","remote":"r"}]}"#)
        #expect(tray.tiles.map(\.mimeType) == ["video/quicktime"])
        #expect(tray.tiles.map(\.kind) == [.video])
    }

    @Test func theLargestIdStillLeavesRoomForNone() throws {
        var tray = try AttachmentTray(snapshotJSON:
            #"{"tiles":[{"id":9223372036854775806,"name":"a","mime":"text/plain","size":1,"ref":"","state":"failed","error":"x"}]}"#)
        #expect(throws: ComposerError.limitExceeded("the attachment tray has run out of ids")) { try tray.stage(F.file("b.png")) }
        #expect(tray.tiles.count == 1)
    }

    static let tile = #""name":"a.png","mime":"image/png","size":1,"ref":"h""#

    @Test(arguments: [
        (#"[]"#, ComposerError.invalidArgument("tray snapshot must be a JSON object, not array")),
        (#"{"tiles":{}}"#, .invalidArgument("tray snapshot: \"tiles\" must be an array, not object")),
        (#"{"tiles":[],"nextid":3}"#, .invalidArgument("tray snapshot: unknown key \"nextid\"")),
        (#"{"tiles":[1]}"#, .invalidArgument("tray snapshot: tiles[0] must be a JSON object, not number")),
        (#"{"tiles":[{"id":1,"name":"a.png","mime":"image/png","size":1,"state":"queued"}]}"#,
         .invalidArgument("tray snapshot: tiles[0]: \"ref\" is required")),
        (#"{"tiles":[{"id":0,"# + tile + #","state":"queued"}]}"#,
         .invalidArgument("tray snapshot: tiles[0]: id must be in 1...9223372036854775806, not 0")),
        (#"{"tiles":[{"id":-3,"# + tile + #","state":"queued"}]}"#,
         .invalidArgument("tray snapshot: tiles[0]: id must be in 1...9223372036854775806, not -3")),
        (#"{"tiles":[{"id":9223372036854775807,"# + tile + #","state":"queued"}]}"#,
         .invalidArgument("tray snapshot: tiles[0]: id must be in 1...9223372036854775806, not 9223372036854775807")),
        (#"{"tiles":[{"id":4,"# + tile + #","state":"queued"}],"next_id":4}"#,
         .invalidArgument("tray snapshot: \"next_id\" must be above every tile's id (4), not 4")),
        (#"{"tiles":[],"next_id":0}"#, .invalidArgument("tray snapshot: \"next_id\" must be above every tile's id (0), not 0")),
        (#"{"tiles":[],"next_id":"5"}"#, .invalidArgument("tray snapshot: \"next_id\" must be an integer, not string")),
        (#"{"tiles":[{"id":1,"# + tile + #","state":"queued","width":0}]}"#,
         .invalidArgument("tray snapshot: tiles[0]: \"width\" must be an integer in 1...1000000 or null, not 0")),
        (#"{"tiles":[{"id":1,"# + tile + #","state":"queued","duration":-1}]}"#,
         .invalidArgument("tray snapshot: tiles[0]: \"duration\" must be a number of seconds, at least 0, or null, not -1")),
        (#"{"tiles":[{"id":1,"# + tile + #","state":"queued","extra":[1]}]}"#,
         .invalidArgument("tray snapshot: tiles[0]: \"extra\" must be a JSON object or null, not array")),
        (#"{"tiles":[{"id":1.5,"# + tile + #","state":"queued"}]}"#,
         .invalidArgument("tray snapshot: tiles[0]: \"id\" must be an integer, not number")),
        (#"{"tiles":[{"id":2,"# + tile + #","state":"queued"},{"id":2,"# + tile + #","state":"queued"}]}"#,
         .invalidArgument("tray snapshot: tiles[1]: id 2 is repeated")),
        (#"{"tiles":[{"id":1,"name":"a","mime":"","size":-1,"ref":"","state":"queued"}]}"#,
         .invalidArgument("tray snapshot: tiles[0]: size must not be negative, not -1")),
        (#"{"tiles":[{"id":1,"# + tile + #","state":"done"}]}"#,
         .invalidArgument("tray snapshot: tiles[0]: unknown state \"done\"")),
        (#"{"tiles":[{"id":1,"# + tile + #","state":"uploading","progress":1.5}]}"#,
         .outOfRange("tray snapshot: tiles[0]: progress must be in 0...1, not 1.5")),
        (#"{"tiles":[{"id":1,"# + tile + #","state":"uploading","progress":"half"}]}"#,
         .invalidArgument("tray snapshot: tiles[0]: \"progress\" must be a number, not string")),
        (#"{"tiles":[{"id":1,"# + tile + #","state":"uploaded"}]}"#,
         .invalidArgument("tray snapshot: tiles[0]: \"remote\" is required")),
        (#"{"tiles":[{"id":1,"# + tile + #","state":"uploaded","remote":""}]}"#,
         .invalidArgument("tray snapshot: tiles[0]: \"remote\" must not be empty")),
        (#"{"tiles":[{"id":1,"# + tile + #","state":"failed","error":""}]}"#,
         .invalidArgument("tray snapshot: tiles[0]: \"error\" must not be empty")),
        (#"{"tiles":[{"id":1,"# + tile + #","state":"error"}]}"#,
         .invalidArgument("tray snapshot: tiles[0]: \"error\" is required")),
        (#"{"tiles":[{"id":1,"# + tile + #","state":"failed","error":"x","remote":"r"}]}"#,
         .invalidArgument("tray snapshot: tiles[0]: unknown key \"remote\"")),
        (#"{"tiles":[{"id":1,"# + tile + #","state":"queued","progress":0}]}"#,
         .invalidArgument("tray snapshot: tiles[0]: unknown key \"progress\"")),
        (#"{"tiles":[{"id":1,"# + tile + #","state":"queued","kind":"image"}]}"#,
         .invalidArgument("tray snapshot: tiles[0]: unknown key \"kind\"")),
        (#"{"tiles":[{"# + tile + #","state":"queued"}]}"#,
         .invalidArgument("tray snapshot: tiles[0]: \"id\" is required")),
        (#"{"tiles":["#, .invalidJSON("unexpected end of input at byte 10")),
    ] as [(String, ComposerError)])
    func malformedSnapshotsAreRefused(_ json: String, _ error: ComposerError) {
        #expect(throws: error) { try AttachmentTray(snapshotJSON: json) }
    }

    /// Issue 11, point 4: the counter travels with the snapshot, so a cancelled tile's id is
    /// never given to a tile staged after the restore.
    @Test func theNextIdSurvivesTheSnapshot() throws {
        var tray = AttachmentTray()
        try tray.stage([F.file("1.png"), F.file("2.png"), F.file("3.png")])
        try tray.remove(3)
        #expect(tray.snapshotJSON.hasSuffix(#""next_id":4}"#))
        var restored = try AttachmentTray(snapshotJSON: tray.snapshotJSON)
        #expect(try restored.stage(F.file("4.png")).staged == [4])
        #expect(restored.isRetired(3) && !restored.isRetired(4) && !restored.isRetired(5))
        #expect(throws: ComposerError.notAllowed("attachment 3 was removed or sent: events for it are refused")) {
            try restored.apply(.start, to: 3)
        }
        #expect(throws: ComposerError.invalidArgument("no attachment with id 5 in the tray")) { try restored.apply(.start, to: 5) }
        // A snapshot written before next_id existed continues after its largest id.
        #expect(try AttachmentTray(snapshotJSON: #"{"tiles":[{"id":2,"# + Self.tile + #","state":"queued"}]}"#).nextAttachmentID == 3)
    }

    @Test func mediaMetadataSurvivesTheSnapshot() throws {
        var tray = AttachmentTray()
        let metadata = MediaMetadata(width: 640, height: 480, duration: 1.5, extra: .object([("blurhash", .string("LEHV6n"))]))
        try tray.stage([PickedFile(name: "v.mp4", mimeType: "video/mp4", size: 9, metadata: metadata), F.file("plain.png")])
        #expect(tray.snapshotJSON.contains(#""width":640,"height":480,"duration":1.5,"extra":{"blurhash":"LEHV6n"}}"#))
        let restored = try AttachmentTray(snapshotJSON: tray.snapshotJSON)
        #expect(restored.tiles.map(\.metadata) == [metadata, MediaMetadata()])
        #expect(try AttachmentTray(snapshotJSON: restored.snapshotJSON).snapshotJSON == restored.snapshotJSON)
    }

    @Test func uploadingWithoutProgressIsAccepted() throws {
        let tray = try AttachmentTray(snapshotJSON: #"{"tiles":[{"id":3,"# + Self.tile + #","state":"uploading"}]}"#)
        #expect(F.states(tray) == [.failed(message: "Upload interrupted.")])
    }

    @Test(arguments: ["0", "1", "0.5", "1e-3"])
    func uploadingProgressMayBeAnyNumberInRange(_ p: String) throws {
        let tray = try AttachmentTray(snapshotJSON: #"{"tiles":[{"id":3,"# + Self.tile + #","state":"uploading","progress":"# + p + "}]}")
        #expect(F.states(tray) == [.failed(message: "Upload interrupted.")])
    }
}
