extension Editor {
    /// Applies, removes or toggles a block format on the lines `range` touches (a line has at most
    /// one block format, so applying replaces another). With a caret, toggling a code block or
    /// quote off removes it from the whole contiguous block, and toggling a list to the other list
    /// type converts the whole contiguous list (peer choice 7).
    mutating func formatBlocks(_ action: FormatAction, _ block: BlockFormat, range: Range<Int>) {
        var first = document.lineIndex(at: range.lowerBound)
        var last = document.lineIndex(at: range.upperBound)
        func blocks(_ line: Int) -> BlockFormat? { document.block(ofLine: line) }
        if range.isEmpty, let current = blocks(first) {
            let wholeBlock = (current == block && (block == .codeBlock || block == .quote))
                || (current.isList && block.isList && current != block && action != .remove)
            if wholeBlock {
                while first > 0, blocks(first - 1) == current { first -= 1 }
                while last + 1 < document.lineCount, blocks(last + 1) == current { last += 1 }
            }
        }
        let lines = first...last
        let allHave = lines.allSatisfy { blocks($0) == block }
        let apply: Bool
        switch action {
        case .apply: apply = true
        case .remove: apply = false
        case .toggle: apply = !allHave
        }
        if apply {
            guard !allHave else { return }
            checkpoint(.other)
            document.setBlock(block, lines: lines)
        } else {
            guard lines.contains(where: { blocks($0) == block }) else { return }
            checkpoint(.other)
            for line in lines where blocks(line) == block { document.setBlock(nil, lines: line...line) }
        }
    }
}
