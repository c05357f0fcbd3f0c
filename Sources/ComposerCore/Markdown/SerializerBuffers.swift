/// The buffers of a serialization (`MarkdownSerializer`), kept between serializations
/// (`BufferPools.serializerBuffers`): the markdown written, the line ranges, and the inline
/// writer's tokens, raw syntax, segments, stacks and per-byte encodings. Sending a chat message
/// allocated and freed a dozen arrays, a sixth of its instructions. The writers move them in and
/// out by swaps (a copy would share them, and appending to a shared array allocates another).
struct SerializerBuffers: Reusable, Defaultable {
    var out = ByteBuffer()
    var lines: [Range<Int>] = []
    var tokens = PlainList<InlineWriter.Token>()
    var raw = PlainList<UInt8>()
    var stack = PlainList<(mark: InlineWriter.Mark, delimiter: UInt8)>()
    var segments = PlainList<InlineWriter.Segment>()
    var encodingOverride: [InlineWriter.Encoding] = []
    var wanted = PlainList<InlineWriter.Mark>()
    var missing = PlainList<InlineWriter.Mark>()

    var isSmall: Bool { bufferBytes <= 1 << 20 }

    var bufferBytes: Int {
        out.capacity + raw.capacity + encodingOverride.capacity
            + lines.capacity * MemoryLayout<Range<Int>>.stride
            + tokens.capacity * MemoryLayout<InlineWriter.Token>.stride
            + stack.capacity * MemoryLayout<(mark: InlineWriter.Mark, delimiter: UInt8)>.stride
            + segments.capacity * MemoryLayout<InlineWriter.Segment>.stride
            + (wanted.capacity + missing.capacity) * MemoryLayout<InlineWriter.Mark>.stride
    }
}
