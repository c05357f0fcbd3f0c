/// The staged attachments of a draft (README "What the engine does"): staging under the limits, the upload state
/// machine of each tile (driven by the host), removal, send readiness and the split for sending.
/// A refused call throws and leaves the tray unchanged.
public struct AttachmentTray: Equatable, Sendable {
    /// Applied when staging; setting them does not re-check tiles already staged
    /// (`relimit(_:)` does).
    public var limits: AttachmentLimits
    /// The tiles, in staging order.
    public private(set) var tiles: [Attachment] = []
    /// The tiles in each state that holds sending back, kept with every change of `tiles` so that
    /// the send state, read after every keystroke, does not count them each time.
    private var holding = HoldingCounts()
    /// Whether the tiles' ids rise in tray order (they do, but after restoring a snapshot that
    /// listed them otherwise): a tile is then found by bisection.
    private var idsAscending = true
    /// The id the next tile gets. Ids stay below `Int64.max` (`maxID`), so that every id and this
    /// counter fit in JSON and C.
    var nextID: UInt64 = 1
    /// The largest id a tile can get.
    public static let maxID = UInt64(Int64.max) - 1

    public init(limits: AttachmentLimits = AttachmentLimits()) {
        self.limits = limits
    }

    /// Takes the next id without staging anything (a voice note or a legacy pick is sent at once
    /// but still gets an id of the draft's sequence).
    /// - Throws: `.limitExceeded` when the ids have run out.
    mutating func reserveID() throws(ComposerError) -> UInt64 {
        guard nextID <= AttachmentTray.maxID else { throw .limitExceeded("the attachment tray has run out of ids") }
        defer { nextID += 1 }
        return nextID
    }

    /// Whether `id` was given out and its tile is gone (removed, cancelled or sent): events for it
    /// are refused, and no later tile ever gets it.
    public func isRetired(_ id: UInt64) -> Bool {
        id >= 1 && id < nextID && attachment(id: id) == nil
    }

    /// The id the next tile gets.
    public var nextAttachmentID: UInt64 { nextID }

    /// Makes sure no later tile gets an id below `id` (trays of one draft share its sequence).
    mutating func reserveIDs(below id: UInt64) {
        nextID = max(nextID, id)
    }

    /// Takes new limits and checks the tiles against them, as staging would: a tile whose type
    /// is no longer allowed, or that is now over the size limit, becomes the non-retryable error
    /// it would have staged as. Error tiles stay errors; nothing else changes, so a tray over a
    /// lowered `maxFiles` keeps its tiles (the composer blocks sending until some are removed).
    /// - Returns: the ids of the tiles that were uploading and became errors (their uploads must stop).
    public mutating func relimit(_ new: AttachmentLimits) -> [UInt64] {
        limits = new
        var stopped: [UInt64] = []
        for i in tiles.indices {
            let tile = tiles[i]
            if case .error = tile.state { continue }
            let message: String
            if !new.allows(mimeType: tile.mimeType) {
                message = AttachmentNotice.typeNotAllowed
            } else if tile.size > new.maxFileSizeBytes {
                message = AttachmentNotice.fileTooLarge(limitBytes: new.maxFileSizeBytes)
            } else {
                continue
            }
            if case .uploading = tile.state { stopped.append(tile.id) }
            tiles[i].state = .error(message: message)
        }
        recount()
        return stopped
    }

    init(limits: AttachmentLimits, tiles: [Attachment], nextID: UInt64) {
        self.limits = limits
        self.tiles = tiles
        self.nextID = nextID
        recount()
    }

    /// `holding` and `idsAscending` from the tiles, after changes that walk them all anyway.
    private mutating func recount() {
        var counts = HoldingCounts()
        var ascending = true
        var previous: UInt64 = 0
        for tile in tiles {
            counts.add(tile.state)
            if tile.id <= previous { ascending = false }
            previous = tile.id
        }
        holding = counts
        idsAscending = ascending
    }

    public var isEmpty: Bool { tiles.isEmpty }

    /// The tile with this id, if it is in the tray.
    public func attachment(id: UInt64) -> Attachment? {
        position(of: id).map { tiles[$0] }
    }

    /// The index of the tile with this id: by bisection while the ids rise (always, but after an
    /// odd snapshot), so an upload event for one of many tiles does not search them all.
    private func position(of id: UInt64) -> Int? {
        guard idsAscending else { return tiles.firstIndex { $0.id == id } }
        var low = 0, high = tiles.count
        while low < high {
            let mid = low + (high - low) / 2
            if tiles[mid].id < id { low = mid + 1 } else { high = mid }
        }
        return low < tiles.count && tiles[low].id == id ? low : nil
    }

