/// Random access to a text's scalars, for the grapheme and word scans: a plain array, or a
/// document (whose reads descend its tree). Scans stay within a few clusters of their start.
protocol ScalarSource {
    var scalarCount: Int { get }
    func scalar(at offset: Int) -> Unicode.Scalar
    func scalars(in range: Range<Int>) -> [Unicode.Scalar]
    /// Calls `body` with the scalars before `offset`, last first, at most `limit` of them, until
    /// it returns false (a document walks its leaves' bytes: no descent per scalar).
    func forEachScalarBackward(from offset: Int, limit: Int, _ body: (Unicode.Scalar) -> Bool)
}

extension Array: ScalarSource where Element == Unicode.Scalar {
    var scalarCount: Int { count }
    func scalar(at offset: Int) -> Unicode.Scalar { self[offset] }
    func scalars(in range: Range<Int>) -> [Unicode.Scalar] { Array(self[range]) }
    func forEachScalarBackward(from offset: Int, limit: Int, _ body: (Unicode.Scalar) -> Bool) {
        var i = Swift.min(offset, count)
        var given = 0
        while i > 0, given < limit {
            i -= 1
            given += 1
            if !body(self[i]) { return }
        }
    }
}

extension Document: ScalarSource {
    var scalarCount: Int { count }
}
