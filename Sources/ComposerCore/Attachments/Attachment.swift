/// One tile of the tray.
public struct Attachment: Equatable, Sendable {
    /// Assigned by the tray, from 1 up; never reused during the tray's life.
    public let id: UInt64
    public let name: String
    /// The effective MIME type: the host's, lower-cased without parameters; when that was empty,
    /// malformed or `application/octet-stream`, the type of the name's extension, else
    /// `application/octet-stream`.
    public let mimeType: String
    /// Size in bytes.
    public let size: Int64
    public let kind: AttachmentKind
    /// The host's opaque reference, as given when staging.
    public let hostReference: String
    /// The host's media metadata, as picked.
    public let metadata: MediaMetadata
    public internal(set) var state: UploadState

    init(id: UInt64, name: String, mimeType: String, size: Int64, hostReference: String, state: UploadState,
         kind: AttachmentKind? = nil, metadata: MediaMetadata = MediaMetadata()) {
        self.id = id
        self.name = name
        self.mimeType = mimeType
        self.size = size
        self.kind = kind ?? AttachmentKind(mimeType: mimeType)
        self.hostReference = hostReference
        self.metadata = metadata
        self.state = state
    }
}
