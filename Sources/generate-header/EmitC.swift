// include/message_composer.h: a preamble with the rules, then one section per topic with its
// introduction, constants, types and functions. Only /* */ comments, so that it compiles as C89
// as well as C99, C11 and C++ (`make test-header-compile`).
import ComposerCAPI

/// The width introductions and the preamble are wrapped to, " * " included.
private let width = 100

func cDeclaration(_ f: Function) -> String {
    let params = f.params.isEmpty ? "void" : f.params.map(cParameter).joined(separator: ", ")
    let sep = f.returnType.hasSuffix("*") ? "" : " "
    return "\(f.returnType)\(sep)\(f.name)(\(params));"
}

func cParameter(_ p: Param) -> String {
    p.type.hasSuffix("*") ? p.type + p.name : p.type + " " + p.name
}

/// A doc line for C: code spans lose their backticks (the header's comments are plain text).
private func cText(_ line: String) -> String { line.replacing("`", "") }

/// A comment block of already-wrapped lines.
private func block(_ lines: [String]) -> String {
    guard let first = lines.first else { return "" }
    if lines.count == 1, first.count + 6 <= width { return "/* \(first) */\n" }
    var out = "/* \(first)\n"
    for line in lines.dropFirst() { out += line.isEmpty ? " *\n" : " * \(line)\n" }
    return out + " */\n"
}

/// Paragraphs (separated by blank lines) wrapped to the width, as comment lines.
private func paragraphs(_ text: String, indent: String = "") -> [String] {
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
        if paragraph.trimmed.isEmpty {
            if lines.last != "" { lines.append("") }
            continue
        }
        lines += paragraph.wrapped(width - 3 - indent.count).map { indent + $0 }
    }
    while lines.last == "" { lines.removeLast() }
    return lines
}

private func cValue(_ value: CConstant.Value) -> String {
    switch value {
    case .signed(let v): return v < 0 ? "(\(v))" : "\(v)"
    case .unsigned(let v): return "\(v)u"
    case .string(let s): return "\"\(s)\""
    }
}

private let preamble = """
The library is the headless engine of a chat message composer. A draft (mc_draft) holds the \
message being written: rich text with its caret and selection, formats, links and mentions, an \
undo history, the mode (a new message, an edit, a reply), thread and command, and the attachments \
being uploaded. The library decides when the draft may be sent and turns it into outgoing messages \
in a markdown wire format that it also parses back. It draws nothing: a host reads the UI state as \
JSON and hears about changes through a listener.

"""

private let rules: [(String, String)] = [
    ("Errors", """
    Every function that can fail returns an mc_status: MC_OK (0) or a negative MC_ERR_* code \
    (values never change; mc_status_name gives a code's name). mc_last_error() then explains the \
    calling thread's last failure, prefixed with the function's name. Every argument is validated \
    and a refused call changes nothing (one documented exception: going past the mention limit \
    raises the info banner). No input crashes the host: NULL, freed, double-freed and forged \
    handles are refused with MC_ERR_INVALID_HANDLE.
    """),
    ("Ownership", """
    mc_draft_new gives a handle that mc_draft_free ends (freeing NULL does nothing; a second free \
    is refused harmlessly). A string returned through a char ** out-parameter belongs to the \
    caller, who frees it with mc_string_free (which accepts NULL). The const char * results of \
    mc_version, mc_last_error and mc_status_name belong to the library. A listener's payload is \
    valid only during the call; user_data is never dereferenced by the library. A call that fails \
    leaves its out-parameters as they were, except mc_draft_new, which sets *out_draft to NULL.
    """),
    ("Threads", """
    A draft may be used from any thread. Calls on one draft are serialized by a lock inside that \
    draft; calls on different drafts share no draft lock. A listener runs on the thread that made \
    the call, after the draft's lock is released, so it may call back into the draft, even free \
    it (mc_draft_set_listener says what a replaced listener may still hear). mc_last_error is per \
    thread.
    """),
    ("Offsets", """
    Every offset is an int64_t count of Unicode scalar values (code points, what a Python str \
    indexes), neither bytes nor UTF-16 units; ranges are half-open, [start, end). An offset out of \
    range is refused with MC_ERR_OUT_OF_RANGE, never clamped, except by the selection setters, \
    which clamp as documented. mc_convert_offset and mc_draft_convert_offset convert to and from \
    UTF-16 code units and UTF-8 bytes. Caret moves and deletes step over grapheme clusters and \
    whole mentions.
    """),
    ("Strings and JSON", """
    Strings are UTF-8, NUL-terminated unless a length is passed (the _n functions); invalid UTF-8 \
    is refused with MC_ERR_INVALID_UTF8. Structured values (configuration, documents, UI state, \
    outgoing messages, snapshots, event payloads) are JSON text, laid out as README.md and \
    docs/events.md describe.
    """),
    ("Booleans", """
    mc_bool is bool: C99's and C++'s. In C89 mode, where gcc and clang accept _Bool as an \
    extension, it is that type.
    """),
]

