/// The buffers of a serialization (`MarkdownSerializer`), kept between serializations
/// (`BufferPools.serializerBuffers`): the markdown written, the line ranges, and the inline
/// writer's tokens, raw syntax, segments, stacks and per-byte encodings. Sending a chat message
/// allocated and freed a dozen arrays, a sixth of its instructions. The writers move them in and
/// out by swaps (a copy would share them, and appending to a shared array allocates another).
struct SerializerBuffers: Reusable {
    var out = ByteBuffer()
    var lines: [Range<Int>] = []
    var tokens = PlainList<InlineWriter.Token>()
    var raw = PlainList<UInt8>()
    var stack = PlainList<(mark: InlineWriter.Mark, delimiter: UInt8)>()
    var segments = PlainList<InlineWriter.Segment>()
    var encodingOverride: [InlineWriter.Encoding] = []
    var wanted = PlainList<InlineWriter.Mark>()
    var missing = PlainList<InlineWriter.Mark>()

    /// Kept buffers (their room kept), or new empty ones. The output and the lines are emptied;
    /// the inline writer's are emptied where it starts each line or piece of text, and its
    /// `encodingOverride` is set for the document in place (emptying an array costs a call of
    /// some sixty instructions, even an empty one).
    static func reused() -> SerializerBuffers {
        guard var kept = BufferPools.serializerBuffers.take() else { return SerializerBuffers() }
        kept.out.removeAll()
        kept.lines.removeAll(keepingCapacity: true)
        return kept
    }

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
