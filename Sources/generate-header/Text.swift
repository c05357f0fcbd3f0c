// Files and strings for the generator, on Glibc alone.
import Glibc

func readFile(_ path: String) -> String? {
    guard let f = fopen(path, "r") else { return nil }
    defer { fclose(f) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&buffer, 1, buffer.count, f)
        if n <= 0 { break }
        bytes.append(contentsOf: buffer[0..<n])
    }
    return String(decoding: bytes, as: UTF8.self)
}

func writeFile(_ path: String, _ text: String) -> Bool {
    guard let f = fopen(path, "w") else { return false }
    let bytes = Array(text.utf8)
    let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, f) }
    return fclose(f) == 0 && written == bytes.count
}

extension String {
    var trimmed: String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }

    func replacing(_ a: String, _ b: String) -> String {
        guard !a.isEmpty else { return self }
        var out = ""
        var rest = Substring(self)
        while let r = rest.range(of: a) {
            out += rest[..<r.lowerBound]
            out += b
            rest = rest[r.upperBound...]
        }
        return out + rest
    }

    func contains(_ needle: String) -> Bool { Substring(self).range(of: needle) != nil }

    /// The text cut into lines of at most `width` characters at spaces (a longer word stays whole).
    func wrapped(_ width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in split(separator: " ", omittingEmptySubsequences: true) {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}

extension Substring {
    func range(of needle: String) -> Range<Substring.Index>? {
        let n = Array(needle)
        var i = startIndex
        while i < endIndex {
            var j = i
            var k = 0
            while k < n.count, j < endIndex, self[j] == n[k] { j = index(after: j); k += 1 }
            if k == n.count { return i..<j }
            i = index(after: i)
        }
        return nil
    }
}
