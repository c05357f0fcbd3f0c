import Testing
@testable import ComposerCore

@Suite struct PlainListTests {
    /// Appends through every growth step keep every element, in order, with room to spare; an
    /// empty list has no room.
    @Test func appendsKeepEveryElementThroughGrowth() {
        var list = PlainList<Int>()
        #expect(list.capacity == 0)
        #expect(list.isEmpty)
        for k in 0..<1_000 {
            list.append(3 * k)
            #expect(list.count == k + 1)
            #expect(list.capacity >= list.count)
        }
        #expect(list.indices.map { list[$0] } == (0..<1_000).map { 3 * $0 })
        list.withUnsafeBufferPointer { #expect(Array($0) == (0..<1_000).map { 3 * $0 }) }
    }

    /// Emptying keeps the room; reserving makes it at once; writes by index stay put.
    @Test func roomIsKeptAndWritesByIndexStay() {
        var list = PlainList<Int>(capacity: 100)
        #expect(list.capacity >= 100)
        let room = list.capacity
        list.append(contentsOf: 0..<50)
        list[7] = -7
        list.withUnsafeMutableBufferPointer { $0[8] = -8 }
        #expect(list[7] == -7 && list[8] == -8 && list[49] == 49)
        list.removeAll()
        #expect(list.isEmpty && list.capacity == room)
        list.reserveCapacity(10 * room)
        #expect(list.capacity >= 10 * room)
        list.append(5)
        #expect(list.count == 1 && list[0] == 5)
    }

    /// `unsafeElements` is the list's own memory: written through it, the list reads the write,
    /// and it covers exactly the elements (none for an empty list).
    @Test func unsafeElementsAreTheListsOwnMemory() {
        var list = PlainList<Int>()
        #expect(list.unsafeElements.count == 0)
        list.append(contentsOf: 0..<20)
        let elements = list.unsafeElements
        #expect(elements.count == 20 && Array(elements) == Array(0..<20))
        elements[3] = -3
        #expect(list[3] == -3)
    }

    /// A sort puts the elements in order in place; a span list sorts to canonical order.
    @Test func sortOrdersInPlace() {
        var list = PlainList<Int>()
        list.append(contentsOf: [5, 3, 9, 1, 3])
        list.sort(by: <)
        #expect(list.indices.map { list[$0] } == [1, 3, 3, 5, 9])
        var spans = SpanList()
        spans.append(FlatSpan(start: 2, end: 4, kind: .italic, key: 1))
        spans.append(FlatSpan(start: 0, end: 4, kind: .strike, key: 1))
        spans.append(FlatSpan(start: 0, end: 4, kind: .bold, key: 1))
        spans.sort(by: <)
        #expect(spans.indices.map { spans[$0].kind } == [.bold, .strike, .italic])
    }

    /// A buffer is appended whole, through growth; the last elements come off in order; the list
    /// reads as a collection of its elements.
    @Test func bulkAppendsPopsAndCollectionReads() {
        var list = PlainList<Int>()
        let source = Array(0..<100)
        source.withUnsafeBufferPointer { list.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<3])) }
        source.withUnsafeBufferPointer { list.append(contentsOf: UnsafeBufferPointer(rebasing: $0[3...])) }
        list.append(contentsOf: UnsafeBufferPointer(start: nil, count: 0))
        #expect(Array(list) == source)
        #expect(list.first == 0 && list.last == 99 && list.contains(where: { $0 == 42 }))
        #expect(list.removeLast() == 99 && list.popLast() == 98 && list.count == 98)
        while list.popLast() != nil {}
        #expect(list.isEmpty && list.popLast() == nil && list.first == nil)
    }

    /// A byte list takes what the byte writers write: bytes, buffers, slices and literals.
    @Test func aByteListIsAByteOutput() {
        var bytes = PlainList<UInt8>()
        bytes.append(UInt8(ascii: "<"))
        bytes.append("@uid:")
        bytes.append(contentsOf: Array("u42>".utf8)[...])
        UTF8Bytes.appendColor(0xABCDEF, to: &bytes)
        #expect(String(decoding: Array(bytes), as: UTF8.self) == "<@uid:u42>#abcdef")
    }
}

/// A read or write past the end, or before the start, stops the process (as an array's does)
/// rather than reaching memory the list does not hold: the bounds checks are the list's safety,
/// so each is seen trapping, in a child process of its own (Swift Testing's exit tests).
@Suite struct PlainListBoundsTests {
    @Test func aReadPastTheEndTraps() async {
        await #expect(processExitsWith: .failure) {
            var list = PlainList<Int>(capacity: 8)
            list.append(1)
            _ = list[1]
        }
    }

    @Test func aReadBeforeTheStartTraps() async {
        await #expect(processExitsWith: .failure) {
            var list = PlainList<Int>(capacity: 8)
            list.append(1)
            _ = list[-1]
        }
    }

    @Test func removingTheLastOfAnEmptyListTraps() async {
        await #expect(processExitsWith: .failure) {
            var list = PlainList<Int>(capacity: 8)
            list.append(1)
            list.removeLast()
            list.removeLast()
        }
    }

    @Test func aWritePastTheEndTraps() async {
        await #expect(processExitsWith: .failure) {
            var list = PlainList<Int>(capacity: 8)
            list.append(1)
            list[1] = 2
        }
    }
}
