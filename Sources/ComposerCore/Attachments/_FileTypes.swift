/// MIME type helpers and the extension table used when a host gives no useful MIME type.
enum _FileTypes {
    /// The MIME type hosts send when they do not know better.
    static let unknown = "application/octet-stream"

    /// Lower case, parameters (`; …`) dropped, surrounding whitespace trimmed.
    static func normalize(_ mimeType: String) -> String {
        let essence = mimeType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return trim(essence).lowercased()
    }

    /// The part before `/` of a `type/subtype` (both non-empty); empty for anything else.
    static func topLevelType(of normalized: String) -> Substring {
        let parts = normalized.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return "" }
        return parts[0]
    }

    /// The normalized MIME type; when it is empty, malformed (not `type/subtype`) or
    /// `application/octet-stream`, the type of the file name's extension, else `application/octet-stream`.
    static func effectiveMIMEType(_ mimeType: String, fileName: String) -> String {
        let normalized = normalize(mimeType)
        if !topLevelType(of: normalized).isEmpty, normalized != unknown { return normalized }
        if let ext = fileExtension(fileName), let inferred = byExtension[ext] { return inferred }
        return unknown
    }

    /// The lower-cased text after the last `.` of the name's last path component, if any.
    static func fileExtension(_ fileName: String) -> String? {
        let last = fileName.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard let dot = last.lastIndex(of: ".") else { return nil }
        let ext = last[last.index(after: dot)...]
        return ext.isEmpty ? nil : String(ext).lowercased()
    }

    private static func trim(_ s: Substring) -> Substring {
        var s = s
        while let c = s.first, c.isWhitespace { s = s.dropFirst() }
        while let c = s.last, c.isWhitespace { s = s.dropLast() }
        return s
    }

    /// Common extensions and their MIME types. Ambiguous containers go to their usual kind:
    /// `webm` is a video, `ogg` an audio.
    static let byExtension: [String: String] = [
        // images
        "jpg": "image/jpeg", "jpeg": "image/jpeg", "jpe": "image/jpeg", "png": "image/png", "gif": "image/gif",
        "webp": "image/webp", "heic": "image/heic", "heif": "image/heif", "avif": "image/avif", "bmp": "image/bmp",
        "tif": "image/tiff", "tiff": "image/tiff", "svg": "image/svg+xml", "ico": "image/x-icon",
        // videos
        "mp4": "video/mp4", "m4v": "video/x-m4v", "mov": "video/quicktime", "qt": "video/quicktime",
        "avi": "video/x-msvideo", "mkv": "video/x-matroska", "webm": "video/webm", "3gp": "video/3gpp",
        "3g2": "video/3gpp2", "mpg": "video/mpeg", "mpeg": "video/mpeg", "wmv": "video/x-ms-wmv",
        "flv": "video/x-flv", "ogv": "video/ogg", "ts": "video/mp2t",
        // audios
        "mp3": "audio/mpeg", "m4a": "audio/mp4", "aac": "audio/aac", "wav": "audio/wav", "ogg": "audio/ogg",
        "oga": "audio/ogg", "opus": "audio/opus", "flac": "audio/flac", "amr": "audio/amr", "aif": "audio/aiff",
        "aiff": "audio/aiff", "caf": "audio/x-caf", "wma": "audio/x-ms-wma", "mid": "audio/midi", "midi": "audio/midi",
        // files
        "pdf": "application/pdf", "txt": "text/plain", "csv": "text/csv", "rtf": "application/rtf",
        "md": "text/markdown", "html": "text/html", "htm": "text/html", "json": "application/json",
        "xml": "application/xml", "zip": "application/zip", "gz": "application/gzip", "7z": "application/x-7z-compressed",
        "rar": "application/vnd.rar", "doc": "application/msword",
        "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "xls": "application/vnd.ms-excel",
        "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "ppt": "application/vnd.ms-powerpoint",
        "pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
        "odt": "application/vnd.oasis.opendocument.text", "key": "application/vnd.apple.keynote",
        "pages": "application/vnd.apple.pages", "numbers": "application/vnd.apple.numbers",
    ]
}
