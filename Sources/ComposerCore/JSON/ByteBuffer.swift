/// A growing byte buffer written through a pointer, for output assembled from many small pieces
/// (the document JSON the parser writes): an append is a capacity test, a store and a count. An
/// array append also checks that its storage is unique, a call per append, which was a large part
/// of writing a paragraph dense with syntax a few bytes at a time.
///
/// The memory belongs to a class instance, so the buffer frees it when the last reference goes;
/// the pointer and the room are kept in the buffer itself (an append reads them without going
/// through the instance). Copies of a buffer share the memory: a buffer has one owner, which
/// writes it and then reads it (`withUnsafeBufferPointer`, `array`). Internal, and used that way
/// only. Sendable for that reason: a buffer changes threads only as its owner does, moved whole
/// (the parser's kept outputs go through `ReusePool`'s lock), never shared.
struct ByteBuffer: ByteOutput, @unchecked Sendable {
    /// Sendable: its pointer never changes, and its bytes are written by the buffer's one owner.
    private final class Owner: @unchecked Sendable {
        let memory: UnsafeMutablePointer<UInt8>

        init(_ memory: UnsafeMutablePointer<UInt8>) { self.memory = memory }

        deinit { memory.deallocate() }
    }

    /// nil, with `base`, for a buffer with no room: a placeholder left where kept buffers were
    /// moved out (every parse and serialization makes a few, `ReusePool`) holds no reference, so
    /// making and dropping it counts no reference up and down (a shared empty instance did, with
    /// an atomic operation each way).
    private var owner: Owner?
    private var base: UnsafeMutablePointer<UInt8>?
    /// The bytes it holds before it grows.
    private(set) var capacity = 0
    /// Bytes written.
    private(set) var count = 0

    /// A buffer with room for `capacity` bytes before it grows.
    init(capacity: Int) {
        allocate(Swift.max(capacity, 64))
    }

    /// A buffer with no room at all, which allocates nothing (a placeholder for one moved out).
    init() {}

    /// Takes new memory of `size` bytes (the bytes written are the caller's to copy).
    private mutating func allocate(_ size: Int) {
        let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
        owner = Owner(memory)
        base = memory
        capacity = size
    }

    /// Empties it, keeping its storage (a buffer reused for the next output).
    mutating func removeAll() { count = 0 }

    var isEmpty: Bool { count == 0 }

    /// Removes the last `n` bytes (all of them when it holds fewer).
    mutating func removeLast(_ n: Int) { count -= Swift.max(0, Swift.min(n, count)) }

    /// Room for `extra` more bytes without growing.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if extra > capacity &- count { grow(extra) }
    }

    /// Moves the bytes into storage with room for `extra` more, at least twice the size.
    @inline(never)
    private mutating func grow(_ extra: Int) {
        let (oldOwner, oldBase) = (owner, base)
        allocate(Swift.max(count + extra, 2 * capacity, 64))
        if let oldBase, count > 0 { base.unsafelyUnwrapped.initialize(from: oldBase, count: count) }
        withExtendedLifetime(oldOwner) {}
    }

    /// Where the next byte goes. Only after a test or a `reserve` that leaves room: with room,
    /// there is memory.
    @inline(__always)
    private var end: UnsafeMutablePointer<UInt8> { base.unsafelyUnwrapped + count }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(1) }
        end.pointee = byte
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
        // Nothing to write: a buffer with no room has no memory to point into.
        guard n > 0 else { return }
        let target = UnsafeMutableRawPointer(end)
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
        } else {
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
                end.pointee = b
                count &+= 1
            }
        }
    }

    /// Writes through a `ByteCursor` over the room left at the end of the buffer (`reserve`
    /// makes it), then counts what it wrote.
    mutating func writeIntoFreeRoom(_ body: (inout ByteCursor) -> Void) {
        if base == nil { grow(1) }
        var cursor = ByteCursor(base: end, capacity: capacity - count)
        body(&cursor)
        count &+= cursor.count
    }

    /// The bytes written so far (valid during `body` only). Inlined: a small body (a link's URL
    /// copied into its span) is then no closure call.
    @inline(__always)
    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        defer { withExtendedLifetime(owner) {} }
        return try body(UnsafeBufferPointer(start: base, count: count))
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
