// Content whose only syntax is line breaks (a paragraph of several plain lines, a run of `a\`
// hard breaks): written line by line, without tokens or nodes.
extension InlineParser {
    /// Whether the content holds no special character but line breaks (`\n`, and a `\\` right
    /// before one) and a `\\` that ends it, given `plainEnd`, where its first special character is.
    @inline(__always)
    func onlyLineBreaks(from plainEnd: Int) -> Bool {
        guard plainEnd < src.count, src[plainEnd] == 0x0A || src[plainEnd] == UInt8(ascii: "\\") else { return false }
        return ByteScan.lineBreakRunEnd(src, from: plainEnd) == src.count
    }

    /// Writes content that `onlyLineBreaks` passes as `tokenize` and `flatten` would: each line as
    /// one piece of plain text, and a line started (with format `block`) at each break. A soft
    /// break drops the spaces and tabs before it (`handleNewline`), a hard one its backslash only; either
    /// way the next line's leading spaces and tabs go (`skipLineIndent`).
    mutating func writeLines<Output: ParseOutput>(into output: inout Output, block: BlockFormat?) {
        let count = src.count
        var start = 0
        while true {
            let end = ByteScan.firstIndex(of: 0x0A, in: src, from: start)
            guard end < count else { return writeLastLine(start, into: &output) }
            var textEnd = end
            if textEnd > start, src[textEnd - 1] == UInt8(ascii: "\\") {
                textEnd -= 1
            } else {
                while textEnd > start, src[textEnd - 1] == 0x20 || src[textEnd - 1] == 0x09 { textEnd -= 1 }
            }
            appendSource(start..<textEnd, style: .plain, to: &output)
            output.startLine(block)
            start = end + 1
            while start < count, src[start] == 0x20 || src[start] == 0x09 { start += 1 }
        }
    }

    /// The line from `start` to the end. A backslash ending the content escapes nothing and stays
    /// (`handleBackslash`): text the output must escape, unlike the rest of the content.
    private func writeLastLine<Output: ParseOutput>(_ start: Int, into output: inout Output) {
        if start < src.count, src[src.count - 1] == UInt8(ascii: "\\") {
            output.append(src[start..<src.count], style: .plain)
        } else {
            appendSource(start..<src.count, style: .plain, to: &output)
        }
    }
}
