/// A parsed link destination made a document link: `LinkPolicy.normalize`, with the answer for the
/// common case read from the bytes first. Almost every link a chat message carries is
/// `http(s)://host…` in printable ASCII, which `LinkPolicy` would return unchanged; building the
/// scalars and scheme strings it checks costs more than the rest of parsing the message.
enum LinkTarget {
    /// Appends the normalized URL to `out`; false (nothing appended) when `LinkPolicy` refuses
    /// the destination.
    static func normalize(_ destination: ArraySlice<UInt8>, into out: inout [UInt8]) -> Bool {
        if isPlainWebURL(destination) {
            out.append(contentsOf: destination)
            return true
        }
        guard mayBeAccepted(destination) else { return false }
        guard let url = try? LinkPolicy.normalize(String(decoding: destination, as: UTF8.self)) else { return false }
        out.append(contentsOf: url.utf8)
        return true
    }

    /// False for a destination `LinkPolicy` refuses for want of a scheme and a host: without a
    /// ':' there is no scheme, and without a '.' no host name (`label(.label)+`). `LinkPolicy`
    /// would refuse it after building an error message this would throw away.
    static func mayBeAccepted(_ destination: ArraySlice<UInt8>) -> Bool {
        destination.contains(UInt8(ascii: ":")) || destination.contains(UInt8(ascii: "."))
    }

    /// `http://` or `https://` (lower case), then a character other than `/`, all of it printable
    /// ASCII without the characters `LinkPolicy` forbids (`< > \ " \``), at most 4096 long: a URL
    /// that `LinkPolicy.normalize` accepts as it is.
    static func isPlainWebURL(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBufferPointer { isPlainWebURL($0) }
    }

    /// `isPlainWebURL` of bytes in memory (the parser's source, read without a slice).
    static func isPlainWebURL(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count <= 4096, let base = bytes.baseAddress else { return false }
        // The scheme as one 8-byte word, little-endian ("http://" in its first seven bytes).
        guard bytes.count >= 8 else { return false }
        let word = UnsafeRawPointer(base).loadUnaligned(as: UInt64.self)
        let scheme: Int
        if word == 0x2F2F_3A73_7074_7468 {
            scheme = 8
        } else if word & 0x00FF_FFFF_FFFF_FFFF == 0x002F_2F3A_7074_7468 {
            scheme = 7
        } else {
            return false
        }
        guard scheme < bytes.count, base[scheme] != UInt8(ascii: "/") else { return false }
        return ByteScan.isPlainURLText(bytes)
    }
}
