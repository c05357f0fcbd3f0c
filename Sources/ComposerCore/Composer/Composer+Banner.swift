/// What raised the info banner. The banner shows while its cause holds and goes by itself once
/// the cause is gone (README "What the engine does"); the host can also dismiss it.
enum InfoBanner: Equatable, Sendable {
    /// A mention past `mention_limit` was refused: shows while the draft still holds that many
    /// mentions (deleting one brings it back under the limit).
    case mentionLimit
    /// Picks were dropped because the tray was full: shows while it is full (a tile removed, or a
    /// later pick that drops nothing, ends it). In legacy single-attachment mode, until a pick
    /// that drops nothing.
    case filesDropped
    /// A lowered `max_files` left more tiles than allowed: shows while there are.
    case tooManyFiles
}

extension Composer {
    /// The info banner's text, or nil: "You can mention up to N people in a message.", "You can
    /// attach up to N files.". Computed from the banner's cause, so it is never stale and follows
    /// the current limits.
    public var infoBanner: String? {
        switch banner {
        case nil:
            return nil
        case .mentionLimit?:
            return editor.mentionCount >= config.mentionLimit ? Composer.mentionLimitBanner(config.mentionLimit) : nil
        case .filesDropped?:
            if !config.multipleAttachments { return AttachmentNotice.tooManyFiles(limit: 1) }
            let limit = tray.limits.maxFiles
            return tray.tiles.count >= limit ? AttachmentNotice.tooManyFiles(limit: limit) : nil
        case .tooManyFiles?:
            let limit = tray.limits.maxFiles
            return tray.tiles.count > limit ? AttachmentNotice.tooManyFiles(limit: limit) : nil
        }
    }

    /// The host dismisses the banner (the user closed it). Nothing happens without one.
    public mutating func dismissBanner() {
        banner = nil
    }

    /// Ends a call: a banner whose cause is gone is forgotten, so it does not come back when the
    /// cause does (an undo bringing a mention back is not a new attempt). The C layer calls it
    /// after every call that may change the draft.
    public mutating func settle() {
        if banner != nil, infoBanner == nil { banner = nil }
    }
}
