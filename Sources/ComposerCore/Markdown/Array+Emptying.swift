extension Array {
    /// Empties the array, keeping its room for the next parse or piece of text. The usual
    /// `removeAll(keepingCapacity:)` goes through `replaceSubrange`, some sixty to a hundred
    /// instructions even for one element, where a `removeLast` costs a few: a handful of elements
    /// (the links, mentions, marks or spans of a chat message) go one by one.
    @inline(__always)
    mutating func removeAllKeepingCapacity() {
        if count > 4 {
            removeAll(keepingCapacity: true)
        } else {
            while !isEmpty { removeLast() }
        }
    }
}
