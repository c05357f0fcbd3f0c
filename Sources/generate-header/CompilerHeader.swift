// Reads the header the Swift compiler emits for ComposerCAPI (`swiftc -emit-clang-header-path`):
// every `SWIFT_EXTERN ... mc_*(...)` prototype with the `///` doc comment above it. The compiler
// spells types its own way (`char const * _Nullable`, `void * _Nullable * _Nullable`); they are
// rewritten into the header's spelling here, using the parameter's name for the opaque and
// typedef'd types the compiler cannot know.

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

/// One compiler-header type in the header's spelling; `name` is the parameter's name.
func cleanType(_ type: String, name: String) -> String {
    var t = type.replacing(" _Nullable", "").replacing(" _Nonnull", "").replacing("_Nullable ", "").trimmed
    t = t.replacing("char const *", "const char *")
    t = t.replacing("NSUInteger", "size_t").replacing("NSInteger", "ptrdiff_t").replacing("BOOL", "bool")
    t = t.replacing("* *", "**")
    if t == "bool" || t.hasPrefix("bool ") { t = "mc_bool" + t.dropFirst(4) }
    switch name {
    case "draft": if t == "void *" { return "mc_draft *" }
    case "out_draft": if t == "void **" { return "mc_draft **" }
    case "format": if t == "int32_t" { return "mc_format" }
    case "from_unit", "to_unit": if t == "int32_t" { return "mc_unit" }
    case "unit": if t == "int32_t" { return "mc_caret_unit" }
    case "event": if t == "int32_t" { return "mc_upload_event" }
    case "status": if t == "int32_t" { return "mc_status" }
    default: break
    }
    return t
}

/// A function-pointer parameter, `void (* _Nullable listener)(void * _Nullable, int32_t, ...)`:
/// its name, return type and parameter types.
func functionPointer(_ p: String) -> (name: String, returnType: String, params: [String])? {
    guard let star = Substring(p).range(of: "(*") else { return nil }
    let returnType = cleanType(String(p[..<star.lowerBound]), name: "")
    let rest = p[star.upperBound...]
    guard let close = rest.firstIndex(of: ")") else { return nil }
    let name = rest[..<close].split(separator: " ").last.map(String.init) ?? ""
    let after = String(rest[rest.index(after: close)...]).trimmed
    guard after.hasPrefix("("), after.hasSuffix(")") else { return nil }
    let inner = String(after.dropFirst().dropLast())
    return (name, returnType, splitParameters(inner).map { cleanType($0, name: "") })
}

/// The functions of the compiler's header, in its order, or the problems found.
func readCompilerHeader(_ source: String, resolve: (String) -> String) -> (functions: [Function], problems: [String]) {
    var functions: [Function] = []
    var problems: [String] = []
    var pendingDoc: [String] = []
    for rawLine in source.split(separator: "\n", omittingEmptySubsequences: false) {
        let line = String(rawLine)
        if line.hasPrefix("///") {
            pendingDoc.append(docLine(String(line.dropFirst(3))))
            continue
        }
        guard line.hasPrefix("SWIFT_EXTERN "), let open = line.firstIndex(of: "("), line.contains(" mc_") else {
            pendingDoc = []
            continue
        }
        let head = String(line[line.index(line.startIndex, offsetBy: 13)..<open])
        guard let nameStart = Substring(head).range(of: "mc_") else { continue }
        let name = String(head[nameStart.lowerBound...])
        var returnType = cleanType(String(head[..<nameStart.lowerBound]), name: "")
        if returnType == "int32_t" { returnType = "mc_status" }
        guard let close = Substring(line).range(of: ") SWIFT_NOEXCEPT") else {
            problems.append("\(name): cannot read its prototype in the compiler's header: \(line)")
            continue
        }
        var params: [Param] = []
        for p in splitParameters(String(line[line.index(after: open)..<close.lowerBound])) where p != "void" {
            if let fp = functionPointer(p) {
                let shape = fp.params.map(resolve)
                guard let callback = callbacks.first(where: { fp.returnType == $0.returnType && shape == $0.params.map { resolve($0.type) } }) else {
                    problems.append("\(name): parameter \(fp.name) is a function pointer \(fp.returnType) (*)(\(fp.params.joined(separator: ", "))) that matches no callback type in Sources/generate-header/Surface.swift")
                    continue
                }
                params.append(Param(type: callback.name, name: fp.name))
                continue
            }
            guard let space = p.lastIndex(of: " ") else {
                problems.append("\(name): cannot read the parameter \"\(p)\"")
                continue
            }
            var paramName = String(p[p.index(after: space)...])
            let type = cleanType(String(p[..<space]), name: paramName)
            if paramName.hasSuffix("_") { paramName.removeLast() }
            params.append(Param(type: type, name: paramName))
        }
        functions.append(Function(name: name, returnType: returnType, params: params, doc: pendingDoc))
        pendingDoc = []
    }
    return (functions, problems)
}

/// A doc-comment line of the compiler's header as plain text: code spans as backticks, the
/// typographic quotes and entities the compiler writes turned back into ASCII.
func docLine(_ raw: String) -> String {
    var line = raw
    if line.hasPrefix(" ") { line.removeFirst() }
    return line.replacing("<code>", "`").replacing("</code>", "`")
        .replacing("’", "'").replacing("‘", "'").replacing("“", "\"").replacing("”", "\"")
        .replacing("…", "...").replacing("&lt;", "<").replacing("&gt;", ">").replacing("&quot;", "\"").replacing("&amp;", "&")
}
