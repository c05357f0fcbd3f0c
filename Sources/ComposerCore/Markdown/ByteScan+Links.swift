// The scans of link destinations (see `InlineParser+Links.swift`, `LinkTarget.swift`), 16 bytes at
// a time as the others of `ByteScan.swift`: a URL is mostly bytes that neither scan acts on.
extension ByteScan {
    /// The first byte at or after `start` that the destination scan of an inline link acts on
    /// (a space or control character, which ends it, or `\\ & ( )`), or `bytes.count`. Inlined
    /// into its one caller, which calls it for every such byte.
    @inline(__always)
    static func destinationStop(_ bytes: [UInt8], from start: Int) -> Int {
        bytes.withUnsafeBufferPointer { buf in
            guard let base = buf.baseAddress else { return 0 }
            let n = buf.count
            var i = max(0, start)
            // Such bytes often come close together ("(c))", "((((…"): the first few one by one
            // cost less than a block's compares.
            let shortEnd = min(n, i + 4)
            while i < shortEnd {
                if isDestinationStop(base[i]) { return i }
                i += 1
            }
            while i + 16 <= n {
                let v = load(base, i)
                let stops = (v .<= Block(repeating: 0x20)) .| (v .== Block(repeating: 0x7F)) .| (v .== Block(repeating: 0x5C))
                    .| (v .== Block(repeating: 0x26)) .| (v .== Block(repeating: 0x28)) .| (v .== Block(repeating: 0x29))
                if let first = firstSet(stops) { return i + first }
                i += 16
            }
            while i < n, !isDestinationStop(base[i]) { i += 1 }
            return i
        }
    }

    /// A byte `destinationStop` stops at, as bits of two masks.
    @inline(__always)
    private static func isDestinationStop(_ c: UInt8) -> Bool {
        let low: UInt64 = ((1 << 0x21) - 1) | 1 << 0x26 | 1 << 0x28 | 1 << 0x29
        let high: UInt64 = 1 << (0x5C - 64) | 1 << (0x7F - 64)
        return c < 128 && ((c < 64 ? low : high) >> UInt64(c & 63)) & 1 != 0
    }

    /// Whether every byte of `bytes` is printable ASCII other than `" < > \\ \``: the bytes of a
    /// URL that `LinkPolicy` keeps as they are (see `LinkTarget.isPlainWebURL`).
    static func isPlainURLText(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let n = bytes.count
        @inline(__always) func refused(_ v: Block) -> SIMDMask<SIMD16<Int8>> {
            (v .< Block(repeating: 0x21)) .| (v .> Block(repeating: 0x7E)) .| (v .== Block(repeating: 0x22))
                .| (v .== Block(repeating: 0x3C)) .| (v .== Block(repeating: 0x3E)) .| (v .== Block(repeating: 0x5C))
                .| (v .== Block(repeating: 0x60))
        }
        guard n >= 16 else {
            // Printable ASCII but the five, as bits of two masks (a byte at a time, no jumps).
            let low: UInt64 = 0xFFFF_FFFE_0000_0000 & ~(1 << 0x22 | 1 << 0x3C | 1 << 0x3E)
            let high: UInt64 = 0x7FFF_FFFF_FFFF_FFFF & ~(1 << (0x5C - 64) | 1 << (0x60 - 64))
            var allowed = true
            for k in 0..<n {
                let b = base[k]
                allowed = allowed && b < 128 && ((b < 64 ? low : high) >> UInt64(b & 63)) & 1 != 0
            }
            return allowed
        }
        // Whole blocks, the last one ending at the last byte (it may cover bytes already seen).
        var bad = refused(load(base, n - 16))
        var i = 0
        while i + 16 < n {
            bad = bad .| refused(load(base, i))
            i += 16
        }
        return !anySet(bad)
    }
}
