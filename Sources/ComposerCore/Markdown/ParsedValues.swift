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
    /// Each mention's uid and display name, as UTF-8 ranges of `mentionBytes`.
    private var mentionBytes: [UInt8] = []
    private var mentions: [(uid: Range<Int>, name: Range<Int>)] = []

    init() {}

    /// The values of a document, with the same ids.
    init(_ table: ValueTable) {
        for url in table.links {
            linkBytes.append(contentsOf: url.utf8)
            linkEnds.append(linkBytes.count)
        }
        for mention in table.mentions { _ = add(mention: mention) }
    }

    /// The id of link `url` (normalized UTF-8).
    mutating func link(_ url: ArraySlice<UInt8>) -> UInt32 {
        if !linkEnds.isEmpty {
            let last = link(UInt32(linkEnds.count))
            if last.count == url.count, last.elementsEqual(url) { return UInt32(linkEnds.count) }
        }
        linkBytes.append(contentsOf: url)
        linkEnds.append(linkBytes.count)
        return UInt32(linkEnds.count)
    }

    /// Link `id`'s URL, empty for an unknown id.
    func link(_ id: UInt32) -> ArraySlice<UInt8> {
        let k = Int(id)
        guard k >= 1, k <= linkEnds.count else { return [] }
        return linkBytes[(k >= 2 ? linkEnds[k - 2] : 0)..<linkEnds[k - 1]]
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
    mutating func add(mentionOfUID uid: ArraySlice<UInt8>) -> UInt32 {
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
