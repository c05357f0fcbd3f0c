import Testing
@testable import ComposerCore

/// The HTML builder's stack of open inline tags, in room for the eight tags one style can have.
@Suite struct OpenTagsTests {
    static let eight: [HTMLTag] = [.link(3), .color(0x100_0000), .mention(2), .underline, .strike, .bold, .italic, .code]

    @Test func holdsEightTagsInOrderAndRefusesANinth() {
        var tags = OpenTags()
        var popped = tags.popLast()
        #expect(tags.count == 0 && popped == nil)
        for (k, tag) in Self.eight.enumerated() {
            #expect(!tags.contains(tag))
            let pushed = tags.push(tag)
            #expect(pushed)
            #expect(tags.count == k + 1 && tags[k] == tag && tags.contains(tag))
        }
        // A ninth is refused and changes nothing.
        let ninth = tags.push(.link(4))
        #expect(!ninth)
        #expect(tags.count == 8 && !tags.contains(.link(4)))
        // Tags with values are told apart by them.
        #expect(tags.contains(.link(3)) && !tags.contains(.link(5)) && !tags.contains(.color(0x100_0001)))
        for tag in Self.eight.reversed() {
            popped = tags.popLast()
            #expect(popped == tag)
        }
        popped = tags.popLast()
        #expect(tags.count == 0 && popped == nil)
    }
}
