/// A growing list of plain values (no references inside) written through a pointer, for the
/// parser's working lists (its nodes, delimiter runs and marks, and the spans it finds) and the
/// serializer's (a line's tokens, raw syntax, segments and open marks). An
/// append is a capacity test, a store and a count, and so is a write by index after its bounds
/// check. An array append or element write also checks that its storage is unique, a call each
/// time: in a paragraph dense with emphasis or code spans, one per node, run, mark and span,
/// with its bookkeeping a tenth of the parse.
///
/// The same ownership as `ByteBuffer`: the storage is a class instance holding the pointer, freed
/// with the last reference, and copies share it (no copy on write). A list has one owner, which
/// writes it and reads it; a copy is only ever read, while the owner leaves it as it is (as
/// `InlineParser.flatten` reads the nodes). Sendable for that reason: a list changes threads
/// only as its owner does (the parser's kept buffers move whole through `ReusePool`'s lock).
/// Indices are checked as an array checks them.
struct PlainList<Element: BitwiseCopyable>: @unchecked Sendable {
    /// Frees the elements' memory with the last list that shares it.
    private final class Owner: @unchecked Sendable {
        let memory: UnsafeMutableRawPointer

        init(_ memory: UnsafeMutableRawPointer) { self.memory = memory }

        // Plain values: nothing to deinitialize.
        deinit { memory.deallocate() }
    }

    /// nil, with `base`, until the first room is made: an empty list allocates nothing (the
    /// parser makes empty ones to trade its buffers with the pool's).
    private var owner: Owner?
    /// The elements, held here rather than read through `owner` at every access.
    private var base: UnsafeMutablePointer<Element>?
    private(set) var capacity = 0
    private(set) var count = 0

    /// An empty list with no room (its first append allocates).
    init() {}

    init(capacity: Int) {
        reserveCapacity(capacity)
    }

    var isEmpty: Bool { count == 0 }
    var indices: Range<Int> { 0..<count }

    /// Every index is checked against `count`, and `count` is never above `capacity`, so `base`
    /// is not nil wherever it is read.
    subscript(_ i: Int) -> Element {
        @inline(__always) get {
            precondition(i >= 0 && i < count, "PlainList index out of range")
            return base.unsafelyUnwrapped[i]
        }
        @inline(__always) set {
            precondition(i >= 0 && i < count, "PlainList index out of range")
            base.unsafelyUnwrapped[i] = newValue
        }
    }

    /// Empties it, keeping its room.
    @inline(__always)
    mutating func removeAll() { count = 0 }

    /// Room for `total` elements in all without growing.
    mutating func reserveCapacity(_ total: Int) {
        if total > capacity { grow(total &- count) }
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow(1) }
        (base.unsafelyUnwrapped + count).initialize(to: element)
        count &+= 1
    }

    mutating func append<S: Sequence<Element>>(contentsOf elements: S) {
        for element in elements { append(element) }
    }

    /// The elements at `elements`, in one copy.
    mutating func append(contentsOf elements: UnsafeBufferPointer<Element>) {
        guard let source = elements.baseAddress, !elements.isEmpty else { return }
        if elements.count > capacity &- count { grow(elements.count) }
        (base.unsafelyUnwrapped + count).initialize(from: source, count: elements.count)
        count &+= elements.count
    }

    /// Removes the last element and returns it; the list must not be empty.
    @inline(__always)
    @discardableResult
    mutating func removeLast() -> Element {
        precondition(count > 0, "PlainList is empty")
        count &-= 1
        return base.unsafelyUnwrapped[count]
    }

    /// Removes the last element and returns it, nil when empty.
    @inline(__always)
    mutating func popLast() -> Element? {
        count > 0 ? removeLast() : nil
    }

    /// Moves the elements into memory with room for `extra` more, at least twice the size (and
    /// 16 at least).
    @inline(never)
    private mutating func grow(_ extra: Int) {
        let larger = Swift.max(count + extra, 2 * capacity, 16)
        let memory = UnsafeMutableRawPointer.allocate(byteCount: larger * MemoryLayout<Element>.stride,
                                                      alignment: MemoryLayout<Element>.alignment)
        let elements = memory.bindMemory(to: Element.self, capacity: larger)
        if let base { elements.initialize(from: base, count: count) }
        owner = Owner(memory)
        base = elements
        capacity = larger
    }

    /// The elements (valid during `body` only).
    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        try withExtendedLifetime(owner) {
            try body(UnsafeBufferPointer(start: base, count: count))
        }
    }

    /// The elements, to change in place (valid during `body` only).
    mutating func withUnsafeMutableBufferPointer<R>(_ body: (UnsafeMutableBufferPointer<Element>) throws -> R) rethrows -> R {
        try withExtendedLifetime(owner) {
            try body(UnsafeMutableBufferPointer(start: base, count: count))
        }
    }

    /// The elements, to read and change in place through the pointer without a closure: valid
    /// while the list's owner keeps it, neither appending to it nor letting it go (as
    /// `InlineParser.pairDelimiters` keeps its nodes and delimiter runs while emphasis pairs them).
    var unsafeElements: UnsafeMutableBufferPointer<Element> {
        UnsafeMutableBufferPointer(start: base, count: count)
    }

    /// Sorts the elements in place.
    mutating func sort(by areInIncreasingOrder: (Element, Element) -> Bool) {
        withUnsafeMutableBufferPointer { all in
            var all = all
            all.sort(by: areInIncreasingOrder)
        }
    }
}

/// Read as a collection (`first`, `last`, `contains(where:)`, `indices` and the rest), by the
/// same checked subscript.
extension PlainList: RandomAccessCollection, MutableCollection {
    var startIndex: Int { 0 }
    var endIndex: Int { count }
}

/// Storage that reserves room ahead (`InlineParser.reserve`): the parser's arrays and lists.
protocol ReservableStorage {
    var capacity: Int { get }
    mutating func reserveCapacity(_ total: Int)
}

extension Array: ReservableStorage {}
extension PlainList: ReservableStorage {}

/// The spans a `SpanTracker` finds.
typealias SpanList = PlainList<FlatSpan>
