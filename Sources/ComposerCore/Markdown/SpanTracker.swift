/// A canonical span before its value is looked up: the format kind and its key in the style
/// (1 for flags, the link, colour or mention id, the block format's raw value). A plain value, so
/// finding and sorting the spans of a message costs no reference counting.
struct FlatSpan: BitwiseCopyable {
    var start: Int
    var end: Int
    var kind: FormatKind
    var key: UInt32

    /// Canonical order: start, then end, then format name. Two spans never tie on all three:
    /// runs of one format are maximal, so they never share a start.
    static func < (a: FlatSpan, b: FlatSpan) -> Bool {
        if a.start != b.start { return a.start < b.start }
        if a.end != b.end { return a.end < b.end }
        return a.kind.nameRank < b.kind.nameRank
    }
}

extension FormatKind {
    /// The position of `name` in alphabetical order (what canonical order compares).
    var nameRank: Int {
        switch self {
        case .bold: return 0
        case .bulletList: return 1
        case .code: return 2
        case .codeBlock: return 3
        case .color: return 4
        case .italic: return 5
        case .link: return 6
        case .mention: return 7
        case .orderedList: return 8
        case .quote: return 9
        case .strike: return 10
        case .underline: return 11
        }
    }
}


/// Finds the canonical inline spans of styled text given run by run: each format's run goes on
/// while the style keeps its key and becomes a span when it changes. Offsets are in scalars.
struct SpanTracker {
    var spans = SpanList()
    private(set) var style = InlineStyle.plain
    /// Where the current run of each inline format started.
    private var starts = InlineStarts()

    init(capacity: Int) {
        spans = SpanList(capacity: capacity)
    }

    init() {}

    /// Text of style `style` follows from scalar offset `offset` on.
    @inline(__always)
    mutating func restyle(_ new: InlineStyle, at offset: Int) {
        guard new != style else { return }
        // Flags are bits 0-4 in the order of formats 0-4.
        var flags = (style.flags.rawValue ^ new.flags.rawValue) & 0x1F
        while flags != 0 {
            changeFlag(flags.trailingZeroBitCount, at: offset)
            flags &= flags &- 1
        }
        if style.differsBeyondFlags(from: new) {
            if style.link != new.link { change(5, to: new, at: offset) }
            if style.color != new.color { change(6, to: new, at: offset) }
            if style.mention != new.mention { change(7, to: new, at: offset) }
        }
        style = new
    }

    /// Puts `spans` in canonical order, in place. Spans are appended as they end, which is already
    /// canonical order when none ends after a later-starting one (formats that never overlap, as
    /// in a message of code spans or of bold words): one pass tells, and then nothing moves.
    /// Sorting a sorted list would leave it as it is too.
    mutating func sortSpans() {
        if !SpanTracker.isSorted(spans) { spans.sort(by: <) }
    }

    private static func isSorted(_ spans: SpanList) -> Bool {
        spans.withUnsafeBufferPointer { spans in
            var i = 1
            while i < spans.count {
                if spans[i] < spans[i - 1] { return false }
                i += 1
            }
            return true
        }
    }

    /// Flag format `k` (0-4) turns on or off at `offset`: its run ends there if the style had it
    /// (the key of a flag is 1). The general `change` without its switches over every format: a
    /// message of code spans or bold words changes a flag every few bytes. Not inlined: the
    /// writers that restyle keep their own loops lean.
    @inline(never)
    private mutating func changeFlag(_ k: Int, at offset: Int) {
        if style.flags.rawValue &>> UInt8(truncatingIfNeeded: k) & 1 != 0 {
            spans.append(FlatSpan(start: starts[k], end: offset, kind: SpanTracker.inlineKind(k), key: 1))
        }
        starts[k] = offset
    }

    private mutating func change(_ k: Int, to new: InlineStyle, at offset: Int) {
        let oldKey = SpanTracker.key(style, k)
        if oldKey != 0 { spans.append(FlatSpan(start: starts[k], end: offset, kind: SpanTracker.inlineKind(k), key: oldKey)) }
        starts[k] = offset
    }

    /// The inline formats, numbered as in `InlineStarts`.
    @inline(__always)
    private static func inlineKind(_ k: Int) -> FormatKind {
        switch k {
        case 0: return .bold
        case 1: return .italic
        case 2: return .underline
        case 3: return .strike
        case 4: return .code
        case 5: return .link
        case 6: return .color
        default: return .mention
        }
    }

    /// Format `k`'s key in `s`, 0 for none.
    @inline(__always)
    private static func key(_ s: InlineStyle, _ k: Int) -> UInt32 {
        switch k {
        case 0: return s.flags.contains(.bold) ? 1 : 0
        case 1: return s.flags.contains(.italic) ? 1 : 0
        case 2: return s.flags.contains(.underline) ? 1 : 0
        case 3: return s.flags.contains(.strike) ? 1 : 0
        case 4: return s.flags.contains(.code) ? 1 : 0
        case 5: return s.link
        case 6: return s.color
        default: return s.mention
        }
    }
}

/// Where the current run of each inline format started (numbered as in `inlineKind`), stored
/// inline so that tracking allocates nothing for it, and indexed directly (a tuple needed a switch
/// per access: a jump for every flag that changes).
private struct InlineStarts {
    private var values = InlineArray<8, Int>(repeating: 0)

    subscript(_ k: Int) -> Int {
        @inline(__always) get { values[k & 7] }
        @inline(__always) set { values[k & 7] = newValue }
    }
}
