import Testing
@testable import ComposerCore

/// Builders shared by the attachment tests.
enum AttachmentFixtures {
    /// A picked file; the host reference is "ref:" + name.
    static func file(_ name: String, _ mime: String = "", size: Int64 = 1) -> PickedFile {
        PickedFile(name: name, mimeType: mime, size: size, hostReference: "ref:" + name)
    }

    /// Limits, failing the test (not trapping) if they are refused.
    static func limits(maxFiles: Int = 10, maxFileSizeBytes: Int64 = 100 * 1024 * 1024, allowed: [String]? = nil,
                       sourceLocation: SourceLocation = #_sourceLocation) -> AttachmentLimits {
        do {
            return try AttachmentLimits(maxFiles: maxFiles, maxFileSizeBytes: maxFileSizeBytes, allowedTypes: allowed)
        } catch {
            Issue.record("limits refused: \(error.message)", sourceLocation: sourceLocation)
            return AttachmentLimits()
        }
    }

    /// The events that bring a freshly staged (queued) tile to `state` along legal transitions.
    static func path(to state: UploadState) -> [UploadEvent] {
        switch state {
        case .queued: return []
        case .uploading(let p): return [.progress(p)]
        case .uploaded(let r): return [.start, .complete(remote: r)]
        case .failed(let m): return [.start, .fail(message: m)]
        case .error(let m): return [.reject(message: m)]
        }
    }

    /// A tray holding one tile (id 1, "a.png") in `state`.
    static func tray(with state: UploadState) throws -> AttachmentTray {
        var tray = AttachmentTray()
        try tray.stage(file("a.png", "image/png", size: 10))
        for event in path(to: state) { try tray.apply(event, to: 1) }
        return tray
    }

    /// The state of every tile, in tray order.
    static func states(_ tray: AttachmentTray) -> [UploadState] { tray.tiles.map(\.state) }
}
