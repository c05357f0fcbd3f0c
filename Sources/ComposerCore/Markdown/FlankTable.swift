import Synchronization

/// The flanking facts of characters beyond ASCII (`CharacterClass`: their `FlankClass`, and whether
/// they are `isAmbiguousForFlanking`), worked out once per character and kept.
///
/// The standard library answers a character's general category and age from its Unicode tables:
/// some 400 and 200 instructions. A delimiter next to a letter beyond ASCII asks for both (the
/// parser for the class, the serializer for the class and the ambiguity), so a chat message in
/// Cyrillic or Greek, or with emoji beside its bold words, paid them at every `*`, `_` and `~~`.
/// The first question about a character asks the standard library; every later one is a load.
/// Planes 0 to 2 (every script, the emoji, CJK) are kept, a byte a character in blocks of 256
/// made as text meets them (768 blocks, at most 192 KB); characters above go to the standard
/// library each time.
///
/// Shared by every thread, through atomics only: a block is made zeroed (0: not known yet) and
/// published with one compare-and-exchange (a thread that loses the race frees its own and uses
/// the winner's); an entry is stored and read with relaxed atomics, its value being all there is
/// to see (two threads working out one character store the same byte). Blocks are never freed.
enum FlankTable {
    /// A character's entry: its class in bits 0-1 (`FlankClass.entryBits`), ambiguity in bit 2,
    /// and bit 7 set for every entry worked out (an entry of 0 is not known yet).
    static let ambiguousBit: UInt8 = 4
    private static let knownBit: UInt8 = 0x80

    /// Characters below this are kept.
    static let keptLimit: UInt32 = 0x3_0000
    private static let blockCount = Int(keptLimit >> 8)

    /// The blocks' addresses, 0 for a block not made yet. Made once (a `static let` is made under
    /// the runtime's once-lock); its entries are atomics.
    nonisolated(unsafe) private static let blocks: UnsafeMutablePointer<Atomic<UInt>> = {
        let blocks = UnsafeMutablePointer<Atomic<UInt>>.allocate(capacity: blockCount)
        for k in 0..<blockCount { (blocks + k).initialize(to: Atomic<UInt>(0)) }
        return blocks
    }()

    /// The entry of `s` (beyond ASCII).
    @inline(__always)
    static func entry(_ s: Unicode.Scalar) -> UInt8 {
        guard s.value < keptLimit else { return computedEntry(s) }
        let k = Int(s.value &>> 8)
        let block = UnsafePointer<Atomic<UInt8>>(bitPattern: blocks[k].load(ordering: .acquiring)) ?? makeBlock(k)
        let known = block[Int(s.value & 0xFF)].load(ordering: .relaxed)
        return known != 0 ? known : learn(s, in: block)
    }

    /// Works out `s`'s entry and keeps it.
    @inline(never)
    private static func learn(_ s: Unicode.Scalar, in block: UnsafePointer<Atomic<UInt8>>) -> UInt8 {
        let entry = computedEntry(s) | knownBit
        block[Int(s.value & 0xFF)].store(entry, ordering: .relaxed)
        return entry
    }

    /// Makes block `k` (or finds it made by another thread) and returns it.
    @inline(never)
    private static func makeBlock(_ k: Int) -> UnsafePointer<Atomic<UInt8>> {
        let block = UnsafeMutablePointer<Atomic<UInt8>>.allocate(capacity: 256)
        for i in 0..<256 { (block + i).initialize(to: Atomic<UInt8>(0)) }
        let (stored, found) = blocks[k].compareExchange(expected: 0, desired: UInt(bitPattern: block), ordering: .acquiringAndReleasing)
        if stored { return UnsafePointer(block) }
        block.deallocate()
        // Another thread stored its block first: `found` is its address, never 0.
        return UnsafePointer<Atomic<UInt8>>(bitPattern: found) ?? makeBlock(k)
    }

    /// The entry of `s`, from the standard library's tables (`CharacterClass`'s definitions).
    static func computedEntry(_ s: Unicode.Scalar) -> UInt8 {
        let flank = CharacterClass.computedFlank(s)
        return flank.entryBits | (CharacterClass.computedAmbiguity(s) ? ambiguousBit : 0)
    }
}

extension FlankClass {
    /// The class in two bits (a `FlankTable` entry).
    var entryBits: UInt8 {
        switch self {
        case .space: return 0
        case .punctuation: return 1
        case .other: return 2
        }
    }

    init(entryBits bits: UInt8) {
        switch bits & 3 {
        case 0: self = .space
        case 1: self = .punctuation
        default: self = .other
        }
    }
}