    /// Stages a pick. Files beyond the files-per-message limit are dropped (the first ones stage) and
    /// the result carries the notice "You can attach up to N files.". A file whose type is outside the
    /// allow-list stages as an error tile "This file type isn't allowed."; otherwise a file over the
    /// size limit stages as an error tile "File exceeds 100 MB." (`AttachmentNotice`); every other
    /// file stages `queued`.
    /// - Throws: `.invalidArgument` if any file has a negative size (nothing is staged);
    ///   `.limitExceeded` if the tray has run out of ids.
    @discardableResult
    public mutating func stage(_ files: [PickedFile]) throws(ComposerError) -> TrayStageResult {
        for (i, file) in files.enumerated() where file.size < 0 {
            throw .invalidArgument("file \(i) (\"\(file.name)\"): size must not be negative, not \(file.size)")
        }
        let room = max(0, limits.maxFiles - tiles.count)
        let accepted = files.prefix(room)
        let idsLeft = AttachmentTray.maxID + 1 - nextID
        guard UInt64(accepted.count) <= idsLeft else { throw .limitExceeded("the attachment tray has run out of ids") }
        var staged: [UInt64] = []
        for file in accepted {
            let mime = _FileTypes.effectiveMIMEType(file.mimeType, fileName: file.name)
            let state: UploadState
            if !limits.allows(mimeType: mime) {
                state = .error(message: AttachmentNotice.typeNotAllowed)
            } else if file.size > limits.maxFileSizeBytes {
                state = .error(message: AttachmentNotice.fileTooLarge(limitBytes: limits.maxFileSizeBytes))
            } else {
                state = .queued
            }
            if let last = tiles.last, last.id >= nextID { idsAscending = false }
            tiles.append(Attachment(id: nextID, name: file.name, mimeType: mime, size: file.size,
                                    hostReference: file.hostReference, state: state, metadata: file.metadata))
            holding.add(state)
            staged.append(nextID)
            nextID += 1
        }
        let dropped = files.count - accepted.count
        return TrayStageResult(staged: staged, dropped: dropped,
                               notice: dropped > 0 ? AttachmentNotice.tooManyFiles(limit: limits.maxFiles) : nil)
    }

    /// Stages one file; see `stage(_:)` for a pick.
    @discardableResult
    public mutating func stage(_ file: PickedFile) throws(ComposerError) -> TrayStageResult {
        try stage([file])
    }

    /// Applies an upload event to a tile (the table is on `UploadState.applying(_:)`).
    /// - Returns: the tile's new state.
    /// - Throws: `.notAllowed` for a retired id (see `index(of:)`), `.invalidArgument` for an id
    ///   never given out or a bad event argument, `.outOfRange` for a
    ///   progress outside `0...1`, `.notAllowed` for an illegal transition.
    @discardableResult
    public mutating func apply(_ event: UploadEvent, to id: UInt64) throws(ComposerError) -> UploadState {
        let i = try index(of: id)
        let next = try tiles[i].state.applying(event)
        holding.remove(tiles[i].state)
        tiles[i].state = next
        holding.add(next)
        return next
    }

    /// The server refused the file's type: the tile becomes the error "This file type isn't allowed.".
    @discardableResult
    public mutating func refuseType(of id: UInt64) throws(ComposerError) -> UploadState {
        try apply(.reject(message: AttachmentNotice.typeNotAllowed), to: id)
    }

    /// Removes (cancels) a tile, in any state.
    /// - Returns: true when the tile was uploading, so the host must stop that upload.
    /// - Throws: `.notAllowed` for a retired id, `.invalidArgument` for an id never given out.
    @discardableResult
    public mutating func remove(_ id: UInt64) throws(ComposerError) -> Bool {
        let i = try index(of: id)
        let removed = tiles.remove(at: i)
        holding.remove(removed.state)
        if case .uploading = removed.state { return true }
        return false
    }

    /// Empties the tray (after a send, a clear or a command). Ids are not reused afterwards.
    /// - Returns: the ids of the tiles that were uploading, whose uploads the host must stop.
    @discardableResult
    public mutating func removeAll() -> [UInt64] {
        let uploading = tiles.compactMap { tile -> UInt64? in
            if case .uploading = tile.state { return tile.id }
            return nil
        }
        tiles.removeAll()
        recount()
        return uploading
    }

    /// Why the tray cannot be sent, or nil when it can. Error tiles are reported first, then failed
    /// uploads, then uploads still queued or running.
    public var blocker: TrayBlocker? {
        if tiles.isEmpty { return .empty }
        if holding.errors > 0 { return .errorTiles(holding.errors) }
        if holding.failed > 0 { return .failedUploads(holding.failed) }
        if holding.pending > 0 { return .uploadsPending(holding.pending) }
        return nil
    }

    /// Non-empty, every tile uploaded (so no error tile).
    public var isReadyToSend: Bool { blocker == nil }

    /// One group per kind present, in the fixed order images, videos, audios, files; each keeps the
    /// tray order. Meant for a tray that `isReadyToSend`; it does not check.
    public func groupsForSending() -> [AttachmentGroup] {
        AttachmentKind.allCases.compactMap { kind in
            let members = tiles.filter { $0.kind == kind }
            return members.isEmpty ? nil : AttachmentGroup(kind: kind, attachments: members)
        }
    }

    /// - Throws: `.notAllowed` for a retired id (its tile was removed or sent: a late upload event
    ///   is refused, never applied to another tile), `.invalidArgument` for an id never given out.
    private func index(of id: UInt64) throws(ComposerError) -> Int {
        guard let i = position(of: id) else {
            if isRetired(id) { throw .notAllowed("attachment \(id) was removed or sent: events for it are refused") }
            throw .invalidArgument("no attachment with id \(id) in the tray")
        }
        return i
    }
}

/// How many tiles of a tray are in each state that holds sending back.
private struct HoldingCounts: Equatable, Sendable {
    var errors = 0
    var failed = 0
    var pending = 0

    mutating func add(_ state: UploadState) { count(state, 1) }

    mutating func remove(_ state: UploadState) { count(state, -1) }

    private mutating func count(_ state: UploadState, _ step: Int) {
        switch state {
        case .error: errors += step
        case .failed: failed += step
        case .queued, .uploading: pending += step
        case .uploaded: break
        }
    }
}
