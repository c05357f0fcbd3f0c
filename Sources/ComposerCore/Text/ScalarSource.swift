/// Random access to a text's scalars, for the grapheme and word scans: a plain array, or a
/// document (whose reads descend its tree). Scans stay within a few clusters of their start.
protocol ScalarSource {
    var scalarCount: Int { get }
    func scalar(at offset: Int) -> Unicode.Scalar
    func scalars(in range: Range<Int>) -> [Unicode.Scalar]
}

extension Array: ScalarSource where Element == Unicode.Scalar {
    var scalarCount: Int { count }
    func scalar(at offset: Int) -> Unicode.Scalar { self[offset] }
    func scalars(in range: Range<Int>) -> [Unicode.Scalar] { Array(self[range]) }
}

extension Document: ScalarSource {
    var scalarCount: Int { count }
}
