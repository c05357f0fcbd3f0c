// The document JSON read straight into a text and spans, without a tree of JSON values.
extension JSONParser {
    /// The text and spans of `json` when it is a document in the plain layout: an object with a
    /// string "text" and, optionally, an array "spans" of objects with integers "start" and "end"
    /// (0 <= start <= end, digits only), a known "format" and exactly the value keys that format
    /// takes ("url", "color", or "uid" and "name"); keys in any order and without escapes, any
    /// whitespace, values with any escapes. That is what `Document.json` writes and what hosts send. Nil for anything else,
    /// valid or not: `Document(json:)` then reads the input through `parse` and `JSONObjectReader`,
    /// which accept the rest and word every error, so an input read here is one they would read
    /// into the same text and spans.
    ///
    /// Why: through the tree, a span cost some 6,500 instructions (its object's members array and
    /// key strings, the reader's lookups, then freeing it all), more than half of loading a
    /// document; read here, a few hundred.
    static func readDocumentLayout(_ json: String) -> (text: String, spans: [Span])? {
        var json = json
        return json.withUTF8 { readDocumentLayout(utf8: $0) }
    }

    /// `readDocumentLayout` of UTF-8 bytes (the caller checked they are UTF-8).
    static func readDocumentLayout(utf8 bytes: UnsafeBufferPointer<UInt8>) -> (text: String, spans: [Span])? {
        var parser = JSONParser(bytes: bytes)
        parser.skipWhitespace()
        guard let document = parser.readDocumentObject() else { return nil }
        parser.skipWhitespace()
        return parser.index == bytes.count ? document : nil
    }

    /// The document in the plain layout at `index` (a member's value, `parse(utf8:readingDocumentsAt:)`),
    /// `index` moved past it; nil, `index` left where it was, for anything else.
    mutating func readDocumentValue() -> (text: String, spans: [Span])? {
        let start = index
        guard let document = readDocumentObject() else {
            index = start
            return nil
        }
        return document
    }

    /// The document object at `index`, up to its closing brace.
    private mutating func readDocumentObject() -> (text: String, spans: [Span])? {
        var text: String?
        var spans: [Span]?
        guard take(UInt8(ascii: "{")) else { return nil }
        skipWhitespace()
        if !take(UInt8(ascii: "}")) {
            repeat {
                skipWhitespace()
                guard let key = readKey() else { return nil }
                if matches(key, "text"), text == nil {
                    guard peek(UInt8(ascii: "\"")), let value = try? parseString() else { return nil }
                    text = value
                } else if matches(key, "spans"), spans == nil {
                    guard let value = readSpans() else { return nil }
                    spans = value
                } else {
                    return nil
                }
                skipWhitespace()
            } while take(UInt8(ascii: ","))
            guard take(UInt8(ascii: "}")) else { return nil }
        }
        guard let text else { return nil }
        return (text, spans ?? [])
    }

    /// The array of spans at `index`.
    private mutating func readSpans() -> [Span]? {
        guard take(UInt8(ascii: "[")) else { return nil }
        var spans: [Span] = []
        skipWhitespace()
        if take(UInt8(ascii: "]")) { return spans }
        // A span takes some 40 bytes of JSON at the least.
        spans.reserveCapacity(Swift.min(bytes.count - index, 1 << 20) / 40 + 1)
        repeat {
            skipWhitespace()
            guard let span = readSpan() else { return nil }
            spans.append(span)
            skipWhitespace()
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]")) ? spans : nil
    }

    /// The keys a span object may hold, each a bit of the ones read.
    private enum SpanKey: UInt8 {
        case start = 1, end = 2, format = 4, url = 8, color = 16, uid = 32, name = 64

        var literal: StaticString {
            switch self {
            case .start: return "start"
            case .end: return "end"
            case .format: return "format"
            case .url: return "url"
            case .color: return "color"
            case .uid: return "uid"
            case .name: return "name"
            }
        }

        init(_ key: Document.ValueKey) {
            switch key {
            case .url: self = .url
            case .color: self = .color
            case .uid: self = .uid
            case .name: self = .name
            }
        }
    }

    private static let formatNames = FormatKind.allCases.map { ($0, Array($0.rawValue.utf8)) }

