import Glibc

/// The calling thread's last failure message, as a C string owned by the library. Kept in a
/// pthread key so threads never share (or lock) it; freed when the thread exits.
enum LastError {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        _ = pthread_key_create(&key) { pointer in free(pointer) }
        return key
    }()

    static func set(_ message: String) {
        let old = pthread_getspecific(key)
        // A U+0000 quoted from the caller's input would cut the C string short.
        let copy = strdup(String(String.UnicodeScalarView(message.unicodeScalars.map { $0 == "\u{0}" ? "\u{FFFD}" : $0 })))
        _ = pthread_setspecific(key, copy)
        free(old)
    }

    static var current: UnsafePointer<CChar> {
        if let p = pthread_getspecific(key) { return UnsafePointer(p.assumingMemoryBound(to: CChar.self)) }
        return UnsafePointer(LastErrorFallback.empty)
    }
}
