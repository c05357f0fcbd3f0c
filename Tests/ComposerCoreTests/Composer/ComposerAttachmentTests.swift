import Testing
@testable import ComposerCore

/// Attachments around the composer: voice notes, uploads of files an edit put aside, and the size
/// limit as the error tiles state it (the legacy single-attachment mode: ComposerHostTests).
@Suite struct ComposerAttachmentTests {
    static func config(_ edit: (inout DraftConfig) -> Void) -> DraftConfig {
        var c = DraftConfig()
        edit(&c)
        return c
    }

    static func file(_ name: String, _ size: Int64 = 1) -> PickedFile {
        PickedFile(name: name, mimeType: "", size: size)
    }

    @Test(arguments: [
        (Int64(1000), "File exceeds 1000 bytes."), (1023, "File exceeds 1023 bytes."), (1024, "File exceeds 1 KB."),
        (1100, "File exceeds 1.07 KB."), (500_000, "File exceeds 488.28 KB."), (1_048_575, "File exceeds 1023.99 KB."),
        (1_048_576, "File exceeds 1 MB."), (1_572_864, "File exceeds 1.5 MB."), (1_073_741_824, "File exceeds 1024 MB."),
    ])
    func theSizeLimitAsAnErrorTileStatesIt(_ limit: Int64, _ message: String) throws {
        var draft = Composer(config: Self.config { $0.maxFileSizeBytes = limit })
        _ = try draft.stage([Self.file("a.pdf", limit), Self.file("b.pdf", limit + 1)])
        #expect(draft.tray.tiles.map(\.state) == [.queued, .error(message: message)])
    }

    @Test func aVoiceNoteIsAudioFollowsTheSizeLimitAndTakesAnIdFromTheDraftsSequence() throws {
        var draft = Composer()
        _ = try draft.stage([Self.file("a.png")])
        try draft.applyUpload(.start, to: 1)
        try draft.applyUpload(.complete(remote: "https://cdn/a"), to: 1)
        _ = try draft.send(now: 0)
        #expect(throws: ComposerError.invalidArgument("a voice note needs an audio MIME type (audio/*), not \"image/png\"")) {
            _ = try draft.voiceNote(name: "x.png", mimeType: "image/png", size: 20, remote: "https://cdn/v")
        }
        let note = try draft.voiceNote(name: "x.ogg", mimeType: "audio/ogg", size: 20, remote: "https://cdn/v")
        #expect(note.attachmentKind == .audio && note.attachments.map(\.kind) == [.audio] && note.attachments.map(\.id) == [2])
        #expect(throws: ComposerError.notAllowed("voice note refused: File exceeds 100 MB.")) {
            _ = try draft.voiceNote(name: "huge.m4a", mimeType: "audio/mp4", size: 104_857_601, remote: "https://cdn/v")
        }
        #expect(try draft.voiceNote(name: "max.m4a", mimeType: "audio/mp4", size: 104_857_600, remote: "https://cdn/v").attachments.map(\.id) == [3])
        #expect(throws: ComposerError.invalidArgument("voice note size -1 is negative")) {
            _ = try draft.voiceNote(name: "v.m4a", mimeType: "audio/mp4", size: -1, remote: "https://cdn/v")
        }
        #expect(throws: ComposerError.invalidArgument("voice note needs the uploaded file's remote reference")) {
            _ = try draft.voiceNote(name: "v.m4a", mimeType: "audio/mp4", size: 1, remote: "")
        }
        // An empty recording is a size like any other; the refusals above took no id.
        let empty = try draft.voiceNote(name: "empty.m4a", mimeType: "audio/mp4", size: 0, remote: "https://cdn/v")
        #expect(empty.attachments.map(\.size) == [0] && empty.attachments.map(\.id) == [4])
        #expect(try draft.stage([Self.file("b.png")]).staged == [5])
        var large = Composer(config: Self.config { $0.maxFileSizeBytes = 1_073_741_824 })
        #expect(try large.voiceNote(name: "long.m4a", mimeType: "audio/mp4", size: 200_000_000, remote: "https://cdn/v").attachments.count == 1)
        var small = Composer(config: Self.config { $0.maxFileSizeBytes = 524_288 })
        #expect(throws: ComposerError.notAllowed("voice note refused: File exceeds 512 KB.")) {
            _ = try small.voiceNote(name: "v.m4a", mimeType: "audio/mp4", size: 524_289, remote: "https://cdn/v")
        }
    }

    @Test func aVoiceNoteWaitsForTheCooldownStartsTheNextAndQuotesTheReply() throws {
        var draft = Composer(config: Self.config { $0.slowModeSeconds = 30 })
        try draft.setThreadParent("T")
        draft.type("hi")
        _ = try draft.send(now: 1000)
        #expect(throws: ComposerError.notAllowed("cannot send: slow mode: wait 30 s")) {
            _ = try draft.voiceNote(name: "v.m4a", mimeType: "audio/mp4", size: 10, remote: "https://cdn/v")
        }
        try draft.tick(now: 31_000)
        try draft.beginReply(messageID: "m-7", sender: "Ann", markdown: "hello", names: [:])
        let note = try draft.voiceNote(name: "v.m4a", mimeType: "audio/mp4", size: 10, remote: "https://cdn/v")
        #expect(note.quotedID == "m-7" && note.parentID == "T" && draft.mode == .new)
        #expect(draft.cooldownRemaining == 30_000)
        try draft.setCommand(name: "giphy", args: "")
        #expect(throws: ComposerError.notAllowed("voice notes are unavailable while a command is set")) {
            _ = try draft.voiceNote(name: "v.m4a", mimeType: "audio/mp4", size: 1, remote: "https://cdn/v")
        }
    }

    @Test func uploadsOfFilesAnEditPutAsideFinishInThePutAsideTray() throws {
        var draft = Composer()
        _ = try draft.stage([PickedFile(name: "a.png", mimeType: "image/png", size: 10)])
        try draft.applyUpload(.start, to: 1)
        try draft.beginEdit(messageID: "m-1", markdown: "old", names: [:], isMedia: false)
        try draft.applyUpload(.progress(0.5), to: 1)
        try draft.applyUpload(.complete(remote: "https://cdn/a"), to: 1)
        #expect(draft.tray.isEmpty)
        #expect(throws: ComposerError.invalidArgument("no attachment with id 2 in the tray")) { try draft.applyUpload(.start, to: 2) }
        draft.cancelMode()
        #expect(draft.tray.tiles.map(\.state) == [.uploaded(remote: "https://cdn/a")] && draft.canSend)
        // A failure during the edit comes back as a retryable tile after the edit is sent.
        var failing = Composer()
        _ = try failing.stage([PickedFile(name: "a.png", mimeType: "image/png", size: 10)])
        try failing.applyUpload(.start, to: 1)
        try failing.beginEdit(messageID: "m-1", markdown: "old", names: [:], isMedia: false)
        try failing.applyUpload(.fail(message: "offline"), to: 1)
        #expect(try failing.send(now: 0).map(\.kind) == [.edit])
        #expect(failing.tray.tiles.map(\.state) == [.failed(message: "offline")])
        try failing.applyUpload(.retry, to: 1)
        #expect(failing.tray.tiles.map(\.state) == [.queued])
    }
}
