import Testing
@testable import ComposerCore

@Suite struct AttachmentKindTests {
    @Test func allCasesIsTheSendingOrder() {
        #expect(AttachmentKind.allCases == [.image, .video, .audio, .file])
        #expect(AttachmentKind.allCases.map(\.name) == ["image", "video", "audio", "file"])
    }

    @Test(arguments: [
        ("image/png", AttachmentKind.image), ("image/jpeg", .image), ("image/svg+xml", .image), ("IMAGE/HEIC", .image),
        (" image/gif ", .image), ("image/png; name=a.png", .image),
        ("video/mp4", .video), ("Video/QuickTime", .video), ("video/webm;codecs=vp9", .video),
        ("audio/mpeg", .audio), ("audio/ogg", .audio), ("AUDIO/x-wav", .audio),
        ("application/pdf", .file), ("text/plain", .file), ("application/zip", .file),
        ("application/octet-stream", .file), ("", .file),
        ("image", .file), ("image/", .file), ("/png", .file), ("imagex/png", .file), ("x-image/png", .file),
        ("multipart/mixed", .file), ("font/woff2", .file),
    ])
    func kindFromMIME(_ mime: String, _ kind: AttachmentKind) {
        #expect(AttachmentKind(mimeType: mime) == kind)
    }

    /// (name, MIME given, kind, effective MIME stored on the tile)
    @Test(arguments: [
        ("photo.JPG", "", AttachmentKind.image, "image/jpeg"),
        ("photo.jpeg", "application/octet-stream", .image, "image/jpeg"),
        ("scan.HEIC", "Application/Octet-Stream", .image, "image/heic"),
        ("logo.svg", "", .image, "image/svg+xml"),
        ("clip.mov", "application/octet-stream", .video, "video/quicktime"),
        ("clip.mp4", "", .video, "video/mp4"),
        ("talk.webm", "", .video, "video/webm"),
        ("song.mp3", "", .audio, "audio/mpeg"),
        ("memo.m4a", "", .audio, "audio/mp4"),
        ("note.ogg", "  ", .audio, "audio/ogg"),
        ("report.pdf", "", .file, "application/pdf"),
        ("sheet.xlsx", "", .file, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
        ("backup.tar.gz", "", .file, "application/gzip"),
        ("README", "", .file, "application/octet-stream"),
        ("weird.xyz", "", .file, "application/octet-stream"),
        ("trailing.", "", .file, "application/octet-stream"),
        ("v1.2/readme", "", .file, "application/octet-stream"),
        ("dir/.png", "", .image, "image/png"),
        ("photo.png", "image", .image, "image/png"),           // malformed MIME: the extension decides
        ("photo.png", "video/mp4", .video, "video/mp4"),       // a real MIME type wins over the extension
        ("photo.png", "text/plain", .file, "text/plain"),
        ("movie.mp4", "IMAGE/PNG; x=1", .image, "image/png"),
        ("", "", .file, "application/octet-stream"),
    ])
    func kindFromExtensionFallback(_ name: String, _ mime: String, _ kind: AttachmentKind, _ effective: String) throws {
        #expect(AttachmentKind(mimeType: mime, fileName: name) == kind)
        var tray = AttachmentTray()
        try tray.stage(PickedFile(name: name, mimeType: mime, size: 5, hostReference: "h"))
        #expect(tray.tiles.map(\.kind) == [kind])
        #expect(tray.tiles.map(\.mimeType) == [effective])
    }

    @Test func everyExtensionInTheTableMapsToAWellFormedType() {
        for (ext, mime) in _FileTypes.byExtension {
            #expect(ext == ext.lowercased() && !ext.contains("."), "\(ext)")
            #expect(!_FileTypes.topLevelType(of: mime).isEmpty, "\(ext) -> \(mime)")
            #expect(_FileTypes.normalize(mime) == mime, "\(ext) -> \(mime)")
        }
        #expect(_FileTypes.byExtension.count >= 60)
    }
}
