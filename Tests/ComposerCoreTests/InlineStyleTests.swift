import Testing
@testable import ComposerCore

/// `InlineStyle` keeps its four formats packed in two words: each reads back what was set, at any
/// value, whatever the others hold and in whichever order they were set.
@Suite struct InlineStyleTests {
    static let flagValues: [InlineStyle.Flags] = [[], .bold, [.italic, .code], InlineStyle.Flags(rawValue: 0xFF)]
    static let wordValues: [UInt32] = [0, 1, 0x100_0000 | 0xABCDEF, 0x7FFF_FFFF, 0xFFFF_FFFF]

    @Test func everyFormatReadsBackWhateverTheOthersHold() {
        for flags in Self.flagValues {
            for link in Self.wordValues {
                for color in Self.wordValues {
                    for mention in Self.wordValues {
                        var forward = InlineStyle()
                        forward.flags = flags
                        forward.link = link
                        forward.color = color
                        forward.mention = mention
                        #expect(forward.flags == flags && forward.link == link && forward.color == color && forward.mention == mention)
                        var backward = InlineStyle()
                        backward.mention = mention
                        backward.color = color
                        backward.link = link
                        backward.flags = flags
                        #expect(backward == forward)
                        #expect(backward.hashValue == forward.hashValue)
                    }
                }
            }
        }
    }

    /// Setting one format again changes it alone.
    @Test func aSetChangesOneFormatOnly() {
        var style = InlineStyle()
        style.flags = [.bold, .strike]
        style.link = 0xFFFF_FFFF
        style.color = 0xFFFF_FFFF
        style.mention = 0xFFFF_FFFF
        style.link = 7
        #expect(style.flags == [.bold, .strike] && style.link == 7 && style.color == 0xFFFF_FFFF && style.mention == 0xFFFF_FFFF)
        style.color = 0
        #expect(style.flags == [.bold, .strike] && style.link == 7 && style.color == 0 && style.mention == 0xFFFF_FFFF)
        style.flags.remove(.bold)
        #expect(style.flags == .strike && style.link == 7 && style.color == 0 && style.mention == 0xFFFF_FFFF)
        style.mention = 1
        #expect(style.flags == .strike && style.link == 7 && style.color == 0 && style.mention == 1)
    }

    /// `differsBeyondFlags` tells a change of link, colour or mention from one of flags only.
    @Test func differsBeyondFlagsIgnoresFlagsOnly() {
        var a = InlineStyle()
        a.flags = .bold
        var b = a
        b.flags = [.italic, .underline]
        #expect(!a.differsBeyondFlags(from: b))
        for k in 0..<3 {
            var c = b
            switch k {
            case 0: c.link = 1
            case 1: c.color = 0x100_0000
            default: c.mention = 1
            }
            #expect(a.differsBeyondFlags(from: c) && c.differsBeyondFlags(from: a))
        }
    }
}
