/// Which places (scalars, or lines for block spans) the spans of one format loaded so far cover, in
/// stretches of one value: a later span of the format steps over a stretch of its own value in one
/// move instead of place by place. Everything that could fail at such a place was checked when the
/// format first covered it, and the span changes nothing there, so loading costs each place once
/// per format, not once per span over it (many overlapping spans over a long text were quadratic).
///
/// A union-find over the places: each covered place links toward the last place of its stretch
/// (the last links to itself), and a walk that finds a stretch's end compresses the links it took.
struct SpanCoverage {
    /// -1 where nothing is covered; else the link toward the stretch's last place.
    private var links: [Int32] = []

    /// The largest number of places a coverage can hold (a link is 32 bits).
    static let maxPlaces = Int(Int32.max) - 1

    /// The coverage slot of the lines' block formats (after the eight inline formats').
    static let blockSlot = 8

    /// Makes room for places `0..<count`, none covered (once: on a format's first span).
    mutating func prepare(places count: Int) {
        if links.isEmpty { links = Array(repeating: -1, count: count) }
    }

    private func isCovered(_ place: Int) -> Bool { links[place] >= 0 }

    /// Covers `place` as the last place of its stretch.
    private mutating func cover(_ place: Int) { links[place] = Int32(truncatingIfNeeded: place) }

    /// Joins the stretch that ends at `place` to the one that starts right after it (same value).
    private mutating func join(after place: Int) { links[place] = Int32(truncatingIfNeeded: place + 1) }

    /// The last place of the stretch holding covered place `place`.
    private mutating func stretchEnd(from place: Int) -> Int {
        var end = place
        while Int(links[end]) != end { end = Int(links[end]) }
        var p = place
        while p != end {
            let next = Int(links[p])
            links[p] = Int32(truncatingIfNeeded: end)
            p = next
        }
        return end
    }
}

extension SpanCoverage {
    /// What a span's walk over its places meets next.
    enum Step {
        /// A place no earlier span of the format covered: the span checks and sets it (it is
        /// covered from now on).
        case visit(Int)
        /// A place an earlier span covered with another value.
        case conflict(Int)
        case done
    }

    /// The next step of a span's walk over `range`, from `place` on (which it moves): covered
    /// stretches whose value `holdsValue` (asked at their first place in the range) finds are the
    /// span's own are stepped over and joined to the span's stretch.
    mutating func next(in range: Range<Int>, at place: inout Int, holdsValue: (Int) -> Bool) -> Step {
        while place < range.upperBound {
            let p = place
            // The place before, when in the range, is the end of what the span covers so far.
            if !isCovered(p) {
                cover(p)
                if p > range.lowerBound { join(after: p - 1) }
                place = p + 1
                return .visit(p)
            }
            guard holdsValue(p) else { return .conflict(p) }
            if p > range.lowerBound { join(after: p - 1) }
            place = stretchEnd(from: p) + 1
        }
        return .done
    }
}
