// Puts the surface in the order of Sections.swift, and refuses a surface the table does not place
// exactly: what is missing, listed twice or unknown is reported, with what to do about it.
import ComposerCAPI

/// A section with its declarations resolved, in order.
struct LaidOutSection {
    let number: Int
    let section: Section
    let groups: [CConstantGroup]
    let opaque: [OpaqueType]
    let callbacks: [Callback]
    let functions: [Function]
}

/// Where each exported function is defined in the Swift sources (`@_cdecl("NAME")`), for messages.
func cdeclLocations(_ sourcePaths: [String]) -> [String: String] {
    var locations: [String: String] = [:]
    for path in sourcePaths {
        guard let text = readFile(path) else { continue }
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            guard let start = Substring(line).range(of: "@_cdecl(\"") else { continue }
            let rest = line[start.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { continue }
            locations[String(rest[..<end])] = "\(path):\(number)"
        }
    }
    return locations
}

func layOut(_ surface: Surface, locations: [String: String]) -> (sections: [LaidOutSection], problems: [String]) {
    var problems: [String] = []
    let functionsByName = Dictionary(surface.functions.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    let groupsByKey = Dictionary(surface.groups.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
    let opaqueByName = Dictionary(opaqueTypes.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    let callbacksByName = Dictionary(callbacks.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    var placed: [String: String] = [:]  // name -> section title

    func place(_ name: String, _ what: String, in title: String) -> Bool {
        if let earlier = placed[name] {
            problems.append("\(what) \(name) is listed twice in Sources/generate-header/Sections.swift (sections \"\(earlier)\" and \"\(title)\"): keep one")
            return false
        }
        placed[name] = title
        return true
    }

    var laidOut: [LaidOutSection] = []
    for (index, section) in sections.enumerated() {
        var groups: [CConstantGroup] = []
        var opaque: [OpaqueType] = []
        var calls: [Callback] = []
        var functions: [Function] = []
        for key in section.constants where place("group:" + key, "constant group", in: section.title) {
            if let group = groupsByKey[key] {
                groups.append(group)
            } else {
                problems.append("section \"\(section.title)\" lists the constant group \"\(key)\", which CConstants.groups (Sources/ComposerCAPI/CConstants.swift) does not have: remove it from Sources/generate-header/Sections.swift")
            }
        }
        for name in section.types where place(name, "type", in: section.title) {
            if let o = opaqueByName[name] {
                opaque.append(o)
            } else if let c = callbacksByName[name] {
                calls.append(c)
            } else {
                problems.append("section \"\(section.title)\" lists the type \(name), which Sources/generate-header/Surface.swift does not declare: remove it from Sources/generate-header/Sections.swift")
            }
        }
        for name in section.functions where place(name, "function", in: section.title) {
            if let f = functionsByName[name] {
                functions.append(f)
            } else {
                problems.append("section \"\(section.title)\" lists \(name), which the library does not export: remove it from Sources/generate-header/Sections.swift (or export it from Sources/ComposerCAPI/Exports)")
            }
        }
        laidOut.append(LaidOutSection(number: index + 1, section: section, groups: groups, opaque: opaque, callbacks: calls, functions: functions))
    }

    let titles = sections.map { "\"\($0.title)\"" }.joined(separator: ", ")
    let unplacedFunctions = surface.functions.filter { placed[$0.name] == nil }
    if !unplacedFunctions.isEmpty {
        var message = "\(unplacedFunctions.count == 1 ? "this exported function is" : "these exported functions are") in no section of the header:\n"
        for f in unplacedFunctions {
            message += "    \(f.name)  (defined at \(locations[f.name] ?? "Sources/ComposerCAPI/Exports"))\n"
        }
        message += """
          The header, the Python table and the Rust declarations list every function in the order of
          Sources/generate-header/Sections.swift. Add each name above to the `functions:` list of the
          section it belongs to, at the place a reader should meet it:
              functions: [..., "\(unplacedFunctions[0].name)", ...],
          then run `make generated` and commit the three files it writes.
          The sections: \(titles).
        """
        problems.append(message)
    }
    for group in surface.groups where placed["group:" + group.key] == nil {
        problems.append("the constant group \"\(group.key)\" (\(group.title)) is in no section: add \"\(group.key)\" to the `constants:` of a section in Sources/generate-header/Sections.swift")
    }
    for name in opaqueTypes.map(\.name) + callbacks.map(\.name) where placed[name] == nil {
        problems.append("the type \(name) is in no section: add \"\(name)\" to the `types:` of a section in Sources/generate-header/Sections.swift")
    }
    return (laidOut, problems)
}
