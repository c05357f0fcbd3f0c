/// The spans a `SpanTracker` finds, appended through a pointer: an append is a capacity test, a
/// store and a count. An array append also checks that its storage is unique, a call per span,
/// which with the append's own bookkeeping was about half of what tracking a span cost in a
/// message of code spans or bold words (a span every few bytes).
///
/// The same ownership as `ByteBuffer`: the storage is a class instance holding the pointer, freed
/// with the last reference; copies share it, and a list has one owner, which appends to it and
/// then reads it. Sendable for that reason (the parser's kept outputs move whole through
/// `ReusePool`'s lock, never shared).
struct SpanList: @unchecked Sendable {
    private final class Storage: @unchecked Sendable {
        let base: UnsafeMutablePointer<FlatSpan>
        let capacity: Int

        init(capacity: Int) {
            self.capacity = Swift.max(capacity, 16)
            base = UnsafeMutablePointer<FlatSpan>.allocate(capacity: self.capacity)
        }

        /// Room for nothing: the first span appended grows the list.
        private init() {
            capacity = 0
            base = UnsafeMutablePointer<FlatSpan>.allocate(capacity: 1)
        }

        static let none = Storage()

        // FlatSpan is a plain value (BitwiseCopyable): nothing to deinitialize.
        deinit { base.deallocate() }
    }

    private var storage: Storage
    private(set) var count = 0

    /// A list with no room, which allocates nothing.
    init() {
        storage = Storage.none
    }

    init(capacity: Int) {
        storage = Storage(capacity: capacity)
    }

    var capacity: Int { storage.capacity }
    var isEmpty: Bool { count == 0 }

    /// Empties it, keeping its room.
    mutating func removeAll() { count = 0 }

    /// Room for `total` spans in all without growing.
    mutating func reserveCapacity(_ total: Int) {
        if total > storage.capacity { grow(total - count) }
    }

    @inline(__always)
    mutating func append(_ span: FlatSpan) {
        if count == storage.capacity { grow(1) }
        (storage.base + count).initialize(to: span)
        count &+= 1
    }

    /// Moves the spans into storage with room for `extra` more, at least twice the size.
    @inline(never)
    private mutating func grow(_ extra: Int) {
        let larger = Storage(capacity: Swift.max(count + extra, 2 * storage.capacity))
        larger.base.initialize(from: storage.base, count: count)
        storage = larger
    }

    /// The spans appended so far (valid during `body` only).
    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<FlatSpan>) throws -> R) rethrows -> R {
        try withExtendedLifetime(storage) {
            try body(UnsafeBufferPointer(start: storage.base, count: count))
        }
    }

    /// Sorts the spans in place.
    mutating func sort(by areInIncreasingOrder: (FlatSpan, FlatSpan) -> Bool) {
        withExtendedLifetime(storage) {
            var all = UnsafeMutableBufferPointer(start: storage.base, count: count)
            all.sort(by: areInIncreasingOrder)
        }
    }

    /// The spans as an array (a copy).
    var array: [FlatSpan] { withUnsafeBufferPointer { Array($0) } }
}
