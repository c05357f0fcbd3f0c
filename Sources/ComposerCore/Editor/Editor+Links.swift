extension Editor {
    /// The whole link runs that `range` touches (for a caret: the link it is inside or at an edge of).
    /// One walk over the range's runs, neighbours of one link joined; only the first and the last
    /// can go on outside the range, and only they are followed out (looking each one up around
    /// its first character cost a walk outwards per link: thousands after a link over a long
    /// selection, which lines cut into one run each).
    func linkRuns(touching range: Range<Int>) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        let lower = max(0, range.lowerBound - (range.isEmpty ? 1 : 0))
        let upper = min(document.count, range.isEmpty ? range.upperBound + 1 : range.upperBound)
        var link: UInt32 = 0  // the link of the last run in `runs`, 0 when a run without one came after it
        document.forEachRun(in: lower..<upper) { r, style in
            if style.link != 0, style.link == link, let last = runs.last, last.upperBound == r.lowerBound {
                runs[runs.count - 1] = last.lowerBound..<r.upperBound
            } else if style.link != 0 {
                runs.append(r)
            }
            link = style.link
            return true
        }
        guard let first = runs.first, let last = runs.last else { return runs }
        if first.lowerBound == lower, let whole = document.run(containing: first.lowerBound, key: { $0.link }) { runs[0] = whole }
        if last.upperBound == upper, let whole = document.run(containing: last.lowerBound, key: { $0.link }) { runs[runs.count - 1] = whole }
        return runs
    }

    /// Links the selection to `url` (one undo step). Links the selection overlaps are absorbed
    /// whole; with a caret inside or at an edge of a link, that link is retargeted; a caret
    /// elsewhere changes nothing. Mentions are never linked.
    @discardableResult
    public mutating func setLink(_ url: String) throws(ComposerError) -> EditorChange {
        let mark = beginChange(); defer { endChange(mark) }
        let normalized = try LinkPolicy.normalize(url)
        var range = selection.range
        let runs = linkRuns(touching: range)
        if range.isEmpty {
            guard let run = runs.first else { return currentChange }
            range = run
        } else {
            for run in runs { range = min(range.lowerBound, run.lowerBound)..<max(range.upperBound, run.upperBound) }
        }
        let targets = formatTargets(.link, in: range, protect: false)
        guard !targets.isEmpty else { return currentChange }
        checkpoint(.other)
        let id = document.intern(link: normalized)
        document.restyle(targets) { $0.link = id }
        return currentChange
    }

    /// Removes every link the selection (or caret) touches, each as a whole (one undo step).
    @discardableResult
    public mutating func removeLinks() -> EditorChange {
        let mark = beginChange(); defer { endChange(mark) }
        let runs = linkRuns(touching: selection.range)
        guard !runs.isEmpty else { return currentChange }
        checkpoint(.other)
        // Link runs hold no line break (line breaks are plain) and lie on no code-block line.
        document.restyle(runs) { $0.link = 0 }
        return currentChange
    }

    /// Replaces the selection with `text` linked to `url` (one undo step); the text keeps the
    /// surrounding inline formats. The caret ends after it.
    @discardableResult
    public mutating func insertLink(text: String, url: String) throws(ComposerError) -> EditorChange {
        let mark = beginChange(); defer { endChange(mark) }
        let normalized = try LinkPolicy.normalize(url)
        let scalars = Editor.normalizingLineBreaks(text.scalarArray)
        guard !scalars.isEmpty, !scalars.contains("\n") else {
            throw .invalidArgument("link text must be non-empty and on one line")
        }
        let range = expandToMentions(selection.range)
        try checkRoom(replacing: range.count, inserting: scalars.count)
        checkpoint(.other)
        var style = typingStyle
        style.mention = 0
        style.link = document.intern(link: normalized)
        document.replace(range, with: scalars, style: style)
        selection = .caret(range.lowerBound + scalars.count)
        pending = nil
        return currentChange
    }
}
