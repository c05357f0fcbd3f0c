/// A growing byte buffer written through a pointer, for output assembled from many small pieces
/// (the document JSON the parser writes): an append is a capacity test, a store and a count. An
/// array append also checks that its storage is unique, a call per append, which was a large part
/// of writing a paragraph dense with syntax a few bytes at a time.
///
/// The storage is a class instance holding the pointer, so the buffer frees it when the last
/// reference goes. Copies of a buffer share it: a buffer has one owner, which writes it and then
/// reads it (`withUnsafeBufferPointer`, `array`). Internal, and used that way only. Sendable for
/// that reason: a buffer changes threads only as its owner does, moved whole (the parser's kept
/// outputs go through `ReusePool`'s lock), never shared.
struct ByteBuffer: ByteOutput, @unchecked Sendable {
    /// Sendable: its properties never change, and its bytes are written by the buffer's one owner.
    private final class Storage: @unchecked Sendable {
        let base: UnsafeMutablePointer<UInt8>
        let capacity: Int

        init(capacity: Int) {
            self.capacity = Swift.max(capacity, 64)
            base = UnsafeMutablePointer<UInt8>.allocate(capacity: self.capacity)
        }

        /// Room for nothing: the first byte written grows the buffer, so nothing is ever written
        /// into it.
        private init() {
            capacity = 0
            base = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        }

        static let none = Storage()

        deinit { base.deallocate() }
    }

    private var storage: Storage
    /// Bytes written.
    private(set) var count = 0

    /// A buffer with room for `capacity` bytes before it grows.
    init(capacity: Int) {
        storage = Storage(capacity: capacity)
    }

    /// A buffer with no room at all, which allocates nothing (a placeholder for one moved out).
    init() {
        storage = Storage.none
    }

    /// The bytes it holds before it grows.
    var capacity: Int { storage.capacity }

    /// Empties it, keeping its storage (a buffer reused for the next output).
    mutating func removeAll() { count = 0 }

    var isEmpty: Bool { count == 0 }

    /// Removes the last `n` bytes (all of them when it holds fewer).
    mutating func removeLast(_ n: Int) { count -= Swift.max(0, Swift.min(n, count)) }

    /// Room for `extra` more bytes without growing.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if extra > storage.capacity &- count { grow(extra) }
    }

    /// Moves the bytes into storage with room for `extra` more, at least twice the size.
    @inline(never)
    private mutating func grow(_ extra: Int) {
        let larger = Storage(capacity: Swift.max(count + extra, 2 * storage.capacity))
        larger.base.initialize(from: storage.base, count: count)
        storage = larger
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == storage.capacity { grow(1) }
        storage.base[count] = byte
        count &+= 1
    }

    @inline(__always)
    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        put(source, bytes.count)
    }

    @inline(__always)
    mutating func append(contentsOf bytes: ArraySlice<UInt8>) { append(bytes) }

    @inline(__always)
    mutating func append(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBufferPointer { append(contentsOf: $0) }
    }

    /// The `n` bytes at `source`. Every append of bytes comes here. Up to 16 bytes (a word, a
    /// piece of text between two marks) are moved as two overlapping words of 8 or 4 bytes, or
    /// byte by byte (some moved twice): a call to `memmove` cost more than such a piece itself.
    @inline(__always)
    mutating func put(_ source: UnsafePointer<UInt8>, _ n: Int) {
        reserve(n)
        let target = UnsafeMutableRawPointer(storage.base + count)
        let from = UnsafeRawPointer(source)
        if n > 16 {
            target.copyMemory(from: from, byteCount: n)
        } else if n >= 8 {
            let first = from.loadUnaligned(as: UInt64.self), last = from.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self)
            target.storeBytes(of: first, as: UInt64.self)
            target.storeBytes(of: last, toByteOffset: n &- 8, as: UInt64.self)
        } else if n >= 4 {
            let first = from.loadUnaligned(as: UInt32.self), last = from.loadUnaligned(fromByteOffset: n &- 4, as: UInt32.self)
            target.storeBytes(of: first, as: UInt32.self)
            target.storeBytes(of: last, toByteOffset: n &- 4, as: UInt32.self)
        } else if n > 0 {
            // 1 to 3 bytes: the first, the middle and the last (the same byte more than once).
            let first = source[0], middle = source[n &>> 1], last = source[n &- 1]
            target.storeBytes(of: first, as: UInt8.self)
            target.storeBytes(of: middle, toByteOffset: n &>> 1, as: UInt8.self)
            target.storeBytes(of: last, toByteOffset: n &- 1, as: UInt8.self)
        }
        count &+= n
    }

    /// An ASCII literal; a short one byte by byte.
    @inline(__always)
    mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { bytes in
            guard bytes.count <= 8 else { return append(contentsOf: bytes) }
            reserve(bytes.count)
            for b in bytes {
                storage.base[count] = b
                count &+= 1
            }
        }
    }

    /// Writes through a `ByteCursor` over the room left at the end of the buffer (`reserve`
    /// makes it), then counts what it wrote.
    mutating func writeIntoFreeRoom(_ body: (inout ByteCursor) -> Void) {
        var cursor = ByteCursor(base: storage.base + count, capacity: storage.capacity - count)
        body(&cursor)
        count &+= cursor.count
    }

    /// The bytes written so far (valid during `body` only). Inlined: a small body (a link's URL
    /// copied into its span) is then no closure call.
    @inline(__always)
    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        defer { withExtendedLifetime(storage) {} }
        return try body(UnsafeBufferPointer(start: storage.base, count: count))
    }

    /// The bytes written so far, as an array (a copy).
    var array: [UInt8] { withUnsafeBufferPointer { Array($0) } }
}

/// What the JSON and HTML writers append to: an array, or a `ByteBuffer`.
protocol ByteOutput {
    mutating func append(_ byte: UInt8)
    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>)
    mutating func append(contentsOf bytes: ArraySlice<UInt8>)
    /// An ASCII literal.
    mutating func append(_ literal: StaticString)
}

extension PlainList: ByteOutput where Element == UInt8 {
    mutating func append(contentsOf bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBufferPointer { append(contentsOf: $0) }
    }

    mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { append(contentsOf: $0) }
    }
}

extension Array: ByteOutput where Element == UInt8 {
    mutating func append(_ literal: StaticString) { UTF8Bytes.append(literal, to: &self) }
}

extension UnsafeMutablePointer<UInt8> {
    /// Copies the `n` bytes at `source` here: a few one by one (a `memmove` call costs more than
    /// they do), more as one copy. The byte writers (`ByteBuffer`, `ByteCursor`) copy through it.
    @inline(__always)
    func copyBytes(from source: UnsafePointer<UInt8>, count n: Int) {
        if n <= 8 {
            var i = 0
            while i < n {
                self[i] = source[i]
                i &+= 1
            }
        } else {
            update(from: source, count: n)
        }
    }
}
