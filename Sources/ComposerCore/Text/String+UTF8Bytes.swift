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
