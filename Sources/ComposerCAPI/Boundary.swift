import ComposerCore

/// Failures at the C boundary: the engine's errors plus the ones only pointers can cause.
enum CAPIError: Error {
    case engine(ComposerError)
    case nullHandle
    case invalidHandle
    case nullArgument(String)
    /// A length-taking string argument holds a zero byte at this offset.
    case zeroByte(String, at: Int)

    var status: MCStatus {
        switch self {
        case .engine(let e): return MCStatus(e)
        case .nullHandle, .invalidHandle: return .invalidHandle
        case .nullArgument: return .nullArgument
        case .zeroByte: return .invalidUTF8
        }
    }

    var message: String {
        switch self {
        case .engine(let e): return e.message
        case .nullHandle: return "draft is NULL"
        case .invalidHandle: return "draft handle is invalid (freed, double-freed or never issued)"
        case .nullArgument(let name): return "\(name) is NULL"
        case .zeroByte(let name, let offset): return "\(name) holds U+0000 at byte \(offset) (a draft cannot hold it)"
        }
    }
}

/// Runs one C entry point: maps any failure to its status and records the message for
/// `mc_last_error()`, prefixed with the function's name. Inlined into each entry point, so that a
/// call that succeeds runs its body with no closure or layer between (a getter's whole cost is a
/// few dozen instructions); what a failure needs is in `fail`, out of the way.
@inline(__always)
func boundary(_ function: String, _ body: () throws(CAPIError) -> Void) -> Int32 {
    do throws(CAPIError) {
        try body()
        return MCStatus.ok.rawValue
    } catch {
        return fail(function, error)
    }
}

/// `boundary` for functions on a draft: a NULL handle is refused before anything else is read,
/// so every draft function reports it the same way.
@inline(__always)
func boundary(_ function: String, _ draft: OpaquePointer?, _ body: () throws(CAPIError) -> Void) -> Int32 {
    do throws(CAPIError) {
        guard draft != nil else { throw .nullHandle }
        try body()
        return MCStatus.ok.rawValue
    } catch {
        return fail(function, draft, error)
    }
}

/// Records a failed call's message and returns its status.
@inline(never)
func fail(_ function: String, _ error: CAPIError) -> Int32 {
    LastError.set("\(cName(function)): \(error.message)")
    return error.status.rawValue
}

/// `fail` for a call on a draft: a refused call (other than for its handle) is also an error
/// event for the draft's listener.
@inline(never)
func fail(_ function: String, _ draft: OpaquePointer?, _ error: CAPIError) -> Int32 {
    let status = fail(function, error)
    if status != MCStatus.invalidHandle.rawValue, let registration = HandleTable.registration(draft) {
        let message = String(cString: LastError.current)
        registration.deliver([.refusal(function: String(cName(function)), status: status, message: message)])
        // The listener may have made failing calls of its own: this call's message wins.
        LastError.set(message)
    }
    return status
}

/// The C function's name: `#function` without its parameter list.
private func cName(_ function: String) -> Substring {
    function.prefix(while: { $0 != "(" })
}

/// Lifts engine errors into boundary errors.
func engine<R>(_ body: () throws(ComposerError) -> R) throws(CAPIError) -> R {
    do throws(ComposerError) {
        return try body()
    } catch {
        throw .engine(error)
    }
}

func requireOut<T>(_ out: UnsafeMutablePointer<T>?, _ name: String) throws(CAPIError) -> UnsafeMutablePointer<T> {
    guard let out else { throw .nullArgument(name) }
    return out
}

/// Hands a string to the caller through `out` (caller frees with `mc_string_free`).
func storeString(_ string: String, _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ name: String) throws(CAPIError) {
    guard let out else { throw .nullArgument(name) }
    out.pointee = CStrings.copy(string)
}

/// Runs `body` on the handle's draft under its lock, for a call that only reads it.
func readDraft<R>(_ handle: OpaquePointer?, _ body: (borrowing DraftState) throws(ComposerError) -> R) throws(CAPIError) -> R {
    try HandleTable.read(handle, body)
}

/// Runs `body` on the handle's draft under its lock.
func withDraft<R>(_ handle: OpaquePointer?, _ body: (inout DraftState) throws(ComposerError) -> R) throws(CAPIError) -> R {
    try HandleTable.with(handle, body)
}
