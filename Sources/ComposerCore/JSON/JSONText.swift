/// JSON the engine wrote as UTF-8 bytes (the UI state, the snapshot, the mentions): the C layer
/// copies the bytes out as they are, where a `String` would first check every byte again
/// (`String(decoding:)` repairs) and the C copy would make an array of them (`utf8CString`): on
/// a getter of a few hundred bytes, both cost more than writing them.
public struct JSONText {
    var buffer: ByteBuffer

    init(_ buffer: ByteBuffer) { self.buffer = buffer }

    /// The bytes (valid during `body` only). They are UTF-8 and hold no NUL: every string is
    /// escaped (`JSONWriter.writeString`), and U+0000 is written as `\u0000`.
    public func withUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try buffer.withUnsafeBufferPointer(body)
    }

    public var string: String { withUTF8 { String(decoding: $0, as: UTF8.self) } }
}

/// The values of the layouts written straight into bytes, one call per value, escaped and
/// formatted exactly as `JSONWriter.write` writes the same `JSONValue`.
extension ByteBuffer {
    mutating func jsonString(_ s: String) { JSONWriter.appendString(s, to: &self) }

    /// A string, or `null` for nil.
    mutating func jsonString(_ s: String?) {
        if let s { jsonString(s) } else { append("null") }
    }

    mutating func jsonInteger(_ value: Int) {
        reserve(20)  // Int.min: a sign and 19 digits
        writeIntoFreeRoom { $0.putDecimal(value) }
    }

    mutating func jsonInteger(_ value: Int64) {
        if let v = Int(exactly: value) { jsonInteger(v) } else { UTF8Bytes.appendDecimal(value, to: &self) }
    }

    /// An integer, or `null` for nil.
    mutating func jsonInteger(_ value: Int64?) {
        if let value { jsonInteger(value) } else { append("null") }
    }

    mutating func jsonBool(_ value: Bool) {
        if value { append("true") } else { append("false") }
    }

    /// A number as `JSONWriter` writes `.double`: its description, `null` when not finite.
    mutating func jsonDouble(_ value: Double) { JSONWriter.appendDouble(value, to: &self) }

    /// `[anchor,focus]`.
    mutating func jsonSelection(_ selection: Selection) {
        append(UInt8(ascii: "["))
        jsonInteger(selection.anchor)
        append(UInt8(ascii: ","))
        jsonInteger(selection.focus)
        append(UInt8(ascii: "]"))
    }

    /// Any value (a host's own JSON, such as an attachment's `extra`).
    mutating func json(_ value: JSONValue) { JSONWriter.append(value, to: &self) }
}

/// A layout written straight into bytes (docs/json-layouts.md): its one writer.
protocol JSONLayout {
    func writeJSON(into out: inout ByteBuffer)
}

extension JSONText {
    /// `layout` written into a buffer of `capacity` bytes to begin with.
    init<Layout: JSONLayout>(_ layout: Layout, capacity: Int = 256) {
        var out = ByteBuffer(capacity: capacity)
        layout.writeJSON(into: &out)
        self.init(out)
    }
}