    /// One span object, as `Document.span(from:index:)` reads it when it finds nothing wrong.
    /// Keys and the format's name are matched as bytes (made into strings and matched as such,
    /// they cost more than the rest of the span).
    private mutating func readSpan() -> Span? {
        guard take(UInt8(ascii: "{")) else { return nil }
        var seen: UInt8 = 0
        var start = 0, end = 0
        var kind: FormatKind?
        // The values' strings (no dictionary: a span has one or two).
        var url: String?, color: String?, uid: String?, name: String?
        repeat {
            skipWhitespace()
            guard let keyBytes = readKey(), let key = spanKey(keyBytes), seen & key.rawValue == 0 else { return nil }
            seen |= key.rawValue
            switch key {
            case .start:
                guard let value = readOffset() else { return nil }
                start = value
            case .end:
                guard let value = readOffset() else { return nil }
                end = value
            case .format:
                guard let nameBytes = readPlainString(), let format = formatKind(nameBytes) else { return nil }
                kind = format
            case .url, .color, .uid, .name:
                guard peek(UInt8(ascii: "\"")), let value = try? parseString() else { return nil }
                switch key {
                case .url: url = value
                case .color: color = value
                case .uid: uid = value
                default: name = value
                }
            }
            skipWhitespace()
        } while take(UInt8(ascii: ","))
        guard take(UInt8(ascii: "}")), seen & 7 == 7, let kind, start <= end else { return nil }
        // Exactly the value keys the format takes: a missing one or one too many is an error the
        // reader of the tree words.
        var used: UInt8 = 0
        let format = try? Document.format(kind) { (wanted: Document.ValueKey) throws(ComposerError) -> String in
            let value: String?
            switch wanted {
            case .url: value = url
            case .color: value = color
            case .uid: value = uid
            case .name: value = name
            }
            guard let value else { throw .invalidArgument(wanted.rawValue) }
            used |= SpanKey(wanted).rawValue
            return value
        }
        guard let format, seen == 7 | used else { return nil }
        return Span(start, end, format)
    }

    /// A key's bytes (a key with an escape is left to the tree) and its `:`, the whitespace
    /// after it skipped. Inlined: a span reads three to five keys.
    @inline(__always)
    private mutating func readKey() -> Range<Int>? {
        guard let key = readPlainString() else { return nil }
        skipWhitespace()
        guard take(UInt8(ascii: ":")) else { return nil }
        skipWhitespace()
        return key
    }

    /// The bytes of the string at `index`, its closing quote passed, when it holds no escape and
    /// no control character (as the layout's keys and format names are written).
    private mutating func readPlainString() -> Range<Int>? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let first = index
        index = stringStop(from: index)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        index += 1
        return first..<index - 1
    }

    /// The key `bytes[range]` names: told apart by their first byte and length, then compared
    /// (a loop over `allCases` made an array of them for every key).
    private func spanKey(_ range: Range<Int>) -> SpanKey? {
        guard !range.isEmpty else { return nil }
        let key: SpanKey
        switch (bytes[range.lowerBound], range.count) {
        case (UInt8(ascii: "s"), 5): key = .start
        case (UInt8(ascii: "e"), 3): key = .end
        case (UInt8(ascii: "f"), 6): key = .format
        case (UInt8(ascii: "u"), 3): key = bytes[range.lowerBound + 1] == UInt8(ascii: "r") ? .url : .uid
        case (UInt8(ascii: "c"), 5): key = .color
        case (UInt8(ascii: "n"), 4): key = .name
        default: return nil
        }
        return matches(range, key.literal) ? key : nil
    }

    /// The format `bytes[range]` names (its name's bytes made once, not a string per span).
    private func formatKind(_ range: Range<Int>) -> FormatKind? {
        for (kind, name) in JSONParser.formatNames where name.count == range.count {
            if name.withUnsafeBufferPointer({ matches(range, $0) }) { return kind }
        }
        return nil
    }

    /// Whether `bytes[range]` are `literal`'s.
    @inline(__always)
    private func matches(_ range: Range<Int>, _ literal: StaticString) -> Bool {
        matches(range, UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Whether `bytes[range]` are `name`'s.
    private func matches(_ range: Range<Int>, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard range.count == name.count else { return false }
        var k = 0
        while k < name.count {
            guard bytes[range.lowerBound + k] == name[k] else { return false }
            k += 1
        }
        return true
    }

    /// A span offset: digits only, no leading zero, no fraction or exponent, at most 18 digits
    /// (an `Int` whatever they are). Anything else (a sign, a number out of range, a wrong
    /// type) is left to the tree's reader.
    private mutating func readOffset() -> Int? {
        let first = index
        var value = 0
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            value = value &* 10 &+ Int(bytes[index] &- UInt8(ascii: "0"))
            index += 1
        }
        let digits = index - first
        guard digits > 0, digits <= 18, digits == 1 || bytes[first] != UInt8(ascii: "0") else { return nil }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            return nil
        }
        return value
    }

    @inline(__always)
    private func peek(_ byte: UInt8) -> Bool {
        index < bytes.count && bytes[index] == byte
    }

    /// Moves past `byte` if it is next.
    @inline(__always)
    private mutating func take(_ byte: UInt8) -> Bool {
        guard peek(byte) else { return false }
        index += 1
        return true
    }
}
