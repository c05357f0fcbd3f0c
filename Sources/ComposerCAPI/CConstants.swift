import ComposerCore

/// One `#define` of the generated header (and its Python and Rust counterparts).
public struct CConstant: Sendable {
    /// A constant's value: a signed or unsigned integer (C `-3`, `1u`) or a string.
    public enum Value: Sendable {
        case signed(Int64)
        case unsigned(UInt64)
        case string(String)
    }

    public let name: String
    public let value: Value
    public let doc: String
}

/// A group of constants, printed together under one heading. The generator (Sources/generate-header)
/// prints these, so the numbers come from the Swift enums the library itself uses (one source of
/// truth); `key` names the group in its section table.
public struct CConstantGroup: Sendable {
    public let key: String
    public let title: String
    /// The C type of the group's values, declared as `typedef int32_t NAME;` (nil: plain macros).
    public let typedef: String?
    public let constants: [CConstant]
}

public enum CConstants {
    public static var groups: [CConstantGroup] {
        [
            CConstantGroup(key: "version", title: "Version of this header; compare with mc_version() / mc_abi_version() at run time.", typedef: nil, constants: [
                CConstant(name: "MC_VERSION_MAJOR", value: .signed(Int64(LibraryVersion.major)), doc: ""),
                CConstant(name: "MC_VERSION_MINOR", value: .signed(Int64(LibraryVersion.minor)), doc: ""),
                CConstant(name: "MC_VERSION_PATCH", value: .signed(Int64(LibraryVersion.patch)), doc: ""),
                CConstant(name: "MC_VERSION_STRING", value: .string(LibraryVersion.string), doc: ""),
                CConstant(name: "MC_ABI_VERSION", value: .signed(Int64(LibraryVersion.abi)), doc: "The SONAME's major number."),
            ]),
            CConstantGroup(key: "status", title: "Status codes: MC_OK or a negative error. Values are never renumbered.",
                           typedef: "mc_status",
                           constants: MCStatus.allCases.map { CConstant(name: $0.cName, value: .signed(Int64($0.rawValue)), doc: $0.doc) }),
            CConstantGroup(key: "format", title: "Formats for mc_draft_apply_format / mc_draft_remove_format / mc_draft_toggle_format.",
                           typedef: "mc_format",
                           constants: MCFormat.allCases.map { CConstant(name: $0.cName, value: .signed(Int64($0.rawValue)), doc: $0.doc) }),
            CConstantGroup(key: "flag", title: "Flags for format operations and caret moves.", typedef: nil,
                           constants: MCFlag.allCases.map { CConstant(name: $0.cName, value: .unsigned(UInt64($0.rawValue)), doc: $0.doc) }),
            CConstantGroup(key: "caret", title: "Caret movement units for mc_draft_move_caret.",
                           typedef: "mc_caret_unit",
                           constants: CaretUnit.allCases.map { CConstant(name: $0.cName, value: .signed(Int64($0.rawValue)), doc: $0.doc) }),
            CConstantGroup(key: "event", title: "Listener event kinds (mc_draft_set_listener); the payload is JSON.",
                           typedef: "mc_event",
                           constants: UIEventKind.allCases.map { CConstant(name: "MC_EVENT_" + $0.name.uppercased(), value: .signed(Int64($0.rawValue)), doc: eventDoc($0)) }),
            CConstantGroup(key: "upload", title: "Upload events for mc_draft_upload_event.",
                           typedef: "mc_upload_event",
                           constants: MCUploadEvent.allCases.map { CConstant(name: $0.cName, value: .signed(Int64($0.rawValue)), doc: $0.doc) }),
            CConstantGroup(key: "unit", title: "Offset units for mc_convert_offset / mc_draft_convert_offset.",
                           typedef: "mc_unit",
                           constants: TextUnit.allCases.map { CConstant(name: $0.cName, value: .signed(Int64($0.rawValue)), doc: $0.doc) }),
            CConstantGroup(key: "limits", title: "Size limits (docs/limits.md): past them a call is refused with MC_ERR_LIMIT_EXCEEDED and changes nothing.",
                           typedef: nil, constants: [
                CConstant(name: "MC_MAX_TEXT_LENGTH", value: .signed(Int64(Limits.maxTextLength)),
                          doc: "The longest text a draft holds, in Unicode scalars: longer edits, loads and restores are refused."),
                CConstant(name: "MC_MAX_INPUT_BYTES", value: .signed(Int64(Limits.maxInputBytes)),
                          doc: "The largest string argument (text, markdown, JSON, id), in UTF-8 bytes."),
                CConstant(name: "MC_MAX_JSON_DEPTH", value: .signed(Int64(Limits.maxJSONDepth)),
                          doc: "JSON arguments nest arrays and objects at most this deep."),
            ]),
        ]
    }

