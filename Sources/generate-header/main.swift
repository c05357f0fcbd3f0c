// One generator, three outputs: from the header the Swift compiler emits for ComposerCAPI (the
// exported functions and their doc comments), the constants of CConstants.groups and the section
// table of Sections.swift, it writes into OUT_DIR
//   message_composer.h   the C header (include/message_composer.h)
//   _generated.py        the Python constants and ctypes table (bindings/python/message_composer/)
//   generated.rs         the Rust raw declarations (bindings/rust/sys/src/)
// The Makefile copies them into place (`make generated`) and `make generated-check` fails when a
// committed copy differs. Usage:
//   generate-header COMPILER_HEADER OUT_DIR [SWIFT_SOURCE...]
// The Swift sources only serve to say where a function the section table misses is defined.
import ComposerCAPI
import Glibc

let arguments = CommandLine.arguments
guard arguments.count >= 3, let source = readFile(arguments[1]) else {
    fputs("usage: generate-header COMPILER_HEADER OUT_DIR [SWIFT_SOURCE...]\n", stderr)
    exit(2)
}
let outDir = arguments[2]

let groups = CConstants.groups
let typedefs = Surface(functions: [], groups: groups)
let (functions, readProblems) = readCompilerHeader(source, resolve: typedefs.resolved)
guard !functions.isEmpty else {
    fputs("generate-header: no mc_ prototypes found in \(arguments[1])\n", stderr)
    exit(1)
}
let surface = Surface(functions: functions, groups: groups)
let (laidOut, layoutProblems) = layOut(surface, locations: cdeclLocations(Array(arguments.dropFirst(3))))

var problems = readProblems + layoutProblems + pythonProblems(surface) + rustProblems(surface)
let spellings = surface.spellings
for f in functions {
    for type in [f.returnType] + f.params.map(\.type) where spellings[type] == nil {
        problems.append("\(f.name) uses the C type \"\(type)\", which has no Python and Rust spelling: add it to builtinSpellings in Sources/generate-header/Surface.swift")
    }
    for line in f.doc where line.contains("/*") || line.contains("*/") {
        problems.append("\(f.name)'s doc comment holds \"/*\" or \"*/\", which would end the header's comment: \(line)")
    }
}
for group in groups {
    for c in group.constants where c.doc.contains("*/") {
        problems.append("\(c.name)'s doc holds \"*/\", which would end the header's comment")
    }
}
if !problems.isEmpty {
    for p in problems { fputs("generate-header: \(p)\n", stderr) }
    exit(1)
}

for (name, text) in [("message_composer.h", emitC(laidOut)),
                     ("_generated.py", emitPython(laidOut, surface: surface)),
                     ("generated.rs", emitRust(laidOut, surface: surface))] {
    guard writeFile("\(outDir)/\(name)", text) else {
        fputs("generate-header: cannot write \(outDir)/\(name)\n", stderr)
        exit(1)
    }
}
