extension Editor {
    /// Types `text` at the selection, as a keyboard would: the selection is replaced, the new text
    /// takes the typing attributes, a `\n` acts as Enter, and with rich text on a line-start
    /// shortcut (`- `, `* `, `1. `, `> `, three backticks) converts the line. Single characters
    /// typed in a row coalesce into word-sized undo steps; a longer string is one step.
    @discardableResult
    public mutating func insert(_ text: String) -> EditorChange {
        // A "\n" typed right after the three-backtick shortcut is the Enter that confirms it.
        let opened = openedCodeBlock
        let mark = beginChange(); defer { endChange(mark) }
        openedCodeBlock = opened
        let scalars = text.scalarArray
        // Text without a line break (a keystroke) is one line: nothing to split.
        guard scalars.contains(where: { $0 == "\n" || $0 == "\r" }) else {
            insertLine(scalars[...])
            return currentChange
        }
        let normalized = Editor.normalizingLineBreaks(scalars)
        beginBatch()
        insertLines(normalized, Editor.lineRanges(of: normalized))
        try? commitBatch()
        return currentChange
    }

    /// Inserts `lines` (ranges of `scalars` between its line breaks, at least two) at the
    /// selection: the first line typed, then each next one after an Enter. Where Enter and
    /// typing would do nothing but insert (no block ended by an empty line, no line-start
    /// shortcut), a run of lines goes in with one replacement: the same text, styles, blocks,
    /// caret and typing style, without a tree edit and an undo checkpoint per line (a pasted
    /// log of 4,000 lines made 8,000 edits).
    private mutating func insertLines(_ scalars: [Unicode.Scalar], _ lines: [Range<Int>]) {
        if !lines[0].isEmpty { insertLine(scalars[lines[0]]) }
        var i = 1
        while i < lines.count {
            let end = plainRunEnd(scalars, lines, from: i)
            guard end > i else {
                enter()
                if !lines[i].isEmpty { insertLine(scalars[lines[i]]) }
                i += 1
                continue
            }
            insertRun(scalars, lines[i..<end])
            i = end
        }
    }

    /// The end of the run of lines from `first` that Enter and typing would insert as they are,
    /// at the caret as it is now: `first` itself when its Enter does more (it ends a block on an
    /// empty line, or confirms a code block just opened by its shortcut, whose line is an empty
    /// one too). In a block every line but the run's last must hold text (an Enter on an empty
    /// one ends the block); outside one, no line of the run may be a line-start shortcut (it
    /// would convert its line).
    private func plainRunEnd(_ scalars: [Unicode.Scalar], _ lines: [Range<Int>], from first: Int) -> Int {
        guard selection.isCaret else { return first }
        let caret = selection.focus
        let block = document.block(ofLine: document.lineIndex(at: caret))
        if block != nil, document.lineStart(at: caret) == document.lineEnd(at: caret) { return first }
        var end = first
        while end < lines.count {
            let line = scalars[lines[end]]
            if block == nil {
                if settings.richText, Editor.lineStartShortcut(line) != nil { break }
            } else if line.isEmpty {
                return end + 1
            }
            end += 1
        }
        return end
    }

    /// What Enter and typing do for each of `run` (see `plainRunEnd`), in one replacement: the
    /// line breaks plain, the text in the style Enter carries (the typing style without link or
    /// mention), which typing the lines keeps; every new line takes the caret line's block.
    private mutating func insertRun(_ scalars: [Unicode.Scalar], _ run: ArraySlice<Range<Int>>) {
        guard let first = run.first, let last = run.last, first.lowerBound >= 1 else { return }
        checkpoint(.other)
        var carried = typingStyle
        carried.link = 0
        carried.mention = 0
        let caret = selection.focus
        // The run's text with the line break before each line: a slice of `scalars` as it is.
        let text = scalars[(first.lowerBound - 1)..<last.upperBound]
        let block = document.replace(caret..<caret, with: text, style: carried)
        selection = .caret(caret + text.count)
        let stored = block == .codeBlock ? InlineStyle.plain : carried.normalized()
        if !last.isEmpty {
            pending = nil
            caretFormats = (document.version, selection.focus, block, stored)
        } else {
            // Enter carries the style of the text before it: the typed style once a line of the
            // run held text, else still the one carried at the start.
            let typed = run.dropLast().contains { !$0.isEmpty }
            let style = typed ? stored : carried
            pending = style.isPlain ? nil : PendingStyle(style: style, offset: selection.focus)
        }
        openedCodeBlock = nil
    }