    private static func eventDoc(_ kind: UIEventKind) -> String {
        switch kind {
        case .text: return "Old [start, end) became text: {\"start\", \"end\", \"text\", \"length\"} (length: the new total)."
        case .selection: return "The selection changed: [anchor, focus]."
        case .formats: return "The active formats changed: as mc_draft_active_formats."
        case .sendState: return "Sendability changed: {\"can_send\", \"reason\"}."
        case .tray: return "The attachment tray changed: as mc_draft_attachments."
        case .mentionQuery: return "The mention query changed or ended: {\"query\", \"start\", \"end\"} or null."
        case .commandQuery: return "The command query changed or ended: {\"query\", \"start\", \"end\"} or null."
        case .typing: return "Typing started or stopped: {\"typing\": bool}."
        case .mode: return "The mode or command changed: the \"mode\" object of the UI state."
        case .banner: return "The info banner changed: a string or null."
        case .error: return "A call on the draft was refused: {\"function\", \"status\", \"message\"}."
        case .cancelUpload: return "The host should stop uploading attachment {\"id\"}."
        case .formatting: return "The formatting of [start, end) changed (new offsets): {\"start\", \"end\"}; read it with mc_draft_spans."
        case .config: return "Options changed (mc_draft_update_config): an object of the changed options and their new values."
        case .thread: return "The thread changed: {\"parent_id\", \"also_send_to_channel\"}."
        }
    }
}

/// The C numbering of formats (fixed; never renumbered).
public enum MCFormat: Int32, CaseIterable, Sendable {
    case bold = 0, italic, underline, strike, code, link, color, codeBlock, quote, bulletList, orderedList

    public var kind: FormatKind {
        switch self {
        case .bold: return .bold
        case .italic: return .italic
        case .underline: return .underline
        case .strike: return .strike
        case .code: return .code
        case .link: return .link
        case .color: return .color
        case .codeBlock: return .codeBlock
        case .quote: return .quote
        case .bulletList: return .bulletList
        case .orderedList: return .orderedList
        }
    }

    public var cName: String { "MC_FORMAT_" + kind.rawValue.uppercased() }

    static func from(_ raw: Int32) throws(CAPIError) -> FormatKind {
        guard let format = MCFormat(rawValue: raw) else { throw .engine(.invalidArgument("unknown format \(raw)")) }
        return format.kind
    }
    public var doc: String {
        switch self {
        case .link: return "Inline link; the value is the URL (http, https, mailto, or a bare host)."
        case .color: return "Inline text colour; the value is #rgb or #rrggbb."
        default: return kind.isBlock ? "Block format over whole lines." : "Inline format."
        }
    }
}

public enum MCFlag: UInt32, CaseIterable, Sendable {
    case protect = 1
    case extend = 2

    public var cName: String {
        switch self {
        case .protect: return "MC_FLAG_PROTECT"
        case .extend: return "MC_FLAG_EXTEND"
        }
    }

    public var doc: String {
        switch self {
        case .protect: return "Format operations: carve mentions, links, inline code and code blocks out of the range."
        case .extend: return "mc_draft_move_caret: extend the selection instead of moving the caret."
        }
    }

    /// Checks that `flags` holds only bits from `allowed`.
    static func check(_ flags: UInt32, allowed: [MCFlag]) throws(CAPIError) {
        let mask = allowed.reduce(UInt32(0)) { $0 | $1.rawValue }
        guard flags & ~mask == 0 else {
            throw .engine(.invalidArgument("unknown flag bits 0x\(String(flags & ~mask, radix: 16))"))
        }
    }
}

extension CaretUnit {
    public var cName: String {
        switch self {
        case .grapheme: return "MC_CARET_GRAPHEME"
        case .word: return "MC_CARET_WORD"
        case .line: return "MC_CARET_LINE"
        case .document: return "MC_CARET_DOCUMENT"
        }
    }

    public var doc: String {
        switch self {
        case .grapheme: return "One grapheme cluster (a mention counts as one)."
        case .word: return "To the previous word start / the next word end."
        case .line: return "To the start / end of the line."
        case .document: return "To the start / end of the text."
        }
    }
}
