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
        let copy = strdup(message)
        _ = pthread_setspecific(key, copy)
        free(old)
    }

    static var current: UnsafePointer<CChar> {
        if let p = pthread_getspecific(key) { return UnsafePointer(p.assumingMemoryBound(to: CChar.self)) }
        return UnsafePointer(LastErrorFallback.empty)
    }
}
