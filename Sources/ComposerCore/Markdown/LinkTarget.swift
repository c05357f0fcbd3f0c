/// A parsed link destination made a document link: `LinkPolicy.normalize`, with the answer for the
/// common case read from the bytes first. Almost every link a chat message carries is
/// `http(s)://host…` in printable ASCII, which `LinkPolicy` would return unchanged; building the
/// scalars and scheme strings it checks costs more than the rest of parsing the message.
enum LinkTarget {
    /// The normalized URL, or nil when `LinkPolicy` refuses the destination.
    static func normalize(_ destination: ArraySlice<UInt8>) -> String? {
        if isPlainWebURL(destination) { return String(decoding: destination, as: UTF8.self) }
        return try? LinkPolicy.normalize(String(decoding: destination, as: UTF8.self))
    }

    /// `http://` or `https://` (lower case), then a character other than `/`, all of it printable
    /// ASCII without the characters `LinkPolicy` forbids (`< > \ " \``), at most 4096 long: a URL
    /// that `LinkPolicy.normalize` accepts as it is.
    static func isPlainWebURL(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard bytes.count <= 4096 else { return false }
        let scheme: Int
        if hasPrefix(bytes, "https://") {
            scheme = 8
        } else if hasPrefix(bytes, "http://") {
            scheme = 7
        } else {
            return false
        }
        guard scheme < bytes.count, bytes[bytes.startIndex + scheme] != UInt8(ascii: "/") else { return false }
        for b in bytes {
            switch b {
            case 0x21...0x7E where b != UInt8(ascii: "<") && b != UInt8(ascii: ">") && b != UInt8(ascii: "\\")
                && b != UInt8(ascii: "\"") && b != UInt8(ascii: "`"):
                continue
            default:
                return false
            }
        }
        return true
    }

    private static func hasPrefix(_ bytes: ArraySlice<UInt8>, _ prefix: StaticString) -> Bool {
        prefix.withUTF8Buffer { p in bytes.count >= p.count && bytes.prefix(p.count).elementsEqual(p) }
    }
}
