/// The link URLs and mentions that the styles of one parse point into, for the outputs that write
/// them as bytes (the document JSON and HTML builders): URLs are kept as UTF-8 ranges of one buffer,
/// so a link costs no `String` and no hashing. Ids count from 1 in order of first use, as in
/// `ValueTable`.
///
/// A link repeating the one before it gets that link's id: two neighbouring links to one URL make
/// one span, as the interning of `ValueTable` makes them. Ids are compared only between neighbouring
/// text (a span or tag goes on while the id stays), so a URL used again further on may get a new id
/// without changing any output.
struct ParsedValues {
    /// The URLs, uids and names, one after another: a byte buffer, which appends by a copy and
    /// empties by setting its count (an array's byte append went through its generic path, and
    /// emptying it keeping its room through `replaceSubrange`). The values stay three fields: the
    /// output buffers holding them move into their pool and out at every parse, and a larger
    /// struct moved by a call to `memmove`.
    private var bytes = ByteBuffer()
    private var links: [StoredLink] = []
    private var mentions: [StoredMention] = []

    /// A link's URL in `bytes`, and whether it holds no byte a JSON string escapes (no `"`, `\\`
    /// or control character): the span writer then copies it as it is (see `writeLink`).
    private struct StoredLink: BitwiseCopyable {
        var start: Int
        var end: Int
        var isJSONText: Bool
    }

    /// A mention's uid and display name in `bytes`.
    private struct StoredMention: BitwiseCopyable {
        var uidStart: Int
        var uidEnd: Int
        var nameStart: Int
        var nameEnd: Int
    }

    init() {}

    /// Forgets every value, keeping the buffers (values reused for the next parse). Most parses
    /// have none: emptying an empty array is a call all the same.
    mutating func removeAll() {
        bytes.removeAll()
        if !links.isEmpty { links.removeAllKeepingCapacity() }
        if !mentions.isEmpty { mentions.removeAllKeepingCapacity() }
    }

    /// The bytes its buffers take (their capacity).
    var bufferBytes: Int {
        bytes.capacity + links.capacity * MemoryLayout<StoredLink>.stride + mentions.capacity * MemoryLayout<StoredMention>.stride
    }

    /// The values of a document, with the same ids.
    init(_ table: ValueTable) {
        for var url in table.links { url.withUTF8 { appendLink($0) } }
        for mention in table.mentions { _ = add(mention: mention) }
    }

    /// The id of link `url` (normalized UTF-8).
    mutating func link(_ url: UnsafeBufferPointer<UInt8>) -> UInt32 {
        if let last = links.last, last.end - last.start == url.count,
           withBytes(last.start, last.end, { ParsedValues.equal($0, url) }) {
            return UInt32(links.count)
        }
        appendLink(url)
        return UInt32(links.count)
    }

    /// Keeps `url` (its escapes looked for 16 bytes at a time).
    private mutating func appendLink(_ url: UnsafeBufferPointer<UInt8>) {
        let start = bytes.count
        bytes.append(contentsOf: url)
        links.append(StoredLink(start: start, end: bytes.count, isJSONText: JSONWriter.needsNoEscape(url)))
    }

    /// Whether `a` holds the bytes of `b`, 8 at a time (`elementsEqual` on slices took some 20
    /// instructions a byte, for every link of a paragraph of links).
    private static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = a.count
        guard n == b.count else { return false }
        guard let p = a.baseAddress, let q = b.baseAddress else { return true }
        @inline(__always) func word(_ r: UnsafePointer<UInt8>, _ i: Int) -> UInt64 { UnsafeRawPointer(r + i).loadUnaligned(as: UInt64.self) }
        guard n >= 8 else { return (0..<n).allSatisfy { p[$0] == q[$0] } }
        var i = 0
        while i + 8 < n {
            guard word(p, i) == word(q, i) else { return false }
            i += 8
        }
        // The last 8 bytes, some of them compared already.
        return word(p, n - 8) == word(q, n - 8)
    }

    /// Link `id`, nil for an unknown id.
    private func storedLink(_ id: UInt32) -> StoredLink? {
        let k = Int(id)
        return k >= 1 && k <= links.count ? links[k - 1] : nil
    }

    /// Mention `id`, nil for an unknown id.
    private func storedMention(_ id: UInt32) -> StoredMention? {
        let k = Int(id)
        return k >= 1 && k <= mentions.count ? mentions[k - 1] : nil
    }

    /// `bytes[start..<end]`, lent to `body`. Every range stored is one `bytes` holds: the lists
    /// only grow until `removeAll`, which forgets the ranges too.
    @inline(__always)
    private func withBytes<R>(_ start: Int, _ end: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
    }

    /// Link `id`'s URL (empty for an unknown id), lent to `body`.
    func withLink<R>(_ id: UInt32, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        guard let link = storedLink(id) else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        return withBytes(link.start, link.end, body)
    }

    /// Link `id`'s URL as a JSON string: copied as it is when it needs no escape, the usual case
    /// (a link repeated throughout a message is written into the span of every use).
    func writeLink(_ id: UInt32, to w: inout ByteCursor) {
        guard let link = storedLink(id) else { return w.putString(EmptyCollection()) }
        bytes.withUnsafeBufferPointer { all in
            let url = UnsafeBufferPointer(rebasing: all[link.start..<link.end])
            if link.isJSONText { w.putQuoted(url) } else { w.putString(url) }
        }
    }

    /// What `writeLink` writes at most.
    func linkBound(_ id: UInt32) -> Int {
        ByteCursor.stringBound(storedLink(id).map { $0.end - $0.start } ?? 0)
    }

    /// Adds one mention instance (mentions are never merged: each is an atomic run).
    mutating func add(mention value: MentionValue) -> UInt32 {
        let uidStart = bytes.count
        ParsedValues.append(value.uid, to: &bytes)
        let nameStart = bytes.count
        ParsedValues.append(value.name, to: &bytes)
        mentions.append(StoredMention(uidStart: uidStart, uidEnd: nameStart, nameStart: nameStart, nameEnd: bytes.count))
        return UInt32(mentions.count)
    }

    private static func append(_ text: String, to bytes: inout ByteBuffer) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Adds a mention whose display name is its uid.
    mutating func add(mentionOfUID uid: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let start = bytes.count
        bytes.append(contentsOf: uid)
        mentions.append(StoredMention(uidStart: start, uidEnd: bytes.count, nameStart: start, nameEnd: bytes.count))
        return UInt32(mentions.count)
    }

    /// Mention `id`'s uid (empty for an unknown id), lent to `body`.
    func withMentionUID<R>(_ id: UInt32, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        guard let m = storedMention(id) else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        return withBytes(m.uidStart, m.uidEnd, body)
    }

    /// Mention `id`'s display name (empty for an unknown id), lent to `body`.
    func withMentionName<R>(_ id: UInt32, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        guard let m = storedMention(id) else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        return withBytes(m.nameStart, m.nameEnd, body)
    }
}
