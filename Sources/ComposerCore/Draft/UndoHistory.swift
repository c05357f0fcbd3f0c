/// Undo and redo stacks of whole-draft states. Documents are copy-on-write arrays, so a saved
/// state costs one copy of the text the first time the live draft changes after it.
struct UndoHistory: Sendable {
    struct State: Sendable {
        var document: Document
        var selection: Selection
        var pending: PendingStyle?
    }

    /// What kind of change a checkpoint precedes; consecutive typing coalesces into word-sized steps.
    enum ChangeKind: Equatable, Sendable {
        /// Typing one character: `isSpace` tells whether it was whitespace, `end` where the caret
        /// lands after it.
        case typing(isSpace: Bool, at: Int, end: Int)
        case deleting(at: Int, end: Int)
        case other
    }

    var undo: [State] = []
    var redo: [State] = []
    var depth = 100
    /// The change the last step recorded, for coalescing; nil after anything that breaks a run.
    var last: ChangeKind?
    /// Open batches (`begin` nesting count) and whether the current batch has saved its state.
    var batchDepth = 0
    var batchSaved = false

    mutating func breakCoalescing() { last = nil }

    /// Whether `change` continues the previous typing or deleting run (and so needs no new step).
    func continues(_ change: ChangeKind) -> Bool {
        switch (last, change) {
        case let (.typing(prevSpace, _, prevEnd)?, .typing(isSpace, at, _)):
            // A word and the spaces after it form one step; a new word starts a new step.
            return at == prevEnd && !(prevSpace && !isSpace)
        case let (.deleting(prevAt, _)?, .deleting(_, end)):
            return end == prevAt
        default:
            return false
        }
    }

    mutating func save(_ state: State) {
        undo.append(state)
        if undo.count > depth { undo.removeFirst(undo.count - depth) }
        redo.removeAll()
    }
}

extension Draft {
    var savedState: UndoHistory.State { .init(document: document, selection: selection, pending: pending) }

    mutating func restore(_ state: UndoHistory.State) {
        document = state.document
        selection = state.selection
        pending = state.pending
    }

    /// Records the state before a change, unless the change continues the current typing run or a
    /// batch has already recorded its state.
    mutating func checkpoint(_ change: UndoHistory.ChangeKind) {
        revision &+= 1
        defer { history.last = change == .other ? nil : change }
        if history.batchDepth > 0 {
            if history.batchSaved { return }
            history.batchSaved = true
        } else if history.continues(change) {
            history.redo.removeAll()
            return
        }
        history.save(savedState)
    }

    public var canUndo: Bool { !history.undo.isEmpty }
    public var canRedo: Bool { !history.redo.isEmpty }

    /// Undoes the last step, restoring its text, formats, selection and typing attributes.
    /// Returns false when there is nothing to undo.
    @discardableResult
    public mutating func undo() -> Bool {
        guard history.batchDepth == 0, let state = history.undo.popLast() else { return false }
        history.redo.append(savedState)
        restore(state)
        history.breakCoalescing()
        revision &+= 1
        return true
    }

    @discardableResult
    public mutating func redo() -> Bool {
        guard history.batchDepth == 0, let state = history.redo.popLast() else { return false }
        history.undo.append(savedState)
        restore(state)
        history.breakCoalescing()
        revision &+= 1
        return true
    }

    /// Starts a batch: every change until the matching `commitBatch` is one undo step. Batches nest.
    public mutating func beginBatch() {
        if history.batchDepth == 0 { history.batchSaved = false }
        history.batchDepth += 1
        history.breakCoalescing()
    }

    /// Ends a batch. Throws when no batch is open.
    public mutating func commitBatch() throws(ComposerError) {
        guard history.batchDepth > 0 else { throw .notAllowed("no batch is open") }
        history.batchDepth -= 1
        if history.batchDepth == 0 { history.breakCoalescing() }
    }

    public var isInBatch: Bool { history.batchDepth > 0 }
}
