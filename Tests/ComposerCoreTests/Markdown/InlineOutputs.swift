@testable import ComposerCore

/// What the inline parser writes of paragraph content, for the tests that compare its fast paths
/// with its general path.
enum InlineOutputs {
    /// The document JSON and the HTML of `content` as a paragraph's content after a line of
    /// `block`: through `parse`, or through the general path only (`general`: no whole-content
    /// shortcuts), with the one-step read of emphasis pairs on or off (`closedEmphasis`).
    static func of(_ content: [UInt8], block: BlockFormat? = .quote, general: Bool = false,
                   closedEmphasis: Bool = true) -> (json: String, html: String) {
        func write<Output: ParseOutput>(into output: inout Output) {
            var parser = InlineParser()
            parser.readsClosedEmphasis = closedEmphasis
            parser.beginContent(capacity: content.count)
            parser.appendContent(content, 0..<content.count)
            output.startLine(block)
            if general {
                parser.prepareContent()
                parser.parseTokens(into: &output, block: block, names: [:])
            } else {
                parser.parse(into: &output, block: block, names: [:])
            }
        }
        var json = DocumentJSONBuilder(capacity: content.count)
        write(into: &json)
        var html = HTMLBuilder(capacity: content.count)
        write(into: &html)
        return (json.finish { String(decoding: $0, as: UTF8.self) }, html.finish { String(decoding: $0, as: UTF8.self) })
    }
}
