/// How far a caret movement goes.
public enum CaretUnit: Int32, CaseIterable, Sendable {
    /// One grapheme cluster (a whole mention counts as one).
    case grapheme = 0
    /// To the previous word start / next word end.
    case word = 1
    /// To the start / end of the line.
    case line = 2
    /// To the start / end of the text.
    case document = 3
}

extension Editor {
    /// Moves the focus `count` units (negative = backward). Without `extend` the selection
    /// collapses to a caret; a grapheme move from a selection collapses it to its start or end.
    @discardableResult
    public mutating func moveCaret(_ unit: CaretUnit, by count: Int, extend: Bool) -> EditorChange {
        let mark = beginChange(); defer { endChange(mark) }
        let scalars = document
        if !extend, !selection.isCaret, unit == .grapheme, count != 0 {
            let target = count < 0 ? selection.range.lowerBound : selection.range.upperBound
            setSelection(anchor: target, focus: target)
            return currentChange
        }
        var focus = selection.focus
        let forward = count > 0
        // Clusters are walked in one pass (a step of many reads the text it crosses once); a
        // mention is stepped over whole, and the walk starts again after it.
        var clustersAfter: BoundariesForward<Document>?
        var clustersBefore: BoundariesBackward<Document>?
        for _ in 0..<count.magnitude {
            let before = focus
            switch unit {
            case .grapheme:
                if forward {
                    if let run = mentionRun(containing: focus) {
                        focus = run.upperBound
                        clustersAfter = nil
                    } else {
                        if clustersAfter == nil { clustersAfter = BoundariesForward(after: focus, in: scalars) }
                        focus = clustersAfter?.next() ?? document.count
                    }
                } else if focus > 0 {
                    if let run = mentionRun(containing: focus - 1) {
                        focus = run.lowerBound
                        clustersBefore = nil
                    } else {
                        if clustersBefore == nil { clustersBefore = BoundariesBackward(before: focus, in: scalars) }
                        focus = clustersBefore?.next() ?? 0
                    }
                }
            case .word:
                focus = forward ? Words.nextWordEnd(after: focus, in: scalars) : Words.previousWordStart(before: focus, in: scalars)
            case .line:
                focus = forward ? document.lineEnd(at: focus) : document.lineStart(at: focus)
            case .document:
                focus = forward ? document.count : 0
            }
            if focus == before { break }
        }
        if forward, let run = mentionRun(around: focus) { focus = run.upperBound }
        if !forward, let run = mentionRun(around: focus) { focus = run.lowerBound }
        setSelection(anchor: extend ? selection.anchor : focus, focus: focus)
        return currentChange
    }

    /// Selects the whole text.
    @discardableResult
    public mutating func selectAll() -> EditorChange {
        let mark = beginChange(); defer { endChange(mark) }
        setSelection(anchor: 0, focus: document.count)
        return currentChange
    }
}
