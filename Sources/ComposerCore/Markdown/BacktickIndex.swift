/// The backtick runs of an inline content, built when the first backtick is met, so that every
/// code span finds its closer (the next run of exactly its length) in amortised constant time:
/// per length, a cursor moves forward along a chain of the runs of that length.
struct BacktickIndex {
    /// 12 bytes (32-bit fields: no input is 2^31 bytes long, see `Limits.maxInputBytes`): a
    /// content dense with code spans has a run every two bytes.
    private struct Run {
        private var storedPosition: Int32
        private var storedLength: Int32
        private var storedNext: Int32 = -1

        init(position: Int, length: Int) {
            storedPosition = Int32(truncatingIfNeeded: position)
            storedLength = Int32(truncatingIfNeeded: length)
        }

        var position: Int { Int(storedPosition) }
        var length: Int { Int(storedLength) }
        /// The next run of the same length, -1 for none.
        var next: Int {
            get { Int(storedNext) }
            set { storedNext = Int32(truncatingIfNeeded: newValue) }
        }
    }

    private(set) var isBuilt = false
    /// Maximal runs of backticks, in order.
    private var runs: [Run] = []
    /// Per length, the first run of that length not yet passed (-1 for none).
    private var cursors: [Int] = []

    /// Whether its buffers are small enough to keep between parses (see `ReusePool`).
    var isSmall: Bool { runs.capacity <= 1 << 13 && cursors.capacity <= 1 << 13 }

    /// The bytes its buffers take (their capacity).
    var bufferBytes: Int { runs.capacity * MemoryLayout<Run>.stride + cursors.capacity * MemoryLayout<Int>.stride }

    mutating func reset() {
        guard isBuilt else { return }
        isBuilt = false
        runs.removeAll(keepingCapacity: true)
        cursors.removeAll(keepingCapacity: true)
    }

    /// Indexes the runs of `src` from `start` on (there are none before it).
    mutating func build(_ src: [UInt8], from start: Int) {
        isBuilt = true
        var i = start
        var longest = 0
        // Room for every run at once: one every two bytes at most (see `nodes` in
        // `InlineParser.parse` for why at once).
        InlineParser.reserve(&runs, (src.count - start) / 2 + 1)
        // Read through a pointer: the byte tests are then all the loop does.
        src.withUnsafeBufferPointer { src in
            while i < src.count {
                guard src[i] == UInt8(ascii: "`") else { i += 1; continue }
                let runStart = i
                while i < src.count, src[i] == UInt8(ascii: "`") { i += 1 }
                runs.append(Run(position: runStart, length: i - runStart))
                longest = max(longest, i - runStart)
            }
        }
        cursors.append(contentsOf: repeatElement(-1, count: longest + 1))
        // Chains linked through pointers to the buffers (an array write checks its buffer's
        // uniqueness: two calls a run). Every length indexes `cursors`: none exceeds `longest`.
        runs.withUnsafeMutableBufferPointer { runs in
            cursors.withUnsafeMutableBufferPointer { cursors in
                var k = runs.count - 1
                while k >= 0 {
                    runs[k].next = cursors[runs[k].length]
                    cursors[runs[k].length] = k
                    k -= 1
                }
            }
        }
    }

    /// How many bytes `nearCloser` reads for a closer before the index is built instead.
    static let nearWindow = 256

    /// What a scan for a closer found: where it begins, that there is none, or none within
    /// `nearWindow` bytes (there may be one further).
    enum NearCloser: Equatable {
        case at(Int)
        case none
        case beyondWindow
    }

    /// The first run of exactly `length` backticks in `src` from `from` on (just after a run, so
    /// every run met is whole), reading the runs that start within `nearWindow` bytes.
    static func nearCloser(_ src: [UInt8], from: Int, length: Int) -> NearCloser {
        src.withUnsafeBufferPointer { src in
            var i = Swift.max(from, 0)
            let end = Swift.min(src.count, i + nearWindow)
            while i < end {
                guard src[i] == UInt8(ascii: "`") else { i += 1; continue }
                let runStart = i
                while i < src.count, src[i] == UInt8(ascii: "`") { i += 1 }
                if i - runStart == length { return .at(runStart) }
            }
            return i >= src.count ? .none : .beyondWindow
        }
    }

    /// Where the first run of exactly `length` backticks after `start` begins, if any.
    mutating func closer(after start: Int, length: Int) -> Int? {
        guard length >= 0, length < cursors.count else { return nil }
        var k = cursors[length]
        while k >= 0, runs[k].position <= start { k = runs[k].next }
        cursors[length] = k
        return k >= 0 ? runs[k].position : nil
    }
}
