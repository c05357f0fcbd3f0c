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
    /// one piece of plain text, and a line started (with format `block`) at each break
    /// (`BrokenLines` reads the lines).
    @inline(__always)
    mutating func writeLines<Output: ParseOutput>(into output: inout Output, block: BlockFormat?) {
        output.appendBrokenLines(src, block: block, unescaped: contentIsUnescaped, ascii: contentIsASCII)
    }
}