    /// Inserts text holding no line break.
    private mutating func insertLine(_ scalars: ArraySlice<Unicode.Scalar>) {
        guard !scalars.isEmpty else { return }
        openedCodeBlock = nil
        let style = typingStyle
        let range = expandToMentions(selection.range)
        let isSpace = scalars.allSatisfy { $0.isWhitespace }
        let change: UndoHistory.ChangeKind = range.isEmpty && scalars.count == 1
            ? .typing(isSpace: isSpace, at: range.lowerBound, end: range.lowerBound + 1) : .other
        checkpoint(change)
        let block = document.replace(range, with: scalars, style: style)
        selection = .caret(range.lowerBound + scalars.count)
        pending = nil
        // What `activeFormatsKey` would find at the caret: the style the text got (plain on a
        // code-block line) and the line's block; a link or mention has edge rules, left to it.
        let stored = block == .codeBlock ? InlineStyle.plain : style.normalized()
        caretFormats = (document.version, selection.focus, block, stored.link == 0 && stored.mention == 0 ? stored : nil)
        // Every marker ends with a space or a backtick, the character just typed: any other
        // keystroke has no line start to look up.
        if settings.richText, let last = scalars.last, last == " " || last == "`" { applyLineStartShortcut() }
    }

    /// Converts the caret's line when what precedes the caret is exactly a shortcut marker typed
    /// at the start of a line without a block format. The conversion is its own undo step, so undo
    /// gives the typed characters back.
    private mutating func applyLineStartShortcut() {
        let caret = selection.focus
        let line = document.lineIndex(at: caret)
        let start = document.lineStart(ofLine: line)
        guard document.block(ofLine: line) == nil, caret - start >= 2, caret - start <= 3 else { return }
        guard let block = Editor.lineStartShortcut(document.text(in: start..<caret).unicodeScalars) else { return }
        checkpoint(.other)
        document.replace(start..<caret, with: [], style: .plain)
        document.setBlock(block, lines: line...line)
        selection = .caret(start)
        history.breakCoalescing()
        if block == .codeBlock { openedCodeBlock = start }
    }

    /// Splits the line at the caret (after deleting any selection). The new line continues the
    /// line's block; on an empty list, quote or code-block line Enter instead ends the block there.
    /// The current inline formats carry over to the new line. Right after three backticks opened
    /// a code block (nothing else done since), Enter changes nothing: it confirms the block, so
    /// "```", Enter, "code" gives a code block holding "code" (the habit of Slack and GitHub
    /// users); a second Enter on the still empty line ends the block as usual.
    @discardableResult
    public mutating func enter() -> EditorChange {
        let opened = openedCodeBlock
        let mark = beginChange(); defer { endChange(mark) }
        if let opened, selection == .caret(opened), document.block(ofLine: document.lineIndex(at: opened)) == .codeBlock,
           document.lineStart(at: opened) == document.lineEnd(at: opened) {
            history.breakCoalescing()
            return currentChange
        }
        checkpoint(.other)
        if !selection.isCaret { deleteSelectionWithoutCheckpoint() }
        let caret = selection.focus
        let line = document.lineIndex(at: caret)
        if document.block(ofLine: line) != nil, document.lineStart(at: caret) == document.lineEnd(at: caret) {
            document.setBlock(nil, lines: line...line)
            return currentChange
        }
        var carried = typingStyle
        carried.link = 0
        carried.mention = 0
        document.replace(caret..<caret, with: ["\n"], style: .plain)
        selection = .caret(caret + 1)
        pending = carried.isPlain ? nil : PendingStyle(style: carried, offset: caret + 1)
        return currentChange
    }

