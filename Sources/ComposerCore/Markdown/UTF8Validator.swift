/// Checks that bytes are UTF-8 (`MarkdownParser.isValidUTF8`: every C string the library takes,
/// every input it parses or loads). Runs of ASCII are passed over by blocks
/// (`ByteScan.firstNonASCII`). A block of 16 bytes holding one beyond ASCII is checked whole when
/// it holds only ASCII and two-byte sequences (Cyrillic, Greek, Hebrew, Arabic, accented Latin:
/// `twoByteBlockState`); any other goes through a state machine, a table load, a shift and a mask
/// per byte, whatever the byte, and so do the first block and the last bytes (fewer than a block).
/// Text in Cyrillic, Greek or CJK has a sequence every two or three bytes with spaces and
/// punctuation between: the check it replaced found each sequence with a block scan of its own and
/// then checked it (`wellFormedLength`), some 35 instructions a letter, a quarter of parsing a
/// Cyrillic chat message.
///
/// The block check and the machine state the rules `UTF8Bytes.wellFormedLength` states for the
/// decoder (the Unicode standard's table of well-formed byte sequences); the tests check them
/// against the standard library's validation on every lead and second byte and the edges of the
/// rest, and on long texts of every script cut and changed at every byte.
enum UTF8Validator {
    /// Whether the `n` bytes at `base` are UTF-8.
    static func isValid(_ base: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        transitions.withUnsafeBufferPointer { table in
            guard let t = table.baseAddress else { return false }
            @inline(__always) func step(_ state: UInt64, _ b: UInt8) -> UInt64 { t[Int(b)] &>> state & 63 }
            let high = ByteScan.Block(repeating: 0x80)
            var i = 0
            var state = accept
            while i &+ 16 <= n {
                if state == accept, !ByteScan.anySet(ByteScan.load(base, i) .>= high) {
                    // A block of ASCII between sequences: the run it starts is passed over by blocks.
                    guard let next = ByteScan.firstNonASCII(base, from: i &+ 16, n) else { return true }
                    i = next
                    continue
                }
                // Blocks of ASCII and two-byte sequences (Cyrillic, Greek, Hebrew, Arabic, accented
                // Latin) are checked whole, when the machine is between sequences or right after
                // the lead of a two-byte one (not the first block, which has no byte before it).
                if i > 0, state == accept || state == one && isTwoByteLead(base[i &- 1]), let after = twoByteBlockState(base, i) {
                    state = after
                    i &+= 16
                    continue
                }
                var k = i
                let end = i &+ 16
                while k < end {
                    state = step(step(step(step(state, base[k]), base[k &+ 1]), base[k &+ 2]), base[k &+ 3])
                    k &+= 4
                }
                i = end
                // Rejection is final: once a block.
                if state == reject { return false }
            }
            while i < n {
                state = step(state, base[i])
                i &+= 1
            }
            return state == accept
        }
    }

    /// The state after the block at `i` (above 0, with 16 bytes from there) when it holds only
    /// ASCII and two-byte sequences: each continuation (80-BF) right after a lead (C2-DF), the
    /// byte before the block included, and no other byte beyond ASCII; nil otherwise. The byte
    /// before each lane is the lane of the block loaded a byte earlier. Asked only between
    /// sequences or right after a two-byte lead, where that is the whole rule: in the middle of a
    /// longer sequence a byte that is not a continuation would pass it.
    @inline(__always)
    private static func twoByteBlockState(_ base: UnsafePointer<UInt8>, _ i: Int) -> UInt64? {
        let block = ByteScan.load(base, i), before = ByteScan.load(base, i &- 1)
        let continuations = block & ByteScan.Block(repeating: 0xC0) .== ByteScan.Block(repeating: 0x80)
        let afterLeads = (before .>= ByteScan.Block(repeating: 0xC2)) .& (before .<= ByteScan.Block(repeating: 0xDF))
        // Three- and four-byte leads and the bytes no sequence holds (C0, C1, F5-FF) are for the
        // machine; so is a continuation without a lead before it, or a lead without one after it.
        let beyond = (block .>= ByteScan.Block(repeating: 0xE0)) .| (block .== ByteScan.Block(repeating: 0xC0)) .| (block .== ByteScan.Block(repeating: 0xC1))
        guard !ByteScan.anySet(beyond .| (continuations .^ afterLeads)) else { return nil }
        return isTwoByteLead(block[15]) ? one : accept
    }

    @inline(__always)
    private static func isTwoByteLead(_ b: UInt8) -> Bool { b >= 0xC2 && b <= 0xDF }

    // A state is the bit offset of its 6 bits in each byte's word of `transitions`, which hold the
    // next state's offset: `next = transitions[byte] >> state & 63`. Rejection is 0, so every
    // transition the table does not set rejects, and rejection stays.
    static let reject: UInt64 = 0
    /// Between sequences.
    static let accept: UInt64 = 6
    /// Continuation bytes 0x80-0xBF still to come: one, two, three.
    private static let one: UInt64 = 12, two: UInt64 = 18, three: UInt64 = 24
    /// After the lead bytes whose second byte has a narrower range: E0 (A0-BF: no overlong
    /// form), ED (80-9F: no surrogate), F0 (90-BF: no overlong form), F4 (80-8F: nothing past
    /// U+10FFFF).
    private static let afterE0: UInt64 = 30, afterED: UInt64 = 36, afterF0: UInt64 = 42, afterF4: UInt64 = 48

    private static let transitions: [UInt64] = {
        var table = [UInt64](repeating: 0, count: 256)
        func on(_ bytes: ClosedRange<Int>, from state: UInt64, to next: UInt64) {
            for b in bytes { table[b] |= next << state }
        }
        on(0x00...0x7F, from: accept, to: accept)
        on(0xC2...0xDF, from: accept, to: one)
        on(0xE0...0xE0, from: accept, to: afterE0)
        on(0xE1...0xEC, from: accept, to: two)
        on(0xED...0xED, from: accept, to: afterED)
        on(0xEE...0xEF, from: accept, to: two)
        on(0xF0...0xF0, from: accept, to: afterF0)
        on(0xF1...0xF3, from: accept, to: three)
        on(0xF4...0xF4, from: accept, to: afterF4)
        on(0x80...0xBF, from: one, to: accept)
        on(0x80...0xBF, from: two, to: one)
        on(0x80...0xBF, from: three, to: two)
        on(0xA0...0xBF, from: afterE0, to: one)
        on(0x80...0x9F, from: afterED, to: one)
        on(0x90...0xBF, from: afterF0, to: two)
        on(0x80...0x8F, from: afterF4, to: two)
        return table
    }()
}
