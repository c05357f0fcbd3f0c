/// The tiles of one kind, sent together as one message.
public struct AttachmentGroup: Equatable, Sendable {
    public let kind: AttachmentKind
    /// In tray order; never empty.
    public let attachments: [Attachment]
}
