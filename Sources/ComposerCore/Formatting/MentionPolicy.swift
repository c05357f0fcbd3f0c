/// Mention uids travel inside `<@uid:UID>`, so they are limited to a character set that cannot end
/// or break that token: ASCII letters, digits and `_ - . : @ = +`, 1 to 255 characters.
/// Display names are non-empty and hold no line break.
public enum MentionPolicy {
    public static let maxUIDLength = 255

    public static func isUIDCharacter(_ s: Unicode.Scalar) -> Bool {
        switch s {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "-", ".", ":", "@", "=", "+": return true
        default: return false
        }
    }

    public static func validate(uid: String, name: String) throws(ComposerError) {
        guard !uid.isEmpty, uid.unicodeScalars.count <= maxUIDLength, uid.unicodeScalars.allSatisfy(isUIDCharacter) else {
            throw .invalidArgument("mention uid \"\(uid)\" must be 1-\(maxUIDLength) characters of A-Z a-z 0-9 _ - . : @ = +")
        }
        guard !name.isEmpty, !name.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\u{0}" }) else {
            throw .invalidArgument("mention name must be non-empty, on one line and free of U+0000")
        }
    }
}
