extension String {
    /// The string's UTF-8 lent to `body`, whose `ComposerError` comes through as it is: `withUTF8`
    /// rethrows untyped, and the readers that take bytes (`JSONParser.parse(utf8:)`,
    /// `Document(jsonUTF8:)`, `Composer.restore(snapshotUTF8:)`) are behind the `String` ones.
    mutating func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws(ComposerError) -> R) throws(ComposerError) -> R {
        let result = withUTF8 { bytes -> Result<R, ComposerError> in
            do throws(ComposerError) {
                return .success(try body(bytes))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

extension String {
    /// The string's scalars in an array, decoded once: `Array(unicodeScalars)` decodes them twice
    /// (to count them, then to copy them), a third of inserting a long pasted text. The room
    /// reserved is the UTF-8 length, which no scalar count exceeds.
    var scalarArray: [Unicode.Scalar] {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(utf8.count)
        for scalar in unicodeScalars { scalars.append(scalar) }
        return scalars
    }
}
