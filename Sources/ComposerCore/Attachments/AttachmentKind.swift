/// What an attachment is, for the tray's tile style and for splitting a send into one message per kind.
/// `allCases` is the fixed sending order: images, videos, audios, files.
public enum AttachmentKind: String, CaseIterable, Sendable {
    case image
    case video
    case audio
    case file

    /// The JSON name: `image`, `video`, `audio` or `file`.
    public var name: String { rawValue }

    /// The kind of a MIME type: `image/*`, `video/*`, `audio/*`, anything else (malformed included) `file`.
    /// Case and parameters (`; charset=…`) are ignored.
    public init(mimeType: String) {
        switch _FileTypes.topLevelType(of: _FileTypes.normalize(mimeType)) {
        case "image": self = .image
        case "video": self = .video
        case "audio": self = .audio
        default: self = .file
        }
    }

    /// The kind from the MIME type, or from the file name's extension when the MIME type is empty,
    /// malformed or `application/octet-stream` (an unknown extension is a `file`).
    public init(mimeType: String, fileName: String) {
        self.init(mimeType: _FileTypes.effectiveMIMEType(mimeType, fileName: fileName))
    }
}
