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
    private var linkBytes: [UInt8] = []
    /// Where each link's URL ends in `linkBytes` (it starts where the one before ends).
    private var linkEnds: [Int] = []
    /// Per link, whether its URL holds no byte a JSON string escapes (no `"`, `\\` or control
    /// character): the span writer then copies it as it is (see `writeLink`).
    private var linkIsJSONText: [Bool] = []
    /// Each mention's uid and display name, as UTF-8 ranges of `mentionBytes`.
    private var mentionBytes: [UInt8] = []
    private var mentions: [(uid: Range<Int>, name: Range<Int>)] = []

    init() {}

    /// Forgets every value, keeping the buffers (values reused for the next parse). Most parses
    /// have none: emptying an empty array is a call all the same.
    mutating func removeAll() {
        if !linkEnds.isEmpty {
            linkBytes.removeAll(keepingCapacity: true)
            linkEnds.removeAllKeepingCapacity()
            linkIsJSONText.removeAllKeepingCapacity()
        }
        if !mentions.isEmpty {
            mentionBytes.removeAll(keepingCapacity: true)
            mentions.removeAllKeepingCapacity()
        }
    }

    /// The bytes its buffers take (their capacity).
    var bufferBytes: Int {
        linkBytes.capacity + mentionBytes.capacity + linkEnds.capacity * MemoryLayout<Int>.stride + linkIsJSONText.capacity
            + mentions.capacity * MemoryLayout<(uid: Range<Int>, name: Range<Int>)>.stride
    }

    /// The values of a document, with the same ids.
    init(_ table: ValueTable) {
        for var url in table.links { url.withUTF8 { appendLink($0) } }
        for mention in table.mentions { _ = add(mention: mention) }
    }

    /// The id of link `url` (normalized UTF-8).
    mutating func link(_ url: UnsafeBufferPointer<UInt8>) -> UInt32 {
        if let last = linkRange(UInt32(linkEnds.count)), last.count == url.count,
           linkBytes.withUnsafeBufferPointer({ ParsedValues.equal(UnsafeBufferPointer(rebasing: $0[last]), url) }) {
            return UInt32(linkEnds.count)
        }
        appendLink(url)
        return UInt32(linkEnds.count)
    }

    /// Keeps `url` (its escapes looked for 16 bytes at a time).
    private mutating func appendLink(_ url: UnsafeBufferPointer<UInt8>) {
        linkBytes.append(contentsOf: url)
        linkEnds.append(linkBytes.count)
        linkIsJSONText.append(JSONWriter.needsNoEscape(url))
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

    /// Where link `id`'s URL is in `linkBytes`, nil for an unknown id.
    private func linkRange(_ id: UInt32) -> Range<Int>? {
        let k = Int(id)
        guard k >= 1, k <= linkEnds.count else { return nil }
        return (k >= 2 ? linkEnds[k - 2] : 0)..<linkEnds[k - 1]
    }

    /// Link `id`'s URL, empty for an unknown id.
    func link(_ id: UInt32) -> ArraySlice<UInt8> {
        linkRange(id).map { linkBytes[$0] } ?? []
    }

    /// Link `id`'s URL as a JSON string: copied as it is when it needs no escape, the usual case
    /// (a link repeated throughout a message is written into the span of every use).
    func writeLink(_ id: UInt32, to w: inout ByteCursor) {
        guard let range = linkRange(id) else { return w.putString(EmptyCollection()) }
        linkBytes.withUnsafeBufferPointer { bytes in
            let url = UnsafeBufferPointer(rebasing: bytes[range])
            if linkIsJSONText[Int(id) - 1] { w.putQuoted(url) } else { w.putString(url) }
        }
    }

    /// What `writeLink` writes at most.
    func linkBound(_ id: UInt32) -> Int {
        ByteCursor.stringBound(linkRange(id)?.count ?? 0)
    }

    /// Adds one mention instance (mentions are never merged: each is an atomic run).
    mutating func add(mention value: MentionValue) -> UInt32 {
        let uidStart = mentionBytes.count
        mentionBytes.append(contentsOf: value.uid.utf8)
        let nameStart = mentionBytes.count
        mentionBytes.append(contentsOf: value.name.utf8)
        mentions.append((uidStart..<nameStart, nameStart..<mentionBytes.count))
        return UInt32(mentions.count)
    }

    /// Adds a mention whose display name is its uid.
    mutating func add(mentionOfUID uid: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let start = mentionBytes.count
        mentionBytes.append(contentsOf: uid)
        mentions.append((start..<mentionBytes.count, start..<mentionBytes.count))
        return UInt32(mentions.count)
    }

    /// Mention `id`'s uid, empty for an unknown id.
    func mentionUID(_ id: UInt32) -> ArraySlice<UInt8> {
        id == 0 || Int(id) > mentions.count ? [] : mentionBytes[mentions[Int(id) - 1].uid]
    }

    /// Mention `id`'s display name, empty for an unknown id.
    func mentionName(_ id: UInt32) -> ArraySlice<UInt8> {
        id == 0 || Int(id) > mentions.count ? [] : mentionBytes[mentions[Int(id) - 1].name]
    }
}