func emitC(_ laidOut: [LaidOutSection]) -> String {
    var head = [
        "message_composer.h: the C interface of libmessage_composer \(LibraryVersion.string) (ABI \(LibraryVersion.abi)).",
        "",
        "GENERATED by `make` from the Swift declarations in Sources/ComposerCAPI: the tool is",
        "Sources/generate-header, and the sections and their order are",
        "Sources/generate-header/Sections.swift. Do not edit: change those and run `make generated`.",
        "",
    ]
    head += paragraphs(preamble)
    head += ["", "Contents"]
    for s in laidOut {
        head.append("  \(s.number < 10 ? " " : "")\(s.number). \(s.section.title)")
    }
    for (title, text) in rules {
        head += ["", title]
        head += paragraphs(text, indent: "  ")
    }
    var out = "/*\n" + head.map { $0.isEmpty ? " *\n" : " * \($0)\n" }.joined() + " */\n"
    out += """
    #ifndef MESSAGE_COMPOSER_H
    #define MESSAGE_COMPOSER_H

    #include <stddef.h>
    #include <stdint.h>

    #if defined(__cplusplus)
    typedef bool mc_bool;
    #elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 199901L
    #include <stdbool.h>
    typedef bool mc_bool;
    #else
    __extension__ typedef _Bool mc_bool; /* C89: _Bool as a gcc / clang extension */
    #endif

    #ifdef __cplusplus
    extern "C" {
    #endif

    """
    let rule = String(repeating: "=", count: width - 3)
    for s in laidOut {
        out += "\n/*\n * \(rule)\n * \(s.number). \(s.section.title)\n * \(rule)\n *\n"
        out += paragraphs(s.section.introduction).map { $0.isEmpty ? " *\n" : " * \($0)\n" }.joined()
        out += " */\n\n"
        for group in s.groups {
            out += "/* \(group.title) */\n"
            if let typedef = group.typedef { out += "typedef int32_t \(typedef);\n" }
            for c in group.constants {
                let doc = c.doc.isEmpty ? "" : " /**< \(c.doc) */"
                out += "#define \(c.name) \(cValue(c.value))\(doc)\n"
            }
            out += "\n"
        }
        for o in s.opaque {
            out += block(o.doc.wrapped(width - 3))
            out += "typedef struct \(o.name) \(o.name);\n\n"
        }
        for c in s.callbacks {
            out += block(c.doc.wrapped(width - 3))
            let params = c.params.map(cParameter).joined(separator: ", ")
            out += "typedef \(c.returnType) (*\(c.name))(\(params));\n\n"
        }
        for f in s.functions {
            out += block(f.doc.map(cText))
            out += cDeclaration(f) + "\n\n"
        }
    }
    out += """
    #ifdef __cplusplus
    } /* extern "C" */
    #endif

    #endif /* MESSAGE_COMPOSER_H */

    """
    return out
}
