// Turns the Swift compiler's header for ComposerCAPI into the clean C11 header
// `include/message_composer.h`: prototypes (with their doc comments) from the compiler header,
// constants from the Swift enums the library uses. Usage: generate-header COMPILER_HEADER
import ComposerCAPI
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

/// Splits a parameter list at top-level commas (function-pointer parameters contain commas).
func splitParameters(_ s: String) -> [String] {
    var parts: [String] = []
    var depth = 0
    var current = ""
    for c in s {
        if c == "(" { depth += 1 }
        if c == ")" { depth -= 1 }
        if c == ",", depth == 0 {
            parts.append(current.trimmed)
            current = ""
        } else {
            current.append(c)
        }
    }
    if !current.trimmed.isEmpty { parts.append(current.trimmed) }
    return parts
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

/// Rewrites one compiler-header type into the clean header's spelling, using the parameter's name
/// for the opaque and typedef'd types the compiler cannot know.
func cleanType(_ type: String, name: String) -> String {
    var t = type.replacing(" _Nullable", "").replacing(" _Nonnull", "").replacing("_Nullable ", "").trimmed
    t = t.replacing("char const *", "const char *")
    t = t.replacing("NSUInteger", "size_t").replacing("NSInteger", "ptrdiff_t").replacing("BOOL", "bool")
    switch name {
    case "draft": if t == "void *" { return "mc_draft *" }
    case "out_draft": if t == "void * *" { return "mc_draft **" }
    case "format": if t == "int32_t" { return "mc_format" }
    case "from_unit", "to_unit": if t == "int32_t" { return "mc_unit" }
    case "unit": if t == "int32_t" { return "mc_caret_unit" }
    case "event": if t == "int32_t" { return "mc_upload_event" }
    default: break
    }
    return t.replacing("* *", "**")
}

func cleanParameter(_ p: String) -> String {
    if p == "void" { return p }
    // The listener is the one function-pointer parameter: it has a typedef.
    if p.contains("(*") {
        let name = p.split(separator: ")")[0].split(separator: " ").last.map(String.init) ?? "listener"
        return "mc_listener " + name
    }
    // "TYPE NAME" where NAME is the last identifier.
    guard let space = p.lastIndex(of: " ") else { return p }
    var name = String(p[p.index(after: space)...])
    let type = String(p[..<space])
    let clean = cleanType(type, name: name)
    if name.hasSuffix("_") { name.removeLast() }
    return clean.hasSuffix("*") ? clean + name : clean + " " + name
}

func cleanDoc(_ line: String) -> String {
    line.replacing("<code>", "").replacing("</code>", "").replacing("’", "'").replacing("“", "\"").replacing("”", "\"")
        .replacing("&lt;", "<").replacing("&gt;", ">").replacing("&amp;", "&")
}

guard CommandLine.arguments.count == 2, let source = readFile(CommandLine.arguments[1]) else {
    fputs("usage: generate-header COMPILER_HEADER\n", stderr)
    exit(2)
}

var prototypes: [(doc: [String], decl: String)] = []
var pendingDoc: [String] = []
for rawLine in source.split(separator: "\n", omittingEmptySubsequences: false) {
    let line = String(rawLine)
    if line.hasPrefix("///") {
        pendingDoc.append(cleanDoc(line))
        continue
    }
    guard line.hasPrefix("SWIFT_EXTERN "), let open = line.firstIndex(of: "("), line.contains(" mc_") else {
        pendingDoc = []
        continue
    }
    let head = String(line[line.index(line.startIndex, offsetBy: 13)..<open])
    guard let nameStart = Substring(head).range(of: "mc_") else { continue }
    let name = String(head[nameStart.lowerBound...])
    var returnType = String(head[..<nameStart.lowerBound]).trimmed
    returnType = cleanType(returnType, name: "")
    if returnType == "int32_t" { returnType = "mc_status" }
    guard let close = Substring(line).range(of: ") SWIFT_NOEXCEPT") else { continue }
    let params = splitParameters(String(line[line.index(after: open)..<close.lowerBound])).map(cleanParameter)
    let sep = returnType.hasSuffix("*") ? "" : " "
    prototypes.append((pendingDoc, "\(returnType)\(sep)\(name)(\(params.joined(separator: ", ")));"))
    pendingDoc = []
}

guard !prototypes.isEmpty else {
    fputs("generate-header: no mc_ prototypes found in \(CommandLine.arguments[1])\n", stderr)
    exit(1)
}

var out = """
/*
 * message_composer.h: the C interface of libmessage_composer.
 *
 * GENERATED by `make header` from the Swift sources (Sources/ComposerCAPI); do not edit.
 * Conventions (see README.md): functions return mc_status (MC_OK = 0, errors negative) and
 * report facts through out-parameters; mc_last_error() explains the calling thread's last failure;
 * strings in are UTF-8; strings out are freed by the caller with mc_string_free(); offsets are
 * int64_t Unicode scalar indices, ranges half-open [start, end).
 */
#ifndef MESSAGE_COMPOSER_H
#define MESSAGE_COMPOSER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** An opaque draft handle, created by mc_draft_new and freed by mc_draft_free. */
typedef struct mc_draft mc_draft;

/** A listener (mc_draft_set_listener): user_data as registered, the event kind (MC_EVENT_*), and
    the event's JSON payload, valid only during the call. */
typedef void (*mc_listener)(void *user_data, int32_t kind, const char *payload_json);


"""
for group in CConstants.groups {
    out += "/* \(group.title) */\n"
    if let typedef = group.typedef { out += typedef + "\n" }
    for c in group.constants {
        let doc = c.doc.isEmpty ? "" : " /**< \(c.doc) */"
        out += "#define \(c.name) \(c.value)\(doc)\n"
    }
    out += "\n"
}
for p in prototypes {
    for d in p.doc { out += d + "\n" }
    out += p.decl + "\n\n"
}
out += """
#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* MESSAGE_COMPOSER_H */

"""
print(out, terminator: "")
