// How input bytes become arguments. Every argument is one selector byte, sometimes followed by a
// few more; a read past the end gives 0, so every input decodes. Encodings (the seed builder in
// Seeds.swift writes the same ones):
//   offset  s < 0x80: s itself (may be past the end); 0x80..<0xE0: (s - 0x80) mod (length + 1);
//           0xE0 length, 0xE1 length + 1, 0xE2 -1, 0xE3 Int64.min, 0xE4 Int64.max,
//           0xE5 Int32.max + 1, 0xE6 8 raw bytes, 0xE7..0xEF length - (s - 0xE6),
//           0xF0..0xFF a span edge: edges[(s - 0xF0) mod 8], plus 1 from 0xF8 (edges = every span's
//           start and end in the draft's document JSON: mentions, links, formats; bugs live there)
//   text    s < tokens: stringTokens[s]; 0xEE NULL; 0xEF n, n raw bytes; 0xF0 + k: k + 1 raw bytes;
//           otherwise stringTokens[s mod tokens]
//   json    see Session.json(): NULL, the drafts' own document / snapshot (whole, cut, or one byte
//           changed), the mention names of a draft, jsonTokens, or raw text
struct Input {
    let bytes: [UInt8]
    var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { position >= bytes.count }

    mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func raw(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in byte() }
    }

    mutating func int64() -> Int64 {
        raw(8).reduce(Int64(0)) { $0 << 8 | Int64($1) }
    }

    mutating func bool() -> Bool { byte() & 1 == 1 }

    /// An offset relative to `length` and the document's span edges (see the table above).
    mutating func offset(length: Int64, edges: () -> [Int64] = { [] }) -> Int64 {
        let s = byte()
        if s >= 0xF0 {
            let all = edges()
            guard !all.isEmpty else { return length }
            return all[Int(s - 0xF0) % 8 % all.count] &+ (s >= 0xF8 ? 1 : 0)
        }
        switch s {
        case 0..<0x80: return Int64(s)
        case 0x80..<0xE0: return Int64(s - 0x80) % (length &+ 1 == 0 ? 1 : length &+ 1)
        case 0xE0: return length
        case 0xE1: return length &+ 1
        case 0xE2: return -1
        case 0xE3: return .min
        case 0xE4: return .max
        case 0xE5: return Int64(Int32.max) + 1
        case 0xE6: return int64()
        default: return length &- Int64(s - 0xE6)  // 0xE7..0xEF
        }
    }

    /// String bytes (without a terminator), or nil for a NULL pointer.
    mutating func text() -> [UInt8]? {
        let s = byte()
        switch s {
        case _ where Int(s) < stringTokens.count: return stringTokens[Int(s)]
        case 0xEE: return nil
        case 0xEF: return raw(Int(byte()))
        case 0xF0...: return raw(Int(s - 0xF0) + 1)
        default: return stringTokens[Int(s) % stringTokens.count]
        }
    }

    /// A text that is never NULL (for arguments whose NULL case is a separate choice).
    mutating func nonNullText() -> [UInt8] { text() ?? [] }

    /// A format number: the eleven MC_FORMAT_* mostly, unknown ones sometimes.
    mutating func format() -> Int32 {
        let s = byte()
        switch s {
        case 0xFC: return -1
        case 0xFD: return 11
        case 0xFE: return .min
        case 0xFF: return .max
        default: return Int32(s % 11)
        }
    }

    /// Flag bits: 0, PROTECT and EXTEND mostly, an unknown bit or every bit sometimes.
    mutating func flags() -> UInt32 {
        let s = byte()
        return s == 0xFF ? .max : UInt32(s % 4) | (s >= 0xF0 ? 0x100 : 0)
    }

    /// An upload progress: the valid edges and middle, and the invalid ones (NaN, infinities).
    mutating func progress() -> Double {
        let values: [Double] = [0, 0.25, 0.5, 1, 0.1, 0.9, -0.1, 1.5, .nan, .infinity, -.infinity, -0.0]
        return values[Int(byte()) % values.count]
    }
}
