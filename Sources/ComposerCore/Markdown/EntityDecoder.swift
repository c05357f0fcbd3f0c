/// Decodes a character reference at `&`: named (`&amp;`), decimal (`&#38;`) or hexadecimal
/// (`&#x26;`), as CommonMark does. Invalid code points and U+0000 become U+FFFD, and a carriage
/// return a line feed.
enum EntityDecoder {
    static func decode(_ src: [Unicode.Scalar], at start: Int) -> ([Unicode.Scalar], Int)? {
        var i = start + 1
        guard i < src.count else { return nil }
        if src[i] == "#" {
            i += 1
            var hex = false
            if i < src.count, src[i] == "x" || src[i] == "X" { hex = true; i += 1 }
            let digitsStart = i
            var value: UInt32 = 0
            while i < src.count, i - digitsStart < (hex ? 6 : 7) {
                let c = src[i]
                let digit: UInt32
                switch c {
                case "0"..."9": digit = c.value - 0x30
                case "a"..."f" where hex: digit = c.value - 0x61 + 10
                case "A"..."F" where hex: digit = c.value - 0x41 + 10
                default: digit = 99
                }
                if digit == 99 { break }
                value = value * (hex ? 16 : 10) + digit
                i += 1
            }
            guard i > digitsStart, i < src.count, src[i] == ";" else { return nil }
            let scalar = value == 0 ? nil : Unicode.Scalar(value)
            // A draft holds no carriage return: "&#13;" is a line break like any other.
            return ([value == 13 ? "\n" : scalar ?? "\u{FFFD}"], i + 1 - start)
        }
        let nameStart = i
        while i < src.count, i - nameStart <= HTMLEntities.maxNameLength,
              ("a"..."z").contains(src[i]) || ("A"..."Z").contains(src[i]) || ("0"..."9").contains(src[i]) { i += 1 }
        guard i > nameStart, i < src.count, src[i] == ";" else { return nil }
        let name = String(String.UnicodeScalarView(src[nameStart..<i]))
        guard let value = HTMLEntities.table[name] else { return nil }
        return (Array(value.unicodeScalars), i + 1 - start)
    }
}
