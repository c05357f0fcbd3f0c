// Glue between Swift values and the C calling conventions of the header: NUL-terminated strings
// in, library-owned strings out (freed with mc_string_free), status names. The harness calls the
// exported `mc_*` functions (module ComposerCAPI) exactly as a C host would, with the same
// argument types; nothing here depends on the engine.
import ComposerCAPI

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The statuses of message_composer.h (values are never renumbered).
enum Status {
    static let ok: Int32 = 0
    static let invalidHandle: Int32 = -3
    static let notAllowed: Int32 = -9
    static let limitExceeded: Int32 = -10
    /// The status's name from the library (mc_status_name); nil for a value the header does not define.
    static func documentedName(_ status: Int32) -> String? {
        let name = String(cString: mc_status_name(status))
        return name.hasPrefix("MC_") ? name : nil
    }

    static func name(_ status: Int32) -> String { documentedName(status) ?? "unknown status \(status)" }
}

/// Event kinds the checks look for (MC_EVENT_*). ERROR and BANNER are the only events a refused
/// call may cause; a change of the text or of the selection must be heard (TEXT, SELECTION).
enum Event {
    static let text: Int32 = 0
    static let selection: Int32 = 1
    static let banner: Int32 = 9
    static let error: Int32 = 10
}

/// Calls `body` with `bytes` as a NUL-terminated C string (NULL for nil). Bytes after an embedded
/// NUL are invisible to the callee, as in C.
func withCString<R>(_ bytes: [UInt8]?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
    guard let bytes else { return body(nil) }
    return (bytes + [0]).withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress) }
    }
}

/// Calls `body` with the bytes and their count (for the `_n` variants; NULL for nil).
func withBytes<R>(_ bytes: [UInt8]?, _ body: (UnsafePointer<CChar>?, UInt) -> R) -> R {
    guard let bytes else { return body(nil, 0) }
    return bytes.withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress, UInt(buffer.count)) }
    }
}

/// A string the library returned: its bytes (nil for a NULL pointer), freed with mc_string_free.
func takeBytes(_ pointer: UnsafeMutablePointer<CChar>?) -> [UInt8]? {
    guard let pointer else { return nil }
    defer { mc_string_free(pointer) }
    return Array(UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)))
}

/// Calls a getter of shape `f(out)` with a real out-parameter; returns the status and the string
/// (nil when NULL or when the returned bytes are not UTF-8: the caller reports that).
func getString(_ call: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32) -> (Int32, String?, valid: Bool) {
    var out: UnsafeMutablePointer<CChar>? = nil
    let status = call(&out)
    guard let bytes = takeBytes(out) else { return (status, nil, true) }
    guard let string = String(validating: bytes, as: UTF8.self) else { return (status, nil, false) }
    return (status, string, true)
}

/// `bytes` as a C string literal for traces: printable ASCII as is, other bytes as three-digit
/// octal escapes (unlike \x, an octal escape cannot swallow the characters after it).
func cLiteral(_ bytes: [UInt8]?) -> String {
    guard let bytes else { return "NULL" }
    var out = "\""
    for b in bytes {
        switch b {
        case UInt8(ascii: "\""): out += "\\\""
        case UInt8(ascii: "\\"): out += "\\\\"
        case UInt8(ascii: "\n"): out += "\\n"
        case 0x20..<0x7F: out.unicodeScalars.append(Unicode.Scalar(b))
        default:
            let octal = String(b, radix: 8)
            out += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
        }
    }
    return out + "\""
}

/// The number of Unicode scalars in valid UTF-8.
func scalarCount(_ s: String) -> Int64 { Int64(s.unicodeScalars.count) }
