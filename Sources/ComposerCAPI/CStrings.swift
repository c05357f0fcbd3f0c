import ComposerCore
import Glibc

/// Reading strings from C and handing strings to C: the only place that touches their bytes.
enum CStrings {
    /// Reads a NUL-terminated UTF-8 argument; NULL, invalid UTF-8 and U+0000 are refused, and so
    /// is a string longer than `Limits.maxInputBytes`.
    static func read(_ pointer: UnsafePointer<CChar>?, _ name: String) throws(CAPIError) -> String {
        guard let pointer else { throw .nullArgument(name) }
        return try read(pointer, length: UInt(strlen(pointer)), name)
    }

    /// Reads `length` bytes of UTF-8. U+0000 is refused: strings handed back are NUL-terminated
    /// and could not carry it, so the draft never holds one. A length past `Limits.maxInputBytes`
    /// is refused before a byte is read.
    static func read(_ pointer: UnsafePointer<CChar>?, length: UInt, _ name: String) throws(CAPIError) -> String {
        if length == 0 { return "" }
        guard let pointer else { throw .nullArgument(name) }
        try checkLength(length, name)
        let length = Int(length)
        let bytes = UnsafeRawBufferPointer(start: pointer, count: length).bindMemory(to: UInt8.self)
        // The zero byte by `memchr` and the UTF-8 by the parsers' check, both passing ASCII in
        // blocks: a loop testing each byte for both cost some 20 instructions a byte, a fifth of
        // loading a document. (`String(validating:)` is generic in the standard library: it looked
        // up type metadata at run time on every call, some 900 instructions for one typed
        // character.)
        if let zero = memchr(pointer, 0, length) {
            throw .zeroByte(name, at: UnsafeRawPointer(zero) - UnsafeRawPointer(pointer))
        }
        guard MarkdownParser.isValidUTF8(bytes) else { throw .engine(.invalidUTF8) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Reads a NUL-terminated UTF-8 argument as bytes, for the wire format, which parses bytes:
    /// NULL and invalid UTF-8 are refused as by `read`, without making a `String` of it (the check
    /// passes over runs of ASCII, most of a message, in blocks). They hold no zero byte: the string
    /// ends at its first (the parsers are told so, `zeroFree`).
    /// The bytes are the caller's, read where they are (valid during the call): the parsers copy
    /// them into a buffer they keep.
    static func readUTF8(_ pointer: UnsafePointer<CChar>?, _ name: String) throws(CAPIError) -> UnsafeBufferPointer<UInt8> {
        guard let pointer else { throw .nullArgument(name) }
        let length = strlen(pointer)
        try checkLength(UInt(length), name)
        let bytes = UnsafeRawBufferPointer(start: pointer, count: length).bindMemory(to: UInt8.self)
        guard MarkdownParser.isValidUTF8(bytes) else { throw .engine(.invalidUTF8) }
        return bytes
    }

    /// The engine's input limit, for a string argument of `length` bytes.
    private static func checkLength(_ length: UInt, _ name: String) throws(CAPIError) {
        try engine { () throws(ComposerError) in try Limits.checkInput(byteCount: length, name) }
    }

    /// Reads an optional string argument: NULL means nil.
    static func readOptional(_ pointer: UnsafePointer<CChar>?, _ name: String) throws(CAPIError) -> String? {
        guard let pointer else { return nil }
        return try read(pointer, name)
    }

    /// A malloc'd copy for the caller, freed with `mc_string_free`. `withCString` lends a native
    /// string's own NUL-terminated storage; passing the `String` to `strdup` made an array of it.
    static func copy(_ string: String) -> UnsafeMutablePointer<CChar>? {
        string.withCString { strdup($0) }
    }

    /// A malloc'd copy of JSON the engine wrote as bytes (`JSONText`: UTF-8 without NUL).
    static func copy(_ json: JSONText) -> UnsafeMutablePointer<CChar>? {
        json.withUTF8 { copy(utf8: $0) }
    }

    /// A malloc'd NUL-terminated copy of UTF-8 bytes the engine lends (the wire format's outputs,
    /// `MarkdownParser.parseJSON(utf8:names:_:)`), freed with `mc_string_free`: no detour
    /// through a `String`, whose creation would validate every byte again.
    static func copy(utf8 bytes: UnsafeBufferPointer<UInt8>) -> UnsafeMutablePointer<CChar>? {
        guard let copy = malloc(bytes.count + 1)?.assumingMemoryBound(to: CChar.self) else { return nil }
        if let base = bytes.baseAddress { memcpy(copy, base, bytes.count) }
        copy[bytes.count] = 0
        return copy
    }
}