    /// Deletes the selection, or the grapheme cluster (or whole mention) before the caret. At the
    /// start of a line it joins the line to the previous one (the joined line keeps the first line's
    /// block); at the very start of the text it only removes the first line's block format.
    @discardableResult
    public mutating func deleteBackward() -> EditorChange {
        let mark = beginChange(); defer { endChange(mark) }
        if !selection.isCaret {
            checkpoint(.other)
            deleteSelectionWithoutCheckpoint()
            return currentChange
        }
        let caret = selection.focus
        guard caret > 0 else {
            guard document.block(ofLine: 0) != nil else { return currentChange }
            checkpoint(.other)
            document.setBlock(nil, lines: 0...0)
            return currentChange
        }
        let start: Int
        if let mention = mentionRun(containing: caret - 1) {
            start = mention.lowerBound
        } else if document.scalar(at: caret - 1) == "\n" {
            // A line break is one scalar: a draft holds "\n" only (loading refuses "\r", typing
            // and pasting turn "\r\n" and "\r" into "\n": `normalizingLineBreaks`).
            start = caret - 1
        } else {
            // A cluster may reach into a mention (a combining mark typed after it): the mention goes
            // whole, never in part (its text must stay "@" + name).
            start = expandToMentions(Graphemes.previousBoundary(before: caret, in: document)..<caret).lowerBound
        }
        checkpoint(.deleting(at: start, end: caret))
        // The caret's line afterwards is the one the removal starts on (lines it joins take its block).
        let block = document.replace(start..<caret, with: [], style: .plain)
        selection = .caret(start)
        pending = nil
        caretFormats = (document.version, start, block, nil)
        return currentChange
    }

    /// Deletes the selection, or the grapheme cluster (or whole mention) after the caret; at the
    /// end of a line it joins the next line to this one.
    @discardableResult
    public mutating func deleteForward() -> EditorChange {
        let mark = beginChange(); defer { endChange(mark) }
        if !selection.isCaret {
            checkpoint(.other)
            deleteSelectionWithoutCheckpoint()
            return currentChange
        }
        let caret = selection.focus
        guard caret < document.count else { return currentChange }
        let end: Int
        if let mention = mentionRun(containing: caret) {
            end = mention.upperBound
        } else if document.scalar(at: caret) == "\n" {
            end = caret + 1
        } else {
            end = expandToMentions(caret..<Graphemes.nextBoundary(after: caret, in: document)).upperBound
        }
        checkpoint(.other)
        document.replace(caret..<end, with: [], style: .plain)
        pending = nil
        return currentChange
    }

    mutating func deleteSelectionWithoutCheckpoint() {
        let range = expandToMentions(selection.range)
        document.replace(range, with: [], style: .plain)
        selection = .caret(range.lowerBound)
        pending = nil
    }
}

extension Editor {
    /// The block a line-start shortcut converts its line to, when `prefix` (a line's text before
    /// the caret) is one: "- " or "* " (bullets), "1. " (numbers), "> " (quote), three backticks.
    static func lineStartShortcut<Prefix: Collection<Unicode.Scalar>>(_ prefix: Prefix) -> BlockFormat? {
        guard prefix.count >= 2, prefix.count <= 3 else { return nil }
        var it = prefix.makeIterator()
        let a = it.next(), b = it.next(), c = it.next()
        switch (a, b, c) {
        case ("-", " ", nil), ("*", " ", nil): return .bulletList
        case ("1", ".", " "): return .orderedList
        case (">", " ", nil): return .quote
        case ("`", "`", "`"): return .codeBlock
        default: return nil
        }
    }

    /// Line breaks as the draft keeps them: "\r\n" and a lone "\r" become "\n" (a carriage
    /// return could not survive the wire format inside code).
    static func normalizingLineBreaks(_ text: String) -> String {
        guard text.unicodeScalars.contains("\r") else { return text }
        var out = String.UnicodeScalarView()
        out.append(contentsOf: normalizingLineBreaks(text.scalarArray))
        return String(out)
    }

    /// `normalizingLineBreaks` of scalars.
    static func normalizingLineBreaks(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        guard scalars.contains("\r") else { return scalars }
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(scalars.count)
        var previousCR = false
        for s in scalars {
            if s == "\r" {
                out.append("\n")
                previousCR = true
            } else {
                if !(s == "\n" && previousCR) { out.append(s) }
                previousCR = false
            }
        }
        return out
    }

    /// The ranges of `scalars` between its line breaks (one more than there are line breaks).
    static func lineRanges(of scalars: [Unicode.Scalar]) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var start = 0
        for (i, s) in scalars.enumerated() where s == "\n" {
            lines.append(start..<i)
            start = i + 1
        }
        lines.append(start..<scalars.count)
        return lines
    }
}
