/// What one editing operation did: which range of the text was replaced by what (in scalars),
/// which range's formatting changed, and the selection it left. The composer turns it into typing
/// notices; the events a listener gets are built from the changes of a whole call, composed with
/// `DocumentChange.followed(by:)` (docs/events.md).
public struct EditorChange: Equatable, Sendable {
    public var document: DocumentChange
    public var selection: Selection

    /// Whether the text or its formatting changed (a selection move alone does not count).
    public var changedDocument: Bool { !document.isEmpty }
}

extension Editor {
    /// Starts an operation's own change record: returns the changes recorded so far (by earlier
    /// operations, not yet taken by the composer) and starts from none. `endChange` puts them
    /// back, followed by this operation's; an operation nested in another is composed the same way.
    /// Every operation starts here, so the code block the three-backtick shortcut just opened is
    /// forgotten by whatever comes next (`enter()` reads it before).
    mutating func beginChange() -> DocumentChange {
        openedCodeBlock = nil
        return document.takeChange()
    }

    mutating func endChange(_ earlier: DocumentChange) {
        let own = document.takeChange()
        document.change = earlier.followed(by: own)
    }

    /// The change of the running operation so far (between `beginChange` and `endChange`).
    var currentChange: EditorChange { EditorChange(document: document.change, selection: selection) }

    /// Every change since the composer last took them (the changes of a whole call), and a fresh
    /// record started.
    public mutating func takeChanges() -> DocumentChange { document.takeChange() }
}

extension DocumentChange {
    /// This change, then `next` (whose offsets are those after this one): one record covering both.
    /// Replaying `next`'s text replacement through `replaced` maps this record's formatting range
    /// through it and marks the whole replaced hull as restyled, so the result covers every
    /// position either change touched.
    public func followed(by next: DocumentChange) -> DocumentChange {
        guard !isEmpty else { return next }
        var combined = self
        if let t = next.text {
            combined.replaced(t.start..<t.oldEnd, length: t.newEnd - t.start)
        }
        if let f = next.formatting { combined.restyled(f) }
        combined.blocksChanged = combined.blocksChanged || next.blocksChanged
        return combined
    }
}
