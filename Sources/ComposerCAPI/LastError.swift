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
        var message = message
        let copy = message.withUTF8 { cCopy(replacingNULs: $0) }
        _ = pthread_setspecific(key, copy)
        free(old)
    }

    /// A malloc'd NUL-terminated copy of UTF-8 `bytes` in which each U+0000 (quoted from the
    /// caller's input; it would cut the C string short) becomes U+FFFD. U+0000 is the byte 0 alone
    /// in UTF-8, so the bytes are copied as they are, with each 0 written as EF BF BD: one pass
    /// over bytes, where mapping the message's scalars and making a string of them cost some
    /// twenty instructions per byte of a long message.
    private static func cCopy(replacingNULs bytes: UnsafeBufferPointer<UInt8>) -> UnsafeMutablePointer<CChar>? {
        var nuls = 0
        for b in bytes where b == 0 { nuls += 1 }
        guard let copy = malloc(bytes.count + 2 * nuls + 1)?.assumingMemoryBound(to: UInt8.self) else { return nil }
        if nuls == 0 {
            if let base = bytes.baseAddress { memcpy(copy, base, bytes.count) }
            copy[bytes.count] = 0
        } else {
            var k = 0
            for b in bytes {
                if b == 0 {
                    copy[k] = 0xEF
                    copy[k + 1] = 0xBF
                    copy[k + 2] = 0xBD
                    k += 3
                } else {
                    copy[k] = b
                    k += 1
                }
            }
            copy[k] = 0
        }
        return UnsafeMutableRawPointer(copy).assumingMemoryBound(to: CChar.self)
    }

    static var current: UnsafePointer<CChar> {
        if let p = pthread_getspecific(key) { return UnsafePointer(p.assumingMemoryBound(to: CChar.self)) }
        return UnsafePointer(LastErrorFallback.empty)
    }
}
