/// The buffers of a serialization (`MarkdownSerializer`), kept between serializations
/// (`BufferPools.serializerBuffers`): the markdown written, the line ranges, and the inline
/// writer's tokens, raw syntax, segments, stacks and per-byte encodings. Sending a chat message
/// allocated and freed a dozen arrays, a sixth of its instructions. The writers move them in and
/// out by swaps (a copy would share them, and appending to a shared array allocates another).
struct SerializerBuffers {
    var out = ByteBuffer()
    var lines: [Range<Int>] = []
    var tokens = PlainList<InlineWriter.Token>()
    var raw = PlainList<UInt8>()
    var stack = PlainList<(mark: InlineWriter.Mark, delimiter: UInt8)>()
    var segments = PlainList<InlineWriter.Segment>()
    var encodingOverride: [InlineWriter.Encoding] = []
    var wanted = PlainList<InlineWriter.Mark>()
    var missing = PlainList<InlineWriter.Mark>()

    var bufferBytes: Int {
        out.capacity + raw.capacity + encodingOverride.capacity
            + lines.capacity * MemoryLayout<Range<Int>>.stride
            + tokens.capacity * MemoryLayout<InlineWriter.Token>.stride
            + stack.capacity * MemoryLayout<(mark: InlineWriter.Mark, delimiter: UInt8)>.stride
            + segments.capacity * MemoryLayout<InlineWriter.Segment>.stride
            + (wanted.capacity + missing.capacity) * MemoryLayout<InlineWriter.Mark>.stride
    }
}

/// Serializer buffers kept between serializations (`BufferPools.serializerBuffers`), behind a
/// reference: they move in and out of the pool as one pointer (moved by value, the buffers' two
/// hundred bytes went through `memmove` four times a message), and the placeholders the writers
/// leave in them stay there until the buffers come back (released, they were a call each).
/// Sendable unchecked: one serialization at a time uses it, from when it takes it out of the
/// pool, under the pool's lock, to when it gives it back.
final class SerializerBuffersBox: Reusable, @unchecked Sendable {
    private var buffers = SerializerBuffers()

    var isSmall: Bool { buffers.bufferBytes <= 1 << 20 }
    var bufferBytes: Int { buffers.bufferBytes }

    /// `body` with the buffers, in one access.
    func withBuffers<R>(_ body: (inout SerializerBuffers) -> R) -> R {
        body(&buffers)
    }
}
