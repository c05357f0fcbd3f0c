/// Undo and redo as inverse edits. A step keeps the primitive edits that take the document back
/// (`DocumentEdit`, recorded by the document as it changes) and the selection and typing
/// attributes from before the step: its size is that of the change, never that of the document.
struct UndoHistory: Sendable {
    struct Step: Sendable {
        /// The inverses in the order recorded: applied last first, they undo the step.
        var edits: [DocumentEdit]
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

    var undo = StepStack()
    var redo = StepStack()
    var depth = 100
    /// The change the last step recorded, for coalescing; nil after anything that breaks a run.
    var last: ChangeKind?
    /// Open batches (`begin` nesting count) and whether the current batch has started its step.
    var batchDepth = 0
    var batchSaved = false

    init(depth: Int = 100) { self.depth = depth }

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

    mutating func push(_ step: Step) {
        undo.append(step)
        undo.keepNewest(depth)
        redo.removeAll()
    }

    /// Adds edits recorded since the last flush to the newest step: they happened after the ones
    /// it holds, so they are undone first (the step is applied last first).
    mutating func absorb(_ edits: [DocumentEdit]) {
        guard !edits.isEmpty else { return }
        undo.appendToNewest(edits)
    }
}

/// The steps of one direction, newest last, of which only the newest `depth` count. Dropping the
/// oldest step of a full history frees its edits at once but moves the others only now and then:
/// an array's `removeFirst` on every step moved the whole history, on every keystroke of a full
/// one (a hundred steps copied, a quarter of what the keystroke itself cost).
struct StepStack: Sendable {
    private var steps: [UndoHistory.Step] = []
    /// Steps before this index are dropped (emptied, waiting to be compacted away).
    private var start = 0

    var count: Int { steps.count - start }
    var isEmpty: Bool { steps.count == start }

    mutating func append(_ step: UndoHistory.Step) { steps.append(step) }

    mutating func popLast() -> UndoHistory.Step? {
        guard steps.count > start else { return nil }
        return steps.removeLast()
    }

    mutating func removeAll() {
        guard !steps.isEmpty else { return }
        steps.removeAll(keepingCapacity: true)
        start = 0
    }

    /// Drops the oldest steps beyond `depth`.
    mutating func keepNewest(_ depth: Int) {
        let excess = count - Swift.max(0, depth)
        guard excess > 0 else { return }
        for i in start..<(start + excess) { steps[i] = UndoHistory.Step(edits: [], selection: steps[i].selection, pending: nil) }
        start += excess
        // Compacted once the dropped part is a quarter of the kept one: a step is moved four times
        // on average, and the array stays within the capacity a history of `depth` steps has.
        if start >= Swift.max(16, count / 4) {
            steps.removeFirst(start)
            start = 0
        }
    }

    /// Adds `edits`, recorded after the ones it holds, to the newest step (nothing when there is
    /// no step). Appended: the cost is that of `edits`, not of the step.
    mutating func appendToNewest(_ edits: [DocumentEdit]) {
        guard steps.count > start else { return }
        // A new step has none yet (every keystroke that starts a step): it takes the array as it
        // is, where appending would allocate, copy (retaining each edit) and free the original.
        if steps[steps.count - 1].edits.isEmpty {
            steps[steps.count - 1].edits = edits
        } else {
            steps[steps.count - 1].edits.append(contentsOf: edits)
        }
    }
}

extension Editor {
    /// Moves the inverses the document recorded since the last call into the newest undo step.
    mutating func flushJournal() {
        history.absorb(document.endRecording())
        document.beginRecording()
    }

    /// Records the state before a change, unless the change continues the current typing run or a
    /// batch has already started its step.
    mutating func checkpoint(_ change: UndoHistory.ChangeKind) {
        flushJournal()
        defer { history.last = change == .other ? nil : change }
        if history.batchDepth > 0 {
            if history.batchSaved { return }
            history.batchSaved = true
        } else if history.continues(change) {
            history.redo.removeAll()
            return
        }
        history.push(.init(edits: [], selection: selection, pending: pending))
    }

    /// Forgets every step (after a send, a restore, the start or end of an edit). An open batch
    /// stays open: its commit still closes it, and its next change starts a new step.
    mutating func resetHistory() {
        let openBatches = history.batchDepth
        history = UndoHistory(depth: settings.undoDepth)
        history.batchDepth = openBatches
        _ = document.endRecording()
        document.beginRecording()
    }

    public var canUndo: Bool { !history.undo.isEmpty }
    public var canRedo: Bool { !history.redo.isEmpty }

    /// Applies `step`'s edits and returns the step that reverses it (selection and typing
    /// attributes as they are now).
    private mutating func apply(_ step: UndoHistory.Step) -> UndoHistory.Step {
        let reverse = UndoHistory.Step(edits: [], selection: selection, pending: pending)
        _ = document.endRecording()
        document.beginRecording()
        for edit in step.edits.reversed() { document.apply(edit) }
        let inverses = document.endRecording()
        document.beginRecording()
        selection = step.selection.clamped(to: document.count)
        pending = step.pending
        history.breakCoalescing()
        return UndoHistory.Step(edits: inverses, selection: reverse.selection, pending: reverse.pending)
    }

    /// Undoes the last step, restoring its text, formats, selection and typing attributes.
    /// Returns nil when there is nothing to undo (or a batch is open).
    @discardableResult
    public mutating func undo() -> EditorChange? {
        guard history.batchDepth == 0 else { return nil }
        flushJournal()
        guard let step = history.undo.popLast() else { return nil }
        let mark = beginChange(); defer { endChange(mark) }
        history.redo.append(apply(step))
        return currentChange
    }

    /// Redoes the last undone step. Returns nil when there is nothing to redo (or a batch is open).
    @discardableResult
    public mutating func redo() -> EditorChange? {
        guard history.batchDepth == 0, let step = history.redo.popLast() else { return nil }
        flushJournal()
        let mark = beginChange(); defer { endChange(mark) }
        history.undo.append(apply(step))
        return currentChange
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
