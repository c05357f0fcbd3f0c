import ComposerCore
import Glibc

nonisolated(unsafe) private let versionString: UnsafeMutablePointer<CChar>? = strdup(LibraryVersion.string)

/// Returns the library version as "MAJOR.MINOR.PATCH" (compare with MC_VERSION_STRING).
/// The string is owned by the library and lives as long as the process; never NULL.
@_cdecl("mc_version")
public func mc_version() -> UnsafePointer<CChar> {
    UnsafePointer(versionString ?? LastErrorFallback.empty)
}

/// Returns the ABI version: the SONAME's major number (compare with MC_ABI_VERSION to detect a
/// header / library mismatch at run time).
@_cdecl("mc_abi_version")
public func mc_abi_version() -> UInt32 {
    UInt32(LibraryVersion.abi)
}

/// Returns the message of the calling thread's last failed call ("" before any failure).
/// Owned by the library: valid until the next failing call on this thread; never NULL.
/// Successful calls leave it unchanged.
@_cdecl("mc_last_error")
public func mc_last_error() -> UnsafePointer<CChar> {
    LastError.current
}

/// Returns the name of the status code `status`: "MC_OK", "MC_ERR_INVALID_HANDLE" and so on for
/// every code of this header, and "(unknown mc_status)" for any other value (a code from a newer
/// library, or not a status at all). The string is static: owned by the library, valid for the
/// life of the process, never NULL. It never fails and leaves mc_last_error() unchanged.
@_cdecl("mc_status_name")
public func mc_status_name(_ status: Int32) -> UnsafePointer<CChar> {
    let name: StaticString = MCStatus(rawValue: status)?.staticName ?? "(unknown mc_status)"
    // Literals of more than one character always have a pointer; the check keeps utf8Start from trapping.
    guard name.hasPointerRepresentation else { return UnsafePointer(LastErrorFallback.empty) }
    return UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
}

/// Frees a string that the library returned through a `char **` out-parameter.
/// Accepts NULL (does nothing).
@_cdecl("mc_string_free")
public func mc_string_free(_ s: UnsafeMutablePointer<CChar>?) {
    free(s)
}

/// Converts an offset into the NUL-terminated UTF-8 string `utf8` from one unit to another
/// (MC_UNIT_SCALAR, MC_UNIT_UTF16, MC_UNIT_UTF8) and stores it in `*out_offset`.
/// Errors: MC_ERR_NULL_ARGUMENT (utf8 or out_offset NULL), MC_ERR_INVALID_UTF8,
/// MC_ERR_INVALID_ARGUMENT (unknown unit), MC_ERR_OUT_OF_RANGE (negative, past the end, or inside
/// a character: half a surrogate pair, the middle of a UTF-8 sequence), MC_ERR_LIMIT_EXCEEDED (utf8
/// longer than MC_MAX_INPUT_BYTES).
@_cdecl("mc_convert_offset")
public func mc_convert_offset(_ utf8: UnsafePointer<CChar>?, _ offset: Int64, _ from_unit: Int32, _ to_unit: Int32,
                              _ out_offset: UnsafeMutablePointer<Int64>?) -> Int32 {
    boundary(#function) { () throws(CAPIError) in
        let text = try CStrings.read(utf8, "utf8")
        let out = try requireOut(out_offset, "out_offset")
        let (from, to) = try units(from_unit, to_unit)
        out.pointee = Int64(try engine { () throws(ComposerError) in
            try OffsetConversion.convert(Int(offset), from: from, to: to, in: text.unicodeScalars)
        })
    }
}

func units(_ from: Int32, _ to: Int32) throws(CAPIError) -> (TextUnit, TextUnit) {
    guard let f = TextUnit(rawValue: from) else { throw .engine(.invalidArgument("unknown unit \(from)")) }
    guard let t = TextUnit(rawValue: to) else { throw .engine(.invalidArgument("unknown unit \(to)")) }
    return (f, t)
}

enum LastErrorFallback {
    nonisolated(unsafe) static let empty: UnsafeMutablePointer<CChar> = {
        let p = UnsafeMutablePointer<CChar>.allocate(capacity: 1)
        p.initialize(to: 0)
        return p
    }()
}
