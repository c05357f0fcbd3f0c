// swift-tools-version:6.0
import PackageDescription

// The release build adds `-static-stdlib`, the SONAME and the export list on the command line
// (see the Makefile): putting them in linkerSettings would break `swift test`.
let package = Package(
    name: "MessageComposer",
    products: [
        .library(name: "message_composer", type: .dynamic, targets: ["ComposerCAPI"]),
    ],
    targets: [
        .target(name: "ComposerCore"),
        .target(name: "ComposerCAPI", dependencies: ["ComposerCore"]),
        .executableTarget(name: "generate-header", dependencies: ["ComposerCAPI"], swiftSettings: [.swiftLanguageMode(.v5)]),
        // libFuzzer target over the wire format (tools/fuzz.sh, `make fuzz`); a plain build is a replay
        // tool for its findings: `.build/debug/fuzz-markdown FILE|DIR...`.
        .executableTarget(name: "fuzz-markdown", dependencies: ["ComposerCore"]),
        // libFuzzer target over the whole C API (tools/fuzz.sh api): calls the exported mc_*
        // functions as a C host would; a plain build replays: `.build/debug/fuzz-api [-v] FILE|DIR...`.
        .executableTarget(name: "fuzz-api", dependencies: ["ComposerCAPI"]),
        // Fixtures are read from the source tree by path, not bundled as resources.
        .testTarget(name: "ComposerCoreTests", dependencies: ["ComposerCore"], exclude: ["Fixtures"]),
    ]
)
